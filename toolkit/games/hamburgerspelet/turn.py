"""HB-4, the play: each turn starts with a roll of both dice (HB-4.2, HB-4.3); the chefs move clockwise round
the board, one by each die, the one the player picks first (HB-4.2, HB-4.6; HB-I3), and may share a square
(HB-4.5); after a double the player rolls again (HB-4.4; HB-I4), else play passes clockwise (HB-4.1; HB-I2).

What the square a chef lands on does is in ``squares.py``.
"""
from __future__ import annotations


class Turn:
    """The dice and the chefs in ``HamburgerGame`` (a part of it: it works on the game's state)."""

    def _roll_dice(self):
        """The player whose turn it is rolls both dice; then they choose how the chefs move."""
        dice = self.streams["dice"]
        # HB-4.2: rng.roll inlined, as in Disneyland (benchmarks/README.md)
        self.dice = (int(dice.random() * 6) + 1, int(dice.random() * 6) + 1)
        self.stats["rolls"] += 1
        if self.dice[0] == self.dice[1]:
            self.stats["doubles"] += 1
        if self.log:
            d1, d2 = self.dice
            self.emit("roll", f"Player {self.current} rolls {d1} and {d2}" +
                      (", a double." if d1 == d2 else "."), ("HB-4.2", "HB-4.3") if d1 != d2 else ("HB-4.2", "HB-4.4"),
                      self.current, dice=[d1, d2])
        self.stage = ("move",)

    def _move(self, chef, steps, first):
        """The player's chef ``chef`` moves ``steps`` squares (``first``: the chef they chose to move first),
        then its square acts (``squares.py``)."""
        seat = self.current
        pos = self.chefs[seat - 1]
        n = len(self.board.loop)
        dest = pos[chef - 1] = (pos[chef - 1] + steps) % n             # HB-4.2: clockwise, round the loop
        sq = self.board.loop[dest]
        if self.log:
            shared = [f"Player {s}'s chef {c + 1}" for s in range(1, self.players + 1) for c in (0, 1)
                      if self.chefs[s - 1][c] == dest and (s, c + 1) != (seat, chef)]
            what = self._square_name(sq)
            text = (f"Player {seat} moves chef {chef} {steps} to square {dest} ({what})" +
                    (f", sharing it with {', '.join(shared)}." if shared else "."))
            clauses = ("HB-4.2", "HB-4.6", "HB-I3") if first else ("HB-4.2", "HB-I3")
            self.emit("move", text, clauses + (("HB-4.5",) if shared else ()), seat, chef=chef, to=dest)
        self._land(seat, dest, sq)

    def _after_square(self):
        """The first chef's square is done: move the second; or the roll is done: roll again on a double."""
        if self.second is not None:
            chef, steps = self.second
            self.second = None
            self._move(chef, steps, first=False)
            return
        seat = self.current
        d1, d2 = self.dice
        if d1 == d2:                                                     # HB-4.4 / HB-I4
            if self.log:
                self.emit("again", f"A double: Player {seat} rolls again.", ("HB-4.4", "HB-I4"), seat)
        else:
            self.end_turn()
            self.current = seat % self.players + 1                        # HB-I2: clockwise
        self._roll_dice()

