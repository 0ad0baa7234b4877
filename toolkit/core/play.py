"""The one play loop: ask the pending decision, let its player's agent answer, apply, repeat.

It serves the widgets, the CLI, the tests and the Monte Carlo runs alike.
"""
from __future__ import annotations

from .agents import WaitingForPerson


def play(game, agents, *, max_steps: int | None = None, history=None):
    """Play until the game ends, a person must answer, or ``max_steps`` decisions were made.

    Returns the pending decision (None if the game is over). With ``history`` the states are kept.
    """
    if history is None and max_steps is None:
        # the fast path for simulations: each seat's generator looked up once
        rngs = [game.streams[f"agent-{seat}"] for seat in range(1, game.players + 1)]
        decision = game.pending()
        while decision is not None:
            p = decision.player - 1
            try:
                value = agents[p].choose(game, decision, rngs[p])
            except WaitingForPerson:
                return decision
            game.apply(value)
            decision = game.pending()
        return None
    steps = 0
    while True:
        g = game if history is None else history.game
        decision = g.pending()
        if decision is None or (max_steps is not None and steps >= max_steps):
            return decision
        try:
            if history is None:
                game.apply(agents[decision.player - 1].choose(g, decision, g.streams[f"agent-{decision.player}"]))
            else:
                history.push_agent(agents[decision.player - 1])
        except WaitingForPerson:
            return decision
        steps += 1

