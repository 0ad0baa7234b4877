"""The play loop: ask the pending decision, let its player's agent answer, apply, repeat.

One loop for the widgets, the CLI, the tests and the Monte Carlo runs alike, in two versions: unchecked for a
table of trusted agents, checked for any other (``play_on``).
"""
from __future__ import annotations

from functools import partial
from itertools import islice, repeat, takewhile
from operator import gt

from .agents import WaitingForPerson, check_seat_count


def play_on(game, agents, rngs=None, limit=None, *, until_turn=None):
    """Play ``game`` on until it ends, a person must answer, ``limit`` decisions were made or (``until_turn``)
    ``game.turn``, the count of turns ended, has reached ``until_turn``: at that turn's end. Return the pending
    decision (None at the end) and the number of decisions made. ``play``, the search's playouts and the
    playouts to a turn's end (Hamburgerspelet's value search) all play through it.

    A trusted agent (``Agent.trusted``) takes its answers from the legal list, so they are applied without a
    second check, and a decision with one option is answered for it: when every seat is trusted (simulations,
    playouts) the game is played by ``_trusted_loop``. Otherwise (a person, an agent written in a notebook) by
    ``_checked_loop``, where every answer is checked (``Game.apply``) and an untrusted agent is asked every time.
    ``rngs``: each seat's generator (None: the seat's stream ``agent-<seat>``, looked up when first needed)."""
    # the loops are the whole cost of the core in a simulation or a playout, so they keep to locals; by seat
    choose, trusted = [None], [None]      # (one plain loop: cheaper than two comprehensions, for short playouts)
    for agent in agents:
        choose.append(agent.choose)
        trusted.append(getattr(agent, "trusted", False))
    if len(choose) != game.players + 1:    # before any decision, single ones included, is answered
        check_seat_count(agents, game.players)
    rngs = [None] * (game.players + 1) if rngs is None else [None, *rngs]
    pending = game.pending
    start = len(game.choices)            # every answer lands there once: the count of decisions made
    decision = pending()
    # the stops are in what the loop steps through, so the loop itself asks nothing more: ``repeat`` when none
    # is asked; for ``until_turn``, ``game.turn`` read (in C) before each decision while it is below that turn
    # (so a decision that ended two turns at once would not step over it); ``gt`` rather than ``until_turn.__gt__``,
    # whose NotImplemented for a turn it cannot compare would count as true: no stop, and no error
    if until_turn is None:
        ticks = repeat(None) if limit is None else repeat(None, limit)
    else:
        ticks = takewhile(partial(gt, until_turn), map(getattr, repeat(game), repeat("turn")))
        ticks = ticks if limit is None else islice(ticks, limit)
    if all(trusted[1:]):
        decision = _trusted_loop(game, decision, ticks, choose, rngs, pending)
    else:
        decision = _checked_loop(game, decision, ticks, choose, trusted, rngs, pending)
    return decision, len(game.choices) - start


def _trusted_loop(game, decision, ticks, choose, rngs, pending):
    """Every seat trusted: single options answered for the agents, answers recorded and applied by their rule
    step without a second check. Returns the decision pending when the ticks run out or the game ends."""
    record, steps = game.choices.append, game.rule_steps()
    for _ in ticks:
        if decision is None:
            break
        value = decision.only                       # a single option is answered for the agent
        if value is None:                           # several (an option's value is never None: Game.check)
            seat = decision.player
            value = choose[seat](game, decision, rngs[seat] or _rng(game, rngs, seat))
        record(value)
        decision = steps[decision.kind](game, decision, value)      # a step may say what comes next
        if decision is None:                        # (a test of identity: ``or`` asks the object for its truth)
            decision = pending()
    return decision


def _checked_loop(game, decision, ticks, choose, trusted, rngs, pending):
    """Some seat not trusted: every answer is checked and applied by ``Game.apply`` (a refused one raises); an
    untrusted agent is asked every time, a trusted one only where it has a choice. The same games as
    ``_trusted_loop`` (``tests/test_same_games.py``)."""
    for _ in ticks:
        if decision is None:
            break
        seat = decision.player
        value = decision.only if trusted[seat] else None
        if value is None:
            try:
                value = choose[seat](game, decision, rngs[seat] or _rng(game, rngs, seat))
            except WaitingForPerson:
                break
        game.apply(value)
        decision = pending()
    return decision


def agent_answer(game, agents, decision=None):
    """What the agent of the pending decision's player answers, drawing from that seat's own stream
    ``agent-<seat>`` (``decision``: the pending one, when the caller holds it already). Nothing is applied."""
    decision = game.pending() if decision is None else decision
    seat = decision.player
    return agents[seat - 1].choose(game, decision, game.streams[f"agent-{seat}"])


def agent_step(game, agents, decision=None):
    """One step of play: the pending decision's agent answers (``agent_answer``) and ``Game.apply`` checks and
    applies the answer (a refused one raises and leaves the game as it was). Returns the answer."""
    value = agent_answer(game, agents, decision)
    game.apply(value)
    return value


def _rng(game, rngs, seat):
    rng = rngs[seat] = game.streams[f"agent-{seat}"]
    return rng
