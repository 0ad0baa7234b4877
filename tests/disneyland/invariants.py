"""Invariants of The Disneyland Game, checked after every step of thousands of random games."""
GAMES = 1000


def snapshot(g):
    return {"clock": g.clock, "current": g.current}


def check(g, before):
    # DL-2.1, DL-3.3, DL-3.4: the 48 cards and 18 photos are neither created nor lost
    cards = [c for p in g.piles.values() for c in p] + [c for h in g.held_cards for c in h]
    assert sorted(cards) == sorted(g.card), "cards created or lost"
    photos = g.photos + [p for h in g.held_photos for p in h]
    assert sorted(photos) == sorted(g.photo_good), "photos created or lost"
    # scores equal the cards held (DL-5.1, DL-5.2, DL-7.1)
    for s in range(1, g.players + 1):
        pts = sum(g.worth(c) for c in g.held_cards[s - 1] + g.held_photos[s - 1])
        assert g.scores()[s - 1] == pts
    # no two trains share a space (DL-4.4)
    assert len(set(g.pos)) == g.players
    assert 0 <= g.clock <= 12
    if before is not None:
        # the clock only moves forward, one hour at a time, and only to 9 at the end (DL-4.5, DL-5.6, DL-6.4)
        assert g.clock - before['clock'] in (0, 1) or (g.over and g.clock == 12 and before['clock'] == 11)
        if g.clock > before['clock'] and not g.over:
            assert g.board.track[g.pos[before['current'] - 1]].kind == "clock"
        assert g.over == (g.clock == 12)
    if g.over:
        w = g.winner()
        sc = g.scores()
        assert sc[w - 1] == max(sc)                               # DL-7.1
        tied = [s for s in range(1, g.players + 1) if sc[s - 1] == sc[w - 1]]
        assert g.card_count(w) == max(g.card_count(s) for s in tied)   # DL-7.2


# --- hidden information (tests/test_hidden_information.py; DL-5.2, DL-I2, DL-I7, DL-I8, DL-I13) ---------------
def perturb_hidden(g, seat, rng):
    """Change, in place, facts ``seat`` cannot see: the order of the photos on the camera or of a colour pile
    (face down to all), or, while a hand is being picked, the hand the hider put the smiling star in.
    Returns what changed, or None when nothing hidden from ``seat`` can change."""
    ways = []
    if len(g.photos) >= 2:
        ways.append("photos")
    piles = [c for c, p in g.piles.items() if len(p) >= 2]
    if piles:
        ways.append("pile")
    if g.stage[0] == "pick" and seat != g._hider():
        ways.append("smile")
    if not ways:
        return None
    way = rng.choice(ways)
    if way == "photos":
        i, j = rng.sample(range(len(g.photos)), 2)
        g.photos[i], g.photos[j] = g.photos[j], g.photos[i]
    elif way == "pile":
        p = g.piles[rng.choice(piles)]
        i, j = rng.sample(range(len(p)), 2)
        p[i], p[j] = p[j], p[i]
    else:
        g.stage = g.stage._replace(smile="right" if g.stage.smile == "left" else "left")
    return way


def learns(e, seat) -> bool:
    """Does event ``e`` (as the class sees it) show ``seat`` something hidden before? A photo it takes
    (DL-5.2, DL-I8), a card drawn face up (DL-5.1), the picked hand (DL-5.4, DL-5.5, DL-6.4, DL-6.5) and the
    final count (DL-7.1)."""
    if e.kind == "camera" or e.kind == "take":
        return seat in (e.player, e.data.get("target"))
    return e.kind in ("draw", "smile", "frown", "close", "win")
