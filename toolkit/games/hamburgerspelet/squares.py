"""HB-5, the squares: what the square a chef lands on does (HB-5.1 to HB-5.6; HB-I5 to HB-I11, HB-I14, HB-I16),
and the spots in the middle that tiles are taken from and put back on.

An ingredient square (HB-5.1, HB-5.2), a hamburger square once an ingredient is named (HB-5.3) and the
player's own kitchen (HB-5.4) each take a face-down tile from the middle: it goes on the collector card if it
matches and the card may take it (``cards.py``), or back face down on a free spot, unseen by the others
(HB-5.6). Another player's kitchen steals an ingredient from their card (HB-5.5).
"""
from __future__ import annotations

from bisect import bisect_left

EMPTY = -1          # a spot with no tile on it (HB-5.1: tiles go back to a free spot)
NOT_SEEN = -1


class Middle:
    """Which spots of the middle hold a face-down tile (``down``) and which are free (``free``), in order, with
    their options. Kept up to date by ``Squares._empty`` and ``_fill`` as tiles come and go: listing them
    afresh at each take or place was a third of a step."""

    __slots__ = ("down", "free", "down_opts", "free_opts")

    def __init__(self, spots: list, spot_options: list):
        self.down = [s for s, t in enumerate(spots) if t != EMPTY]
        self.free = [s for s, t in enumerate(spots) if t == EMPTY]
        self.down_opts = [spot_options[s] for s in self.down]
        self.free_opts = [spot_options[s] for s in self.free]

    def copy(self) -> "Middle":
        new = Middle.__new__(Middle)
        new.down, new.free, new.down_opts, new.free_opts = (list(self.down), list(self.free), list(self.down_opts),
                                                            list(self.free_opts))
        return new


class Squares:
    """The squares' steps of ``HamburgerGame`` (a part of it: it works on the game's state). A chef has just
    moved (``turn.py``); each step ends by setting the next ``stage`` or by handing back to the turn
    (``_after_square``)."""

    def _land(self, seat, dest, sq):
        """Player ``seat``'s chef lands on square ``dest`` (``sq``): what the square does."""
        kind = sq.kind
        if kind == "ingredient":
            ing = sq.ingredient
            if self.log:
                if self.cards[seat - 1][ing]:
                    self.emit("square", f"Player {seat} already has the {self.ing_name(ing)}, but may still take "
                              "a tile and look at it.", ("HB-5.2", "HB-I7"), seat)
                else:
                    self.emit("square", f"An ingredient square: Player {seat} takes a tile, hoping for the "
                              f"{self.ing_name(ing)}.", ("HB-5.1",), seat)
            self.stage = ("take", ing, "square")
        elif kind == "hamburger":
            if self.log:
                self.emit("square", f"A hamburger square: Player {seat} names the ingredient they want.",
                          ("HB-5.3",), seat)
            self.stage = ("name",)
        else:
            owner = self.owner.get(dest)
            if owner == seat:
                if self.log:
                    self.emit("square", f"Player {seat}'s own kitchen: they take a tile without naming an "
                              "ingredient.", ("HB-5.4",), seat)
                self.stage = ("take", EMPTY, "kitchen")
            elif owner is None:
                if self.log:
                    self.emit("square", "Nobody plays this kitchen's colour: nothing happens.", ("HB-I2",), seat)
                self._after_square()
            elif not self.steal_rule:
                if self.log:
                    self.emit("square", f"Player {owner}'s kitchen; stealing is off in this variant.",
                              ("HB-I14",), seat)
                self._after_square()
            elif self.held[owner - 1] == 0:
                if self.log:
                    self.emit("square", f"Player {owner}'s kitchen, but their card is empty: nothing to steal.",
                              ("HB-5.5", "HB-I10"), seat)
                self._after_square()
            else:
                if self.log:
                    self.emit("square", f"Player {owner}'s kitchen: Player {seat} steals an ingredient from "
                              f"Player {owner}'s card.", ("HB-5.5",), seat)
                self.stage = ("steal", owner)

    def _square_name(self, sq) -> str:
        """The square ``sq`` in words, for events and move buttons."""
        if sq.kind == "ingredient":
            return f"{self.ing_name(sq.ingredient)} square"
        if sq.kind == "hamburger":
            return "hamburger square"
        owner = self.owner.get(sq.index)
        colour = self.board.colour_name(sq.colour, self.language)
        return f"{colour} kitchen" + (f", Player {owner}'s" if owner else ", unused")

    def _name(self, value):
        """On a hamburger square the player names the ingredient they want (HB-5.3, HB-I8)."""
        ing = self.texts.index[value]
        if self.log:
            self.emit("name", f"Player {self.current} names the {self.ing_name(ing)}.", ("HB-5.3", "HB-I8"),
                      self.current, ingredient=value)
        self.stage = ("take", ing, "hamburger")

    def _take(self, value):
        """A tile taken from spot ``value`` (or none, HB-I7) goes on the card if it matches and fits (HB-5.1,
        HB-5.3, HB-5.4), else into the taker's hand, to be put back (HB-5.6)."""
        seat = self.current
        _, want, why = self.stage
        if value == "pass":
            self.stats["passes"] += 1
            if self.log:
                self.emit("pass", f"Player {seat} takes no tile.", ("HB-5.2", "HB-I7"), seat)
            self._after_square()
            return
        spot = value
        tile = self.spots[spot]
        self._empty(spot)
        self.stats["takes"] += 1
        ok = self.can_keep(seat, tile) and (why == "kitchen" or tile == want)
        if not ok:
            # Everyone saw the tile leave the spot; those who knew it keep knowing it (HB-I11): the step each
            # saw it (``seen`` is NOT_SEEN exactly where ``known`` is), the taker now.
            saw = [seen[spot] for seen in self.seen]
            saw[seat - 1] = len(self.choices)
        for known, seen in zip(self.known, self.seen):
            known[spot] = seen[spot] = NOT_SEEN
        log = self.log
        where = self.board.spot_label(spot) if log else ""
        if ok:
            self._to_card(seat, tile)
            self.stats["kept"] += 1
            if log:
                clause = {"kitchen": ("HB-5.4", "HB-I9"), "square": ("HB-5.1",), "hamburger": ("HB-5.3",)}[why]
                self.emit("keep", f"Player {seat} takes the tile from spot {where}: the {self.ing_name(tile)}! It goes "
                          "on their collector card.", clause + ("HB-6.1", "HB-I6") if tile == self.bun else clause, seat,
                          spot=spot, ingredient=self.board.ingredients[tile].key)
            self._check_win(seat)
            if not self.over:
                self._after_square()
            return
        self.hand = (tile, spot, tuple(saw))
        self.stage = ("place", why, want)
        if log:
            # a public event says only what everyone saw: why this tile stays off the card is the taker's to
            # know (HB-5.6); the place decision, which only the taker sees, gives the reason
            # which tile it is stays with those who know it: the taker and whoever knew it before (HB-I16)
            self.emit("look", f"Player {seat} takes the tile from spot {where} and looks at it without showing it; "
                      "it goes back to the middle.", self._took(seat, why, want) + ("HB-5.6", "HB-I16"), seat,
                      spot=spot, secret={"ingredient": self.board.ingredients[tile].key},
                      seen_by=tuple(s for s, step in enumerate(saw, 1) if step != NOT_SEEN))

    def _took(self, seat, why, want):
        """The clauses of a take, from what everyone can see (HB-5.1 to HB-5.4)."""
        if why == "kitchen":
            return ("HB-5.4", "HB-I9")
        if why == "hamburger":
            return ("HB-5.3",)
        return ("HB-5.2", "HB-I7") if self.cards[seat - 1][want] else ("HB-5.1",)

    def _place_clauses(self, seat):
        """Why the tile in hand goes back, for its holder's eyes only (the decision is theirs)."""
        tile, origin = self.hand[0], self.hand[1]
        if origin == EMPTY:                                   # a stolen tile the card cannot take
            return ("HB-5.5", "HB-I10") + (("HB-6.2",) if self.cards[seat - 1][tile] else ("HB-6.1",))
        why, want = self.stage[1], self.stage[2]
        took = self._took(seat, why, want)
        if why == "kitchen" or tile == want:                  # it matched, but the card cannot take it
            return took + (("HB-6.2",) if self.cards[seat - 1][tile] else ("HB-6.1", "HB-I6"))
        return took

    def _place(self, spot):
        """The tile in hand goes back face down on the free spot ``spot``; who saw it remembers it (HB-5.6, HB-I11)."""
        seat = self.current
        tile, origin, saw = self.hand
        self._fill(spot, tile)
        for known, seen, step in zip(self.known, self.seen, saw):
            if step != NOT_SEEN:
                known[spot] = tile
                seen[spot] = step
        self.hand = None
        self.stats["back"] += 1
        if self.log:
            where = self.board.spot_label(spot)
            if origin == EMPTY:
                self.emit("back", f"Player {seat} puts the stolen {self.ing_name(tile)} back face down on spot "
                          f"{where}; everyone saw which tile it is.", ("HB-5.5", "HB-I10", "HB-I11"), seat, spot=spot)
            else:
                took = self._took(seat, *self.stage[1:]) if len(self.stage) == 3 else ()
                self.emit("back", f"Player {seat} puts the tile back face down on spot {where}, without showing it.",
                          took + ("HB-5.6", "HB-I5", "HB-I16"), seat, spot=spot,
                          secret={"ingredient": self.board.ingredients[tile].key},
                          seen_by=tuple(s for s, step in enumerate(saw, 1) if step != NOT_SEEN))
        self._after_square()

    def _steal(self, ing):
        """``ing`` is taken from the card of the kitchen's owner, in full view (HB-5.5, HB-I10)."""
        seat, victim = self.current, self.stage[1]
        self.cards[victim - 1][ing] = False
        self.held[victim - 1] -= 1
        self.on_cards[ing] -= 1
        self.stats["steals"] += 1
        if self.log:
            self.emit("steal", f"Player {seat} steals the {self.ing_name(ing)} from Player {victim}'s card.",
                      ("HB-5.5", "HB-I10"), seat, victim=victim, ingredient=self.board.ingredients[ing].key)
        self.hand = (ing, EMPTY, tuple([len(self.choices)] * self.players))   # everyone saw it (HB-I10, HB-I11)
        if self.can_keep(seat, ing):
            self.stage = ("keep", ing)
        else:
            self.stage = ("place",)
            if self.log:
                self.emit("look", f"Player {seat}'s card cannot take the {self.ing_name(ing)}, so it goes back to the "
                          "middle.", ("HB-5.5", "HB-6.2") if self.cards[seat - 1][ing] else ("HB-5.5", "HB-6.1"), seat)

    def _keep_stolen(self, keep):
        """The stolen tile goes on the thief's card, or back to the middle (HB-5.5)."""
        seat, ing = self.current, self.stage[1]
        if keep:
            self.hand = None
            self._to_card(seat, ing)
            self.stats["stolen_kept"] += 1
            if self.log:
                self.emit("keep", f"Player {seat} puts the stolen {self.ing_name(ing)} on their own card.",
                          ("HB-5.5", "HB-I10"), seat, ingredient=self.board.ingredients[ing].key)
            self._check_win(seat)
            if not self.over:
                self._after_square()
        else:
            self.stage = ("place",)

    # --- the spots in the middle (HB-3.2, HB-5.1, HB-5.6) -------------------------------------------
    def _empty(self, s: int) -> None:
        """Spot ``s``'s tile is taken: it moves from the face-down spots to the free ones."""
        self.spots[s] = EMPTY
        m = self.middle
        down, free = m.down, m.free
        i = bisect_left(down, s)
        del down[i], m.down_opts[i]
        i = bisect_left(free, s)
        free.insert(i, s)
        m.free_opts.insert(i, self.texts.spot[s])

    def _fill(self, s: int, tile: int) -> None:
        """``tile`` goes face down on the free spot ``s``."""
        self.spots[s] = tile
        m = self.middle
        down, free = m.down, m.free
        i = bisect_left(free, s)
        del free[i], m.free_opts[i]
        i = bisect_left(down, s)
        down.insert(i, s)
        m.down_opts.insert(i, self.texts.spot[s])
