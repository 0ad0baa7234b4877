"""Named errors. Every rule error cites the clause(s) that refuse the action."""
from __future__ import annotations

from .files import shown_text


class ToolkitError(Exception):
    """Base of the toolkit's own errors that are not rule refusals."""


class RuleError(ValueError):
    """A choice the rules refuse. ``clauses`` names the rule(s); the game state is unchanged."""

    def __init__(self, message: str, clauses: str | tuple[str, ...] = ()):
        self.clauses = (clauses,) if isinstance(clauses, str) else tuple(clauses)
        self.reason = message
        cite = f" [{', '.join(self.clauses)}]" if self.clauses else ""
        super().__init__(message + cite)


class IllegalChoice(RuleError):
    """The choice is not one of the legal options of the pending decision."""


class GameOver(RuleError):
    """A choice was offered to a game that has ended."""


class DataFileError(ValueError):
    """A board, deck or map file is invalid. Names the file, the field and the problem."""

    def __init__(self, path, field: str, problem: str):
        # the file's own text (a key, a name) may hold control or bidi characters: never printed raw
        self.path, self.field, self.problem = (shown_text(x, None) for x in (path, field, problem))
        super().__init__(f"{self.path}: {field}: {problem}")


class OptionError(ValueError):
    """A game's options (or its seed) are refused: names the option, what it takes and what it got."""


class UnknownGame(KeyError, ValueError):
    """A game name that is not registered. A ``KeyError`` (a look-up by name) that prints its sentence plainly,
    not in quotes as a bare ``KeyError`` does, and suggests the closest names."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class RecordError(ValueError):
    """A game record is unreadable, for another game, or otherwise invalid. The message is one line: any text of
    the record in it (a fingerprint, a version, a field name) has its control and bidi characters escaped."""

    def __init__(self, message: str, *args):
        super().__init__(shown_text(message, None), *args)


class IncompleteRecord(RecordError):
    """A record stops before its game is over. ``game`` is the state replayed (and verified) to ``step``."""

    def __init__(self, message: str, game=None, step: int = 0):
        self.game, self.step = game, step
        super().__init__(message)


class ReplayDivergence(RecordError):
    """Replaying a record did not reproduce the stored state at ``step`` (1-based)."""

    def __init__(self, step: int, message: str):
        self.step = step
        super().__init__(f"record diverges at step {step}: {message}")
