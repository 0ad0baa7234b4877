"""Events: what happened, in a readable sentence, with the clause(s) that made it happen."""
from __future__ import annotations


class Event:
    """One thing that happened in a game.

    >>> e = Event(3, "roll", "Ann rolls a 4.", ("DL-4.1",), player=1, value=4)
    >>> str(e)
    'Ann rolls a 4. [DL-4.1]'
    """

    __slots__ = ("step", "kind", "text", "clauses", "player", "data")

    def __init__(self, step: int, kind: str, text: str, clauses: tuple[str, ...], player: int | None = None, **data):
        self.step = step          # how many decisions had been applied when it happened
        self.kind = kind
        self.text = text
        self.clauses = clauses
        self.player = player      # seat 1..P, or None for the table
        self.data = data

    def __str__(self) -> str:
        return f"{self.text} [{', '.join(self.clauses)}]"

    def __repr__(self) -> str:
        return f"Event(step={self.step}, kind={self.kind!r}, text={self.text!r}, clauses={self.clauses!r})"

    def to_dict(self) -> dict:
        return {"step": self.step, "kind": self.kind, "text": self.text, "clauses": list(self.clauses),
                "player": self.player, **self.data}
