"""Food Chain Magnate's map: what lies on it, its assembly from tiles and fixed layouts (FCM-I2 to FCM-I9).

The printed map (roads, bridges, drinks, printed houses) never changes after assembly; restaurants, placed
houses, gardens, marketing tiles and demand do. Tiles as data are in ``tiles.py``.

>>> m = map_from_layout([["A0", "N1"]])
>>> m.cols, m.rows, m.terrain_at((2, 7)), sorted(m.houses)
(2, 1, 'road', [2])
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass

from ....core.data import need as _need
from ....core.game import copy_attributes
from ....core.errors import DataFileError
from ....core.files import Refused, read_limited
from .roads import RoadNetwork
from .tiles import (BRIDGE, CORNERS, DEMAND_LIMIT, DEMAND_LIMIT_GARDEN, DRINK_CHARS, EMPTY, GOODS, HOUSE_SQ, ROAD,
                    SIDES, TERRAIN_NAMES, TILE, TileSet, load_tiles)

__all__ = ["BRIDGE", "CORNERS", "DRINK_CHARS", "ROAD", "SIDES", "TILE", "Campaign", "FcmMap", "House", "Restaurant",
           "assemble_map", "corner_square", "load_layout", "map_from_layout", "map_size", "parse_layout", "rect"]

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

    @property
    def rounds_left(self) -> int | None:
        """How many more marketing phases this campaign runs in: its goods left, one spent each time it runs
        (FCM-6.7); None for an eternal campaign, which never ends (FCM-6.n1)."""
        return None if self.eternal else self.duration


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
        self._drive_ins = frozenset()    # chains whose open restaurants have all 4 corners as entrances
        self._occ: dict = {}             # square -> ("house"|"garden"|"restaurant"|"campaign", key)
        for h in self.houses.values():
            for s in h.squares:
                self._occ[s] = ("house", h.number)
        self._roads = None               # shared RoadNetwork, built on first use
        self.joins = "midpoint"          # roads join across tiles at edge midpoints (original; FCM-I10)
        self._sources = [((r, c), DRINK_CHARS[ch]) for r, row in enumerate(self.terrain) for c, ch in enumerate(row)
                         if ch in DRINK_CHARS]
        self.route_memo: dict = {}       # what buyers can bring home, by start (roads.buyer_options); copies share it
        self._memo: dict | None = None   # answers worked out per map state (remembered); copies share it
        self._state: tuple | None = None  # state_key, made when first asked after a change
        self.reach_memo: dict = {}       # campaign reach by the houses standing (reach_answer); copies share it
        self._reach: dict | None = None  # reach_memo's answers for the houses standing now
        self._near: list | None = None   # squares beside a printed road (open_ground)

    # every attribute, in the order __init__ sets them: copies are made attribute by attribute, never through
    # ``__dict__``, so that a copy (and the map copied) keeps Python's fast attribute reads (core.copy_attributes)
    _ATTRIBUTES = ("tileset", "layout", "rows", "cols", "height", "width", "houses", "terrain", "restaurants", "campaigns",
                   "demand", "_drive_ins", "_occ", "_roads", "joins", "_sources", "route_memo", "_memo", "_state",
                   "reach_memo", "_reach", "_near")

    # -------- copying, equality, display
    def __deepcopy__(self, memo):
        self.state_key()        # made before copying, so that the copies share it: one key per state, not per copy
        new = copy_attributes(self, self._ATTRIBUTES)
        new.houses = dict(self.houses)
        new.restaurants = dict(self.restaurants)
        new.campaigns = dict(self.campaigns)
        new.demand = {k: list(v) for k, v in self.demand.items()}
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
            "joins": self.joins,
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
        m.set_joins(data.get("joins", "midpoint"))
        return m

    def __eq__(self, other):
        return isinstance(other, FcmMap) and self.to_dict() == other.to_dict() and self.terrain == other.terrain

    __hash__ = None

    def __repr__(self):
        rows = " / ".join(" ".join(f"{n}{k}" for n, k in row) for row in self.layout)
        return (f"FcmMap({self.cols}x{self.rows} tiles: {rows}; {len(self.houses)} houses, "
                f"{len(self.restaurants)} restaurants, {len(self.campaigns)} campaigns)")

    drawing_module = "toolkit.games.fcm.map.drawing"     # by name, as Game's: a map knows no drawing

    def _repr_png_(self):
        return importlib.import_module(self.drawing_module).map_png(self)

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

    # -------- answers remembered per map state (for speed: the agents and the options ask them often)
    def state_key(self) -> tuple:
        """What the placement rules and the Dinnertime's nearest restaurants read besides the printed map (which
        never changes): what stands on each square, each restaurant's entrance corner and whether it is open, the
        drive-ins. Made once after each change through ``put_house``, ``put_restaurant``, the other changes below
        and ``drive_ins``: a house or restaurant set into the dicts by hand is not seen, and the remembered
        answers go stale."""
        key = self._state
        if key is None:
            key = self._state = (frozenset(self._occ.items()),
                                 frozenset((r.rid, r.chain, r.corner, r.open) for r in self.restaurants.values()),
                                 self._drive_ins)
        return key

    def remembered(self, question: tuple, answer):
        """``answer()`` for ``question`` in this map state, worked out once per state (copies of the map share
        what was worked out: the state decides the answer). Answers are shared: never change one."""
        memo = self._memo
        if memo is None or len(memo) > 256:
            memo = self._memo = {}
        key = (question, self.state_key())
        if key not in memo:
            memo[key] = answer()
        return memo[key]

    def reach_answer(self, question: tuple, answer):
        """``answer()`` for ``question`` (about the houses campaigns reach) while the houses stand as they are:
        reach reads only the printed map and the houses with their gardens (FCM-6.2 to 6.5, FCM-I14), so it is
        worked out once for every copy of the map (the options' labels and each chain's agent weigh the same
        places). Houses change only through ``put_house``. Answers are shared: never change one."""
        answers = self._reach
        if answers is None:
            key = tuple((n, h.all_squares) for n, h in self.houses.items())
            if len(self.reach_memo) > 64:
                self.reach_memo.clear()
            answers = self._reach = self.reach_memo.setdefault(key, {})
        got = answers.get(question)
        if got is None:
            got = answers[question] = answer()
        return got

    def open_ground(self) -> tuple:
        """Two boolean grids ``[row][col]``: the square is empty (``is_empty``), and it touches a road (a road
        square beside it); made once per state of what stands on the map."""
        def grids():
            near = self._near
            if near is None:      # printed roads never change
                near = self._near = [[any(self.is_road((r + dr, c + dc)) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
                                      for c in range(self.width)] for r in range(self.height)]
            empty = [[self.is_empty((r, c)) for c in range(self.width)] for r in range(self.height)]
            return empty, near
        return self.remembered(("open ground",), grids)

    def sources(self) -> list:
        """Drink sources as ``(square, drink)``, in square order (printed on the tiles: found once)."""
        return list(self._sources)

    def house_at(self, sq):
        o = self._occ.get(sq)
        return self.houses[o[1]] if o and o[0] in ("house", "garden") else None

    @property
    def roads(self):
        """The road network (built once: roads never change after assembly)."""
        if self._roads is None:
            self._roads = RoadNetwork(self.terrain, self.joins)
        return self._roads

    def set_joins(self, joins: str) -> None:
        """How roads join across tile borders: 'midpoint' (original rules) or 'any' (Deluxe) (FCM-I10)."""
        if joins != self.joins:     # the remembered answers read the roads too (ranges), not keyed by the rule
            self.joins, self._roads, self._memo = joins, None, None

    # -------- changes (no rule checks here: placement.py checks, then calls these)
    @property
    def drive_ins(self) -> frozenset:
        """The chains whose open restaurants have an entrance at all four corners this round (FCM-3.7, FCM-I7)."""
        return self._drive_ins

    @drive_ins.setter
    def drive_ins(self, chains) -> None:
        self._drive_ins, self._state = frozenset(chains), None

    def put_restaurant(self, r: Restaurant) -> None:
        self._state = None
        old = self.restaurants.get(r.rid)
        if old is not None:
            for s in old.squares:
                del self._occ[s]
        self.restaurants[r.rid] = r
        for s in r.squares:
            self._occ[s] = ("restaurant", r.rid)

    def remove_restaurant(self, rid: str) -> None:
        self._state = None
        for s in self.restaurants.pop(rid).squares:
            del self._occ[s]

    def open_restaurants(self) -> None:
        """Coming-soon restaurants open (FCM-7.3)."""
        self._state = None
        for rid, r in list(self.restaurants.items()):
            if not r.open:
                self.restaurants[rid] = Restaurant(r.rid, r.chain, r.top, r.corner, True)

    def put_house(self, h: House) -> None:
        old = self.houses.get(h.number)
        if old is not None:
            for s in old.all_squares:
                del self._occ[s]
        self.houses[h.number] = h
        self._reach = self._state = None
        for s in h.squares:
            self._occ[s] = ("house", h.number)
        for s in h.garden:
            self._occ[s] = ("garden", h.number)

    def put_campaign(self, c: Campaign) -> None:
        self._state = None
        self.campaigns[c.number] = c
        for s in c.squares:
            self._occ[s] = ("campaign", c.number)

    def remove_campaign(self, number: int) -> None:
        self._state = None
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
        text = read_limited(path, 2**20).decode("utf-8")      # a layout is a few lines
    except Refused as e:
        raise DataFileError(path, "(file)", str(e)) from None
    except UnicodeDecodeError:
        raise DataFileError(path, "(file)", "not UTF-8 text") from None
    return parse_layout(text, str(path), tileset)


def map_from_layout(layout, tileset: TileSet | None = None) -> FcmMap:
    """A map from rows of tokens such as ``[["A0", "B1"], ["C2", "D3"]]`` (checked like a layout file)."""
    return parse_layout("\n".join(" ".join(row) for row in layout), "layout", tileset)
