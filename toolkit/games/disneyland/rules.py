"""The Disneyland Game: state and rules (DL-1 to DL-7 and the interpretations DL-I1 to DL-I12).

>>> g = DisneylandGame(players=2, seed=3)
>>> g.pending()
Decision(player=1, kind='roll', values=('roll',))
>>> [e.clauses for e in g.apply("roll")][0]
('DL-4.1',)
"""
from __future__ import annotations

import copy
from functools import lru_cache
from itertools import combinations

from ...core.decisions import Decision, Option
from ...core.game import Game, copy_added, copy_attributes
from ...core.settings import Setting
from .board import Board, default_board, load_board

HOURS = 12          # DL-4.5: twelve moves of the hand, 9 back round to 9
LAST_HOUR = 11      # after 11 moves the clock shows 8 (DL-6.1)
HANDS = ("left", "right")


# Decisions are never changed once made, so one serves every game that needs the same one (for speed); here
# the photo takes, by seat, target and number of photos (a few hundred at most).
_MADE: dict = {}


def _once(key, make):
    d = _MADE.get(key)
    if d is None:
        d = _MADE[key] = make()
    return d


class _Asked:
    """The decisions that depend only on the number of players, made once and shared by every game (and copy):
    each seat's roll; wishes by wisher and the players who hold cards (DL-I6); the hide, pick and stay-open
    decisions by seat and purpose ("wish" or "clock"). The tuples by seat are indexed by the seat itself (1..P;
    index 0 holds nothing), as the rules name seats: no ``seat - 1`` on every turn."""

    __slots__ = ("others", "roll", "wish_target", "wish_kind", "hide", "pick", "stay_open")

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


def hour(moves: int) -> int:
    """The hour the clock shows after ``moves`` moves from 9 o'clock."""
    return (9 + moves - 1) % 12 + 1


# Every attribute of a game (copies set them by name: core.copy_attributes), at most 29 (core.FAST_ATTRIBUTES). A
# copy shares the ``_SHARED`` ones: numbers, tuples, and the board, its facts and the decisions, which are never
# changed in place; ``__deepcopy__`` copies each of the others in its own way. A new attribute goes in one of the two.
_SHARED = ("players", "seed", "log", "turn", "board", "card_worth", "photo_good", "clock", "current", "stage", "over",
           "stops_called", "stops_won", "closing_turn", "_asked", "_space_rules")
_ATTRIBUTES = _SHARED + ("options", "streams", "piles", "photos", "held_cards", "held_photos", "points", "pos",
                         "events", "choices", "timeline", "photo_seen")


class DisneylandGame(Game):
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
        self.stage: tuple = ("roll",)
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
        ``stage``); the pending decision follows from the stage by itself."""
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
        if self.stage[0] == "pick" and player is not None and player != self._hider():
            d["stage"] = ["pick", self.stage[1], "?"] + list(self.stage[3:])    # DL-I7: the picker cannot see
        shown = self.over or player is None          # at the close the photos are turned up (DL-7.1, DL-I13)
        if not shown:
            d["held_photos"] = [h if s == player else ["?"] * len(h)
                                for s, h in enumerate(d["held_photos"], 1)]
            d["scores"] = [x if s == player else self.card_points(s) for s, x in enumerate(d["scores"], 1)]
        d["good_photos"] = [sum(self.photo_good[p] for p in h) if shown or player == s else None
                            for s, h in enumerate(self.held_photos, 1)]
        return d

    def _hider(self):
        """Who hid the stars for the pick under way (DL-5.3, DL-I9)."""
        st = self.stage
        return st[3] if st[-1] == "wish" else st[4]     # ("pick", picker, smile, target|caller, wish|hider, why)

    # --- the pending decision ------------------------------------------------------------------
    def pending(self):
        """The decision the game waits for, worked out from ``stage`` (None once the park has closed)."""
        if self.over:
            return None
        st, seat = self.stage, self.current
        kind = st[0]
        if kind == "roll":
            return self._asked.roll[seat]
        if kind == "wish-target":
            return self._asked.wish_target[seat, self._wish_targets(seat)]
        if kind == "wish-kind":
            return self._wish_kinds(seat, st[1])
        if kind == "hide":       # ("hide", picker, hider, "clock") or ("hide", target, wish, "wish")
            purpose = st[3]
            return self._asked.hide[purpose][st[1] if purpose == "wish" else st[2]]
        if kind == "pick":
            return self._asked.pick[st[-1]][st[1]]
        if kind == "take":
            return self._takes(seat, st[1], st[2])
        if kind == "stay-open":
            return self._asked.stay_open[(seat - 1 + st[1]) % self.players + 1]   # asked from the lander on
        raise AssertionError(st)

    # --- applying decisions: the rule step for each kind of decision (``steps``, below) ------------
    def _apply(self, decision, value):
        return self.steps[decision.kind](self, decision, value)

    def _take_turn(self, decision=None, value="roll"):
        seat, pos = self.current, self.pos
        roll = int(self.streams["die"].random() * 6) + 1                 # DL-4.1 (rng.roll, inlined)
        start = pos[seat - 1]
        dest = (start + roll) % self.board.spaces                        # DL-4.2
        while dest in pos and dest != start:                             # DL-4.4: only other trains block
            dest = (dest + 1) % self.board.spaces
        pos[seat - 1] = dest
        if self.log:                                                     # the sentences: not in fast runs
            self._move_events(seat, roll, start, dest)
        return self._space_rules[dest](self, seat, self.board.track[dest])      # DL-4.3: the space's rule

    def _move_events(self, seat, roll, start, dest):
        """The roll and the move, told (DL-4.1 to DL-4.4)."""
        self.emit("roll", f"Player {seat} rolls a {roll}.", ("DL-4.1",), seat, roll=roll)
        kind, skipped = self.board.track[dest].kind, (dest - start - roll) % self.board.spaces
        if skipped:
            self.emit("move", f"Player {seat}'s train would stop on an occupied space, so it goes on {skipped} more "
                      f"to space {dest} ({kind}).", ("DL-4.2", "DL-4.4", "DL-I12", "DL-4.3"), seat, to=dest)
        else:
            self.emit("move", f"Player {seat}'s train moves {roll} to space {dest} ({kind}).",
                      ("DL-4.2", "DL-4.3"), seat, to=dest)

    def _space_draw(self, seat, space):
        pile = self.piles[space.pile]
        if not pile:
            if self.log:
                self.emit("draw", f"The {space.pile} pile is empty: Player {seat} draws nothing.", ("DL-5.1", "DL-I5"),
                          seat)
        else:
            cid = pile.pop()
            self.held_cards[seat - 1].append(cid)
            self.points[seat - 1] += self.card_worth[cid]
            if self.log:
                c, w = self.card[cid], self.card_worth[cid]
                self.emit("draw", f"Player {seat} draws {c.name} ({c.kind}, {w} point{'s' if w != 1 else ''}) "
                          f"from the {space.pile} pile.", ("DL-5.1",), seat, card=cid)
        return self._end_turn()

    def _space_camera(self, seat, space):
        if not self.photos:
            if self.log:
                self.emit("camera", f"The photo deck is empty: Player {seat} gets no photo.", ("DL-5.2", "DL-I5"), seat)
        else:
            p = self.photos.pop()
            self.held_photos[seat - 1].append(p)
            self.photo_seen[p] = (seat,)          # DL-I13: a photo fresh from the camera: only its taker has seen it
            self.points[seat - 1] += self.board.photo_worth[self.photo_good[p]]        # DL-5.2: by its face
            if self.log:    # DL-5.2 / DL-I13: only the taker looks at the photo
                self.emit("camera", f"Player {seat} takes a photo, looks at it and lays it face down.",
                          ("DL-5.2", "DL-I13"), seat, secret={"photo": p, "good": self.photo_good[p]}, seen_by=(seat,))
        return self._end_turn()

    def _space_star(self, seat, space):
        targets = self._wish_targets(seat)
        if not targets:
            if self.log:
                self.emit("star", f"Player {seat} lands on a wishing star, but no other player holds a card to "
                          "wish for.", ("DL-5.3", "DL-I6"), seat)
            return self._end_turn()
        else:
            if self.log:
                self.emit("star", f"Player {seat} lands on a wishing star and may make a wish.", ("DL-5.3",), seat)
            self.stage = ("wish-target",)
            return self._asked.wish_target[seat, targets]                 # asked next (as pending() would)

    def _space_clock(self, seat, space):
        if self.clock < LAST_HOUR:
            self.clock += 1                                              # DL-5.6
            if self.log:
                self.emit("clock", f"Player {seat} moves the clock on to {self.hour()} o'clock.", ("DL-5.6",),
                          seat, clock=self.clock)
            if self.clock == LAST_HOUR and self.log:
                self.emit("clock", "It is 8 o'clock: one hour left, and the park may now be kept open.", ("DL-6.1",))
            return self._end_turn()
        else:
            if self.closing_turn is None:
                self.closing_turn = self.turn + 1    # the number of this turn
            if self.log:
                self.emit("clock", f"Player {seat} lands on a clock at 8 o'clock: the park would close now. Anyone "
                          "may ask for it to stay open.", ("DL-6.2", "DL-I9"), seat)
            self.stage = ("stay-open", 0)

    # DL-4.3: each kind of space has its rule; a game looks them up by space, once per track (_space_rules)
    _SPACES = {"draw": _space_draw, "camera": _space_camera, "star": _space_star, "clock": _space_clock}

    def _wish_targets(self, seat) -> tuple[int, ...]:
        """The other players holding a card or photo, in seat order (DL-I6)."""
        cards, photos = self.held_cards, self.held_photos
        return tuple([t for t in self._asked.others[seat] if cards[t - 1] or photos[t - 1]])

    def _takes(self, seat, target, wish):
        """What ``seat`` may take from ``target`` once the wish came true: a face-down photo by its place, or one
        of the target's Attraction Cards, characters included (DL-5.5, DL-I6, DL-I8)."""
        if wish == "photo":
            n = len(self.held_photos[target - 1])
            return _once(("take", seat, target, n), lambda: Decision(
                seat, "take", f"Take one card from Player {target}",
                [Option(f"photo@{k}", f"face-down photo {k + 1}") for k in range(n)], ("DL-5.5", "DL-I6", "DL-I8")))
        held = self.held_cards[target - 1]
        options = map(self.board.card_options.__getitem__, held)
        return Decision(seat, "take", f"Take one card from Player {target}", options, ("DL-5.5", "DL-I6", "DL-I8"),
                        values=tuple(held))      # each option's value is its card's id: given ready, not worked out

    def _wish_kinds(self, seat, target):
        """What ``seat`` may wish for from ``target``: a photo, an attraction card, as the target holds (DL-I6)."""
        return self._asked.wish_kind[seat, target, bool(self.held_photos[target - 1]),
                                     bool(self.held_cards[target - 1])]

    def _wish_target(self, decision, target):
        if self.log:
            self.emit("wish", f"Player {self.current} chooses to wish from Player {target}.", ("DL-5.3",),
                      self.current, target=target)
        self.stage = ("wish-kind", target)
        return self._wish_kinds(self.current, target)                      # asked next (as pending() would)

    def _wish_for(self, decision, wish):
        target = self.stage[1]
        self.stage = ("hide", target, wish, "wish")
        if self.log:
            self.emit("wish", f"Player {self.current} says: \"I wish I had one of your "
                      f"{'Photo' if wish == 'photo' else 'Attraction'} Cards.\"", ("DL-5.3", "DL-I6"),
                      self.current, target=target, wish=wish)
        return self._asked.hide["wish"][target]                            # the target hides: asked next

    def _hide(self, decision, value):
        smile = value[len("smile-"):]
        purpose = self.stage[3]
        # a wish: the wisher picks (DL-5.3); keeping the park open: the player who asked picks (DL-6.3)
        picker = self.current if purpose == "wish" else self.stage[1]
        if self.log:    # DL-I7 / DL-I13: the hand holding the smiling star is the hider's until the pick shows it
            self.emit("hide", f"Player {decision.player} hides a star in each hand.",
                      ("DL-5.3", "DL-I7", "DL-I13") if purpose == "wish" else ("DL-6.3", "DL-I7", "DL-I9", "DL-I13"),
                      decision.player, secret={"smile": smile}, seen_by=(decision.player,))
        self.stage = ("pick", picker, smile) + self.stage[1:]
        return self._asked.pick[purpose][picker]                           # asked next (as pending() would)

    def _pick(self, decision, hand):
        st = self.stage                 # ("pick", picker, smile, target|caller, wish|hider, purpose)
        picker, lucky, purpose, log = st[1], hand == st[2], st[-1], self.log
        if purpose == "wish":
            if not lucky:
                if log:
                    self.emit("frown", f"Player {picker} picks the {hand} hand: the frowning star. The wish does not "
                              "come true.", ("DL-5.4",), picker)
                return self._end_turn()
            else:
                if log:
                    self.emit("smile", f"Player {picker} picks the {hand} hand: the smiling star! The wish comes "
                              "true.", ("DL-5.5",), picker)
                self.stage = ("take", st[3], st[4])
                return self._takes(picker, st[3], st[4])                  # asked next (as pending() would)
        else:
            if lucky:
                self.stops_won += 1
                if log:
                    self.emit("smile", f"Player {picker} picks the {hand} hand: the smiling star! The clock stays "
                              "at 8 and the park stays open another hour.", ("DL-6.4", "DL-I10"), picker)
                return self._end_turn()
            else:
                if log:
                    self.emit("frown", f"Player {picker} picks the {hand} hand: the frowning star. The clock moves "
                              "to 9.", ("DL-6.5",), picker)
                self._close()

    def _take(self, decision, value):
        seat, (target, wish) = self.current, self.stage[1:]
        if wish == "photo":
            k = int(value.split("@")[1])
            p = self.held_photos[target - 1].pop(k)
            self.held_photos[seat - 1].append(p)
            self._looks(p, seat)
            self._looks(p, target)
            self._shift(p, target, seat)
            if self.log:    # DL-I8 / DL-I13: the photo is known to the one who held it and the one who takes it
                self.emit("take", f"Player {seat} takes a face-down photo from Player {target}.",
                          ("DL-5.5", "DL-I8", "DL-I13"), seat, target=target,
                          secret={"photo": p, "good": self.photo_good[p]}, seen_by=(seat, target))
        else:
            self.held_cards[target - 1].remove(value)
            self.held_cards[seat - 1].append(value)
            self._shift(value, target, seat)
            if self.log:
                self.emit("take", f"Player {seat} takes {self.card[value].name} from Player {target}.",
                          ("DL-5.5", "DL-I6"), seat, card=value, target=target)
        return self._end_turn()

    def _looks(self, photo, seat):
        """``seat`` knows this photo's face from now on (DL-I8, DL-I13)."""
        seen = self.photo_seen.get(photo, ())
        if seat not in seen:
            self.photo_seen[photo] = seen + (seat,)

    def _shift(self, item, giver, taker):
        w = self.worth(item)
        self.points[giver - 1] -= w
        self.points[taker - 1] += w

    def _stay_open(self, decision, value):
        seat, asked = decision.player, self.stage[1]
        if value == "ask":
            self.stops_called += 1
            lander = self.current
            hider = lander if seat != lander else lander % self.players + 1
            if self.log:
                self.emit("stay-open", f"Player {seat} calls: \"I want the park to stay open!\"", ("DL-6.2", "DL-I9"),
                          seat)
            self.stage = ("hide", seat, hider, "clock")
        else:
            if self.log:
                self.emit("pass", f"Player {seat} lets the park close.", ("DL-6.2", "DL-I9"), seat)
            if asked + 1 < self.players:
                self.stage = ("stay-open", asked + 1)
            else:
                self._close()

    def _close(self):
        self.clock = HOURS
        self.over = True
        self.end_turn()
        if self.log:
            self._closing_events()

    def _closing_events(self):
        """DL-7.1, DL-7.2: the count and the winner, told."""
        sc = self.scores()
        self.emit("close", "The clock strikes 9 and the park closes. Points: " +
                  ", ".join(f"Player {s} {sc[s - 1]} ({self.card_count(s)} cards)" for s in range(1, self.players + 1))
                  + ".", ("DL-4.5", "DL-7.1"))
        w = self.ranking()
        best = [s for s in w if sc[s - 1] == sc[w[0] - 1]]
        if len(best) == 1:
            self.emit("win", f"Player {w[0]} wins with {sc[w[0] - 1]} points.", ("DL-7.1",), w[0])
        else:
            most = [s for s in best if self.card_count(s) == self.card_count(w[0])]
            clauses = ("DL-7.2",) if len(most) == 1 else ("DL-7.2", "DL-I11")
            self.emit("win", f"Players {', '.join(map(str, best))} tie on {sc[w[0] - 1]} points; Player {w[0]} wins "
                      f"{'with the most cards' if len(most) == 1 else 'as the earliest in turn order of those with the most cards'}.",
                      clauses, w[0])

    def _end_turn(self):
        """The turn ends; the next player clockwise rolls (DL-3.6). Returns that roll, the decision asked next."""
        if self.log:
            self.end_turn()               # the turn counted, and the score timeline's point
        else:
            self.turn += 1                # Game.end_turn in a fast run (no timeline): a call fewer every turn
        self.current = seat = self.current % self.players + 1             # DL-3.6: clockwise
        self.stage = ("roll",)
        return self._asked.roll[seat]

    steps = {"roll": _take_turn, "wish-target": _wish_target, "wish-kind": _wish_for, "hide": _hide, "pick": _pick,
             "take": _take, "stay-open": _stay_open}

    def __deepcopy__(self, memo):
        """A copy for histories, clones and the search's believed worlds: the mutable state is copied; the
        board, its cards, the photo faces (replaced whole, never changed in place) and the decisions are
        shared. A generic deep copy walked the board every time (two thirds of a search's CPU). Every attribute
        is set by name, never through ``__dict__``, which would cost the copy (and this game) the fast attribute
        reads (core.copy_attributes)."""
        new = copy_attributes(self, _SHARED)
        new.options = copy.deepcopy(self.options, memo)
        # each generator's state copied (core.rng); called directly, as no other attribute holds the streams
        new.streams = self.streams.__deepcopy__(memo)
        new.piles = {c: list(p) for c, p in self.piles.items()}
        new.photos = list(self.photos)
        new.held_cards = [list(h) for h in self.held_cards]
        new.held_photos = [list(h) for h in self.held_photos]
        new.points, new.pos = list(self.points), list(self.pos)
        new.events, new.choices, new.timeline = list(self.events), list(self.choices), list(self.timeline)
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
        if self.stage[0] == "pick" and viewer != self._hider():
            st = self.stage
            self.stage = st[:2] + ("left" if rng.random() < 0.5 else "right",) + st[3:]
        self.recount()
