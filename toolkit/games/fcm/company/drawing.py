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

# card colours of the printed cards (each type's colour in employees.json, FCM-I30), softened for text on top
CARD_COLOURS = {"black": "#4a4a4a", "purple": "#b39ddb", "red": "#ef9a9a", "salmon": "#ffccbc", "grey": "#cfd8dc",
                "light green": "#c5e1a5", "blue": "#90caf9", "olive": "#d4d49a"}
DARK_CARDS = {"black"}
BEACH = "#fff3c4"
BUSY = "#e3f2fd"
GONE = "#eeeeee"
TEAM = "#f3f3f3"          # the panel under a manager whose reports take several rows
W, H = 1.7, 0.75          # a card on the chart
SCALE = 0.5               # inches a unit when a chart stands alone: 8-point names fit their cards
STEP = 1.85               # horizontal room per card
COLS = 10                 # cards a row at most: 10 x STEP at SCALE stays within the shown width (SHOWN_WIDTH)
PITCH = 1.2               # from one row of cards to the next
BUS = 0.22                # the connecting line's height over a row of cards
TRUNK = 0.3               # room on the left for the line from the CEO to the lower tiers
TOP = 0.5                 # the title's room above the CEO
NOTE_H = 0.4              # the open slots' line
BEACH_HEAD = 0.35         # the beach's label over its cards
LINE_H = 0.34             # one line of 8-point text
GAP = 0.3                 # between charts drawn together

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
    ax.text(x, y, _two_lines(text), ha="center", va="center", fontsize=8,
            color="white" if dark and face is None else INK, zorder=4, linespacing=0.95)
    return p


def _two_lines(text: str) -> str:
    """A label longer than a card's line broken at the space that makes its longer line shortest."""
    words = text.split(" ")
    if len(text) <= 12 or len(words) < 2 or "\n" in text:
        return text
    k = min(range(1, len(words)), key=lambda i: max(len(" ".join(words[:i])), len(" ".join(words[i:]))))
    return " ".join(words[:k]) + "\n" + " ".join(words[k:])


def _team_shape(reports) -> tuple[int, int]:
    """(columns, rows) of the cards under one item: at most ``COLS`` a row, rows as even as they can be."""
    k = len(reports)
    rows = max(1, -(-k // COLS))
    return max(1, -(-k // rows)), rows


def _tiers(work: Structure) -> list[list]:
    """The items under the CEO packed in order into tiers of at most ``COLS`` columns: [[(card, reports, cols,
    rows), ...], ...]. A small company is one tier, the pyramid of the rulebook."""
    tiers, used = [[]], 0
    for card, reports in work.items:
        cols, rows = _team_shape(reports)
        if used + cols > COLS and tiers[-1]:
            tiers.append([])
            used = 0
        tiers[-1].append((card, reports, cols, rows))
        used += cols
    return tiers


def _beach(co, staff) -> list:
    return [(c, k) for c, k in sorted(co.beach.items(), key=lambda kv: staff.order[kv[0]]) if k]


def company_width(co) -> float:
    """The chart's width in units: the widest tier (with room for the line from the CEO when there are several)
    or the beach's widest row, at most ``COLS`` cards."""
    tiers = _tiers(co.work)
    cols = max(sum(t[2] for t in tier) for tier in tiers)
    beach = min(COLS, len([c for c, k in co.beach.items() if k]))
    return STEP * max(cols, beach, 3) + 0.4 + (TRUNK if len(tiers) > 1 else 0.0)


def _hand_shown(cp, seat: int, viewer) -> bool:
    """Does ``viewer``'s view (the company layer's ``view``) show ``seat``'s cards in hand (FCM-I42)?"""
    company = next(c for c in cp.view(viewer)["companies"] if c["seat"] == seat)
    return "(cards in hand)" not in company["hand"]


def _text_lines(cp, co, seat, viewer, width) -> list:
    """The lines under the beach: busy marketeers, the hand (counted only for other seats' views, FCM-I42) and
    the milestones held, each wrapped to the chart's width, never cut."""
    staff = cp.staff
    busy = ", ".join(short_name(staff.name(c)) for c in co.busy) or "none"
    hand = sum(co.hand.values())
    shown = (", ".join(f"{k} x {short_name(staff.name(c))}" for c, k in
                       sorted(co.hand.items(), key=lambda kv: staff.order[kv[0]]) if k)
             if _hand_shown(cp, seat, viewer) else f"{hand} cards") if hand else ""
    held = [cp.ms[m].name for m in cp.ms if m in co.milestones]
    out = []
    for text, ink in ((f"busy marketeers: {busy}", "#1565c0"), (f"in hand: {shown}" if shown else "", INK),
                      ("milestones: " + ("; ".join(held) if held else "none"), "#6a1b9a")):
        if text:
            out.append((_wrap(text, width), ink))
    return out


def _text_height(lines) -> float:
    return sum(LINE_H * (t.count("\n") + 1) + 0.05 for t, _ in lines)


def company_height(obj, seat: int, viewer=None) -> float:
    """The chart's height in units: the CEO, each tier's managers and the rows under them, the open slots, the
    beach's rows and the wrapped lines of text."""
    cp = _phases(obj)
    co = cp.company(seat)
    rows = 1 + sum(1 + max((t[3] if t[1] else 0 for t in tier), default=0) for tier in _tiers(co.work))
    beach_rows = max(1, -(-len(_beach(co, cp.staff)) // COLS))
    return (TOP + PITCH * rows + NOTE_H + BEACH_HEAD + PITCH * beach_rows + 0.15
            + _text_height(_text_lines(cp, co, seat, viewer, company_width(co))) + 0.1)


def _line(ax, xs, ys):
    ax.plot(xs, ys, color=INK, lw=0.8, zorder=2, solid_capstyle="butt")


def _draw_work(ax, cp, co, x0, y0, width) -> float:
    """The CEO and the cards at work as an organisation chart; returns the y below the last row.

    One tier is the rulebook's pyramid, centred. A bigger company wraps into tiers under one another, a line
    from the CEO down the left edge reaching each; a manager with more reports than a row holds has them in
    rows on a panel under it (FCM-1.3: still its reports, all of them in its slots)."""
    staff = cp.staff
    tiers = _tiers(co.work)
    many = len(tiers) > 1
    cx = x0 + width / 2
    ceo_y = y0 - TOP - PITCH / 2
    _card(ax, cx, ceo_y, staff.ceo.id, staff, label=f"CEO\n({co.ceo_slots} slots)")
    trunk = x0 + TRUNK / 2 + 0.1
    y = ceo_y
    for i, tier in enumerate(tiers):
        y -= PITCH
        cols = sum(t[2] for t in tier)
        left = x0 + TRUNK + 0.2 if many else cx - STEP * cols / 2
        bus = y + H / 2 + BUS
        xs = []
        for card, reports, k, rows in tier:
            mx = left + STEP * k / 2
            xs.append(mx)
            _card(ax, mx, y, card, staff)
            if reports:
                _draw_team(ax, staff, reports, mx, left, y, k, rows)
            left += STEP * k
        if xs:
            if i == 0:
                _line(ax, [cx, cx], [ceo_y - H / 2, bus])
            start = trunk if many else min(xs[0], cx)
            _line(ax, [start, max(xs[-1], cx if i == 0 else xs[-1])], [bus, bus])
            for mx in xs:
                _line(ax, [mx, mx], [bus, y + H / 2])
            if i:
                _line(ax, [trunk, trunk], [ceo_y - PITCH + H / 2 + BUS, bus])
        y -= PITCH * max((t[3] if t[1] else 0 for t in tier), default=0)
    return y - PITCH / 2


def _draw_team(ax, staff, reports, mx, left, y, k, rows):
    """The cards in one manager's slots, under it: a bar and a line to each (one row), or on a panel (rows)."""
    if rows == 1:
        bar = y - PITCH + H / 2 + BUS
        xs = [left + STEP * (j + 0.5) for j in range(len(reports))]
        _line(ax, [mx, mx], [y - H / 2, bar])
        _line(ax, [min(xs[0], mx), max(xs[-1], mx)], [bar, bar])
        for j, (r, rx) in enumerate(zip(reports, xs)):
            _line(ax, [rx, rx], [bar, bar - BUS])
            _card(ax, rx, y - PITCH, r, staff)
        return
    top = y - PITCH + H / 2 + BUS
    ax.add_patch(FancyBboxPatch((left + 0.02, y - PITCH * rows - H / 2 - 0.08), STEP * k - 0.04,
                                top - (y - PITCH * rows - H / 2 - 0.08), boxstyle="round,pad=0,rounding_size=0.12",
                                fc=TEAM, ec="#9e9e9e", lw=0.8, zorder=1.5))
    _line(ax, [mx, mx], [y - H / 2, top])
    for j, r in enumerate(reports):
        _card(ax, left + STEP * (j % k + 0.5), y - PITCH * (1 + j // k), r, staff)


def draw_company(obj, seat: int, ax=None, *, origin=(0.0, 0.0), viewer=None, title=True):
    """Player ``seat``'s chart: the CEO, managers and their reports, the beach, busy marketeers, cash and
    milestones held. ``origin`` places the chart's top-left corner on a shared Axes. The chart grows downwards
    rather than sideways, so that any legal company is shown at the width of a screen with 8-point names."""
    cp = _phases(obj)
    staff, co = cp.staff, cp.company(seat)
    standalone = ax is None
    width = company_width(co)
    height = company_height(cp, seat, viewer)
    fw, fh = (width + 0.2) * SCALE + 0.1, (height + 0.2) * SCALE + 0.45
    ax = new_axes(ax, size=(fw, fh), margins=(0.05 / fw, 0.05 / fh, 1 - 0.05 / fw, 1 - 0.4 / fh))
    x0, y0 = origin
    colour = player_colour(seat)
    ax.add_patch(Rectangle((x0, y0 - height), width, height, fc="white", ec=colour, lw=2, zorder=1))
    if title:
        ax.text(x0 + 0.15, y0 - 0.25, f"Player {seat}", ha="left", va="top", fontsize=10, weight="bold", color=INK,
                bbox=dict(fc="white", ec=colour, lw=2, pad=1.5))
        ax.text(x0 + width - 0.15, y0 - 0.25, f"${co.cash}", ha="right", va="top", fontsize=10, weight="bold",
                parse_math=False)
    y = _draw_work(ax, cp, co, x0, y0, width)
    slots = co.work.open_slots(staff, co.ceo_slots)
    note = ("overfilled: all to the beach (FCM-1.4)" if co.overfilled
            else f"{slots} open slot{'' if slots == 1 else 's'}")
    ax.text(x0 + width / 2, y - NOTE_H / 2, note, ha="center", va="center", fontsize=8,
            color="#c0392b" if co.overfilled else INK)
    y -= NOTE_H
    # the beach, in rows of at most COLS cards
    beach = _beach(co, staff)
    rows = max(1, -(-len(beach) // COLS))
    ax.add_patch(Rectangle((x0 + 0.1, y - BEACH_HEAD - PITCH * rows), width - 0.2, BEACH_HEAD + PITCH * rows,
                           fc=BEACH, ec="none", zorder=1.5))
    ax.text(x0 + 0.2, y - 0.05, "beach", fontsize=8, va="top", style="italic")
    for i, (c, k) in enumerate(beach):
        _card(ax, x0 + 0.2 + STEP * (i % COLS + 0.5), y - BEACH_HEAD - PITCH * (i // COLS + 0.5), c, staff,
              label=f"{short_name(staff.name(c))} x{k}")
    y -= BEACH_HEAD + PITCH * rows + 0.15
    # busy marketeers, the hand and the milestones held, each wrapped onto as many lines as it needs
    for lines, ink in _text_lines(cp, co, seat, viewer, width):
        ax.text(x0 + 0.2, y, lines, fontsize=8, va="top", color=ink, linespacing=1.15, parse_math=False)
        y -= LINE_H * (lines.count("\n") + 1) + 0.05
    if standalone:
        _frame(ax, x0, y0 - height, width, height)
        ax.set_title(f"Round {cp.round}: Player {seat}'s company", fontsize=10)
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
    """The training tree (FCM-3.3, FCM-I30): entry-level cards on the left, each arrow one training step;
    1x cards framed in red, salaried cards marked '$'. ``highlight`` = cards to outline (a path, say)."""
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


def _chart_rows(widths, room) -> list[list[int]]:
    """The charts' indices in rows at most ``room`` units wide (a chart wider than that on a row of its own)."""
    rows, used = [[]], 0.0
    for i, w in enumerate(widths):
        if rows[-1] and used + GAP + w > room:
            rows.append([])
            used = 0.0
        used += (GAP if rows[-1] else 0.0) + w
        rows[-1].append(i)
    return rows


def bank_text(bank: int) -> str:
    """The bank's level; below $0 (after its last break it pays in IOUs, FCM-I53) what it owes.

    >>> bank_text(250), bank_text(-122)
    ('bank $250', 'bank owes $122 (IOUs)')
    """
    return f"bank ${bank}" if bank >= 0 else f"bank owes ${-bank} (IOUs)"


def draw_state(game, viewer=None, ax=None):
    """Every player's company chart, in rows as wide as a screen shows at its natural size (the widest chart's
    width at least), the turn-order track above and the milestones table below."""
    cp = _phases(game)
    widths = [company_width(c) for c in cp.companies]
    heights = [company_height(cp, c.seat, viewer) for c in cp.companies]
    rows = _chart_rows(widths, max(max(widths), STEP * COLS + 0.4 + TRUNK))
    right = max(max(sum(widths[i] for i in row) + GAP * (len(row) - 1) for row in rows), 6.0 + 1.3 * cp.players)
    tall = sum(max(heights[i] for i in row) for row in rows) + GAP * (len(rows) - 1)
    bottom = -tall - 0.4 - 0.42 * (len(cp.ms) + 1)
    ax = new_axes(ax, size=((right + 0.4) * SCALE + 0.1, (1.8 - bottom) * SCALE + 0.2), margins=0.005)
    draw_turn_order(cp, ax, origin=(0, 1.4))
    ax.text(1.6 * cp.players + 0.3, 0.9, f"Round {cp.round}; {bank_text(cp.bank)}", fontsize=9, va="center",
            parse_math=False)
    y = 0.0
    for row in rows:
        x = 0.0
        for i in row:
            draw_company(cp, cp.companies[i].seat, ax, origin=(x, y), viewer=viewer)
            x += widths[i] + GAP
        y -= max(heights[i] for i in row) + GAP
    draw_milestones(cp, ax, origin=(0.0, -tall - 0.4))
    ax.set_xlim(-0.2, right + 0.2)
    ax.set_ylim(bottom - 0.2, 1.6)
    return board_axes(ax)


def state_png(game, viewer=None) -> bytes:
    ax = draw_state(game, viewer=viewer)
    return figure_png(ax.figure)
