"""Stopping at a precision: ``compare(..., until=...)`` and the anytime-valid confidence sequences under it.

The coverage is simulated on synthetic studies with a known answer (cheap: numpy only), over many repeated
stopped studies; one small real ``compare`` run checks the plumbing.
"""
import math

import numpy as np
import pytest
from scipy import stats

from toolkit import compare
from toolkit.experiments.sequences import MIN_GAMES, asymptotic_sequence, betting_sequence

STUDIES = 1000
MOST = 2000


def _win_differences(rng):
    """Paired win indicators of two arms (seat 1 wins 45% against 30%): differences in {-1, 0, 1}, mean 0.15."""
    return (rng.random(MOST) < 0.45).astype(float) - (rng.random(MOST) < 0.30), 0.15


def _turn_differences(rng):
    """A difference of two game lengths (uniform 10..39 against 12..35 turns): mean 1."""
    return rng.integers(10, 40, MOST) - rng.integers(12, 36, MOST) + 0.0, 1.0


def _betting(x):
    return betting_sequence(x, 0.95, -1.0, 1.0)[1:]


def _asymptotic(x):
    return asymptotic_sequence(x, 0.95, tuned_for=300)[1:]


def _coverage(make, sequence, stop, seed):
    """Share of ``STUDIES`` stopped studies whose interval at the stop covers the known mean; the studies look
    every 10 games from ``MIN_GAMES`` on (as compare looks after each round) and stop by ``stop``."""
    rng = np.random.default_rng(seed)
    looks = np.arange(MIN_GAMES, MOST + 1, 10) - 1
    covered = 0
    for _ in range(STUDIES):
        x, truth = make(rng)
        low, high = sequence(x)
        low, high = low[looks], high[looks]
        i = stop(low, high, truth)
        covered += low[i] <= truth <= high[i]
    return covered / STUDIES


def _precision(target):
    def stop(low, high, truth):
        narrow = (high - low) / 2 <= target
        return int(np.argmax(narrow)) if narrow.any() else len(low) - 1
    return stop


def _worst(low, high, truth):
    """The stop an analyst must not make: as soon as the interval misses the truth (else at the end)."""
    miss = (low > truth) | (high < truth)
    return int(np.argmax(miss)) if miss.any() else len(low) - 1


@pytest.mark.parametrize("make,sequence,target", [(_win_differences, _betting, 0.08),
                                                  (_turn_differences, _asymptotic, 1.5)])
def test_stopped_studies_keep_their_coverage(make, sequence, target):
    """Stopping when the 95% confidence sequence is narrow enough still covers in at least 94% of studies."""
    assert _coverage(make, sequence, _precision(target), seed=1) >= 0.94


@pytest.mark.slow
@pytest.mark.parametrize("make,sequence", [(_win_differences, _betting), (_turn_differences, _asymptotic)])
def test_coverage_holds_even_for_the_worst_stopping_rule_where_t_intervals_fail(make, sequence):
    """Stopping as soon as the interval misses the truth: a confidence sequence covers at every size at once,
    so it still covers in 94% of studies or more; the fixed-size t-interval, looked at the same way, does not
    (this is why the test can fail)."""
    assert _coverage(make, sequence, _worst, seed=2) >= 0.94

    def t_intervals(x):
        n = np.arange(1, len(x) + 1)
        mean = np.cumsum(x) / n
        with np.errstate(invalid="ignore", divide="ignore"):
            sd = np.sqrt(np.maximum(np.cumsum(x * x) - n * mean ** 2, 0) / (n - 1))
            half = stats.t.ppf(0.975, n - 1) * sd / np.sqrt(n)
        return mean - half, mean + half
    assert _coverage(make, t_intervals, _worst, seed=2) < 0.8


def test_compare_plays_rounds_until_the_target_half_width():
    kw = dict(seed=3, players=3, agents="heuristic", measures=["score_1"], progress=False)
    arms = {"default": {}, "fast seat 1": {"options": {"speed": [3.0, 4.0, 4.0]}}}
    rows, s = compare("mcdonalds", arms, games=40, until={"score_1": 0.8}, max_games=400, **kw)
    played = s.stopping["games"]
    assert s.stopping["reached"] and 40 < played < 400 and s.games == played
    d = s.differences.set_index("measure")
    assert d.loc["score_1", "interval"] == "confidence sequence"
    assert (d.loc["score_1", "high"] - d.loc["score_1", "low"]) / 2 <= 0.8
    # wider than the t-interval of the same games: the price of looking after every round
    fixed_rows, fixed = compare("mcdonalds", arms, games=played, **kw)
    assert rows.equals(fixed_rows)             # the same seeds, in the same order, as one run of that size
    f = fixed.differences.set_index("measure")
    assert d.loc["score_1", "high"] - d.loc["score_1", "low"] > f.loc["score_1", "high"] - f.loc["score_1", "low"]
    assert "confidence sequence" in str(s) and "reached" in str(s)


def test_compare_stops_at_max_games_and_says_the_target_was_not_reached():
    _, s = compare("mcdonalds", {"a": {}, "b": {"options": {"errors": 0.3}}}, games=10, seed=1, players=3,
                   agents="heuristic", until={"win_1": 0.01}, max_games=25, progress=False)
    assert s.stopping["games"] == 25 and not s.stopping["reached"] and "win_1" in list(s.differences.measure)
    assert "not reached" in str(s)


def test_until_is_checked_before_any_game():
    for until, most, said in (({"win_1": 0.01}, None, "max_games"), ({"win_1": 0}, 100, "above 0"),
                              ({"win_1": 0.01}, 5, "max_games"), ({"scroe": 1.0}, 100, "no column")):
        with pytest.raises((ValueError, KeyError), match=said):
            compare("mcdonalds", {"a": {}, "b": {}}, games=10, players=2, until=until, max_games=most,
                    progress=False)


def test_a_betting_sequence_is_never_narrower_than_zero_nor_outside_the_bounds():
    """All-equal values early on (zero sample variance) do not collapse the betting sequence to a point."""
    _, low, high = betting_sequence(np.zeros(50), 0.95, -1.0, 1.0)
    assert (high - low > 0).all() and (low >= -1).all() and (high <= 1).all()
    assert math.isclose(low[0], -1.0) and math.isclose(high[0], 1.0)


def test_a_stop_in_a_later_round_keeps_the_rounds_already_played(monkeypatch):
    """Ctrl-C in the second round: ``Stopped.frame`` holds the first round's games as well as the second's."""
    import toolkit.experiments as experiments
    from toolkit.core.simulate import Stopped
    played = []

    def run_study(study, **kw):
        rows = real(study, **kw)
        played.append(kw["seed"])
        if len(played) == 2:
            raise Stopped(len(rows), "memory (Stopped.frame)", frame=rows.iloc[:2])
        return rows
    real = experiments.run_study
    monkeypatch.setattr(experiments, "run_study", run_study)
    with pytest.raises(Stopped) as stop:
        compare("mcdonalds", {"a": {}, "b": {"options": {"errors": 0.3}}}, games=5, seed=1, players=3,
                agents="heuristic", until={"score_1": 0.01}, max_games=50, progress=False)
    assert played == [1, 6] and len(stop.value.frame) == 2 * 5 + 2


def test_until_writes_its_rows_at_the_end(tmp_path):
    """Also: the asymptotic sequence gives no interval before MIN_GAMES games, and the summary warns."""
    from toolkit.experiments import IntervalWarning, read_rows
    with pytest.warns(IntervalWarning, match="b: score_1"):
        rows, s = compare("mcdonalds", {"a": {}, "b": {"options": {"errors": 0.3}}}, games=5, seed=1, players=3,
                          agents="heuristic", until={"score_1": 0.01}, max_games=12, out=tmp_path / "r.csv",
                          progress=False)
    d = s.differences.set_index("measure")
    assert math.isnan(d.loc["score_1", "low"]) and not math.isnan(d.loc["turns", "low"]) and not s.stopping["reached"]
    assert len(rows) == 2 * 12 and read_rows(tmp_path / "r.csv").equals(rows)
