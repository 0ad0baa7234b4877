"""FCM's search agent (FCM-I77): the strategic agent of its style as yardstick, legal and deterministic answers,
and choices that do not move when only facts hidden from the searching seat change. Small budgets (two short
playouts a candidate) keep these fast; the strength is measured in benchmarks/bench_search.py."""
import random

from toolkit.core import SearchAgent, make_agents, new_game
from toolkit.games.fcm.game.search import SEARCHED, FcmSearchAgent
from toolkit.games.fcm.game.strategic import StrategicAgent

from . import invariants


def small():
    return FcmSearchAgent(playouts=4, max_steps=12)


def searched_positions(seed, limit, every=3):
    """Copies of a 2-player strategic game at decisions the search compares (two or more options)."""
    g = new_game("fcm", players=2, seed=seed, log=False)
    agents = make_agents("fcm", 2, "heuristic")
    out, step = [], 0
    while not g.is_over() and len(out) < limit:
        d = g.pending()
        if d.kind in SEARCHED and len(d.values) > 1 and step % every == 0:
            out.append(g.clone())
        g.apply(agents[d.player - 1].choose(g, d, None))
        step += 1
    return out


def test_fcm_i77_search_is_the_fcm_search_kind():
    agent = make_agents("fcm", 2, "search")[0]
    assert isinstance(agent, FcmSearchAgent) and isinstance(agent, SearchAgent)
    assert agent.style.name == "pizza-radio"


def test_fcm_i77_answers_legally_deterministically_and_leaves_the_game_alone():
    compared = 0
    for g in searched_positions(31, 6):
        d = g.pending()
        before = g.fingerprint()
        a = small().choose(g, d, random.Random(5))
        agent = small()
        b = agent.choose(g, d, random.Random(5))
        assert a == b and a in d.values
        assert g.fingerprint() == before, "searching must leave the real game as it was"
        compared += bool(agent.last)
    assert compared >= 1, "no decision was compared with an alternative"


def test_fcm_i77_other_decisions_are_the_yardsticks():
    """Decisions the search does not compare are answered by the strategic agent of its style."""
    agent, own = small(), StrategicAgent("pizza-radio")
    g = new_game("fcm", players=2, seed=32, log=False)
    agents = make_agents("fcm", 2, "heuristic")
    checked = 0
    while not g.is_over() and checked < 15:
        d = g.pending()
        if d.kind not in SEARCHED:
            assert agent.choose(g, d, random.Random(1)) == own.choose(g, d, None)
            checked += 1
        g.apply(agents[d.player - 1].choose(g, d, None))
    assert checked == 15


def test_fcm_i77_choices_do_not_change_when_only_hidden_facts_change():
    rng = random.Random(8)
    checked = 0
    for seed in (33, 34):
        for g in searched_positions(seed, 8, every=2):
            d = g.pending()
            b = g.clone()
            if invariants.perturb_hidden(b, d.player, rng) is None:
                continue
            for h in (b, g.determinize(d.player, rng)):
                assert h.view(d.player) == g.view(d.player)
                assert small().choose(g, d, random.Random(21)) == small().choose(h, h.pending(), random.Random(21))
                checked += 1
    assert checked >= 4, f"only {checked} positions with hidden facts to change"
