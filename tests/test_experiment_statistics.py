"""The statistics of experiments, recomputed as an analyst would: with scipy and statsmodels, at every level an
analyst uses and from 1 to 1000 degrees of freedom; the corrections against statsmodels' ``multipletests``; the
summary's bugs that analysts met (arms of different sizes, NaN intervals, text measures)."""
import math

import numpy as np
import pytest
from scipy import stats
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint
from statsmodels.stats.weightstats import DescrStatsW

from toolkit import compare
from toolkit.experiments import Comparison, IntervalWarning, mean_interval, t_quantile, wilson
from toolkit.experiments.stats import benjamini_hochberg, holm, mcnemar, paired_t, pairing_gain

LEVELS = (0.8, 0.9, 0.95, 0.975, 0.99, 0.995, 0.999)
DFS = (1, 2, 3, 4, 5, 7, 10, 20, 29, 30, 31, 50, 100, 200, 500, 1000)


def test_t_quantiles_are_scipys_at_every_level_and_degrees_of_freedom():
    """The hand-written table was exact only at 0.975 up to 30 df: at 99% with 1 df the interval was 36% too
    narrow (40.5 against 63.7)."""
    for level in LEVELS:
        for df in DFS:
            assert math.isclose(t_quantile(0.5 + level / 2, df), stats.t.ppf(0.5 + level / 2, df), rel_tol=1e-12)
    assert round(t_quantile(0.995, 1), 1) == 63.7


def test_mean_intervals_are_statsmodels_t_intervals():
    rng = np.random.default_rng(7)
    for df in DFS:
        xs = rng.normal(3.0, 2.0, df + 1)
        for level in LEVELS:
            m, lo, hi = mean_interval(xs, level)
            slo, shi = DescrStatsW(xs).tconfint_mean(alpha=1 - level)
            assert math.isclose(m, xs.mean(), rel_tol=1e-12)
            assert math.isclose(lo, slo, rel_tol=1e-9, abs_tol=1e-12) and math.isclose(hi, shi, rel_tol=1e-9,
                                                                                       abs_tol=1e-12)
    assert all(math.isnan(x) for x in mean_interval([4.0])[1:])


def test_wilson_intervals_are_statsmodels():
    for n in (1, 2, 5, 10, 40, 263, 1000):
        for k in sorted({0, 1, n // 3, n // 2, n - 1, n}):
            for level in LEVELS:
                rate, lo, hi = wilson(k, n, level)
                slo, shi = proportion_confint(k, n, alpha=1 - level, method="wilson")
                assert rate == k / n
                assert math.isclose(lo, slo, abs_tol=1e-12) and math.isclose(hi, shi, abs_tol=1e-12)


def test_paired_t_and_exact_mcnemar_p_values_are_scipys_and_statsmodels():
    rng = np.random.default_rng(3)
    for n in (2, 5, 30, 400):
        a, b = rng.normal(1.0, 1.0, n), rng.normal(0.8, 1.0, n)
        assert math.isclose(paired_t(a - b), stats.ttest_rel(a, b).pvalue, rel_tol=1e-12)
        wa, wb = (rng.random(n) < 0.5).astype(float), (rng.random(n) < 0.3).astype(float)
        table = [[((wa == 1) & (wb == 1)).sum(), ((wa == 1) & (wb == 0)).sum()],
                 [((wa == 0) & (wb == 1)).sum(), ((wa == 0) & (wb == 0)).sum()]]
        assert math.isclose(mcnemar(wa, wb), sm_mcnemar(table, exact=True).pvalue, rel_tol=1e-12)


@pytest.mark.slow
def test_adjusted_p_values_match_statsmodels_multipletests():
    rng = np.random.default_rng(11)
    for m in (1, 2, 5, 31, 200):
        p = np.round(rng.random(m) ** 3, 3)          # rounded: ties, as p-values of a table often have
        assert np.allclose(holm(p), multipletests(p, method="holm")[1], rtol=0, atol=1e-15)
        assert np.allclose(benjamini_hochberg(p), multipletests(p, method="fdr_bh")[1], rtol=0, atol=1e-15)
    with_nan = holm([0.01, math.nan, 0.04])
    assert math.isnan(with_nan[1]) and np.allclose(with_nan[[0, 2]], multipletests([0.01, 0.04], method="holm")[1])


@pytest.mark.slow
def test_the_summary_reports_p_values_adjusted_over_its_table_and_effect_sizes():
    rows, s = compare("mcdonalds", {"default": {}, "fast": {"options": {"speed": [3.0, 4.0, 4.0]}},
                                    "sloppy": {"options": {"errors": [0.4, 0.1, 0.1]}}},
                      games=40, seed=2, players=3, agents="heuristic", measures=["win_1", "score_1", "turns"],
                      progress=False)
    d = s.differences
    assert np.allclose(d.p_holm, multipletests(d.p_value, method="holm")[1], atol=1e-15)
    assert np.allclose(d.p_bh, multipletests(d.p_value, method="fdr_bh")[1], atol=1e-15)
    base = rows[rows.arm == "default"].set_index("seed")
    for r in d.itertuples():
        arm = rows[rows.arm == r.arm].set_index("seed")
        if r.measure == "win_1":
            a, b = (arm.winner == 1).astype(float), (base.winner == 1).astype(float)
            assert r.test == "exact McNemar" and r.effect_kind == "risk difference"
            assert math.isclose(r.effect, a.mean() - b.mean())
            assert math.isclose(r.p_value, mcnemar(a, b))
        else:
            diff = arm[r.measure].astype(float) - base[r.measure].astype(float)
            assert r.test == "paired t" and r.effect_kind == "d_z"
            assert math.isclose(r.effect, diff.mean() / diff.std(ddof=1))
            assert math.isclose(r.p_value, stats.ttest_rel(arm[r.measure].astype(float),
                                                           base[r.measure].astype(float)).pvalue)
        assert math.isclose(r.reduction, pairing_gain(arm[r.measure] if r.measure in arm else a,
                                                      base[r.measure] if r.measure in base else b))
        assert r.reduction_low <= r.reduction <= r.reduction_high
    assert "p Holm" in str(s) and "dz " in str(s) and "RD " in str(s)


def test_print_of_a_summary_whose_arms_have_different_player_counts():
    """Was an IndexError in ``_text_table``: the win-rate table's rows had as many cells as each arm's seats."""
    rows, s = compare("mcdonalds", {"two": {}, "three": {"players": 3}}, games=12, seed=1, players=2,
                      agents="heuristic", measures=["win_1", "score_1"], progress=False)
    text = str(s)
    assert "seat 3" in text
    two = [line for line in text.splitlines() if line.startswith("two ")][-1]
    assert two.rstrip().endswith("-")              # a two-player arm has no seat 3
    assert "<td>-</td>" in s._repr_html_()


@pytest.mark.slow
def test_cli_compare_with_arms_of_different_player_counts_prints_its_summary(tmp_path):
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-m", "toolkit", "compare", "mcdonalds", "--games", "6", "--players", "2",
                        "--agents", "heuristic", "--arms", '{"two": {}, "three": {"players": 3}}',
                        "--measures", "win_1"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "seat 3" in r.stdout and "Traceback" not in r.stderr


def test_a_nan_interval_is_drawn_and_keyed_as_no_interval_not_as_a_clear_difference():
    """One game gives no interval (NaN bounds): the forest plot called it "interval leaves out 0: a clear
    difference"; the summary warns that it says nothing."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from toolkit.experiments.drawing import CROSSES, NONE, forest_plot
    with pytest.warns(IntervalWarning):
        _, s = compare("mcdonalds", {"a": {}, "b": {"options": {"errors": 0.4}}}, games=1, seed=3, players=3,
                       agents="heuristic", measures=["score_1"], progress=False)
    assert s.differences.low.isna().all()
    ax = forest_plot(s)
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert texts == ["no interval (too few games)"]
    from matplotlib.colors import to_hex
    assert all(to_hex(line.get_color()) != CROSSES for line in ax.lines)
    assert any(to_hex(line.get_color()) == NONE and line.get_fillstyle() == "none" for line in ax.lines)
    plt.close(ax.figure)


def test_the_forest_plot_draws_bonferroni_intervals_and_says_so():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from toolkit.experiments.drawing import forest_plot
    arms = {"a": {}, "b": {"options": {"errors": 0.4}}, "c": {"options": {"speed": [3.0, 4.0, 4.0]}}}
    _, s = compare("mcdonalds", arms, games=30, seed=3, players=3, agents="heuristic", measures=["score_1", "turns"], progress=False)
    plain, adjusted = s.intervals(), s.intervals(adjust="bonferroni")
    assert adjusted.attrs["each"] == pytest.approx(1 - 0.05 / 4)
    assert ((adjusted.high - adjusted.low) > (plain.high - plain.low)).all()        # wider, every one
    for r, (a, b) in zip(adjusted.itertuples(), s._pairs):
        lo, hi = stats.t.interval(1 - 0.05 / 4, len(a) - 1, loc=np.mean(a - b), scale=stats.sem(a - b))
        assert math.isclose(r.low, lo) and math.isclose(r.high, hi)
    from tests.legibility import problems
    fig, axes = plt.subplots(1, 2, figsize=(12, 3.8))       # side by side, as notebook 08 draws them
    for ax, m in zip(axes, ("score_1", "turns")):
        forest_plot(s, m, ax=ax, adjust="bonferroni", xlabel=f"change in seat 1's final {m}")
        assert "Bonferroni-adjusted over 4 intervals" in ax.get_xlabel()
    assert problems(fig, "chart") == []
    plt.close(fig)
    with pytest.raises(ValueError, match="bonferroni"):
        s.intervals(adjust="holm")


def test_a_text_column_is_refused_as_a_measure_before_any_game():
    """``measures=["agents"]`` passed the check and failed after every game had run."""
    for text in ("agents", "options", "game", "arm"):
        with pytest.raises(ValueError, match=f"column '{text}' is text"):
            compare("mcdonalds", {"a": {}, "b": {}}, games=10 ** 9, players=2, measures=[text], progress=False)


def test_a_summary_of_typed_rows_read_back_from_csv_is_the_same(tmp_path):
    from toolkit.experiments import read_rows, write_rows
    rows, s = compare("disneyland", {"a": {}, "b": {"agents": "heuristic"}}, games=20, seed=1, players=2,
                      measures=["win_1", "turns"], progress=False)
    again = Comparison(read_rows(write_rows(rows, tmp_path / "r.csv")), measures=["win_1", "turns"])
    assert again.differences.equals(s.differences) and again.win_rates.equals(s.win_rates)
