"""The registry of games and of each game's own agents, by name. Classes are imported on first use, so
the registry imports no game and no agent (``seating.py`` puts agents in seats)."""
from __future__ import annotations

import difflib
import importlib
from functools import partial

from .errors import OptionError, UnknownGame

# name -> "module:Class"; a game is listed once its engine exists.
GAMES: dict[str, str] = {
    "disneyland": "toolkit.games.disneyland.rules:DisneylandGame",
    "mcdonalds": "toolkit.games.mcdonalds.rules:McDonaldsGame",
    "hamburgerspelet": "toolkit.games.hamburgerspelet.rules:HamburgerGame",
    "fcm": "toolkit.games.fcm.game.rules:FcmGame",
}

# game name -> agent kind -> "module:Class" (or "module:Class:argument", the class called with that argument;
# or a class itself, for an agent made at run time);
# the one place that names a game's own agents. Every game also has 'random', 'uniform', 'person' and
# 'search' (seating.agent_kinds).
AGENTS: dict[str, dict] = {
    "disneyland": {"heuristic": "toolkit.games.disneyland.agents:DisneylandHeuristic"},
    "mcdonalds": {
        # 'heuristic' keeps its rack full and varied, 'forgetful' forgets its extras half of the time (MCD-7.5),
        # 'planner' weighs the points its options lead to, 'search' compares the planner's pick with a few
        # others in believed worlds (both MCD-I21)
        "heuristic": "toolkit.games.mcdonalds.agents:McDonaldsHeuristic",
        "forgetful": "toolkit.games.mcdonalds.agents:ForgetfulHeuristic",
        "planner": "toolkit.games.mcdonalds.agents:PlannerAgent",
        "search": "toolkit.games.mcdonalds.search:McdSearchAgent",
    },
    "hamburgerspelet": {
        # the heuristic remembers every tile it saw; 'keen' plays it with sharper odds (HB-I17), 'planner' plans
        # each roll in order on top of that (HB-I18), 'search' checks the planner's moves in short playouts
        # valued by a fitted win chance (HB-I20)
        "heuristic": "toolkit.games.hamburgerspelet.agents:PerfectMemory",
        "perfect-memory": "toolkit.games.hamburgerspelet.agents:PerfectMemory",
        "no-memory": "toolkit.games.hamburgerspelet.agents:NoMemory",
        "fading-memory": "toolkit.games.hamburgerspelet.agents:FadingMemory",
        "keen": "toolkit.games.hamburgerspelet.keen:KeenAgent",
        "planner": "toolkit.games.hamburgerspelet.planner:PlannerAgent",
        "search": "toolkit.games.hamburgerspelet.search:ValueSearchAgent",
    },
    "fcm": {
        # 'heuristic' is the strategic agent with the style dealt to its seat, one kind per named style (the
        # styles of fcm/game/styles.py), 'simple' the first heuristic (FCM-I71), 'random' sensible random play
        # (FCM-I76; uniform choices almost never sell, FCM-I70), 'search' the search agent with the strategic
        # agent as its yardstick (FCM-I77)
        "heuristic": "toolkit.games.fcm.game.strategic:StrategicAgent",
        "simple": "toolkit.games.fcm.game.agents:HeuristicAgent",
        "random": "toolkit.games.fcm.game.sensible:SensibleRandomAgent",
        "search": "toolkit.games.fcm.game.search:FcmSearchAgent",
        **{style: f"toolkit.games.fcm.game.strategic:StrategicAgent:{style}" for style in (
            "burgers-billboards", "pizza-radio", "price-war", "many-restaurants", "gardens-luxury")},
    },
    # FCM's practice game of companies alone (fcm/company/practice.py), not a game of the table above
    "fcm-companies": {"builder": "toolkit.games.fcm.company.practice:BuilderAgent"},
}


def game_agents(name: str) -> dict:
    """The game's own agent kinds: kind -> a callable that makes one agent."""
    out = {}
    for kind, target in AGENTS.get(name, {}).items():
        if callable(target):
            out[kind] = target
            continue
        module, cls, *argument = target.split(":")
        made = getattr(importlib.import_module(module), cls)
        out[kind] = partial(made, *argument) if argument else made
    return out


def game_agent(name: str, kind: str):
    """The game's own agent kind ``kind`` (a callable that makes one), or None if the game has none."""
    return game_agents(name).get(kind)


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


def new_game(name: str, players: int = 4, seed: int = 0, options: dict | None = None, *, log: bool = True, **kw):
    """A new game of ``name``: ``players`` seats, its streams seeded by ``seed``, ``options`` a dict of the
    game's options (``game_class(name).settings``), ``log``: tell each event in words (off for fast runs)."""
    cls = game_class(name)
    if kw:      # an option given as a keyword: say where it goes rather than Python's "unexpected keyword"
        known = ", ".join(s.name for s in cls.settings) or "none"
        raise OptionError(f"new_game takes players, seed, options and log, not {', '.join(map(repr, kw))}; a "
                          f"game's options go in options={{...}} ({cls.title}'s options: {known})")
    return cls(players=players, seed=seed, options=options, log=log)
