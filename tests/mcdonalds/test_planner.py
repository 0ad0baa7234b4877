"""MCD-I21: the planner and the McDonald's search agent answer legally, play the same game for the same seed,
and read nothing their seat may not see (MCD-I20); the public record of extras they rely on."""
import random

import pytest

from tests.test_search import _swap_hidden, positions
from toolkit.core.loop import agent_answer, agent_step
from toolkit.core import make_agents, new_game
from toolkit.games.mcdonalds import agents as planner_module
from toolkit.games.mcdonalds.agents import PlannerAgent
from toolkit.games.mcdonalds.rules import N
from toolkit.games.mcdonalds.search import SEARCHED, McdSearchAgent


def play(seed, kinds, players=2):
    """A whole game of the given agent kinds; returns the game and every (decision, answer)."""
    g = new_game("mcdonalds", players, seed=seed, log=False)
    agents = make_agents("mcdonalds", players, kinds)
    answers = []
    d = g.pending()
    while d is not None:
        v = agent_answer(g, agents, d)
        assert v in d.values, (seed, d.kind, v)
        answers.append(v)
        g.apply(v)
        d = g.pending()
    return g, answers


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mcd_i21_the_planner_answers_legally_and_finishes_its_games(players):
    for seed in range(15):
        g, _ = play(seed, ["planner"] + ["heuristic"] * (players - 1), players)
        assert g.is_over() and max(g.scores()) >= 25


def test_mcd_i21_the_planner_and_the_search_play_the_same_game_for_a_seed():
    for kinds in (["planner", "heuristic"], ["heuristic", "search"]):
        for seed in (3, 4):
            assert play(seed, kinds)[1] == play(seed, kinds)[1]


def test_mcd_i21_the_search_kind_is_the_planner_with_a_paired_comparison():
    agent = make_agents("mcdonalds", 2, "search")[0]
    assert isinstance(agent, McdSearchAgent) and isinstance(agent.own, PlannerAgent)


def _decisions(seeds=(1, 2, 4, 5), kinds=SEARCHED):
    """Positions of heuristic games at a decision of ``kinds`` with two or more options."""
    return [g for s in seeds for g in positions("mcdonalds", s, every=1)
            if g.pending().kind in kinds and len(g.pending().values) > 1]


def _same_view_other_hidden(g, seat, rng):
    for h in (_swap_hidden("mcdonalds", g, seat, rng), g.determinize(seat, rng)):
        if h is not None and h.fingerprint() != g.fingerprint():
            assert h.view(seat) == g.view(seat)
            yield h


def test_mcd_i21_the_planner_reads_no_hidden_fact():
    """Change only what the seat cannot see (another's extras drawn from the pile, the pile, the menus not
    yet read): the planner answers the same."""
    agent, rng, checked = PlannerAgent(), random.Random(5), 0
    for g in _decisions():
        d = g.pending()
        for h in _same_view_other_hidden(g, d.player, rng):
            assert agent.choose(g, d, random.Random(1)) == agent.choose(h, h.pending(), random.Random(1))
            checked += 1
    assert checked >= 20


def test_mcd_i21_the_hidden_facts_check_catches_a_planner_that_peeks(monkeypatch):
    """The same check fails for a planner that reads the other's real extras instead of believing them."""
    real = planner_module._Table.__init__

    def peeking(self, planner, game, me, other, orders=None):
        real(self, planner, game, me, other, orders)
        self.known, self.per_likely = list(game.extras[other - 1]), 0.0

    monkeypatch.setattr(planner_module._Table, "__init__", peeking)
    agent, rng, differs = PlannerAgent(), random.Random(5), 0
    for g in _decisions(seeds=range(1, 12)):
        d = g.pending()
        for h in _same_view_other_hidden(g, d.player, rng):
            differs += agent.choose(g, d, random.Random(1)) != agent.choose(h, h.pending(), random.Random(1))
    assert differs > 0


def test_mcd_i21_the_search_reads_no_hidden_fact():
    agent, rng, checked = McdSearchAgent(playouts=12), random.Random(8), 0
    for g in _decisions(seeds=(1, 2))[:12]:
        d = g.pending()
        for h in _same_view_other_hidden(g, d.player, rng):
            a = agent.choose(g, d, random.Random(21))
            assert a in d.values and a == agent.choose(h, h.pending(), random.Random(21))
            checked += 1
    assert checked >= 6


def test_mcd_i20_extras_seen_are_the_extras_whose_items_everyone_saw_arrive():
    """Cards from a menu, a trade or a card taken are seen by all; cards drawn from the pile that become
    extras are not (MCD-7.2, MCD-I20). The record never exceeds the extras (so returning them clears it)."""
    known = drawn = 0
    for seed in range(10):
        g = new_game("mcdonalds", 2, seed=seed, log=False)
        agents = make_agents("mcdonalds", 2, "heuristic")
        d = g.pending()
        while d is not None:
            for ext, seen in zip(g.extras, g.extras_seen):
                assert all(0 <= seen[i] <= ext[i] for i in range(N))
                known += sum(seen) > 0
                drawn += sum(ext) > sum(seen)
            agent_step(g, agents, d)
            d = g.pending()
    assert known and drawn


def test_mcd_i21_believed_worlds_keep_what_the_table_saw():
    """The menus read stay at the bottom of the menu pile in their order (MCD-6.3) and the extras everyone
    saw arrive stay with their owner; an extra drawn from the pile is believed of an item whose slot is full
    where the pile has one (MCD-7.2)."""
    rng = random.Random(3)
    for g in positions("mcdonalds", 6, every=3):
        seat = g.pending().player
        w = g.determinize(seat, rng)
        k = min(g.stats["menus"], len(g.menu_pile))
        assert w.menu_pile[:k] == g.menu_pile[:k] and sorted(w.menu_pile) == sorted(g.menu_pile)
        for s in range(1, 3):
            if s != seat:
                assert w.extras_seen[s - 1] == g.extras_seen[s - 1]
                assert all(w.extras[s - 1][i] >= g.extras_seen[s - 1][i] for i in range(N))
                assert sum(w.extras[s - 1]) == sum(g.extras[s - 1])


def test_the_search_refuses_a_time_budget_it_would_not_keep():
    """Its budgets count play (MCD-I21): a time budget would be ignored, so it is refused, saying what to give."""
    import pytest

    from toolkit.games.mcdonalds.search import McdSearchAgent
    with pytest.raises(ValueError, match="playouts or steps"):
        McdSearchAgent(time_ms=150)
    assert McdSearchAgent(playouts=10).time_ms is None
