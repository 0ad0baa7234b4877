"""The whole game: setup, round flow, views, options, records, and the end (FCM-0, FCM-4.7, FCM-I50 to FCM-I70)."""
import pytest

from toolkit.core.loop import agent_step
from toolkit.core import IllegalChoice, make_agents, new_game, play
from toolkit.core.records import replay, save_record
from toolkit.games.fcm.game.rules import FcmGame

from .helpers import LAYOUT, total_money
from . import invariants


def test_fcm_i58_starting_restaurants_reverse_order_pass_then_forced():
    g = FcmGame(players=3, seed=2, options={"layout": "K0 Q0 A0\nH0 B0 C0"})
    while g.pending().kind == "reserve":
        g.apply(100)
    order = list(g.co.order)
    seen = []
    d = g.pending()
    assert d.kind == "start_restaurant" and d.values[0] == "pass"
    seen.append(d.player)
    g.apply("pass")
    for _ in range(2):
        d = g.pending()
        seen.append(d.player)
        g.apply(d.values[1])
    assert seen == order[::-1]
    d = g.pending()
    assert d.player == order[-1] and d.kind == "start_restaurant" and "pass" not in d.values
    g.apply(d.values[0])
    assert g.pending().kind == "restructure"
    assert sorted(r.chain for r in g.map.restaurants.values()) == [1, 2, 3]


def test_fcm_i4_second_entrance_on_a_tile_is_refused_and_state_unchanged():
    g = FcmGame(players=2, seed=1, options={"layout": LAYOUT})
    while g.pending().kind == "reserve":
        g.apply(200)
    g.apply("3,0 nw")
    before = g.fingerprint()
    with pytest.raises(IllegalChoice) as e:
        g.apply("3,2 nw")
    assert g.fingerprint() == before and e.value.clauses


def test_fcm_0_2_phases_follow_in_order():
    g = new_game("fcm", players=3, seed=4)
    play(g, make_agents("fcm", 3, "heuristic"), max_steps=400)
    kinds = [e.text.split(":")[0] for e in g.events if e.kind == "phase"]
    r2 = [k for k in kinds if k.startswith("Round 2")]
    assert [k.split(", ")[1] for k in r2][:4] == ["phase 1", "phase 3", "phase 4", "phase 6"] or \
        [k.split(", ")[1] for k in r2][:3] == ["phase 1", "phase 3", "phase 4"]


@pytest.mark.slow
def test_fcm_4_7_heuristic_games_end_by_the_second_bank_break():
    for players in (2, 3, 4, 5):
        g = new_game("fcm", players=players, seed=players)
        assert play(g, make_agents("fcm", players, "heuristic")) is None
        assert g.end_reason == "bank" and g.breaks == 2 and g.turn < 30
        invariants.check(g, None)
        last = [e for e in g.events if e.kind == "game-end"][0]
        assert "FCM-4.7" in last.clauses and g.winner() == last.player


def test_fcm_i68_intro_game():
    g = FcmGame(players=2, seed=3, options={"intro": True}, log=False)
    assert g.co.bank == 150 and g.pending().kind == "start_restaurant"
    play(g, make_agents("fcm", 2, "heuristic"))
    assert g.breaks == 1 and g.end_reason == "bank"
    assert all(not c.milestones for c in g.co.companies)
    assert total_money(g) == 150


def test_fcm_i68_fact_2_13_the_setup_event_announces_the_intro_bank():
    """The introductory game's bank ($75 a player) is the one the setup event names (FCM-I31, FCM-I68)."""
    g = FcmGame(players=2, seed=3, options={"intro": True})
    setup = next(e for e in g.events if e.kind == "setup")
    assert setup.data["bank"] == 150 and "The bank holds $150" in setup.text
    g = FcmGame(players=3, seed=3)
    setup = next(e for e in g.events if e.kind == "setup")
    assert setup.data["bank"] == 150 == g.co.bank and "The bank holds $150" in setup.text


def test_fcm_i70_round_limit_ends_random_games():
    g = FcmGame(players=2, seed=5, options={"max_rounds": 6}, log=False)
    play(g, make_agents("fcm", 2, "uniform"))
    assert g.is_over() and g.co.round <= 6 and g.turn == 6


def test_options_are_checked():
    with pytest.raises(ValueError, match="unknown option"):
        FcmGame(players=2, options={"bank": 5})
    with pytest.raises(ValueError):
        FcmGame(players=2, options={"ruleset": "ketchup"})


def test_fcm_i42_views_hide_hands_and_reserve_until_the_break():
    g = new_game("fcm", players=3, seed=7)
    agents = make_agents("fcm", 3, "heuristic")
    play(g, agents, max_steps=60)
    v = g.view(1)
    others = [c for c in v["company"]["companies"] if c["seat"] != 1]
    assert all(c["reserve"] == "(face down)" for c in others)
    assert all(list(c["hand"]) == ["(cards in hand)"] for c in others)
    assert g.view(None)["company"]["companies"][1]["reserve"] in (100, 200, 300)
    play(g, agents)
    assert g.breaks == 2
    assert all(isinstance(c["reserve"], int) for c in g.view(1)["company"]["companies"])


@pytest.mark.slow
def test_records_replay_and_refusals(tmp_path):
    g = new_game("fcm", players=4, seed=11)
    play(g, make_agents("fcm", 4, "heuristic"))
    path = tmp_path / "fcm.json"
    save_record(g, path)
    h = replay(path)
    assert h.fingerprint() == g.fingerprint() and h.winner() == g.winner()


@pytest.mark.slow
def test_summary_columns_for_simulate():
    from toolkit.core import simulate
    df = simulate("fcm", games=3, seed=1, players=3, agents="heuristic", progress=False)
    for col in ("seed", "players", "winner", "turns", "score_1", "bank_breaks", "sales_1", "income_2", "milestones_3"):
        assert col in df.columns
    assert (df.bank_breaks == 2).all()


def test_deluxe_ruleset_reaches_the_map_layer():
    from toolkit.games.fcm.map.placement import map_rules
    g = FcmGame(players=2, seed=1, options={"ruleset": "deluxe"})
    assert g.co.ruleset == "deluxe" and map_rules(g.co.ruleset) == "DLX"


def test_every_kind_of_decision_refuses_a_bad_answer_and_changes_nothing():
    from .helpers import OWN_KINDS
    g = new_game("fcm", players=3, seed=21)
    agents = make_agents("fcm", 3, "heuristic")
    kinds = set()
    while not g.is_over():
        d = g.pending()
        if d.kind not in kinds:
            kinds.add(d.kind)
            before = g.fingerprint()
            with pytest.raises(IllegalChoice) as e:
                g.apply("no such answer" if d.kind != "restructure" else "ceo, ceo")
            assert g.fingerprint() == before and e.value.clauses
            g.refresh()
        agent_step(g, agents, d)
    assert {"start_restaurant", "campaign_tile", "campaign_place", "campaign_good", "kitchen"} <= kinds
    assert kinds & set(OWN_KINDS)
