"""Game-agnostic core: seeded randomness, events, errors, decisions, the game interface,
history, records, agents, the play loop, the registry and Monte Carlo simulation.

Nothing here knows a game, and nothing here imports matplotlib, ipywidgets or IPython.
"""
from .errors import (
    DataFileError, GameOver, IllegalChoice, IncompleteRecord, OptionError, RecordError,
    ReplayDivergence, RuleError, ToolkitError,
)
from .events import Event
from .decisions import Decision, Option
from .rng import Streams, derive_seed
from .settings import Setting
from .game import Game
from .history import History
from .agents import Agent, PersonAgent, RandomAgent, WaitingForPerson
from .play import play
from .loop import agent_answer, agent_step
from .search import SearchAgent
from .records import load_record, make_record, replay, save_record
from .exports import events_frame, player_record, save_player_record
from .registry import game_class, game_names, new_game
from .seating import make_agents
from .rows import GameFailed, RowMismatch, replay_row
from .simulate import Stopped, simulate

__all__ = [
    "Agent", "DataFileError", "agent_answer", "agent_step", "Decision", "Event", "Game", "GameFailed", "GameOver", "History", "IllegalChoice",
    "IncompleteRecord", "Option", "OptionError", "PersonAgent", "RandomAgent", "RecordError",
    "ReplayDivergence", "RowMismatch", "RuleError", "SearchAgent", "Setting", "Stopped", "Streams", "ToolkitError",
    "WaitingForPerson", "derive_seed", "events_frame", "game_class", "game_names", "load_record", "make_agents",
    "make_record", "new_game", "play", "player_record", "replay", "replay_row", "save_player_record", "save_record",
    "simulate",
]
