"""Play a game to its end with agents (or kinds of agent) in its seats: ``play``, over the one play loop
(``loop.play_on``)."""
from __future__ import annotations

from .agents import WaitingForPerson
from .loop import play_on
from .seating import check_seat_count, make_agents


def play(game, agents, *, max_steps: int | None = None, history=None):
    """Play until the game ends, a person must answer, or ``max_steps`` decisions were made.

    ``agents``: one per seat (``make_agents``), or a kind name for every seat (``"heuristic"``).
    Returns the pending decision (None if the game is over). With ``history`` the states are kept.
    """
    agents = _seated(game if history is None else history.game, agents)
    if history is None:
        return play_on(game, agents, limit=max_steps)[0]
    steps = 0                           # with a history: each state kept, each answer checked (History.push_agent)
    while True:
        decision = history.game.pending()
        if decision is None or (max_steps is not None and steps >= max_steps):
            return decision
        try:
            history.push_agent(agents[decision.player - 1])
        except WaitingForPerson:
            return decision
        steps += 1


def _seated(game, agents) -> list:
    """One agent per seat: a kind name is made into agents of that kind; a wrong count says what is needed."""
    if isinstance(agents, str):
        return make_agents(type(game), game.players, agents)
    if agents is None or not hasattr(agents, "__len__"):
        raise TypeError(f"play needs one agent per seat: make_agents({game.name!r}, {game.players}, 'heuristic') "
                        f"or a kind name such as 'heuristic', not {agents!r}")
    check_seat_count(agents, game.players)
    return agents
