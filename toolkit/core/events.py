"""Events: what happened, in a readable sentence, with the clause(s) that made it happen, and who may see it.

An event's ``text`` and ``data`` are public: every player may read them. A fact that only some players may
see (a photo looked at and laid face down, a tile put back without showing it, cards drawn face down) is kept
apart in ``secret``, with ``seen_by``, the seats that may see it (empty: nobody until the rules reveal it);
when the sentence itself would tell the fact, ``private_text`` is the sentence those seats read.
``for_viewer(viewer)`` gives the event as one viewer may see it (None: the class view, which sees everything).
"""
from __future__ import annotations


class Event:
    """One thing that happened in a game.

    >>> e = Event(3, "roll", "Ann rolls a 4.", ("DL-4.1",), player=1, value=4)
    >>> str(e)
    'Ann rolls a 4. [DL-4.1]'
    >>> p = Event(5, "camera", "Ann takes a photo.", ("DL-5.2",), 1, secret={"photo": "P03"}, seen_by=(1,))
    >>> p.for_viewer(2).data, p.for_viewer(1).data
    ({}, {'photo': 'P03'})
    """

    __slots__ = ("step", "kind", "text", "clauses", "player", "data", "secret", "seen_by", "private_text")

    def __init__(self, step: int, kind: str, text: str, clauses: tuple[str, ...], player: int | None = None, *,
                 secret: dict | None = None, seen_by: tuple[int, ...] = (), private_text: str | None = None,
                 **data):
        self.step = step          # how many decisions had been applied when it happened
        self.kind = kind
        self.text = text          # the public sentence
        self.clauses = clauses
        self.player = player      # seat 1..P, or None for the table
        self.data = data          # public facts
        self.secret = secret or None            # hidden facts, for ``seen_by`` (and the class view) only
        self.seen_by = tuple(seen_by)
        self.private_text = private_text        # the sentence ``seen_by`` read, when it tells a hidden fact

    @property
    def hidden(self) -> bool:
        """Does some player see less of this event than the class view?"""
        return self.secret is not None or self.private_text is not None

    def visible_to(self, viewer: int | None) -> bool:
        """May ``viewer`` (a seat, or None for the class view) see the whole event?"""
        return viewer is None or viewer in self.seen_by

    def for_viewer(self, viewer: int | None) -> "Event":
        """This event as ``viewer`` sees it: hidden facts merged into ``data`` (and the private sentence as
        ``text``) for those who may see them, dropped for the others. An event with nothing hidden is itself."""
        if self.secret is None and self.private_text is None:
            return self
        if self.visible_to(viewer):
            return Event(self.step, self.kind, self.private_text or self.text, self.clauses, self.player,
                         **self.data, **(self.secret or {}))
        return Event(self.step, self.kind, self.text, self.clauses, self.player, **self.data)

    def __str__(self) -> str:
        return f"{self.text} [{', '.join(self.clauses)}]"

    def __repr__(self) -> str:
        return f"Event(step={self.step}, kind={self.kind!r}, text={self.text!r}, clauses={self.clauses!r})"

    def to_dict(self) -> dict:
        """The event as JSON-able data. Hidden facts appear under ``secret`` with ``seen_by`` (and
        ``private_text``): export ``for_viewer(seat)`` events for a player, never these."""
        d = {"step": self.step, "kind": self.kind, "text": self.text, "clauses": list(self.clauses),
             "player": self.player, **self.data}
        if self.secret is not None:
            d["secret"] = dict(self.secret)
            d["seen_by"] = list(self.seen_by)
        if self.private_text is not None:
            d["private_text"] = self.private_text
            d.setdefault("seen_by", list(self.seen_by))
        return d
