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

from ..core.rows import replay_row
from ..core.simulate import run_study
from ..core.work import Arm
from .stats import mean_interval, t_quantile, wilson
from .summary import Comparison

SETUP = ("players", "agents", "options")


def _arm(game, name, setup: dict, defaults: dict) -> Arm:
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
            level: float = 0.95, **run):
    """Play the same ``games`` seeds in every arm; return ``(rows, summary)``.

    ``arms``: name -> {"players": ..., "agents": ..., "options": ...}; what an arm leaves out comes from
    ``players``, ``agents`` and ``options``. ``measures``: numeric columns, or ``win_<seat>``. ``baseline``:
    the arm the others are compared with (the first by default). ``run``: ``jobs``, ``backend``,
    ``scheduler``, ``out``, ``force``, ``progress``, ``chunk`` as for ``simulate``.

    >>> rows, summary = compare("mcdonalds", {"careful": {}, "sloppy": {"options": {"errors": 0.4}}},
    ...                         games=20, seed=1, players=2, agents="heuristic", progress=False)
    >>> sorted(set(rows.arm)), list(summary.differences.measure)
    (['careful', 'sloppy'], ['turns', 'margin'])
    """
    if not isinstance(arms, dict) or not arms:
        raise ValueError("arms must be a dict: name -> {'players': ..., 'agents': ..., 'options': ...}")
    defaults = {"players": players, "agents": agents, "options": options}
    study = [_arm(game, str(name), setup or {}, defaults) for name, setup in arms.items()]
    _check_measures(study, measures)
    if baseline is not None and baseline not in arms:
        raise ValueError(f"baseline {baseline!r} is not an arm; arms: {', '.join(map(str, arms))}")
    rows = run_study(study, games=games, seed=seed, desc=f"{game}: {len(study)} arms x{games}", **run)
    if not hasattr(rows, "columns"):             # written to a file: read it back for the summary
        import pandas as pd
        rows = pd.read_csv(rows)
    return rows, Comparison(rows, baseline=baseline, measures=measures, level=level)


def _check_measures(study, measures) -> None:
    """Before any game: every measure is a column of the rows (or win_<seat>)."""
    if isinstance(measures, str):
        raise ValueError(f"measures must be a list of column names, not the string {measures!r}")
    columns = {c for arm in study for c in arm.columns()}
    most = max(arm.players for arm in study)
    for m in measures:
        seat = m[4:] if m.startswith("win_") else ""
        if m not in columns and not (seat.isdigit() and 1 <= int(seat) <= most):
            raise KeyError(f"no column {m!r} to compare; columns: {', '.join(sorted(columns))} "
                           f"(or win_1 ... win_{most})")


def _label(point: dict) -> str:
    def text(v):
        return v if isinstance(v, str) else json.dumps(v, separators=(",", ":"))
    return " ".join(f"{k}={text(v)}" for k, v in point.items())


def sweep(game: str, grid: dict, games: int = 100, seed: int = 0, players: int = 4, agents="random",
          options: dict | None = None, **run):
    """One row per game at every point of ``grid`` (keys among players, agents, options; each a list of
    values), every point playing the same seeds. The ``arm`` column names the point.

    >>> df = sweep("disneyland", {"players": [2, 3]}, games=3, seed=5, progress=False)
    >>> df.groupby("players").size().to_dict()
    {2: 3, 3: 3}
    """
    if not isinstance(grid, dict) or not grid or set(grid) - set(SETUP):
        raise ValueError(f"grid must be a dict with keys among {', '.join(SETUP)}, each a list of values")
    keys = list(grid)
    lists = [list(grid[k]) for k in keys]
    if any(not v for v in lists):
        raise ValueError("every list of the grid needs at least one value")
    defaults = {"players": players, "agents": agents, "options": options}
    study = []
    for values in itertools.product(*lists):
        point = dict(zip(keys, values))
        study.append(_arm(game, _label(point), point, defaults))
    return run_study(study, games=games, seed=seed, desc=f"{game}: {len(study)} points x{games}", **run)


__all__ = ["Comparison", "compare", "mean_interval", "replay_row", "sweep", "t_quantile", "wilson"]
