"""Checks that a game keeps Python 3.11's fast attribute forms, for the games' tests (toolkit.core.copy_attributes).

Python 3.11 keeps up to 29 of a class's instance attributes in a compact table that its attribute reads, writes and
method calls are specialised for. An object with more, or whose ``__dict__`` was read or written (a copy made with
``new.__dict__.update(...)``, ``vars(obj)``), keeps its attributes in a plain dict instead, and every ``self.x`` on
it is a dict look-up (benchmarks/README.md, issue 14)."""
import dis
import sys

import pytest

from toolkit.core.game import FAST_ATTRIBUTES

SPECIALISES = sys.implementation.name == "cpython" and sys.version_info >= (3, 11)


def reads_fast(obj, name: str = "players") -> bool:
    """Does a read of ``obj``'s attribute ``name``, once warmed up, take the fast form? (Call it before anything reads
    ``vars(obj)``, which would itself turn the attributes into a dict.) A fresh function each time: what a read
    was specialised for lives in the function's code."""
    if not SPECIALISES:
        pytest.skip("attribute reads are specialised by CPython 3.11 and later")
    space = {}
    exec(compile(f"def read(o):\n    return o.{name}\n", "<reads_fast>", "exec"), space)
    read = space["read"]
    for _ in range(64):
        read(obj)
    return any(i.opname == "LOAD_ATTR_INSTANCE_VALUE" for i in dis.get_instructions(read, adaptive=True))


def attribute_names(obj) -> list:
    """The names of ``obj``'s attributes, at most FAST_ATTRIBUTES of them (the check reads ``vars``: call it last)."""
    names = sorted(vars(obj))
    assert len(names) <= FAST_ATTRIBUTES, f"{len(names)} attributes: {names}"
    return names


def check_a_whole_game(cls, agent: str, log: bool, names=None, players: int = 4) -> None:
    """A fresh game and the same game played to the end read fast and hold ``names`` (when given), at most 29."""
    from toolkit.core import play
    g = cls(players=players, seed=3, log=log)
    assert reads_fast(g)
    fresh = attribute_names(g)
    g = cls(players=players, seed=3, log=log)
    play(g, agent)
    assert g.is_over()
    assert reads_fast(g)
    assert attribute_names(g) == fresh
    if names is not None:
        assert fresh == sorted(names), "the game's attribute list (copies are made from it) is not its attributes"


def check_copies(cls, steps: int, players: int = 4) -> None:
    """A clone, a deep copy and a believed world of a game some ``steps`` in read fast, as the game still does,
    and hold the game's attributes; the clone and the deep copy hold its state."""
    import copy
    import random
    g = cls(players=players, seed=5)
    for _ in range(steps):
        g.apply(g.pending().values[0])
    copies = [g.clone(), copy.deepcopy(g), g.determinize(1, random.Random(2))]
    assert reads_fast(g), "copying the game cost it the fast reads"
    for c in copies:
        assert reads_fast(c)
    for c in copies[:2]:
        assert c.to_dict() == g.to_dict() and c.fingerprint() == g.fingerprint()
    names = attribute_names(g)
    for c in copies:
        assert attribute_names(c) == names
