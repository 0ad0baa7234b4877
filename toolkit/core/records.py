"""Game records: config, seed and decisions as JSON, with a fingerprint after every step.

A record replays to the identical state, in any process; a corrupted record, one for another game, or one
that diverges gets a clear ``RecordError`` that names the first diverging step.

A record is untrusted input: it is read with bounds (size, nesting), every field is checked, its options go
through the game's declared settings, and replaying it never opens a file unless the caller allows paths
(``allow_paths=True``): a custom board travels inside the record as data, validated like a data file. Its cost is
bounded whatever its options: at most ``MAX_DECISIONS`` decisions, and a replay stops (``ReplayLimit``) once the
game passes ``MAX_EVENTS`` events, even inside one decision. Its texts are shown escaped in errors.
"""
from __future__ import annotations

import os

from .errors import DataFileError, IncompleteRecord, OptionError, RecordError, ReplayDivergence, RuleError
from .files import (MAX_BYTES, MAX_DEPTH, Refused, depth, parse_json, read_json_file, read_limited, replacing,
                    shown_text)
from .registry import game_class
from .settings import file_options
from .version import VERSION

FORMAT = "toolkit-record/1"
READS = (FORMAT,)                   # the record formats this version replays
_FIELDS = {"format": str, "game": str, "toolkit_version": str, "players": int, "seed": int, "options": dict,
           "start": str, "decisions": list, "final": str, "scores": list, "winner": (int, type(None)),
           "transcript": list}         # transcript: the events as text, for people (golden files); not replayed
_REQUIRED = ("game", "players", "seed", "options", "decisions")
_STEP = {"player": int, "choice": (str, int), "fingerprint": str}
MAX_DECISIONS = 100_000    # the longest games seen (Hamburgerspelet, four random players, HB-I15) take ~15,000
MAX_EVENTS = 250_000       # ... and ~30,000 events; a replay stops here, within seconds and ~200 MB
_LONGEST = {"game": 40, "toolkit_version": 40, "start": 64, "final": 64, "fingerprint": 64}   # characters: text
# a record shows in its errors is bounded (a fingerprint has 16; a 16 MB "version" must not fill a terminal)


def _version() -> str:
    return VERSION


def embed_files(cls, options: dict) -> dict:
    """``options`` with every file option given as a path replaced by the file's data, so that the record
    replays without reading any file."""
    out = dict(options)
    for name in file_options(cls) if cls.settings else ():
        path = out.get(name)
        if isinstance(path, (str, os.PathLike)):
            try:
                out[name] = read_json_file(path)
            except Refused as e:
                raise DataFileError(path, "(file)", str(e)) from None
    return out


def make_record(game) -> dict:
    """The record of ``game`` so far: replays its decisions from the start to take fingerprints."""
    cls = type(game)
    options = embed_files(cls, game.options)
    fresh = cls(players=game.players, seed=game.seed, options=options)
    start = fresh.fingerprint()
    steps = []
    for value in game.choices:
        player = fresh.pending().player
        fresh.apply(value)
        steps.append({"player": player, "choice": value, "fingerprint": fresh.fingerprint()})
    # with a board embedded, a game that keeps its options in its state has another fingerprint
    final = game.fingerprint() if options == game.options else fresh.fingerprint()
    return {"format": FORMAT, "game": cls.name, "toolkit_version": _version(), "players": game.players,
            "seed": game.seed, "options": options, "start": start, "decisions": steps, "final": final,
            "scores": game.scores(), "winner": game.winner()}


def save_record(game, path):
    """Write the record of ``game`` to ``path`` (replaced whole: a failure leaves no half-written file)."""
    import json
    from pathlib import Path
    text = json.dumps(make_record(game), indent=1) + "\n"
    with replacing(path, "w") as f:
        f.write(text)
    return Path(path)


def load_record(path) -> dict:
    """Read and check a record file's shape (not yet its replay). At most 16 MB, nested at most 32 levels."""
    try:
        raw = read_limited(path, MAX_BYTES)
    except Refused as e:
        reason = str(e)
        raise RecordError(f"{path}: no such record file" if reason.endswith("no such file")
                          else f"{path}: record {reason}") from None
    try:
        data = parse_json(raw, MAX_DEPTH)
    except Refused as e:
        raise RecordError(f"{path}: not a JSON game record ({e})") from None
    return check_record(data, str(path))


_KIND_WORDS = {str: "a text", int: "a whole number", list: "a list", dict: "an object", bool: "true or false",
               float: "a number", type(None): "null"}     # as JSON says them, to the record's reader


def _kind(kind) -> str:
    return " or ".join(_KIND_WORDS[k] for k in (kind if isinstance(kind, tuple) else (kind,)))


def _is(value, kind) -> bool:
    return isinstance(value, kind) and not (isinstance(value, bool) and kind is not bool)


def check_record(data, where: str = "record") -> dict:
    """Refuse a record whose shape is wrong: unknown or missing fields, wrong types, a seed out of range, too
    deep, or another format version."""
    if not isinstance(data, dict):
        raise RecordError(f"{where}: not a toolkit game record (a JSON object with 'format': {FORMAT!r})")
    fmt = data.get("format")
    if fmt not in READS:
        if isinstance(fmt, str) and fmt.startswith("toolkit-record/"):
            raise RecordError(f"{where}: record format {fmt!r} is not one this toolkit ({_version()}) reads; "
                              f"it reads {', '.join(READS)}")
        raise RecordError(f"{where}: not a toolkit game record (format should be {FORMAT!r})")
    if depth(data, MAX_DEPTH) > MAX_DEPTH:
        raise RecordError(f"{where}: not accepted: nested deeper than {MAX_DEPTH} levels")
    unknown = sorted(map(str, set(data) - set(_FIELDS)))
    if unknown:
        raise RecordError(f"{where}: unknown field(s) in a record: {', '.join(unknown)[:200]}")
    for field, kind in _FIELDS.items():
        if field in data and not _is(data[field], kind) or field in _REQUIRED and field not in data:
            raise RecordError(f"{where}: field {field!r} missing or not {_kind(kind)}")
    for field, longest in _LONGEST.items():
        if isinstance(data.get(field), str) and len(data[field]) > longest:
            raise RecordError(f"{where}: field {field!r} is longer than {longest} characters")
    try:
        from .settings import check_seed
        check_seed(data["seed"])
    except OptionError as e:
        raise RecordError(f"{where}: {e}") from None
    if len(data["decisions"]) > MAX_DECISIONS:
        raise RecordError(f"{where}: {len(data['decisions'])} decisions; a record holds at most {MAX_DECISIONS:,}")
    for i, step in enumerate(data["decisions"], 1):
        if not isinstance(step, dict) or "choice" not in step or "fingerprint" not in step:
            raise RecordError(f"{where}: decision {i} needs 'choice' and 'fingerprint'")
        for field in step:
            if field not in _STEP:
                raise RecordError(f"{where}: decision {i} has an unknown field {str(field)[:40]!r}")
            if not _is(step[field], _STEP[field]):
                raise RecordError(f"{where}: decision {i}: {field!r} must be {_kind(_STEP[field])}")
        if len(step["fingerprint"]) > _LONGEST["fingerprint"]:
            raise RecordError(f"{where}: decision {i}: 'fingerprint' is longer than {_LONGEST['fingerprint']} "
                              "characters")
    return data


def replay(record, expect_game: str | None = None, *, allow_paths: bool = False, partial: bool = False):
    """Replay a record (dict or path), verifying every step. Returns the final game state.

    A record whose options name a file is refused unless ``allow_paths`` (replaying must never read an
    arbitrary file). A record that stops before its game is over raises ``IncompleteRecord`` (which holds the
    state replayed so far) unless ``partial``.
    """
    where = "record" if isinstance(record, dict) else str(record)
    data = check_record(record) if isinstance(record, dict) else load_record(record)
    if expect_game is not None and data["game"] != expect_game:
        raise RecordError(f"record is for '{shown_text(data['game'], 40)}', not {expect_game!r}")
    try:
        cls = game_class(data["game"])
    except KeyError as e:
        raise RecordError(str(e.args[0])) from None
    if not allow_paths:
        for name in file_options(cls) if cls.settings else ():
            if isinstance(data["options"].get(name), str):
                raise RecordError(f"{where}: option {name!r} names a file ({data['options'][name][:80]!r}); a "
                                  "record may not make the replay read files: embed the data in the record, or "
                                  "allow paths (allow_paths=True, --allow-paths) for a record you trust")
    try:
        game = cls(players=data["players"], seed=data["seed"], options=data["options"])
    except ValueError as e:     # OptionError, DataFileError, a wrong number of players
        raise RecordError(f"{where}: the record's setup is refused: {e}") from None
    other = data.get("toolkit_version", _version()) != _version()
    made = (f" (the record was made with toolkit {shown_text(data['toolkit_version'], 40)}, this is {_version()})"
            if other else "")
    if "start" in data and data["start"] != game.fingerprint():
        raise ReplayDivergence(0, f"the starting state differs (another board or toolkit version, or a seed, players "
                                  f"or options edited in the record?){made}")
    game.events = _Bounded(game.events, where)      # bounded cost, whatever the options (ReplayLimit)
    try:
        _apply_steps(game, data, made)
    finally:
        game.events = list(game.events)
    n = len(data["decisions"])
    over = game.is_over()
    if not over and "final" not in data:      # decisions may have been cut: scores or winner tell nothing
        if partial:
            return game
        raise IncompleteRecord(f"{where}: incomplete record: {n} decisions, the game is not over; replayed to step "
                               f"{n} (the record has no final state, so its end may be cut; replay with "
                               "partial=True or --partial to accept it)", game, n)
    for field, now in (("final", game.fingerprint()), ("scores", game.scores()), ("winner", game.winner())):
        if field in data and data[field] != now:
            shown = repr(data[field])[:80]
            raise ReplayDivergence(n, f"the record's {field} {shown} differs from the replayed {now!r}{made}")
    if not over and not partial:
        raise IncompleteRecord(f"{where}: incomplete record: {n} decisions, the game is not over; replayed to step "
                               f"{n} (the record of an unfinished game; replay with partial=True or --partial to "
                               "accept it)", game, n)
    return game


def _apply_steps(game, data, made) -> None:
    for i, step in enumerate(data["decisions"], 1):
        d = game.pending()
        if d is None:
            raise ReplayDivergence(i, f"the game was already over{made}")
        if "player" in step and step["player"] != d.player:
            raise ReplayDivergence(i, f"player {d.player} decides here, the record says player {step['player']}"
                                      f"{made}")
        try:
            game.apply(step["choice"])
        except RuleError as e:
            raise ReplayDivergence(i, f"choice {str(step['choice'])[:80]!r} refused: {e}{made}") from None
        if game.fingerprint() != step["fingerprint"]:
            raise ReplayDivergence(i, f"state fingerprint {game.fingerprint()} != recorded "
                                      f"{shown_text(step['fingerprint'], 40)}{made}")


class ReplayLimit(RecordError):
    """A replay stopped at ``MAX_EVENTS`` events: the record's game runs longer than any real game (options that
    make it endless, such as McDonald's ``errors`` just below 1). ``step`` is the decision being applied."""

    def __init__(self, message: str, step: int):
        self.step = step
        super().__init__(message)


class _Bounded(list):
    """The events list of a game being replayed: the event past ``MAX_EVENTS`` stops the replay, even inside one
    decision (a McDonald's menu read again and again)."""

    __slots__ = ("where",)

    def __init__(self, events, where):
        super().__init__(events)
        self.where = where

    def append(self, event):
        if len(self) >= MAX_EVENTS:
            step = event.step
            raise ReplayLimit(f"{self.where}: replay stopped at decision {step}: the game passed {MAX_EVENTS:,} "
                              "events (the replay limit; the longest real games have about 30,000): are its options "
                              "making it endless?", step)
        super().append(event)
