"""MCD-7 Refilling racks and extra cards: cards a player gets fill the rack up to 3 a slot and the rest lie face
down as extras (MCD-7.1, MCD-7.2, MCD-I12), with what the table saw of them (MCD-I20); the extras returned before
the roll, each with a full slot scoring 1 (MCD-7.3, MCD-7.4, MCD-7.6, MCD-I13), or forgotten without points
(MCD-7.5). The decision to return them is asked in ``rules.py`` (the pending decision).
"""
from __future__ import annotations

from .board import FOODS, N, SLOT, counts_text


class ExtraCards:
    """Receiving cards and returning extras in ``McDonaldsGame`` (MCD-7; a part of it: it works on the game's
    state)."""

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
