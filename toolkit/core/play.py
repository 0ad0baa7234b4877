"""The one play loop: ask the pending decision, let its player's agent answer, apply, repeat.

It serves the widgets, the CLI, the tests and the Monte Carlo runs alike.
"""
from __future__ import annotations

from .agents import WaitingForPerson
from .registry import check_seat_count, make_agents


def play(game, agents, *, max_steps: int | None = None, history=None):
    """Play until the game ends, a person must answer, or ``max_steps`` decisions were made.

    ``agents``: one per seat (``make_agents``), or a kind name for every seat (``"heuristic"``).
    Returns the pending decision (None if the game is over). With ``history`` the states are kept.
    """
    agents = _seated(game if history is None else history.game, agents)
    if history is None and max_steps is None:
        return _play_through(game, agents)
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


def _seated(game, agents) -> list:
    """One agent per seat: a kind name is made into agents of that kind; a wrong count says what is needed."""
    if isinstance(agents, str):
        return make_agents(type(game), game.players, agents)
    if agents is None or not hasattr(agents, "__len__"):
        raise TypeError(f"play needs one agent per seat: make_agents({game.name!r}, {game.players}, 'heuristic') "
                        f"or a kind name such as 'heuristic', not {agents!r}")
    check_seat_count(agents, game.players)
    return agents


def _play_through(game, agents):
    """The fast path for simulations. A trusted agent (``Agent.trusted``) takes its answers from the legal list,
    so they are applied without a second check, and a decision with one option is answered for it; any other
    agent (a person, an agent written in a notebook) is asked every time and its answers are checked."""
    if not all(getattr(a, "trusted", False) for a in agents):
        return _play_checked(game, agents)
    # every seat trusted (simulations): the loop is the whole cost of the core, so it keeps to locals
    choose = [a.choose for a in agents]
    rngs = [None] * game.players            # each seat's generator, looked up once when first needed
    record, steps = game.choices.append, game.rule_steps()      # Game.apply_trusted, inlined
    pending = game.pending
    decision = pending()
    while decision is not None:
        value = decision.only                   # a single option is answered for the agent
        if value is None:
            p = decision.player - 1
            value = choose[p](game, decision, rngs[p] or _rng(game, rngs, p))
        record(value)
        decision = steps[decision.kind](game, decision, value) or pending()     # a step may say what comes next
    return None


def _play_checked(game, agents):
    """``_play_through`` with some seats not trusted: those are asked every time and their answers checked."""
    trusted = [getattr(a, "trusted", False) for a in agents]
    rngs = [None] * game.players
    record, apply_answer = game.choices.append, game._apply
    pending = game.pending
    decision = pending()
    while decision is not None:
        p = decision.player - 1
        if trusted[p]:
            values = decision.values
            value = values[0] if len(values) == 1 else agents[p].choose(game, decision, rngs[p] or _rng(game, rngs, p))
            record(value)
            apply_answer(decision, value)
        else:
            try:
                value = agents[p].choose(game, decision, rngs[p] or _rng(game, rngs, p))
            except WaitingForPerson:
                return decision
            game.apply(value)
        decision = pending()
    return None


def _rng(game, rngs, p):
    rng = rngs[p] = game.streams[f"agent-{p + 1}"]
    return rng
