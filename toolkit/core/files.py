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


def _no_duplicates(pairs):
    value = dict(pairs)
    if len(value) != len(pairs):
        seen = set()
        key = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise ValueError(f"the key '{shown_text(key, 40)}' is given twice in one object")
    return value


def parse_json(data: bytes | str, max_depth: int = MAX_DEPTH):
    """Strict JSON (no NaN or Infinity, no key twice in an object: which one counts would be a guess) nested at
    most ``max_depth`` levels; else ``Refused``."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise Refused("not valid JSON: the file is not UTF-8 text") from None
    try:
        value = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_duplicates)
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
    """Refuse an output path before any work is done: anything but a regular file or a new one (a folder, a
    symbolic link, a device, a named pipe: even with ``force``, so that no run can write into or remove them), a
    folder that does not exist or cannot be written, an existing file unless ``force``. Returns the path.
    (``simulate`` and the command line use it.)

    >>> check_output("/")
    Traceback (most recent call last):
    ...
    IsADirectoryError: / is a folder, not a file
    >>> check_output("/dev/null", force=True)
    Traceback (most recent call last):
    ...
    OSError: /dev/null is a device, not a regular file: outputs are written only to regular files
    """
    p = Path(path)
    folder = p.parent
    try:
        st = os.lstat(p)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise OSError(f"{shown_text(str(p))}: cannot be used as an output: {e.strerror or e}") from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(f"{shown_text(str(p))} is a folder, not a file")
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise OSError(f"{shown_text(str(p))} is {_kind(st.st_mode)}, not a regular file: outputs are written only "
                      "to regular files")
    if not folder.is_dir():
        raise FileNotFoundError(f"{shown_text(str(folder))}: no such folder for {shown_text(p.name)}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PermissionError(f"{shown_text(str(folder))}: not writable")
    if st is not None and not force:
        raise FileExistsError(f"{shown_text(str(p))} exists: use --force (force=True) to overwrite it")
    return p


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def shown_text(text, most: int | None = 80) -> str:
    r"""``text`` safe to print on one line of a terminal: control, bidi and other invisible characters are
    written as escapes (``\x1b``, ``\n``, ``\u202e``) and a long text is cut at ``most`` characters (None:
    not cut).

    >>> print(shown_text("ok\x1b[31m red\nnext \u202e"))
    ok\x1b[31m red\nnext \u202e
    """
    text = str(text)
    cut = most is not None and len(text) > most
    text = text[:most]
    if not text.isprintable():
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return text + "..." if cut else text


_write = os.write       # a test replaces it to fill the disk


class RowFile:
    """An output file that only ever holds whole pieces (rows): each ``write`` goes out whole or, if the disk is
    full or the write fails, the file is cut back to the end of the last whole piece before the error goes on.

    A new file is made here (``O_EXCL``: never one that appeared since the check) and ``discard`` may remove it.
    An existing file (``force``) is left as it was until the first rows (``placed``): they go to a temporary file
    in the same folder that then replaces it, so a run failing before its first rows leaves the old file whole.
    """

    def __init__(self, path, force: bool = False):
        self.path = check_output(path, force)
        self.size, self.tmp = 0, None
        self.fd: int | None
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        if os.path.lexists(self.path):
            fd, self.tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".part", dir=self.path.parent)
            os.fchmod(fd, 0o666 & ~_UMASK)
        else:
            fd = os.open(self.path, flags, 0o666)
        self.fd = fd

    def write(self, data: bytes, rows: bool = True) -> None:
        if self.fd is None:
            raise ValueError(f"{shown_text(str(self.path))} is closed: no more rows can be written to it")
        view = memoryview(data)
        try:
            while view:
                view = view[_write(self.fd, view):]
        except BaseException:
            os.ftruncate(self.fd, self.size)    # a full disk (or a stop) leaves no half row
            raise
        self.size += len(data)
        if rows and self.tmp is not None:
            self._place()

    def _place(self):
        try:
            st = os.lstat(self.path)
        except FileNotFoundError:
            st = None
        if st is not None and not stat.S_ISREG(st.st_mode):     # it changed since the check
            raise OSError(f"{shown_text(str(self.path))} became {_kind(st.st_mode)} during the run: not replaced; "
                          f"the rows are in {self.tmp}")
        os.replace(self.tmp, self.path)
        self.tmp = None

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def discard(self) -> None:
        """Remove what this file made, if no rows were placed: its temporary file, or the new file (only if that
        path still names the file made here)."""
        fd, self.fd = self.fd, None
        try:
            if self.tmp is not None:
                os.unlink(self.tmp)
            elif fd is not None:
                mine, there = os.fstat(fd), os.lstat(self.path)
                if (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino):
                    os.unlink(self.path)
        except OSError:
            pass
        finally:
            if fd is not None:
                os.close(fd)


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
        with (os.fdopen(fd, mode) if "b" in mode else os.fdopen(fd, mode, encoding="utf-8", newline="")) as f:
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
