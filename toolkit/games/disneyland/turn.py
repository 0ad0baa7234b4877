"""Gameplay (DL-4.1 to DL-4.4): on your turn you roll the die, move your train that many spaces, past the
trains in the way, and do what the space says (DL-4.3: the space's rule, in ``spaces.py``, ``wish.py`` or
``clock.py``); then the turn passes clockwise (DL-3.6)."""
from __future__ import annotations

from typing import NamedTuple


class Roll(NamedTuple):
    """The stage of a turn's start: the player whose turn it is rolls the die (DL-4.1)."""
    kind: str           # "roll"


ROLL = Roll("roll")     # one for every turn: a stage is never changed in place


class Turn:
    """The turn's steps of ``DisneylandGame`` (a part of it: it works on the game's state)."""

    def _take_turn(self, decision=None, value="roll"):
        seat, pos = self.current, self.pos
        # DL-4.1: rng.roll inlined, as in Hamburgerspelet: the call cost 3% of a fast game (benchmarks/README.md)
        roll = int(self.streams["die"].random() * 6) + 1
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

    def _end_turn(self):
        """The turn ends; the next player clockwise rolls (DL-3.6). Returns that roll, the decision asked next."""
        if self.log:
            self.end_turn()               # the turn counted, and the score timeline's point
        else:
            self.turn += 1                # Game.end_turn written out in a fast run: the call cost 3% (benchmarks/)
        self.current = seat = self.current % self.players + 1             # DL-3.6: clockwise
        self.stage = ROLL
        return self._asked.roll[seat]
