"""Random playouts of the practice game with invariants after every step; determinism; records; layering."""
import random
import subprocess
import sys

import pytest

from toolkit.core import RandomAgent, play
from toolkit.games.fcm.company.practice import BuilderAgent, CompanyGame
from toolkit.games.fcm.company.structure import structure_problem

from .helpers import all_cards


def check(g, money):
    co = g.co
    assert all_cards(g) == co.staff.pile_sizes(g.players)               # no card created or lost
    assert co.bank + sum(c.cash for c in co.companies) == money          # no money created or lost
    for c in co.companies:
        assert c.cash >= 0
        owned = c.owned()
        assert all(owned[u] <= 1 for u in co.staff.employees if co.staff[u].unique)   # FCM-3.n3
        if c.work.items:
            assert structure_problem(c.work, co.staff, c.ceo_slots) is None or co.step in ("fire", "broke", "freezer")
    assert all(v >= 0 for v in co.supply.values())
    assert co.waiting() == (co.pending() is not None)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_and_builder_playouts_keep_the_invariants(players):
    for i in range(6):
        g = CompanyGame(players=players, seed=100 * players + i, options={"rounds": 6, "start_cash": 30 * (i % 3)})
        money = g.co.bank + sum(c.cash for c in g.co.companies)
        rng = random.Random(i)
        agents = [BuilderAgent() if (i + s) % 2 else RandomAgent() for s in range(players)]
        steps = 0
        while g.pending() is not None:
            d = g.pending()
            assert d.values and len(set(d.values)) == len(d.values)
            g.apply(agents[d.player - 1].choose(g, d, rng))
            check(g, money)
            steps += 1
            assert steps < 3000
        assert g.is_over() and g.turn == 6 and g.winner() in range(1, players + 1)


def test_same_seed_same_game_and_clone_roundtrip():
    def run(seed):
        g = CompanyGame(players=3, seed=seed, options={"rounds": 5, "start_cash": 20})
        play(g, [BuilderAgent()] * 3)
        return g
    a, b = run(7), run(7)
    assert a.fingerprint() == b.fingerprint() and a.choices == b.choices
    assert [str(e) for e in a.events] == [str(e) for e in b.events]
    g = CompanyGame(players=3, seed=7, options={"rounds": 5, "start_cash": 20})
    for v in a.choices[:40]:
        g.apply(v)
    c = g.clone()
    # the catalogues never change: a copy shares them (a deep copy of each made FCM's clones 40% slower)
    assert c.co.staff is g.co.staff and all(c.co.ms[m] is g.co.ms[m] for m in g.co.ms)
    for v in a.choices[40:]:
        c.apply(v)
    assert c.fingerprint() == a.fingerprint()


def test_a_reseeded_copy_draws_its_own_future_and_leaves_the_game_its_own():
    """A believed world (Game.determinize) is a reseeded copy: every stream it draws from, the company layer's
    too, is made from the new seed, so its chance is not the real one; the same seed gives the same future, and
    the game keeps its streams and its state."""
    g = CompanyGame(players=3, seed=7, options={"rounds": 3, "start_cash": 20})
    play(g, [BuilderAgent()] * 3, max_steps=25)
    state, streams = g.to_dict(), {n: r.getstate() for n, r in g.streams.items()}

    def future(seed):
        w = g.clone()
        if seed is not None:
            w.reseed(seed)
        drawn = w.co.streams["turn-order"].random()          # what the company layer would draw next
        play(w, [BuilderAgent()] * 3)
        return drawn, w.choices, w.scores()

    real, again, other = future(None), future(11), future(11)
    assert again == other
    assert again[0] != real[0] and again[1:] != real[1:]
    world = g.determinize(1, random.Random(2))
    assert world.co.streams is world.streams
    assert g.to_dict() == state and {n: r.getstate() for n, r in g.streams.items()} == streams
    assert g.co.streams is g.streams


def test_every_event_cites_a_clause_on_the_rules_pages():
    g = CompanyGame(players=3, seed=4, options={"rounds": 4, "start_cash": 20})
    play(g, [BuilderAgent()] * 3)
    cited = {c for e in g.events for c in e.clauses}
    assert all(e.clauses for e in g.events)
    ours = {c for c in CompanyGame.clauses() if c.startswith("FCM-I") and 30 <= int(c[5:]) <= 46}
    assert len(ours) == 17
    assert {c for c in cited if c.startswith("FCM-I")} <= ours


def test_silent_games_play_the_same():
    a = CompanyGame(players=4, seed=9, options={"rounds": 4})
    b = CompanyGame(players=4, seed=9, options={"rounds": 4}, log=False)
    play(a, [BuilderAgent()] * 4)
    play(b, [BuilderAgent()] * 4)
    assert a.fingerprint() == b.fingerprint() and b.events == []


def test_a_quiet_game_builds_no_company_sentences_either():
    """``quiet()`` (a search's playout) stops the company layer's sentences too, as FCM's does."""
    g = CompanyGame(players=3, seed=2)
    g.quiet()
    assert (g.log, g.co.log) == (False, False)
    play(g, [BuilderAgent()] * 3)
    assert g.events == []


def test_options_are_checked():
    with pytest.raises(ValueError, match="unknown option"):
        CompanyGame(players=2, options={"colour": "red"})
    with pytest.raises(ValueError, match="ruleset"):
        CompanyGame(players=2, options={"ruleset": "ketchup"})
    with pytest.raises(ValueError):
        CompanyGame(players=6)


def test_the_company_rule_modules_import_no_drawing_or_widgets():
    code = ("import sys\nimport toolkit.games.fcm.company.practice, toolkit.games.fcm.company.phases, toolkit.games.fcm.company.structure\n"
            "import toolkit.games.fcm.company.state, toolkit.games.fcm.company.employees, toolkit.games.fcm.company.milestones\n"
            "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('matplotlib', 'ipywidgets', 'IPython'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""


def test_fcm_0_1_fcm_0_2_a_round_runs_the_company_phases_in_order():
    """FCM-0.2 phases 1, 2, 3, 5, 7 in order (4 and 6 belong to the full game, FCM-I45); FCM-0.1 phase 1 is
    simultaneous (revealed together) and phase 3 goes in turn order."""
    g = CompanyGame(players=3, seed=2, options={"rounds": 2})
    play(g, [BuilderAgent()] * 3)
    marks = [e.kind for e in g.events if e.kind in ("phase", "order", "structure", "working", "pay", "tokens")]
    first = marks[:marks.index("tokens") + 1]
    assert first[0] == "phase" and first.index("order") > max(i for i, k in enumerate(first) if k == "structure")
    assert first.index("working") > first.index("order") and first.index("pay") > first.index("working")
    kinds = [e.kind for e in g.events]
    reveal = [i for i, k in enumerate(kinds) if k == "structure"][:3]
    chosen = [i for i, k in enumerate(kinds) if k == "choose"][:3]
    assert max(chosen) < min(reveal) and max(reveal) < kinds.index("order")    # all chosen, then revealed together
    assert all("FCM-0.2" in e.clauses for e in g.events if e.kind == "phase")
