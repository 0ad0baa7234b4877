"""A chain that goes bankrupt inside a Dinnertime (FCM-I78, with FCM-I54 and FCM-I74): scripted Dinnertimes on
the map "A0 B1 H2", where both chains reach houses 2, 4 and 13 by road and houses eat in that order (FCM-4.1).

Chain 1 sells at a unit price of $-2 (four discount managers) with "First burger marketed" (+$5 a burger), so a
pizza costs it $2 and a burger earns it $3; chain 2 sells at $10. The situation is set directly and Dinnertime
is played by ``dinnertime.run``, as the rulebook's worked examples are."""
from dataclasses import replace

from toolkit.games.fcm.game import dinnertime

from .helpers import put_to_work, setup_game, total_money

CHEAP = "management_trainee(discount_manager, discount_manager), discount_manager, discount_manager"   # $-2


def _dinner(cash=1, waitresses=2, cfo=True, work=CHEAP, work2="", houses=None, goods=None):
    """Chain 1 with ``cash``, waitresses and a CFO; chain 2 with $0. ``houses``: house -> demand (default: house
    2 wants the pizza chain 1 cannot pay for, then house 4 one burger and house 13 two burgers)."""
    g = setup_game(options={"layout": "A0 B1 H2"}, spots={1: "0,0 ne", 2: "0,8 nw"})
    staff = work + ", waitress" * waitresses + (", cfo" if cfo else "")
    put_to_work(g, 1, staff)
    put_to_work(g, 2, work2)
    g.company(1).milestones["first_burger_marketed"] = 0          # claimed in an earlier round: +$5 a burger
    for seat, have in (goods or {1: {"pizza": 1, "burger": 3}, 2: {"burger": 1}}).items():
        g.company(seat).goods.update(have)
    for seat, dollars in ((1, cash), (2, 0)):
        g.co.bank -= dollars - g.company(seat).cash
        g.company(seat).cash = dollars
    for n, demand in (houses or {2: ["pizza"], 4: ["burger"], 13: ["burger", "burger"]}).items():
        g.map.demand[n] = list(demand)
    money = total_money(g)
    records = {r["house"]: r for r in dinnertime.run(g)}
    assert total_money(g) == money                               # FCM-I52: the lost debt was never money
    return g, records


def _events(g, kind, seat=None):
    return [e for e in g.events if e.kind == kind and (seat is None or e.player == seat)]


def test_fcm_i78_a_chain_bankrupt_at_one_house_is_not_considered_at_the_later_houses():
    """FCM-I78, FCM-I74: bankrupt at house 2, chain 1 (the cheapest, with burgers in stock) is not a candidate at
    houses 4 and 13: house 4 eats at chain 2 and house 13, which only chain 1 could serve, stays home."""
    g, rec = _dinner()
    assert g.co.bankrupt == {1: 1} and rec[2]["winner"] == 1
    assert [e.data["owed"] for e in _events(g, "bankrupt")] == [2]
    for n in (4, 13):
        assert [row["seat"] for row in rec[n]["chains"]] == [2]
    assert rec[4]["winner"] == 2 and g.company(2).cash == 10
    assert rec[13]["winner"] is None and g.map.demand[13] == ["burger", "burger"]   # FCM-I59: keeps its demand
    assert g.company(1).cash == 0 and g.sales[0] == 1


def test_fcm_i78_a_bankrupt_chain_earns_no_waitress_tips_that_dinnertime():
    """FCM-I78, FCM-4.5: chain 1's two waitresses earn nothing in the Dinnertime it went bankrupt in; chain 2's
    waitress, played alongside, still earns her $3."""
    g, _rec = _dinner(cfo=False, work2="waitress")
    assert not _events(g, "tips", 1) and [e.data["amount"] for e in _events(g, "tips", 2)] == [3]
    assert g.company(1).cash == 0
    assert dict(_events(g, "dinner-end")[0].data["earned"]) == {"1": -1, "2": 13}


def test_fcm_i78_a_bankrupt_chain_gets_no_cfo_bonus_that_dinnertime():
    """FCM-I78, FCM-4.6, FCM-I54: a bankrupt seller with waitresses and a CFO: no bonus of either sign (half of its
    $-5 would be another debt it cannot pay: 3 pizzas at $-2 against its $5), one bankruptcy only, and it ends
    the Dinnertime with $0."""
    g, _rec = _dinner(cash=5, houses={2: ["pizza"] * 3, 4: ["burger"]}, goods={1: {"pizza": 3, "burger": 1}})
    assert not _events(g, "cfo", 1) and not _events(g, "tips", 1)
    assert len(_events(g, "bankrupt")) == 1 and g.company(1).cash == 0
    assert _events(g, "dinner-end")[0].data["earned"]["1"] == -5
    assert _events(g, "leave", 1)                       # and it leaves at the end of that Dinnertime (FCM-I74)


def test_fcm_i78_milestones_before_the_bankruptcy_stay_and_none_come_after():
    """FCM-I78, FCM-I57: chain 1 reaches $20 at house 2 and claims "First to have $20" there; it goes bankrupt at
    house 4 (a garden: 5 pizzas at $-3 doubled); it keeps the milestone, so it is gone for the others after
    Clean-up, but chain 2, reaching $20 at house 13 in the same round, claims it as well (FCM-I33)."""
    g = setup_game(options={"layout": "A0 B1 H2"}, spots={1: "0,0 ne", 2: "0,8 nw"})
    h = g.map.houses[4]
    row = h.squares[0][0] - 1                                                 # a garden along its north side
    g.map.put_house(replace(h, garden=((row, h.squares[0][1]), (row, h.squares[1][1]))))
    put_to_work(g, 1, CHEAP + ", pricing_manager, waitress, cfo")            # $-3: a burger +$2, a pizza $-3
    put_to_work(g, 2, "")
    g.company(1).milestones["first_burger_marketed"] = 0
    g.company(1).goods.update({"burger": 1, "pizza": 5})
    g.company(2).goods.update({"burger": 2})
    g.co.bank -= 18
    g.company(1).cash, g.company(2).cash = 18, 0
    g.map.demand.update({2: ["burger"], 4: ["pizza"] * 5, 13: ["burger", "burger"]})
    rec = {r["house"]: r for r in dinnertime.run(g)}
    assert rec[2]["income"] == 2 and rec[4]["income"] == -20 and g.co.bankrupt == {1: 1}
    assert g.company(1).milestones.get("first_cash_20") == 1                # claimed before the bankruptcy: kept
    assert rec[13]["winner"] == 2 and g.company(2).milestones.get("first_cash_20") == 1
    assert set(g.company(1).milestones) == {"first_burger_marketed", "first_cash_20"}
    claims = [e.player for e in _events(g, "milestone")]
    assert claims == [1, 2]


def test_fcm_i78_a_bankrupt_chain_claims_no_cash_milestone_after_it():
    """FCM-I78, FCM-I57: the cash milestones are checked only for chains still in business: a chain bankrupt
    earlier in the Dinnertime is skipped by the checks after later payments and at the end."""
    from toolkit.games.fcm.game.dinnertime import _cash_milestone
    g, _rec = _dinner()
    g.company(1).cash = 150                             # as if it had been paid after all
    for mid in ("first_cash_20", "first_cash_100"):
        _cash_milestone(g.co, 1, mid)
    assert "first_cash_20" not in g.company(1).milestones and "first_cash_100" not in g.company(1).milestones
