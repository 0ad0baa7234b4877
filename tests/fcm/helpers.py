"""Scripted situations for the whole FCM game on a small fixed map.

Layout "K0 Q0": house 18 on tile K (squares rows 1-2, columns 2-3, room for a garden on its south side);
chain 1's restaurant on K (entrance (3, 0), distance 0 to house 18); chain 2's on Q (entrance (3, 8),
distance 1 to house 18: one tile border along the road of row 2).
"""
from toolkit.games.fcm.company import Structure
from toolkit.games.fcm.rules import FcmGame

LAYOUT = "K0 Q0"
SPOTS = {1: "3,0 nw", 2: "3,8 nw"}


def setup_game(players=2, seed=1, options=None, spots=SPOTS, reserve=200, log=True):
    """A game on the small map with both starting restaurants placed, waiting at the first Restructuring."""
    g = FcmGame(players=players, seed=seed, options={"layout": LAYOUT, **(options or {})}, log=log)
    while g.pending().kind == "reserve":
        g.apply(reserve)
    while g.pending().kind == "start_restaurant":
        g.apply(spots[g.pending().player])
    return g


def put_to_work(g, seat, text):
    """Set a structure at work directly (a scripted situation, not a Restructuring)."""
    co = g.co
    co.company(seat).work = Structure.parse(text, co.staff) if text else Structure()
    g.refresh()


def total_money(g):
    return g.co.bank + sum(c.cash for c in g.co.companies)
