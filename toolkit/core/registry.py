"""The registry of games by name. Classes are imported on first use."""
from __future__ import annotations

import difflib
import importlib

from .errors import UnknownGame

# name -> "module:Class"; a game is listed once its engine exists.
GAMES: dict[str, str] = {
    "disneyland": "toolkit.games.disneyland.rules:DisneylandGame",
    "mcdonalds": "toolkit.games.mcdonalds.rules:McDonaldsGame",
    "hamburgerspelet": "toolkit.games.hamburgerspelet.rules:HamburgerGame",
    "fcm": "toolkit.games.fcm.game.rules:FcmGame",
}


def game_names() -> list[str]:
    return sorted(GAMES)


def game_class(name: str):
    """The game class registered as ``name``."""
    try:
        target = GAMES[name]
    except KeyError:
        close = difflib.get_close_matches(str(name), game_names(), n=1, cutoff=0.5)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise UnknownGame(f"unknown game {name!r}; {hint}known games: {', '.join(game_names())}") from None
    module, cls = target.split(":")
    return getattr(importlib.import_module(module), cls)


def new_game(name: str, players: int = 4, seed: int = 0, options: dict | None = None, **kw):
    return game_class(name)(players=players, seed=seed, options=options, **kw)


def make_agents(name, players: int, agents="random"):
    """Agents for ``players`` seats: a kind name for all seats, or a list of names/agents per seat.

    ``name`` is a registered game name or a game class.
    """
    from .agents import Agent
    cls = name if isinstance(name, type) else game_class(name)
    name = cls.name
    kinds = agent_kinds(cls)
    if isinstance(agents, (str, Agent)):
        agents = [agents] * players
    check_seat_count(agents, players)
    out = []
    for a in agents:
        if isinstance(a, Agent):
            out.append(a)
        elif a in kinds:
            out.append(kinds[a]())
        else:
            raise ValueError(f"unknown agent {a!r} for {name}; known: {', '.join(sorted(kinds))}")
    return out


def check_seat_count(per_seat, players: int) -> None:
    """One agent per seat, or the message says both ways to give them."""
    if len(per_seat) != players:
        raise ValueError(f"{len(per_seat)} agents for {players} players: give one kind for every seat "
                         f"(agents='heuristic') or a list of {players}, one per seat")


def agent_kinds(cls) -> dict:
    """Every game has 'random' (uniform unless the game gives a sensible random agent of its own, as FCM
    does, so that ``simulate``'s default agents play complete games), 'uniform' (always uniform among the
    legal options) and 'person'; a game adds its own kinds through ``agents()``."""
    from functools import partial

    from .agents import PersonAgent, RandomAgent
    from .search import SearchAgent
    kinds = {"random": RandomAgent, "uniform": RandomAgent, "person": PersonAgent}
    kinds.update(getattr(cls, "agents", lambda: {})())
    # every game has the search agent, with the game's own budget (about 200 ms a decision, benchmarks/)
    kinds.setdefault("search", partial(SearchAgent, **getattr(cls, "search_options", {})))
    return kinds
