"""Seeded randomness. A game owns named streams ("dice", "deck", "agent-2", ...), each seeded from the
game's one seed, so that changing how agents decide never reshuffles the deck."""
from __future__ import annotations

import _random
import copy
import random
import struct

# the interpreter's own SHA-256: the same digest as hashlib's, and quicker for short texts (no OpenSSL context
# to set up); Python 3.12+ names its module _sha2; hashlib's where neither is built
try:
    from _sha256 import sha256 as _sha256
except ImportError:                       # pragma: no cover
    try:
        from _sha2 import sha256 as _sha256
    except ImportError:
        from hashlib import sha256 as _sha256


def derive_seed(seed: int, *names) -> int:
    """A 63-bit seed derived from ``seed`` and names; independent of PYTHONHASHSEED.

    >>> derive_seed(1, "dice") == derive_seed(1, "dice") != derive_seed(1, "deck")
    True
    """
    return _hashed("/".join([str(int(seed)), *map(str, names)]).encode())


def _hashed(data: bytes) -> int:
    return _first_eight_bytes(_sha256(data).digest())[0] >> 1


# the digest's first eight bytes as a big-endian number: int.from_bytes(digest[:8], "big"), in a third of the time
_first_eight_bytes = struct.Struct(">Q").unpack_from


_new_generator, _seed_generator = random.Random.__new__, _random.Random.seed


def _generator(seed: int) -> random.Random:
    """``random.Random(seed)`` for an int seed, the same state, without the Python-level ``seed()`` around the C
    one (it only checks the seed's type): a game makes about six generators, and their seeding is most of what
    a short game costs before its first turn."""
    r = _new_generator(random.Random)
    _seed_generator(r, seed)
    r.gauss_next = None     # type: ignore[attr-defined]  # what Random.seed() resets (not in the stubs)
    return r


class Streams(dict):
    """Named ``random.Random`` generators, created on first use.

    A dict of name -> generator whose missing names make their generator, so that a look-up in a game's hot
    loop is a plain dict look-up.

    >>> s, t = Streams(7), Streams(7)
    >>> _ = t["deck"].random()          # drawing from one stream leaves the others as they were
    >>> s["dice"].random() == t["dice"].random()
    True
    """

    __slots__ = ("seed", "_prefix")

    def __init__(self, seed: int):
        super().__init__()
        self.seed = int(seed)
        self._prefix = f"{self.seed}/".encode()      # what every stream's seed is derived from, made once

    def __missing__(self, name: str) -> random.Random:
        r = self[name] = _generator(_hashed(self._prefix + name.encode()))    # derive_seed(self.seed, name)
        return r

    def __deepcopy__(self, memo):
        # a generator's state is an immutable tuple: a generator holding the same state is a full, cheap copy
        new = Streams(self.seed)
        for name, r in self.items():        # a plain loop: fewer instructions than update() over a generator
            new[name] = copy_generator(r)
        return new

    def __repr__(self) -> str:
        return f"Streams(seed={self.seed}, made={sorted(self)})"

    def load(self, name: str, faces, sides: int = 6) -> None:
        """Replace stream ``name`` by a loaded die that rolls ``faces`` in order (for scripted tests).

        >>> s = Streams(1); s.load("die", [6, 2]); [roll(s["die"]), roll(s["die"])]
        [6, 2]
        """
        self[name] = LoadedDie(faces, sides)


def copy_generator(r: random.Random) -> random.Random:
    """A generator in ``r``'s state, for a game's copies (histories, clones, believed worlds). ``copy.copy`` remakes
    a ``random.Random`` through ``Random()``, seeded from the system before it is given the state: about twice the
    time of giving the state to a bare generator. Other generators (a LoadedDie) copy themselves (``__copy__``)."""
    if type(r) is random.Random:
        new = _new_generator(random.Random)
        new.setstate(r.getstate())
        return new
    return copy.copy(r)


def _loaded_die(faces, sides, i):
    """A loaded die that has rolled ``i`` of its faces (its copies and pickles: games go to workers pickled)."""
    die = LoadedDie(faces, sides)
    die.i = i
    return die


def roll(rng, sides: int = 6) -> int:
    """One fair die roll, 1..sides, from ``rng``."""
    return int(rng.random() * sides) + 1


class LoadedDie(random.Random):
    """A generator whose ``random()`` makes ``roll`` give the scripted faces, then refuses to go on."""

    def __init__(self, faces, sides: int = 6):
        super().__init__(0)
        self.faces, self.sides, self.i = list(faces), sides, 0

    def __copy__(self):
        return _loaded_die(self.faces, self.sides, self.i)

    def __reduce__(self):
        # random.Random pickles through its state and a call without arguments, which this class cannot take
        return _loaded_die, (self.faces, self.sides, self.i)

    def random(self):
        if self.i >= len(self.faces):
            raise RuntimeError("the loaded die has no scripted rolls left")
        face = self.faces[self.i]
        self.i += 1
        return (face - 0.5) / self.sides
