"""Drawings of the Food Chain Magnate companies: a company chart per player (the pyramid, the beach, busy
marketeers, cash, milestones held), the milestones table, the turn-order track, the training tree, and the
whole company state.

Every public function takes ``ax=None``, draws, and returns the Axes; the chart layers compose on one Axes.
They take a ``CompanyPhases`` (``game.co``) or anything with a ``co`` attribute.
"""
from __future__ import annotations

import textwrap

from matplotlib.patches import FancyBboxPatch, Rectangle

from ....drawing import INK, board_axes, figure_png, new_axes, player_colour, text_on
from .structure import Structure

# card colours of the printed cards (fact 2.6), softened for text on top
CARD_COLOURS = {"black": "#4a4a4a", "purple": "#b39ddb", "red": "#ef9a9a", "salmon": "#ffccbc", "grey": "#cfd8dc",
                "light green": "#c5e1a5", "blue": "#90caf9", "olive": "#d4d49a"}
DARK_CARDS = {"black"}
BEACH = "#fff3c4"
BUSY = "#e3f2fd"
GONE = "#eeeeee"
W, H = 1.7, 0.75          # a card on the chart
SCALE = 0.5               # inches a unit when a chart stands alone: 8-point names fit their cards
BOX_H = 8.6               # a company chart's height in units
STEP = 1.9                # horizontal room per card

__all__ = ["draw_company", "draw_milestones", "draw_turn_order", "draw_training_tree", "draw_state",
           "state_png", "short_name"]


def _phases(obj):
    return getattr(obj, "co", obj)


def short_name(name: str) -> str:
    """Printed names shortened to fit a card: 'Senior Vice President' -> 'Senior VP'."""
    for long, short in (("Vice President", "VP"), ("Management", "Mgmt"), ("Manager", "Mgr"),
                        ("Recruiting", "Recruit."), ("New Business Developer", "New Business Dev.")):
        name = name.replace(long, short)
    return name


def _card(ax, x, y, card, staff, *, label=None, face=None, edge=INK, alpha=1.0):
    """One card centred at (x, y); returns the patch."""
    if card == staff.ceo.id:
        colour, dark = CARD_COLOURS["black"], True
    else:
        e = staff[card]
        colour, dark = CARD_COLOURS.get(e.colour, "#dddddd"), e.colour in DARK_CARDS
    p = FancyBboxPatch((x - W / 2, y - H / 2), W, H, boxstyle="round,pad=0.02,rounding_size=0.08",
                       fc=face or colour, ec=edge, lw=1, alpha=alpha, zorder=3)
    ax.add_patch(p)
    text = label if label is not None else short_name(staff.name(card))
    ax.text(x, y, text.replace(" ", "\n", 1) if len(text) > 12 else text, ha="center", va="center", fontsize=8,
            color="white" if dark and face is None else INK, zorder=4, linespacing=0.95)
    return p


def _layout(work: Structure):
    """Columns of the pyramid: each item under the CEO takes max(1, reports) columns."""
    cols = [max(1, len(r)) for _, r in work.items]
    return cols, max(1, sum(cols))


def company_width(co) -> float:
    _, n = _layout(co.work)
    beach = len([c for c, k in co.beach.items() if k])
    return STEP * max(n, beach, 3) + 0.4


def draw_company(obj, seat: int, ax=None, *, origin=(0.0, 0.0), viewer=None, title=True):
    """Player ``seat``'s chart: the CEO, managers and their reports, the beach, busy marketeers, cash and
    milestones held. ``origin`` places the chart's top-left corner on a shared Axes."""
    cp = _phases(obj)
    staff, co = cp.staff, cp.company(seat)
    standalone = ax is None
    width = company_width(co)
    ax = new_axes(ax, size=(width * SCALE + 0.2, BOX_H * SCALE + 0.5), margins=(0.01, 0.01, 0.99, 0.92))
    x0, y0 = origin
    cols, n = _layout(co.work)
    cx = x0 + width / 2
    colour = player_colour(seat)
    ax.add_patch(Rectangle((x0, y0 - BOX_H), width, BOX_H, fc="white", ec=colour, lw=2, zorder=1))
    if title:
        ax.text(x0 + 0.15, y0 - 0.25, f"Player {seat}", ha="left", va="top", fontsize=10, weight="bold", color=INK,
                bbox=dict(fc="white", ec=colour, lw=2, pad=1.5))
        ax.text(x0 + width - 0.15, y0 - 0.25, f"${co.cash}", ha="right", va="top", fontsize=10, weight="bold",
                parse_math=False)
    # the pyramid
    ceo_y, mid_y, low_y = y0 - 1.1, y0 - 2.3, y0 - 3.4
    _card(ax, cx, ceo_y, staff.ceo.id, staff, label=f"CEO ({co.ceo_slots} slots)")
    left = cx - STEP * n / 2
    for (card, reports), k in zip(co.work.items, cols):
        mx = left + STEP * k / 2
        ax.plot([cx, mx], [ceo_y - H / 2, mid_y + H / 2], color=INK, lw=0.8, zorder=2)
        _card(ax, mx, mid_y, card, staff)
        for j, r in enumerate(reports):
            rx = left + STEP * (j + 0.5)
            ax.plot([mx, rx], [mid_y - H / 2, low_y + H / 2], color=INK, lw=0.8, zorder=2)
            _card(ax, rx, low_y, r, staff)
        left += STEP * k
    slots = co.work.open_slots(staff, co.ceo_slots)
    note = "overfilled: all to the beach (FCM-1.4)" if co.overfilled else f"{slots} open slots"
    ax.text(cx, y0 - 4.05, note, ha="center", va="center", fontsize=8, color="#c0392b" if co.overfilled else INK)
    # the beach
    ax.add_patch(Rectangle((x0 + 0.1, y0 - 5.5), width - 0.2, 1.2, fc=BEACH, ec="none", zorder=1.5))
    ax.text(x0 + 0.2, y0 - 4.35, "beach", fontsize=8, va="top", style="italic")
    beach = [(c, k) for c, k in sorted(co.beach.items(), key=lambda kv: staff.order[kv[0]]) if k]
    for i, (c, k) in enumerate(beach):
        _card(ax, x0 + 0.2 + STEP * (i + 0.5), y0 - 5.05, c, staff, label=f"{short_name(staff.name(c))} x{k}")
    # busy marketeers, the hand and the milestones held
    busy = ", ".join(short_name(staff.name(c)) for c in co.busy) or "none"
    # busy marketeers, the hand and the milestones held, each wrapped onto as many lines as it needs
    y = y0 - 5.65
    hand = sum(co.hand.values())
    shown = (", ".join(f"{k} x {short_name(staff.name(c))}" for c, k in sorted(co.hand.items(), key=lambda kv: staff.order[kv[0]]) if k)
             if viewer in (None, seat) else f"{hand} cards") if hand else ""
    held = [cp.ms[m].name for m in cp.ms if m in co.milestones]
    for text, ink in ((f"busy marketeers: {busy}", "#1565c0"), (f"in hand: {shown}" if shown else "", INK),
                      ("milestones: " + ("; ".join(held) if held else "none"), "#6a1b9a")):
        if text:
            lines = _wrap(text, width)
            ax.text(x0 + 0.2, y, lines, fontsize=8, va="top", color=ink, linespacing=1.15, parse_math=False)
            y -= 0.34 * (lines.count("\n") + 1) + 0.05
    if standalone:
        _frame(ax, x0, y0 - BOX_H, width, BOX_H)
        ax.set_title(f"Round {cp.round}: player {seat}'s company", fontsize=10)
    return ax


def _wrap(text: str, width: float) -> str:
    """``text`` in lines that fit a chart ``width`` units wide (8-point type at ``SCALE``), never cut."""
    return "\n".join(textwrap.wrap(text, max(20, int(width * SCALE * 96 / 6.4)), subsequent_indent="  "))


def _frame(ax, x, y, w, h):
    ax.set_xlim(x - 0.1, x + w + 0.1)
    ax.set_ylim(y - 0.1, y + h + 0.1)
    board_axes(ax)


def draw_milestones(obj, ax=None, *, origin=None):
    """The milestones table: who holds each one (with the round claimed), and which are gone (FCM-7.4)."""
    cp = _phases(obj)
    standalone = ax is None
    rows = list(cp.ms.values())
    name_w, col_w, row_h = 6.0, 1.3, 0.42
    ax = new_axes(ax, size=((name_w + col_w * cp.players) * 0.62 + 0.2, row_h * (len(rows) + 1) * 0.62 + 0.5),
                  margins=(0.01, 0.01, 0.99, 0.92))
    x0, y0 = origin or (0.0, 0.0)
    for j in range(cp.players):
        ax.text(x0 + name_w + col_w * (j + 0.5), y0 - row_h / 2, f"P{j + 1}", ha="center", va="center",
                fontsize=9, weight="bold", color=INK)
    for i, m in enumerate(rows):
        y = y0 - row_h * (i + 1.5)
        gone = m.id in cp.gone
        ax.add_patch(Rectangle((x0, y - row_h / 2), name_w + col_w * cp.players, row_h,
                               fc=GONE if gone else ("#fafafa" if i % 2 else "white"), ec="none", zorder=1))
        ax.text(x0 + 0.1, y, m.name + ("  (gone)" if gone else ""), va="center", fontsize=8,
                color="#6e6e6e" if gone else INK, parse_math=False)
        for j in range(cp.players):
            r = cp.company(j + 1).milestones.get(m.id)
            if r is not None:
                ax.text(x0 + name_w + col_w * (j + 0.5), y, f"round {r}", ha="center", va="center", fontsize=8,
                        color=text_on(player_colour(j + 1)), zorder=3,
                        bbox=dict(boxstyle="round,pad=0.2", fc=player_colour(j + 1), ec="none"))
    if standalone:
        _frame(ax, x0, y0 - row_h * (len(rows) + 1), name_w + col_w * cp.players, row_h * (len(rows) + 1))
        ax.set_title("Milestones: who claimed what, and when", fontsize=10)
    return ax


def draw_turn_order(obj, ax=None, *, origin=None):
    """The turn-order track: positions 1..N with each player's marker and open slots (FCM-2)."""
    cp = _phases(obj)
    standalone = ax is None
    ax = new_axes(ax, size=(1.6 * cp.players * 0.62 + 0.3, 1.6), margins=(0.01, 0.01, 0.99, 0.8))
    x0, y0 = origin or (0.0, 0.0)
    for pos, seat in enumerate(cp.order, 1):
        x = x0 + 1.6 * (pos - 1)
        ax.add_patch(Rectangle((x, y0 - 1.0), 1.4, 1.0, fc="white", ec=INK, lw=1, zorder=1))
        ax.text(x + 0.7, y0 - 0.08, f"{pos}.", ha="center", va="top", fontsize=9, color="#555555")
        colour = player_colour(seat)
        ax.add_patch(FancyBboxPatch((x + 0.25, y0 - 0.9), 0.9, 0.45, boxstyle="round,pad=0.02", fc=colour,
                                    ec="none", zorder=2))
        ax.text(x + 0.7, y0 - 0.67, f"P{seat}", ha="center", va="center", fontsize=10, color=text_on(colour),
                weight="bold", zorder=3)
    if standalone:
        _frame(ax, x0, y0 - 1.0, 1.6 * cp.players, 1.0)
        ax.set_title("Turn order: who goes first", fontsize=10)
    return ax


def training_levels(staff) -> dict:
    """card -> (column, row) for drawing the training tree: columns by steps from entry level."""
    depth = {}
    for e in staff.employees.values():
        if e.entry:
            todo = [(e.id, 0)]
            while todo:
                c, d = todo.pop()
                depth[c] = max(depth.get(c, 0), d)
                todo.extend((t, d + 1) for t in staff[c].trains_into)
    rows, pos = {}, {}
    # order rows by following the tree from each entry card, so children sit near their parent
    def place(c):
        if c in pos:
            return
        col = depth[c]
        pos[c] = (col, rows.get(col, 0))
        rows[col] = rows.get(col, 0) + 1
        for t in staff[c].trains_into:
            rows[depth[t]] = max(rows.get(depth[t], 0), pos[c][1])
            place(t)
    for e in staff.employees.values():
        if e.entry:
            start = max(rows.values(), default=0)
            for col in range(5):
                rows[col] = max(rows.get(col, 0), start)
            place(e.id)
    return pos


def draw_training_tree(staff, ax=None, highlight=()):
    """The training tree (fact 2.6): entry-level cards on the left, each arrow one training step; 1x cards
    framed in red, salaried cards marked '$'. ``highlight`` = cards to outline (a path, say)."""
    ax = new_axes(ax, size=(10, 8.4), margins=(0.005, 0.005, 0.995, 0.95))
    pos = training_levels(staff)
    xy = {c: (c_r[0] * 2.6, -c_r[1] * 0.95) for c, c_r in pos.items()}
    for a, b in staff.edges():
        (x1, y1), (x2, y2) = xy[a], xy[b]
        ax.annotate("", (x2 - W / 2, y2), (x1 + W / 2, y1),
                    arrowprops=dict(arrowstyle="->", color="#555555", lw=0.9, shrinkA=0, shrinkB=0), zorder=2)
    for c, (x, y) in xy.items():
        e = staff[c]
        edge = "#c0392b" if e.unique else INK
        p = _card(ax, x, y, c, staff, label=short_name(e.name) + (" $" if e.salaried else ""), edge=edge)
        p.set_linewidth(2.2 if e.unique else 1)
        if c in highlight:
            ax.add_patch(Rectangle((x - W / 2 - 0.08, y - H / 2 - 0.08), W + 0.16, H + 0.16, fc="none", ec="#f39c12",
                                   lw=2.5, zorder=5))
    xs = [x for x, _ in xy.values()]
    ys = [y for _, y in xy.values()]
    ax.set_xlim(min(xs) - 1.2, max(xs) + 1.2)
    ax.set_ylim(min(ys) - 0.8, max(ys) + 0.8)
    board_axes(ax)
    ax.set_aspect("auto")
    ax.set_title("Training tree: entry level on the left; red frame = 1x card; $ = salaried", fontsize=10,
                 parse_math=False)
    return ax


def draw_state(game, viewer=None, ax=None):
    """Every player's company chart side by side, the turn-order track above and the milestones table below."""
    cp = _phases(game)
    widths = [company_width(c) for c in cp.companies]
    total = sum(widths) + 0.3 * (len(widths) - 1)
    ax = new_axes(ax, size=(max(8, total * 0.62), 10))
    draw_turn_order(cp, ax, origin=(0, 1.4))
    ax.text(1.6 * cp.players + 0.3, 0.9, f"Round {cp.round}; bank ${cp.bank}", fontsize=9, va="center",
            parse_math=False)
    x = 0.0
    for c, w in zip(cp.companies, widths):
        draw_company(cp, c.seat, ax, origin=(x, 0.0), viewer=viewer)
        x += w + 0.3
    draw_milestones(cp, ax, origin=(0.0, -BOX_H - 0.4))
    bottom = -BOX_H - 0.4 - 0.42 * (len(cp.ms) + 1)
    ax.set_xlim(-0.2, max(total, 6.0 + 1.3 * cp.players) + 0.2)
    ax.set_ylim(bottom - 0.2, 1.6)
    return board_axes(ax)


def state_png(game, viewer=None) -> bytes:
    ax = draw_state(game, viewer=viewer)
    return figure_png(ax.figure)
