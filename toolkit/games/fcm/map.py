"""Food Chain Magnate's map: tiles as data, map assembly, and what lies on the map (FCM-I1 to FCM-I9).

Squares are ``(row, col)`` with row 0 at the top; a tile is 5 x 5 squares and tile ``(tr, tc)`` holds
squares ``5*tr .. 5*tr+4`` by ``5*tc .. 5*tc+4``. The printed map (roads, bridges, drinks, printed houses)
never changes after assembly; restaurants, placed houses, gardens, marketing tiles and demand do.

>>> m = map_from_layout([["A0", "N1"]])
>>> m.cols, m.rows, m.terrain_at((2, 7)), sorted(m.houses)
(2, 1, 'road', [2])
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ...core.data import need as _need, read_json
from ...core.errors import DataFileError

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


# ---------------------------------------------------------------- things on the map

def rect(top: tuple, h: int, w: int) -> tuple:
    """Squares of an h x w rectangle with top-left square ``top``, row by row."""
    r0, c0 = top
    return tuple((r, c) for r in range(r0, r0 + h) for c in range(c0, c0 + w))


@dataclass(frozen=True)
class House:
    """A house: 2x2 ``squares`` and, if any, a 2x1 ``garden`` (FCM-3.6)."""
    number: int
    squares: tuple
    garden: tuple = ()
    printed: bool = True

    @property
    def all_squares(self) -> tuple:
        return self.squares + self.garden

    @property
    def limit(self) -> int:
        """Demand tokens it can hold: 3, or 5 with a garden (FCM-6.6)."""
        return DEMAND_LIMIT_GARDEN if self.garden else DEMAND_LIMIT


@dataclass(frozen=True)
class Restaurant:
    """A 2x2 restaurant with top-left square ``top`` and its entrance corner (FCM-3.7, FCM-I5)."""
    rid: str
    chain: int
    top: tuple
    corner: str           # one of CORNERS
    open: bool = True     # False = coming soon (FCM-7.3)

    @property
    def squares(self) -> tuple:
        return rect(self.top, 2, 2)

    @property
    def entrance(self) -> tuple:
        return corner_square(self.top, self.corner)


def corner_square(top, corner) -> tuple:
    """The square of a 2x2 restaurant at ``top`` in ``corner`` ('nw', 'ne', 'sw', 'se')."""
    return (top[0] + (corner[0] == "s"), top[1] + (corner[1] == "e"))


@dataclass(frozen=True)
class Campaign:
    """A marketing tile on the map (FCM-3.4). Airplanes have ``side`` and the ``lines`` they fly over."""
    number: int
    kind: str
    squares: tuple          # on the map; () for airplanes, which sit outside the edge
    chain: int | None = None
    good: str | None = None
    duration: int = 0
    eternal: bool = False
    side: str | None = None  # airplanes: 'n', 's', 'w' or 'e'
    lines: tuple = ()        # airplanes: rows (side w/e) or columns (side n/s) flown over


class FcmMap:
    """The map of one game: printed tiles plus everything placed on them.

    Deep copies are cheap: the printed map and its road network are shared, placed things are copied.
    """

    def __init__(self, tileset: TileSet, layout):
        self.tileset = tileset
        self.layout = tuple(tuple((str(n), int(k) % 4) for n, k in row) for row in layout)
        self.rows, self.cols = len(self.layout), len(self.layout[0])
        self.height, self.width = TILE * self.rows, TILE * self.cols
        grid = [[""] * self.width for _ in range(self.height)]
        self.houses: dict[int, House] = {}
        for tr, row in enumerate(self.layout):
            for tc, (name, turns) in enumerate(row):
                t = tileset.tiles[name]
                rows = t.rotated(turns)
                for r in range(TILE):
                    for c in range(TILE):
                        grid[TILE * tr + r][TILE * tc + c] = rows[r][c]
                if t.house is not None:
                    sq = tuple(sorted((TILE * tr + r, TILE * tc + c) for r in range(TILE) for c in range(TILE)
                                      if rows[r][c] == HOUSE_SQ))
                    self.houses[t.house] = House(t.house, sq)
        self.terrain = tuple("".join(row) for row in grid)
        self.restaurants: dict[str, Restaurant] = {}
        self.campaigns: dict[int, Campaign] = {}
        self.demand: dict[int, list] = {}
        self.drive_ins: set = set()      # chains whose open restaurants have all 4 corners as entrances
        self._occ: dict = {}             # square -> ("house"|"garden"|"restaurant"|"campaign", key)
        for h in self.houses.values():
            for s in h.squares:
                self._occ[s] = ("house", h.number)
        self._roads = None               # shared RoadNetwork, built on first use

    # -------- copying, equality, display
    def __deepcopy__(self, memo):
        new = object.__new__(FcmMap)
        new.__dict__.update(self.__dict__)
        new.houses = dict(self.houses)
        new.restaurants = dict(self.restaurants)
        new.campaigns = dict(self.campaigns)
        new.demand = {k: list(v) for k, v in self.demand.items()}
        new.drive_ins = set(self.drive_ins)
        new._occ = dict(self._occ)
        memo[id(self)] = new
        return new

    def copy(self) -> "FcmMap":
        return self.__deepcopy__({})

    def to_dict(self) -> dict:
        """The whole map state as plain JSON-able data in a fixed order (for fingerprints)."""
        return {
            "layout": [[f"{n}{k}" for n, k in row] for row in self.layout],
            "houses": [[h.number, [list(s) for s in h.squares], [list(s) for s in h.garden], h.printed]
                       for _, h in sorted(self.houses.items())],
            "restaurants": [[r.rid, r.chain, list(r.top), r.corner, r.open] for _, r in sorted(self.restaurants.items())],
            "campaigns": [[c.number, c.kind, [list(s) for s in c.squares], c.chain, c.good, c.duration, c.eternal,
                           c.side, list(c.lines)] for _, c in sorted(self.campaigns.items())],
            "demand": [[n, list(v)] for n, v in sorted(self.demand.items()) if v],
            "drive_ins": sorted(self.drive_ins),
        }

    @classmethod
    def from_dict(cls, data: dict, tileset: TileSet | None = None) -> "FcmMap":
        """The map ``to_dict`` described (tiles from ``tileset``, the packaged ones by default).

        >>> m = map_from_layout([["A0", "G1"]]); m.add_demand(2, "pizza"); FcmMap.from_dict(m.to_dict()) == m
        1
        True
        """
        m = parse_layout("\n".join(" ".join(row) for row in data["layout"]), "to_dict layout", tileset)
        for n, squares, garden, printed in data["houses"]:
            m.put_house(House(n, tuple(map(tuple, squares)), tuple(map(tuple, garden)), printed))
        for rid, chain, top, corner, opened in data["restaurants"]:
            m.put_restaurant(Restaurant(rid, chain, tuple(top), corner, opened))
        for number, kind, squares, chain, good, duration, eternal, side, lines in data["campaigns"]:
            m.put_campaign(Campaign(number, kind, tuple(map(tuple, squares)), chain, good, duration, eternal, side,
                                    tuple(lines)))
        m.demand = {n: list(goods) for n, goods in data["demand"]}
        m.drive_ins = set(data["drive_ins"])
        return m

    def __eq__(self, other):
        return isinstance(other, FcmMap) and self.to_dict() == other.to_dict() and self.terrain == other.terrain

    __hash__ = None

    def __repr__(self):
        rows = " / ".join(" ".join(f"{n}{k}" for n, k in row) for row in self.layout)
        return (f"FcmMap({self.cols}x{self.rows} tiles: {rows}; {len(self.houses)} houses, "
                f"{len(self.restaurants)} restaurants, {len(self.campaigns)} campaigns)")

    def _repr_png_(self):
        from . import map_drawing
        return map_drawing.map_png(self)

    def text(self) -> str:
        """The map as text: terrain characters, restaurants as their chain number (entrance 'E'), gardens
        'g', marketing tiles 'm', with a space between tiles."""
        out = []
        for r in range(self.height):
            if r and r % TILE == 0:
                out.append("")
            line = []
            for c in range(self.width):
                o = self._occ.get((r, c))
                ch = self.terrain[r][c]
                if o and o[0] == "restaurant":
                    rest = self.restaurants[o[1]]
                    ch = "E" if (r, c) == rest.entrance else str(rest.chain)[-1]
                elif o and o[0] == "garden":
                    ch = "g"
                elif o and o[0] == "campaign":
                    ch = "m"
                elif o and o[0] == "house" and ch != HOUSE_SQ:
                    ch = "h"
                line.append((" " if c and c % TILE == 0 else "") + ch)
            out.append("".join(line))
        return "\n".join(out)

    def layout_text(self) -> str:
        """The layout in the layout-file format (see ``load_layout``)."""
        return "\n".join(" ".join(f"{n}{k}" for n, k in row) for row in self.layout) + "\n"

    # -------- geometry
    def on_map(self, sq) -> bool:
        return 0 <= sq[0] < self.height and 0 <= sq[1] < self.width

    @staticmethod
    def tile_of(sq) -> tuple:
        """The tile ``(tile_row, tile_col)`` holding square ``sq``."""
        return (sq[0] // TILE, sq[1] // TILE)

    def terrain_at(self, sq) -> str:
        """'road', 'bridge', 'empty', 'house', 'beer', 'lemonade' or 'soda' as printed."""
        return TERRAIN_NAMES[self.terrain[sq[0]][sq[1]]]

    def is_road(self, sq) -> bool:
        return self.on_map(sq) and self.terrain[sq[0]][sq[1]] in (ROAD, BRIDGE)

    def occupant(self, sq):
        """What is placed on ``sq``: ("house", n), ("garden", n), ("restaurant", rid), ("campaign", n) or None."""
        return self._occ.get(sq)

    def is_empty(self, sq) -> bool:
        """Printed empty and nothing placed on it (FCM-I6)."""
        return self.on_map(sq) and self.terrain[sq[0]][sq[1]] == EMPTY and sq not in self._occ

    def sources(self) -> list:
        """Drink sources as ``(square, drink)``, in square order."""
        return [((r, c), DRINK_CHARS[ch]) for r, row in enumerate(self.terrain) for c, ch in enumerate(row)
                if ch in DRINK_CHARS]

    def house_at(self, sq):
        o = self._occ.get(sq)
        return self.houses[o[1]] if o and o[0] in ("house", "garden") else None

    @property
    def roads(self):
        """The road network (built once: roads never change after assembly)."""
        if self._roads is None:
            from .roads import RoadNetwork
            self._roads = RoadNetwork(self.terrain)
        return self._roads

    # -------- changes (no rule checks here: placement.py checks, then calls these)
    def put_restaurant(self, r: Restaurant) -> None:
        old = self.restaurants.get(r.rid)
        if old is not None:
            for s in old.squares:
                del self._occ[s]
        self.restaurants[r.rid] = r
        for s in r.squares:
            self._occ[s] = ("restaurant", r.rid)

    def remove_restaurant(self, rid: str) -> None:
        for s in self.restaurants.pop(rid).squares:
            del self._occ[s]

    def open_restaurants(self) -> None:
        """Coming-soon restaurants open (FCM-7.3)."""
        for rid, r in list(self.restaurants.items()):
            if not r.open:
                self.restaurants[rid] = Restaurant(r.rid, r.chain, r.top, r.corner, True)

    def put_house(self, h: House) -> None:
        old = self.houses.get(h.number)
        if old is not None:
            for s in old.all_squares:
                del self._occ[s]
        self.houses[h.number] = h
        for s in h.squares:
            self._occ[s] = ("house", h.number)
        for s in h.garden:
            self._occ[s] = ("garden", h.number)

    def put_campaign(self, c: Campaign) -> None:
        self.campaigns[c.number] = c
        for s in c.squares:
            self._occ[s] = ("campaign", c.number)

    def remove_campaign(self, number: int) -> None:
        for s in self.campaigns.pop(number).squares:
            del self._occ[s]

    def chain_restaurants(self, chain: int, open_only: bool = False) -> list:
        return [r for _, r in sorted(self.restaurants.items()) if r.chain == chain and (r.open or not open_only)]

    def chains(self) -> list:
        return sorted({r.chain for r in self.restaurants.values()})

    # -------- demand (FCM-6.6)
    def demand_room(self, number: int) -> int:
        return self.houses[number].limit - len(self.demand.get(number, ()))

    def add_demand(self, number: int, good: str, count: int = 1) -> int:
        """Put up to ``count`` tokens of ``good`` on house ``number``; a full house takes none (FCM-6.6).

        Returns how many were placed.

        >>> m = map_from_layout([["A0"]]); m.add_demand(2, "burger", 2), m.add_demand(2, "beer", 2)
        (2, 1)
        """
        if good not in GOODS:
            raise ValueError(f"{good!r} is not one of {GOODS}")
        n = max(0, min(count, self.demand_room(number)))
        if n:
            self.demand.setdefault(number, []).extend([good] * n)
        return n

    def clear_demand(self, number: int) -> list:
        """Remove and return all demand of a house (a sale, FCM-4.4)."""
        return self.demand.pop(number, [])


# ---------------------------------------------------------------- assembly

def map_size(players: int, tileset: TileSet | None = None) -> tuple:
    """(columns, rows) of tiles for a player count (FCM-I2).

    >>> [map_size(p) for p in (2, 3, 4, 5)]
    [(3, 3), (3, 4), (4, 4), (5, 4)]
    """
    ts = tileset or load_tiles()
    if players not in ts.map_sizes:
        raise ValueError(f"no map size for {players} players (known: {sorted(ts.map_sizes)})")
    return ts.map_sizes[players]


def assemble_map(players: int, rng, tileset: TileSet | None = None, size=None) -> FcmMap:
    """Draw and rotate tiles at random from ``rng`` (a ``random.Random``, e.g. ``Streams(seed)["map"]``);
    roads are never added (FCM-I2, FCM-I3).

    >>> from toolkit.core import Streams
    >>> a = assemble_map(5, Streams(1)["map"]); b = assemble_map(5, Streams(1)["map"])
    >>> a == b, (a.cols, a.rows), len(a.houses) <= 11
    (True, (5, 4), True)
    """
    ts = tileset or load_tiles()
    cols, rows = size or map_size(players, ts)
    names = sorted(ts.tiles)
    if cols * rows > len(names):
        raise ValueError(f"a {cols}x{rows} map needs {cols * rows} tiles; the tile set has {len(names)}")
    drawn = rng.sample(names, cols * rows)
    turns = [rng.randrange(4) for _ in drawn]
    layout = [[(drawn[r * cols + c], turns[r * cols + c]) for c in range(cols)] for r in range(rows)]
    return FcmMap(ts, layout)


_TOKEN = re.compile(r"^([A-Za-z]+)([0-3]?)$")


def parse_layout(text: str, path="layout", tileset: TileSet | None = None) -> FcmMap:
    """A fixed map from layout text: one line per row of tiles, tokens ``<tile><quarter turns clockwise>``
    such as ``A0 G3 N1``; '#' starts a comment (FCM-I3).

    >>> parse_layout("A0 B1\\nC2 Q", "demo").layout
    ((('A', 0), ('B', 1)), (('C', 2), ('Q', 0)))
    >>> parse_layout("A0 A1", "demo")
    Traceback (most recent call last):
    ...
    toolkit.core.errors.DataFileError: demo: row 1, tile 2: tile 'A' is used twice (the box has one of each)
    """
    ts = tileset or load_tiles()
    layout, seen = [], {}
    for i, line in enumerate(text.splitlines()):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        row = []
        for j, tok in enumerate(line.split()):
            where = f"row {len(layout) + 1}, tile {j + 1}"
            m = _TOKEN.match(tok)
            _need(m is not None, path, where, f"{tok!r} is not a tile name and a rotation 0-3, e.g. 'A2'")
            name, turns = m.group(1), int(m.group(2) or 0)
            _need(name in ts.tiles, path, where, f"unknown tile {name!r} (known: {' '.join(sorted(ts.tiles))})")
            _need(name not in seen, path, where, f"tile {name!r} is used twice (the box has one of each)")
            seen[name] = where
            row.append((name, turns))
        _need(not layout or len(row) == len(layout[0]), path, f"row {len(layout) + 1}",
              f"has {len(row)} tiles; the first row has {len(layout[0]) if layout else 0}")
        layout.append(row)
    _need(layout, path, "(file)", "no tiles in the layout")
    return FcmMap(ts, layout)


def load_layout(path, tileset: TileSet | None = None) -> FcmMap:
    """A fixed map from a layout file (format of ``parse_layout``)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise DataFileError(path, "(file)", f"cannot be read: {e.strerror}") from None
    return parse_layout(text, str(path), tileset)


def map_from_layout(layout, tileset: TileSet | None = None) -> FcmMap:
    """A map from rows of tokens such as ``[["A0", "B1"], ["C2", "D3"]]`` (checked like a layout file)."""
    return parse_layout("\n".join(" ".join(row) for row in layout), "layout", tileset)
