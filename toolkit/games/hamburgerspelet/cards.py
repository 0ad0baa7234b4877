"""HB-6 and HB-7, the collector cards: what a card may take, at most one of each ingredient (HB-6.2) and the
bun last (HB-6.1; HB-I6), a tile going on a card, and the full card that wins (HB-1.1, HB-7.1; HB-I12).

The cards lie face up (HB-I10): every player may ask what another's card may take.
"""
from __future__ import annotations

from itertools import compress
from operator import not_


class CollectorCards:
    """The collector cards' rules in ``HamburgerGame`` (a part of it: it works on the game's state)."""

    def can_keep(self, seat: int, ing: int) -> bool:
        """May ``seat`` put ``ing`` on their card now? At most one of each (HB-6.2), the bun last (HB-6.1)."""
        card = self.cards[seat - 1]
        b = self.board
        return not card[ing] and (ing != b.bun or self.held[seat - 1] == len(b.ingredients) - 1)

    def wanted(self, seat: int, adding: int | None = None) -> list[int]:
        """The ingredients ``seat`` could keep now, in the board's order; with ``adding``, those it could keep
        once that ingredient (one it could keep now) is on the card too (for agents that plan ahead)."""
        card = self.cards[seat - 1]
        out = list(compress(self.texts.ingredients, map(not_, card)))     # (a C scan)
        held = self.held[seat - 1]
        if adding is not None:
            out.remove(adding)
            held += 1
        b = self.board
        if held != len(b.ingredients) - 1 and not card[b.bun] and adding != b.bun:
            out.remove(b.bun)                                              # HB-6.1: the bun comes last
        return out

    def _to_card(self, seat, ing):
        """``ing`` goes on ``seat``'s card (the counts the agents read follow)."""
        self.cards[seat - 1][ing] = True
        self.held[seat - 1] += 1
        self.on_cards[ing] += 1

    def _check_win(self, seat):
        """A full card wins at once, even with a chef still to move or a double to roll (HB-7.1, HB-I12)."""
        if self.held[seat - 1] == len(self.board.ingredients):        # HB-7.1
            self.over, self.won = True, seat
            self.stage = ("over",)
            self.second = None
            self.end_turn()
            if self.log:
                self.emit("win", f"Player {seat}'s collector card is full, the bun on top: Player {seat} wins!",
                          ("HB-7.1", "HB-1.1", "HB-I12"), seat)
