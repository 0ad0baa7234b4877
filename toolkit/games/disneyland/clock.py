"""The Clock (DL-5.6, DL-6, DL-4.5): a Clock space moves the hand on one hour; from 8 o'clock (DL-6.1) the
lander would close the park, and anyone may ask for it to stay open (DL-6.2, asked in turn order, DL-I9): the
stars are hidden and the asker picks a hand (DL-6.3): the smiling star keeps the clock at 8 (DL-6.4, DL-I10),
the frowning one moves it to 9 and the park closes (DL-6.5), its count told (DL-7.1, DL-7.2).

Each stage of keeping the park open is a named tuple whose first field is the kind of decision it waits for (the
tuple is what ``to_dict`` and the fingerprints hold)."""
from __future__ import annotations

from typing import NamedTuple

HOURS = 12          # DL-4.5: twelve moves of the hand, 9 back round to 9
LAST_HOUR = 11      # after 11 moves the clock shows 8 (DL-6.1)


def hour(moves: int) -> int:
    """The hour the clock shows after ``moves`` moves from 9 o'clock."""
    return (9 + moves - 1) % 12 + 1


class StayOpen(NamedTuple):
    """The park would close: the players are asked in turn from the lander whether it should stay open; ``asked``
    of them have let it close (DL-6.2, DL-I9)."""
    kind: str           # "stay-open"
    asked: int


class ClockHide(NamedTuple):
    """``hider`` hides the stars for ``caller``, who asked for the park to stay open (DL-6.3, DL-I9)."""
    kind: str           # "hide"
    caller: int
    hider: int
    purpose: str        # "clock" (the wish's hide, wish.WishHide, says "wish")


class ClockPick(NamedTuple):
    """The caller picks a hand: the smiling star keeps the park open (DL-6.3 to DL-6.5)."""
    kind: str           # "pick"
    picker: int         # the caller
    smile: str          # the hand holding the smiling star: the hider's secret (DL-I7)
    caller: int
    hider: int
    purpose: str        # "clock"


class Clock:
    """The clock's steps of ``DisneylandGame`` (a part of it: it works on the game's state)."""

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
            self.stage = StayOpen("stay-open", 0)

    def _stay_open(self, decision, value):
        seat, asked = decision.player, self.stage.asked
        if value == "ask":
            self.stops_called += 1
            lander = self.current
            hider = lander if seat != lander else lander % self.players + 1
            if self.log:
                self.emit("stay-open", f"Player {seat} calls: \"I want the park to stay open!\"", ("DL-6.2", "DL-I9"),
                          seat)
            self.stage = ClockHide("hide", seat, hider, "clock")
        else:
            if self.log:
                self.emit("pass", f"Player {seat} lets the park close.", ("DL-6.2", "DL-I9"), seat)
            if asked + 1 < self.players:
                self.stage = StayOpen("stay-open", asked + 1)
            else:
                self._close()

    # the "hide" and "pick" steps are the wish's (wish.py), which hand a stage of the clock's over to these
    def _clock_hide(self, decision, value):
        st, smile = self.stage, value[len("smile-"):]
        if self.log:    # DL-I7 / DL-I13: the hand holding the smiling star is the hider's until the pick shows it
            self.emit("hide", f"Player {decision.player} hides a star in each hand.",
                      ("DL-6.3", "DL-I7", "DL-I9", "DL-I13"), decision.player, secret={"smile": smile},
                      seen_by=(decision.player,))
        self.stage = ClockPick("pick", st.caller, smile, st.caller, st.hider, "clock")   # the caller picks (DL-6.3)
        return self._asked.pick["clock"][st.caller]                        # asked next (as pending() would)

    def _clock_pick(self, decision, hand):
        st = self.stage
        picker = st.picker
        if hand == st.smile:
            self.stops_won += 1
            if self.log:
                self.emit("smile", f"Player {picker} picks the {hand} hand: the smiling star! The clock stays "
                          "at 8 and the park stays open another hour.", ("DL-6.4", "DL-I10"), picker)
            return self._end_turn()
        else:
            if self.log:
                self.emit("frown", f"Player {picker} picks the {hand} hand: the frowning star. The clock moves "
                          "to 9.", ("DL-6.5",), picker)
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
