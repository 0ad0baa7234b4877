"""MCD-3 Play, a turn from the roll to its end: rolling for the first player (MCD-3.1, MCD-I4), the roll and the
move (MCD-3.2, MCD-7.7), the card spaces (MCD-3.3), MAY I HELP YOU, PLEASE? (MCD-3.4, MCD-I15), TAKE 1 CARD FROM
EACH PLAYER (MCD-3.5, MCD-I16) and the end of a turn, clockwise (MCD-3.1), with the closing time (MCD-I18).

LET'S GO TO McDonald's (MCD-3.6) hands the turn to ``menus.py``; the cards a player gets go through
``extras.py`` (MCD-7.1, MCD-7.2).
"""
from __future__ import annotations

from typing import NamedTuple

from ...core.decisions import Decision, Option
from ...core.rng import roll as roll_die
from .board import FOOD_INDEX, FOODS, N, NAMES, SPACE_NAMES, counts_text, item_counts
from .menus import MAX_READINGS

MAX_TURNS = 1000     # MCD-I18: the closing time that keeps every game finite


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


def roll_decisions(players: int) -> dict:
    """MCD-3.2: seat -> its roll decision, for seats 1..``players``."""
    return {s: Decision(s, "roll", "Roll the dice", (Option("roll", "roll the dice"),), ("MCD-3.2", "MCD-I4"))
            for s in range(1, players + 1)}


# The stages of a turn that carry a choice already made; their fields are named so no reader counts positions,
# and each is still the tuple ``to_dict`` lists (the fingerprints stay). The other stages are plain 1-tuples.
class HelpGive(NamedTuple):
    """MCD-3.4: the partner is chosen; the cards to give come next."""
    kind: str          # "help-give"
    partner: int


class HelpTake(NamedTuple):
    """MCD-3.4: the partner and the 2 cards given (a pair value) are chosen; the cards to take come next."""
    kind: str          # "help-take"
    partner: int
    give: str


class TakeOne(NamedTuple):
    """MCD-3.5: the players whose racks are still to be taken from, clockwise."""
    kind: str          # "take-one"
    victims: tuple


class Turn:
    """The steps of a turn in ``McDonaldsGame`` (MCD-3; a part of it: it works on the game's state)."""

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

    def _roll_and_move(self) -> None:
        """MCD-3.2: roll the two dice, move clockwise and do what the space says (MCD-3.3 to MCD-3.6)."""
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
                self.emit("help", "MAY I HELP YOU, PLEASE?: no trade is possible (a trade needs 2 cards in each rack).",
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
            self.emit("trade", f"Player {seat} gives {counts_text(item_counts(g))} to Player {partner} and takes "
                      f"{counts_text(item_counts(t))}. Player {seat}: {self._receive_text(seat, r1, e1)}. Player {partner}: "
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
            self.stage = TakeOne("take-one", victims)

    def _take_one(self, item) -> None:
        seat, victims = self.current, self.stage.victims
        v, i = victims[0], FOOD_INDEX[item]
        self.racks[v - 1][i] -= 1
        racked, extra = self.receive(seat, [i])
        if self.log:
            self.emit("take", f"Player {seat} takes a {NAMES[i]} card from Player {v}'s rack: "
                      f"{self._receive_text(seat, racked, extra)}.", ("MCD-3.5", "MCD-7.1", "MCD-7.2"), seat,
                      victim=v, item=item)
        rest = tuple(s for s in victims[1:] if sum(self.racks[s - 1]))
        if rest:
            self.stage = TakeOne("take-one", rest)
        else:
            self._end_turn()

    # the end of a turn
    def _clockwise(self, seat) -> list[int]:
        """The other seats, clockwise from ``seat`` (MCD-3.1: seats are numbered clockwise)."""
        return [(seat - 1 + k) % self.players + 1 for k in range(1, self.players)]

    def _stop_at_limit(self, reached: str) -> None:
        """A limit of MCD-I18 reached with no winner: the most points win, ties to the current player, then
        clockwise."""
        self.over = True
        self.stats["hit_turn_limit"] = True
        best = max(self.points)
        self.won = next(s for s in [self.current] + self._clockwise(self.current) if self.points[s - 1] == best)
        self.emit("closing", f"{reached} without a winner: the game stops and Player {self.won} wins with the most "
                  f"points ({best}).", ("MCD-I18",), self.won)

    def _end_turn(self) -> None:
        self.end_turn()
        self.stage = ("start",)
        if self.over:
            return
        if self.turn >= MAX_TURNS:
            self._stop_at_limit(f"{MAX_TURNS} turns")
            return
        if self.stats["readings"] >= MAX_READINGS:
            self._stop_at_limit(f"{MAX_READINGS:,} readings of menus")
            return
        self.current = self.current % self.players + 1               # MCD-3.1: clockwise
