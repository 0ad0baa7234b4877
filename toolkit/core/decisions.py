"""Decisions: who decides, what about, and the legal options in a fixed order."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Option:
    """One legal answer. ``value`` is what a record stores (str or int); ``label`` is for people."""

    value: str | int
    label: str

    def __str__(self) -> str:
        return self.label

    def __deepcopy__(self, memo):      # immutable: copies of a game share it
        return self


class Decision:
    """A pending decision of one player (seat 1..P).

    >>> d = Decision(2, "hand", "Pick a hand", [Option("left", "left hand"), Option("right", "right hand")], ("DL-5.3",))
    >>> d.values
    ('left', 'right')
    >>> str(d)
    'Player 2: Pick a hand (left hand | right hand) [DL-5.3]'
    """

    __slots__ = ("player", "kind", "prompt", "options", "clauses", "values", "secret", "only")

    def __init__(self, player: int, kind: str, prompt: str, options, clauses: tuple[str, ...],
                 secret: bool = False, values: tuple | None = None):
        self.secret = secret     # the answer is hidden from the other players (e.g. which hand holds a star)
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.options = tuple(options)
        self.clauses = clauses
        # ``values``: the options' values in their order, given by a game that keeps them ready between steps
        # (else worked out here, a Python loop over the options)
        self.values = values = tuple([o.value for o in self.options]) if values is None else values
        # the answer of a decision with one option (None with more): the fast play loop gives it for a trusted
        # agent with one test, as a decision is made once and asked many times
        self.only = values[0] if len(values) == 1 else None

    def __deepcopy__(self, memo):      # never changed once made: copies of a game share it
        return self

    def asked_of(self, viewer) -> bool:
        """Does ``viewer`` (a seat, or None: the class view) see this question and its options? Its player and
        the class view do; any other seat sees only that the player decides (the question may tell the player's
        own hidden facts)."""
        return viewer is None or viewer == self.player

    def option(self, value) -> Option:
        for o in self.options:
            if o.value == value:
                return o
        raise KeyError(value)

    def __str__(self) -> str:
        opts = " | ".join(o.label for o in self.options)
        return f"Player {self.player}: {self.prompt} ({opts}) [{', '.join(self.clauses)}]"

    def __repr__(self) -> str:
        return f"Decision(player={self.player}, kind={self.kind!r}, values={self.values!r})"
