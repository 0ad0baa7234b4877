"""Held-out scenarios for Hamburgerspelet rules that only seeded games checked with more than two players
(issue 33, part 3)."""
from .hb_helpers import new, place_chefs, roll


def _finish_roll(g):
    while g.pending() is not None and g.pending().kind != "move":
        v = g.legal()
        g.apply("pass" if "pass" in v else v[0])


def test_hb_4_1_hb_i2_play_passes_clockwise_with_four_players():
    """HB-4.1, HB-I2, HB-4.4: with four players a roll without a double passes the turn to the next seat clockwise,
    1, 2, 3, 4 and back to 1; a double keeps it (the seats are numbered clockwise)."""
    g = new(players=4)
    for s in range(1, 5):
        place_chefs(g, s, 5, 5)
    roll(g, 1, 2, 1, 2, 1, 2, 1, 2, 3, 3, 1, 2, 1, 2)
    seen = []
    for _ in range(6):
        d = g.pending()
        seen.append((d.player, g.dice))
        g.apply(g.legal()[0])
        _finish_roll(g)
    assert [p for p, _ in seen] == [1, 2, 3, 4, 1, 1]
    assert seen[4][1] == (3, 3) and g.turn == 5 and g.pending().player == 2
