"""Agents answer decisions. Each draws randomness only from the game's own stream for its seat."""
from __future__ import annotations

from collections import deque

from .decisions import Decision


class WaitingForPerson(Exception):
    """A person has not answered yet; the play loop stops and waits."""


class Agent:
    """Base agent: ``choose(game, decision, rng)`` returns one of ``decision.values``."""

    name = "agent"
    # A trusted agent always answers with one of ``decision.values`` and answers a decision with a single option
    # by that option without drawing from its generator. The play loop answers single options for it and, when
    # every seat is trusted, applies the answers unchecked (``play_on``); tests/test_same_games.py shows that games
    # stay the same.
    trusted = False

    def choose(self, game, decision: Decision, rng):
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(Agent):
    """Picks uniformly among the legal options."""

    name = "random"
    trusted = True

    def choose(self, game, decision, rng):
        opts = decision.values
        n = len(opts)
        return opts[0] if n == 1 else opts[int(rng.random() * n)]


class PersonAgent(Agent):
    """Answers come from a person (a widget button or a notebook cell) through ``answer()``."""

    name = "person"

    def __init__(self):
        self.answers: deque = deque()

    def answer(self, value) -> None:
        self.answers.append(value)

    def choose(self, game, decision, rng):
        if not self.answers:
            raise WaitingForPerson(decision)
        return self.answers.popleft()


def check_seat_count(per_seat, players: int) -> None:
    """One agent per seat, or the message says both ways to give them."""
    if len(per_seat) != players:
        raise ValueError(f"{len(per_seat)} agents for {players} players: give one kind for every seat "
                         f"(agents='heuristic') or a list of {players}, one per seat")
