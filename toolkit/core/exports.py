"""Exports of what one viewer may see: a player's record as JSON, and events as a pandas DataFrame.

A player's record holds the events as that seat saw them and the seat's view of the state: no seed, no
fingerprints (either would tell the hidden facts), nothing hidden from the seat. The full, replayable record
of a game is ``records.make_record`` (for the class or the teacher).
"""
from __future__ import annotations

import json
from pathlib import Path

PLAYER_FORMAT = "toolkit-player-record/1"


def player_record(game, seat: int) -> dict:
    """What ``seat`` may know of ``game`` so far, as JSON-able data.

    >>> from toolkit.core import new_game
    >>> g = new_game("disneyland", players=2, seed=3)
    >>> rec = player_record(g, 1)
    >>> rec["seat"], "seed" in rec, rec["events"][0]["kind"]
    (1, False, 'setup')
    """
    if seat is None:
        raise ValueError("a player's record is for a seat 1..P; the class record is records.make_record")
    from .records import _version
    return {"format": PLAYER_FORMAT, "game": type(game).name, "toolkit_version": _version(),
            "players": game.players, "seat": seat, "options": game.options,
            "events": [e.to_dict() for e in game.events_for(seat)], "view": game.view(seat)}


def save_player_record(game, seat: int, path) -> Path:
    """Write ``player_record(game, seat)`` to ``path``, replaced whole (never through a half-written file)."""
    from .files import write_replacing
    text = json.dumps(player_record(game, seat), indent=1, default=str) + "\n"
    return write_replacing(Path(path), text.encode("utf-8"))


def events_frame(game, viewer: int | None = None):
    """The events as ``viewer`` may see them, one row each (None: the class view, with every hidden fact).

    Columns: step, kind, player, text, clauses (comma-separated), then one column per data field.

    >>> from toolkit.core import new_game
    >>> g = new_game("disneyland", players=2, seed=3)
    >>> _ = g.apply("roll")
    >>> list(events_frame(g, 2).columns[:5])
    ['step', 'kind', 'player', 'text', 'clauses']
    """
    import pandas as pd

    rows = []
    for e in game.events_for(viewer):
        rows.append({"step": e.step, "kind": e.kind, "player": e.player, "text": e.text,
                     "clauses": ", ".join(e.clauses), **e.data})
    frame = pd.DataFrame(rows, columns=None if rows else ["step", "kind", "player", "text", "clauses"])
    for column in frame.columns:            # whole numbers stay whole beside blanks (player 1, not 1.0)
        values = [r[column] for r in rows if r.get(column) is not None]
        if frame[column].dtype.kind == "f" and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            frame[column] = frame[column].astype("Int64")
    return frame
