"""The strategic agents (FCM-I75) and sensible random play (FCM-I76): legal choices, whole games that end by the
second bank break, choices that do not depend on hidden facts, and the kinds the registry offers."""
import pytest

from toolkit.core.loop import agent_answer, agent_step
from toolkit.core import make_agents, play, simulate
from toolkit.core.agents import RandomAgent
from toolkit.core.registry import game_class
from toolkit.core.seating import agent_kinds
from toolkit.games.fcm.game.agents import HeuristicAgent
from toolkit.games.fcm.game.rules import FcmGame
from toolkit.games.fcm.game.sensible import SensibleRandomAgent
from toolkit.games.fcm.game.strategic import StrategicAgent
from toolkit.games.fcm.game.styles import DEALT, STYLES, dealt_style

STYLE_NAMES = sorted(STYLES)


def checked_play(g, agents):
    """Play to the end, checking every answer against the engine before applying it."""
    d = g.pending()
    kinds = set()
    while d is not None:
        v = agent_answer(g, agents, d)
        if v not in d.values:       # a proposed structure (FCM-I46): the engine must accept it as it is
            assert d.kind == "restructure", (d.kind, v)
            structure, overfilled = g.co.read_structure(d.player, v)
            assert not overfilled and structure.size() > 0
        g.check(d, v)
        g.apply(v)
        kinds.add(d.kind)
        d = g.pending()
    return kinds


def test_fcm_registers_the_agent_kinds():
    kinds = agent_kinds(game_class("fcm"))
    assert kinds["heuristic"] is StrategicAgent and kinds["simple"] is HeuristicAgent
    assert kinds["random"] is SensibleRandomAgent and kinds["uniform"] is RandomAgent
    for name in STYLES:
        agent = make_agents("fcm", 2, name)[0]
        assert isinstance(agent, StrategicAgent) and agent.style is STYLES[name] and agent.name == name
    assert agent_kinds(game_class("disneyland"))["random"] is RandomAgent      # other games keep uniform random


@pytest.mark.parametrize("players,seed", [(4, 21), (3, 22), (2, 23)])
def test_fcm_i72_styles_choose_legal_options_and_finish(players, seed):
    styles = [STYLE_NAMES[(seed + i) % len(STYLE_NAMES)] for i in range(players)]
    g = FcmGame(players=players, seed=seed, log=False)
    kinds = checked_play(g, make_agents("fcm", players, styles))
    assert g.end_reason == "bank" and g.breaks == 2
    assert {"restructure", "hire", "train", "campaign_tile", "local_manager"} <= kinds
    assert all(s > 0 for s in g.sales)
    assert sum(len(g.map.chain_restaurants(s)) for s in range(1, players + 1)) >= 2 * players


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 7, 18])
def test_fcm_i75_two_player_games_on_small_maps_sell_and_end_by_the_bank(seed):
    """FCM-I75: on these 3x3 maps the chains' only useful billboard places were those of a billboard of
    another size than the kind's lowest-numbered tile, which alone was weighed: no campaign, no sale, and the
    games ran to the round limit with a chain's cash at $0."""
    g = FcmGame(players=2, seed=seed, log=False)
    play(g, make_agents("fcm", 2, "heuristic"))
    assert g.end_reason == "bank" and g.breaks == 2, (g.end_reason, g.co.round, g.sales)
    assert all(s > 0 for s in g.sales)


def test_fcm_i72_the_default_heuristic_deals_every_style():
    dealt = {dealt_style(seed, seat).name for seed in range(10) for seat in range(1, 5)}
    assert dealt == set(DEALT) == set(STYLES)
    assert dealt_style(7, 2) is dealt_style(7, 2)


def test_fcm_i72_sales_start_early_and_managers_build_restaurants():
    g = FcmGame(players=3, seed=8, log=True)
    play(g, make_agents("fcm", 3, ["burgers-billboards", "pizza-radio", "many-restaurants"]))
    first_sale = min(e.data["record"]["round"] for e in g.events if "record" in e.data and e.data["record"]["winner"])
    assert first_sale <= 4
    campaigns = {e.data["tile_kind"] for e in g.events if e.kind == "campaign"}
    assert {"billboard", "mailbox"} <= campaigns
    assert any(e.kind == "restaurant" and "Local Manager" in e.text for e in g.events)


def _choices_at(kind, seat, hide):
    """Stop seeded 4-player games at a decision of ``kind`` for ``seat``; ask the agent there twice: once as
    it is and once after ``hide`` changed facts the seat may not see."""
    for seed in range(30, 60):
        g = FcmGame(players=4, seed=seed, log=False)
        agents = make_agents("fcm", 4, "heuristic")
        d = g.pending()
        while d is not None and not (d.kind == kind and d.player == seat and g.round >= 4):
            agent_step(g, agents, d)
            d = g.pending()
        if d is None:
            continue
        other = g.clone()
        hide(other, seat)
        other.refresh()
        assert other.pending().values == d.values
        return d, [StrategicAgent().choose(x, x.pending(), x.streams[f"agent-{seat}"]) for x in (g, other)], \
            [SensibleRandomAgent().choose(x, x.pending(), x.streams[f"agent-{seat}"]) for x in (g, other)]
    raise AssertionError(f"no {kind} decision found")


def _hide_hands_and_reserves(game, seat):
    for co in game.co.companies:
        if co.seat != seat:
            co.reserve = 300 if co.reserve != 300 else 100
            co.hand["zeppelin_pilot"] += 1
            co.hand["kitchen_trainee"] += 2


def test_fcm_i72_choices_do_not_depend_on_other_hands_or_reserve_cards():
    for kind in ("hire", "campaign_tile", "train"):
        d, strategic, random_ = _choices_at(kind, 2, _hide_hands_and_reserves)
        assert strategic[0] == strategic[1] and random_[0] == random_[1], d


def test_fcm_i72_restructuring_ignores_the_face_down_choices_of_others():
    def swap_secret(game, seat):
        for s in list(game.co.secret):
            if s != seat:
                game.co.secret[s] = ""
        _hide_hands_and_reserves(game, seat)
    d, strategic, random_ = _choices_at("restructure", 3, swap_secret)
    assert strategic[0] == strategic[1] and random_[0] == random_[1]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_fcm_i73_sensible_random_games_end_by_the_second_bank_break(players):
    for seed in range(3):
        g = FcmGame(players=players, seed=700 + 10 * players + seed, log=False)
        checked_play(g, make_agents("fcm", players, "random"))
        assert g.end_reason == "bank" and g.round < 40


def test_fcm_i73_simulate_plays_complete_fcm_games_by_default():
    df = simulate("fcm", games=3, seed=40, players=4, progress=False)
    assert (df.end == "bank").all() and (df.bank_breaks == 2).all()
    assert (df[[f"sales_{s}" for s in range(1, 5)]].sum(axis=1) > 20).all()


def test_fcm_i70_uniform_random_still_plays_to_the_round_limit():
    g = FcmGame(players=4, seed=3, options={"max_rounds": 8}, log=False)
    play(g, make_agents("fcm", 4, "uniform"))
    assert g.end_reason == "round limit" and g.round == 8


def test_fcm_i32_the_strategic_agent_reads_a_structure_as_the_engine_does():
    """The agent counts a structure text's cards in its own quick way (``strategic_structure._cards``): for every
    structure offered in strategic games, and the agent's own proposals, the cards are those the engine's parser
    reads (FCM-I32), with their training steps and hires."""
    from toolkit.games.fcm.company.structure import Structure
    from toolkit.games.fcm.game import strategic_structure as ss
    seen = 0
    for seed in (3, 4):
        g = FcmGame(players=4, seed=seed, log=False)
        agents = make_agents("fcm", 4, "heuristic")
        while (d := g.pending()) is not None:
            if d.kind == "restructure":
                staff = g.co.staff
                answer = agent_answer(g, agents, d)
                for text in (*d.values, answer):
                    cards = Structure.parse(text, staff).cards()
                    assert sorted(ss._cards(text)) == sorted(cards), text
                    _, _, _, trains, hires = ss._shape(text, staff)
                    assert trains == sum(staff[c].trains for c in cards)
                    assert hires == 1 + sum(staff[c].hires for c in cards)
                    seen += 1
            agent_step(g, agents, d)
    assert seen > 500
