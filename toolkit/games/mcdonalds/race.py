"""MCD-5 Filling an order and MCD-6 Scoring an order, with MCD-8 Winning: the race for the chute drawn from each
seat's speed, spread and errors (MCD-5.1 to MCD-5.3, MCD-I10) or decided by the class (MCD-I11), the marbles
checked from the bottom up (MCD-5.3), a menu read again when nobody is right (MCD-5.4, with the bound MCD-I9),
the filler's points and cards (MCD-6.1, MCD-6.2), the menu to the bottom of its pile (MCD-6.3, MCD-I19) and the
25 points that win (MCD-2.1, MCD-8.1, MCD-I17).
"""
from __future__ import annotations

import math

from .board import FOOD_INDEX, FOODS, N, NAMES, counts_text
from .menus import MAX_READINGS

TARGET = 25          # MCD-2.1, MCD-8.1
RACE_MODES = ("model", "by_hand")
DEFAULT_RACE = {"speed": 4.0, "spread": 0.35, "errors": 0.1}     # MCD-I10


class Racing:
    """How the races of a game are run, fixed at setup: by the class (``by_hand``, MCD-I11) or drawn from each
    seat's ``speed``, ``spread`` and ``errors`` (MCD-I10), and the bound on readings of a menu (MCD-I9)."""

    __slots__ = ("by_hand", "speed", "spread", "errors", "max_readings")

    def __init__(self, by_hand: bool, speed: list, spread: list, errors: list, max_readings: int | None):
        self.by_hand, self.speed, self.spread, self.errors = by_hand, speed, spread, errors
        self.max_readings = max_readings

    def __deepcopy__(self, memo):          # never changed after setup: copies of a game share it
        return self


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


class FillingOrders:
    """The race, the checking of the marbles and the scoring of an order in ``McDonaldsGame`` (MCD-5, MCD-6,
    MCD-8; a part of it: it works on the game's state)."""

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

    # MCD-6 Scoring an order
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
            self.emit("menu-back", "The menu goes to the bottom of the menu pile" +
                      ("; the marbles go back to their players." if winner else "."),
                      ("MCD-6.3",) if winner else ("MCD-6.3", "MCD-I19"))
        self.reading = None
        self._end_turn()

    # MCD-8 Winning
    def _score(self, seat: int, n: int, clauses) -> None:
        self.points[seat - 1] += n
        if self.points[seat - 1] >= TARGET and not self.over:
            self.over, self.won = True, seat                    # MCD-8.1 / MCD-I17
            self.emit("win", f"Player {seat} reaches {self.points[seat - 1]} points and wins!", ("MCD-2.1", "MCD-8.1",
                      "MCD-I17"), seat)
