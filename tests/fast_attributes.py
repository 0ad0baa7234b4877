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
