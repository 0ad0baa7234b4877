"""Files from outside (records, data files) are read with bounds; outputs are checked before the work and
replaced whole.

A record or a board may come from anyone: it is read only if it is a regular file of at most ``MAX_BYTES``,
and parsed only as strict JSON nested at most ``MAX_DEPTH`` levels. Reading raises nothing but ``Refused``
(callers turn it into their own error: ``RecordError``, ``DataFileError``); an output path that cannot be
used raises the ``OSError`` that says why.
"""
from __future__ import annotations

import json
import os
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path


MAX_BYTES = 16 * 2**20      # a record of the longest FCM game is under 1 MB
MAX_DEPTH = 32              # a record or board needs 6 levels


class Refused(Exception):
    """A file is refused; ``str()`` is the reason, without the file's name; ``where`` is the place in the file
    ("(file)", or "line 3 column 7" for a JSON syntax error)."""

    def __init__(self, reason: str, where: str = "(file)", problem: str | None = None):
        super().__init__(reason)
        self.where, self.problem = where, problem or reason


def read_limited(path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file ``path``, refused if it is anything else or bigger than ``limit``.

    A directory, a device (``/dev/zero``) or a pipe (``/dev/stdin``, a FIFO) is refused before it is opened,
    so it can neither hang nor fill the memory.
    """
    if not isinstance(path, (str, os.PathLike)):      # os.stat(0) would be standard input
        raise Refused(f"cannot be read: {type(path).__name__} is not a file name")
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            kind = "a directory" if stat.S_ISDIR(st.st_mode) else "not a regular file (a device or a pipe)"
            raise Refused(f"cannot be read: {kind}")
        if st.st_size > limit:
            raise Refused(f"is {_size(st.st_size)}; the limit is {_size(limit)}")
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except FileNotFoundError:
        raise Refused("cannot be read: no such file") from None
    except OSError as e:
        raise Refused(f"cannot be read: {e.strerror or e}") from None
    if len(data) > limit:            # it grew while we looked
        raise Refused(f"is over the limit of {_size(limit)}")
    return data


def _size(n: int) -> str:
    return f"{n / 2**20:.1f} MB" if n >= 2**20 else f"{n} bytes"


def _no_constant(name):
    raise ValueError(f"{name} is not a JSON number")


def parse_json(data: bytes | str, max_depth: int = MAX_DEPTH):
    """Strict JSON (no NaN or Infinity) nested at most ``max_depth`` levels; else ``Refused``."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise Refused("not valid JSON: the file is not UTF-8 text") from None
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise Refused(f"not accepted: nested deeper than {max_depth} levels") from None
    except json.JSONDecodeError as e:
        raise Refused(f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}",
                      f"line {e.lineno} column {e.colno}", f"not valid JSON: {e.msg}") from None
    except ValueError as e:          # NaN, or an integer of more than 4300 digits
        why = "a number of more than 4300 digits" if "digits" in str(e) else str(e).splitlines()[0]
        raise Refused(f"not valid JSON: {why}") from None
    if depth(value, max_depth) > max_depth:
        raise Refused(f"not accepted: nested deeper than {max_depth} levels")
    return value


def depth(value, stop: int = MAX_DEPTH) -> int:
    """How deeply lists and objects nest in ``value`` (a number or string: 0), counted up to ``stop + 1``.

    >>> depth({"a": [1, {"b": []}]}), depth(3)
    (4, 0)
    """
    deepest, todo = 0, [(value, 1)]
    while todo:
        v, d = todo.pop()
        if isinstance(v, dict):
            v = v.values()
        elif not isinstance(v, list):
            continue
        deepest = max(deepest, d)
        if deepest > stop:
            break
        todo.extend((x, d + 1) for x in v if isinstance(x, (dict, list)))
    return deepest


def read_json_file(path, limit: int = MAX_BYTES, max_depth: int = MAX_DEPTH):
    """``parse_json(read_limited(path))``."""
    return parse_json(read_limited(path, limit), max_depth)


# --- outputs --------------------------------------------------------------------------------------------
def check_output(path, force: bool = False) -> Path:
    """Refuse an output path before any work is done: a directory, a folder that does not exist or cannot be
    written, an existing file unless ``force``. Returns the path. (``simulate`` and the command line use it.)

    >>> check_output("/")
    Traceback (most recent call last):
    ...
    IsADirectoryError: / is a folder, not a file
    """
    p = Path(path)
    folder = p.parent
    if p.is_dir():
        raise IsADirectoryError(f"{p} is a folder, not a file")
    if not folder.is_dir():
        raise FileNotFoundError(f"{folder}: no such folder for {p.name}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PermissionError(f"{folder}: not writable")
    if (p.exists() or p.is_symlink()) and not force:
        raise FileExistsError(f"{p} exists: use --force (force=True) to overwrite it")
    return p


@contextmanager
def replacing(path, mode: str = "wb"):
    """Write ``path`` through a temporary file in the same folder that replaces it only when the block ends
    without an error, so a failure leaves the old file as it was and never a truncated one.

    >>> import tempfile, pathlib; out = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> with replacing(out, "w") as f: _ = f.write("new")
    >>> out.read_text()
    'new'
    """
    p = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".part", dir=p.parent if str(p.parent) else ".")
    try:
        with os.fdopen(fd, mode, **({} if "b" in mode else {"encoding": "utf-8", "newline": ""})) as f:
            yield f
        os.chmod(tmp, 0o666 & ~_UMASK)   # as a plain open() would make it
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _umask() -> int:
    mask = os.umask(0o22)
    os.umask(mask)
    return mask


_UMASK = _umask()      # read once, at import: setting it is process-wide


def write_replacing(path, data: bytes) -> Path:
    """Write ``data`` to ``path`` whole or not at all (see ``replacing``)."""
    with replacing(path, "wb") as f:
        f.write(data)
    return Path(path)
