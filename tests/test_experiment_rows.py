"""Typed and tidy rows (one per game and seat), read back from CSV and Parquet with the same dtypes; progress
bars only where someone watches; Dask from a script without a main guard refused in one line."""
import io
import subprocess
import sys

import pandas as pd
import pytest
from pandas.testing import assert_frame_equal

from toolkit import compare, simulate, sweep
from toolkit.experiments import long, read_rows, typed, write_rows

GRID = {"players": [2, 3], "options": [{"errors": 0.1, "speed": 3.0}, {"errors": 0.3}]}


@pytest.fixture(scope="module")
def swept():
    return sweep("mcdonalds", GRID, games=3, seed=7, agents="heuristic", progress=False)


def test_a_sweeps_options_are_typed_columns_and_missing_seats_nullable_integers(swept):
    assert str(swept.opt_errors.dtype) == "Float64"
    assert swept.groupby("opt_errors").size().to_dict() == {0.1: 6, 0.3: 6}       # no json.loads needed
    assert str(swept.opt_speed.dtype) == "Float64" and swept.opt_speed.isna().sum() == 6   # not set: missing
    rows, _ = compare("mcdonalds", {"a": {"options": {"speed": [3.0, 4.0, 4.0]}}, "b": {"options": {"errors": 0.2}}},
                      games=2, players=3, agents="heuristic", measures=["turns"], progress=False)
    assert str(rows.opt_speed.dtype) == "string" and rows.opt_speed[0] == "[3.0,4.0,4.0]"    # a list: JSON
    for c in ("score_1", "score_2", "score_3", "winner"):
        assert str(swept[c].dtype) == "Int64", c
    assert swept.score_3.isna().sum() == 6 and swept.score_3.dropna().astype(int).ge(0).all()
    for c in ("game", "arm", "agents"):
        assert str(swept[c].dtype) == "category", c
    assert list(swept.arm.cat.categories) == list(dict.fromkeys(swept.arm.astype(str)))   # in the study's order


def test_long_rows_have_one_row_per_game_and_seat(swept):
    t = long(swept)
    assert len(t) == 6 * 2 + 6 * 3
    assert list(t.columns[:8]) == ["arm", "seed", "players", "seat", "agent", "score", "win", "rank"]
    assert not any(c.startswith("score_") for c in t.columns)
    assert {str(t[c].dtype) for c in ("seat", "score", "rank")} == {"Int64"} and str(t.win.dtype) == "boolean"
    assert str(t.agent.dtype) == "category" and set(t.agent) == {"heuristic"}
    for (arm, seed), g in t.groupby(["arm", "seed"], observed=True):
        wide = swept[(swept.arm == arm) & (swept.seed == seed)].iloc[0]
        assert list(g.seat) == list(range(1, wide.players + 1))
        assert list(g.score) == [wide[f"score_{s}"] for s in g.seat]
        assert g.win.sum() == (0 if pd.isna(wide.winner) else 1)
        if not pd.isna(wide.winner):
            assert g[g.win].seat.iloc[0] == wide.winner
        best = g.score.max()
        assert set(g[g["rank"] == 1].score) == {best} and g["rank"].max() <= wide.players


def test_long_rows_name_each_seats_own_agent():
    rows, _ = compare("hamburgerspelet", {"mixed": {}}, games=2, seed=1, players=3,
                      agents=[{"kind": "fading-memory", "half_life": 10}, "perfect-memory", "no-memory"],
                      measures=["turns"], progress=False)
    t = long(rows)
    assert list(t.agent[:3]) == ['{"kind":"fading-memory","half_life":10}', "perfect-memory", "no-memory"]
    assert t.groupby("agent", observed=True).size().tolist() == [2, 2, 2]


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_typed_and_long_rows_round_trip_with_their_dtypes(swept, tmp_path, suffix):
    for frame in (swept, long(swept)):
        path = write_rows(frame, tmp_path / f"rows{suffix}")
        back = read_rows(path)
        assert_frame_equal(back, typed(frame))
        assert list(back.dtypes.astype(str)) == list(typed(frame).dtypes.astype(str))
        with pytest.raises(FileExistsError):
            write_rows(frame, path)
        write_rows(frame, path, force=True)
        path.unlink()


@pytest.mark.slow
def test_sweep_and_compare_write_parquet_and_the_cli_too(tmp_path, swept):
    out = sweep("mcdonalds", GRID, games=3, seed=7, agents="heuristic", progress=False, out=tmp_path / "s.parquet")
    assert_frame_equal(pd.read_parquet(out), swept)             # the same dtypes, read by plain pandas
    rows, _ = compare("mcdonalds", {"a": {}, "b": {"players": 3}}, games=4, seed=1, players=2, agents="heuristic",
                      measures=["score_1"], out=tmp_path / "c.parquet", progress=False)
    assert_frame_equal(read_rows(tmp_path / "c.parquet"), rows)
    with pytest.raises(FileExistsError):           # refused before any game
        compare("mcdonalds", {"a": {}}, games=10 ** 9, players=2, out=tmp_path / "c.parquet", progress=False)
    r = subprocess.run([sys.executable, "-m", "toolkit", "sweep", "disneyland", "--games", "2", "--grid",
                        '{"players": [2, 3]}', "--out", str(tmp_path / "cli.parquet")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    cli = read_rows(tmp_path / "cli.parquet")
    assert len(cli) == 4 and str(cli.score_3.dtype) == "Int64" and cli.score_3.isna().sum() == 2


def test_compare_and_sweep_give_long_rows_with_tidy(swept):
    t = sweep("mcdonalds", GRID, games=3, seed=7, agents="heuristic", progress=False, tidy=True)
    assert_frame_equal(t, long(swept))
    rows, s = compare("mcdonalds", {"a": {}, "b": {"players": 3}}, games=3, seed=1, players=2,
                      agents="heuristic", measures=["score_1"], tidy=True, progress=False)
    assert "seat" in rows and s.games == 3


def test_a_typed_row_replays():
    from toolkit import replay_row
    rows, _ = compare("mcdonalds", {"a": {}, "b": {"players": 3}}, games=3, seed=1, players=2, agents="heuristic",
                      measures=["score_1"], progress=False)
    for _, row in rows.iterrows():
        assert replay_row(row).scores()[0] == row.score_1          # score_3 of a two-player row is <NA>


def test_no_progress_bar_into_a_log_and_tqdm_disable_is_respected(monkeypatch):
    """A bar's \\r frames went into logs when stderr was not a terminal, and TQDM_DISABLE was ignored."""
    log = io.StringIO()
    monkeypatch.setattr(sys, "stderr", log)
    simulate("disneyland", games=600, seed=1, players=2, progress=None)
    assert log.getvalue() == ""
    monkeypatch.setenv("TQDM_DISABLE", "1")
    simulate("disneyland", games=5, seed=1, players=2, progress=True)
    assert log.getvalue() == ""
    monkeypatch.delenv("TQDM_DISABLE")
    simulate("disneyland", games=5, seed=1, players=2, progress=True)    # asked for: shown
    assert "5/5" in log.getvalue()


def test_the_default_bar_shows_on_a_terminal(monkeypatch):
    from toolkit.core.simulate import progress_shown

    class Terminal(io.StringIO):
        def isatty(self):
            return True
    monkeypatch.delenv("TQDM_DISABLE", raising=False)
    monkeypatch.setattr(sys, "stderr", Terminal())
    assert progress_shown(None, 500) and not progress_shown(None, 499) and not progress_shown(False, 500)
    monkeypatch.setenv("TQDM_DISABLE", "1")
    assert not progress_shown(None, 500) and not progress_shown(True, 500)
    monkeypatch.setenv("TQDM_DISABLE", "0")
    assert progress_shown(None, 500)


def test_dask_from_a_script_without_a_main_guard_is_refused_in_one_line(tmp_path):
    """It ended in "Nanny failed to start" (the workers import the script again, and start the run again)."""
    pytest.importorskip("distributed")
    script = tmp_path / "study.py"
    script.write_text('from toolkit import simulate\n'
                      'simulate("mcdonalds", games=4, players=2, backend="dask", progress=False)\n')
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    last = r.stderr.strip().splitlines()[-1]
    assert r.returncode == 1 and last.startswith("RuntimeError: ")
    assert 'if __name__ == "__main__":' in last and "study.py" in last and "line 2" in last
    assert "Nanny" not in r.stderr
    r = subprocess.run([sys.executable], input=script.read_text(), capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "<stdin> cannot be imported" in r.stderr.strip().splitlines()[-1]


def test_a_main_guard_is_recognised(tmp_path):
    from toolkit.core.simulate import _under_main_guard
    text = "import x\nrun()\nif __name__ == '__main__':\n    a = 1\n    run()\nif '__main__' == __name__:\n    run()\n"
    path = tmp_path / "s.py"
    path.write_text(text)
    assert [line for line in range(1, 8) if _under_main_guard(str(path), line)] == [4, 5, 7]


@pytest.mark.slow
def test_simulate_on_the_command_line_writes_real_parquet(tmp_path):
    """``simulate --out rows.parquet`` wrote CSV text into the file (read_parquet failed on it); now typed Parquet,
    the same rows as ``simulate`` gives in Python, and an existing file is refused before any game."""
    out = tmp_path / "rows.parquet"
    cmd = [sys.executable, "-m", "toolkit", "simulate", "disneyland", "--games", "4", "--seed", "3", "--out", str(out)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert_frame_equal(pd.read_parquet(out), typed(simulate("disneyland", games=4, seed=3, progress=False)))
    again = subprocess.run(cmd[:6] + ["1000000000", "--out", str(out)], capture_output=True, text=True)
    assert again.returncode == 2 and "exists" in again.stderr and again.stderr.count("\n") == 1, again.stderr
