"""The game-agnostic core: streams, events, decisions, errors, history, records, simulate."""
import json
import os
import subprocess
import sys

import pytest

from toolkit.core import (
    Decision, Event, GameOver, History, IllegalChoice, Option, RandomAgent, RecordError, ReplayDivergence,
    RuleError, Streams, derive_seed, make_agents, make_record, new_game, play, replay, save_record, simulate,
)
from toolkit.core.rng import roll


def test_streams_are_independent_and_seeded():
    a, b = Streams(5), Streams(5)
    b["deck"].random()                       # using one stream leaves the others alone
    assert [a["dice"].random() for _ in range(3)] == [b["dice"].random() for _ in range(3)]
    assert Streams(6)["dice"].random() != Streams(5)["dice"].random()
    assert derive_seed(1, "x") != derive_seed(1, "y")


def test_a_stream_is_the_generator_seeded_with_its_derived_seed():
    """Every stream is ``random.Random(derive_seed(seed, name))``, and ``derive_seed`` is the first 63 bits of the
    SHA-256 of "seed/name": stored records replay to the same games only while both hold."""
    import hashlib
    import random
    for seed in (0, 7, 2 ** 64 - 1):
        for name in ("die", "deck", "agent-3", "map"):
            expected = int.from_bytes(hashlib.sha256(f"{seed}/{name}".encode()).digest()[:8], "big") >> 1
            assert derive_seed(seed, name) == expected
            r, s = random.Random(expected), Streams(seed)
            assert [s[name].random() for _ in range(3)] == [r.random() for _ in range(3)]


def test_loaded_die_rolls_what_it_is_told_then_refuses():
    s = Streams(0)
    s.load("die", [1, 6, 3])
    assert [roll(s["die"]) for _ in range(3)] == [1, 6, 3]
    with pytest.raises(RuntimeError):
        roll(s["die"])


def test_a_game_with_a_loaded_die_pickles_and_rolls_on_where_it_was():
    """Games travel to worker processes as pickles; a scripted die goes with them, at the face it had reached."""
    import pickle

    from toolkit.games.disneyland.rules import DisneylandGame
    g = DisneylandGame(2, 1)
    g.streams.load("die", [1, 6, 3])
    g.apply("roll")
    back = pickle.loads(pickle.dumps(g))
    assert [roll(back.streams["die"]) for _ in range(2)] == [6, 3]
    assert [roll(g.streams["die"]) for _ in range(2)] == [6, 3]       # the game's own die did not move


def test_event_and_decision_read_well():
    e = Event(2, "roll", "Player 1 rolls a 3.", ("DL-4.1",), 1, roll=3)
    assert str(e) == "Player 1 rolls a 3. [DL-4.1]" and e.to_dict()["roll"] == 3
    d = Decision(1, "hand", "Pick a hand", [Option("left", "left"), Option("right", "right")], ("DL-5.3",))
    assert d.values == ("left", "right") and d.option("right").label == "right"


def test_rule_error_cites_clauses_and_is_a_value_error():
    err = IllegalChoice("no such card", ("DL-5.5", "DL-I6"))
    assert isinstance(err, ValueError) and err.clauses == ("DL-5.5", "DL-I6")
    assert str(err) == "no such card [DL-5.5, DL-I6]"


def test_refused_choice_leaves_the_state_unchanged():
    g = new_game("disneyland", players=3, seed=2)
    before = g.fingerprint()
    with pytest.raises(IllegalChoice) as info:
        g.apply("jump")
    assert info.value.clauses == ("DL-4.1",)
    assert g.fingerprint() == before and g.choices == []


def test_game_over_refuses_further_choices():
    g = new_game("disneyland", players=2, seed=3)
    play(g, [RandomAgent(), RandomAgent()])
    with pytest.raises(GameOver) as info:
        g.apply("roll")
    assert "DL-4.5" in info.value.clauses


def test_history_steps_back_and_forks():
    g = new_game("disneyland", players=2, seed=4)
    h = History(g)
    agents = [RandomAgent(), RandomAgent()]
    play(None, agents, history=h, max_steps=30)
    assert len(h) == 31
    assert h[10].fingerprint() != h[11].fingerprint()
    assert len(h[5].choices) == 5
    f = h.fork(10)
    assert len(f) == 11 and f[10].fingerprint() == h[10].fingerprint()
    kept = h[10].fingerprint()
    f.push(f.game.legal()[0])
    assert f[11].fingerprint() != f[10].fingerprint()
    assert len(h) == 31 and h[10].fingerprint() == kept     # forking never changes the original
    assert [e.text for e in h.events_at(3)] == [e.text for e in h[3].events[len(h[2].events):]]


def test_same_seed_same_decisions_same_game():
    def run():
        g = new_game("disneyland", players=4, seed=11)
        play(g, [RandomAgent()] * 4)
        return g.fingerprint(), g.choices, [e.text for e in g.events]
    assert run() == run()


def test_record_round_trip(tmp_path):
    g = new_game("disneyland", players=3, seed=12)
    play(g, [RandomAgent()] * 3)
    path = save_record(g, tmp_path / "game.json")
    data = json.loads(path.read_text())
    assert data["game"] == "disneyland" and data["seed"] == 12 and len(data["decisions"]) == len(g.choices)
    assert all(len(s["fingerprint"]) == 16 for s in data["decisions"])
    again = replay(path)
    assert again.fingerprint() == g.fingerprint() and again.scores() == g.scores()


def test_record_replays_in_a_fresh_process_with_another_hash_seed(tmp_path):
    g = new_game("disneyland", players=4, seed=13)
    play(g, [RandomAgent()] * 4)
    path = save_record(g, tmp_path / "game.json")
    for hashseed in ("1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        out = subprocess.run([sys.executable, "-m", "toolkit", "replay", str(path)], env=env,
                             capture_output=True, text=True, check=True).stdout
        assert g.fingerprint() in out
        # and a fresh game from the same seed plays the same decisions
        code = ("from toolkit import new_game, play, RandomAgent; g = new_game('disneyland', players=4, seed=13); "
                "play(g, [RandomAgent()] * 4); print(g.fingerprint())")
        fp = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                            check=True).stdout.strip()
        assert fp == g.fingerprint()


def test_corrupted_record_names_the_first_diverging_step(tmp_path):
    g = new_game("disneyland", players=2, seed=14)
    play(g, [RandomAgent()] * 2)
    data = make_record(g)
    data["decisions"][7]["fingerprint"] = "0" * 16
    with pytest.raises(ReplayDivergence) as info:
        replay(data)
    assert info.value.step == 8 and "step 8" in str(info.value)
    # a choice the rules refuse also names its step
    data = make_record(g)
    k = next(i for i, s in enumerate(data["decisions"]) if s["choice"] == "roll")
    data["decisions"][k]["choice"] = "fly"
    with pytest.raises(ReplayDivergence) as info:
        replay(data)
    assert info.value.step == k + 1


def test_bad_records_get_clear_errors(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not a JSON game record"):
        replay(bad)
    with pytest.raises(RecordError, match="no such record"):
        replay(tmp_path / "missing.json")
    g = new_game("disneyland", players=2, seed=1)
    data = make_record(g)
    data["game"] = "chess"
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        replay(data)
    with pytest.raises(RecordError, match="is for 'disneyland'"):
        replay(make_record(g), expect_game="mcdonalds")
    data = make_record(g)
    del data["seed"]
    with pytest.raises(RecordError, match="'seed'"):
        replay(data)


def test_simulate_rows_and_jobs_do_not_change_the_result():
    one = simulate("disneyland", games=40, seed=3, players=3, progress=False)
    two = simulate("disneyland", games=40, seed=3, players=3, jobs=2, progress=False)
    assert one.equals(two)
    assert list(one["seed"]) == list(range(3, 43))
    assert set(one["winner"]) <= {1, 2, 3}
    assert {"score_1", "score_2", "score_3", "turns"} <= set(one.columns)


def test_simulate_refuses_bad_arguments():
    with pytest.raises(ValueError, match="2-4 players"):
        simulate("disneyland", games=2, players=9, progress=False)
    with pytest.raises(ValueError, match="unknown agent"):
        simulate("disneyland", games=2, players=2, agents="genius", progress=False)
    with pytest.raises(KeyError, match="unknown game"):
        simulate("ludo", games=2, progress=False)


def test_an_unknown_game_name_reads_as_a_sentence_and_suggests_the_closest():
    """A bare KeyError prints its message in quotes; the toolkit's says it plainly (still a KeyError and a
    ValueError, so either ``except`` catches it) and names the game meant by a near miss."""
    from toolkit.core.errors import UnknownGame
    from toolkit.core.registry import game_class
    with pytest.raises(UnknownGame) as e:
        game_class("disney")
    assert isinstance(e.value, KeyError) and isinstance(e.value, ValueError)
    assert str(e.value) == ("unknown game 'disney'; did you mean 'disneyland'? known games: disneyland, fcm, "
                            "hamburgerspelet, mcdonalds")
    with pytest.raises(UnknownGame) as e:
        game_class("chess")
    assert "did you mean" not in str(e.value) and not str(e.value).startswith('"')


def test_bad_agent_lists_and_parameters_say_what_would_be_taken():
    with pytest.raises(ValueError, match=r"2 agents for 4 players: give one kind for every seat .* a list of 4"):
        simulate("disneyland", games=2, players=4, agents=["random", "heuristic"], progress=False)
    with pytest.raises(ValueError, match=r"2 agents for 3 players: .* a list of 3, one per seat"):
        make_agents("disneyland", 3, ["random", "heuristic"])
    with pytest.raises(ValueError, match=r"'halflife'; 'fading-memory' takes half_life"):
        simulate("hamburgerspelet", games=2, players=2, agents={"kind": "fading-memory", "halflife": 20},
                 progress=False)
    with pytest.raises(ValueError, match=r"'heuristic' takes no parameters"):
        simulate("disneyland", games=2, players=2, agents={"kind": "heuristic", "depth": 2}, progress=False)


def test_rule_error_is_raised_by_bad_options():
    with pytest.raises(ValueError, match="unknown option"):
        new_game("disneyland", players=2, seed=1, options={"speed": 3})
    assert issubclass(IllegalChoice, RuleError)


def test_events_keep_hidden_facts_apart_for_their_viewers():
    """An event's secret facts reach only ``seen_by`` and the class view; the public part reaches everyone."""
    from toolkit.core import Event, History, events_frame, player_record
    e = Event(2, "look", "Ann looks at a tile.", ("HB-5.1",), 1, spot=4, secret={"ingredient": "bun"}, seen_by=(1,),
              private_text="Ann looks at a tile: the bun.")
    assert e.for_viewer(2).data == {"spot": 4} and e.for_viewer(2).text == "Ann looks at a tile."
    assert e.for_viewer(1).data == {"spot": 4, "ingredient": "bun"} and e.for_viewer(1).text.endswith("the bun.")
    assert e.for_viewer(None).data == e.for_viewer(1).data
    d = e.to_dict()
    assert d["secret"] == {"ingredient": "bun"} and d["seen_by"] == [1] and "ingredient" not in d
    plain = Event(1, "roll", "Ann rolls.", ("DL-4.1",), 1, roll=3)
    assert plain.for_viewer(2) is plain and not plain.hidden
    # the game, its history and the exports: a camera photo (DL-5.2) is its taker's alone
    g = new_game("disneyland", players=2, seed=3)
    h = History(g)
    while not any(x.kind == "camera" and x.secret for x in h.game.events):
        h.push(h.game.pending().values[0])
    k = len(h) - 1
    cam = next(x for x in h.events_at(k) if x.kind == "camera")
    taker, other = cam.player, 3 - cam.player
    assert "photo" in cam.data                                        # the class view sees it
    assert "photo" in next(x for x in h.events_at(k, taker) if x.kind == "camera").data
    assert "photo" not in next(x for x in h.events_at(k, other) if x.kind == "camera").data
    assert "photo" not in events_frame(h.game, other).columns and "photo" in events_frame(h.game, taker).columns
    assert all("photo" not in x for x in player_record(h.game, other)["events"])
    with pytest.raises(ValueError):
        player_record(h.game, None)


def test_events_frame_keeps_whole_numbers_whole_beside_blanks(tmp_path):
    """Setup events have no player: the column is still 1, 2, ... (nullable), in the frame and its CSV."""
    from toolkit.core import events_frame
    g = new_game("disneyland", players=2, seed=3)
    g.apply("roll")
    frame = events_frame(g, 1)
    assert frame["player"].isna().any() and str(frame["player"].dtype) == "Int64"
    assert str(frame["roll"].dtype) == "Int64" and str(frame["step"].dtype) == "int64"
    frame.to_csv(tmp_path / "e.csv", index=False)
    roll = next(line for line in (tmp_path / "e.csv").read_text().splitlines() if line.startswith("1,roll,"))
    assert roll.startswith("1,roll,1,") and ".0" not in roll, roll


def test_play_takes_a_kind_name_and_says_what_a_wrong_agent_list_needs():
    g, h = new_game("disneyland", players=3, seed=4), new_game("disneyland", players=3, seed=4)
    assert play(g, "heuristic") is None and play(h, make_agents("disneyland", 3, "heuristic")) is None
    assert g.choices == h.choices                     # a kind name makes the same agents: the same game
    with pytest.raises(ValueError, match=r"2 agents for 3 players: give one kind for every seat"):
        play(new_game("disneyland", players=3, seed=4), make_agents("disneyland", 2, "random"))
    with pytest.raises(TypeError, match=r"play needs one agent per seat: make_agents\('disneyland', 3"):
        play(new_game("disneyland", players=3, seed=4), None)
    with pytest.raises(ValueError, match="unknown agent 'smart'"):
        play(new_game("disneyland", players=3, seed=4), "smart")


@pytest.mark.parametrize("name, stream, kind", [("disneyland", "die", "roll"), ("hamburgerspelet", "dice", "roll")])
def test_the_rolls_inlined_for_speed_are_rng_roll(name, stream, kind):
    """Disneyland and Hamburgerspelet write ``rng.roll`` out in their turn (a call cost 3% of a fast game): every
    face they roll over whole games is the face ``rng.roll`` gives from a copy of the same stream."""
    from toolkit.core import Streams, play
    from toolkit.core.registry import new_game
    for seed in range(6):
        twin = Streams(seed)[stream]          # the stream as the game starts it (Hamburgerspelet rolls at setup)
        g = new_game(name, players=3, seed=seed)
        play(g, "random")
        rolled = [f for e in g.events if e.kind == kind for f in (e.data.get("dice") or [e.data["roll"]])]
        assert len(rolled) > 20
        assert rolled == [roll(twin) for _ in rolled]
