"""Conformance play, refusals, board files, records and agents for Hamburgerspelet."""
import copy
import json
import pickle
import random
import subprocess
import sys

import pytest

from toolkit.core.loop import agent_step
from toolkit.core.registry import game_agents
from toolkit.core import (
    DataFileError, GameOver, IllegalChoice, make_agents, make_record, new_game, play, replay, simulate,
)
from toolkit.games.hamburgerspelet import FadingMemory, HamburgerGame, NoMemory, PerfectMemory, load_board
from toolkit.games.hamburgerspelet.board import parse_board

from . import invariants
from .hb_helpers import put, roll

KINDS = ["random", "perfect-memory", "no-memory", "fading-memory"]


@pytest.mark.slow
def test_invariants_hold_with_every_kind_of_player():
    """HB-2.1, HB-6.1, HB-6.2, HB-7.1, HB-I11: after every step of 160 games with mixed players (2-4 seats)."""
    for i in range(80):
        players = 2 + i % 3
        agents = make_agents("hamburgerspelet", players, [KINDS[(i + s) % 4] for s in range(players)])
        g = HamburgerGame(players=players, seed=500 + i, options={"steal": i % 5 != 0})
        invariants.check(g, None)
        while g.pending() is not None:
            d = g.pending()
            assert len(set(d.values)) == len(d.values) and d.options
            before = g.clone()
            agent_step(g, agents, d)
            invariants.check(g, before)
            assert len(g.choices) < 50_000
        assert g.winner() in range(1, players + 1)


def test_refused_choices_leave_the_state_unchanged():
    """Every kind of decision refuses an illegal answer, cites a clause and changes nothing."""
    g = HamburgerGame(players=3, seed=4)
    agents = make_agents("hamburgerspelet", 3, "perfect-memory")
    kinds = set()
    while g.pending() is not None and len(kinds) < 6:
        d = g.pending()
        kinds.add(d.kind)
        fp, n_events = g.fingerprint(), len(g.events)
        bad = {"move": "3-1", "take": 99, "place": -1, "name": "pickle", "steal": "bun", "keep": "eat"}[d.kind]
        for wrong in (bad, None, "1-7", 3.5):
            with pytest.raises(IllegalChoice) as e:
                g.apply(wrong)
            assert e.value.clauses and any(c.startswith("HB-") for c in e.value.clauses)
            assert g.fingerprint() == fp and len(g.events) == n_events
        agent_step(g, agents, d)
    assert {"move", "take", "place", "name", "steal"} <= kinds
    while g.pending() is not None:
        d = g.pending()
        agent_step(g, agents, d)
    with pytest.raises(GameOver):
        g.apply("1-1")


def test_taking_a_free_spot_or_placing_on_a_full_one_is_refused():
    """HB-5.1, HB-I5: take only from a face-down spot, put back only on a free one."""
    g = HamburgerGame(players=2, seed=1)
    put(g, 0, "onion")
    roll(g, 1, 2)
    g.apply("1-1")            # square 1: cucumber
    g.apply(0)
    assert g.pending().kind == "place"
    fp = g.fingerprint()
    with pytest.raises(IllegalChoice) as e:
        g.apply(1)            # spot 1 holds a tile
    assert "HB-I5" in e.value.clauses and g.fingerprint() == fp
    g.apply(0)                # then chef 2 moves 2, to the onion square
    assert g.pending().kind == "take" and g.chefs[0] == [1, 2]
    with pytest.raises(IllegalChoice):
        g.apply("pass")       # HB-I7: no pass without the onion


def test_same_seed_same_game_and_record_replays():
    """Records replay to the same fingerprints, in this process and in another one."""
    a = new_game("hamburgerspelet", 4, seed=9)
    play(a, make_agents("hamburgerspelet", 4, ["perfect-memory", "no-memory", "fading-memory", "random"]))
    b = new_game("hamburgerspelet", 4, seed=9)
    for v in a.choices:
        b.apply(v)
    assert a.fingerprint() == b.fingerprint() and a.to_dict() == b.to_dict()
    rec = make_record(a)
    assert replay(rec).fingerprint() == a.fingerprint()
    json.dumps(rec)
    code = ("import json,sys; from toolkit.core import replay; "
            "print(replay(json.loads(sys.stdin.read())).fingerprint())")
    out = subprocess.run([sys.executable, "-c", code], input=json.dumps(rec), capture_output=True, text=True,
                         env={"PYTHONHASHSEED": "123", "PATH": ""}, check=True)
    assert out.stdout.strip() == a.fingerprint()


def test_swedish_record_replays_with_the_same_choices():
    """HB-I13: the language changes words, never the game."""
    en, sv = HamburgerGame(2, seed=3), HamburgerGame(2, seed=3, options={"language": "sv"})
    agents = make_agents("hamburgerspelet", 2, "fading-memory")
    play(en, agents)
    for v in en.choices:
        sv.apply(v)
    assert sv.winner() == en.winner() and sv.spots == en.spots
    assert any("bröd" in e.text or "kött" in e.text for e in sv.events) or sv.language == "sv"


def test_clone_is_independent():
    g = HamburgerGame(3, seed=2)
    c = g.clone()
    c.apply(c.legal()[0])
    assert g.fingerprint() != c.fingerprint() and len(g.choices) == 0
    d = copy.deepcopy(g)
    assert d.fingerprint() == g.fingerprint() and d.streams["dice"].random() == g.streams["dice"].random()


def _rolls(game, n):
    """The dice of ``game``'s next ``n`` rolls (HB-4.2), answering every decision with its first option."""
    out = []
    while len(out) < n:
        before = game.stats["rolls"]
        game.apply(game.pending().values[0])
        if game.stats["rolls"] > before:
            out.append(game.dice)
    return out


class _Sixes(random.Random):
    """A die that rolls nothing but sixes: a scripted generator of a test's own, which copies itself."""

    def random(self):
        return 5.5 / 6

    def __copy__(self):
        return _Sixes()


def test_a_copy_of_a_game_with_loaded_dice_rolls_the_same_scripted_faces_independently():
    """The dice loaded as the clause tests load them, one roll played: a deep copy and a clone roll the faces still
    scripted, and their rolls leave the game's die where it was. A generator of another kind is copied as itself
    (the copy goes through core.rng's, which lets each generator copy itself), not as a plain one."""
    g = HamburgerGame(2, seed=2)
    g.streams.load("dice", [6, 5, 4, 4, 2, 1, 3, 6, 5, 5, 1, 2])
    assert _rolls(g, 1) == [(6, 5)]
    for c in (copy.deepcopy(g), g.clone()):
        assert _rolls(c, 3) == [(4, 4), (2, 1), (3, 6)]
        assert g.streams["dice"].i == 2
    assert _rolls(g, 5) == [(4, 4), (2, 1), (3, 6), (5, 5), (1, 2)]
    g.streams["dice"] = _Sixes()
    c = copy.deepcopy(g)
    assert type(c.streams["dice"]) is _Sixes and _rolls(c, 2) == [(6, 6), (6, 6)]


def test_view_hides_unseen_tiles():
    """HB-3.2, HB-5.1, HB-I11: a seat's view shows only the spots it knows."""
    g = HamburgerGame(2, seed=5)
    play(g, make_agents("hamburgerspelet", 2, "perfect-memory"), max_steps=40)
    for seat in (1, 2):
        v = g.view(seat)["spots"]
        for s, x in enumerate(v):
            if g.known[seat - 1][s] == -1:
                assert x in ("?", None)
            else:
                assert x == g.spots[s]
    assert g.view()["spots"] == g.spots


# --- board files ---------------------------------------------------------------------------------------
def board_data():
    from importlib import resources
    return json.loads(resources.files("toolkit.games.hamburgerspelet").joinpath("board.json").read_text("utf-8"))


@pytest.mark.parametrize("change, field, words", [
    (lambda d: d.pop("spots"), "spots", "missing"),
    (lambda d: d["spots"].pop(), "spots", "35 spots for 36 tiles"),
    (lambda d: d.__setitem__("bun", "pickle"), "bun", "not one of the ingredients"),
    (lambda d: d.__setitem__("tiles_per_ingredient", 0), "tiles_per_ingredient", "at least 1"),
    (lambda d: d["loop"][1].__setitem__("kind", "lake"), "loop[1].kind", "not one of"),
    (lambda d: d["loop"][1].__setitem__("ingredient", "bun"), "loop[1].ingredient", "hamburger squares"),
    (lambda d: d["loop"][2].__setitem__("ingredient", "fries"), "loop[2].ingredient", "fries"),
    (lambda d: d["loop"][10].__setitem__("colour", "red"), "loop[10].colour", "second 'red' kitchen"),
    (lambda d: d["loop"][5].__setitem__("kind", "ingredient") or d["loop"][5].__setitem__("ingredient", "onion")
     or d["loop"][15].__setitem__("kind", "kitchen") or d["loop"][15].__setitem__("colour", "red"),
     "loop[15].colour", "second"),
    (lambda d: d["loop"][3].__setitem__("pos", [1]), "loop[3].pos", "[x, y]"),
    (lambda d: d["spots"].__setitem__(1, d["spots"][0]), "spots", "same place"),
    (lambda d: d["colours"].pop(), "colours", "4"),
    (lambda d: d["ingredients"][1].pop("sv"), "ingredients[1].sv", "missing"),
    (lambda d: d["ingredients"][2].__setitem__("key", "cucumber"), "ingredients[2].key", "twice"),
])
def test_bad_board_files_get_clear_errors(tmp_path, change, field, words):
    data = board_data()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataFileError) as e:
        HamburgerGame(2, options={"board": str(path)})
    assert e.value.field == field and words in e.value.problem and "bad.json" in str(e.value)


def test_board_without_hamburger_or_missing_ingredient_square():
    d = board_data()
    for sq in d["loop"]:
        if sq["kind"] == "hamburger":
            sq["kind"], sq["ingredient"] = "ingredient", "onion"
    with pytest.raises(DataFileError, match="no hamburger square"):
        parse_board(d)
    d = board_data()
    for sq in d["loop"]:
        if sq.get("ingredient") == "tomato":
            sq["ingredient"] = "onion"
    with pytest.raises(DataFileError, match="no ingredient square for 'tomato'"):
        parse_board(d)


def test_board_file_unreadable_or_not_json(tmp_path):
    with pytest.raises(DataFileError, match="cannot be read"):
        load_board(tmp_path / "none.json")
    p = tmp_path / "broken.json"
    p.write_text("{", encoding="utf-8")
    with pytest.raises(DataFileError, match="not valid JSON"):
        load_board(p)


def test_packaged_board_loads_as_a_file(tmp_path):
    p = tmp_path / "same.json"
    p.write_text(json.dumps(board_data()), encoding="utf-8")
    g = HamburgerGame(2, seed=1, options={"board": str(p)})
    assert g.spots == HamburgerGame(2, seed=1).spots


# --- agents and simulation -----------------------------------------------------------------------------
def test_agents_are_registered_and_picklable():
    kinds = game_agents("hamburgerspelet")
    assert {"heuristic", "perfect-memory", "no-memory", "fading-memory"} <= set(kinds)
    for a in (PerfectMemory(), NoMemory(), FadingMemory(10)):
        assert pickle.loads(pickle.dumps(a)).__class__ is a.__class__
    assert pickle.loads(pickle.dumps(FadingMemory(7))).half_life == 7
    with pytest.raises(ValueError):
        FadingMemory(0)


def test_fading_memory_between_none_and_perfect():
    """HB-I11: a fading memory with a huge half-life recalls everything; with a tiny one, nothing old."""
    g = HamburgerGame(2, seed=8)
    play(g, make_agents("hamburgerspelet", 2, "perfect-memory"), max_steps=60)
    rng = g.streams["test"]
    full = PerfectMemory().recall(g, 1, rng)
    assert full and FadingMemory(1e12).recall(g, 1, rng) == full
    now = len(g.choices)
    old = {s for s, i in full.items() if g.seen[0][s] < now}
    assert not set(FadingMemory(1e-6).recall(g, 1, rng)) & old
    assert NoMemory().recall(g, 1, rng) == {}


def test_memory_pays():
    """Perfect memory against no memory, 2 players, 80 seeded games: memory wins most and ends games sooner."""
    both = simulate("hamburgerspelet", games=80, seed=0, players=2, agents=["perfect-memory", "no-memory"],
                    progress=False)
    assert (both.winner == 1).mean() > 0.7
    perfect = simulate("hamburgerspelet", games=40, seed=0, players=2, agents="perfect-memory", progress=False)
    none = simulate("hamburgerspelet", games=40, seed=0, players=2, agents="no-memory", progress=False)
    assert perfect.turns.mean() < none.turns.mean()
    assert {"rolls", "takes", "steals"} <= set(perfect.columns)


def test_rule_module_imports_no_drawing_libraries():
    code = ("import sys, toolkit.games.hamburgerspelet.rules; "
            "bad = [m for m in ('matplotlib', 'ipywidgets', 'IPython') if m in sys.modules]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_simulation_is_the_same_in_parallel():
    """Seeded games give the same rows whatever the number of processes (fading agents pickled to workers)."""
    kinds = [FadingMemory(10), "no-memory", "random"]
    a = simulate("hamburgerspelet", games=12, seed=3, players=3, agents=kinds, progress=False)
    b = simulate("hamburgerspelet", games=12, seed=3, players=3, agents=kinds, jobs=2, progress=False)
    assert a.equals(b) and len(a) == 12
