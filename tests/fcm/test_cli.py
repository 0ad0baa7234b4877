"""The command line with fcm: simulate columns, play, replay and render."""
import csv
import io
import subprocess
import sys

import pytest


def run(*args):
    return subprocess.run([sys.executable, "-m", "toolkit", *args], capture_output=True, text=True)


@pytest.mark.slow
def test_fcm_4_7_cli_simulate_columns_and_winner_by_cash():
    r = run("simulate", "fcm", "--games", "3", "--seed", "2", "--players", "3", "--agents", "heuristic")
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert len(rows) == 3
    for row in rows:
        for col in ("seed", "players", "winner", "turns", "score_1", "score_3", "bank_breaks", "sales_2", "milestones_1"):
            assert col in row
        scores = [int(row[f"score_{i}"]) for i in (1, 2, 3)]
        assert scores[int(row["winner"]) - 1] == max(scores) and row["bank_breaks"] == "2"


@pytest.mark.slow
def test_cli_play_replay_render(tmp_path):
    rec, png = tmp_path / "fcm.json", tmp_path / "fcm.png"
    r = run("play", "fcm", "--seed", "3", "--players", "2", "--agents", "heuristic", "--out", str(rec))
    assert r.returncode == 0, r.stderr
    r = run("replay", str(rec))
    assert r.returncode == 0 and "replayed and verified" in r.stdout
    r = run("render", str(rec), "--step", "40", "--view", "1", "--out", str(png))
    assert r.returncode == 0, r.stderr
    assert png.read_bytes()[:4] == b"\x89PNG"
