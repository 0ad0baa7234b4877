"""Agents in seats: every game's agent kinds (the core's and the game's own, from the registry) and one
agent per seat."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial

from .agents import Agent, PersonAgent, RandomAgent, check_seat_count
from .registry import game_agents, game_class
from .search import SearchAgent


def make_agents(name, players: int, agents="random"):
    """Agents for ``players`` seats: a kind name for all seats, or a list of names/agents per seat.

    ``name`` is a registered game name or a game class.
    """
    cls = name if isinstance(name, type) else game_class(name)
    name = getattr(cls, "name")
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


def agent_kinds(cls) -> dict:
    """Every game has 'random' (uniform unless the game gives a sensible random agent of its own, as FCM
    does, so that ``simulate``'s default agents play complete games), 'uniform' (always uniform among the
    legal options) and 'person'; a game's own kinds are named in the registry (``registry.AGENTS``)."""
    kinds: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "uniform": RandomAgent, "person": PersonAgent}
    kinds.update(game_agents(cls.name))
    # every game has the search agent, with the game's own budget (about 200 ms a decision, benchmarks/)
    kinds.setdefault("search", partial(SearchAgent, **getattr(cls, "search_options", {})))
    return kinds
