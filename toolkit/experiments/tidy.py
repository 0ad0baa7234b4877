"""Typed and tidy rows: what an analyst groups, filters and plots without parsing text.

- ``typed(rows)``: the same rows with types: ``game``, ``arm``, ``agents`` categorical (in their order of
  appearance); seat columns that some games lack (``score_3`` of a two-player game) and ``winner`` (None on a
  tie) as nullable integers; each option of ``options`` (JSON text) in a typed column ``opt_<name>``.
- ``long(rows)``: one row per game and seat: ``seat``, the seat's ``agent``, ``score``, ``win``, ``rank``
  (1 for the best score, ties sharing the best rank), and the game's columns.
- ``read_rows(path)`` and ``write_rows(rows, path)``: CSV or Parquet (with pyarrow), read back with the same
  columns and dtypes.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

SEAT_COLUMN = re.compile(r"^score_(\d+)$")
CATEGORICAL = ("game", "arm", "agents", "agent")


def _categorical(series):
    import pandas as pd
    values = series.astype("string")
    return pd.Categorical(values, categories=list(dict.fromkeys(values.dropna())))


def _integers(series):
    """Whole numbers with gaps as nullable integers; anything else as it was."""
    import pandas as pd
    if pd.api.types.is_bool_dtype(series) or not pd.api.types.is_numeric_dtype(series):
        return series
    if pd.api.types.is_integer_dtype(series):
        return series.astype("Int64")
    whole = series.dropna()
    if len(whole) == 0 or ((whole == whole.round()).all() and whole.abs().max() < 2 ** 53):
        return series.astype("Int64")
    return series


def _option_column(values):
    """One option's values (None where an arm did not set it) as a typed column."""
    import pandas as pd
    present = [v for v in values if v is not None]
    if present and all(isinstance(v, bool) for v in present):
        return pd.array(values, dtype="boolean")
    if present and all(isinstance(v, int) and not isinstance(v, bool) for v in present):
        return pd.array(values, dtype="Int64")
    if present and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in present):
        return pd.array([None if v is None else float(v) for v in values], dtype="Float64")
    if present and all(isinstance(v, str) for v in present):
        return _categorical(pd.Series(values, dtype="string"))
    # lists and dicts (per-seat speeds, ...): JSON text, as the row's options keep them
    return pd.array([None if v is None else json.dumps(v, separators=(",", ":")) for v in values],
                    dtype="string")


def _options(frame):
    """``opt_<name>`` columns from the ``options`` JSON text of each row."""
    texts = frame["options"].astype("string").fillna("{}")
    parsed = {t: json.loads(t) for t in dict.fromkeys(texts)}
    names = list(dict.fromkeys(k for d in parsed.values() for k in d))
    return {f"opt_{k}": _option_column([parsed[t].get(k) for t in texts]) for k in names}


def typed(rows):
    """The rows with typed columns (see the module's docstring); works on wide rows and on ``long`` rows, and
    gives the same frame again from its own CSV or Parquet text.

    >>> from toolkit import sweep
    >>> df = typed(sweep("mcdonalds", {"players": [2, 3], "options": [{"errors": 0.1}, {"errors": 0.3}]},
    ...                  games=2, seed=1, agents="heuristic", progress=False))
    >>> str(df.score_3.dtype), str(df.arm.dtype), str(df.opt_errors.dtype), df.groupby("opt_errors").size().tolist()
    ('Int64', 'category', 'Float64', [4, 4])
    """
    import pandas as pd
    out = rows.drop(columns=[c for c in rows.columns if str(c).startswith("opt_")]).copy()
    for c in out.columns:
        if c in CATEGORICAL:
            out[c] = _categorical(out[c])
        elif c == "win":
            out[c] = out[c].astype("boolean")
        elif SEAT_COLUMN.match(str(c)) or c in ("winner", "seat", "rank", "score"):
            out[c] = _integers(out[c])               # nullable: a seat a game lacks, a tie's winner
        elif c in ("players", "turns", "margin") and out[c].isna().any():
            out[c] = _integers(out[c])
    if "options" in out:
        out["options"] = out["options"].astype("string")
        out = pd.concat([out, pd.DataFrame(_options(out), index=out.index)], axis=1)
    return out


def long(rows):
    """One row per game and seat (tidy rows): ``seat``, ``agent`` (the seat's agent spec), ``score``, ``win``
    (the seat won; nobody on a tie), ``rank`` (1 = best score; tied seats share the better rank), then the
    game's columns; typed as ``typed`` types them.

    >>> from toolkit import compare
    >>> rows, _ = compare("mcdonalds", {"a": {}, "b": {"players": 3}}, games=2, seed=1, players=2,
    ...                   agents="heuristic", progress=False)
    >>> t = long(rows)
    >>> len(t), list(t.columns[:8]), bool(t.groupby(["arm", "seed"], observed=True).win.sum().max() <= 1)
    (10, ['arm', 'seed', 'players', 'seat', 'agent', 'score', 'win', 'rank'], True)
    """
    import pandas as pd
    if "seat" in rows:
        return typed(rows)
    from ..core.rows import _read_agents
    seats = sorted((int(SEAT_COLUMN.match(c).group(1)) for c in rows.columns if SEAT_COLUMN.match(str(c))))
    game_cols = [c for c in rows.columns if not SEAT_COLUMN.match(str(c))]
    front = [c for c in ("arm", "seed", "players") if c in rows]
    parts = []
    players = rows["players"].astype(int).to_numpy()
    winner = pd.to_numeric(rows["winner"], errors="coerce").to_numpy()
    agents = [_read_agents(a, int(p)) for a, p in zip(rows["agents"], players)] if "agents" in rows else None
    for s in seats:
        here = players >= s
        part = rows.loc[here, game_cols].copy()
        part["seat"] = s
        part["agent"] = ([_spec_text(agents[i][s - 1]) for i in range(len(rows)) if here[i]]
                         if agents is not None else None)
        part["score"] = rows.loc[here, f"score_{s}"]
        part["win"] = winner[here] == s
        part["_game"] = rows.index[here]
        parts.append(part)
    t = pd.concat(parts)
    t["_order"] = t.index.map({k: i for i, k in enumerate(rows.index)})
    t = t.sort_values(["_order", "seat"], kind="stable")
    t["rank"] = t.groupby("_order")["score"].rank(method="min", ascending=False)
    t = t.drop(columns=["_game", "_order"]).reset_index(drop=True)
    order = front + ["seat", "agent", "score", "win", "rank"]
    t = t[order + [c for c in t.columns if c not in order]]
    return typed(t)


def _spec_text(spec) -> str:
    return spec if isinstance(spec, str) else json.dumps(spec, separators=(",", ":"))


def read_rows(path):
    """Rows written by ``write_rows`` (or ``simulate``/``compare``/``sweep`` with ``out=``), typed: a Parquet
    file (by its ``.parquet`` suffix) or CSV."""
    import pandas as pd
    path = Path(path)
    if path.suffix == ".parquet":
        _need_pyarrow()
        return typed(pd.read_parquet(path))
    return typed(pd.read_csv(path))


def write_rows(rows, path, force: bool = False):
    """Write typed rows to ``path``: Parquet (with pyarrow) when it ends in ``.parquet``, else CSV. An existing
    file is refused unless ``force``. Returns the path."""
    from ..core.files import check_output, replacing
    path = Path(path)
    if path.suffix == ".parquet":
        _need_pyarrow()
    path = Path(check_output(path, force))
    frame = typed(rows)
    with replacing(path, "wb") as f:          # a failure leaves no half-written file
        if path.suffix == ".parquet":
            frame.to_parquet(f, index=False)
        else:
            f.write(frame.to_csv(index=False).encode("utf-8"))
    return path


def check_parquet_out(path, force: bool = False):
    """Refuse, before any game is played, a Parquet output that could not be written (no pyarrow, or a path
    ``write_rows`` would refuse)."""
    from ..core.files import check_output
    _need_pyarrow()
    return check_output(Path(path), force)


def _need_pyarrow():
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ImportError('Parquet rows need pyarrow: pip install "boardgame-toolkit[parquet]"') from None


__all__ = ["long", "read_rows", "typed", "write_rows"]
