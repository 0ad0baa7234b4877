"""The keen agent (HB-I17) and Hamburgerspelet's search agent (keen.py, search.py): legal, deterministic for a seed, and
blind to what their player may not see (HB-I11, HB-I16)."""
import random

import pytest

from toolkit.core.loop import agent_step
from toolkit.core import make_agents
from toolkit.games.hamburgerspelet.keen import KeenAgent
from toolkit.games.hamburgerspelet.rules import NOT_SEEN, HamburgerGame
from toolkit.games.hamburgerspelet.search import SEARCHED, HamburgerSearchAgent

from ..test_search import _swap_hidden
from . import invariants
from .hb_helpers import give, ing


def _play(seed, kinds, players=2):
    g = HamburgerGame(players=players, seed=seed)
    agents = make_agents("hamburgerspelet", players, kinds)
    while g.pending() is not None:
        d, before = g.pending(), g.clone()
        agent_step(g, agents, d)   # apply refuses illegal answers
        invariants.check(g, before)
    return g


def test_keen_plays_whole_games_legally_with_every_seat_count():
    """HB-7.1: games of the keen agent against the heuristic end with a full card, every answer legal."""
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 2)):
        kinds = ["keen"] + ["heuristic"] * (players - 1)
        g = _play(seed, kinds, players)
        assert g.is_over() and g.scores()[g.winner() - 1] == g.n_ingredients


def test_keen_is_deterministic_for_a_seed():
    a, b = _play(5, ["keen", "heuristic"]), _play(5, ["keen", "heuristic"])
    assert a.choices == b.choices and a.fingerprint() == b.fingerprint()
    assert _play(6, ["keen", "heuristic"]).choices != a.choices


def _positions(seed, every=5, kind="keen"):
    """Copies of a game of ``kind`` against the heuristic, every ``every`` steps with two or more options."""
    g = HamburgerGame(players=2, seed=seed, log=False)
    agents = make_agents("hamburgerspelet", 2, [kind, "heuristic"])
    out, step = [], 0
    while g.pending() is not None:
        d = g.pending()
        if len(d.values) > 1 and step % every == 0:
            out.append(g.clone())
        agent_step(g, agents, d)
        step += 1
    return out


@pytest.mark.parametrize("agent", [KeenAgent(), HamburgerSearchAgent(playouts=8),
                                   HamburgerSearchAgent(playouts=8, slip=0.5)], ids=["keen", "search", "slip"])
def test_choices_do_not_change_when_only_hidden_facts_change(agent):
    """HB-I11, HB-I16: with tiles nobody has seen swapped, or a whole believed state drawn for the seat, the
    same seed gives the same answer (the other player's memory is redrawn too: it is not read)."""
    assert len(same_answers_when_hidden_facts_change(agent, _positions(7)[::3])) >= 10


def same_answers_when_hidden_facts_change(agent, positions) -> list:
    """Each position again with tiles nobody has seen swapped, and as a believed state drawn for the seat: the
    agent's answer with the same seed must not change. Returns the kinds of the decisions checked."""
    kinds = []
    for g in positions:
        d = g.pending()
        seat = d.player
        for h in (_swap_hidden("hamburgerspelet", g, seat, None), g.determinize(seat, random.Random(3))):
            if h is None or h.fingerprint() == g.fingerprint():
                continue
            assert h.view(seat) == g.view(seat)
            assert agent.choose(g, d, random.Random(11)) == agent.choose(h, h.pending(), random.Random(11))
            kinds.append(d.kind)
    return kinds


def test_the_hidden_facts_check_can_fail():
    """An agent that takes a wanted tile it never saw is caught by the same positions."""

    class Cheat(KeenAgent):
        def choose(self, game, d, rng):
            if d.kind == "take" and game.stage[2] == "square":
                right = [s for s in d.values if s != "pass" and game.spots[s] == game.stage[1]]
                if right:
                    return right[0]
            return super().choose(game, d, rng)

    differs = 0
    for g in _positions(7):
        d = g.pending()
        h = g.determinize(d.player, random.Random(3))
        differs += Cheat().choose(g, d, random.Random(11)) != Cheat().choose(h, h.pending(), random.Random(11))
    assert differs > 0


def test_keen_names_the_ingredient_it_is_likeliest_to_find():
    """HB-5.3, HB-I8: with no remembered tile it may keep, it names an ingredient with the most copies it has
    not seen (two meats and a cheese lie on other cards, so neither of those)."""
    g = HamburgerGame(players=3, seed=2, log=False)
    give(g, 2, ["meat"])
    give(g, 3, ["meat", "cheese"])
    g.stage = ("name",)
    g._decision = g._next_decision()
    d = g.pending()
    assert {"meat", "cheese"} <= set(d.values)
    assert KeenAgent().choose(g, d, random.Random(1)) not in ("meat", "cheese")


def test_keen_steals_the_ingredient_hardest_to_come_by():
    """HB-5.5, HB-I10: of two ingredients it needs on the other card, it steals the one with fewer copies it
    has not seen, unless it remembers where one of those lies."""
    g = HamburgerGame(players=3, seed=3, log=False)
    give(g, 2, ["onion", "tomato"])
    give(g, 3, ["tomato"])
    g.stage = ("steal", 2)
    g._decision = g._next_decision()
    d = g.pending()
    assert set(d.values) == {"onion", "tomato"}
    assert KeenAgent().choose(g, d, random.Random(1)) == "tomato"
    s = next(s for s, t in enumerate(g.spots) if t == ing(g, "tomato"))
    g.known[0][s] = ing(g, "tomato")       # seat 1 has seen a tomato in the middle
    assert KeenAgent().choose(g, d, random.Random(1)) == "onion"


def test_search_answers_only_searched_kinds_by_playouts():
    """Takes and places are answered by the keen agent itself (unremembered spots are alike to it)."""
    agent = HamburgerSearchAgent(playouts=8)
    seen = set()
    for g in _positions(8, every=3)[:30]:
        d = g.pending()
        agent.last = None
        pick = agent.choose(g, d, random.Random(4))
        assert pick in d.values
        if d.kind not in SEARCHED:
            assert agent.last is None and pick == KeenAgent().choose(g, d, random.Random(4))
        seen.add(d.kind)
    assert {"move", "take", "place"} <= seen


def test_believed_opponents_remember_mostly_tiles_they_could_not_keep():
    """HB-I11 as the opponent model: in heuristic games a spot the other player has seen (and the searcher has
    not) seldom holds a tile that player could keep; plain determinizations put such tiles there more often,
    worlds believed with ``slip`` below 1 less often, and every believed world keeps the seat's view and tiles."""
    agent = HamburgerSearchAgent(slip=0.0)
    real = plain = kept = spots = 0
    for seed in range(4):
        for g in _positions(seed, every=15):
            seat = g.pending().player
            other = 3 - seat

            def keepable(w):
                return sum(w.known[seat - 1][s] == NOT_SEEN and w.known[other - 1][s] != NOT_SEEN
                           and w.can_keep(other, w.spots[s]) for s in w.face_down())
            r = random.Random(seed)
            spots += sum(g.known[seat - 1][s] == NOT_SEEN and g.known[other - 1][s] != NOT_SEEN for s in g.face_down())
            real += keepable(g)
            plain += keepable(g.determinize(seat, r))
            w = agent.believe(g, seat, r)
            assert w.view(seat) == g.view(seat) and w.tile_count() == g.tile_count()
            kept += keepable(w)
    assert spots > 50 and kept < real < plain
