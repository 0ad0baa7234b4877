"""Seeded randomness. A game owns named streams ("dice", "deck", "agent-2", ...), each seeded from the
game's one seed, so that changing how agents decide never reshuffles the deck."""
from __future__ import annotations

import hashlib
import random


def derive_seed(seed: int, *names) -> int:
    """A 63-bit seed derived from ``seed`` and names; independent of PYTHONHASHSEED.

    >>> derive_seed(1, "dice") == derive_seed(1, "dice") != derive_seed(1, "deck")
    True
    """
    text = "/".join([str(int(seed)), *map(str, names)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


class Streams:
    """Named ``random.Random`` generators, created on first use.

    >>> s = Streams(7)
    >>> a = s["dice"].random(); t = Streams(7); t["deck"].random(); a == t["dice"].random()
    True
    """

    __slots__ = ("seed", "_streams")

    def __init__(self, seed: int):
        self.seed = int(seed)
        self._streams: dict[str, random.Random] = {}

    def __getitem__(self, name: str) -> random.Random:
        r = self._streams.get(name)
        if r is None:
            r = self._streams[name] = random.Random(derive_seed(self.seed, name))
        return r
