"""What if we had chosen otherwise? Two futures of one game: as it was played, and with another option taken at
one step, both played on by the same agents from the same streams.

A fork shares every state up to its step (``History.fork``). At the step, the seat's agent generator moves
exactly as it moved when that decision was first taken (so both futures' agents draw from the same place
afterwards); then the other option is applied, and the agents play on. The dice, decks and maps come from the
game's named streams (``rng.Streams``), which no choice reseeds: a different choice changes only how many draws
each stream gives and to whom, never what the stream holds.

>>> from toolkit import History, new_game, play
>>> h = History(new_game("disneyland", players=2, seed=3))
>>> _ = play(None, "heuristic", history=h)
>>> a, b = what_if(h, 5, h.game.choices[5])          # the same option: the same game
>>> [a[k].fingerprint() for k in range(len(a))] == [b[k].fingerprint() for k in range(len(b))]
True
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .agents import Agent, PersonAgent
from .decisions import Option
from .history import History
from .loop import play_on
from .play import play
from .registry import game_class
from .seating import make_agents
from .rng import copy_generator

STAND_IN = "heuristic"      # the agent kind that plays a seat the class played, in the future it did not play


@dataclass(frozen=True)
class Flip:
    """A choice that changes the winner: at ``step`` of the game of ``seed``, ``player`` took ``played``; had
    they taken ``option``, ``winners[1]`` would have won, not ``winners[0]`` (None: nobody)."""
    seed: int
    step: int
    player: int
    played: object
    option: object
    winners: tuple
    scores: tuple          # (end scores as played, end scores with the other option)


def what_if(history: History, step: int, option, agents="heuristic") -> tuple[History, History]:
    """The game as played and the game with ``option`` chosen at ``step`` (the answer to the decision pending in
    ``history[step]``), each played to its end by ``agents`` (a kind name, or one kind or agent per seat; a
    person's seat, such as the class's, is played by ``STAND_IN`` from the step on). The history given is left as
    it was: both futures are new histories.

    Futures made with the same option are the same game, step for step.
    """
    n = len(history)
    if not 0 <= step < n - 1:
        raise ValueError(f"no decision was taken at step {step}: this history has decisions at steps 0 to {n - 2}")
    value = option.value if isinstance(option, Option) else option
    played = history.fork(n - 1)
    if not played.game.is_over():
        play(None, _agents(history.game, agents), history=played)
    other = history.fork(step)
    _take_as_drawn(history, other, step, value)
    play(None, _agents(history.game, agents), history=other)
    return played, other


def _agents(game, agents) -> list:
    """One agent per seat, made afresh from kind names (an agent that keeps a memory starts each future clean);
    a person is replaced by ``STAND_IN``: nobody is there to answer in a future that did not happen."""
    kinds = [agents] * game.players if isinstance(agents, (str, Agent)) else list(agents)
    kinds = [STAND_IN if isinstance(k, PersonAgent) or k == "person" else k for k in kinds]
    return make_agents(type(game), game.players, kinds)


class _AsDrawn(Agent):
    """Answers ``value``, after moving the seat's generator as the first answer to this decision moved it."""

    def __init__(self, value, words: int, kept):
        self.value, self.words, self.kept = value, words, kept

    def choose(self, game, decision, rng):
        if self.kept is not None and type(rng) is random.Random and type(self.kept) is random.Random:
            rng.setstate(self.kept.getstate())
        elif self.words:
            rng.getrandbits(32 * self.words)
        return self.value


def _take_as_drawn(history: History, branch: History, step: int, value) -> None:
    """Apply ``value`` at ``step`` of ``branch`` (a fork of ``history`` at ``step``), the seat's agent generator
    moved as it was moved in ``history`` (which keeps how far each answer moved it)."""
    seat, words, kept = history._seats[step + 1], history._words[step + 1], history._kept.get(step + 1)
    if seat:
        branch.push_agent(_AsDrawn(value, words, kept))
    else:                                       # answered by a person (``push``): no generator moved
        branch.push(value)


def branch_step(a: History, b: History) -> int | None:
    """The step at which the two futures took different answers (None: the same answers throughout)."""
    ca, cb = a.game.choices, b.game.choices
    for i, (x, y) in enumerate(zip(ca, cb)):
        if x != y:
            return i
    return None if len(ca) == len(cb) else min(len(ca), len(cb))


def first_difference(a: History, b: History) -> int | None:
    """The first step whose states differ between the two futures (their fingerprints), or None."""
    start = branch_step(a, b)
    if start is None:
        return None
    for k in range(start + 1, min(len(a), len(b))):
        if a[k].fingerprint() != b[k].fingerprint():
            return k
    return min(len(a), len(b)) if len(a) != len(b) else None


def scores_by_step(history: History) -> list[tuple[int, ...]]:
    """Each seat's score (the game's ``scores()``: points, ingredients or cash) after each step."""
    return [tuple(history[k].scores()) for k in range(len(history))]


@dataclass(frozen=True)
class Comparison:
    """What tells two futures apart: where they branched, the first step whose states differ and the events
    there in each future, and how each ended."""
    branch: int | None
    decision: str                     # the decision at the branch, its two answers by label
    player: int | None                # who decided there
    labels: tuple                     # (the answer as played, the other), by label
    first: int | None
    events: tuple                     # (events of step ``first`` in a, in b), as the class view sees them
    said: tuple                       # (what happened at step ``first`` in a, in b), a line each
    ends: tuple                       # (end scores of a, of b)
    winners: tuple                    # (winner of a, of b); None: nobody (yet)
    steps: tuple                      # (len(a) - 1, len(b) - 1)


def compare(a: History, b: History) -> Comparison:
    """The ``Comparison`` of two futures of one game (``what_if``'s pair)."""
    k = branch_step(a, b)
    decision, player, labels = "", None, ("", "")
    if k is not None and k < min(len(a), len(b)) - 1:
        d = a[k].pending()
        player, labels = d.player, tuple(d.option(h.game.choices[k]).label for h in (a, b))
        decision = f"Player {d.player}: {d.prompt}: {labels[0]} / {labels[1]}"
    first = first_difference(a, b)
    events: tuple[tuple, ...] = ((), ())
    said: tuple[str, ...] = ("", "")
    if first is not None:
        events = tuple(tuple(h.events_at(first)) if first < len(h) else () for h in (a, b))
        said = tuple(_said(h, first, e) for h, e in zip((a, b), events))
    return Comparison(k, decision, player, labels, first, events, said, (tuple(a.game.scores()), tuple(b.game.scores())),
                      (a.game.winner(), b.game.winner()), (len(a) - 1, len(b) - 1))


def _said(h: History, k: int, events) -> str:
    """Step ``k`` of ``h`` in a line: its first event with its clauses, or (no event) the answer given."""
    if k >= len(h):
        return "(the game was over)"
    if events:
        e = events[0]
        more = f" (+{len(events) - 1} more)" if len(events) > 1 else ""
        return f"{e.text} [{', '.join(e.clauses)}]{more}"
    d = h[k - 1].pending()
    return f"Player {d.player}: {d.prompt}: {d.option(h.game.choices[k - 1]).label} [{', '.join(d.clauses)}]"


def find_flips(game: str, seeds, players: int = 4, agents="heuristic", options: dict | None = None,
               chooser: bool = True, per_game: int = 1, steps=None, from_end: bool = False):
    """Search seeded games for choices that change the winner: for each seed, the game played by ``agents``,
    then at each step (``steps``: which ones, default all) each other option played out by the same agents
    from the same streams. Yields a ``Flip`` for each found, at most ``per_game`` a game. ``chooser``: only
    flips in which the player who chose wins in one of the two futures ("had Player 2 chosen the other, Player 2
    would have won"). ``from_end``: look at the last steps first, so the flip found is the latest choice that
    still decided the winner (the later the choice, the less of the game is left to go otherwise after it).

    The playouts run the game's fast loop on copies (no history kept): the same games as ``what_if`` plays.
    """
    cls = game_class(game)
    for seed in seeds:
        h = History(cls(players=players, seed=seed, options=options))
        play(None, _agents(h.game, agents), history=h)
        won, found = h.game.winner(), 0
        order = range(len(h) - 1) if steps is None else steps
        for k in (reversed(order) if from_end else order):
            if not 0 <= k < len(h) - 1:        # a step this game did not reach
                continue
            state = h[k]
            d = state.pending()
            if len(d.values) < 2:
                continue
            played = h.game.choices[k]
            for value in d.values:
                if value == played:
                    continue
                g = _played_out(h, state, k, value, agents)
                other = g.winner()
                if other == won or (chooser and d.player not in (won, other)):
                    continue
                yield Flip(seed, k, d.player, played, value, (won, other),
                           (tuple(h.game.scores()), tuple(g.scores())))
                found += 1
                break
            if found >= per_game:
                break


def _played_out(history: History, state, k: int, value, agents):
    """``state`` (step ``k`` of ``history``) with ``value`` taken as ``what_if`` takes it, played to the end."""
    g = state.clone()         # with its log: an agent may read the events (what it has seen)
    seat, words, kept = history._seats[k + 1], history._words[k + 1], history._kept.get(k + 1)
    if seat:
        rng = g.streams[f"agent-{seat}"]
        if kept is not None:
            g.streams[f"agent-{seat}"] = copy_generator(kept)
        elif words:
            rng.getrandbits(32 * words)
    g.apply(value)
    play_on(g, _agents(g, agents))
    return g


__all__ = ["Comparison", "Flip", "STAND_IN", "branch_step", "compare", "find_flips", "first_difference",
           "scores_by_step", "what_if"]
