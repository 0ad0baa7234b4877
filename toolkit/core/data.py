"""Reading the games' data files (boards, decks, maps, cards) with errors that name file, field and problem."""
from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from .errors import DataFileError


def need(condition, path, field: str, problem: str) -> None:
    """Raise ``DataFileError(path, field, problem)`` unless ``condition`` holds."""
    if not condition:
        raise DataFileError(path, field, problem)


def read_json(path=None, package: str | None = None, name: str | None = None):
    """The parsed JSON of ``path``, or of the file ``name`` shipped in ``package`` when ``path`` is None.

    Returns ``(data, where)``: ``where`` names the file in error messages.

    >>> data, where = read_json(package="toolkit.games.disneyland", name="board.json")
    >>> where, len(data["track"])
    ('disneyland/board.json', 36)
    """
    if path is None:
        where = f"{package.rsplit('.', 1)[-1]}/{name}"
        text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    else:
        where = str(path)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise DataFileError(where, "(file)", "cannot be read: no such file") from None
        except UnicodeDecodeError:
            raise DataFileError(where, "(file)", "not valid JSON: the file is not UTF-8 text") from None
        except OSError as e:
            raise DataFileError(where, "(file)", f"cannot be read: {e.strerror}") from None
    try:
        return json.loads(text), where
    except json.JSONDecodeError as e:
        raise DataFileError(where, f"line {e.lineno} column {e.colno}", f"not valid JSON: {e.msg}") from None
