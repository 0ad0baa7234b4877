"""The answers the map remembers per state (``FcmMap.remembered``, issue 14) are the answers worked out afresh:
the fast campaign search equals the checked one, and a remembered answer changes as soon as the map does."""
import dataclasses
import random

import pytest

from toolkit.core.errors import IllegalChoice
from toolkit.games.fcm.game import marketing
from toolkit.games.fcm.map import placement as pl
from toolkit.games.fcm.map import reach as rc

from .test_fcm_map_properties import random_map

MARKETEERS = (None, *pl.MARKETEERS)


def varied_map(players, seed, joins):
    """A random map whose chains differ: chain 1 has an open and a coming-soon restaurant and a drive-in (FCM-3.7,
    FCM-I7), chain 2 only a coming-soon one, chain 3 all three; roads joined by ``joins`` (FCM-I10)."""
    m = random_map(players, seed, restaurants=0)
    m.set_joins(joins)
    rng = random.Random(seed)
    for chain, kinds in ((1, ("regional", "local")), (3, ("regional", "regional", "regional")), (2, ("start",))):
        for kind in kinds:
            legal = pl.legal_restaurants(m, chain, kind)
            if legal:
                top, corner = rng.choice(legal)
                if kind == "local":
                    pl.place_local_restaurant(m, chain, top, corner)
                else:
                    pl.place_regional_restaurant(m, chain, top, corner)
    for r in [r for r in m.restaurants.values() if r.chain == 2]:
        m.put_restaurant(dataclasses.replace(r, open=False))       # coming soon only
    m.drive_ins = {1}
    return m


@pytest.mark.parametrize("players,seed,joins", [(2, 1, "midpoint"), (4, 3, "midpoint"), (3, 8, "any"),
                                                (5, 2, "midpoint"), (5, 11, "any")])
def test_fcm_3_4_campaign_places_equal_the_checked_search(players, seed, joins):
    m = varied_map(players, seed, joins)
    rng = random.Random(seed)
    tiles = [n for n, t in m.tileset.marketing.items() if t.kind != "airplane"][:5]
    found = 0
    for step in range(2):
        for chain in m.chains():
            for number in tiles:
                for who in MARKETEERS:
                    fast = pl.campaign_places(m, chain, number, who)
                    assert fast == pl.legal_campaigns(m, chain, number, who)
                    found += len(fast)
        # a campaign changes the map: the grids and the places must follow
        number = tiles[step]
        places = pl.legal_campaigns(m, m.chains()[0], number)
        if places:
            top, turned = rng.choice(places)
            pl.place_campaign(m, m.chains()[0], number, top, "burger", 1, turned)
    assert found > 0


@pytest.mark.parametrize("players,seed", [(2, 5), (4, 6)])
def test_fcm_i4_remembered_restaurants_follow_the_map(players, seed):
    m = random_map(players, seed, restaurants=0)
    rng = random.Random(seed)
    for chain in range(1, players + 1):
        fresh = pl._legal_restaurants(m, chain, "start", "RB")
        assert pl.legal_restaurants(m, chain, "start") == fresh
        if not fresh:
            continue
        top, corner = rng.choice(fresh)
        pl.place_starting_restaurant(m, chain, top, corner)
        after = pl.legal_restaurants(m, chain + 1 if chain < players else 1, "start")
        assert after == pl._legal_restaurants(m, chain + 1 if chain < players else 1, "start", "RB")
        assert (top, corner) not in after


def test_fcm_i10_a_remembered_answer_follows_the_join_rule():
    """What roads join (FCM-I10) is read by the remembered answers (a marketeer's or a manager's range along the
    roads) but is not part of the map state they are keyed by: a change of the rule forgets them."""
    m = random_map(2, 1)
    assert m.joins == "midpoint" and m.remembered(("joins",), lambda: m.joins) == "midpoint"
    m.set_joins("any")
    assert m.remembered(("joins",), lambda: m.joins) == "any"


@pytest.mark.parametrize("players,seed", [(2, 2), (3, 4), (4, 7), (5, 9)])
def test_fcm_3_7_listed_restaurant_places_are_every_place_the_checks_allow(players, seed):
    """FCM-3.7, FCM-I4, FCM-I5, FCM-I19, FCM-I21: the places listed for a starting, a local manager's and a
    regional manager's restaurant, under both rulesets, are exactly those the kind's check allows at every
    square and corner, in that order: for chains with none, some (coming soon, a drive-in) and all their
    restaurants, with either join rule."""
    from toolkit.core.errors import IllegalChoice
    m = varied_map(players, seed, "any" if seed % 2 else "midpoint")
    checks = {"start": pl.check_starting_restaurant, "regional": pl.check_regional_restaurant,
              "local": pl.check_local_restaurant}
    found = 0
    for chain in (1, 2, 3, 4):
        for kind, check in checks.items():
            for ruleset in ("original", "deluxe"):
                allowed = []
                for r in range(m.height - 1):
                    for c in range(m.width - 1):
                        for corner in ("nw", "ne", "sw", "se"):
                            try:
                                if kind == "local":
                                    check(m, chain, (r, c), corner, ruleset)
                                else:
                                    check(m, chain, (r, c), corner)
                            except IllegalChoice:
                                continue
                            allowed.append(((r, c), corner))
                assert pl.legal_restaurants(m, chain, kind, ruleset) == allowed, (chain, kind, ruleset)
                found += len(allowed)
    assert found > 0


@pytest.mark.parametrize("players,seed,joins", [(2, 0, "midpoint"), (3, 0, "any"), (4, 5, "midpoint"),
                                                (5, 0, "any"), (5, 7, "midpoint")])
def test_fcm_i11_square_distances_are_each_squares_location_distance(players, seed, joins):
    """FCM-3.4, FCM-I11, FCM-I18: the grid a marketeer's range is read from gives, for every empty square beside a
    road, the distance ``location_distance`` gives from the chain's open restaurants (drive-ins' four corners,
    bridges' lanes, coming-soon restaurants left out); FAR exactly where that is None."""
    from toolkit.games.fcm.map import roads
    m = varied_map(players, seed, joins)
    empty, near = m.open_ground()
    checked = 0
    for chain in (1, 2, 3, 4):
        grid = roads.square_distances(m, chain)
        opened = m.chain_restaurants(chain, open_only=True)
        for r in range(m.height):
            for c in range(m.width):
                if empty[r][c] and near[r][c]:
                    d = roads.location_distance(m, opened, ((r, c),))
                    assert (grid[r][c] if grid[r][c] < roads.FAR else None) == d, (chain, r, c)
                    checked += d is not None
    assert checked > 0


def _reach_by_the_rules(m, kind, squares=(), side=None, lines=()):
    """FCM-6.2 to 6.5 read square by square (FCM-I14: a house is reached through any of its squares, garden
    included): what the remembered reach must equal."""
    blocks = rc.mailbox_blocks(m)
    tile = lambda s: (s[0] // 5, s[1] // 5)      # noqa: E731 - a map tile is 5x5 squares
    out = []
    for n, h in sorted(m.houses.items()):
        if kind == "billboard":
            hit = any(abs(a - r) + abs(b - c) == 1 for a, b in h.all_squares for r, c in squares)
        elif kind == "mailbox":
            hit = any(blocks.get(s) is not None and blocks.get(s) in {blocks.get(q) for q in squares}
                      for s in h.all_squares)
        elif kind == "airplane":
            hit = any(s[0 if side in ("w", "e") else 1] in lines for s in h.all_squares)
        else:
            hit = any(abs(tile(s)[0] - tile(q)[0]) <= 1 and abs(tile(s)[1] - tile(q)[1]) <= 1
                      for s in h.all_squares for q in squares)
        if hit:
            out.append(n)
    return out


def _every_reach(m):
    """(kind, marketing.reached, reach worked out by the rules) for every tile and every place on the map."""
    for number, t in m.tileset.marketing.items():
        if t.kind == "airplane":
            length = {"w": m.height, "e": m.height, "n": m.width, "s": m.width}
            for side in "nesw":
                for first in range(length[side] - t.size[1] + 1):
                    lines = range(first, first + t.size[1])
                    yield (marketing.reached(m, number, f"{side} {first}"),
                           _reach_by_the_rules(m, "airplane", side=side, lines=lines))
            continue
        for r in range(0, m.height, 2):
            for c in range(0, m.width, 3):
                for turned in (False, True):
                    sq = [s for s in pl.campaign_squares(m, number, (r, c), turned) if m.on_map(s)]
                    value = f"{r},{c}" + (" turned" if turned else "")
                    if len(sq) == t.size[0] * t.size[1]:
                        yield marketing.reached(m, number, value), _reach_by_the_rules(m, t.kind, sq)


@pytest.mark.parametrize("players,seed", [(2, 4), (4, 9), (5, 13)])
def test_fcm_6_2_to_6_5_remembered_reach_follows_the_houses_and_their_gardens(players, seed):
    """The reach remembered with the map (``FcmMap.reach_answer``) is the rules' reach at every place, for
    every kind, asked twice; a garden or a new house changes it at once, and a copy made before keeps the old
    houses' answers."""
    m = random_map(players, seed, restaurants=0)
    for _ in range(2):                                       # worked out, then read back
        got = list(_every_reach(m))
        assert got and all(tuple(want) == have for have, want in got)
    before = m.copy()
    old = [have for have, _ in _every_reach(before)]
    rng = random.Random(seed)
    changed = 0
    for n in sorted(m.houses):                              # FCM-I14: gardens reach too
        for side in ("n", "e", "s", "w"):
            try:
                pl.place_garden(m, n, side)
            except IllegalChoice:
                continue
            changed += 1
            break
        if changed == 2:
            break
    number = next(n for n in m.tileset.house_tiles if n not in m.houses)
    new = pl.legal_new_houses(m, number)
    if new:
        top, side = rng.choice(new)
        pl.place_new_house(m, number, top, side)
        changed += 1
    assert changed >= 2
    now = list(_every_reach(m))
    assert all(tuple(want) == have for have, want in now)
    assert [have for have, _ in now] != old                  # the new squares reach somewhere
    assert [have for have, _ in _every_reach(before)] == old


def _state_afresh(m):
    return (frozenset(m._occ.items()), frozenset((r.rid, r.chain, r.corner, r.open) for r in m.restaurants.values()),
            frozenset(m.drive_ins))


def test_fcm_3_7_the_remembered_state_key_follows_every_change_to_the_map():
    """The map state that remembered answers are filed under is made once after a change: every change a game
    makes (restaurants placed, coming soon and opened, FCM-3.7, FCM-7.3; houses and gardens, FCM-3.6;
    campaigns placed and removed, FCM-3.4, FCM-6.7; drive-ins, FCM-I7) makes it anew, and a copy keeps its own."""
    m = varied_map(4, 3, "midpoint")
    rng = random.Random(3)
    keys = {m.state_key()}
    assert m.state_key() == _state_afresh(m)
    before = m.copy()
    old = before.state_key()
    assert old is m.state_key()           # copies share the key made once (not one per copy: each is ~150 objects)

    def changed(what):
        assert m.state_key() == _state_afresh(m), what
        assert m.state_key() not in keys, what
        keys.add(m.state_key())

    top, corner = rng.choice(pl.legal_restaurants(m, 4, "start"))
    r = pl.place_starting_restaurant(m, 4, top, corner)
    changed("a restaurant")
    m.put_restaurant(dataclasses.replace(r, open=False))
    changed("coming soon")
    m.open_restaurants()
    assert m.state_key() == _state_afresh(m)
    m.remove_restaurant(r.rid)
    changed("a restaurant removed")
    number = next(n for n, t in m.tileset.marketing.items() if t.kind == "billboard")
    top, turned = pl.legal_campaigns(m, 1, number)[0]
    pl.place_campaign(m, 1, number, top, "beer", 1, turned)
    changed("a campaign")
    m.remove_campaign(number)
    assert m.state_key() == _state_afresh(m)
    n = next(n for n in m.tileset.house_tiles if n not in m.houses)
    top, side = pl.legal_new_houses(m, n)[0]
    pl.place_new_house(m, n, top, side)
    changed("a house")
    m.drive_ins = {2, 3}
    changed("drive-ins")
    with pytest.raises(AttributeError):
        m.drive_ins.add(4)                 # only a new set is seen: the drive-ins cannot be changed in place
    assert before.state_key() == old == _state_afresh(before)
