"""The Disneyland Game: state and rules (DL-1 to DL-7 and the interpretations DL-I1 to DL-I13).

``DisneylandGame`` holds the state, the setup (DL-3), the queries, the count (DL-7) and the decision pending; it
composes the rule steps, each in a module named after the rulebook's section: ``turn.py`` the turn (DL-4.1 to
DL-4.4, DL-3.6), ``spaces.py`` the Draw and Camera spaces (DL-5.1, DL-5.2), ``wish.py`` the Wishing Star (DL-5.3
to DL-5.5), ``clock.py`` the Clock space, keeping the park open and its closing (DL-5.6, DL-6, DL-4.5).

>>> g = DisneylandGame(players=2, seed=3)
>>> g.pending()
Decision(player=1, kind='roll', values=('roll',))
>>> [e.clauses for e in g.apply("roll")][0]
('DL-4.1',)
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ...core.decisions import Decision, Option
from ...core.game import Game, copy_added
from ...core.settings import Setting
from .board import Board, default_board, load_board
from .clock import HOURS, LAST_HOUR, Clock, hour
from .spaces import Spaces
from .turn import ROLL, Turn
from .wish import HANDS, WishingStar, wish_stages


class _Asked:
    """The decisions that depend only on the number of players, made once and shared by every game (and copy):
    each seat's roll; wishes by wisher and the players who hold cards (DL-I6); the hide, pick and stay-open
    decisions by seat and purpose ("wish" or "clock"); and the stages of a wish (``wish.wish_stages``). The tuples
    by seat are indexed by the seat itself (1..P; index 0 holds nothing), as the rules name seats: no ``seat - 1``
    on every turn."""

    __slots__ = ("others", "roll", "wish_target", "wish_kind", "hide", "pick", "stay_open",
                 "wish_kind_stage", "wish_hide_stage", "wish_pick_stage", "take_stage")

    def __init__(self, players: int):
        seats = range(1, players + 1)
        self.others = (None, *(tuple(t for t in seats if t != s) for s in seats))     # in seat order
        self.roll = (None, *(Decision(s, "roll", "Roll the die", (Option("roll", "roll the die"),), ("DL-4.1",))
                             for s in seats))
        self.wish_target = {(s, targets): Decision(    # (wisher, the others holding cards) -> decision
            s, "wish-target", "Which player do you wish from?", [Option(t, f"wish from Player {t}") for t in targets],
            ("DL-5.3", "DL-I6"))
            for s in seats for k in range(1, players) for targets in combinations([t for t in seats if t != s], k)}
        self.wish_kind = {(s, t, photos, attractions): _wish_kind(s, t, photos, attractions)  # by what t holds
                          for s in seats for t in seats if t != s
                          for photos in (False, True) for attractions in (False, True) if photos or attractions}
        self.hide = {purpose: (None, *(Decision(
            s, "hide", "Hide the stars: which hand holds the smiling star?",
            (Option("smile-left", "smiling star in the left hand"),
             Option("smile-right", "smiling star in the right hand")),
            ("DL-5.3", "DL-I7") if purpose == "wish" else ("DL-6.3", "DL-I7"), secret=True) for s in seats))
            for purpose in ("wish", "clock")}
        self.pick = {purpose: (None, *(Decision(
            s, "pick", "Pick a hand", [Option(h, f"the {h} hand") for h in HANDS],
            ("DL-5.3",) if purpose == "wish" else ("DL-6.3",)) for s in seats)) for purpose in ("wish", "clock")}
        self.stay_open = (None, *(Decision(
            s, "stay-open", "The park would close: ask for it to stay open?",
            (Option("ask", "\"I want the park to stay open!\""), Option("pass", "let the park close")),
            ("DL-6.2", "DL-I9")) for s in seats))
        self.wish_kind_stage, self.wish_hide_stage, self.wish_pick_stage, self.take_stage = wish_stages(players)

    def __deepcopy__(self, memo):
        return self


def _wish_kind(seat, target, photos, attractions):
    opts = []
    if photos:
        opts.append(Option("photo", "one of your Photo Cards"))
    if attractions:
        opts.append(Option("attraction", "one of your Attraction Cards"))
    return Decision(seat, "wish-kind", f"What do you wish for from Player {target}?", opts, ("DL-5.3", "DL-I6"))


@lru_cache(maxsize=None)
def _asked(players: int) -> _Asked:
    return _Asked(players)


@lru_cache(maxsize=8)
def _photo_faces(ngood: int, nbad: int) -> dict:
    return {f"P{i + 1:02d}": i < ngood for i in range(ngood + nbad)}


@lru_cache(maxsize=None)
def _space_rules(game_class, kinds: tuple) -> tuple:
    """The rule of each track space, by index (``_SPACES`` by the space's kind), worked out once per game class and
    track: a move then finds its space's rule with one look-up."""
    return tuple(game_class._SPACES[k] for k in kinds)


# Every attribute of a game (copies set them by name: core.copy_attributes), at most 29 (core.FAST_ATTRIBUTES):
# those every game has (Game.ATTRIBUTES), then the game's own. A copy shares the ``_SHARED`` ones: numbers, tuples,
# and the board, its facts and the decisions, which are never changed in place; ``__deepcopy__`` copies each of the
# ``_COPIED`` ones in its own way. A new attribute goes in one of the two.
_SHARED = ("board", "card_worth", "photo_good", "clock", "current", "stage", "over", "stops_called", "stops_won",
           "closing_turn", "_asked", "_space_rules")
_COPIED = ("piles", "photos", "held_cards", "held_photos", "points", "pos", "photo_seen")
_ATTRIBUTES = Game.ATTRIBUTES + _SHARED + _COPIED


class DisneylandGame(Turn, Spaces, WishingStar, Clock, Game):
    """The whole game: the state, the queries and the decision pending, with the rule steps of ``Turn``,
    ``Spaces``, ``WishingStar`` and ``Clock``. ``stage`` is what the game waits for, beyond whose turn it is
    (``current``): a named tuple whose first field is the kind of decision pending, one of ``turn.Roll``,
    ``wish.WishTarget``, ``WishKind``, ``WishHide``, ``WishPick``, ``Take``, ``clock.StayOpen``, ``ClockHide``,
    ``ClockPick``. A stage is never changed in place (copies share it); ``to_dict`` holds it as a list."""

    name = "disneyland"
    title = "The Disneyland Game"
    min_players, max_players = 2, 4
    rules_package = "toolkit.games.disneyland"
    drawing_module = "toolkit.games.disneyland.drawing"
    settings = (Setting("board", "file", clause="DL-I1", help="a custom board: a board file's path or its data"),)
    acts = frozenset({"roll"})     # DL-4.1: each player rolls their own die, though it is the only thing to do

    def __init__(self, players: int = 4, seed: int = 0, options: dict | None = None, *, log: bool = True):
        super().__init__(players, seed, options, log=log)
        self.board: Board = load_board(self.options["board"]) if "board" in self.options else default_board()
        b = self.board
        self.card_worth = b.card_worth                        # id -> points (DL-5.1)
        # DL-3.3: seven colour piles; DL-I2: each shuffled and face down, so a draw is a surprise
        self.piles = {c: list(ids) for c, ids in b.pile_ids.items()}
        for pile in self.piles.values():
            self.streams["deck"].shuffle(pile)
        # DL-3.4 / DL-I3: photos shuffled face down on the camera
        self.photo_good = _photo_faces(b.photos["good"], b.photos["bad"])     # photo id -> good? (shared)
        self.photos = list(self.photo_good)
        self.streams["deck"].shuffle(self.photos)
        self.clock = 0                                        # DL-3.1: moves made from 9 o'clock
        self.held_cards = [[] for _ in range(players)]
        self.held_photos = [[] for _ in range(players)]
        self.points = [0] * players                           # kept up to date as cards move
        self.pos = b.draw_spaces()[:players]                  # DL-3.5 / DL-I4
        self.current = 1                                      # DL-3.6 / DL-I4: seat 1 is the youngest
        self.stage: tuple = ROLL
        self.over = False
        self.stops_called = 0     # DL-6.2 calls
        self.stops_won = 0        # DL-6.4 smiling stars
        self.closing_turn = None  # the turn in which the park would first have closed
        self.photo_seen: dict = {}      # photo id -> the seats that have looked at it (DL-I13), for determinize
        self._asked = _asked(players)
        self._space_rules = _space_rules(type(self), b.kinds)   # DL-4.3: each track space's rule, by index
        if self.log:
            self._setup_events()

    def _setup_events(self):
        self.emit("setup", f"The clock shows 9; the two wishing stars wait in the middle; the {len(self.card)} cards "
                  f"lie shuffled in {len(self.piles)} colour piles and {len(self.photos)} photos on the camera; the "
                  f"trains start on draw spaces {', '.join(str(p) for p in self.pos)}.",
                  ("DL-3.1", "DL-3.2", "DL-3.3", "DL-I2", "DL-3.4", "DL-3.5", "DL-I4"))
        self.emit("setup", "Player 1, the youngest, goes first; play passes clockwise.", ("DL-3.6", "DL-I4"))

    # At most 29 attributes on a game: Python 3.11 keeps up to 29 of a class's instance attributes in a compact
    # table that its attribute reads and method calls are specialised for; one more and every ``self.x`` in the
    # rules is a dict look-up (about 0.5 us a turn). Facts of the board are therefore read through the board.
    @property
    def card(self) -> dict:
        """Card id -> Card (DL-3.3)."""
        return self.board.cards

    # --- queries ---------------------------------------------------------------------------------
    def card_points(self, seat: int) -> int:
        """The points of ``seat``'s Attraction Cards, which lie face up (DL-5.1)."""
        return sum(map(self.card_worth.__getitem__, self.held_cards[seat - 1]))

    def scores(self):
        return list(self.points)

    def recount(self) -> None:
        """Recompute points after a test or a lesson arranged a position by hand (cards held, ``current``,
        ``stage``: one of the stage tuples, as ``stage._replace`` keeps it); the pending decision follows from the
        stage by itself."""
        self.points = [sum(map(self.worth, self.held_cards[s] + self.held_photos[s])) for s in range(self.players)]

    def worth(self, item: str) -> int:
        """Points of a card id or photo id (DL-5.1, DL-5.2)."""
        good = self.photo_good.get(item)
        return self.card_worth[item] if good is None else self.board.photo_worth[good]

    def card_count(self, seat: int) -> int:
        return len(self.held_cards[seat - 1]) + len(self.held_photos[seat - 1])

    def ranking(self) -> list[int]:
        """Seats from first to last place: points, then number of cards (DL-7.2), then turn order (DL-I11)."""
        sc = self.scores()
        return sorted(range(1, self.players + 1), key=lambda s: (-sc[s - 1], -self.card_count(s), s))

    def winner(self):
        return self.ranking()[0] if self.over else None

    def hour(self) -> int:
        return hour(self.clock)

    def end_clauses(self):
        return ("DL-4.5", "DL-7.1")

    def summary(self):
        sc = self.scores()
        best = max(sc)
        top = [s for s in range(1, self.players + 1) if sc[s - 1] == best]
        most = max(self.card_count(s) for s in top)
        return {"stops_called": self.stops_called, "stops_won": self.stops_won,
                "extra_turns": 0 if self.closing_turn is None else self.turn - self.closing_turn,
                "tied": sum(1 for s in top if self.card_count(s) == most)}

    def to_dict(self):
        return {"players": self.players, "seed": self.seed, "clock": self.clock, "pos": list(self.pos),
                "piles": {c: list(p) for c, p in self.piles.items()}, "photos": list(self.photos),
                "cards": [list(h) for h in self.held_cards], "held_photos": [list(h) for h in self.held_photos],
                "current": self.current, "stage": list(self.stage), "over": self.over, "turn": self.turn,
                "stops": [self.stops_called, self.stops_won], "scores": self.scores()}

    def view(self, player=None):
        """What ``player`` may see: other players' photos are face down (DL-5.2, DL-5.5) until the park closes and
        they are turned up and counted (DL-7.1)."""
        d = self.to_dict()
        d["photos"] = len(self.photos)
        if player is not None:        # face-down piles: a player sees how many cards are left, not their order
            d["piles"] = {c: len(p) for c, p in self.piles.items()}
            del d["seed"]             # the seed would tell the order of every shuffle
        if self.stage.kind == "pick" and player is not None and player != self._hider():
            d["stage"] = list(self.stage._replace(smile="?"))          # DL-I7: the picker cannot see
        shown = self.over or player is None          # at the close the photos are turned up (DL-7.1, DL-I13)
        if not shown:
            d["held_photos"] = [h if s == player else ["?"] * len(h)
                                for s, h in enumerate(d["held_photos"], 1)]
            d["scores"] = [x if s == player else self.card_points(s) for s, x in enumerate(d["scores"], 1)]
        d["good_photos"] = [sum(self.photo_good[p] for p in h) if shown or player == s else None
                            for s, h in enumerate(self.held_photos, 1)]
        return d

    def _hider(self):
        """Who hid the stars for the pick under way: the player wished from (DL-5.3) or the one the caller asked
        (DL-6.3, DL-I9)."""
        st = self.stage
        return st.target if st.purpose == "wish" else st.hider

    # --- the pending decision ------------------------------------------------------------------
    def pending(self):
        """The decision the game waits for, worked out from ``stage`` (None once the park has closed)."""
        if self.over:
            return None
        st, seat = self.stage, self.current
        kind = st.kind
        if kind == "roll":
            return self._asked.roll[seat]
        if kind == "wish-target":
            return self._asked.wish_target[seat, self._wish_targets(seat)]
        if kind == "wish-kind":
            return self._wish_kinds(seat, st.target)
        if kind == "hide":       # the one wished from hides (DL-5.3), or the one the caller asked (DL-6.3)
            purpose = st.purpose
            return self._asked.hide[purpose][st.target if purpose == "wish" else st.hider]
        if kind == "pick":
            return self._asked.pick[st.purpose][st.picker]
        if kind == "take":
            return self._takes(seat, st.target, st.wish)
        if kind == "stay-open":
            return self._asked.stay_open[(seat - 1 + st.asked) % self.players + 1]   # asked from the lander on
        raise AssertionError(st)

    # --- applying decisions: the rule step for each kind of decision (``steps``, below) ------------
    def _apply(self, decision, value):
        return self.steps[decision.kind](self, decision, value)

    steps = {"roll": Turn._take_turn, "wish-target": WishingStar._wish_target, "wish-kind": WishingStar._wish_for,
             "hide": WishingStar._hide, "pick": WishingStar._pick, "take": WishingStar._take,
             "stay-open": Clock._stay_open}

    # DL-4.3: each kind of space has its rule; a game looks them up by space, once per track (_space_rules)
    _SPACES = {"draw": Spaces._space_draw, "camera": Spaces._space_camera, "star": WishingStar._space_star,
               "clock": Clock._space_clock}

    def __deepcopy__(self, memo):
        """A copy for histories, clones and the search's believed worlds: the mutable state is copied; the
        board, its cards, the photo faces (replaced whole, never changed in place) and the decisions are
        shared. A generic deep copy walked the board every time (two thirds of a search's CPU). Every attribute
        is set by name, never through ``__dict__``, which would cost the copy (and this game) the fast attribute
        reads (core.copy_attributes)."""
        new = self._copy_base(memo, _SHARED)
        new.piles = {c: list(p) for c, p in self.piles.items()}
        new.photos = list(self.photos)
        new.held_cards = [list(h) for h in self.held_cards]
        new.held_photos = [list(h) for h in self.held_photos]
        new.points, new.pos = list(self.points), list(self.pos)
        new.photo_seen = dict(self.photo_seen)
        return copy_added(self, new, memo, _ATTRIBUTES, DisneylandGame)

    # --- what one player may believe (for the search agent) -------------------------------------------
    # at most 350 playouts, fewer where whole games are played out (early): about 90 ms a decision (benchmarks/README.md)
    search_options = {"playouts": 350, "steps": 20000}

    def _resample_hidden(self, viewer, rng):
        """Redraw what ``viewer`` cannot see: the order of each face-down pile and of the camera (DL-I2,
        DL-I3), which face-down photos outside the viewer's hand are good (as many good ones as before,
        DL-5.2), and the hand holding the smiling star while the viewer is not its hider (DL-I7). A photo the
        viewer has looked at (DL-I13: taken from the camera or passed by a wish) keeps its face in another
        player's hand: the viewer remembers it."""
        # redrawn from a canonical order (sorted cards, photos by place), so that states differing only in
        # hidden facts give the same redrawn state for the same ``rng``
        for pile in self.piles.values():
            pile.sort()
            rng.shuffle(pile)
        unseen, seen = list(self.photos), self.photo_seen
        for s, held in enumerate(self.held_photos, 1):
            if s != viewer:
                unseen += [p for p in held if viewer not in seen.get(p, ())]
        good = sum(self.photo_good[p] for p in unseen)
        flags = [True] * good + [False] * (len(unseen) - good)
        rng.shuffle(flags)           # the camera's order is a matter of which photo is good: dealt by place
        self.photo_good = dict(self.photo_good)
        self.photo_good.update(zip(unseen, flags))
        if self.stage.kind == "pick" and viewer != self._hider():
            self.stage = self.stage._replace(smile="left" if rng.random() < 0.5 else "right")
        self.recount()


__all__ = ["DisneylandGame", "HANDS", "HOURS", "LAST_HOUR", "hour"]
