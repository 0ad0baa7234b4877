"""The command line: simulate, play, replay, render; bad input gives one line and a non-zero exit."""
import csv
import io
import json
import subprocess
import sys

import pytest


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "toolkit", *args], capture_output=True, text=True, cwd=cwd)


@pytest.mark.slow
def test_simulate_writes_csv_rows_that_obey_the_rules():
    """The Foundation's acceptance command: 2,000 games, every row obeys DL-4.5, DL-7.1, DL-I2, DL-I3."""
    r = run("simulate", "disneyland", "--games", "2000", "--seed", "1")
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert len(rows) == 2000 and [int(x["seed"]) for x in rows] == list(range(1, 2001))
    for row in rows:
        scores = [int(row[f"score_{i}"]) for i in (1, 2, 3, 4)]
        assert int(row["players"]) == 4 and int(row["winner"]) in (1, 2, 3, 4)
        assert scores[int(row["winner"]) - 1] == max(scores)          # DL-7.1
        assert sum(scores) <= 62 + 10 * 5                              # DL-I2, DL-I3: all cards and good photos
        assert int(row["turns"]) >= 12                                  # DL-4.5: twelve clock moves at least
        assert int(row["stops_won"]) <= int(row["stops_called"])        # DL-6.4 needs a call (DL-6.2)


@pytest.mark.slow
def test_play_replay_render(tmp_path):
    rec, png = tmp_path / "g.json", tmp_path / "g.png"
    r = run("play", "disneyland", "--seed", "5", "--players", "2", "--out", str(rec))
    assert r.returncode == 0, r.stderr
    r = run("replay", str(rec))
    assert r.returncode == 0 and "replayed and verified" in r.stdout
    r = run("render", str(rec), "--step", "10", "--out", str(png))
    assert r.returncode == 0, r.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.slow
def test_bad_arguments_give_one_line_and_no_traceback(tmp_path):
    for args in (("replay", str(tmp_path / "missing.json")),
                 ("simulate", "disneyland", "--players", "9", "--games", "2"),
                 ("render", str(tmp_path / "missing.json"), "--out", str(tmp_path / "x.png"))):
        r = run(*args)
        assert r.returncode != 0
        assert "Traceback" not in r.stderr and r.stderr.startswith("error:")
        assert len(r.stderr.strip().splitlines()) == 1
    rec = tmp_path / "g.json"
    assert run("play", "disneyland", "--seed", "2", "--players", "2", "--out", str(rec)).returncode == 0
    for args in (("simulate", "no-such-game"),
                 ("simulate", "disneyland", "--games", "2", "--agents", "person"),
                 ("simulate", "disneyland", "--games", "two"),
                 ("render", str(rec), "--view", "3", "--out", str(tmp_path / "x.png")),
                 ("render", str(rec), "--step", "100000", "--out", str(tmp_path / "x.png"))):
        r = run(*args)
        assert r.returncode == 2 and "Traceback" not in r.stderr, args
        assert len(r.stderr.strip().splitlines()) == 1 and r.stderr.startswith("error:"), (args, r.stderr)


@pytest.mark.slow
def test_a_run_into_a_file_says_where_its_rows_went(tmp_path):
    out = tmp_path / "g.csv"
    r = run("simulate", "disneyland", "--games", "3", "--seed", "5", "--out", str(out))
    assert r.returncode == 0 and r.stdout.strip() == f"disneyland: 3 games (seeds 5 to 7) written to {out}", r.stdout
    assert [row["seed"] for row in csv.DictReader(out.open())] == ["5", "6", "7"]
    for command in (("simulate", "disneyland"), ("sweep", "disneyland", "--grid", '{"players": [2]}')):
        r = run(*command, "--games", "2", "--seed", "5")          # no --out: the rows and nothing else
        assert r.returncode == 0 and r.stdout.startswith(("seed,", "arm,")) and "written" not in r.stdout, r.stderr
    r = run("compare", "mcdonalds", "--games", "2", "--arms", '{"a": {}, "b": {}}', "--out", str(tmp_path / "c.csv"))
    assert r.returncode == 0 and "Paired comparison" in r.stdout and "written" not in r.stdout, r.stderr


@pytest.mark.slow
def test_render_writes_the_format_its_file_name_says(tmp_path):
    rec = tmp_path / "g.json"
    assert run("play", "disneyland", "--seed", "2", "--players", "2", "--out", str(rec)).returncode == 0
    for name, extra, words in (("x.jpg", (), "not .jpg"), ("x.png", ("--format", "svg"), "make them agree")):
        r = run("render", str(rec), "--step", "3", "--out", str(tmp_path / name), *extra)
        assert r.returncode == 2 and words in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
        assert not (tmp_path / name).exists()
    for name, extra, head in (("x.svg", (), b"<?xml"), ("x", (), b"\x89PNG"), ("x.jpg", ("--format", "pdf"), b"%PDF")):
        r = run("render", str(rec), "--step", "3", "--out", str(tmp_path / name), *extra)
        assert r.returncode == 0, r.stderr
        assert (tmp_path / name).read_bytes().startswith(head), name


def test_version_and_a_bare_command_list_the_commands():
    from toolkit import __version__
    r = run("--version")
    assert r.returncode == 0 and r.stdout.strip() == f"boardgame-toolkit {__version__}"
    r = run()
    assert r.returncode == 0 and all(c in r.stdout for c in ("simulate", "play", "replay", "render"))
    assert "Traceback" not in r.stderr


def test_the_installed_package_carries_the_version_records_write():
    # pyproject.toml reads the version from toolkit/core/version.py: one place, so a release cannot name two
    from importlib.metadata import version
    from toolkit import __version__
    assert version("boardgame-toolkit") == __version__


@pytest.mark.slow
def test_counts_and_seeds_out_of_range_get_plain_messages(tmp_path):
    for args, words in ((("simulate", "disneyland", "--jobs", "0"), "jobs must be a number of worker processes, at least 1, not 0"),
                        (("play", "disneyland", "--seed", "-1", "--out", str(tmp_path / "g.json")), "--seed"),
                        (("play", "disneyland", "--seed", str(2**64), "--out", str(tmp_path / "g.json")), "2**64")):
        r = run(*args)
        assert r.returncode == 2 and words in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert not (tmp_path / "g.json").exists()
    # a simulation's seeds are checked before any game: no CSV header, no game failure (exit status 1)
    for args, words in ((("simulate", "disneyland", "--games", "2", "--seed", "-3"), "a seed is a whole number"),
                        (("simulate", "disneyland", "--games", "2", "--seed", str(2**64 - 1)), "past the largest seed"),
                        (("compare", "mcdonalds", "--games", "2", "--seed", "-1", "--arms", '{"a": {}}'), "a seed is")):
        r = run(*args)
        assert r.returncode == 2 and r.stdout == "" and words in r.stderr, (args, r.stdout, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1 and "GameFailed" not in r.stderr, r.stderr


@pytest.mark.slow
def test_outputs_are_checked_first_and_never_overwritten_without_force(tmp_path):
    rec, png = tmp_path / "g.json", tmp_path / "g.png"
    assert run("play", "disneyland", "--seed", "5", "--players", "2", "--out", str(rec)).returncode == 0
    png.write_bytes(b"old picture")
    before = rec.read_bytes()
    for args in (("play", "disneyland", "--seed", "6", "--players", "2", "--out", str(rec)),
                 ("render", str(rec), "--out", str(png)),
                 ("play", "disneyland", "--out", str(tmp_path / "no-such-folder" / "g.json")),
                 ("render", str(rec), "--out", str(tmp_path))):
        r = run(*args)
        assert r.returncode == 2 and r.stderr.startswith("error:") and len(r.stderr.strip().splitlines()) == 1, r
    assert rec.read_bytes() == before and png.read_bytes() == b"old picture"
    assert "--force" in run("render", str(rec), "--out", str(png)).stderr
    assert run("render", str(rec), "--out", str(png), "--force").returncode == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []     # no temporary file left
    r = run("play", "disneyland", "--seed", "6", "--players", "2", "--out", str(rec), "--force")
    assert r.returncode == 0 and rec.read_bytes() != before


@pytest.mark.slow
def test_hostile_and_incomplete_records_from_the_command_line(tmp_path):
    rec = tmp_path / "g.json"
    assert run("play", "disneyland", "--seed", "5", "--players", "2", "--out", str(rec)).returncode == 0
    data = json.loads(rec.read_text())
    cases = {"zero.json": dict(data, options={"board": "/dev/zero"}), "seed.json": dict(data, seed=-5),
             "junk.json": dict(data, junk=[1]), "v2.json": dict(data, format="toolkit-record/2"),
             "type.json": dict(data, options={"board": 5})}
    for name, bad in cases.items():
        (tmp_path / name).write_text(json.dumps(bad))
    (tmp_path / "deep.json").write_text("[" * 100000)
    for name in [*cases, "deep.json"]:
        r = run("replay", str(tmp_path / name))
        assert r.returncode == 2 and r.stderr.startswith("error:") and len(r.stderr.strip().splitlines()) == 1, r
    r = run("replay", str(tmp_path))
    assert r.returncode == 2 and "directory" in r.stderr
    cut = dict(data, decisions=data["decisions"][:17])
    del cut["final"]
    (tmp_path / "cut.json").write_text(json.dumps(cut))
    r = run("replay", str(tmp_path / "cut.json"))
    assert r.returncode == 1 and "incomplete record: 17 decisions, the game is not over; replayed to step 17" in r.stderr
    r = run("replay", str(tmp_path / "cut.json"), "--partial")
    assert r.returncode == 0 and "the game is not over" in r.stdout


def test_records_name_files_only_with_allow_paths(tmp_path):
    from importlib import resources
    board = tmp_path / "board.json"
    board.write_bytes(resources.files("toolkit.games.disneyland").joinpath("board.json").read_bytes())
    rec = tmp_path / "g.json"
    assert run("play", "disneyland", "--seed", "5", "--players", "2", "--out", str(rec)).returncode == 0
    data = json.loads(rec.read_text())
    data["options"] = {"board": str(board)}
    rec.write_text(json.dumps(data))
    r = run("replay", str(rec))
    assert r.returncode == 2 and "--allow-paths" in r.stderr
    assert run("replay", str(rec), "--allow-paths").returncode == 0


@pytest.mark.slow
def test_export_writes_a_players_record_without_hidden_facts(tmp_path):
    """DL-5.2, DL-I13: player 2's export holds no photo player 1 took; player 1's holds theirs."""
    import json
    rec = tmp_path / "g.json"
    assert run("play", "disneyland", "--seed", "5", "--players", "2", "--out", str(rec)).returncode == 0
    outs = {}
    for seat in (1, 2):
        out = tmp_path / f"p{seat}.json"
        r = run("export", str(rec), "--seat", str(seat), "--out", str(out))
        assert r.returncode == 0, r.stderr
        outs[seat] = json.loads(out.read_text())
        assert outs[seat]["seat"] == seat and "seed" not in outs[seat] and "fingerprint" not in out.read_text()
    for seat in (1, 2):
        cams = [e for e in outs[seat]["events"] if e["kind"] == "camera" and e["text"].endswith("face down.")]
        assert {e["player"] for e in cams} == {1, 2}                  # both took photos in this game
        assert all(("photo" in e) == (e["player"] == seat) for e in cams)
    r = run("export", str(rec), "--seat", "2", "--out", str(tmp_path / "p2.csv"))
    assert r.returncode == 0 and (tmp_path / "p2.csv").read_text().startswith("step,kind,player,text,clauses")
    r = run("export", str(rec), "--seat", "3", "--out", str(tmp_path / "p3.json"))
    assert r.returncode == 2 and "--seat" in r.stderr and "Traceback" not in r.stderr
    # like play and render: an existing file is kept unless --force, and the name says the format
    before = (tmp_path / "p2.csv").read_text()
    r = run("export", str(rec), "--seat", "1", "--out", str(tmp_path / "p2.csv"))
    assert r.returncode == 2 and "--force" in r.stderr and (tmp_path / "p2.csv").read_text() == before
    assert run("export", str(rec), "--seat", "1", "--out", str(tmp_path / "p2.csv"), "--force").returncode == 0
    r = run("export", str(rec), "--seat", "1", "--out", str(tmp_path / "p1.txt"))
    assert r.returncode == 2 and ".json" in r.stderr and not (tmp_path / "p1.txt").exists()


def test_an_option_given_to_new_game_as_a_keyword_says_where_options_go():
    from toolkit import new_game
    from toolkit.core.errors import OptionError
    with pytest.raises(OptionError, match=r"options=\{...\} \(The McDonald's Game's options: .*speed"):
        new_game("mcdonalds", players=2, speed=3)
    assert new_game("mcdonalds", players=2, options={"speed": 3}, log=False).log is False
