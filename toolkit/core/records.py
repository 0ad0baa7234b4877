"""Game records: config, seed and decisions as JSON, with a fingerprint after every step.

A record replays to the identical state, in any process; a corrupted record, one for another game, or one
that diverges gets a clear ``RecordError`` that names the first diverging step.
"""
from __future__ import annotations

import json
from pathlib import Path

from .errors import RecordError, ReplayDivergence, RuleError
from .registry import game_class

FORMAT = "toolkit-record/1"


def _version() -> str:
    from .. import __version__
    return __version__


def make_record(game) -> dict:
    """The record of ``game`` so far: replays its decisions from the start to take fingerprints."""
    cls = type(game)
    fresh = cls(players=game.players, seed=game.seed, options=game.options)
    steps = []
    for value in game.choices:
        player = fresh.pending().player
        fresh.apply(value)
        steps.append({"player": player, "choice": value, "fingerprint": fresh.fingerprint()})
    return {"format": FORMAT, "game": cls.name, "toolkit_version": _version(), "players": game.players,
            "seed": game.seed, "options": game.options, "start": cls(players=game.players, seed=game.seed,
            options=game.options).fingerprint(), "decisions": steps, "final": game.fingerprint(),
            "scores": game.scores(), "winner": game.winner()}


def save_record(game, path) -> Path:
    path = Path(path)
    path.write_text(json.dumps(make_record(game), indent=1) + "\n", encoding="utf-8")
    return path


def load_record(path) -> dict:
    """Read and check a record file's shape (not yet its replay)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RecordError(f"{path}: no such record file") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise RecordError(f"{path}: not a JSON game record ({e})") from None
    return check_record(data, str(path))


def check_record(data, where: str = "record") -> dict:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{where}: not a toolkit game record (format should be {FORMAT!r})")
    for field, kind in (("game", str), ("players", int), ("seed", int), ("options", dict), ("decisions", list)):
        if not isinstance(data.get(field), kind):
            raise RecordError(f"{where}: field {field!r} missing or not a {kind.__name__}")
    for i, step in enumerate(data["decisions"], 1):
        if not isinstance(step, dict) or "choice" not in step or not isinstance(step.get("fingerprint"), str):
            raise RecordError(f"{where}: decision {i} needs 'choice' and 'fingerprint'")
    return data


def replay(record, expect_game: str | None = None):
    """Replay a record (dict or path), verifying every step. Returns the final game state."""
    data = load_record(record) if not isinstance(record, dict) else check_record(record)
    if expect_game is not None and data["game"] != expect_game:
        raise RecordError(f"record is for {data['game']!r}, not {expect_game!r}")
    try:
        cls = game_class(data["game"])
    except KeyError as e:
        raise RecordError(str(e.args[0])) from None
    try:
        game = cls(players=data["players"], seed=data["seed"], options=data["options"])
    except ValueError as e:
        raise RecordError(f"record's setup is refused: {e}") from None
    if "start" in data and data["start"] != game.fingerprint():
        raise ReplayDivergence(0, "the starting state differs (another board or toolkit version?)")
    for i, step in enumerate(data["decisions"], 1):
        d = game.pending()
        if d is None:
            raise ReplayDivergence(i, "the game was already over")
        if "player" in step and step["player"] != d.player:
            raise ReplayDivergence(i, f"player {d.player} decides here, the record says player {step['player']}")
        try:
            game.apply(step["choice"])
        except RuleError as e:
            raise ReplayDivergence(i, f"choice {step['choice']!r} refused: {e}") from None
        if game.fingerprint() != step["fingerprint"]:
            raise ReplayDivergence(i, f"state fingerprint {game.fingerprint()} != recorded {step['fingerprint']}")
    n = len(data["decisions"])
    for field, now in (("final", game.fingerprint()), ("scores", game.scores()), ("winner", game.winner())):
        if field in data and data[field] != now:
            raise ReplayDivergence(n, f"the record's {field} {data[field]!r} differs from the replayed {now!r}")
    return game
