"""Experiments: paired comparisons on common random numbers, sweeps, intervals, Dask, rows into the stepper."""
import math

import pytest

from toolkit import compare, replay_row, simulate, sweep
from toolkit.core.rows import RowMismatch
from toolkit.experiments import Comparison, IntervalWarning, mean_interval, t_quantile, wilson


def test_every_arm_plays_the_same_luck():
    """Common random numbers: two arms with the same setup give identical games, so every difference is 0
    and nothing is left to chance; with a different setup only the choices differ (same deal of the deck).
    Such intervals have no width, and the summary warns that they say nothing about the uncertainty."""
    with pytest.warns(IntervalWarning, match="3 interval"):
            rows, summary = compare("mcdonalds", {"a": {}, "b": {}}, games=15, seed=4, players=3, agents="heuristic",
                                measures=["turns", "score_1", "win_1"], progress=False)
    a, b = rows[rows.arm == "a"].reset_index(drop=True), rows[rows.arm == "b"].reset_index(drop=True)
    assert a.drop(columns="arm").equals(b.drop(columns="arm"))
    assert (summary.differences.difference == 0).all() and (summary.differences.low == 0).all()


def test_pairing_reduces_the_variance_and_the_summary_says_so():
    rows, s = compare("mcdonalds", {"careful": {}, "fast": {"options": {"speed": [2.0, 4.0, 4.0]}}},
                      games=60, seed=1, players=3, agents="heuristic", measures=["turns", "score_1", "win_1"],
                      progress=False)
    d = s.differences.set_index("measure")
    assert (d.reduction > 1).all()                # the same luck in both arms: differences vary less
    assert d.loc["score_1", "low"] > 0             # a faster seat 1 scores more (MCD-I10), surely
    for r in d.itertuples():
        assert r.low <= r.difference <= r.high
        assert math.isclose(r.reduction, r.independent_var / r.paired_var)
    w = s.win_rates.set_index(["arm", "seat"])
    fast = rows[rows.arm == "fast"]
    assert w.loc[("fast", 1), "wins"] == (fast.winner == 1).sum()
    text = str(s)
    assert "baseline 'careful'" in text and "score_1" in text and "seat 3" in text
    assert "<table>" in s._repr_html_() and "Wilson" in s._repr_html_()
    assert str(Comparison(rows, baseline="fast", measures=["turns"])).count("careful") >= 2


def test_intervals_match_known_values():
    m, lo, hi = mean_interval([2, 4, 4, 4, 5, 5, 7, 9])
    assert m == 5 and math.isclose(hi - m, t_quantile(0.975, 7) * math.sqrt(32 / 7) / math.sqrt(8))
    assert round(t_quantile(0.975, 4), 3) == 2.776 and round(t_quantile(0.995, 1), 2) == 63.66   # printed tables
    rate, lo, hi = wilson(81, 263)                 # a textbook case: 0.308 [0.255, 0.366]
    assert (round(rate, 3), round(lo, 3), round(hi, 3)) == (0.308, 0.255, 0.366)
    assert wilson(10, 10)[2] == 1.0 and wilson(0, 10)[1] == 0.0


def test_compare_refuses_unclear_setups():
    with pytest.raises(ValueError, match="arm 'x': unknown key"):
        compare("mcdonalds", {"x": {"seats": 3}}, games=2, progress=False)
    with pytest.raises(ValueError, match="arm 'x'"):
        compare("mcdonalds", {"x": {"players": 9}}, games=2, progress=False)
    with pytest.raises(ValueError, match="baseline"):
        compare("mcdonalds", {"x": {}}, games=2, players=2, baseline="y", progress=False)


@pytest.mark.slow
def test_sweep_has_one_row_per_game_with_the_grid_columns():
    df = sweep("fcm", {"players": [2, 3], "options": [{"ruleset": "original"}, {"ruleset": "deluxe"}]},
               games=2, seed=3, agents="random", progress=False)
    assert len(df) == 8 and df.groupby(["players", "options"]).size().to_dict() == {
        (2, '{"ruleset":"deluxe"}'): 2, (2, '{"ruleset":"original"}'): 2,
        (3, '{"ruleset":"deluxe"}'): 2, (3, '{"ruleset":"original"}'): 2}
    assert df.score_3.isna().sum() == 4            # two-player games have no third score
    assert set(df.arm) == {'players=2 options={"ruleset":"original"}', 'players=2 options={"ruleset":"deluxe"}',
                           'players=3 options={"ruleset":"original"}', 'players=3 options={"ruleset":"deluxe"}'}
    row = df[(df.players == 3) & (df.options == '{"ruleset":"deluxe"}')].iloc[1]
    assert replay_row(row).options == {"ruleset": "deluxe"}
    with pytest.raises(ValueError, match="grid"):
        sweep("fcm", {"seats": [2]}, games=1)


def test_dask_gives_the_rows_of_a_local_run():
    distributed = pytest.importorskip("distributed")
    local = simulate("mcdonalds", games=24, seed=5, players=3, agents="heuristic", progress=False)
    arms = {"base": {}, "sloppy": {"options": {"errors": 0.3}}}
    rows, _ = compare("mcdonalds", arms, games=10, seed=2, players=2, agents="heuristic", progress=False)
    grid = {"players": [2, 3]}
    swept = sweep("disneyland", grid, games=3, seed=1, progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        on_dask = simulate("mcdonalds", games=24, seed=5, players=3, agents="heuristic", backend="dask",
                           scheduler=cluster.scheduler_address, chunk=5, progress=False)
        assert on_dask.equals(local)
        with distributed.Client(cluster) as client:
            d_rows, _ = compare("mcdonalds", arms, games=10, seed=2, players=2, agents="heuristic",
                                scheduler=client, chunk=3, progress=False)
            assert d_rows.equals(rows)
            assert sweep("disneyland", grid, games=3, seed=1, scheduler=client, progress=False).equals(swept)
            assert len(client.scheduler_info()["workers"]) == 2


def test_a_row_opens_in_the_stepper():
    from toolkit.widgets import Stepper
    df = simulate("disneyland", games=3, seed=8, players=2, agents="heuristic", progress=False)
    longest = df.loc[df.turns.idxmax()]
    s = Stepper.from_row(longest)
    assert s.history.game.turn == longest.turns and s.history.game.seed == longest.seed
    bad = dict(longest)
    bad["winner"] = 3 - bad["winner"]
    with pytest.raises(RowMismatch, match=rf"winner {longest.winner}, the row says {bad['winner']} "):
        Stepper.from_row(bad)


def test_a_measure_that_is_not_a_column_is_refused_before_any_game():
    with pytest.raises(KeyError, match="no column 'scroe_1'"):
        compare("mcdonalds", {"a": {}, "b": {}}, games=10 ** 9, players=2, measures=["scroe_1"], progress=False)
    with pytest.raises(KeyError, match="win_3"):
        compare("mcdonalds", {"a": {}, "b": {}}, games=10 ** 9, players=2, measures=["win_3"], progress=False)


@pytest.mark.slow
def test_cli_compare_prints_the_summary_and_sweep_writes_rows(tmp_path):
    import csv
    import subprocess
    import sys
    run = [sys.executable, "-m", "toolkit"]
    r = subprocess.run(run + ["compare", "mcdonalds", "--games", "12", "--players", "3", "--agents", "heuristic",
                              "--arms", '{"default": {}, "fast": {"options": {"speed": [3, 4, 4]}}}',
                              "--measures", "win_1,score_1", "--out", str(tmp_path / "c.csv")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "baseline 'default'" in r.stdout and "fast  score_1" in r.stdout
    assert len(list(csv.DictReader(open(tmp_path / "c.csv")))) == 24
    r = subprocess.run(run + ["sweep", "disneyland", "--games", "2", "--grid", '{"players": [2, 3]}'],
                       capture_output=True, text=True)
    rows = list(csv.DictReader(r.stdout.splitlines()))
    assert r.returncode == 0 and [(x["arm"], x["seed"]) for x in rows] == [
        ("players=2", "0"), ("players=3", "0"), ("players=2", "1"), ("players=3", "1")]
    r = subprocess.run(run + ["sweep", "disneyland", "--grid", "[2]"], capture_output=True, text=True)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "JSON object" in r.stderr


def test_the_forest_plot_keys_its_two_marks_and_marks_each_interval_by_whether_it_leaves_out_the_reference():
    """A slide shows no notebook text: the picture itself says what the square and the circle mean."""
    import matplotlib
    matplotlib.use("Agg")
    import pandas as pd
    from matplotlib.colors import to_hex

    from toolkit.experiments.drawing import CROSSES, POINT, forest_plot
    data = pd.DataFrame({"label": ["clear", "unclear"], "estimate": [0.2, 0.1], "low": [0.05, -0.1],
                         "high": [0.3, 0.2]})
    ax = forest_plot(data)
    key = {t.get_text(): h for t, h in zip(ax.get_legend().get_texts(), ax.get_legend().legend_handles)}
    assert set(key) == {"interval leaves out 0", "interval includes 0"}
    points = {(line.get_marker(), to_hex(line.get_color())) for line in ax.lines if line.get_marker() in ("s", "o")}
    assert points == {("s", CROSSES), ("o", POINT)}        # "clear" is a square, "unclear" a circle
    assert {(h.get_marker(), to_hex(h.get_color())) for h in key.values()} == points
    import matplotlib.pyplot as plt
    plt.close(ax.figure)


def test_the_forest_plot_keys_only_the_marks_it_draws():
    """Where every interval leaves out the reference (or none does), the key names that one mark only: a key
    naming a mark the plot does not show sends a reader looking for it."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import pandas as pd

    from tests.legibility import problems
    from toolkit.experiments.drawing import forest_plot
    for low, said in ((0.05, ["interval leaves out 0"]), (-0.05, ["interval includes 0"])):
        data = pd.DataFrame({"label": ["a", "b"], "estimate": [0.2, 0.1], "low": [low, low], "high": [0.3, 0.2]})
        ax = forest_plot(data, title="Points per game")
        assert [t.get_text() for t in ax.get_legend().get_texts()] == said
        assert {line.get_marker() for line in ax.lines} & {"s", "o"} == {"s" if low > 0 else "o"}
        assert problems(ax.figure, "chart") == []
        plt.close(ax.figure)


def test_a_seat_one_arm_lacks_neither_wins_nor_loses_there():
    # arm "two" has no seat 3: its win_3 is missing, not a loss, so no difference is claimed where none was played
    rows, s = compare("mcdonalds", {"three": {}, "two": {"players": 2}}, games=12, players=3,
                      measures=["win_3", "win_1"], progress=False)
    d = s.differences.set_index("measure")
    assert d.at["win_3", "games"] == 0 and math.isnan(d.at["win_3", "difference"])
    assert math.isnan(d.at["win_3", "p_value"])
    assert d.at["win_1", "games"] == 12                     # a seat both arms have is compared as before
    two = s.win_rates[s.win_rates["arm"] == "two"]
    assert list(two["seat"]) == [1, 2]


@pytest.mark.parametrize("level", [95, 1, 0, -0.5, True, "0.95"])
def test_a_level_that_is_not_a_fraction_is_refused_before_any_game(level):
    with pytest.raises(ValueError, match="level is a fraction between 0 and 1") as e:
        compare("mcdonalds", {"a": {}, "b": {"players": 2}}, games=2, players=3, level=level, progress=False)
    if level == 95:
        assert "write 0.95" in str(e.value)


@pytest.mark.parametrize("setup, says", [
    (5, "arm 'b' must be a dict"), (["players"], "arm 'b' must be a dict"), ("players", "arm 'b' must be a dict"),
    ({"agents": 5}, "agents must be an agent kind"), ({"agents": None}, "agents must be an agent kind")])
def test_an_arm_of_the_wrong_shape_says_what_an_arm_is(setup, says):
    with pytest.raises(ValueError, match=says):
        compare("mcdonalds", {"a": {}, "b": setup}, games=2, players=3, progress=False)


def test_a_grid_value_that_is_not_a_list_says_so():
    with pytest.raises(ValueError, match=r"grid\['players'\] must be a list of the values to sweep, e.g. \[3\]"):
        sweep("mcdonalds", {"players": 3}, games=2, progress=False)
    with pytest.raises(ValueError, match="agents must be an agent kind"):
        simulate("mcdonalds", games=2, players=3, agents=None, progress=False)


def test_a_comparison_of_one_arm_says_there_is_nothing_to_compare():
    _, s = compare("disneyland", {"only": {}}, games=1, players=2, progress=False)
    assert "one arm there is nothing to compare" in str(s) and "over 1 seed," in str(s)
    assert repr(s) == "<Comparison of 1 arm over 1 seed, baseline 'only'>"


@pytest.mark.slow
def test_cli_compare_tells_a_warning_in_one_line_and_a_bad_arm_in_one_line():
    import subprocess
    import sys
    run = [sys.executable, "-m", "toolkit", "compare", "mcdonalds", "--games", "3", "--players", "2"]
    r = subprocess.run(run + ["--arms", '{"a": {}, "b": {}}'], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    notes = r.stderr.strip().splitlines()       # identical arms: every difference 0, an interval of no width
    assert notes and all(n.startswith("note: ") and "interval(s) with no width" in n for n in notes), r.stderr
    assert "compare(" not in r.stderr and "Warning" not in r.stderr
    r = subprocess.run(run + ["--arms", '{"a": {}, "b": 5}'], capture_output=True, text=True)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "arm 'b' must be a dict" in r.stderr and "Traceback" not in r.stderr
