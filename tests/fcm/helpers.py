"""Scripted situations for the whole FCM game on a small fixed map.

Layout "K0 Q0": house 18 on tile K (squares rows 1-2, columns 2-3, room for a garden on its south side);
chain 1's restaurant on K (entrance (3, 0), distance 0 to house 18); chain 2's on Q (entrance (3, 8),
distance 1 to house 18: one tile border along the road of row 2).
"""
from toolkit.games.fcm.company.structure import Structure
from toolkit.games.fcm.game.rules import FcmGame

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


OWN_KINDS = ("campaign_tile", "campaign_place", "campaign_good", "campaign_duration", "cook", "kitchen", "errand", "route", "drinks",
             "developer", "developer_place", "local_manager", "regional_manager", "regional_place")


def to_working(g, hands, structures=None):
    """From the first Restructuring: give each seat the cards ``hands[seat]`` (ids), put them all to work, skip
    hiring and training, and stop at the first decision of this layer's Working 9-5 (or Dinnertime's end)."""
    from collections import Counter
    for seat, cards in hands.items():
        g.company(seat).hand = Counter(cards)
        for c in cards:
            g.co.supply[c] -= 1
    g.refresh()
    while g.pending() is not None and g.pending().kind == "restructure":
        d = g.pending()
        g.apply((structures or {}).get(d.player, ", ".join(hands.get(d.player, []))))
    while g.pending() is not None and g.pending().kind not in OWN_KINDS:
        d = g.pending()
        if d.kind in ("hire", "train", "fire"):
            g.apply("done")
        elif d.kind in ("turn_order",):
            g.apply(d.values[0])
        else:
            break
    return g.pending()
