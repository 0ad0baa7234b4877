"""The Hamburgerspelet board as data: ingredients, kitchen colours, the loop of squares and the 36 spots in
the middle (HB-2.1, HB-3.2, HB-I1), validated on load.

>>> b = default_board()
>>> len(b.loop), len(b.spots), b.ingredients[b.bun].key, b.name_of(b.bun, "sv")
(40, 36, 'bun', 'bröd')
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...core.data import need as _need, need_keys, need_list, need_pos, need_str, read_json

SQUARE_KINDS = ("kitchen", "ingredient", "hamburger")
LIMITS = {"ingredients": 20, "colours": 10, "loop": 200, "copies": 20}     # generous, but bounded
LANGUAGES = ("en", "sv")


@dataclass(frozen=True)
class Named:
    key: str         # the language-independent name used in decisions and records
    sv: str
    en: str


@dataclass(frozen=True)
class Square:
    index: int
    kind: str                  # one of SQUARE_KINDS
    ingredient: int | None     # ingredient squares: the ingredient's index
    colour: int | None         # kitchens: the colour's index
    pos: tuple[float, float]


@dataclass(frozen=True)
class Board:
    name: str
    ingredients: tuple[Named, ...]   # the bun is one of them
    bun: int                         # index of the bun among the ingredients
    copies: int                      # tiles of each ingredient (4: HB-2.1)
    colours: tuple[Named, ...]       # kitchen colours, seat k plays colour k (HB-I2)
    loop: tuple[Square, ...]         # clockwise order (HB-4.2, HB-I1)
    spots: tuple[tuple[float, float], ...]   # where the face-down tiles lie (HB-3.2)
    kitchens: tuple[int, ...]        # colour index -> square index

    def name_of(self, ingredient: int, language: str = "en") -> str:
        return getattr(self.ingredients[ingredient], language)

    def colour_name(self, colour: int, language: str = "en") -> str:
        return getattr(self.colours[colour], language)

    def index_of(self, key: str) -> int:
        for i, ing in enumerate(self.ingredients):
            if ing.key == key:
                return i
        raise KeyError(key)

    def spot_label(self, spot: int) -> str:
        """A person's name for a spot: its row letter and column number in the grid ("C4")."""
        xs = sorted({x for x, _ in self.spots})
        ys = sorted({y for _, y in self.spots}, reverse=True)
        x, y = self.spots[spot]
        return f"{chr(65 + ys.index(y))}{xs.index(x) + 1}"


def _named_list(data, key, path):
    _need(isinstance(data.get(key), list) and data[key], path, key, "must be a non-empty list")
    need_list(data[key], path, key, 1, LIMITS[key])
    out, keys = [], set()
    for i, item in enumerate(data[key]):
        where = f"{key}[{i}]"
        need_keys(item, path, where, ("key", "sv", "en"))
        for f in ("key", "sv", "en"):
            need_str(item[f], path, f"{where}.{f}", 40)
        _need(item["key"] not in keys, path, f"{where}.key", f"{item['key']!r} appears twice")
        keys.add(item["key"])
        out.append(Named(item["key"], item["sv"], item["en"]))
    return tuple(out)


def _pos(value, path, field):
    x, y = need_pos(value, path, field)
    return (float(x), float(y))


def parse_board(data, path="board.json") -> Board:
    """Check a board's data and build it; errors name the file, the field and the problem."""
    need_keys(data, path, "", ("ingredients", "bun", "tiles_per_ingredient", "colours", "loop", "spots"), ("name",))
    name = need_str(data.get("name", "board"), path, "name")
    ings = _named_list(data, "ingredients", path)
    keys = [i.key for i in ings]
    _need(data["bun"] in keys, path, "bun", f"{data['bun']!r} is not one of the ingredients")
    bun = keys.index(data["bun"])
    copies = data["tiles_per_ingredient"]
    _need(isinstance(copies, int) and not isinstance(copies, bool) and 1 <= copies <= LIMITS["copies"], path,
          "tiles_per_ingredient", f"must be a whole number of at least 1 and at most {LIMITS['copies']}")
    colours = _named_list(data, "colours", path)
    _need(len(colours) >= 4, path, "colours", f"{len(colours)} kitchen colours, but up to 4 players need 4 (HB-2.1)")
    _need(isinstance(data["loop"], list) and data["loop"], path, "loop", "must be a non-empty list of squares")
    need_list(data["loop"], path, "loop", 1, LIMITS["loop"])
    loop, kitchens = [], {}
    for i, s in enumerate(data["loop"]):
        where = f"loop[{i}]"
        need_keys(s, path, where, ("kind", "pos"), ("ingredient", "colour"))
        kind = s.get("kind")
        _need(kind in SQUARE_KINDS, path, f"{where}.kind", f"{kind!r} is not one of {SQUARE_KINDS}")
        ing = colour = None
        if kind == "ingredient":
            _need(s.get("ingredient") in keys, path, f"{where}.ingredient",
                  f"an ingredient square needs one of the ingredients, got {s.get('ingredient')!r}")
            ing = keys.index(s["ingredient"])
            _need(ing != bun, path, f"{where}.ingredient", "the bun's squares are the hamburger squares (HB-5.3)")
        else:
            _need("ingredient" not in s, path, f"{where}.ingredient", "only ingredient squares name an ingredient")
        ckeys = [c.key for c in colours]
        if kind == "kitchen":
            _need(s.get("colour") in ckeys, path, f"{where}.colour",
                  f"a kitchen needs one of the colours, got {s.get('colour')!r}")
            colour = ckeys.index(s["colour"])
            _need(colour not in kitchens, path, f"{where}.colour", f"a second {s['colour']!r} kitchen")
            kitchens[colour] = i
        else:
            _need("colour" not in s, path, f"{where}.colour", "only kitchens have a colour")
        loop.append(Square(i, kind, ing, colour, _pos(s.get("pos"), path, f"{where}.pos")))
    for c, col in enumerate(colours):
        _need(c in kitchens, path, "loop", f"no kitchen for the colour {col.key!r} (HB-3.1)")
    _need(any(s.kind == "hamburger" for s in loop), path, "loop", "has no hamburger square (HB-5.3)")
    on_loop = {s.ingredient for s in loop if s.kind == "ingredient"}
    for i, ing in enumerate(ings):
        _need(i == bun or i in on_loop, path, "loop", f"no ingredient square for {ing.key!r} (HB-5.1)")
    _need(isinstance(data["spots"], list), path, "spots", "must be a list of [x, y]")
    spots = tuple(_pos(p, path, f"spots[{i}]") for i, p in enumerate(data["spots"]))
    tiles = copies * len(ings)
    _need(len(spots) == tiles, path, "spots", f"{len(spots)} spots for {tiles} tiles ({copies} of each of "
          f"{len(ings)} ingredients, HB-3.2)")
    _need(len(set(spots)) == len(spots), path, "spots", "two spots at the same place")
    return Board(name if "name" in data else "", ings, bun, copies, colours, tuple(loop), spots,
                 tuple(kitchens[c] for c in range(len(colours))))


def load_board(path=None) -> Board:
    """Load a board file (the packaged ``board.json`` by default)."""
    data, where = read_json(path, __package__, "board.json")
    return parse_board(data, where)


@lru_cache(maxsize=1)
def default_board() -> Board:
    """The packaged board, loaded once."""
    return load_board()


# Boards are immutable and shared by every copy of a game.
Board.__deepcopy__ = lambda self, memo: self
