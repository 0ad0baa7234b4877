"""Conformance play for The McDonald's Game beyond the registry-wide tests: races by hand, agents, data files,
refused choices and records replayed in another process."""
from __future__ import annotations

import json
import subprocess
import sys
from importlib import resources

import pytest

from toolkit.core.loop import agent_step
from toolkit.core import DataFileError, IllegalChoice, RandomAgent, make_agents, play, replay, save_record
from toolkit.core.seating import agent_kinds
from toolkit.core.search import SearchAgent
from toolkit.games.mcdonalds import McDonaldsGame, load_board, load_menus
from toolkit.games.mcdonalds.board import parse_board, parse_menus

from . import invariants
from .helpers import TEST_MENUS, menus_file


def _play_checked(g, agents, limit=5000):
    invariants.check(g, None)
    for _ in range(limit):
        d = g.pending()
        if d is None:
            break
        before = g.clone()
        agent_step(g, agents, d)
        invariants.check(g, before)
    assert g.is_over()


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_races_by_hand_keep_the_invariants(players):
    """MCD-I11: random classes deciding every race still end every game with the cards intact (MCD-1.5)."""
    for seed in range(20):
        g = McDonaldsGame(players=players, seed=seed, options={"race": "by_hand"})
        _play_checked(g, [RandomAgent()] * players)


def test_heuristic_and_forgetful_agents_keep_the_invariants():
    for seed in range(40):
        g = McDonaldsGame(players=4, seed=seed, options={"errors": [0.0, 0.2, 0.5, 1.0], "speed": [2, 4, 6, 8],
                                                         "max_readings": 5})
        _play_checked(g, make_agents("mcdonalds", 4, ["heuristic", "forgetful", "heuristic", "random"]))


def test_extreme_race_options_still_end():
    """MCD-I9, MCD-I18: players who always err cannot keep a game going for ever: they need max_readings."""
    g = McDonaldsGame(players=4, seed=3, options={"errors": 1.0, "max_readings": 5})
    _play_checked(g, make_agents("mcdonalds", 4, "heuristic"), limit=20000)
    assert g.stats["given_up"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(set(agent_kinds(McDonaldsGame)) - {"person"}))
def test_mcd_5_4_every_agents_games_end_without_a_bound_on_readings(kind):
    """MCD-5.4, MCD-I9: with menus read until someone fills them (no max_readings), every agent kind's games
    end over many seeds, far inside the turn limit (MCD-I18). In the race model (default errors) a menu is
    read only a few times; a class deciding races by hand at random (MCD-I11) may read one a hundred times
    or more, and still ends."""
    for seed in range(150 if kind != "search" else 10):      # the search agent: its games, not its strength
        players = 2 + seed % 3
        by_hand = seed % 5 == 4
        g = McDonaldsGame(players=players, seed=seed, options={"race": "by_hand"} if by_hand else None)
        agents = ([SearchAgent(playouts=3) for _ in range(players)] if kind == "search"
                  else make_agents("mcdonalds", players, kind))
        steps = 0
        while not g.is_over():
            d = g.pending()
            agent_step(g, agents, d)
            steps += 1
            assert steps < 20000, f"{kind} seed {seed}: no end after {steps} decisions"
        readings = max((e.data["reading"] for e in g.events if e.kind == "read"), default=0)
        assert not g.stats["hit_turn_limit"] and g.stats["given_up"] == 0
        assert g.turn < 300 and readings < (1000 if by_hand else 15), (kind, seed, g.turn, readings)


@pytest.mark.slow
def test_refused_choices_leave_the_state_unchanged_at_every_kind_of_decision():
    """Every refusal raises IllegalChoice citing the decision's clauses and changes nothing."""
    seen = set()
    for seed in range(30):
        g = McDonaldsGame(players=3, seed=seed, options={"race": "by_hand"})
        agent = RandomAgent()
        while not g.is_over():
            d = g.pending()
            for bad in ("nonsense", 99, "bigmac+nothing", "short:pizza"):
                if bad in d.values:
                    continue
                fp, n = g.fingerprint(), len(g.events)
                with pytest.raises(IllegalChoice) as info:
                    g.apply(bad)
                assert g.fingerprint() == fp and len(g.events) == n
                assert set(d.clauses) <= set(info.value.clauses) and info.value.clauses
            seen.add(d.kind)
            g.apply(agent.choose(g, d, g.streams[f"agent-{d.player}"]))
    assert {"roll", "extras", "help-partner", "help-give", "help-take", "take-one", "race-marble",
            "race-pull"} <= seen


def test_records_replay_in_another_process(tmp_path):
    g = McDonaldsGame(players=4, seed=11, options={"race": "by_hand"})
    play(g, [RandomAgent()] * 4)
    path = save_record(g, tmp_path / "game.json")
    assert replay(path).fingerprint() == g.fingerprint()
    code = ("import sys; from toolkit.core import replay; print(replay(sys.argv[1]).fingerprint())")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True,
                         env={"PYTHONHASHSEED": "123", "PATH": ""})
    assert out.stdout.strip() == g.fingerprint()


def test_to_dict_is_json_and_holds_a_race_in_progress(tmp_path):
    g = McDonaldsGame(players=3, seed=4, options={"race": "by_hand"})
    agent = RandomAgent()
    while not g.is_over():
        d = g.pending()
        if d.kind == "race-pull":
            break
        g.apply(agent.choose(g, d, g.streams["x"]))
    json.dumps(g.to_dict())
    assert g.to_dict()["reading"]["marbles"]


# --- data files --------------------------------------------------------------------------------------------
def test_packaged_data_loads():
    assert len(load_board().track) == 32 and len(load_menus()) == 24


@pytest.mark.parametrize("mutate,field,problem", [
    (lambda d: d["track"][3].update(kind="drive-thru"), "track[3].kind", "is not one of"),
    (lambda d: d["track"][1].update(cards=0), "track[1].cards", "1 to 10 cards"),
    (lambda d: d["track"][2].update(cards=2), "track[2].cards", "only card spaces"),
    (lambda d: d["track"][8].pop("corner"), "track", "no corner for 'Hamburglar'"),
    (lambda d: d["track"][1].update(corner="Grimace"), "track[1].corner", "LET'S GO"),
    (lambda d: d["characters"].pop(), "characters", "4 McDonaldland characters"),
    (lambda d: d["track"][5].update(pos=[1]), "track[5].pos", "[x, y]"),
    (lambda d: d.pop("track"), "track", "missing"),
])
def test_bad_board_files_give_clear_errors(tmp_path, mutate, field, problem):
    data = json.loads(resources.files("toolkit.games.mcdonalds").joinpath("board.json").read_text(encoding="utf-8"))
    mutate(data)
    p = tmp_path / "board.json"
    p.write_text(json.dumps(data))
    with pytest.raises(DataFileError) as info:
        load_board(p)
    assert info.value.field == field and problem in info.value.problem and str(p) in str(info.value)
    with pytest.raises(DataFileError):
        McDonaldsGame(players=2, options={"board": str(p)})


def _menus(change):
    data = json.loads(json.dumps(TEST_MENUS))
    change(data)
    return data


@pytest.mark.parametrize("mutate,field,problem", [
    (lambda d: d["menus"][0]["items"][0].update(item="pizza"), "menus[0] (T1).items[0].item", "not a food item"),
    (lambda d: d["menus"][0]["items"][0].update(qty=0), "menus[0] (T1).items[0].qty", ">= 1"),
    (lambda d: d["menus"][0]["items"][0].update(red="yes"), "menus[0] (T1).items[0].red", "true"),
    (lambda d: d["menus"][1].update(id="T1"), "menus[1].id", "used twice"),
    (lambda d: d["menus"][0]["changes"][1].update(qty=5), "menus[0] (T1).changes[1].qty", "removes 5 Big Mac"),
    (lambda d: d["menus"][0]["changes"][2].update(item="fish"), "menus[0] (T1).changes[2].item", "does not ask"),
    (lambda d: d["menus"][0]["changes"][0].update(change="double"), "menus[0] (T1).changes[0].change", "not one of"),
    (lambda d: d["menus"][1]["items"][0].update(qty=4), "menus[1] (T2)", "a rack slot holds only 3"),
    (lambda d: d["menus"][1]["items"].__setitem__(slice(None), [{"item": "pie", "qty": 1, "red": False}]),
     "menus[1] (T2).items", "no item is printed in red"),
    (lambda d: d["menus"][1].update(changes=[{"change": "remove", "item": "hamburger", "qty": 2},
                                              {"change": "remove", "item": "fish", "qty": 1}]),
     "menus[1] (T2).changes", "empty order"),
    (lambda d: d.update(menus=[]), "menus", "non-empty list"),
])
def test_bad_menu_files_give_clear_errors(tmp_path, mutate, field, problem):
    p = menus_file(tmp_path, _menus(mutate))
    with pytest.raises(DataFileError) as info:
        load_menus(p)
    assert info.value.field == field and problem in info.value.problem, str(info.value)
    with pytest.raises(DataFileError):
        McDonaldsGame(players=2, options={"menus": p})


def test_unreadable_data_files(tmp_path):
    bad = tmp_path / "menus.json"
    bad.write_text("{not json")
    with pytest.raises(DataFileError, match="not valid JSON"):
        load_menus(bad)
    with pytest.raises(DataFileError, match="cannot be read"):
        load_board(tmp_path / "missing.json")
    with pytest.raises(DataFileError, match="JSON object"):
        parse_board([], "b.json")
    with pytest.raises(DataFileError, match="JSON object"):
        parse_menus([], "m.json")
