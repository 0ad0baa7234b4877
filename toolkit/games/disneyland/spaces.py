"""The Board Spaces where cards are collected (DL-5.1, DL-5.2): a Draw space gives a card from the pile next to
it, the Camera a photo, looked at and laid face down; an empty pile or camera gives nothing (DL-I5). The
Wishing Star space (DL-5.3 to DL-5.5) is in ``wish.py``, the Clock space (DL-5.6) in ``clock.py``."""
from __future__ import annotations


class Spaces:
    """The Draw and Camera spaces' rules of ``DisneylandGame`` (a part of it: it works on the game's state)."""

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
