"""Food Chain Magnate's places and counts in a class's words: "row 3, column 5, entrance north-east".

Rows and columns are numbered as the map drawing numbers them (toolkit/games/fcm/map/drawing.py: row numbers
down the left edge, column numbers along the top, from 0), so a class finds a square the decision names on the
picture. The option values stay as the records store them ("3,5 ne"); only their labels and the events read so.

>>> placement("3,5 ne")
'row 3, column 5, entrance north-east'
>>> campaign_place("2,7 turned"), campaign_place("n 4")
('row 2, column 7, turned', 'along the north edge from column 4')
>>> layout([[("O", 0), ("S", 1)], [("I", 2), ("L", 3)]])
'O, S turned a quarter; I turned half round, L turned three quarters'
>>> count(1, "drink"), count(3, "waitress", "waitresses"), houses([]), houses([4, 9])
('1 drink', '3 waitresses', 'no house', 'houses 4, 9')
"""
from __future__ import annotations

COMPASS = {"n": "north", "s": "south", "e": "east", "w": "west",
           "ne": "north-east", "nw": "north-west", "se": "south-east", "sw": "south-west"}


def square(where) -> str:
    """A square, as (row, col) or the text "row,col": "row 3, column 5"."""
    r, c = (int(x) for x in where.split(",")) if isinstance(where, str) else where
    return f"row {r}, column {c}"


def compass(code: str) -> str:
    """A side or corner code ("ne", "w") as the compass word; anything else as it is."""
    return COMPASS.get(code, code)


def placement(value: str) -> str:
    """A restaurant placement "row,col corner": "row 3, column 5, entrance north-east"."""
    top, corner = value.split()
    return f"{square(top)}, entrance {compass(corner)}"


def campaign_place(value: str) -> str:
    """A marketing tile's place: "row,col" (or "row,col turned") on the map, "side first" for an airplane."""
    parts = value.split()
    if "," in parts[0]:
        return square(parts[0]) + (", turned" if "turned" in parts[1:] else "")
    side, first = parts
    line = "column" if side in ("n", "s") else "row"
    return f"along the {compass(side)} edge from {line} {first}"


TURNS = ("", " turned a quarter", " turned half round", " turned three quarters")     # clockwise, as the map file reads


def tile(name: str, turns: int) -> str:
    """A map tile by its printed letter and how it lies: "O", "S turned a quarter" (clockwise)."""
    return f"{name}{TURNS[turns % 4]}"


def layout(rows) -> str:
    """The map's tiles row by row, top row first: "O, S turned a quarter; I, L"."""
    return "; ".join(", ".join(tile(n, k) for n, k in row) for row in rows)


def count(n: int, word: str, plural: str | None = None) -> str:
    """``n`` and the noun in the right number: "1 drink", "2 drinks"."""
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def houses(numbers) -> str:
    """The houses a campaign reaches: "no house", "house 4", "houses 4, 9"."""
    numbers = list(numbers)
    if not numbers:
        return "no house"
    return ("house " if len(numbers) == 1 else "houses ") + ", ".join(map(str, numbers))
