"""The McDonald's Game: state and rules (MCD-1 to MCD-8 and the interpretations MCD-I1 ... in rules.md).

>>> g = McDonaldsGame(players=3, seed=2)
>>> g.pending()
Decision(player=2, kind='roll', values=('roll',))
>>> [e.clauses for e in g.apply("roll")][0]
('MCD-3.2', 'MCD-I4', 'MCD-I1', 'MCD-7.7')
>>> sum(g.card_total()) == 120
True
"""
from __future__ import annotations

import copy
import math

from ...core.decisions import Decision, Option
from ...core.game import Game, copy_added, copy_attributes
from ...core.rng import roll as roll_die
from ...core.errors import OptionError
from ...core.settings import Setting
from .board import (CARDS_PER_FOOD, FOOD_INDEX, FOOD_NAMES, FOODS, SLOT, SPACE_NAMES, Board, Menu,
                   counts_text, default_board, default_menus, load_board, load_menus)

TARGET = 25          # MCD-2.1, MCD-8.1
MAX_TURNS = 1000     # MCD-I18: the closing time that keeps every game finite
MAX_READINGS = 20_000   # MCD-I18: and the readings of menus in a game, so a race nobody wins cannot run for ever
N = len(FOODS)
NAMES = [FOOD_NAMES[f] for f in FOODS]
RACE_MODES = ("model", "by_hand")
DEFAULT_RACE = {"speed": 4.0, "spread": 0.35, "errors": 0.1}     # MCD-I10
SETTINGS = (
    Setting("board", "file", clause="MCD-I1", help="a custom board: a board file's path or its data"),
    Setting("menus", "file", clause="MCD-I5", help="a custom menu deck: a menu file's path or its data"),
    Setting("race", "choice", "model", choices=RACE_MODES, clause="MCD-I10, MCD-I11",
            help="'model': the race is drawn; 'by_hand': the class decides it"),
    Setting("speed", "seats", DEFAULT_RACE["speed"], low=0.01, high=1000.0, clause="MCD-I10",
            help="seconds a racer needs, one value or one per seat"),
    Setting("spread", "seats", DEFAULT_RACE["spread"], low=0.0, high=5.0, clause="MCD-I10",
            help="spread of the race times (lognormal sigma)"),
    Setting("errors", "seats", DEFAULT_RACE["errors"], low=0.0, high=1.0, clause="MCD-I10",
            help="the chance of a wrong pull"),
    Setting("max_readings", "int", None, low=1, high=10**6, clause="MCD-5.4, MCD-I9",
            help="readings of a menu before it is put away unfilled (absent: no bound)"),
)


def pair_value(a: int, b: int) -> str:
    """The option value for two cards, e.g. 'fries+pie' (items in rack order)."""
    a, b = min(a, b), max(a, b)
    return f"{FOODS[a]}+{FOODS[b]}"


def pairs(rack) -> list[tuple[int, int]]:
    """Every choice of 2 cards from a rack (same item twice when it holds 2), in rack order (MCD-3.4)."""
    out = []
    for a in range(N):
        if rack[a] == 0:
            continue
        if rack[a] >= 2:
            out.append((a, a))
        for b in range(a + 1, N):
            if rack[b]:
                out.append((a, b))
    return out


# Options are immutable: made once, shared by every game (fast decisions).
GIVE = {}
TAKE = {}
for _a in range(N):
    for _b in range(_a, N):
        _pair = f"two {NAMES[_a]} cards" if _a == _b else f"a {NAMES[_a]} card and a {NAMES[_b]} card"
        GIVE[(_a, _b)] = Option(pair_value(_a, _b), f"give {_pair}")
        TAKE[(_a, _b)] = Option(pair_value(_a, _b), f"take {_pair}")
TAKE_ONE = [Option(FOODS[i], f"take a {NAMES[i]} card") for i in range(N)]
_EXTRAS: dict = {}       # (seat, extras, points) -> Decision


def wrong_pulls(order, rack, printed) -> list[tuple[str, str, tuple[int, ...]]]:
    """The wrong ways to fill ``order`` from ``rack`` (MCD-I10): one card short, one too many, or one card
    of an item printed on the menu but not ordered (a decoy) instead of an ordered one.
    Returns (value, label, pulled counts) in a fixed order."""
    total = sum(order)
    out = []
    for i in range(N):
        if order[i] and total > 1:
            p = list(order)
            p[i] -= 1
            out.append((f"short:{FOODS[i]}", f"one {NAMES[i]} card short", tuple(p)))
    for i in range(N):
        if order[i] and rack[i] > order[i]:
            p = list(order)
            p[i] += 1
            out.append((f"extra:{FOODS[i]}", f"one {NAMES[i]} card too many", tuple(p)))
    for i in range(N):
        if order[i]:
            for j in printed:
                if not order[j] and rack[j]:
                    p = list(order)
                    p[i] -= 1
                    p[j] += 1
                    out.append((f"swap:{FOODS[i]}:{FOODS[j]}", f"a {NAMES[j]} card instead of a {NAMES[i]} card", tuple(p)))
    return out


def _per_seat(value, players):
    return [float(x) for x in value] if isinstance(value, (list, tuple)) else [float(value)] * players


class Racing:
    """How the races of a game are run, fixed at setup: by the class (``by_hand``, MCD-I11) or drawn from each
    seat's ``speed``, ``spread`` and ``errors`` (MCD-I10), and the bound on readings of a menu (MCD-I9)."""

    __slots__ = ("by_hand", "speed", "spread", "errors", "max_readings")

    def __init__(self, by_hand: bool, speed: list, spread: list, errors: list, max_readings: int | None):
        self.by_hand, self.speed, self.spread, self.errors = by_hand, speed, spread, errors
        self.max_readings = max_readings

    def __deepcopy__(self, memo):          # never changed after setup: copies of a game share it
        return self


# Every attribute of a game, in the order __init__ sets them (copies set them by name: core.copy_attributes). At
# most 29 (core.FAST_ATTRIBUTES): the race's settings are therefore grouped in ``racing``.
_ATTRIBUTES = ("players", "seed", "options", "streams", "log", "events", "choices", "turn", "timeline", "racing",
               "board", "menus", "racks", "extras", "extras_seen", "pile", "menu_pile", "pos", "points", "over",
               "won", "reading", "last_race", "last_roll", "stats", "first", "current", "stage", "_decision")


class McDonaldsGame(Game):
    name = "mcdonalds"
    title = "The McDonald's Game"
    min_players, max_players = 2, 4          # MCD-I3
    rules_package = "toolkit.games.mcdonalds"
    drawing_module = "toolkit.games.mcdonalds.drawing"
    settings = SETTINGS
    acts = frozenset({"roll"})     # MCD-3.2: each player rolls their own dice, though it is the only thing to do

    def __init__(self, players: int = 4, seed: int = 0, options: dict | None = None, *, log: bool = True):
        super().__init__(players, seed, options, log=log)
        o = self.options
        by_hand = o.get("race") == "by_hand"
        speed, spread, errors = (_per_seat(self.option(k), players) for k in DEFAULT_RACE)
        # MCD-5.4 / MCD-I9: a menu is read until someone fills it; a bound is a named option, off by default
        max_readings = self.option("max_readings")
        self.racing = Racing(by_hand, speed, spread, errors, max_readings)
        if max_readings is None and not by_hand and max(errors) >= 1.0:
            raise OptionError("an error chance of 1 means a player who never pulls the right cards, so a menu only "
                              "that player can fill would be read for ever (MCD-5.4): set 'max_readings' too (MCD-I9)")
        self.board: Board = load_board(o["board"]) if "board" in o else default_board()
        self.menus: tuple[Menu, ...] = load_menus(o["menus"]) if "menus" in o else default_menus()
        # MCD-1.6: 3 of each item in each rack; MCD-1.7: the rest shuffled face down (top = end of list)
        self.racks = [[SLOT] * N for _ in range(players)]
        self.extras = [[0] * N for _ in range(players)]          # MCD-7.2: face down
        # the extras whose items everyone saw arrive (from a menu, a trade, a card taken: MCD-I20); a record
        # for the players' memory that changes no rule
        self.extras_seen = [[0] * N for _ in range(players)]
        self.pile = [i for i in range(N) for _ in range(CARDS_PER_FOOD - SLOT * players)]
        self.streams["deck"].shuffle(self.pile)
        # MCD-1.5: the menus face down (MCD-I5: shuffled); top = end of list
        self.menu_pile = list(range(len(self.menus)))
        self.streams["menus"].shuffle(self.menu_pile)
        self.pos = [self.board.corners[s] for s in range(players)]      # MCD-1.8, MCD-I3
        self.points = [0] * players
        self.over = False
        self.won = None
        self.reading = None       # the menu being read and its race (see _read_menu)
        self.last_race = None     # the last race, for the drawings
        self.last_roll = None
        self.stats = {"menus": 0, "readings": 0, "unfillable": 0, "given_up": 0, "order_points": 0,
                      "extra_points": 0, "forgotten": 0, "trades": 0, "hit_turn_limit": False}
        self.emit("setup", f"Each player's rack holds 3 of each of the 8 food items; the other {len(self.pile)} cards "
                  f"are shuffled face down beside the chute, and the {len(self.menus)} menus lie face down.",
                  ("MCD-1.5", "MCD-1.6", "MCD-1.7", "MCD-I5"))
        if self.log:
            where = "; ".join(f"Player {s} is {self.board.characters[s - 1][0]} on the corner space {self.pos[s - 1]}"
                              for s in range(1, players + 1))
            self.emit("setup", where + ".", ("MCD-1.8", "MCD-I3"))
        self.first = self.current = self.roll_for_first()
        self.stage: tuple = ("start",)
        self._decision = self._next_decision()

    # --- setup ----------------------------------------------------------------------------------
    def roll_for_first(self) -> int:
        """MCD-3.1 / MCD-I4: everyone rolls the dice; the tied high rollers roll again."""
        rng = self.streams["dice"]
        rolling = list(range(1, self.players + 1))
        while True:
            rolls = {s: roll_die(rng) + roll_die(rng) for s in rolling}
            best = max(rolls.values())
            top = [s for s in rolling if rolls[s] == best]
            if self.log:
                self.emit("first", "Rolling for first player: " + ", ".join(f"Player {s} {r}" for s, r in rolls.items())
                          + (f". Player {top[0]} goes first; play continues clockwise." if len(top) == 1 else
                             f". Players {', '.join(map(str, top))} tie and roll again."), ("MCD-3.1", "MCD-I4"),
                          rolls={str(s): r for s, r in rolls.items()})
            if len(top) == 1:
                return top[0]
            rolling = top

    def arranged(self) -> None:
        """Recompute the pending decision after a test or a lesson arranged a position by hand."""
        self._decision = self._next_decision()

    def __deepcopy__(self, memo):
        """A copy for histories and clones: the mutable state is copied, the data files, decisions and events
        (never changed once made) are shared. Much faster than a generic deep copy."""
        new = copy_attributes(self, _ATTRIBUTES)
        new.options = copy.deepcopy(self.options, memo)
        new.streams = self.streams.__deepcopy__(memo)     # each generator given its state (core.rng.copy_generator)
        new.events, new.choices, new.timeline = list(self.events), list(self.choices), list(self.timeline)
        new.racks = [list(r) for r in self.racks]
        new.extras = [list(r) for r in self.extras]
        new.extras_seen = [list(r) for r in self.extras_seen]
        new.pile, new.menu_pile, new.pos, new.points = list(self.pile), list(self.menu_pile), list(self.pos), list(self.points)
        new.stats = dict(self.stats)
        r = self.reading
        if r is not None:
            new.reading = {"menu": r["menu"], "count": r["count"], "able": r["able"], "marbles": list(r["marbles"]),
                           "pulled": dict(r["pulled"])}
        return copy_added(self, new, memo, _ATTRIBUTES, McDonaldsGame)

    # --- queries --------------------------------------------------------------------------------
    def pending(self):
        return self._decision

    @property
    def max_readings(self) -> int | None:
        """The most readings of one menu (the option ``max_readings``, MCD-I9), None: no bound."""
        return self.racing.max_readings

    def scores(self):
        return list(self.points)

    def winner(self):
        return self.won if self.over else None

    def end_clauses(self):
        return ("MCD-8.1",)

    def player_name(self, seat: int) -> str:
        return f"Player {seat} ({self.board.characters[seat - 1][0]})"

    def menu(self, index: int | None = None) -> Menu:
        """The menu being read (or the menu at ``index`` of the deck)."""
        return self.menus[self.reading["menu"] if index is None else index]

    def card_total(self) -> list[int]:
        """Food cards per item in racks + extras + pile + cards pulled in a race (120 in all)."""
        tot = [0] * N
        for s in range(self.players):
            for i in range(N):
                tot[i] += self.racks[s][i] + self.extras[s][i]
        for i in self.pile:
            tot[i] += 1
        if self.reading:
            for p in self.reading["pulled"].values():
                for i in range(N):
                    tot[i] += p[i]
        return tot

    def summary(self):
        """Columns for ``simulate``: who started, menus and readings, where the points came from."""
        return {"first": self.first, **self.stats}

    def to_dict(self):
        r = self.reading
        return {"players": self.players, "seed": self.seed, "pos": list(self.pos),
                "racks": [list(x) for x in self.racks], "extras": [list(x) for x in self.extras],
                "pile": [FOODS[i] for i in self.pile], "menu_pile": [self.menus[m].id for m in self.menu_pile],
                "scores": list(self.points), "current": self.current, "first": self.first,
                "stage": list(self.stage), "over": self.over, "winner": self.won, "turn": self.turn,
                "reading": None if r is None else {
                    "menu": self.menus[r["menu"]].id, "count": r["count"], "able": list(r["able"]),
                    "marbles": list(r["marbles"]), "pulled": {str(s): list(p) for s, p in sorted(r["pulled"].items())}},
                "last_race": self.last_race, "last_roll": self.last_roll, "stats": dict(self.stats)}

    def view(self, player=None):
        """What ``player`` may see: racks are open (MCD-I6); extras, the pile and the menus are face down; at the
        end every player's extras are turned up (MCD-I22)."""
        d = self.to_dict()
        d["pile"] = len(self.pile)
        d["menu_pile"] = len(self.menu_pile)
        d["extras_seen"] = [list(x) for x in self.extras_seen]      # everyone saw these arrive (MCD-I20)
        if player is not None:
            if not self.over:
                d["extras"] = [x if s == player else sum(x) for s, x in enumerate(d["extras"], 1)]
            del d["seed"]        # the seed would tell the order of every shuffle
        return d

    # --- cards moving ---------------------------------------------------------------------------
    def receive(self, seat: int, cards, seen: bool = True) -> tuple[list[int], list[int]]:
        """Cards (item indices) a player gets: into the rack up to 3 per slot, the rest face down as extras
        (MCD-7.1, MCD-7.2, MCD-I12). ``seen``: everyone saw which cards they were (MCD-I20), so the table
        knows the extras they make too. Returns (racked, extra) counts."""
        rack, ext = self.racks[seat - 1], self.extras[seat - 1]
        known = self.extras_seen[seat - 1]
        racked, extra = [0] * N, [0] * N
        for i in cards:
            if rack[i] < SLOT:
                rack[i] += 1
                racked[i] += 1
            else:
                ext[i] += 1
                extra[i] += 1
                if seen:
                    known[i] += 1
        return racked, extra

    def _receive_text(self, seat, racked, extra, private: bool = False) -> str:
        out = f"into the rack: {counts_text(racked)}" if any(racked) else "nothing fits the rack"
        if any(extra):       # extras lie face down: the others learn how many, not which (MCD-7.2, MCD-I6)
            n = sum(extra)
            out += f"; {n} card{'s' if n != 1 else ''} face down as extras (their slots are full)"
            if private:      # the sentence the receiver reads (MCD-I20)
                out += f": {counts_text(extra)}"
        return out

    def _score(self, seat: int, n: int, clauses) -> None:
        self.points[seat - 1] += n
        if self.points[seat - 1] >= TARGET and not self.over:
            self.over, self.won = True, seat                    # MCD-8.1 / MCD-I17
            self.emit("win", f"Player {seat} reaches {self.points[seat - 1]} points and wins!", ("MCD-2.1", "MCD-8.1",
                      "MCD-I17"), seat)

    # --- applying decisions ---------------------------------------------------------------------
    def _apply(self, decision, value):
        kind = decision.kind
        if kind == "roll":
            self._roll_and_move()
        elif kind == "extras":
            self._return_extras(value == "return")
            if self.over:
                self._end_turn()
            else:
                self._roll_and_move()
        elif kind == "help-partner":
            if value == "no-trade":
                if self.log:
                    self.emit("help", f"Player {self.current} chooses not to trade.", ("MCD-3.4", "MCD-I15"), self.current)
                self._end_turn()
            else:
                self.stage = ("help-give", value)
        elif kind == "help-give":
            self.stage = ("help-take", self.stage[1], value)
        elif kind == "help-take":
            self._trade(self.stage[1], self.stage[2], value)
        elif kind == "take-one":
            self._take_one(value)
        elif kind == "race-marble":
            self._marble(value)
        elif kind == "race-pull":
            self._pull(value)
        self._decision = self._next_decision()

    def _return_extras(self, remember: bool) -> None:
        """MCD-7.3 to MCD-7.5: all extras go to the bottom of the pile; with a full slot each scores 1."""
        seat = self.current
        ext, rack = self.extras[seat - 1], self.racks[seat - 1]
        gain = sum(ext[i] for i in range(N) if rack[i] == SLOT) if remember else 0
        back = [i for i in range(N) for _ in range(ext[i])]
        if self.log:
            if remember:
                self.emit("extras", f"Player {seat} shows and returns {len(back)} extra card{'s' if len(back) != 1 else ''} "
                          f"({counts_text(ext)}) to the bottom of the pile and scores {gain} (1 for each extra whose "
                          f"slot holds 3).", ("MCD-7.3", "MCD-7.4", "MCD-7.6", "MCD-I13", "MCD-I20"), seat, points=gain,
                          extras=[FOODS[i] for i in back])
            else:
                # forgotten extras go back unseen: which they were stays with their owner (MCD-I20)
                n, go = ("extra card", "goes") if len(back) == 1 else (f"{len(back)} extra cards", "go")
                self.emit("forget", f"Player {seat} rolls without returning the extras first, so the {n} {go} face "
                          "down to the bottom of the pile without points.", ("MCD-7.5", "MCD-I13", "MCD-I20"), seat,
                          secret={"extras": [FOODS[i] for i in back]}, seen_by=(seat,),
                          private_text=f"Player {seat} rolls without returning the extras first, so the {n} "
                          f"({counts_text(ext)}) {go} face down to the bottom of the pile without points.")
        if not remember:
            self.stats["forgotten"] += 1
        self.pile[:0] = back                                        # bottom of the pile
        self.extras[seat - 1] = [0] * N
        self.extras_seen[seat - 1] = [0] * N
        if gain:
            self.stats["extra_points"] += gain
            self._score(seat, gain, ("MCD-7.4",))

    def _roll_and_move(self) -> None:
        seat = self.current
        rng = self.streams["dice"]
        a, b = roll_die(rng), roll_die(rng)                          # MCD-I4: two dice
        self.last_roll = (a, b)
        track = self.board.track
        dest = (self.pos[seat - 1] + a + b) % len(track)             # MCD-3.2: clockwise
        self.pos[seat - 1] = dest
        space = track[dest]
        if self.log:
            shared = [s for s in range(1, self.players + 1) if s != seat and self.pos[s - 1] == dest]
            also = f" (shared with Player {', '.join(map(str, shared))})" if shared else ""
            self.emit("roll", f"Player {seat} rolls {a} + {b} = {a + b} and moves clockwise to space {dest}, "
                      f"{space.label}{also}" + ("" if (space.label + also)[-1] in ".?!" else "."), ("MCD-3.2", "MCD-I4", "MCD-I1") + (("MCD-7.7",) if shared else ()),
                      seat, roll=[a, b], to=dest)
        kind = space.kind
        if kind == "menu":
            self._read_menu(seat)
        elif kind == "help":
            self._help(seat)
        elif kind == "take":
            self._take_start(seat)
        else:
            self._card_space(seat, space)

    def _card_space(self, seat, space) -> None:
        """MCD-3.3: take the space's number of cards from the top of the pile (MCD-I2, MCD-I14)."""
        n = min(space.cards, len(self.pile))
        got = [self.pile.pop() for _ in range(n)]
        racked, extra = self.receive(seat, got, seen=False)
        if self.log:
            short = "" if n == space.cards else f" (the pile had only {n})"
            said = f"{SPACE_NAMES[space.kind]}: Player {seat} takes {n} card{'s' if n != 1 else ''} from the pile{short}: "
            # the cards that go to the rack are seen by all; the extras only by their receiver (MCD-7.2, MCD-I20)
            self.emit("cards", said + f"{self._receive_text(seat, racked, extra)}.",
                      ("MCD-3.3", "MCD-7.1", "MCD-7.2", "MCD-I2", "MCD-I20") + (("MCD-I14",) if n < space.cards else ()),
                      seat, racked=[FOODS[i] for i in range(N) for _ in range(racked[i])],
                      secret={"got": [FOODS[i] for i in got]} if any(extra) else None, seen_by=(seat,),
                      private_text=said + f"{self._receive_text(seat, racked, extra, private=True)}." if any(extra) else None)
        self._end_turn()

    # MAY I HELP YOU, PLEASE?
    def _partners(self, seat) -> list[int]:
        if sum(self.racks[seat - 1]) < 2:
            return []
        return [s for s in self._clockwise(seat) if sum(self.racks[s - 1]) >= 2]

    def _help(self, seat) -> None:
        if not self._partners(seat):
            if self.log:
                self.emit("help", f"MAY I HELP YOU, PLEASE?: no trade is possible (a trade needs 2 cards in each rack).",
                          ("MCD-3.4", "MCD-I15"), seat)
            self._end_turn()
        else:
            if self.log:
                self.emit("help", f"MAY I HELP YOU, PLEASE?: Player {seat} may trade 2 cards with another player.",
                          ("MCD-3.4",), seat)
            self.stage = ("help-partner",)

    def _trade(self, partner, give, take) -> None:
        seat = self.current
        g = [FOOD_INDEX[x] for x in give.split("+")]
        t = [FOOD_INDEX[x] for x in take.split("+")]
        mine, theirs = self.racks[seat - 1], self.racks[partner - 1]
        for i in g:
            mine[i] -= 1
        for i in t:
            theirs[i] -= 1
        r1, e1 = self.receive(seat, t)
        r2, e2 = self.receive(partner, g)
        self.stats["trades"] += 1
        if self.log:
            self.emit("trade", f"Player {seat} gives {counts_text(_counts(g))} to Player {partner} and takes "
                      f"{counts_text(_counts(t))}. Player {seat}: {self._receive_text(seat, r1, e1)}. Player {partner}: "
                      f"{self._receive_text(partner, r2, e2)}.", ("MCD-3.4", "MCD-7.1", "MCD-7.2", "MCD-I12", "MCD-I15"),
                      seat, partner=partner, give=give, take=take)
        self._end_turn()

    # TAKE 1 CARD FROM EACH PLAYER
    def _take_start(self, seat) -> None:
        victims = tuple(s for s in self._clockwise(seat) if sum(self.racks[s - 1]))
        if not victims:
            if self.log:
                self.emit("take", "TAKE 1 CARD FROM EACH PLAYER: every other rack is empty.", ("MCD-3.5", "MCD-I16"), seat)
            self._end_turn()
        else:
            if self.log:
                self.emit("take", f"TAKE 1 CARD FROM EACH PLAYER: Player {seat} picks one card from each other rack.",
                          ("MCD-3.5", "MCD-I16"), seat)
            self.stage = ("take-one", victims)

    def _take_one(self, item) -> None:
        seat, victims = self.current, self.stage[1]
        v, i = victims[0], FOOD_INDEX[item]
        self.racks[v - 1][i] -= 1
        racked, extra = self.receive(seat, [i])
        if self.log:
            self.emit("take", f"Player {seat} takes a {NAMES[i]} card from Player {v}'s rack: "
                      f"{self._receive_text(seat, racked, extra)}.", ("MCD-3.5", "MCD-7.1", "MCD-7.2"), seat,
                      victim=v, item=item)
        rest = tuple(s for s in victims[1:] if sum(self.racks[s - 1]))
        if rest:
            self.stage = ("take-one", rest)
        else:
            self._end_turn()

    # LET'S GO TO McDonald's
    def _read_menu(self, seat) -> None:
        """MCD-3.6: take the top menu and read it (MCD-4); the others race to fill it (MCD-5)."""
        m = self.menu_pile.pop()
        menu = self.menus[m]
        self.stats["menus"] += 1
        order = menu.order
        # MCD-I7: only a player whose rack holds the whole order can fill it
        needs = [(i, n) for i, n in enumerate(order) if n]
        able = tuple(s for s in self._clockwise(seat) if all(self.racks[s - 1][i] >= n for i, n in needs))
        self.reading = {"menu": m, "count": 0, "able": able, "marbles": [], "pulled": {}}
        if self.log:
            self.emit("menu", f"LET'S GO TO McDonald's: Player {seat} takes the top menu, \"{menu.name}\"; the other "
                      "players get their marbles ready.", ("MCD-3.6", "MCD-4.1"), seat, menu=menu.id)
        self._read_aloud()
        if not able:
            self.stats["unfillable"] += 1
            if self.log:
                self.emit("unfillable", f"No player's rack holds all of {menu.order_text()}: there are not enough food "
                          "cards to fill the order, and the turn ends without points.", ("MCD-5.5", "MCD-I8"), seat)
            self._close_menu(None)
        elif self.racing.by_hand:
            self.stage = ("race-marble",)
        else:
            self._race_model()

    def _read_aloud(self) -> None:
        r = self.reading
        r["count"] += 1
        self.stats["readings"] += 1
        if not self.log:
            return
        seat, menu = self.current, self.menu()
        n = r["count"]
        again = f"again, for the {n}{'nd' if n == 2 else 'rd' if n == 3 else 'th'} time" if n > 1 else "aloud"
        decoys = menu.decoys()
        black = (" Printed in black, and not ordered: " + ", ".join(f"{d.qty} {FOOD_NAMES[d.item]}" for d in decoys)
                 + ".") if decoys else ""
        steps = menu.steps()
        text = f"Player {seat} reads \"{menu.name}\" {again}. In red: {counts_text(steps[0][1])}.{black}"
        for what, after in steps[1:]:
            text += f" Change at the bottom: {what}, so {counts_text(after)}."
        self.emit("read", text, ("MCD-4.2", "MCD-4.3") + (("MCD-5.4",) if r["count"] > 1 else ()), seat,
                  menu=menu.id, reading=r["count"], order=list(menu.order))
        self.emit("please", f"Player {seat} says \"Please.\" The order is {menu.order_text()} "
                  f"({menu.size} card{'s' if menu.size != 1 else ''}).", ("MCD-4.4", "MCD-5.2"), seat)

    def _race_model(self) -> None:
        """MCD-5.1 to MCD-5.4 with the race drawn from the 'race' stream (MCD-I10)."""
        menu, r = self.menu(), self.reading
        order = menu.order
        size_factor = math.sqrt(menu.size / 3)
        rng = self.streams["race"]
        speed, spread, errors = self.racing.speed, self.racing.spread, self.racing.errors
        printed = None
        while True:
            drops = []
            for k, s in enumerate(r["able"]):
                t = speed[s - 1] * size_factor * math.exp(spread[s - 1] * rng.gauss(0.0, 1.0))
                pull = order
                if errors[s - 1] and rng.random() < errors[s - 1]:
                    if printed is None:
                        printed = sorted(FOOD_INDEX[x] for x in menu.printed_items())
                    wrong = wrong_pulls(order, self.racks[s - 1], printed)
                    if wrong:
                        pull = wrong[int(rng.random() * len(wrong))][2]
                drops.append((t, k, s, pull))
            drops.sort()              # equal times: clockwise from the reader first (MCD-I10)
            drops = [(t, s, pull) for t, _, s, pull in drops]
            r["marbles"] = [s for _, s, _ in drops]
            for _, s, pull in drops:
                self._take_pull(s, pull)
            if self.log:
                out = [s for s in self._clockwise(self.current) if s not in r["able"]]
                short = "" if not out else (
                    f" Player {out[0]} cannot fill the order and drops no marble." if len(out) == 1 else
                    f" Players {', '.join(map(str, out[:-1]))} and {out[-1]} cannot fill the order and drop no marbles.")
                self.emit("chute", "Marbles in the chute, bottom first: " + ", ".join(
                    f"Player {s} ({t:.1f} s)" for t, s, _ in drops) + "." + short,
                    ("MCD-5.1", "MCD-5.2", "MCD-I10") + (("MCD-I7",) if out else ()),
                    times={str(s): round(t, 3) for t, s, _ in drops})
            winner = self._check_marbles()
            if winner is not None or self._after_no_winner():
                return

    def _take_pull(self, seat, pull) -> None:
        rack = self.racks[seat - 1]
        for i in range(N):
            rack[i] -= pull[i]
        self.reading["pulled"][seat] = tuple(pull)

    def _check_marbles(self, start: int = 0):
        """MCD-5.3: read the pulled cards from the bottom marble up; the first right one fills the order."""
        r, order = self.reading, self.menu().order
        for s in r["marbles"][start:]:
            pull = r["pulled"].get(s)
            if pull is None:         # by hand: not yet decided
                return None
            right = pull == order
            if self.log:
                k = r["marbles"].index(s) + 1
                self.emit("check", f"Marble {k} from the bottom: Player {s} shows {counts_text(pull)}: "
                          + ("right!" if right else "not the order."), ("MCD-5.3",), s, pulled=list(pull), right=right)
            if right:
                self._filled(s)
                return s
        return None

    def _after_no_winner(self) -> bool:
        """MCD-5.4: nobody was right; the cards go back and the menu is read again, until someone fills it (or,
        with the option ``max_readings``, at most that many times, MCD-I9). Returns True when the menu is finished."""
        r = self.reading
        self._record_race(None)
        for s, p in r["pulled"].items():
            rack = self.racks[s - 1]
            for i in range(N):
                rack[i] += p[i]
        r["pulled"], r["marbles"] = {}, []
        bound = self.racing.max_readings
        if bound is not None and r["count"] >= bound:
            self.stats["given_up"] += 1
            if self.log:
                self.emit("give-up", f"Nobody filled the order in {bound} readings (the option max_readings): "
                          "the menu goes to the bottom of the pile and the turn ends without points.",
                          ("MCD-5.4", "MCD-I9"), self.current)
            self._close_menu(None)
            return True
        if self.stats["readings"] >= MAX_READINGS:    # MCD-I18: the game closes after this turn
            self._close_menu(None)
            return True
        if self.log:
            self.emit("no-winner", "Nobody filled the order correctly: the marbles and cards go back and the menu is read "
                      "again.", ("MCD-5.4",), self.current)
        self._read_aloud()
        if self.racing.by_hand:
            self.stage = ("race-marble",)
        return False

    def _record_race(self, winner) -> None:
        r = self.reading
        self.last_race = {"menu": self.menus[r["menu"]].id, "reading": r["count"], "marbles": list(r["marbles"]),
                          "pulled": {str(s): list(p) for s, p in sorted(r["pulled"].items())}, "winner": winner}

    def _filled(self, seat) -> None:
        """MCD-6.1 to MCD-6.3: the filler scores, the reader gets the filler's cards, the rest go back."""
        r, reader, menu = self.reading, self.current, self.menu()
        self._record_race(seat)
        for s, p in r["pulled"].items():
            if s != seat:
                rack = self.racks[s - 1]
                for i in range(N):
                    rack[i] += p[i]
        cards = [i for i in range(N) for _ in range(menu.order[i])]
        r["pulled"] = {}
        self.stats["order_points"] += menu.size
        if self.log:
            self.emit("score", f"Player {seat} filled the order and scores {menu.size} (1 per card on the order).",
                      ("MCD-6.1",), seat, points=menu.size)
        racked, extra = self.receive(reader, cards)
        if self.log:
            self.emit("give", f"Player {seat} gives the {menu.size} cards to Player {reader}, the reader: "
                      f"{self._receive_text(reader, racked, extra)}." +
                      (" The others put their cards back." if len(r["marbles"]) > 1 else ""),
                      # extras received after the roll wait for the reader's next turn (MCD-7.6)
                      ("MCD-6.2", "MCD-7.1") + (("MCD-7.2", "MCD-7.6") if any(extra) else ()), reader)
        self._score(seat, menu.size, ("MCD-6.1",))
        self._close_menu(seat)

    def _close_menu(self, winner) -> None:
        """MCD-6.3 / MCD-I19: the menu to the bottom of the menu pile; the turn ends."""
        self.menu_pile.insert(0, self.reading["menu"])
        if self.log:
            self.emit("menu-back", f"The menu goes to the bottom of the menu pile" +
                      ("; the marbles go back to their players." if winner else "."),
                      ("MCD-6.3",) if winner else ("MCD-6.3", "MCD-I19"))
        self.reading = None
        self._end_turn()

    # by hand (MCD-I11)
    def _marble(self, value) -> None:
        r = self.reading
        if value != "no-more":
            r["marbles"].append(value)
            if self.log:
                self.emit("marble", f"Player {value}'s marble drops into the chute ({len(r['marbles'])} from the bottom).",
                          ("MCD-5.2", "MCD-I11"), value)
        if value == "no-more" or len(r["marbles"]) == len(r["able"]):
            if r["marbles"]:
                self.stage = ("race-pull",)
            else:
                self.emit("no-marble", "Nobody drops a marble.", ("MCD-5.2", "MCD-I11"))
                self._after_no_winner()

    def _pull(self, value) -> None:
        r = self.reading
        seat = r["marbles"][len(r["pulled"])]
        order = self.menu().order
        if value == "right":
            pull = order
        else:
            pull = next(p for v, _, p in self._wrong(seat) if v == value)
        self._take_pull(seat, pull)
        if self._check_marbles(len(r["pulled"]) - 1) is None:
            if len(r["pulled"]) == len(r["marbles"]):
                self._after_no_winner()

    def _wrong(self, seat):
        menu = self.menu()
        printed = sorted(FOOD_INDEX[x] for x in menu.printed_items())
        return wrong_pulls(menu.order, self.racks[seat - 1], printed)

    # turns
    def _clockwise(self, seat) -> list[int]:
        """The other seats, clockwise from ``seat`` (MCD-3.1: seats are numbered clockwise)."""
        return [(seat - 1 + k) % self.players + 1 for k in range(1, self.players)]

    def _end_turn(self) -> None:
        self.end_turn()
        self.stage = ("start",)
        if self.over:
            return
        if self.turn >= MAX_TURNS:
            self.over = True
            self.stats["hit_turn_limit"] = True
            best = max(self.points)
            self.won = next(s for s in [self.current] + self._clockwise(self.current) if self.points[s - 1] == best)
            self.emit("closing", f"{MAX_TURNS} turns without a winner: the game stops and Player {self.won} wins with "
                      f"the most points ({best}).", ("MCD-I18",), self.won)
            return
        if self.stats["readings"] >= MAX_READINGS:
            self.over = True
            self.stats["hit_turn_limit"] = True
            best = max(self.points)
            self.won = next(s for s in [self.current] + self._clockwise(self.current) if self.points[s - 1] == best)
            self.emit("closing", f"{MAX_READINGS:,} readings of menus without a winner: the game stops and Player "
                      f"{self.won} wins with the most points ({best}).", ("MCD-I18",), self.won)
            return
        self.current = self.current % self.players + 1               # MCD-3.1: clockwise

    # --- the pending decision -------------------------------------------------------------------
    def _next_decision(self):
        if self.over:
            return None
        st, seat = self.stage, self.current
        kind = st[0]
        if kind == "start":
            ext = self.extras[seat - 1]
            n = sum(ext)
            if not n:
                return _ROLL[seat]
            rack = self.racks[seat - 1]
            gain = sum(ext[i] for i in range(N) if rack[i] == SLOT)
            d = _EXTRAS.get((seat, n, gain))
            if d is None:
                cards = "extra card" if n == 1 else f"{n} extra cards"
                opts = (Option("return", f"return the {cards} first ({gain} point"
                               f"{'s' if gain != 1 else ''}), then roll"),
                        Option("roll", "roll at once, forgetting the extras (they go back without points)"))
                d = _EXTRAS[(seat, n, gain)] = Decision(seat, "extras", "Return your extra cards before rolling?", opts,
                                                        ("MCD-7.3", "MCD-7.4", "MCD-7.5"))
            return d
        if kind == "help-partner":
            opts = [Option(s, f"trade with Player {s}") for s in self._partners(seat)]
            opts.append(Option("no-trade", "do not trade"))
            return Decision(seat, "help-partner", "MAY I HELP YOU, PLEASE?: trade 2 cards with whom?", opts,
                            ("MCD-3.4", "MCD-I15"))
        if kind == "help-give":
            opts = [GIVE[p] for p in pairs(self.racks[seat - 1])]
            return Decision(seat, "help-give", f"Which 2 cards of your rack do you give Player {st[1]}?", opts,
                            ("MCD-3.4", "MCD-I15"))
        if kind == "help-take":
            opts = [TAKE[p] for p in pairs(self.racks[st[1] - 1])]
            return Decision(seat, "help-take", f"Which 2 cards do you take from Player {st[1]}'s rack?", opts,
                            ("MCD-3.4", "MCD-I15"))
        if kind == "take-one":
            v = st[1][0]
            rack = self.racks[v - 1]
            opts = [TAKE_ONE[i] for i in range(N) if rack[i]]
            return Decision(seat, "take-one", f"Which card do you take from Player {v}'s rack?", opts,
                            ("MCD-3.5", "MCD-I16"))
        if kind == "race-marble":
            r = self.reading
            opts = [Option(s, f"Player {s}'s marble is next") for s in r["able"] if s not in r["marbles"]]
            opts.append(Option("no-more", "no more marbles" if r["marbles"] else "nobody drops a marble"))
            k = len(r["marbles"]) + 1
            return Decision(seat, "race-marble", f"The race (by hand): whose marble is number {k} from the bottom?", opts,
                            ("MCD-5.2", "MCD-5.3", "MCD-I7", "MCD-I11"))
        if kind == "race-pull":
            r = self.reading
            s = r["marbles"][len(r["pulled"])]
            opts = [Option("right", f"the right cards: {self.menu().order_text()}")]
            opts += [Option(v, label) for v, label, _ in self._wrong(s)]
            return Decision(seat, "race-pull", f"The race (by hand): what did Player {s} pull?", opts,
                            ("MCD-5.1", "MCD-5.3", "MCD-I11"))
        raise AssertionError(st)

    # --- what one player may believe (for the search agent) -------------------------------------------
    # the 'search' kind is McDonald's own (McdSearchAgent, MCD-I21, budget in its defaults); these options
    # serve the core SearchAgent (tests, bench_search --gains): heuristic playouts, about 200 ms a decision
    search_options = {"playouts": 300}

    def _resample_hidden(self, viewer, rng):
        """Redraw what ``viewer`` cannot see: the face-down pile and the other players' face-down extras drawn
        from the pile are dealt afresh from the cards among them (each player keeps the number of extras
        everyone saw laid down, MCD-7.2, and the extras whose items everyone saw arrive, MCD-I20; an extra
        drawn is believed of an item whose slot is full, as it was when it came), and the
        menus not yet read are shuffled (MCD-1.5, MCD-I5). The menus read lie at
        the bottom of the menu pile in the order everyone saw them read (MCD-6.3, MCD-I19), so they stay.
        The searcher forgets which cards went to the bottom of the pile: a view shows only how many cards it
        holds."""
        others = [s for s in range(1, self.players + 1) if s != viewer]
        cards = list(self.pile)
        for s in others:
            ext, seen = self.extras[s - 1], self.extras_seen[s - 1]
            cards += [i for i in range(N) for _ in range(ext[i] - seen[i])]
        cards.sort()                 # a canonical order: the same hidden cards give the same deal
        rng.shuffle(cards)
        for s in others:
            seen, rack = self.extras_seen[s - 1], self.racks[s - 1]
            n = sum(self.extras[s - 1]) - sum(seen)
            # a card drawn became an extra because its slot was full (MCD-7.2): deal from those items first
            fits = [k for k, i in enumerate(cards) if rack[i] == SLOT][:n]
            if len(fits) < n:
                fits += [k for k in range(len(cards)) if k not in set(fits)][:n - len(fits)]
            dealt = _counts(cards[k] for k in fits)
            taken = set(fits)
            cards = [c for k, c in enumerate(cards) if k not in taken]
            self.extras[s - 1] = [seen[i] + dealt[i] for i in range(N)]
        self.pile = cards
        read = min(self.stats["menus"], len(self.menu_pile))
        unread = sorted(self.menu_pile[read:])
        rng.shuffle(unread)
        self.menu_pile[read:] = unread
        self.arranged()


def roll_decisions(players: int) -> dict:
    """MCD-3.2: seat -> its roll decision, for seats 1..``players``."""
    return {s: Decision(s, "roll", "Roll the dice", (Option("roll", "roll the dice"),), ("MCD-3.2", "MCD-I4"))
            for s in range(1, players + 1)}


# the same in every game (decisions are never changed once made): one for each seat the class allows
_ROLL = roll_decisions(McDonaldsGame.max_players)


def _counts(items) -> tuple[int, ...]:
    out = [0] * N
    for i in items:
        out[i] += 1
    return tuple(out)
