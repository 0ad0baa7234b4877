"""A history of states for stepping forward and back, and forking from any step.

It is kept light, so that the longest game fits in a classroom kernel: the events, choices and score timeline
are kept once (the last state's own lists, with the number of events after each step), a full copy of the state
(without those lists) every ``every`` steps (sooner after slow steps, such as a dinnertime), and for each step an agent answered, how far that agent's generator
moved. ``history[k]`` is rebuilt from the nearest copy (or a recently rebuilt state) by applying the kept choices
again; the last few rebuilt states are cached, so stepping forward and back stays quick.
"""
from __future__ import annotations

import random
import time
from bisect import bisect_right
from array import array
from collections import OrderedDict
from collections.abc import Sequence

from .errors import GameOver
from .game import Game
from .rng import copy_generator

EVERY = 16      # a full copy every this many steps: at most EVERY - 1 choices applied again to rebuild a step
BUDGET = 0.010  # ... or sooner, once the choices since the last copy took this many CPU seconds to apply
CACHED = 8      # rebuilt states kept (the stepper asks for the current step and the one before it)
_MT_WORDS = 624     # a Mersenne Twister's block of 32-bit words; its state tuple ends with the index in it


def _words_drawn(before: tuple, after: tuple) -> int | None:
    """How many 32-bit words a ``random.Random`` drew between two ``getstate()``s, or None if not found
    cheaply (then the generator is kept whole)."""
    if before[2] != after[2]:              # a pending gauss() value changed
        return None
    s0, s1 = before[1], after[1]
    i0, i1 = s0[-1], s1[-1]
    if s0[:-1] == s1[:-1]:
        return i1 - i0 if i1 >= i0 else None
    r = random.Random.__new__(random.Random)
    for blocks in range(4):               # the block was renewed once (usually) or a few times
        n = _MT_WORDS - i0 + blocks * _MT_WORDS + i1
        r.setstate(before)
        r.getrandbits(32 * n)             # draws exactly n words
        if r.getstate() == after:
            return n
    return None


class _Snapshot:
    """A full copy of the state at ``step`` without its logs, and how long its score timeline was."""

    __slots__ = ("step", "state", "timeline")

    def __init__(self, game: Game, step: int):
        logs = game.events, game.choices, game.timeline
        game.events, game.choices, game.timeline = [], [], []
        try:
            self.state = game.clone()
        finally:
            game.events, game.choices, game.timeline = logs
        self.step, self.timeline = step, len(logs[2])


class _States(Sequence):
    """The states of a history as a read-only sequence (each rebuilt on demand)."""

    def __init__(self, history: "History"):
        self._h = history

    def __len__(self):
        return len(self._h)

    def __getitem__(self, k):
        return self._h[k]


class History:
    """States after each decision: ``history[0]`` is the game as given (the start, or a game already played to
    any step), ``history[k]`` after k more decisions, ``history.game`` the last one (the one that goes on).

    >>> from toolkit import new_game
    >>> h = History(new_game("disneyland", players=2, seed=1))
    >>> for _ in range(40): _ = h.push(h.game.legal()[0])
    >>> len(h), len(h[25].choices), h[25].fingerprint() == h.fork(25).game.fingerprint()
    (41, 25, True)
    """

    def __init__(self, game: Game, every: int = EVERY):
        if not isinstance(every, int) or every < 1:
            raise ValueError(f"every must be a positive whole number of steps, not {every!r}")
        self.every = every
        self._game = game.clone()
        self._base = len(self._game.choices)     # decisions the game had when given: step 0 is after them
        self._ends = array("q", [len(self._game.events)])   # number of events after each step
        self._seats = array("b", [0])      # the seat whose agent answered each step (0: answered by push)
        self._words = array("q", [0])      # how many words that agent drew from its generator
        self._kept: dict[int, random.Random] = {}  # step -> the agent's generator afterwards, when not counted in words
        self._snaps = [_Snapshot(self._game, 0)]
        self._steps = [0]                  # the step of each copy
        self._spent = 0.0                  # CPU seconds applying choices since the last copy
        self._cache: OrderedDict[int, Game] = OrderedDict()

    # --- reading -------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self._game

    @property
    def states(self) -> Sequence:
        return _States(self)

    def __len__(self) -> int:
        return len(self._ends)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        n = len(self._ends)
        i = k + n if k < 0 else k
        if not 0 <= i < n:
            raise IndexError(f"no step {k}: this history has steps 0 to {n - 1}")
        if i == n - 1:
            return self._game
        state = self._cache.get(i)
        if state is None:
            state = self._cache[i] = self._rebuild(i)
            if len(self._cache) > CACHED:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(i)
        return state

    def events_at(self, k: int, viewer: int | None = None):
        """Events caused by decision k (k >= 1); for k = 0, those before (the setup, and the decisions a game
        already had when given); as ``viewer`` may see them
        (a seat 1..P, or None: the class view, which sees everything; see ``Game.events_for``)."""
        n = len(self._ends)
        if not 0 <= k < n:
            raise IndexError(f"no step {k}: this history has steps 0 to {n - 1}")
        self._game.check_viewer(viewer)
        before = 0 if k == 0 else self._ends[k - 1]
        return [e.for_viewer(viewer) for e in self._game.events[before:self._ends[k]]]

    # --- going on ------------------------------------------------------------------------------
    def push(self, choice) -> Game:
        """Apply ``choice`` to the last state (a refused choice keeps nothing and changes nothing)."""
        t = time.process_time()
        self._game.apply(choice)
        self._kept_step(0, 0, time.process_time() - t)
        return self._game

    def push_agent(self, agent) -> Game:
        """Let ``agent`` answer the pending decision and apply the answer. The agent draws from its seat's
        generator; how far it moved is kept, so that every earlier state rebuilds with its generators exactly
        as they were (a fork from it replays the same way). If the agent or the answer fails, the last state,
        generators included, stays as it was."""
        g = self._game
        d = g.pending()
        if d is None:
            raise GameOver("the game is over; no decision is pending", g.end_clauses())
        name = f"agent-{d.player}"
        existed = name in g.streams
        rng = g.streams[name]
        counted = type(rng) is random.Random
        before: object = rng.getstate() if counted else copy_generator(rng)
        try:
            value = agent.choose(g, d, rng)
            t = time.process_time()
            g.apply(value)
        except BaseException:
            if not existed:
                del g.streams[name]
            elif counted:
                rng.setstate(before)
            else:
                g.streams[name] = before
            raise
        words = _words_drawn(before, rng.getstate()) if counted else None     # type: ignore[arg-type]  # a state
        self._kept_step(d.player, 0 if words is None else words, time.process_time() - t)
        if words is None:
            self._kept[len(self._ends) - 1] = copy_generator(rng)
        return g

    def fork(self, k: int) -> "History":
        """A new history with steps 0..k of this one, which can go another way from k."""
        n = len(self._ends)
        if not 0 <= k < n:
            raise ValueError(f"no step {k}: this history has steps 0 to {n - 1}")
        h = History.__new__(History)
        h.every, h._base = self.every, self._base
        h._game = self[k].clone()
        h._ends, h._seats, h._words = self._ends[:k + 1], self._seats[:k + 1], self._words[:k + 1]
        h._kept = {i: r for i, r in self._kept.items() if i <= k}
        n = bisect_right(self._steps, k)
        h._snaps, h._steps = self._snaps[:n], self._steps[:n]     # copies are never changed: both share them
        h._spent = 0.0
        h._cache = OrderedDict()
        return h

    # --- internals -----------------------------------------------------------------------------
    def _kept_step(self, seat: int, words: int, spent: float) -> None:
        self._ends.append(len(self._game.events))
        self._seats.append(seat)
        self._words.append(words)
        k = len(self._ends) - 1
        self._spent += spent
        if k - self._steps[-1] >= self.every or self._spent >= BUDGET:
            self._snaps.append(_Snapshot(self._game, k))
            self._steps.append(k)
            self._spent = 0.0

    def _rebuild(self, k: int) -> Game:
        """State k, from the nearest cached state or copy at or before it, by applying the kept choices."""
        snap = self._snaps[bisect_right(self._steps, k) - 1]
        start = max((j for j in self._cache if snap.step <= j < k), default=None)
        last = self._game
        if start is None:
            start = snap.step
            state = snap.state.clone()
            state.events = last.events[:self._ends[start]]
            state.choices = last.choices[:self._base + start]
            state.timeline = last.timeline[:snap.timeline]
        else:
            state = self._cache[start].clone()
        for i in range(start + 1, k + 1):
            seat = self._seats[i]
            if seat:
                name = f"agent-{seat}"
                rng = state.streams[name]            # made here if the agent was the first to use it
                if i in self._kept:
                    state.streams[name] = copy_generator(self._kept[i])
                elif self._words[i]:
                    rng.getrandbits(32 * self._words[i])
            state.apply(last.choices[self._base + i - 1])
            if len(state.events) != self._ends[i]:
                raise RuntimeError(f"step {i} of this {type(state).__name__} history did not replay the same way "
                                   f"({len(state.events)} events, not {self._ends[i]}): is a rule using a "
                                   f"generator other than the game's streams?")
        return state
