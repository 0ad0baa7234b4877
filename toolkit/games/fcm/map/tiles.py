"""Food Chain Magnate's map tiles as data: the 20 tiles of the box, their squares and the marketing tiles,
read from the packaged ``tiles.json`` and checked on load (FCM-I1).

Squares are ``(row, col)`` with row 0 at the top; a tile is 5 x 5 squares and tile ``(tr, tc)`` holds
squares ``5*tr .. 5*tr+4`` by ``5*tc .. 5*tc+4``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ....core.data import need as _need, read_json

TILE = 5
ROAD, BRIDGE, EMPTY, HOUSE_SQ = "#", "X", ".", "H"
DRINK_CHARS = {"B": "beer", "L": "lemonade", "S": "soda"}
TERRAIN_NAMES = {"#": "road", "X": "bridge", ".": "empty", "H": "house", **DRINK_CHARS}
GOODS = ("burger", "pizza", "beer", "lemonade", "soda")
MARKETING_KINDS = ("radio", "airplane", "mailbox", "billboard")
CORNERS = ("nw", "ne", "sw", "se")
SIDES = ("n", "s", "w", "e")
DEMAND_LIMIT, DEMAND_LIMIT_GARDEN = 3, 5
_NAME = re.compile(r"^[A-Za-z]+$")


# ---------------------------------------------------------------- tile data

@dataclass(frozen=True)
class TileDef:
    """One printed map tile: 5 rows of 5 terrain characters and the number of its house, if any."""
    name: str
    rows: tuple
    house: int | None = None

    def rotated(self, turns: int) -> tuple:
        """The rows after ``turns`` quarter turns clockwise.

        >>> TileDef("x", ("#....",) + (".....",) * 4).rotated(1)[0]
        '....#'
        """
        rows = self.rows
        for _ in range(turns % 4):
            rows = tuple("".join(rows[TILE - 1 - c][r] for c in range(TILE)) for r in range(TILE))
        return rows


@dataclass(frozen=True)
class MarketingDef:
    number: int
    kind: str            # one of MARKETING_KINDS
    size: tuple          # (rows, cols) unrotated; airplanes: (depth 2, span 1/3/5)


@dataclass(frozen=True)
class TileSet:
    """Everything printed in the box that the map needs (FCM-I1)."""
    name: str
    tiles: dict            # name -> TileDef
    house_tiles: tuple     # numbers of the house-with-garden tiles
    gardens: int
    marketing: dict        # number -> MarketingDef
    map_sizes: dict        # players -> (cols, rows) in tiles
    marketing_removed: dict  # players -> numbers left in the box

    def marketing_for(self, players: int) -> list[int]:
        """Marketing tile numbers in play for ``players`` (FCM-I2).

        >>> load_tiles().marketing_for(2)[-3:]
        [11, 13, 14]
        """
        gone = set(self.marketing_removed.get(players, ()))
        return [n for n in sorted(self.marketing) if n not in gone]


def _parse_tile(name, t, path, field):
    _need(isinstance(name, str) and _NAME.match(name), path, field, "a tile name is letters only, e.g. 'A' or 'Park'")
    _need(isinstance(t, dict), path, field, "must be an object with 'rows'")
    rows = t.get("rows")
    _need(isinstance(rows, list) and len(rows) == TILE and all(isinstance(r, str) and len(r) == TILE for r in rows),
          path, f"{field}.rows", f"must be {TILE} strings of {TILE} characters")
    for i, row in enumerate(rows):
        bad = sorted(set(row) - set(TERRAIN_NAMES))
        _need(not bad, path, f"{field}.rows[{i}]", f"unknown square {''.join(bad[:1])!r}; use one of {''.join(TERRAIN_NAMES)}")
    houses = [(r, c) for r in range(TILE) for c in range(TILE) if rows[r][c] == HOUSE_SQ]
    house = t.get("house")
    if houses:
        _need(isinstance(house, int) and not isinstance(house, bool) and house > 0, path, f"{field}.house",
              "a tile with house squares needs its house number (a positive whole number)")
        r0, c0 = min(houses)
        _need(sorted(houses) == [(r0, c0), (r0, c0 + 1), (r0 + 1, c0), (r0 + 1, c0 + 1)], path, f"{field}.rows",
              "house squares 'H' must form one 2x2 block")
    else:
        _need(house is None, path, f"{field}.house", "the tile has no house squares 'H'")
    for r in range(TILE):
        for c in range(TILE):
            if rows[r][c] == BRIDGE:
                # a bridge carries two roads across each other: it needs road on all four sides
                ok = 0 < r < TILE - 1 and 0 < c < TILE - 1 and all(
                    rows[r + dr][c + dc] in (ROAD, BRIDGE) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
                _need(ok, path, f"{field}.rows", f"bridge at row {r} column {c} needs road on all four sides")
    return TileDef(name, tuple(rows), house)


def parse_tiles(data, path="tiles.json", base: TileSet | None = None) -> TileSet:
    """Check tile data and build a TileSet; with ``base``, the file only adds tiles to it.

    >>> parse_tiles({"tiles": {"Mine": {"rows": ["....."] * 4 + ["..Q.."]}}}, "my.json", load_tiles())
    Traceback (most recent call last):
    ...
    toolkit.core.errors.DataFileError: my.json: tiles.Mine.rows[4]: unknown square 'Q'; use one of #X.HBLS
    """
    _need(isinstance(data, dict), path, "(top level)", "must be a JSON object")
    _need(isinstance(data.get("tiles"), dict) and data["tiles"], path, "tiles", "missing or not a non-empty object")
    tiles = dict(base.tiles) if base else {}
    for name in data["tiles"]:
        _need(name not in tiles, path, f"tiles.{name}", "a tile of this name already exists")
        tiles[name] = _parse_tile(name, data["tiles"][name], path, f"tiles.{name}")
    if base is not None:
        extra = set(data) - {"tiles", "name", "source", "legend"}
        _need(not extra, path, sorted(extra)[0] if extra else "", "an added-tiles file holds only 'tiles'")
        house_tiles, gardens, marketing = base.house_tiles, base.gardens, base.marketing
        sizes, removed, name = base.map_sizes, base.marketing_removed, base.name
    else:
        for key in ("house_tiles", "gardens", "marketing", "map_sizes", "marketing_removed"):
            _need(key in data, path, key, "missing")
        ht = data["house_tiles"]
        _need(isinstance(ht, list) and all(isinstance(n, int) and n > 0 for n in ht) and len(set(ht)) == len(ht),
              path, "house_tiles", "must be a list of different positive whole numbers")
        house_tiles = tuple(sorted(ht))
        _need(isinstance(data["gardens"], int) and data["gardens"] >= 0, path, "gardens", "must be a whole number")
        gardens = data["gardens"]
        marketing = {}
        _need(isinstance(data["marketing"], list), path, "marketing", "must be a list")
        for i, m in enumerate(data["marketing"]):
            w = f"marketing[{i}]"
            _need(isinstance(m, dict), path, w, "must be an object")
            _need(isinstance(m.get("number"), int) and m["number"] not in marketing, path, f"{w}.number",
                  "missing, not a whole number, or used twice")
            _need(m.get("kind") in MARKETING_KINDS, path, f"{w}.kind", f"{m.get('kind')!r} is not one of {MARKETING_KINDS}")
            size = m.get("size")
            _need(isinstance(size, list) and len(size) == 2 and all(isinstance(v, int) and v > 0 for v in size),
                  path, f"{w}.size", "must be [rows, columns] of positive whole numbers")
            if m["kind"] == "airplane":
                _need(size[0] == 2 and size[1] % 2 == 1, path, f"{w}.size", "an airplane is [2, span] with an odd span")
            marketing[m["number"]] = MarketingDef(m["number"], m["kind"], tuple(size))
        sizes = {}
        for k, v in (data["map_sizes"] or {}).items():
            _need(str(k).isdigit() and isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and x > 0 for x in v),
                  path, f"map_sizes.{k}", "must map a player count to [columns, rows]")
            sizes[int(k)] = tuple(v)
        removed = {}
        for k, v in (data["marketing_removed"] or {}).items():
            _need(str(k).isdigit() and isinstance(v, list) and all(n in marketing for n in v), path,
                  f"marketing_removed.{k}", "must map a player count to marketing numbers from 'marketing'")
            removed[int(k)] = tuple(v)
        name = str(data.get("name", ""))
    seen = {}
    for t in tiles.values():
        if t.house is not None:
            _need(t.house not in seen, path, f"tiles.{t.name}.house", f"house {t.house} is also on tile {seen.get(t.house)}")
            _need(t.house not in house_tiles, path, f"tiles.{t.name}.house", f"house {t.house} is a house-with-garden tile")
            seen[t.house] = t.name
    return TileSet(name, tiles, house_tiles, gardens, marketing, sizes, removed)


def _read_json(path):
    return read_json(path)[0]


_BASE = None


def load_tiles(path=None, extra=()) -> TileSet:
    """The packaged tiles (or the file ``path``), plus the tiles of each file in ``extra`` (FCM-I1).

    >>> ts = load_tiles(); len(ts.tiles), ts.house_tiles[:3], ts.map_sizes[5]
    (20, (1, 3, 6), (5, 4))
    """
    global _BASE
    if path is None:
        if _BASE is None:
            _BASE = parse_tiles(*read_json(None, __package__, "tiles.json"))
        ts = _BASE
    else:
        ts = parse_tiles(_read_json(path), str(path))
    for p in ([extra] if isinstance(extra, (str, Path)) else extra):
        ts = parse_tiles(_read_json(p), str(p), base=ts)
    return ts
