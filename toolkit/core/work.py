"""The work of a study, cut into chunks of consecutive seeds and made lazily (a billion games allocate nothing).

An ``Arm`` is one setup (players, agents, options) under a name; a ``Chunk`` is an arm and a run of seeds. A
chunk is small, picklable and plays by itself, so local processes and Dask workers run the same tasks.
"""
from __future__ import annotations

import json
import traceback
from dataclasses import dataclass
from functools import cached_property

from .loop import play_on
from .registry import game_class
from .rows import GameFailed, agent_specs, agents_text, build_agent, game_row, options_text
from .seating import agent_kinds


@dataclass(frozen=True)
class Arm:
    """One setup of a game under a name (None for a plain simulation): every game of a chunk is played from it."""

    game: str
    name: str | None
    players: int
    agents: tuple          # one spec per seat
    options_json: str      # the options as sorted JSON (hashable, and what the row says)

    @classmethod
    def make(cls, game: str, name=None, players: int = 4, agents="random", options: dict | None = None) -> "Arm":
        """A checked arm: the game exists, takes these players and options, and the agents are known kinds."""
        gcls = game_class(game)
        if not isinstance(options, (dict, type(None))):
            raise ValueError(f"options must be a dict, not {options!r}")
        gcls(players=players, seed=0, options=options)          # refuses bad players or options, now
        return cls(game, name, players, tuple(agent_specs(gcls, players, agents)), options_text(options))

    @property
    def options(self) -> dict:
        return json.loads(self.options_json)

    @cached_property
    def _made(self) -> tuple:
        """(game class, agent kinds, agents as row text), worked out once per arm: a chunk plays many games of it
        (for a short game, looking them up again was a few per cent of the game). Not pickled. The options are
        read afresh for each game, so that no game shares a list of them with another."""
        cls = game_class(self.game)
        return cls, agent_kinds(cls), agents_text(list(self.agents))

    def __getstate__(self):               # what crosses to workers: the fields (the kinds may be made in a notebook)
        return {k: v for k, v in self.__dict__.items() if k != "_made"}

    def new_game(self, seed: int, log: bool = False):
        return self._made[0](players=self.players, seed=seed, options=self.options, log=log)

    def play(self, seed: int) -> dict:
        """Play the game of ``seed`` and return its row."""
        game = self.new_game(seed)
        _, kinds, agents = self._made
        if play_on(game, [build_agent(kinds, s) for s in self.agents])[0] is not None:
            raise ValueError("a person agent cannot play in a simulation")
        return game_row(game, self.name, agents, self.options_json)

    def columns(self) -> list[str]:
        """The row's columns, taken from a game just set up (every game of the arm has the same)."""
        return list(game_row(self.new_game(0), self.name, "", ""))


@dataclass(frozen=True)
class Chunk:
    """``count`` games of ``arm`` from seed ``first``: one task for a process or a Dask worker."""

    arm: Arm
    first: int
    count: int

    def play(self) -> list[dict]:
        rows = []
        for seed in range(self.first, self.first + self.count):
            try:
                rows.append(self.arm.play(seed))
            except Exception as e:      # noqa: BLE001 - any failure is reported with what replays it
                raise GameFailed(self.arm.game, self.arm.name, seed, f"{type(e).__name__}: {e}",
                                 traceback.format_exc()) from e
        return rows


def play_chunk(chunk: Chunk) -> list[dict]:
    """A module-level function (what process pools and Dask submit)."""
    return chunk.play()


def chunks(arms, seed: int, games: int, size: int):
    """Chunks in seed order; within each run of seeds, one chunk per arm (so every arm advances together).

    >>> a = Arm.make("mcdonalds", players=2)
    >>> [(c.first, c.count) for c in chunks([a], 10, 5, 2)]
    [(10, 2), (12, 2), (14, 1)]
    """
    for first in range(seed, seed + games, size):
        n = min(size, seed + games - first)
        for arm in arms:
            yield Chunk(arm, first, n)


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk: about 20 chunks per worker, at most 200 games (so a stop loses little)."""
    return max(1, min(200, games // (20 * workers)))


__all__ = ["Arm", "Chunk", "chunk_size", "chunks", "play_chunk"]
