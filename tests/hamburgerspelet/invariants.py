"""Invariants of Hamburgerspelet, checked after every step of many random games (tests/test_conformance.py)."""
from toolkit.games.hamburgerspelet.rules import EMPTY, NOT_SEEN

GAMES = 150     # random games are long (hundreds of turns with four players, up to ~15,000 decisions)


def check(g, before):
    n = g.n_ingredients
    # HB-2.1: the 36 tiles are neither created nor lost: middle + cards + in hand, four of each
    assert g.tile_count() == [g.board.copies] * n, "tiles created or lost"
    assert (g.hand is None) == (g.stage[0] not in ("place", "keep"))
    # HB-6.2: at most one of each on a card (the card is a set); the count agrees
    assert g.held == [sum(c) for c in g.cards]
    # the counts and spot lists the engine keeps up to date for speed agree with the state they summarise
    assert g.on_cards == [sum(col) for col in zip(*g.cards)]
    assert g.middle.down == [s for s, t in enumerate(g.spots) if t != EMPTY]
    assert g.middle.free == [s for s, t in enumerate(g.spots) if t == EMPTY]
    # ... and so do the options offered for them (a take's and a place's labels)
    assert g.middle.down_opts == [g.texts.spot[s] for s in g.middle.down]
    assert g.middle.free_opts == [g.texts.spot[s] for s in g.middle.free]
    for seat in range(1, g.players + 1):
        card = g.cards[seat - 1]
        # HB-6.1: the bun only last, and a card with the bun is full and has won (HB-7.1)
        if card[g.bun]:
            assert all(card) and g.over and g.winner() == seat, "bun on a card that is not full"
    # HB-I11: what a player knows of the middle is true (they saw it and it has not moved unseen)
    spots = g.spots
    for q in range(g.players):
        for k, seen, t in zip(g.known[q], g.seen[q], spots):
            if k != NOT_SEEN:
                assert k == t and 0 <= seen <= len(g.choices), f"player {q + 1} knows a wrong tile"
            else:
                assert seen == NOT_SEEN
    # HB-I5: the buns stay in the middle (or in a hand) until the game is won, so a take always finds a tile
    if not g.over:
        assert g.spots.count(g.bun) + (g.hand is not None and g.hand[0] == g.bun) == g.board.copies
    if g.stage[0] == "take":
        assert g.spots.count(EMPTY) < len(g.spots)
    # HB-I3: chefs are on the loop; HB-7.1: the winner has a full card
    assert all(0 <= c < len(g.board.loop) for cs in g.chefs for c in cs)
    if g.over:
        assert g.scores()[g.winner() - 1] == n and sum(s == n for s in g.scores()) == 1
    if before is not None:
        # only the player whose turn it is moves chefs or gains ingredients by taking (HB-4.2)
        for seat in range(1, g.players + 1):
            if seat != before.current:
                assert g.chefs[seat - 1] == before.chefs[seat - 1]
                assert g.held[seat - 1] <= before.held[seat - 1]      # others only lose (HB-5.5)
        # knowledge only grows from a look by that player, or a steal everyone saw (HB-5.1, HB-5.6, HB-I11):
        # a tile taken into the hand is known to the taker, to all if stolen, else to those who knew its spot
        step = len(g.choices)
        if g.hand is not None and before.hand is None:
            tile, origin, saw = g.hand
            for q in range(g.players):
                if saw[q] == step:
                    assert before.current == q + 1 or before.stage[0] in ("steal", "keep"), \
                        f"player {q + 1} saw a tile another player took"
                elif saw[q] != NOT_SEEN:
                    assert origin != EMPTY and before.known[q][origin] == tile and before.seen[q][origin] == saw[q]
        # a spot becomes known only when a tile from the hand is put on it, to those who had seen that tile
        for q in range(g.players):
            for s in range(len(g.spots)):
                if g.known[q][s] != NOT_SEEN and (g.known[q][s], g.seen[q][s]) != (before.known[q][s], before.seen[q][s]):
                    assert before.hand is not None and before.stage[0] == "place" and g.spots[s] == before.hand[0]
                    assert before.hand[2][q] == g.seen[q][s], f"player {q + 1} knows spot {s} without seeing it"


# --- hidden information (tests/test_hidden_information.py; HB-5.1, HB-5.6, HB-I11, HB-I16) -------------------
def perturb_hidden(g, seat, rng):
    """Swap, in place, two different face-down tiles that ``seat`` has not seen. Players who knew one of them
    now know the new tile there (a world in which they saw that one), so only what ``seat`` cannot see
    changes. Returns what changed, or None."""
    mine = g.known[seat - 1]
    spots = [s for s, t in enumerate(g.spots) if t != EMPTY and mine[s] == NOT_SEEN]
    rng.shuffle(spots)
    for a in spots:
        for b in spots:
            if g.spots[a] != g.spots[b]:
                g.spots[a], g.spots[b] = g.spots[b], g.spots[a]
                for known in g.known:
                    for s in (a, b):
                        if known[s] != NOT_SEEN:
                            known[s] = g.spots[s]
                return f"spots {a} and {b}"
    return None


def learns(e, seat) -> bool:
    """Does event ``e`` show ``seat`` a tile it had not seen? A tile it looks at (HB-5.1) and a tile that goes
    on a card, face up (HB-1.1)."""
    return (e.kind == "look" and e.player == seat) or e.kind in ("keep", "win")
