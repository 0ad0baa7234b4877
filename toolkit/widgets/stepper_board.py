"""The stepper's board: each frame drawn by the game's drawing module, where on it each option lies (the
drawing's ``click_targets`` and ``click_groups``), and a click on the picture turned into the option placed there.

A part of ``Stepper`` (``stepper.py``): it reads the stepper's history, view and frame number and answers through
``Stepper.decide``; it decides no rule.
"""
from __future__ import annotations

import base64
import io

from ..core.decisions import Decision
from ..drawing import clear_drawing
from .answers import ARMING_MS, FRAME_CLASS
from .stepper_panel import GAP, HEADROOM, MAX_BUTTONS, PANEL

CLICK_OUTLINE = "#000000"   # the dashed outline of each place on the board the class may click
CLICK_GID = "bgt-click-place"  # those outlines' gid: the stepper's own marks, not the game's drawing
GROUP_SHADE = "#0072B2"     # the light shade of the squares clicked first in a two-click place (``click_groups``)


def _ordered(box):
    """(x0, y0, x1, y1) with x0 <= x1 and y0 <= y1."""
    x0, y0, x1, y1 = box
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _inside(box, x, y) -> bool:
    x0, y0, x1, y1 = _ordered(box)
    return x0 <= x <= x1 and y0 <= y <= y1


class BoardFrame:
    """The frame on the board: drawn, sized, marked with its number, and clicked."""

    def click_board(self, x: float, y: float):
        """A click at data coordinates (x, y) of the current frame's drawing: decide the option placed there."""
        d = self.state.pending()
        if not self._asks(d):
            self.message.value = "<span class='bgt-hint'>The board is not a choice at this step.</span>"
            return
        for value, box in self._targets(d):     # narrowed to a group: its places first, drawn over the others
            if _inside(box, x, y):
                self.decide(value)
                return
        for group in self._groups(d):
            if _inside(group[1], x, y):
                self._show(narrow=group)        # the second click chooses among this group's places
                return
        if not self._groups(d) and not self._targets(d):      # e.g. "roll the die": nothing on the board answers
            self.message.value = "<span class='bgt-hint'>Nothing on the board answers this question: use a button.</span>"
            return
        where = "a shaded square or a dashed outline" if self._groups(d) else "a dashed outline"
        self.message.value = f"<span class='bgt-hint'>No option there: click inside {where}, or a button.</span>"

    def save_picture(self):
        """Download links for the current frame, as PNG and as SVG (data URIs, so they work in Voilà too)."""
        name = f"{self.game_name}_step{self.index}" + ("" if self.view.value is None else f"_p{self.view.value}")
        png = base64.b64encode(bytes(self.image.value)).decode()
        svg = base64.b64encode(self._frame_bytes("svg")).decode()
        self.save_links.value = (f"<a download='{name}.png' href='data:image/png;base64,{png}'>PNG</a> · "
                                 f"<a download='{name}.svg' href='data:image/svg+xml;base64,{svg}'>SVG</a>")

    def _mark_frame(self):
        """The frame's number as a CSS class on the picture and the stepper, for ``event_frame``; and a class
        that restarts the picture's short arming animation (style.py), so a click that was meant for the frame
        before lands on nothing."""
        mark = (f"{FRAME_CLASS}{self._frames}", f"bgt-arm-{self._frames % 2}")
        for wdg in (self.image, self):
            kept = tuple(c for c in wdg._dom_classes if not c.startswith((FRAME_CLASS, "bgt-arm-")))
            wdg._dom_classes = kept + (mark if wdg is self.image else mark[:1])

    def _groups(self, d, state=None):
        """(label, box, values) groups of ``d``'s places, where the drawing offers them (``click_groups``) and
        ``d`` has too many options for buttons: the class clicks a group first, then one of its places."""
        find = getattr(self.drawing, "click_groups", None)
        if find is None or self._ax is None or d is None or len(d.options) <= MAX_BUTTONS:
            return []
        state = self.state if state is None else state
        legal = set(d.values)
        out = []
        for label, box, values in find(state, d, ax=self._ax):
            values = tuple(v for v in values if v in legal)
            if values:
                out.append((label, _ordered(box), values))
        return out

    def _narrowed(self, d, state=None):
        """The group the class clicked first, if it belongs to ``d``."""
        if self._narrow is None or d is None:
            return None
        return next((g for g in self._groups(d, state) if g == self._narrow), None)

    def _board_clicked(self, event):
        if self._ax is None or "dataX" not in event or not self._first_delivery(event):
            return
        if not self._from_this_frame(event):
            return          # made on a frame before this one: meant for another question
        stamp = event.get("timeStamp")
        if stamp is not None and self._board_stamp is not None and 0 <= stamp - self._board_stamp < ARMING_MS:
            return          # the second click of a double-click: the first one acted
        # the PNG's pixels (from the top) -> the figure's display pixels (from the bottom) -> data coordinates
        scale = self._fig.dpi / (self.dpi * self.pixel_ratio)
        height = self._fig.bbox.height
        x, y = self._ax.transData.inverted().transform((event["dataX"] * scale, height - event["dataY"] * scale))
        frames = self._frames
        self.click_board(float(x), float(y))
        if self._frames != frames and stamp is not None:      # it decided or narrowed: a repeat must not act
            self._board_stamp = stamp

    def _targets(self, d, state=None):
        """(value, data-coordinate box) pairs: where on the current frame each option of ``d`` lies. Places
        that overlap another option's are left out: a click must mean one option only."""
        find = getattr(self.drawing, "click_targets", None)
        if find is None or self._ax is None:
            return []
        state = self.state if state is None else state
        if self._groups(d, state):     # two clicks: the places of the group clicked first, asked as a decision alone
            group = self._narrowed(d, state)
            if group is None:
                return []
            d = Decision(d.player, d.kind, d.prompt, [o for o in d.options if o.value in group[2]], d.clauses,
                         d.secret)
        boxes = [(v, tuple(sorted(b[0::2]) + sorted(b[1::2]))) for v, b in find(state, d, ax=self._ax)
                 if v in d.values]      # as (x0, x1, y0, y1)

        def overlap(a, b):
            return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]
        return [(v, (b[0], b[2], b[1], b[3])) for i, (v, b) in enumerate(boxes)
                if not any(overlap(b, o) for j, (_, o) in enumerate(boxes) if j != i)]

    def _draw(self, state, viewer):
        if self._fig is None:
            self._ax = self.drawing.draw_state(state, viewer=viewer, **self._draw_kw)
            self._fig = self._ax.figure
        else:                            # the same Axes, emptied: quicker than a new one
            clear_drawing(self._ax)
            self.drawing.draw_state(state, viewer=viewer, ax=self._ax, **self._draw_kw)
        title = self._ax.title            # a board has no ticks above it: the title's place need not be searched for
        self._ax.set_title(title.get_text(), fontsize=title.get_fontsize(), fontweight=title.get_fontweight(), y=1.0,
                           x=title.get_position()[0], ha=title.get_ha())     # where the drawing put it (FCM: right)
        d = state.pending()
        if self._asks(d):                # where the class may click, outlined: the board shows its choices
            from matplotlib.patches import Rectangle
            chosen = self._narrowed(d, state)
            for group in self._groups(d, state):     # the squares to click first, lightly shaded
                x0, y0, x1, y1 = group[1]
                self._ax.add_patch(Rectangle((x0, y0), x1 - x0, y1 - y0, fc=GROUP_SHADE, ec=CLICK_OUTLINE,
                                             alpha=0.85 if group == chosen else 0.22, lw=0, zorder=19,
                                             gid=CLICK_GID))
            for _v, (x0, y0, x1, y1) in self._targets(d, state):
                self._ax.add_patch(Rectangle((x0, y0), x1 - x0, y1 - y0, fill=False, ec=CLICK_OUTLINE, lw=1.2,
                                             ls=(0, (3, 2)), zorder=20, gid=CLICK_GID))

    def _frame_bytes(self, fmt="png") -> bytes:
        if fmt == "png":         # the frame's pixels, on white as savefig would give them, texts from kept pixels
            self._fig.patch.set_facecolor("white")
            return self._render.png(self._fig)
        buf = io.BytesIO()
        self._fig.savefig(buf, format=fmt, dpi=self.dpi * self.pixel_ratio, facecolor="white")
        return buf.getvalue()

    def frame_png(self, k: int | None = None) -> bytes:
        """The picture of step ``k`` (default: the current one) in the view shown (``view``)."""
        return self.view_png(self.index if k is None else k, self.view.value)

    def view_png(self, k: int, viewer: int | None) -> bytes:
        """The picture of step ``k`` as ``viewer`` (a seat, or None: the class view) sees it."""
        self._draw(self.history[k], viewer)
        return self._frame_bytes("png")

    def _size_image(self):
        """As large as the window's height and the column beside it allow: the frame's PNG has ``pixel_ratio``
        pixels per designed CSS pixel, so it stays sharp up to that many times its designed size (its limit)."""
        wide, high = self._fig.get_size_inches() * self.dpi
        sharp = wide * self.pixel_ratio
        fit = f"calc((100vh - {HEADROOM}px) * {wide / high:.4f})"
        self.image.layout.width = f"min(100%, {sharp:.0f}px, {fit})"
        self.image.layout.height = "auto"
        self.board.layout.width = f"min(calc(100% - {PANEL + GAP}px), {sharp:.0f}px, {fit})"
