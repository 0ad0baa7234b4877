"""The one interface every game implements.

A game is created from (players, seed, options). ``pending()`` says whose decision is next and its legal
options in a fixed order; ``apply(value)`` checks and applies the answer, resolves chance with the game's
own generators and emits events; ``is_over()``, ``scores()`` and ``winner()`` tell how it stands.
"""
from __future__ import annotations

import copy
import hashlib
import json
import re
from abc import ABC, abstractmethod
from functools import lru_cache
from importlib import resources

from .decisions import Decision, Option
from .errors import GameOver, IllegalChoice, ToolkitError
from .events import Event
from .rng import Streams
from .settings import Setting, check_options, check_seed

_CLAUSE_LINE = re.compile(r"^- \*\*([A-Z]+-(?:I?\d+(?:\.n?\d+)?))\*\*\s*(.*)$")


@lru_cache(maxsize=None)
def rules_page(package: str) -> dict[str, str]:
    """Clause ID -> the project's own wording, read from ``<package>/rules.md`` (and ``rules_*.md``).

    Lines of the form ``- **DL-4.4** text`` are clauses or interpretations.
    """
    folder = resources.files(package)
    pages = sorted((f for f in folder.iterdir() if f.name == "rules.md" or
                    (f.name.startswith("rules_") and f.name.endswith(".md"))), key=lambda f: f.name)
    out = {}
    for page in pages:
        for line in page.read_text(encoding="utf-8").splitlines():
            m = _CLAUSE_LINE.match(line)
            if m:
                out[m.group(1)] = m.group(2).strip()
    return out


LOGS = ("events", "choices", "timeline")      # a game's append-only lists of immutable items
FAST_ATTRIBUTES = 29    # see copy_attributes
MAX_ANSWER = 4000     # characters of a text answer (an FCM structure of 30 cards is under 1,000)


def copy_attributes(obj, names: tuple):
    """A new object of ``obj``'s class holding the same values under ``names`` (a shallow copy), set one by one.

    Python 3.11 keeps up to ``FAST_ATTRIBUTES`` (29) of a class's instance attributes in a compact table that its
    attribute reads, writes and method calls are specialised for. Reading or writing an object's ``__dict__``
    (``new.__dict__.update(...)``, ``vars(obj)``, a generic ``copy.deepcopy``) turns that object's attributes into
    a plain dict for good, and every ``self.x`` on it becomes a dict look-up: copies made that way (histories,
    search worlds) played slower than the game they came from, and so did the game once copied. Games therefore
    list their attributes and copy them by name (benchmarks/README.md, issue 14)."""
    new = object.__new__(type(obj))
    for name in names:       # a plain loop: a fifth fewer instructions than zip over an attrgetter's tuple
        setattr(new, name, getattr(obj, name))
    return new


def deepcopy_attributes(obj, memo: dict, names: tuple, shallow: tuple = ()):
    """``copy.deepcopy(obj)`` as the generic one makes it (the copy is in ``memo`` before its attributes are
    copied, through the same ``memo``), but attribute by attribute: see ``copy_attributes``. The attributes named
    in ``shallow`` (a game's logs, ``LOGS``: lists of immutable items) are copied shallowly."""
    new = object.__new__(type(obj))
    memo[id(obj)] = new
    for name in names:
        value = getattr(obj, name)
        setattr(new, name, copy.copy(value) if name in shallow else copy.deepcopy(value, memo))
    return new


def copy_added(obj, new, memo: dict, names: tuple, own: type):
    """``new``, given deep copies of the attributes ``obj`` holds beyond ``names``: those a subclass of the game's
    class ``own`` gave it (a rule changed in a notebook keeping a count of its own). The game's own class has
    none and is not looked at, as reading an object's ``__dict__`` costs it its fast attribute reads
    (``copy_attributes``)."""
    if type(obj) is not own:
        listed = set(names)
        for name, value in vars(obj).items():
            if name not in listed:
                setattr(new, name, copy.deepcopy(value, memo))
    return new


class Game(ABC):
    """Base class of every game's state and rules."""

    name: str = ""            # registry name, e.g. "disneyland"
    title: str = ""           # "The Disneyland Game"
    min_players = 2
    max_players = 4
    rules_package: str = ""   # package holding rules.md
    drawing_module: str = ""  # imported lazily to show a state in a notebook
    settings: tuple[Setting, ...] | None = None   # the options it takes (None: the game checks them itself)
    # Decision kinds that are acts of the players, not choices: the player does them even where the rules leave one
    # way to do them (rolling the die). A stepper that answers one-option decisions for the class still asks for
    # these, so the class rolls its own die. The game's rules, records and agents are the same either way.
    acts: frozenset[str] = frozenset()

    # A game may name the rule step that applies each kind of decision: kind -> function(game, decision, value).
    # Its ``_apply`` is then ``steps[decision.kind](self, decision, value)``, and the fast play loops call the
    # step straight away (``rule_steps``): a call and a chain of tests fewer for every decision. A step (or an
    # ``_apply``) may return the decision the game asks next, the very one ``pending()`` would give (a turn's
    # end knows the next roll); the fast loops then skip ``pending()``. None means: ask ``pending()``.
    # The dict holds the functions themselves: a subclass that changes a step overrides ``_apply`` (then every
    # kind goes through it) or names its own ``steps``; overriding only the method leaves both paths on the old.
    steps: dict | None = None

    # The attributes every game has, set by ``__init__`` in this order. A game lists its own after them in its
    # ``_ATTRIBUTES`` (copies set attributes by name: see copy_attributes). A ``__deepcopy__`` that copies each
    # attribute its own way starts from ``_copy_base``, which copies these (Disneyland, McDonald's,
    # Hamburgerspelet; FCM copies every attribute deeply, ``deepcopy_attributes``). A copy shares the numbers in
    # ``SHARED_ATTRIBUTES``.
    ATTRIBUTES = ("players", "seed", "options", "streams", "log", "events", "choices", "turn", "timeline")
    SHARED_ATTRIBUTES = ("players", "seed", "log", "turn")

    def __init__(self, players: int = 4, seed: int = 0, options: dict | None = None, *, log: bool = True):
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.title or self.name} is for {self.min_players}-{self.max_players} players, not {players!r}")
        self.players = players
        self.seed = check_seed(seed)
        self.options = dict(options or {}) if self.settings is None else check_options(type(self), options, players)
        self.streams = Streams(self.seed)
        self.log = log                      # False: no events and no score timeline kept (fast simulation)
        self.events: list[Event] = []
        self.choices: list = []             # the decisions applied so far, as values
        self.turn = 0                       # completed turns
        self.timeline: list[tuple[int, tuple[int, ...]]] = []   # (turn, scores) after each turn

    def _copy_base(self, memo: dict, shared: tuple = ()) -> "Game":
        """A new game of this class, for a game's ``__deepcopy__``: it holds copies of the attributes every game
        has (``ATTRIBUTES``: the numbers in ``SHARED_ATTRIBUTES`` as they are, the options copied deeply, each
        generator in its state, the logs shallowly as their items are immutable) and the very objects this game
        holds under ``shared``, names of the game's own attributes (never changed in place, or replaced by the
        caller)."""
        new = copy_attributes(self, self.SHARED_ATTRIBUTES)
        for name in shared:
            setattr(new, name, getattr(self, name))
        new.options = copy.deepcopy(self.options, memo)
        # called directly, as no other attribute holds the streams: copy.deepcopy's memo look-ups cost a copy 2%
        new.streams = self.streams.__deepcopy__(memo)
        new.events, new.choices, new.timeline = list(self.events), list(self.choices), list(self.timeline)
        return new

    def option(self, name: str):
        """The value of option ``name``: as given, or its declared default."""
        options = self.options
        if name in options:
            return options[name]
        settings = self.settings or ()
        known = _DEFAULTS.get(id(settings))       # rules read options in their steps (FCM's bank at every sale)
        if known is None or known[0] is not settings:
            known = _DEFAULTS[id(settings)] = (settings, {s.name: s.default for s in settings})
        return known[1][name]

    # --- the interface -------------------------------------------------------------------------
    @abstractmethod
    def pending(self) -> Decision | None:
        """The decision the game waits for, or None when it is over."""

    @abstractmethod
    def _apply(self, decision: Decision, value) -> None:
        """Apply a checked answer to ``decision`` (with ``steps``: ``steps[decision.kind](self, decision, value)``)."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Scores of seats 1..P (index 0 is seat 1)."""

    @abstractmethod
    def winner(self) -> int | None:
        """The winning seat (1..P) once the game is over, else None."""

    @abstractmethod
    def to_dict(self) -> dict:
        """The whole state as JSON-able data (used for fingerprints)."""

    def check(self, decision: Decision, value) -> None:
        """Refuse a value that is not a legal option. Games with huge decisions may override (and then check
        the value's type themselves)."""
        if type(value) not in (str, int):     # 2.0 or True must not pass for 2 or 1 and land in a record
            raise IllegalChoice(f"{value!r} is not a legal answer: answers are option values (str or int)",
                                decision.clauses)
        if value not in decision.values:
            vals = decision.values
            legal = ", ".join(map(repr, vals[:8])) + (f", ... ({len(vals)} in all)" if len(vals) > 8 else "")
            raise IllegalChoice(
                f"{value!r} is not a legal answer to '{decision.prompt}' for player {decision.player}; "
                f"legal: {legal}", decision.clauses)

    def apply(self, choice) -> list[Event]:
        """Check and apply an answer to the pending decision; return the events it caused.

        A refused answer raises a ``RuleError`` and leaves the state exactly as it was.
        """
        decision = self.pending()
        if decision is None:
            raise GameOver("the game is over; no decision is pending", self.end_clauses())
        value = choice.value if isinstance(choice, Option) else choice
        # free text (FCM structures) lands in records and on screens: no control characters, bounded length
        if type(value) is str and (not value.isprintable() or len(value) > MAX_ANSWER):
            raise IllegalChoice(f"{value[:40]!r} is refused: an answer may not hold control characters "
                                f"nor be longer than {MAX_ANSWER} characters", decision.clauses)
        self.check(decision, value)
        start = len(self.events)
        self.choices.append(value)
        self._apply(decision, value)
        return self.events[start:]

    @classmethod
    def rule_steps(cls) -> dict:
        """Kind of decision -> the function applying an answer to it: ``steps``, or ``_apply`` for every kind
        (also where a subclass overrides ``_apply`` below the class naming ``steps``: a rule changed in a notebook
        is then played by the fast loops as by ``apply``)."""
        apply, steps = cls._apply, cls.steps
        known = _RULE_STEPS.get(cls)          # worked out once a class: every fast play() asks
        if known is not None and known[0] is apply and known[1] is steps:
            return known[2]
        found: dict
        if steps is None:
            found = _EveryKind(apply)
        else:
            applier, stepper = _defined_in(cls, "_apply"), _defined_in(cls, "steps")
            found = _EveryKind(apply) if applier is not stepper and issubclass(applier, stepper) else steps
        _RULE_STEPS[cls] = (apply, steps, found)
        return found

    def legal(self) -> tuple:
        d = self.pending()
        return d.values if d is not None else ()

    def is_over(self) -> bool:
        return self.pending() is None

    def end_clauses(self) -> tuple[str, ...]:
        return ()

    def summary(self) -> dict:
        """Game-specific columns for ``simulate``."""
        return {}

    # --- events and clauses --------------------------------------------------------------------
    def emit(self, kind: str, text: str, clauses: tuple[str, ...], player: int | None = None, *,
             secret: dict | None = None, seen_by: tuple[int, ...] = (), private_text: str | None = None,
             **data) -> None:
        """Record an event (only when ``log``). ``text`` and ``data`` are public; ``secret`` holds the facts
        only ``seen_by`` may see (empty: nobody until revealed), ``private_text`` the sentence they read when
        the public one would tell a hidden fact (see ``Event``)."""
        if self.log:
            self.events.append(Event(len(self.choices), kind, text, clauses, player, secret=secret,
                                     seen_by=seen_by, private_text=private_text, **data))

    def events_for(self, viewer: int | None = None, start: int = 0) -> list[Event]:
        """The events from ``start`` on as ``viewer`` may see them: a seat 1..P sees the public part of each
        event and the hidden facts it may see; None is the class view, which sees everything. Players'
        views, exports and agents use this, never ``events``."""
        self.check_viewer(viewer)
        return [e.for_viewer(viewer) for e in self.events[start:]]

    def check_viewer(self, viewer) -> None:
        """Refuse a viewer that is neither a seat 1..P nor None (the class view)."""
        if viewer is not None and (type(viewer) is not int or not 1 <= viewer <= self.players):
            raise ValueError(f"a viewer is a seat 1..{self.players} or None (the class view), not {viewer!r}")

    def end_turn(self) -> None:
        self.turn += 1
        if self.log:
            self.timeline.append((self.turn, tuple(self.scores())))

    @classmethod
    def clauses(cls) -> dict[str, str]:
        """Clause ID -> the project's wording of it (from the game's rules page)."""
        return rules_page(cls.rules_package)

    @classmethod
    def clause_text(cls, clause: str) -> str:
        return cls.clauses().get(clause, "")

    # --- identity, copies, views ---------------------------------------------------------------
    def fingerprint(self) -> str:
        """A short hash of the whole state; equal states have equal fingerprints."""
        data = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(data.encode()).hexdigest()[:16]

    def clone(self):
        """An independent copy. The logs (events, choices, timeline) hold immutable items, so a shallow copy
        of each is enough; everything else is copied deeply. A game with its own ``__deepcopy__`` uses that."""
        if hasattr(type(self), "__deepcopy__"):
            return copy.deepcopy(self)
        logs = {k: self.__dict__[k] for k in LOGS}
        for k in LOGS:
            self.__dict__[k] = None
        try:
            new = copy.deepcopy(self)
        finally:
            self.__dict__.update(logs)
        for k, v in logs.items():
            new.__dict__[k] = list(v)
        return new

    def view(self, player: int | None = None) -> dict:
        """What ``player`` may see (None: the class view, everything)."""
        return self.to_dict()

    # --- what one player may believe (for search agents) ----------------------------------------
    def determinize(self, viewer: int, rng) -> "Game":
        """A copy in which every fact hidden from seat ``viewer`` is drawn afresh from ``rng``, consistently
        with what that seat sees: ``view(viewer)`` of the copy equals this game's. The copy's seed and streams
        come from ``rng`` too, so its future (dice, draws) is not the real one.

        The base suits a game without hidden facts; a game with them resamples them in ``_resample_hidden``."""
        kept, self.streams = self.streams, Streams(self.seed)    # the copy's streams are made afresh: not copied
        try:
            new = self.clone()
        finally:
            self.streams = kept
        new.reseed(rng.getrandbits(63))
        new._resample_hidden(viewer, rng)
        return new

    def _resample_hidden(self, viewer: int, rng) -> None:
        """Redraw, in place, the facts hidden from ``viewer`` (nothing in a game of open information)."""

    def reseed(self, seed: int) -> None:
        """New seed and fresh streams: the chance still to come is drawn anew."""
        self.seed = int(seed)
        self.streams = Streams(self.seed)

    def quiet(self) -> None:
        """Stop writing events (a copy played out by a search agent needs none)."""
        self.log = False
        self.events = []

    def player_name(self, seat: int) -> str:
        return f"Player {seat}"

    def __repr__(self) -> str:
        state = "over" if self.is_over() else f"turn {self.turn + 1}"
        return f"<{type(self).__name__} players={self.players} seed={self.seed} step={len(self.choices)} {state} scores={self.scores()}>"

    def _repr_png_(self):
        """The class view as PNG bytes at its natural size (``toolkit.drawing.FRAME_DPI``)."""
        if not self.drawing_module:
            return None
        import importlib
        return importlib.import_module(self.drawing_module).state_png(self)

    def _repr_mimebundle_(self, include=None, exclude=None):
        """In a notebook: the class view drawn with twice the pixels and shown at its natural size, sharp on a
        2x screen (``toolkit.drawing.Picture``; nbval ignores PNG, and the text/plain ``repr`` stays)."""
        if not self.drawing_module:
            return None
        import importlib

        from ..drawing import Picture
        data, size = Picture(importlib.import_module(self.drawing_module).draw_state(self))._repr_png_()
        return {"image/png": data}, {"image/png": size}


# id of a game class's settings -> (those settings, name -> default): ``Game.option``'s defaults, read once
_DEFAULTS: dict = {}

# class -> (its ``_apply``, its ``steps``, its rule steps): a class whose ``_apply`` or ``steps`` is replaced
# later (in a notebook) is worked out again. A plain dict: a weak one costs a microsecond a look-up, and the
# classes a session defines are few
_RULE_STEPS: dict = {}


def _defined_in(cls, name):
    """The class of ``cls``'s MRO whose own body defines ``name``."""
    return next(c for c in cls.__mro__ if name in c.__dict__)


class _EveryKind(dict):
    """Every kind of decision -> one function (a game's ``_apply`` when it names no ``steps``)."""

    __slots__ = ("apply",)

    def __init__(self, apply):
        super().__init__()
        self.apply = apply

    def __missing__(self, kind):
        f = self[kind] = self.apply
        return f


__all__ = ["Game", "rules_page", "copy_attributes", "deepcopy_attributes", "copy_added", "FAST_ATTRIBUTES", "LOGS", "ToolkitError"]
