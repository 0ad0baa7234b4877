"""Jupyter teaching and visualisation toolkit for four board games.

>>> from toolkit import new_game
>>> g = new_game("disneyland", players=3, seed=5)
>>> g.pending().player in (1, 2, 3)
True
"""
import sys as _sys

if _sys.argv[:1] == ["-m"]:      # python -m ..., still importing: if it is the toolkit, a stop now gives one line
    from . import _startup
    if _startup.running_as_main():
        _startup.stop_while_starting()

from .core import (  # noqa: E402
    History, PersonAgent, RandomAgent, events_frame, game_names, load_record, make_record, new_game, play,
    player_record, replay, replay_row, save_record, simulate,
)
from .core.version import VERSION as __version__  # noqa: E402
from .experiments import compare, sweep  # noqa: E402

__all__ = ["History", "PersonAgent", "RandomAgent", "compare", "events_frame", "game_names", "load_record",
           "make_record", "new_game", "play", "player_record", "replay", "replay_row", "save_record", "simulate",
           "sweep", "__version__"]
