"""Invariants of The McDonald's Game, checked after every step of thousands of random games."""
GAMES = 2000


def check(g, before):
    # MCD-1.5: the 120 food cards are neither created nor lost (racks + extras + pile + cards pulled in a race)
    assert g.card_total() == [15] * 8, "food cards created or lost"
    # MCD-1.6, MCD-7.1: no slot above 3, none below 0; extras never negative
    assert all(0 <= n <= 3 for r in g.racks for n in r), "a slot outside 0..3"
    assert all(n >= 0 for x in g.extras for n in x)
    # MCD-6.3, MCD-I19: every menu is in the menu pile or being read
    menus = list(g.menu_pile) + ([g.reading["menu"]] if g.reading else [])
    assert sorted(menus) == list(range(len(g.menus))), "menus created or lost"
    assert all(0 <= p < len(g.board.track) for p in g.pos)
    # the points come from orders (MCD-6.1) and extras (MCD-7.4) only
    assert sum(g.scores()) == g.stats["order_points"] + g.stats["extra_points"]
    if before is not None:
        # scores only grow
        assert all(a >= b for a, b in zip(g.scores(), before.scores())), "a score went down"
        assert g.turn >= before.turn
    if g.over:
        w = g.winner()
        assert g.scores()[w - 1] >= 25 or g.stats["hit_turn_limit"]       # MCD-8.1, MCD-I18
        assert sum(s >= 25 for s in g.scores()) <= 1                        # the first to 25 ends it (MCD-I17)
        assert g.reading is None
