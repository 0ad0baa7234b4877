"""Invariants of The Disneyland Game, checked after every step of thousands of random games."""
GAMES = 2000


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
