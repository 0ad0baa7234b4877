"""LET'S GO TO McDonald's (MCD-3.6) and MCD-4 Reading a Menu: the reader takes the top menu (MCD-4.1), reads the
red order and its changes (MCD-4.2, MCD-4.3) and says "Please" (MCD-4.4), again at each new reading (MCD-5.4);
who can fill the order at all (MCD-I7), and an order nobody's rack holds (MCD-5.5, MCD-I8). The race that follows
is in ``race.py``.
"""
from __future__ import annotations

from .board import FOOD_NAMES, counts_text

MAX_READINGS = 20_000   # MCD-I18: the readings of menus in a game, so a race nobody wins cannot run for ever


class ReadingMenus:
    """Taking and reading a menu in ``McDonaldsGame`` (MCD-3.6, MCD-4; a part of it: it works on the game's
    state)."""

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
