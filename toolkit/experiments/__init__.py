"""Experiments: paired comparisons of setups with intervals, and sweeps over a grid of setups.

Every arm of a comparison plays the same seeds. Dice, decks and maps come from the game's named streams,
derived from the seed alone, and each agent draws from its own stream (``agent-<seat>``): so the arms meet the
same luck as far as their choices allow, and their differences are measured on it (common random numbers).
Rows hold what replays them (``toolkit.replay_row``); the work runs like ``simulate`` (jobs, Dask, ``out``).

The forest plot of the differences is in ``toolkit.experiments.drawing`` (this package imports no matplotlib).
"""
from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

from ..core.rows import game_row, replay_row
from ..core.simulate import run_study
from ..core.work import Arm
from .sequences import sequence_interval
from .stats import benjamini_hochberg, holm, mean_interval, t_quantile, wilson
from .summary import Comparison, IntervalWarning, check_level, is_win, measure_values
from .tidy import _need_pyarrow, long, read_rows, typed, write_rows

SETUP = ("players", "agents", "options")


def _arm(game, name, setup: dict, defaults: dict) -> Arm:
    if not isinstance(setup, dict):
        raise ValueError(f"arm {name!r} must be a dict with keys among {', '.join(SETUP)} (or empty: the defaults), "
                         f"not {setup!r}")
    unknown = set(setup) - set(SETUP)
    if unknown:
        raise ValueError(f"arm {name!r}: unknown key(s) {', '.join(sorted(unknown))}; an arm sets "
                         f"{', '.join(SETUP)}")
    merged = {**defaults, **setup}
    try:
        return Arm.make(game, name, merged["players"], merged["agents"], merged["options"])
    except ValueError as e:
        raise ValueError(f"arm {name!r}: {e}") from None


def compare(game: str, arms: dict, games: int = 100, seed: int = 0, measures=("turns", "margin"),
            baseline: str | None = None, players: int = 4, agents="random", options: dict | None = None,
            level: float = 0.95, until: dict | None = None, max_games: int | None = None, tidy: bool = False,
            **run):
    """Play the same ``games`` seeds in every arm; return ``(rows, summary)``.

    ``arms``: name -> {"players": ..., "agents": ..., "options": ...}; what an arm leaves out comes from
    ``players``, ``agents`` and ``options``. ``measures``: numeric columns, or ``win_<seat>``. ``baseline``:
    the arm the others are compared with (the first by default). ``until``: measure -> half-width, e.g.
    ``{"win_1": 0.01}``: play rounds of games (``games`` first, then ``games`` more, or half as many as played so far once that
    is more) until every named measure's interval, an anytime-valid confidence sequence
    (``toolkit.experiments.sequences``), has a half-width (half its low-to-high width) of at most that, or
    ``max_games`` seeds are played. ``tidy``: return ``long`` rows (one
    per game and seat). ``run``: ``jobs``, ``backend``, ``scheduler``, ``out`` (CSV, or Parquet by a
    ``.parquet`` suffix), ``force``, ``progress``, ``chunk`` as for ``simulate``. The rows are ``typed``.

    >>> rows, summary = compare("mcdonalds", {"careful": {}, "sloppy": {"options": {"errors": 0.4}}},
    ...                         games=20, seed=1, players=3, agents="heuristic", progress=False)
    >>> sorted(set(rows.arm)), list(summary.differences.measure)
    (['careful', 'sloppy'], ['turns', 'margin'])
    """
    if not isinstance(arms, dict) or not arms:
        raise ValueError("arms must be a dict: name -> {'players': ..., 'agents': ..., 'options': ...}")
    defaults = {"players": players, "agents": agents, "options": options}
    study = [_arm(game, str(name), {} if setup is None else setup, defaults) for name, setup in arms.items()]
    check_level(level)
    if isinstance(measures, str):
        raise ValueError(f"measures must be a list of column names, not the string {measures!r}")
    measures = list(measures) + [m for m in (until or {}) if m not in measures]
    _check_measures(study, measures)
    if baseline is not None and baseline not in arms:
        raise ValueError(f"baseline {baseline!r} is not an arm; arms: {', '.join(map(str, arms))}")
    targets = _check_until(until, max_games, games)
    out, force = run.pop("out", None), run.get("force", False)
    at_end = out is not None and (targets is not None or _parquet(out))
    if at_end and not hasattr(out, "write"):
        _check_out(out, force)                   # refused now, not after every game
    desc = f"{game}: {len(study)} arms"
    if targets is None:
        rows = run_study(study, games=games, seed=seed, desc=f"{desc} x{games}",
                         out=None if at_end else out, **run)
        if not hasattr(rows, "columns"):         # written to a file: read it back for the summary
            import pandas as pd
            rows = pd.read_csv(rows)
        rows = typed(rows)
        summary = Comparison(rows, baseline=baseline, measures=measures, level=level)
    else:
        rows, summary = _until(study, targets, games, max_games, seed, baseline, measures, level, desc, run)
    if at_end:
        _write(rows, out, force)
    return (long(rows) if tidy else rows), summary


def _check_until(until, max_games, games):
    if until is None:
        return None
    if not isinstance(until, dict) or not until:
        raise ValueError("until must be a dict: measure -> the half-width to reach, e.g. {'win_1': 0.01}")
    for m, h in until.items():
        if isinstance(h, bool) or not isinstance(h, (int, float)) or not h > 0:
            raise ValueError(f"until[{m!r}] must be a half-width above 0, not {h!r}")
    if isinstance(max_games, bool) or not isinstance(max_games, int) or max_games < games:
        raise ValueError(f"until needs max_games, the most seeds to play: a whole number of at least games "
                         f"({games}), not {max_games!r}")
    return dict(until)


def _until(study, targets, games, max_games, seed, baseline, measures, level, desc, run):
    """Rounds of games until every target half-width is reached (or ``max_games``): the confidence sequence
    covers at every number of games at once, so looking after each round keeps its coverage."""
    import pandas as pd

    from ..core.simulate import Stopped
    tuned_for = int(math.sqrt(games * max_games))
    order = {a.name: i for i, a in enumerate(study)}
    played, frames = 0, []
    while True:
        n = min(games if not played else max(games, played // 2), max_games - played)
        try:
            frames.append(run_study(study, games=n, seed=seed + played, desc=f"{desc} x{n} (from seed "
                                    f"{seed + played})", **run))
        except Stopped as e:          # keep the rounds already played in the frame of the stop
            if e.frame is not None:
                e.frame = pd.concat(frames + [e.frame], ignore_index=True)
            raise
        played += n
        rows = pd.concat(frames, ignore_index=True)
        rows = rows.iloc[sorted(range(len(rows)), key=lambda i: (order[rows["arm"].iat[i]], i))]
        rows = typed(rows.reset_index(drop=True))
        widths = _half_widths(rows, study, baseline, targets, level, tuned_for)
        reached = all(widths[m] <= h for m, h in targets.items())
        if reached or played >= max_games:
            break
    summary = Comparison(rows, baseline=baseline, measures=measures, level=level, sequential=targets,
                         tuned_for=tuned_for)
    summary.stopping = {"targets": ", ".join(f"{m} +-{h:g}" for m, h in targets.items()), "reached": reached,
                        "half_widths": widths, "games": played}
    return rows, summary


def _half_widths(rows, study, baseline, targets, level, tuned_for) -> dict:
    """The widest half-width, over the arms, of each target measure's confidence sequence (inf if none yet)."""
    names = [a.name for a in study]
    base = baseline if baseline is not None else names[0]
    arm = rows["arm"].astype(str)
    by_arm = {a: rows[arm == a].set_index("seed") for a in names}
    out = {}
    for m in targets:
        worst = 0.0
        for a in names:
            if a == base:
                continue
            seeds = by_arm[base].index.intersection(by_arm[a].index).sort_values()
            d = (measure_values(by_arm[a].loc[seeds], m) - measure_values(by_arm[base].loc[seeds], m)).dropna()
            _, low, high = sequence_interval(d.to_numpy(), level, bounded=(-1.0, 1.0) if is_win(m) else None,
                                             tuned_for=tuned_for)
            half = (high - low) / 2
            worst = max(worst, half if half == half else math.inf)
        out[m] = worst
    return out


def _parquet(out) -> bool:
    return not hasattr(out, "write") and Path(out).suffix == ".parquet"


def _check_out(out, force):
    from ..core.files import check_output
    if _parquet(out):
        _need_pyarrow()
    check_output(out, force)


def _write(rows, out, force):
    if hasattr(out, "write"):
        rows.to_csv(out, index=False)
    else:
        write_rows(rows, out, force=force)


def _check_measures(study, measures) -> None:
    """Before any game: every measure is a numeric column of the rows (or win_<seat>)."""
    if isinstance(measures, str):
        raise ValueError(f"measures must be a list of column names, not the string {measures!r}")
    setups = [game_row(arm.new_game(0), arm.name or "", "", "") for arm in study]
    columns = {c for row in setups for c in row}
    text = {c for row in setups for c, v in row.items() if isinstance(v, (str, list, dict, tuple))}
    most = max(arm.players for arm in study)
    for m in measures:
        seat = m[4:] if m.startswith("win_") else ""
        if m not in columns and not (seat.isdigit() and 1 <= int(seat) <= most):
            raise KeyError(f"no column {m!r} to compare; columns: {', '.join(sorted(columns))} "
                           f"(or win_1 ... win_{most})")
        if m in text:
            numeric = sorted(columns - text)
            raise ValueError(f"column {m!r} is text, not a number: a measure is a numeric column "
                             f"({', '.join(numeric)}) or win_<seat>")


def _label(point: dict) -> str:
    def text(v):
        return v if isinstance(v, str) else json.dumps(v, separators=(",", ":"))
    return " ".join(f"{k}={text(v)}" for k, v in point.items())


def sweep(game: str, grid: dict, games: int = 100, seed: int = 0, players: int = 4, agents="random",
          options: dict | None = None, tidy: bool = False, **run):
    """One row per game at every point of ``grid`` (keys among players, agents, options; each a list of
    values), every point playing the same seeds. The ``arm`` column names the point; the rows are ``typed``
    (each option in a column ``opt_<name>``), or ``long`` with ``tidy``. ``out``: a CSV file written as
    chunks finish (then its path is returned), or a Parquet file (``.parquet``) written at the end.

    >>> df = sweep("disneyland", {"players": [2, 3]}, games=3, seed=5, progress=False)
    >>> df.groupby("players").size().to_dict()
    {2: 3, 3: 3}
    """
    if not isinstance(grid, dict) or not grid or set(grid) - set(SETUP):
        raise ValueError(f"grid must be a dict with keys among {', '.join(SETUP)}, each a list of values")
    keys = list(grid)
    for k in keys:
        if not isinstance(grid[k], (list, tuple)):
            raise ValueError(f"grid[{k!r}] must be a list of the values to sweep, e.g. [{grid[k]!r}], "
                             f"not {grid[k]!r}")
    lists = [list(grid[k]) for k in keys]
    if any(not v for v in lists):
        raise ValueError("every list of the grid needs at least one value")
    defaults = {"players": players, "agents": agents, "options": options}
    study = []
    for values in itertools.product(*lists):
        point = dict(zip(keys, values))
        study.append(_arm(game, _label(point), point, defaults))
    out, force = run.pop("out", None), run.get("force", False)
    if out is not None and _parquet(out):
        _check_out(out, force)
        rows = typed(run_study(study, games=games, seed=seed, desc=f"{game}: {len(study)} points x{games}", **run))
        write_rows(long(rows) if tidy else rows, out, force=force)
        return Path(out)
    rows = run_study(study, games=games, seed=seed, desc=f"{game}: {len(study)} points x{games}", out=out, **run)
    if not hasattr(rows, "columns"):
        return rows
    return long(rows) if tidy else typed(rows)


__all__ = ["Comparison", "IntervalWarning", "benjamini_hochberg", "compare", "holm", "long", "mean_interval",
           "read_rows", "replay_row", "sweep", "t_quantile", "typed", "wilson", "write_rows"]
