"""Held-out scenarios for rule sections that were covered in the whole game only by pinned seeded games (issue 33,
part 3): the turn-order tie, Payday with busy marketeers and milestone timing, each played through ``FcmGame``'s
decisions on the small map of ``helpers`` (chain 1 on tile K, chain 2 on tile Q, house 18 between them)."""
from collections import Counter

from toolkit.games.fcm.game import dinnertime
from toolkit.games.fcm.map.board import Campaign

from .helpers import put_to_work, setup_game, to_working, total_money


def _give(g, seat, cards):
    g.company(seat).hand = Counter(cards)
    for c in cards:
        g.co.supply[c] -= 1
    g.refresh()


def _busy(g, seat, card, number=11, square=(0, 4)):
    """A campaign of ``seat`` on the map whose marketeer ``card`` is busy with it (FCM-I60)."""
    g.map.put_campaign(Campaign(number, "billboard", (square,), 1, "burger", 3, False))
    g.busy_chips[str(number)] = [seat, card]
    g.company(seat).busy.append(card)
    g.co.supply[card] -= 1


def _until(g, kind):
    """Answer everything up to the first decision of ``kind``: stop hiring, training and firing, first values else."""
    while g.pending() is not None and g.pending().kind != kind:
        d = g.pending()
        g.apply("done" if "done" in d.values else d.values[0])
    return g.pending()


# ---------------------------------------------------------------- FCM-2.2: the turn-order tie

def test_fcm_2_2_a_tie_on_open_slots_goes_to_the_earlier_player_of_the_previous_turn_order():
    """FCM-2.1, FCM-2.2, FCM-2.3: players 1 and 3 both have 4 open slots (a management trainee under the CEO),
    player 2 has 3; in the previous order 2, 3, 1, player 3 chooses before player 1 and player 2 last, and each
    takes the place chosen."""
    from toolkit.games.fcm.game.rules import FcmGame
    g = FcmGame(players=3, seed=2, log=True)
    while g.pending().kind in ("reserve", "start_restaurant"):
        d = g.pending()
        g.apply(200 if d.kind == "reserve" else d.values[-1])
    for s in (1, 3):
        _give(g, s, ["management_trainee"])
    g.co.order = [2, 3, 1]
    while g.pending().kind == "restructure":
        d = g.pending()
        g.apply("management_trainee" if d.player in (1, 3) else "")
    assert [g.co.open_slots(s) for s in (1, 2, 3)] == [4, 3, 4]
    picks = []
    for want in (3, 1, 2):
        d = g.pending()
        assert d.kind == "turn_order"
        picks.append(d.player)
        g.apply(want if want in d.values else d.values[0])
    assert picks == [3, 1, 2]
    assert g.co.order == [1, 2, 3]


# ---------------------------------------------------------------- FCM-5: Payday with busy marketeers

def test_fcm_5_2_a_busy_campaign_manager_is_paid_for_and_stays_busy():
    """FCM-5.2, FCM-5.1: a campaign manager busy with campaign #11 costs $5 at Payday like a card at work; it is not
    offered for firing while its owner can pay, and stays busy with its campaign."""
    g = setup_game()
    _busy(g, 1, "campaign_manager")
    g.co.bank -= 7
    g.company(1).cash = 7
    to_working(g, {1: [], 2: []})
    d = _until(g, "fire")
    assert d.player == 1 and not any(v.startswith("busy") for v in d.values)
    money = total_money(g)
    while g.pending().kind == "fire":                  # nobody fires; salaries are paid when everyone is done
        g.apply("done")
    pay = [e for e in g.events if e.kind == "pay" and e.player == 1][-1]
    assert "FCM-5.2" in pay.clauses and "Campaign Manager busy" in pay.text
    assert g.company(1).cash == 2 and total_money(g) == money
    assert g.company(1).busy == ["campaign_manager"] and 11 in g.map.campaigns


def test_fcm_5_3_a_broke_chain_fires_its_busy_marketeer_last_and_the_campaign_keeps_running():
    """FCM-5.3, FCM-I62: with $0, a burger cook at work and a busy campaign manager, the broke chain must fire the
    cook first (the busy marketeer is not offered while another salaried card is left), then the campaign
    manager; campaign #11 stays on the map, and its chip keeps no card."""
    g = setup_game()
    _busy(g, 1, "campaign_manager")
    g.company(1).cash = 0
    to_working(g, {1: ["burger_cook"], 2: []}, structures={1: "burger_cook", 2: ""})
    _until(g, "cook")
    g.apply("skip")                                   # FCM-I72: the cook makes nothing
    d = _until(g, "fire")
    g.apply("done")                                   # fires nobody by choice; then cannot pay $10
    while g.pending().kind == "fire" and g.pending().player == 2:
        g.apply("done")
    d = g.pending()
    assert d.kind == "broke_fire" and d.player == 1
    assert not any(v.startswith("busy") for v in d.values) and any("burger_cook" in v for v in d.values)
    g.apply(next(v for v in d.values if "burger_cook" in v))
    d = g.pending()
    assert d.kind == "broke_fire" and d.player == 1 and [v for v in d.values if v.startswith("busy")]
    g.apply(next(v for v in d.values if v.startswith("busy")))
    assert g.company(1).busy == [] and 11 in g.map.campaigns
    assert g.busy_chips["11"][1] is None and g.company(1).cash == 0


# ---------------------------------------------------------------- milestone timing (FCM-I33, FCM-I57)

def test_fcm_i57_first_to_have_100_claimed_at_dinnertime_acts_as_a_cfo_only_from_the_next_round():
    """FCM-I57, FCM-4.6, FCM-I33: chain 1 reaches $100 in this Dinnertime and claims "First to have $100" at its
    end, but gets no CFO bonus for it until the next round's Dinnertime."""
    g = setup_game()
    put_to_work(g, 1, "")
    put_to_work(g, 2, "")
    g.co.bank -= 95
    g.company(1).cash = 95
    g.company(1).goods["burger"] = 1
    g.map.demand[18] = ["burger"]
    dinnertime.run(g)
    assert g.company(1).cash == 105 and g.company(1).milestones.get("first_cash_100") == g.co.round
    assert not [e for e in g.events if e.kind == "cfo"]
    assert not dinnertime.has_cfo(g.co, 1)
    g.co.round += 1                                       # the next round
    assert dinnertime.has_cfo(g.co, 1)
    g.company(1).goods["burger"] = 1
    g.map.demand[18] = ["burger"]
    dinnertime.run(g)
    assert [e.data["amount"] for e in g.events if e.kind == "cfo"] == [5]   # half of $10


def test_fcm_i57_first_to_have_20_is_claimed_after_the_payment_that_reaches_it_by_everyone_that_round():
    """FCM-I57, FCM-I33: "First to have $20" is checked after each payment: chain 1 reaches $20 at house 18 and
    claims it then, before the tips; chain 2, which reaches $20 only with its waitresses' tips at the end of the same
    Dinnertime, claims it too, in the same round."""
    g = setup_game()
    put_to_work(g, 1, "")
    put_to_work(g, 2, "waitress, waitress, waitress, waitress")
    g.co.bank -= 10 + 8
    g.company(1).cash, g.company(2).cash = 10, 8
    g.company(1).goods["burger"] = 1
    g.map.demand[18] = ["burger"]
    dinnertime.run(g)
    kinds = [(e.kind, e.player) for e in g.events if e.kind in ("house", "milestone", "tips")]
    assert kinds.index(("milestone", 1)) < kinds.index(("tips", 2)) < kinds.index(("milestone", 2))
    assert g.company(1).milestones["first_cash_20"] == g.company(2).milestones["first_cash_20"] == g.co.round
