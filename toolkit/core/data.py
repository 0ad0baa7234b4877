"""Reading the games' data files (boards, decks, maps, cards) with errors that name file, field and problem."""
from __future__ import annotations

import os
from importlib import resources

from .errors import DataFileError
from .files import MAX_DEPTH, Refused, depth, parse_json, read_limited


def need(condition, path, field: str, problem: str) -> None:
    """Raise ``DataFileError(path, field, problem)`` unless ``condition`` holds."""
    if not condition:
        raise DataFileError(path, field, problem)


def read_json(path=None, package: str | None = None, name: str | None = None):
    """The parsed JSON of ``path``, or of the file ``name`` shipped in ``package`` when ``path`` is None.
    ``path`` may also be the data itself (e.g. a board embedded in a record, a dict).

    Returns ``(data, where)``: ``where`` names the file in error messages. A file is read with the bounds of
    ``toolkit.core.files`` (a regular file of at most 16 MB, strict JSON nested at most 32 levels).

    >>> data, where = read_json(package="toolkit.games.disneyland", name="board.json")
    >>> where, len(data["track"])
    ('disneyland/board.json', 36)
    """
    if path is None:
        if package is None or name is None:
            raise TypeError("read_json needs a path, or a package and a file name in it")
        where = f"{package.rsplit('.', 1)[-1]}/{name}"
        raw = resources.files(package).joinpath(name).read_bytes()
    elif not isinstance(path, (str, os.PathLike)):     # the data itself
        where = f"{name} (given as data)"
        if depth(path) > MAX_DEPTH:
            raise DataFileError(where, "(top level)", f"nested deeper than {MAX_DEPTH} levels")
        check_text(path, where)
        return path, where
    else:
        where = str(path)
        try:
            raw = read_limited(path)
        except Refused as e:
            raise DataFileError(where, "(file)", str(e)) from None
    try:
        data = parse_json(raw)
    except Refused as e:
        raise DataFileError(where, e.where, e.problem) from None
    check_text(data, where)
    return data, where


def check_text(data, path) -> None:
    """Refuse a data file any of whose texts (keys and values) holds a control, bidi or other invisible
    character (a new line, ``\\x1b``, ``\\u202e``): its texts reach screens, pictures and error messages.

    >>> try: check_text({"name": "ok", "cards": [{"id": "a\\u202eb"}]}, "board.json")
    ... except DataFileError as e: print(e.field, "|", e.problem)
    cards[0].id | must be printable text, without control or bidi characters, got 'a\\u202eb'
    """
    todo = [("", data)]
    while todo:
        field, v = todo.pop()
        if isinstance(v, dict):
            for k, x in v.items():
                inner = f"{field}.{k}" if field else str(k)
                need(str(k).isprintable(), path, field or "(top level)",
                     f"a key must be printable text, without control or bidi characters, got {shown(k)}")
                todo.append((inner, x))
        elif isinstance(v, list):
            todo.extend((f"{field}[{i}]", x) for i, x in enumerate(v))
        elif isinstance(v, str):
            need(v.isprintable(), path, field or "(top level)",
                 f"must be printable text, without control or bidi characters, got {shown(v)}")


# --- checks shared by every game's loaders: each returns the checked value ----------------------------------
def is_whole(v) -> bool:
    """A JSON whole number (``true`` is not one)."""
    return isinstance(v, int) and not isinstance(v, bool)


def need_int(v, path, field: str, low: int, high: int, why: str = ""):
    """A whole number from ``low`` to ``high``: data files bound every count, so no file can make a game
    build a billion photos or run for ever."""
    need(is_whole(v) and low <= v <= high, path, field,
         f"must be a whole number from {low} to {high}{why}, got {shown(v)}")
    return v


def need_str(v, path, field: str, longest: int = 200):
    """A one-line string of at most ``longest`` printable characters, not blank (a name of spaces names nothing)."""
    need(isinstance(v, str) and 0 < len(v) <= longest and v.isprintable() and not v.isspace(), path, field,
         f"must be a non-blank line of text of at most {longest} characters, got {shown(v)}")
    return v


def need_list(v, path, field: str, low: int, high: int):
    """A list of ``low`` to ``high`` items."""
    need(isinstance(v, list), path, field, f"must be a list, got {shown(v)}")
    need(low <= len(v) <= high, path, field, f"must hold {low} to {high} items, not {len(v)}")
    return v


def need_keys(obj, path, field: str, required=(), optional=()):
    """An object with every ``required`` key and no key outside ``required`` and ``optional``."""
    need(isinstance(obj, dict), path, field or "(top level)", f"must be a JSON object, got {shown(obj)}")
    for k in required:
        need(k in obj, path, f"{field}.{k}" if field else k, "missing")
    extra = sorted(set(obj) - set(required) - set(optional))
    need(not extra, path, f"{field}.{extra[0]}" if field and extra else (extra or [""])[0],
         f"unknown field (known: {', '.join(sorted((*required, *optional)))})")
    return obj


def need_pos(v, path, field: str, reach: float = 1000.0) -> tuple[float, float]:
    """A drawing position ``[x, y]`` within ``reach`` of the origin."""
    need(isinstance(v, list) and len(v) == 2 and all(isinstance(x, (int, float)) and not isinstance(x, bool)
                                                     and abs(x) <= reach for x in v),
         path, field, f"must be [x, y], numbers from -{reach:g} to {reach:g}, got {shown(v)}")
    return (v[0], v[1])


def shown(v) -> str:
    """A value as a short text for an error message."""
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."
