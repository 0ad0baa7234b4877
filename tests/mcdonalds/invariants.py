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


# --- hidden information (tests/test_hidden_information.py; MCD-1.5, MCD-1.7, MCD-7.2, MCD-I6, MCD-I20) -------
def perturb_hidden(g, seat, rng):
    """Change, in place, facts ``seat`` cannot see: the order of the face-down food pile or menu pile, or an
    extra of another player (face down) swapped with a card of another item from the pile. Returns what
    changed, or None."""
    ways = []
    if len(set(g.pile)) >= 2:
        ways.append("pile")
    if len(g.menu_pile) >= 2:
        ways.append("menus")
    others = [(s, i) for s in range(1, g.players + 1) if s != seat for i in range(8) if g.extras[s - 1][i]]
    if others and g.pile:
        ways.append("extra")
    while ways:
        way = rng.choice(ways)
        if way == "pile":
            while True:
                i, j = rng.sample(range(len(g.pile)), 2)
                if g.pile[i] != g.pile[j]:
                    g.pile[i], g.pile[j] = g.pile[j], g.pile[i]
                    return way
        if way == "menus":
            i, j = rng.sample(range(len(g.menu_pile)), 2)
            g.menu_pile[i], g.menu_pile[j] = g.menu_pile[j], g.menu_pile[i]
            return way
        s, i = rng.choice(others)
        k = next((k for k in range(len(g.pile)) if g.pile[k] != i), None)
        if k is None:
            ways.remove(way)
            continue
        j = g.pile[k]
        g.extras[s - 1][i] -= 1
        g.extras[s - 1][j] += 1
        g.pile[k] = i
        g._decision = g._next_decision()      # the owner's "return extras?" labels count points
        return f"an extra of player {s}"
    return None


def learns(e, seat) -> bool:
    """Does event ``e`` show ``seat`` a card or menu it had not seen? Cards it draws (MCD-3.3), cards drawn
    into any rack, face up (MCD-I6), extras shown for points (MCD-7.4, MCD-I20), its own forgotten extras
    and the menu read (MCD-3.6), and every player's extras at the end (MCD-I22)."""
    if e.kind in ("cards", "forget") and e.player == seat:
        return True
    return (e.kind == "cards" and "into the rack" in e.text) or e.kind in ("extras", "menu", "win", "closing")
