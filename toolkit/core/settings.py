"""A game's options, declared in one place: name, kind, allowed values or range, default and clause.

``Game.__init__`` checks the options it is given against its class's ``settings`` and refuses anything else
with an ``OptionError`` that names the option, what it takes and what it got. A record's options go through
the same check, so a record cannot smuggle in a value the constructor would not take.

>>> s = Setting("rounds", "int", default=4, low=1, high=20, clause="X-1")
>>> s.check(3, players=2)
3
>>> s.check(None, players=2)
Traceback (most recent call last):
...
toolkit.core.errors.OptionError: option 'rounds' takes a whole number from 1 to 20 (X-1), not None
"""
from __future__ import annotations

import math
import os
import operator
from dataclasses import dataclass

from .errors import OptionError

KINDS = ("choice", "bool", "int", "number", "seats", "text", "file")
MAX_TEXT = 10_000         # characters of a text option (an FCM layout is about 60)
_LINES = {ord("\n"): None, ord("\t"): None}    # the only control characters a text option may hold
SEED_LIMIT = 2**64        # seeds are whole numbers 0 <= seed < 2**64


@dataclass(frozen=True)
class Setting:
    """One option of a game.

    kinds: ``choice`` (one of ``choices``), ``bool``, ``int`` / ``number`` (from ``low`` to ``high``),
    ``seats`` (a number from ``low`` to ``high`` for every seat, or a list of one per seat), ``text`` (a
    string without control characters but new lines and tabs), ``file`` (the path of a data file, or that file's data
    embedded as a JSON object; records refuse paths unless the caller allows them).
    """

    name: str
    kind: str
    default: object = None
    choices: tuple = ()
    low: float | None = None
    high: float | None = None
    clause: str = ""
    help: str = ""

    def __post_init__(self):
        assert self.kind in KINDS, self.kind

    def takes(self) -> str:
        """What the option takes, in words."""
        rng = f" from {self.low:,} to {self.high:,}" if self.low is not None else ""
        return ("null (absent) or " if self.default is None and self.kind != "file" else "") + {"choice": f"one of {', '.join(map(repr, self.choices))}",
                "bool": "true or false",
                "int": f"a whole number{rng}",
                "number": f"a number{rng}",
                "seats": f"a number{rng}, or a list of one such number per seat",
                "text": f"text (at most {MAX_TEXT} characters; no control characters but new lines and tabs)",
                "file": "the path of a data file, or the file's data as a JSON object"}[self.kind]

    def refuse(self, value):
        cite = f" ({self.clause})" if self.clause else ""
        shown = repr(value)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        raise OptionError(f"option {self.name!r} takes {self.takes()}{cite}, not {shown}")

    def check(self, value, players: int):
        """``value`` if this option takes it, else ``OptionError``. An option whose default is None (absent)
        also takes None."""
        k = self.kind
        if value is None and self.default is None:
            return value
        if k == "choice":
            ok = type(value) in (str, int) and value in self.choices
        elif k == "bool":
            ok = isinstance(value, bool)
        elif k in ("int", "number"):
            ok = self._number(value, whole=k == "int")
        elif k == "seats":
            many = isinstance(value, (list, tuple))
            vals = value if many else [value]
            ok = (len(vals) == players or not many) and all(self._number(v, whole=False) for v in vals)
        elif k == "text":
            ok = isinstance(value, str) and len(value) <= MAX_TEXT and value.translate(_LINES).isprintable()
        else:   # file
            path = os.fspath(value) if isinstance(value, os.PathLike) else value
            ok = isinstance(value, dict) or isinstance(path, str) and 0 < len(path) <= 4096 and "\x00" not in path
        if not ok:
            self.refuse(value)
        return value

    def _number(self, v, whole: bool) -> bool:
        if isinstance(v, bool) or not isinstance(v, (int, float) if not whole else int):
            return False
        if isinstance(v, float) and not math.isfinite(v):
            return False
        return (self.low is None or v >= self.low) and (self.high is None or v <= self.high)


def check_options(cls, options, players: int) -> dict:
    """A copy of ``options`` checked against ``cls.settings`` (unknown names refused)."""
    title = cls.name or cls.__name__
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise OptionError(f"the options of {title} are a dict of name -> value, not {type(options).__name__}")
    declared = {s.name: s for s in cls.settings}
    unknown = [k for k in options if k not in declared]
    if unknown:
        names = ", ".join(sorted(map(str, unknown)))
        raise OptionError(f"unknown option(s) for {title}: {names}; known: {', '.join(sorted(declared)) or 'none'}")
    return {k: declared[k].check(v, players) for k, v in options.items()}


def check_seed(seed) -> int:
    """A seed is a whole number 0 <= seed < 2**64 (a bool or a float is refused)."""
    try:
        seed = operator.index(seed) if not isinstance(seed, bool) else seed
    except TypeError:
        pass
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        shown = repr(seed) if not isinstance(seed, int) or seed.bit_length() < 200 else "a number of " \
            f"{seed.bit_length()} bits"
        raise OptionError(f"a seed is a whole number from 0 to 2**64 - 1, not {shown}")
    return seed


def file_options(cls) -> tuple[str, ...]:
    """Names of the options that may name a file."""
    return tuple(s.name for s in cls.settings if s.kind == "file")
