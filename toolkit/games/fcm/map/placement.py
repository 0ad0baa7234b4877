"""Where things may be placed on the map, with refusals that cite the rule: restaurants at setup
(FCM-I4) and by local and regional managers (FCM-3.7), houses and gardens (FCM-3.6), marketing tiles
(FCM-3.4).

Each ``check_*`` raises ``IllegalChoice`` and changes nothing; each ``place_*`` checks, then changes the
map; each ``legal_*`` lists every legal placement in a fixed order (for an engine's options).

>>> from toolkit.games.fcm.map.board import map_from_layout
>>> m = map_from_layout([["A0", "Q0"]])
>>> place_starting_restaurant(m, 0, (3, 3), "nw").entrance
(3, 3)
>>> place_starting_restaurant(m, 1, (0, 0), "se")
Traceback (most recent call last):
...
toolkit.core.errors.IllegalChoice: the entrance (1, 1) is on tile (0, 0), which already holds an entrance [FCM-I4]
"""
from __future__ import annotations

from ....core.errors import IllegalChoice
from .board import CORNERS, SIDES, Campaign, FcmMap, House, Restaurant, corner_square, rect
from .roads import RANGES, STEPS, entrances, location_distance, restaurant_ends, square_distances

MAX_RESTAURANTS = 3
#: What each marketeer may place and its longest duration (FCM-3.4, FCM-I18).
MARKETEERS = {
    "marketing trainee": (("billboard",), 2),
    "campaign manager": (("billboard", "mailbox"), 3),
    "brand manager": (("billboard", "mailbox", "airplane"), 4),
    "brand director": (("billboard", "mailbox", "airplane", "radio"), 5),
}


def _refuse(message, clauses):
    raise IllegalChoice(message, clauses)


def _touches_road(fmap: FcmMap, squares, outside=()) -> bool:
    return any(fmap.is_road((r + dr, c + dc)) for r, c in squares for dr, dc in STEPS
               if (r + dr, c + dc) not in outside)


def _check_free(fmap: FcmMap, squares, clauses, what, ignore=None):
    for s in squares:
        if not fmap.on_map(s):
            _refuse(f"the {what} would stick out of the map at {s}", clauses)
        o = fmap.occupant(s)
        if o is not None and o != ignore:
            _refuse(f"square {s} is taken by a {o[0]} ({o[1]})", clauses)
        if o is None and not fmap.is_empty(s):
            _refuse(f"square {s} is {fmap.terrain_at(s)}, not empty", clauses)


# ---------------------------------------------------------------- restaurants

def _check_restaurant_shape(fmap, chain, top, corner, clauses, ignore=None):
    if corner not in CORNERS:
        _refuse(f"the entrance corner must be one of {CORNERS}, not {corner!r}", clauses)
    squares = rect(tuple(top), 2, 2)
    _check_free(fmap, squares, clauses, "restaurant", ignore)
    e = corner_square(tuple(top), corner)
    if not _touches_road(fmap, (e,), squares):
        _refuse(f"the entrance {e} does not touch a road", clauses + ("FCM-I5",))
    return squares, e


def _chain_full(fmap, chain) -> bool:
    """The chain has all its restaurants on the map (FCM-I21)."""
    return len(fmap.chain_restaurants(chain)) >= MAX_RESTAURANTS


def _check_count(fmap, chain, clauses):
    if _chain_full(fmap, chain):
        _refuse(f"chain {chain} already has {MAX_RESTAURANTS} restaurants", clauses + ("FCM-I21",))


def _next_rid(fmap, chain):
    k = 1
    while f"{chain}-{k}" in fmap.restaurants:
        k += 1
    return f"{chain}-{k}"


def check_starting_restaurant(fmap: FcmMap, chain: int, top, corner: str) -> None:
    """A starting restaurant: on empty squares, its entrance touching a road, and its entrance not on a tile
    that already holds another restaurant's entrance (FCM-I4, FCM-I5)."""
    clauses = ("FCM-I4",)
    _check_count(fmap, chain, clauses)
    _, e = _check_restaurant_shape(fmap, chain, top, corner, clauses)
    t = fmap.tile_of(e)
    if t in _entrance_tiles(fmap):
        _refuse(f"the entrance {e} is on tile {t}, which already holds an entrance", clauses)


def _entrance_tiles(fmap: FcmMap) -> set:
    """The tiles that hold a restaurant's entrance: a starting restaurant's entrance may not be on one (FCM-I4)."""
    return {fmap.tile_of(r.entrance) for r in fmap.restaurants.values()}


def place_starting_restaurant(fmap: FcmMap, chain: int, top, corner: str) -> Restaurant:
    """Check (``check_starting_restaurant``) and place an open starting restaurant."""
    check_starting_restaurant(fmap, chain, top, corner)
    r = Restaurant(_next_rid(fmap, chain), chain, tuple(top), corner, True)
    fmap.put_restaurant(r)
    return r


#: The map layer's rules by the game's names ("original", "deluxe", FCM-I67) and by the short names the map
#: layer was written with ("RB" for the rulebook, "DLX" for the Deluxe edition).
MAP_RULESETS = {"original": "RB", "RB": "RB", "deluxe": "DLX", "DLX": "DLX"}


def map_rules(ruleset: str) -> str:
    """``ruleset`` as the map layer's "RB" or "DLX"; a name it does not know is an error, not the original rules.

    >>> map_rules("deluxe"), map_rules("RB")
    ('DLX', 'RB')
    """
    try:
        return MAP_RULESETS[ruleset]
    except (KeyError, TypeError):
        raise ValueError(f"ruleset must be 'original' or 'deluxe' (or the map layer's 'RB' or 'DLX'), "
                         f"not {ruleset!r}") from None


def _range_starts(fmap, chain, ruleset) -> list:
    """Where a local manager's range is measured from: the original rules, every existing restaurant of the
    chain, coming-soon ones included; Deluxe, its open ones (FCM-I19). Their ``restaurant_ends``."""
    return [restaurant_ends(fmap, r) for r in fmap.chain_restaurants(chain, open_only=ruleset == "DLX")]


def _range_ok(fmap, chain, squares, entrance, rng, ruleset, starts=None):
    where = (entrance,) if ruleset == "DLX" else squares
    d = location_distance(fmap, None, where, _range_starts(fmap, chain, ruleset) if starts is None else starts)
    return d is not None and d <= rng


def check_local_restaurant(fmap: FcmMap, chain: int, top, corner: str, ruleset: str = "RB", starts=None) -> None:
    """A local manager's new restaurant: empty squares, entrance touching a road, and within road range 3
    of an entrance of the chain: RB, of any existing restaurant (coming soon included), some square of it
    touching a road within range; DLX, of an open restaurant, its entrance touching such a road (FCM-3.7, FCM-I19).
    ``starts``: ``_range_starts`` when worked out already (every place of a map state against the same)."""
    clauses = ("FCM-3.7",)
    ruleset = map_rules(ruleset)
    _check_count(fmap, chain, clauses)
    squares, e = _check_restaurant_shape(fmap, chain, top, corner, clauses)
    if not _range_ok(fmap, chain, squares, e, RANGES["local manager"], ruleset, starts):
        what = "its entrance" if ruleset == "DLX" else "it"
        whose = "an open" if ruleset == "DLX" else "a"
        _refuse(f"{what} is not within road range {RANGES['local manager']} of {whose} restaurant of chain {chain}",
                clauses + ("FCM-I19",))


def place_local_restaurant(fmap: FcmMap, chain: int, top, corner: str, ruleset: str = "RB") -> Restaurant:
    """Check and place a local manager's restaurant, coming soon (FCM-3.7)."""
    check_local_restaurant(fmap, chain, top, corner, ruleset)
    r = Restaurant(_next_rid(fmap, chain), chain, tuple(top), corner, False)
    fmap.put_restaurant(r)
    return r


def check_regional_restaurant(fmap: FcmMap, chain: int, top, corner: str, move: str | None = None) -> None:
    """A regional manager's restaurant anywhere on empty squares with its entrance touching a road; with
    ``move`` (a restaurant id of the chain), that restaurant is moved and/or rotated there, its old
    squares counting as free (FCM-3.7, FCM-I20)."""
    clauses = ("FCM-3.7",)
    ignore = None
    if move is None:
        _check_count(fmap, chain, clauses)
    else:
        r = fmap.restaurants.get(move)
        if r is None or r.chain != chain:
            _refuse(f"chain {chain} has no restaurant {move!r} to move", clauses + ("FCM-I20",))
        ignore = ("restaurant", move)
        if tuple(top) == r.top and corner == r.corner:
            _refuse("moving a restaurant must change its place or its entrance", clauses + ("FCM-I20",))
    _check_restaurant_shape(fmap, chain, top, corner, clauses, ignore)


def place_regional_restaurant(fmap: FcmMap, chain: int, top, corner: str, move: str | None = None) -> Restaurant:
    """Check and place (or move) a regional manager's restaurant: a new one is open at once; a moved one keeps
    its side, so a coming-soon restaurant still opens in Clean-up (FCM-3.7, FCM-I20)."""
    check_regional_restaurant(fmap, chain, top, corner, move)
    rid = move or _next_rid(fmap, chain)
    r = Restaurant(rid, chain, tuple(top), corner, True if move is None else fmap.restaurants[move].open)
    fmap.put_restaurant(r)
    return r


def legal_restaurants(fmap: FcmMap, chain: int, kind: str = "start", ruleset: str = "RB") -> list:
    """Every legal ``(top, corner)`` for a new restaurant: ``kind`` 'start', 'local' or 'regional' (worked out
    once per map state: the options and the agents both ask). ``ruleset``: 'original' or 'deluxe' (FCM-I19)."""
    ruleset = map_rules(ruleset)
    return list(fmap.remembered(("restaurants", chain, kind, ruleset),
                                lambda: tuple(_legal_restaurants(fmap, chain, kind, ruleset))))


def _legal_restaurants(fmap: FcmMap, chain: int, kind: str, ruleset: str) -> list:
    """The places the kind's check allows, in square then corner order, found without raising its refusals at every
    square: a chain with its restaurants all placed has none (FCM-I21); a place whose squares are not all empty or
    whose entrance touches no road (``open_ground``) is passed over, as ``_check_restaurant_shape`` would refuse it,
    and the others pass it; what the kind checks beyond that is checked (a starting restaurant's tile, FCM-I4; a
    local manager's range, FCM-I19). ``tests/fcm_map`` holds it to the checks at every place."""
    if kind not in ("start", "local", "regional"):
        raise ValueError(f"kind must be 'start', 'local' or 'regional', not {kind!r}")
    if _chain_full(fmap, chain):
        return []
    empty, near = fmap.open_ground()
    starts = _range_starts(fmap, chain, ruleset) if kind == "local" else None
    entrance_tiles = _entrance_tiles(fmap) if kind == "start" else ()
    reach = RANGES["local manager"]
    out = []
    for r in range(fmap.height - 1):
        for c in range(fmap.width - 1):
            if not (empty[r][c] and empty[r][c + 1] and empty[r + 1][c] and empty[r + 1][c + 1]):
                continue
            squares = None
            for corner in CORNERS:
                er, ec = corner_square((r, c), corner)
                if not near[er][ec]:         # the entrance touches no road (FCM-I5)
                    continue
                if kind == "start":
                    if fmap.tile_of((er, ec)) in entrance_tiles:     # FCM-I4
                        continue
                elif kind == "local":
                    squares = squares or rect((r, c), 2, 2)
                    if not _range_ok(fmap, chain, squares, (er, ec), reach, ruleset, starts):
                        continue
                out.append(((r, c), corner))
    return out


# ---------------------------------------------------------------- houses and gardens (FCM-3.6)

def garden_squares(top, side: str) -> tuple:
    """The 2x1 garden on ``side`` of the 2x2 house at ``top``, so that house and garden make 2x3 (FCM-I8).

    >>> garden_squares((3, 4), "e"), garden_squares((3, 4), "n")
    (((3, 6), (4, 6)), ((2, 4), (2, 5)))
    """
    r, c = top
    return {"n": ((r - 1, c), (r - 1, c + 1)), "s": ((r + 2, c), (r + 2, c + 1)),
            "w": ((r, c - 1), (r + 1, c - 1)), "e": ((r, c + 2), (r + 1, c + 2))}[side]


def gardens_used(fmap: FcmMap) -> int:
    """Separate garden tiles on the map (gardens added to printed houses)."""
    return sum(1 for h in fmap.houses.values() if h.printed and h.garden)


def check_new_house(fmap: FcmMap, number: int, top, side: str) -> None:
    """A house-with-garden tile: a number still in the box, on empty squares, house and garden together
    touching a road (FCM-3.6, FCM-I8)."""
    clauses = ("FCM-3.6",)
    if number not in fmap.tileset.house_tiles:
        _refuse(f"there is no house-with-garden tile {number} (the box has {list(fmap.tileset.house_tiles)})",
                clauses + ("FCM-I8",))
    if number in fmap.houses:
        _refuse(f"house {number} is already on the map", clauses + ("FCM-I8",))
    if side not in SIDES:
        _refuse(f"the garden side must be one of {SIDES}, not {side!r}", clauses + ("FCM-I8",))
    squares = rect(tuple(top), 2, 2) + garden_squares(tuple(top), side)
    _check_free(fmap, squares, clauses, "house")
    if not _touches_road(fmap, squares):
        _refuse("a new house must touch a road (its garden may be the part that does)", clauses + ("FCM-I8",))


def place_new_house(fmap: FcmMap, number: int, top, side: str) -> House:
    """Check and place a house-with-garden tile (FCM-3.6)."""
    check_new_house(fmap, number, top, side)
    h = House(number, rect(tuple(top), 2, 2), garden_squares(tuple(top), side), printed=False)
    fmap.put_house(h)
    return h


def check_garden(fmap: FcmMap, number: int, side: str) -> None:
    """A garden added to a printed house without one, on empty squares on one side so house and garden make
    a 2x3 rectangle, while garden tiles are left (FCM-3.6, FCM-I8)."""
    clauses = ("FCM-3.6",)
    h = fmap.houses.get(number)
    if h is None:
        _refuse(f"there is no house {number} on the map", clauses)
    if not h.printed:
        _refuse(f"house {number} came with its garden", clauses + ("FCM-I8",))
    if h.garden:
        _refuse(f"house {number} already has a garden", clauses + ("FCM-I8",))
    if gardens_used(fmap) >= fmap.tileset.gardens:
        _refuse(f"all {fmap.tileset.gardens} garden tiles are on the map", clauses + ("FCM-I8",))
    if side not in SIDES:
        _refuse(f"the garden side must be one of {SIDES}, not {side!r}", clauses + ("FCM-I8",))
    _check_free(fmap, garden_squares(min(h.squares), side), clauses, "garden")


def place_garden(fmap: FcmMap, number: int, side: str) -> House:
    """Check and add a garden to a printed house (FCM-3.6)."""
    check_garden(fmap, number, side)
    h = fmap.houses[number]
    h = House(h.number, h.squares, garden_squares(min(h.squares), side), printed=True)
    fmap.put_house(h)
    return h


def legal_new_houses(fmap: FcmMap, number: int) -> list:
    """Every legal ``(top, side)`` for house-with-garden tile ``number`` (worked out once per map state: the
    options and the agents both ask)."""
    return list(fmap.remembered(("new houses", number), lambda: tuple(_legal_new_houses(fmap, number))))


def _legal_new_houses(fmap: FcmMap, number: int) -> list:
    """``check_new_house`` at every place, in square then side order; the places whose squares are not all empty
    or of which none touches a road (``open_ground``) are passed over without it, as it would refuse them."""
    empty, near = fmap.open_ground()
    height, width = fmap.height, fmap.width
    out = []
    for r in range(height - 1):
        for c in range(width - 1):
            if not (empty[r][c] and empty[r][c + 1] and empty[r + 1][c] and empty[r + 1][c + 1]):
                continue
            house_near = near[r][c] or near[r][c + 1] or near[r + 1][c] or near[r + 1][c + 1]
            for side in SIDES:
                garden = garden_squares((r, c), side)
                if not all(0 <= gr < height and 0 <= gc < width and empty[gr][gc] for gr, gc in garden):
                    continue
                if not (house_near or any(near[gr][gc] for gr, gc in garden)):
                    continue
                try:
                    check_new_house(fmap, number, (r, c), side)
                except IllegalChoice:
                    continue
                out.append(((r, c), side))
    return out


# ---------------------------------------------------------------- marketing tiles (FCM-3.4)

def campaign_squares(fmap: FcmMap, number: int, top, turned: bool = False) -> tuple:
    """Squares of marketing tile ``number`` with top-left ``top``, turned a quarter if ``turned``."""
    h, w = fmap.tileset.marketing[number].size
    return rect(tuple(top), w, h) if turned else rect(tuple(top), h, w)


def _check_marketeer(fmap, number, marketeer, duration, clauses):
    if number not in fmap.tileset.marketing:
        _refuse(f"there is no marketing tile {number}", clauses)
    if number in fmap.campaigns:
        _refuse(f"marketing tile {number} is already on the map", clauses)
    kind = fmap.tileset.marketing[number].kind
    if marketeer is not None:
        if marketeer not in MARKETEERS:
            _refuse(f"{marketeer!r} is not a marketeer ({', '.join(MARKETEERS)})", clauses)
        kinds, longest = MARKETEERS[marketeer]
        if kind not in kinds:
            _refuse(f"a {marketeer} cannot place a {kind}", clauses + ("FCM-I18",))
        if not 1 <= duration <= longest:
            _refuse(f"a {marketeer}'s campaign lasts 1 to {longest} rounds, not {duration}", clauses + ("FCM-I18",))
    return kind


def check_campaign(fmap: FcmMap, chain: int, number: int, top, turned: bool = False,
                   marketeer: str | None = None, duration: int = 1) -> None:
    """A billboard, mailbox or radio: on empty squares, one of them next to a road, and for a marketeer with
    road range, touching a road within that range of one of the chain's open entrances (FCM-3.4, FCM-I18)."""
    clauses = ("FCM-3.4",)
    kind = _check_marketeer(fmap, number, marketeer, duration, clauses)
    if kind == "airplane":
        _refuse("airplanes go along the map edge (use check_airplane)", clauses + ("FCM-I16",))
    squares = campaign_squares(fmap, number, top, turned)
    _check_free(fmap, squares, clauses, kind)
    if not _touches_road(fmap, squares):
        _refuse(f"a {kind} must be next to a road", clauses + ("FCM-I18",))
    rng = RANGES.get(marketeer)
    if rng is not None:
        if not _within_range(fmap, fmap.chain_restaurants(chain, open_only=True), squares, rng):
            _refuse(f"the {kind} is not within road range {rng} of an open restaurant of chain {chain}",
                    clauses + ("FCM-I18",))


def _within_range(fmap, opened, squares, rng) -> bool:
    d = location_distance(fmap, opened, squares)
    return d is not None and d <= rng


def campaign_places(fmap: FcmMap, chain: int, number: int, marketeer: str | None = None) -> list:
    """``legal_campaigns`` found fast, in the same order: the footprints on empty squares with one touching a road
    (``open_ground``), then the marketeer's road range, the checks of ``check_campaign`` (FCM-3.4, FCM-I18)."""
    try:
        kind = _check_marketeer(fmap, number, marketeer, 1, ("FCM-3.4",))
    except IllegalChoice:
        return []
    if kind == "airplane":
        return []
    empty, near = fmap.open_ground()
    rng = RANGES.get(marketeer)
    dist = None if rng is None else square_distances(fmap, chain)      # the range, as location_distance
    h, w = fmap.tileset.marketing[number].size
    out = []
    for turned in ((False, True) if h != w else (False,)):
        hh, ww = (w, h) if turned else (h, w)
        for r in range(fmap.height - hh + 1):
            for c in range(fmap.width - ww + 1):
                if not empty[r][c]:
                    continue
                end = c + ww                               # the footprint: rows r..r+hh-1, columns c..end-1
                if (all(all(row[c:end]) for row in empty[r:r + hh]) and any(any(row[c:end]) for row in near[r:r + hh])
                        and (dist is None or min(min(row[c:end]) for row in dist[r:r + hh]) <= rng)):
                    out.append(((r, c), turned))
    return out


def place_campaign(fmap: FcmMap, chain: int, number: int, top, good: str, duration: int, turned: bool = False,
                   marketeer: str | None = None, eternal: bool = False) -> Campaign:
    """Check and place a billboard, mailbox or radio advertising ``good`` (FCM-3.4)."""
    check_campaign(fmap, chain, number, top, turned, marketeer, duration)
    kind = fmap.tileset.marketing[number].kind
    c = Campaign(number, kind, campaign_squares(fmap, number, top, turned), chain, good, duration, eternal)
    fmap.put_campaign(c)
    return c


def check_airplane(fmap: FcmMap, chain: int, number: int, side: str, first: int,
                   marketeer: str | None = None, duration: int = 1, ruleset: str = "RB") -> None:
    """An airplane outside map edge ``side``, flying over ``span`` rows or columns from ``first``, none past a
    corner; with ruleset 'deluxe' ('DLX') it may not overlap another airplane on that edge (FCM-3.4, FCM-I16)."""
    clauses = ("FCM-3.4",)
    ruleset = map_rules(ruleset)
    kind = _check_marketeer(fmap, number, marketeer, duration, clauses)
    if kind != "airplane":
        _refuse(f"marketing tile {number} is a {kind}, not an airplane", clauses)
    if side not in SIDES:
        _refuse(f"the edge must be one of {SIDES}, not {side!r}", clauses + ("FCM-I16",))
    span = fmap.tileset.marketing[number].size[1]
    length = fmap.height if side in ("w", "e") else fmap.width
    if not (0 <= first and first + span <= length):
        _refuse(f"an airplane over {span} lines from {first} would overhang the map ({length} lines)",
                clauses + ("FCM-I16",))
    if ruleset == "DLX":
        mine = set(range(first, first + span))
        for c in fmap.campaigns.values():
            if c.kind == "airplane" and c.side == side and mine & set(c.lines):
                _refuse(f"airplane {c.number} already flies there on that edge", clauses + ("FCM-I16",))


def place_airplane(fmap: FcmMap, chain: int, number: int, side: str, first: int, good: str, duration: int,
                   marketeer: str | None = None, eternal: bool = False, ruleset: str = "RB") -> Campaign:
    """Check and place an airplane (FCM-3.4, FCM-6.4)."""
    check_airplane(fmap, chain, number, side, first, marketeer, duration, ruleset)
    span = fmap.tileset.marketing[number].size[1]
    c = Campaign(number, "airplane", (), chain, good, duration, eternal, side, tuple(range(first, first + span)))
    fmap.put_campaign(c)
    return c


def legal_campaigns(fmap: FcmMap, chain: int, number: int, marketeer: str | None = None) -> list:
    """Every legal ``(top, turned)`` for billboard, mailbox or radio ``number``."""
    out = []
    h, w = fmap.tileset.marketing[number].size
    for turned in ((False, True) if h != w else (False,)):
        for r in range(fmap.height):
            for c in range(fmap.width):
                try:
                    check_campaign(fmap, chain, number, (r, c), turned, marketeer)
                except IllegalChoice:
                    continue
                out.append(((r, c), turned))
    return out


__all__ = [
    "MARKETEERS", "MAX_RESTAURANTS", "campaign_squares", "check_airplane", "check_campaign", "check_garden",
    "check_local_restaurant", "check_new_house", "check_regional_restaurant", "check_starting_restaurant",
    "entrances", "garden_squares", "gardens_used", "legal_campaigns", "legal_new_houses", "legal_restaurants",
    "place_airplane", "place_campaign", "place_garden", "place_local_restaurant", "place_new_house",
    "place_regional_restaurant", "place_starting_restaurant",
]
