"""A widget for a class to build one player's company structure for the round and see it checked.

Pick a card from the hand, choose where it goes (under the CEO or under a manager already placed), add it;
or type the structure in the notation of FCM-I32. "Validate" asks the rules (``CompanyPhases.read_structure``)
and shows the verdict with the clause that refuses it; "Play it" answers the pending restructuring decision.
No rule logic lives here.

>>> from toolkit.games.fcm.company.practice import CompanyGame
>>> g = CompanyGame(players=2, seed=1); _ = g.apply(200); _ = g.apply(200)
>>> b = StructureBuilder(g, 1); b.validate.click(); b.verdict["ok"]
True
"""
from __future__ import annotations

import copy
import html
from collections import Counter

import ipywidgets as w

from ....core.errors import IllegalChoice
from .structure import Structure

CEO = -1


class StructureBuilder(w.VBox):
    """Build player ``seat``'s structure from their hand and validate it (FCM-1.1 to FCM-1.4)."""

    def __init__(self, game, seat: int, *, draw: bool = True, dpi: int = 96):
        self.game = game
        self.cp = getattr(game, "co", game)
        self.seat = seat
        self.draw, self.dpi = draw, dpi
        self.items: list[list] = []           # [[card, [reports]], ...] under the CEO
        self.verdict: dict = {}
        staff = self.cp.staff
        hand = self.cp.company(seat).hand
        self.card = w.Dropdown(description="card", options=[(staff.name(c), c) for c in sorted(hand, key=lambda c: staff.order[c]) if hand[c]])
        self.under = w.Dropdown(description="under", options=[("the CEO", CEO)])
        self.add = w.Button(description="Add", icon="plus")
        self.undo = w.Button(description="Undo")
        self.clear = w.Button(description="Clear")
        self.text = w.Text(description="structure", placeholder="e.g. management_trainee(waitress, trainer), recruiting_girl",
                           layout=w.Layout(width="95%"))
        self.validate = w.Button(description="Validate", button_style="info")
        self.play_it = w.Button(description="Play it", button_style="success")
        self.result = w.HTML()
        self.chart = w.Image(format="png")
        self.errors = w.Output()
        self._history: list = []
        for b, f in ((self.add, self._add), (self.undo, self._undo), (self.clear, self._clear),
                     (self.validate, self._validate), (self.play_it, self._play)):
            b.on_click(self._guard(f))
        self.text.observe(self._guard(lambda change: self._typed()), names="value")
        head = w.HTML(f"<b>Player {seat}'s structure for round {self.cp.round}</b> (CEO with "
                      f"{self.cp.company(seat).ceo_slots} slots; hand: {html.escape(self._hand_text())})")
        super().__init__([head, w.HBox([self.card, self.under, self.add, self.undo, self.clear]), self.text,
                          w.HBox([self.validate, self.play_it]), self.result, self.chart, self.errors])
        self._sync_text()

    # --- building -------------------------------------------------------------------------------
    def _hand_text(self) -> str:
        staff, hand = self.cp.staff, self.cp.company(self.seat).hand
        return ", ".join(f"{n} x {staff.name(c)}" for c, n in sorted(hand.items(), key=lambda kv: staff.order[kv[0]]) if n) or "empty"

    def _guard(self, f):
        def run(*a):
            try:
                f(*a)
            except Exception as e:   # show it in the notebook instead of losing it in the widget's log
                with self.errors:
                    print(f"{type(e).__name__}: {e}")
        return run

    def _add(self, _=None):
        card, where = self.card.value, self.under.value
        if card is None:
            return
        self._history.append(copy.deepcopy(self.items))
        if where == CEO:
            self.items.append([card, []])
        else:
            self.items[where][1].append(card)
        self._sync_text()

    def _undo(self, _=None):
        if self._history:
            self.items = self._history.pop()
            self._sync_text()

    def _clear(self, _=None):
        self._history.append(copy.deepcopy(self.items))
        self.items = []
        self._sync_text()

    def _sync_text(self):
        staff = self.cp.staff
        self._syncing = True
        self.text.value = Structure(tuple((c, tuple(r)) for c, r in self.items)).text()
        self._syncing = False
        self.under.options = [("the CEO", CEO)] + [(f"{staff.name(c)} #{i + 1}", i) for i, (c, _) in enumerate(self.items)
                                                   if staff[c].is_manager]
        self.result.value = ""

    def _typed(self):
        if getattr(self, "_syncing", False):
            return
        try:   # keep the pick-and-add list in step with what was typed, when it can be read
            s = Structure.parse(self.text.value, self.cp.staff)
            self.items = [[c, list(r)] for c, r in s.items]
            self.under.options = [("the CEO", CEO)] + [(f"{self.cp.staff.name(c)} #{i + 1}", i)
                                                       for i, (c, _) in enumerate(self.items) if self.cp.staff[c].is_manager]
        except IllegalChoice:
            pass
        self.result.value = ""

    # --- asking the rules -----------------------------------------------------------------------
    def check(self) -> dict:
        """The rules' verdict on the current text: ok, overfilled, open slots, message, clauses."""
        try:
            s, over = self.cp.read_structure(self.seat, self.text.value)
        except IllegalChoice as e:
            return {"ok": False, "message": e.reason, "clauses": e.clauses, "structure": None, "overfilled": False}
        co = self.cp.company(self.seat)
        if over:
            return {"ok": True, "overfilled": True, "structure": s, "clauses": ("FCM-1.4",),
                    "message": f"these {s.size()} cards fit no structure: if played, all but the CEO go to the beach"}
        return {"ok": True, "overfilled": False, "structure": s, "clauses": ("FCM-1.3",),
                "message": f"a legal structure with {s.open_slots(self.cp.staff, co.ceo_slots)} open slots"}

    def _clause_lines(self, clauses) -> str:
        cls = type(self.game) if hasattr(self.game, "clause_text") else None
        out = []
        for c in clauses:
            text = cls.clause_text(c) if cls else ""
            out.append(f"<li><b>{html.escape(c)}</b> {html.escape(text)}</li>")
        return "<ul>" + "".join(out) + "</ul>"

    def _validate(self, _=None):
        v = self.verdict = self.check()
        colour = "#1e8449" if v["ok"] and not v["overfilled"] else ("#b9770e" if v["ok"] else "#c0392b")
        word = "Legal" if v["ok"] and not v["overfilled"] else ("Overfilled" if v["ok"] else "Refused")
        self.result.value = (f"<div style='color:{colour}'><b>{word}:</b> {html.escape(v['message'])} "
                             f"[{', '.join(v['clauses'])}]</div>" + self._clause_lines(v["clauses"]))
        if self.draw and v["ok"]:
            png = self._preview(v["structure"], v["overfilled"])
            # twice the pixels, shown at ``dpi`` CSS pixels an inch: sharp on a 2x screen, 8-point names as designed
            self.chart.width = str(int.from_bytes(png[16:20], "big") // 2)
            self.chart.value = png

    def _preview(self, structure, overfilled) -> bytes:
        from ....drawing import figure_png
        from .drawing import draw_company
        cp = copy.deepcopy(self.cp)
        co = cp.company(self.seat)
        co.work = Structure() if overfilled else structure
        co.overfilled = overfilled
        co.beach = co.hand - co.work.counts()      # what the reveal would do (FCM-1.2, FCM-1.4)
        co.hand = Counter()
        ax = draw_company(cp, self.seat)
        return figure_png(ax.figure, dpi=2 * self.dpi)

    def _play(self, _=None):
        d = self.game.pending() if hasattr(self.game, "pending") else None
        if d is None or d.kind != "restructure" or d.player != self.seat:
            self.result.value = f"<i>Player {self.seat} has no restructuring decision pending.</i>"
            return
        try:
            self.game.apply(self.text.value)
        except IllegalChoice as e:
            self.verdict = {"ok": False, "message": e.reason, "clauses": e.clauses, "structure": None, "overfilled": False}
            self.result.value = (f"<div style='color:#c0392b'><b>Refused:</b> {html.escape(e.reason)} "
                                 f"[{', '.join(e.clauses)}]</div>" + self._clause_lines(e.clauses))
            return
        self.result.value = f"<b>Played:</b> Player {self.seat} lays the cards face down (FCM-1.1)."
