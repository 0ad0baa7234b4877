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


def searched_positions(seed, limit, every=25):
    """Copies of a 2-player strategic game at decisions the search compares (two or more options), the first
    at least ``every`` steps after the last, so that they spread over the game."""
    g = new_game("fcm", players=2, seed=seed, log=False)
    agents = make_agents("fcm", 2, "heuristic")
    out, step, due = [], 0, 0
    while not g.is_over() and len(out) < limit:
        d = g.pending()
        if d.kind in SEARCHED and len(d.values) > 1 and step >= due:
            out.append(g.clone())
            due = step + every
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
    """From positions of two games, a believed state drawn by ``determinize`` (the other hand, face-down
    choices, reserve card and the seed redrawn) and one with a hidden fact changed by hand: the same choice.
    Playouts run to the end with no guard, so that choices rest on the worlds believed; a searcher that
    believed the real game instead answers otherwise at 2 of these 8 positions."""
    rng = random.Random(8)
    checked = 0
    for seed in (33, 34):
        for g in searched_positions(seed, 4):
            d = g.pending()
            agent = FcmSearchAgent(playouts=2, max_steps=None, confidence=0.0)
            answer = agent.choose(g, d, random.Random(21))
            believed = [g.determinize(d.player, rng)]
            changed = g.clone()
            if invariants.perturb_hidden(changed, d.player, rng) is not None:
                believed.append(changed)
            for h in believed:
                assert h.view(d.player) == g.view(d.player)
                assert agent.choose(h, h.pending(), random.Random(21)) == answer
                checked += 1
    assert checked >= 9, f"only {checked} believed states tried"
