"""Drawings of the whole FCM game: the state (map, demand and every chain), the Dinnertime trace on the map,
the Marketing phase campaign by campaign, the cash timeline with the bank's level and the demand over the
rounds. Every function takes ``ax=None`` and returns the Axes; nothing here decides a rule: the records
come from ``dinnertime.run`` and ``marketing.run_phase``.
"""
from __future__ import annotations

import re
import textwrap

from ....drawing import (FRAME_DPI, FRAME_SIZE, INK, PLAYER_COLOURS, TALL_FRAME_SIZE, Drawing, board_axes, board_text,
                         check_layout, figure_bytes, markers, new_axes)
from ....key_drawing import draw_key, key_height, key_rows, key_width
from ..company import drawing as cd
from . import click_drawing as clicks
from ..map import drawing as md
from ..map.colours_drawing import PALETTE, chain_colour
from ..map.roads import entrances
from .dinnertime import unit_price
from .marketing import demand_after_step

#: Colours told apart by colour: the chains (restaurants, arrows, lines: each also labelled by number) and the
#: goods of the demand dots (with a key beside the map).
DISTINCT_COLOURS = {"chains": dict(enumerate(PLAYER_COLOURS, 1)),
                    "goods": {g: PALETTE[g] for g in ("burger", "pizza", "beer", "lemonade", "soda")}}
LINE = 0.155             # inches from one line of 8-point panel text to the next

PHASE_NAMES = {"setup": "setup", "restaurants": "setup: starting restaurants", "restructure": "1 Restructuring",
               "order": "2 Order of Business", "working": "3 Working 9-5", "payday": "5 Payday",
               "cleanup": "7 Clean-up", "over": "game over"}


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _new_axes(ax, size, margins=(0.01, 0.01, 0.99, 0.9)):
    return new_axes(ax, size=size, margins=margins)


def _centre(squares):
    rs = [s[0] for s in squares]
    cs = [s[1] for s in squares]
    return (min(cs) + max(cs)) / 2, (min(rs) + max(rs)) / 2


def _wrap(text: str, width: int, whole_items: bool = False) -> list[str]:
    """``text`` as indented lines of at most ``width`` characters; ``whole_items`` breaks a list only after its
    commas and semicolons ("1 Junior Vice President" kept on one line), a word at a time only for a longer item."""
    if not whole_items:
        return textwrap.wrap(text, width, initial_indent="  ", subsequent_indent="      ")
    lines = ["  "]
    for item in re.split(r"(?<=[,;]) +", text):
        if len(lines[-1]) + len(item) + (not lines[-1].isspace()) <= width:
            lines[-1] += ("" if lines[-1].isspace() else " ") + item
        elif len(item) + 6 <= width:
            lines.append("      " + item)
        else:
            head = lines[-1] if lines[-1].isspace() else lines[-1] + " "
            lines[-1:] = textwrap.wrap(head + item, width, subsequent_indent="      ")
    return lines


def player_lines(game, seat: int, viewer=None, width: int = 70, brief: int = 0, whole_items: bool = False) -> list[str]:
    """What the side panel says about one chain (hands of others hidden, FCM-I42), in lines of at most
    ``width`` characters: long lists wrap onto more lines rather than being cut (``whole_items``: after an
    item). For a crowded panel, ``brief`` 1 counts the milestones instead of naming them, 2 also counts the cards
    at work, on the beach and busy, 3 also the cards in hand (on the milestones' line) and leaves out counts
    of 0."""
    co = game.co
    c = co.company(seat)
    price = unit_price(co, seat)[0]
    goods = ", ".join(f"{n} {g}" for g, n in sorted(c.goods.items()) if n) or "none"
    hand = sum(c.hand.values())
    if _sees(game, seat, viewer):
        hand_text = ", ".join(f"{n} {co.name(k)}" for k, n in sorted(c.hand.items()) if n) or "empty"
        hand_text = _cards(hand) if brief >= 3 and hand else hand_text
    else:                       # (how many is seen by all)
        hand_text = f"{_cards(hand)}, hidden" if brief < 3 else (f"{hand} hidden" if hand else "empty")
    work = c.work.text(co.staff) or "CEO alone"
    beach = ", ".join(f"{n} {co.name(k)}" for k, n in sorted(c.beach.items()) if n) or "nobody"
    busy = ", ".join(co.name(b) for b in c.busy) or "nobody"
    held = (f"{len(c.milestones)} held" if brief else
            ", ".join(co.ms[m].name.replace("First ", "") for m in c.milestones) or "none")
    sold = game.sales[seat - 1]
    # the chain's line is bold and follows its colour's square: shortened where a narrow panel has no room
    heads = (f"Player {seat}: ${c.cash}   unit price ${price}   sold {sold}",
             f"Player {seat}: ${c.cash}  unit price ${price}  sold {sold}",
             f"Player {seat}: ${c.cash}  price ${price}  sold {sold}")
    lines = [next((h for h in heads if len(h) <= width - 3), heads[-1])]
    counts = ((sum(1 + len(r) for _, r in c.work.items), "at work"), (sum(c.beach.values()), "on the beach"),
              (len(c.busy), "busy"))
    if brief >= 3:              # the counts that are not 0; the hand on the milestones' line
        told = ", ".join(f"{n} {what}" for n, what in counts if n)
        texts = (f"{told};  goods: {goods}" if told else f"goods: {goods}", f"hand: {hand_text};  milestones: {held}")
    elif brief == 2:
        told = ", ".join(f"{n} {what}" for n, what in counts)
        texts = (f"{told};  goods: {goods}", f"hand: {hand_text}", f"milestones: {held}")
    else:
        texts = (f"at work: {work}", f"beach: {beach}", f"hand: {hand_text}", f"busy: {busy};  goods: {goods}",
                 f"milestones: {held}")
    for text in texts:
        lines += _wrap(text, width, whole_items)
    return lines + face_down_lines(game, seat, viewer, width, whole_items)


def _sees(game, seat: int, viewer) -> bool:
    """Does ``viewer``'s view show ``seat``'s hand and face-down cards (FCM-I42; all of them at the end, FCM-I79)?"""
    company = next(c for c in game.view(viewer)["company"]["companies"] if c["seat"] == seat)
    return "(cards in hand)" not in company["hand"]


def face_down_lines(game, seat: int, viewer=None, width: int = 70, whole_items: bool = False) -> list[str]:
    """What ``seat`` has laid face down and not yet revealed (FCM-1.1, FCM-I31, FCM-I39, FCM-I42): its own view
    and the class view say what, every other view only that something lies there."""
    co = game.co
    laid = co.secret.get(seat)
    if laid is None:
        return []
    what = "the cards to fire" if isinstance(laid, list) else "the cards at work"
    if _sees(game, seat, viewer):
        shown = ", ".join(map(str, laid)) if isinstance(laid, list) else (laid or "CEO alone")
        known = co.staff.employees.keys() | {co.staff.ceo.id}       # the cards by name, as the panel names them
        shown = re.sub(r"[a-z][a-z_]*", lambda m: co.name(m[0]) if m[0] in known else m[0], shown)
        return _wrap(f"face down: {shown}", width, whole_items)
    return [f"  face down: {what} (hidden)"]


def _head_lines(game, width=None) -> list:
    """The panel's first lines: the round, phase, bank and breaks, and the turn order (wrapped to ``width``)."""
    co = game.co
    texts = (f"Round {co.round}, {PHASE_NAMES.get(game.phase, game.phase)}   {cd.bank_text(co.bank)}   breaks {game.breaks}",
             "turn order: " + ", ".join(f"Player {s}" for s in co.order))
    return [(t, "head", None) for text in texts for t in ([text] if width is None else textwrap.wrap(text, width))]


def _next_lines(game, chars, most=None) -> list:
    """The decision to come, wrapped to ``chars`` (none once the game is over); in at most ``most`` lines (at
    least one), the last ending in an ellipsis where the text was longer."""
    d = game.pending()
    if d is None:
        return []
    lines = textwrap.wrap(f"Next: Player {d.player}: {d.prompt}", chars)
    if most is not None and len(lines) > max(1, most):
        most = max(1, most)
        lines[most - 1:] = [textwrap.shorten(" ".join(lines[most - 1:]), chars, placeholder=" \u2026")]
    return [(t, "next", None) for t in lines]


def _chain_lines(game, seat, viewer, chars, brief, whole_items=False) -> list:
    return [(line, "chain" if i == 0 else "text", seat)
            for i, line in enumerate(player_lines(game, seat, viewer, chars, brief, whole_items))]


def _brief_steps(game):
    """How briefly each chain is told (``player_lines``' ``brief``, by seat), from the fullest to the briefest a
    chain at a time: at each level the chains become one level briefer one after another, the player about to
    decide last (its chain is the one the class reads now) and the players after it in turn order just before,
    so that a crowded panel keeps what detail fits where it matters next."""
    d, turns = game.pending(), list(game.co.order)
    seats = range(1, game.players + 1)
    if d is not None and d.player in turns:      # the decider, then the others in turn order, told briefer last
        turns = turns[turns.index(d.player):] + turns[:turns.index(d.player)]
    order = [s for s in reversed(turns) if s in seats] + [s for s in seats if s not in turns]
    for level in range(3):
        for k in range(len(order)):
            briefer = set(order[:k])
            yield {s: level + (s in briefer) for s in seats}
    yield {s: 3 for s in seats}


def _cut(block, cap: int, chars: int) -> list:
    """A chain's lines, (text, kind, seat), cut to ``cap`` lines, the last saying as much of the rest as fits in
    ``chars`` characters and ending in an ellipsis."""
    if len(block) <= cap:
        return block
    parts = []
    for text, _, _ in block[cap - 1:]:
        if parts and text.startswith("      "):         # a wrapped line goes on
            parts[-1] += " " + text.strip()
        else:
            parts.append(text.strip().rstrip(";"))
    text, kind, seat = block[cap - 1]
    indent = text[:len(text) - len(text.lstrip())]
    return block[:cap - 1] + [((indent + "; ".join(parts))[:chars - 1] + "\u2026", kind, seat)]


def _panel(game, viewer, chars, room):
    """The side panel's lines, (text, kind, seat), in ``room`` lines: the chains told as briefly as they need to
    be for the head, the chains and the next decision to fit (``_brief_steps``: a chain at a time, so the room is
    used), the longest chains cut short if even the briefest do not (face-down cards in the class view), and the
    decision cut short if it still does not fit (so that the panel stops short of the key under it, whatever the
    decision's length)."""
    nxt = _next_lines(game, chars)
    room -= 0.35 * game.players                 # (the gaps before the chains)
    head = _head_lines(game)
    told = {}                                   # (seat, brief): the chain's lines

    def chain(s, brief):
        if (s, brief) not in told:
            told[s, brief] = _chain_lines(game, s, viewer, chars, brief)
        return told[s, brief]
    for briefs in _brief_steps(game):
        blocks = [chain(s, briefs[s]) for s in range(1, game.players + 1)]
        if len(head) + sum(map(len, blocks)) + len(nxt) <= room:
            return head + [line for b in blocks for line in b] + nxt
    caps = [len(b) for b in blocks]             # still too long: the longest chains cut short, a line at a time
    while len(head) + sum(caps) + min(len(nxt), 2) > room and max(caps) > 2:     # (the decision kept whole)
        caps[caps.index(max(caps))] -= 1
    lines = head + [line for b, cap in zip(blocks, caps) for line in _cut(b, cap, chars)]
    return lines + _next_lines(game, chars, int(room - len(lines)))


def _put(ax, x, y, step, text, kind, seat, size=8):
    """One panel line of ``size`` points with its top at ``y``: a chain's first line bold after a square of its
    colour, the head bold, the next decision in italics."""
    if kind == "chain":
        markers(ax, [x + 0.25 * step], [y + 0.45 * step], s=55 * (size / 8) ** 2, marker="s", fc=chain_colour(seat),
                ec=INK, lw=0.6, zorder=6)
    board_text(ax, x + (0.7 * step if kind == "chain" else 0), y, text, fontsize=size, va="top", ha="left",
               parse_math=False, fontweight="bold" if kind in ("head", "chain") else None,
               style="italic" if kind == "next" else "normal", color=INK)


def _map_room(fmap):
    """(left, right, top, bottom) of the map on a frame, in squares: half a square round it, and room for an
    airplane's banner on each side one flies along (drawn outside the map, as ``draw_map`` does). The row and
    column numbers' room (``md.LABEL_ROOM``, in inches) comes on top of this, left and above (``_with_labels``)."""
    sides = {c.side for c in fmap.campaigns.values() if c.kind == "airplane"}
    room = {s: 2.2 if s in sides else 0.5 for s in "nswe"}
    return -0.5 - room["w"], fmap.width - 0.5 + room["e"], -0.5 - room["n"], fmap.height - 0.5 + room["s"]


def _with_labels(room, scale):
    """``_map_room``'s (left, right, top, bottom) with the room of the map's row and column numbers at ``scale``
    inches a square."""
    left, right, top, bottom = room
    return left - md.LABEL_ROOM[0] / scale, right, top - md.LABEL_ROOM[1] / scale, bottom


def draw_state(game, viewer=None, ax=None, fast=False, layout="wide"):
    """The map with restaurants, campaigns and demand, and a panel with the round, phase, bank, turn order and
    every chain (cash, price, cards, goods, milestones). ``viewer`` hides other players' hands (FCM-I42).

    ``layout="wide"`` (notebooks) is ``FRAME_SIZE``: the map takes the height, the panel the rest of the width (at
    least 4.3 inches, 8-point lines wrapped to fit), so a small map is drawn as large as the frame allows; the
    map's key (``map.drawing.map_key``) stands at the panel's foot. ``layout="tall"`` (steppers) is
    ``TALL_FRAME_SIZE``: the map above with its key in a column on its right, the players below, two to a row
    (``_draw_tall``). ``fast=True`` (for steppers) keeps the map's squares as a picture while they stay the
    same (``image_layer``), and the key as one drawn once (``draw_key``)."""
    if check_layout(layout) == "tall":
        return _draw_tall(game, viewer, ax, fast)
    fmap = game.map
    ax = new_axes(ax, size=FRAME_SIZE, margins=(0.005, 0.005, 0.995, 0.94))
    fig_w, fig_h = ax.figure.get_size_inches()
    pos = ax.get_position()
    box_w, box_h = fig_w * pos.width, fig_h * pos.height
    left, right, top, bottom = _map_room(fmap)
    lw, lh = md.LABEL_ROOM
    panel_in = max(4.3, box_w - lw - (box_h - lh) * (right - left) / (bottom - top))
    chars = int(panel_in * 96 / 6.3) - 2                   # 8-point characters that fit the panel
    scale = min((box_w - panel_in - lw) / (right - left), (box_h - lh) / (bottom - top))      # inches a square
    left, right, top, bottom = _with_labels((left, right, top, bottom), scale)
    key = key_rows(md.map_key(), box_w - (right - left + 0.2) * scale - 0.1, KEY_SIZE)    # at the panel's foot
    key_in = key_height(key, KEY_SIZE) + KEY_GAP
    room = int((box_h - key_in) / LINE) - 1
    lines = _panel(game, viewer, chars, room)
    md.draw_map(fmap, ax, title="", fast=fast, square_in=scale)
    md.demand_dots(ax, fmap)
    x0 = right + 0.2
    x1 = left + box_w / scale
    ytop = top
    ybottom = ytop + box_h / scale
    step = LINE / scale
    y = ytop + 0.3 * step
    for text, kind, seat in lines:
        if kind == "chain":
            y += 0.35 * step
        _put(ax, x0, y, step, text, kind, seat)
        y += step
    draw_key(ax, key, x0, ybottom - (key_in - KEY_GAP / 2) / scale, scale, KEY_SIZE, down=True, fast=fast)
    ax.set_xlim(left, x1)
    ax.set_ylim(ybottom, ytop)
    title = f"Food Chain Magnate, {game.players} players" + ("" if viewer is None else f" (Player {viewer}'s view)")
    ax.set_title(title, fontsize=11, x=1.0, ha="right")     # over the panel: airplanes stand above the map
    return board_axes(ax)


KEY_SIZE = 9            # points of the key's text (read from the back of the room, as the panel is)
KEY_GAP = 0.12          # inches between the key and what is above it or left of it
KEY_COLUMN = 1.05       # inches the tall frame's key takes across, right of the map (a sign and its word a line)
TALL_LINE = 0.145        # inches from one line of the tall frame's 8-point text to the next
CHAR = 6.1 / FRAME_DPI   # inches an 8-point character takes, about (digits 7 px, most letters less)
BOLD = 6.6 / FRAME_DPI
#: Lines the tall frame keeps for the players' blocks below the map, by the number of players (most blocks take
#: five or six lines): the map's size is set by them (the same on every step of a game); blocks that need more are
#: told more briefly, at last cut short.
TALL_BLOCKS = {2: 7, 3: 10, 4: 10, 5: 15}
#: Points of the tall frame's panel text, by the number of players: larger where the map can spare the room.
TALL_TEXT = {2: 10, 3: 9, 4: 9, 5: 8}


def _fit_blocks(game, viewer, chars, room, rows):
    """Each player's lines for the tall panel, as briefly as they need to be for ``room`` lines in ``rows`` rows
    of two, and how many lines each row takes."""
    def height(blocks):
        return [max(len(b) for b in blocks[i:i + 2]) for i in range(0, len(blocks), 2)]
    for brief in (0, 1, 2, 3):
        blocks = [_chain_lines(game, s, viewer, chars, brief, True) for s in range(1, game.players + 1)]
        if sum(height(blocks)) <= room:
            return blocks, height(blocks)
    caps = height(blocks)               # still too long: the tallest rows cut short, a line at a time
    while sum(caps) > room and max(caps) > 2:
        caps[caps.index(max(caps))] -= 1
    blocks = [_cut(b, caps[i // 2], chars) for i, b in enumerate(blocks)]
    return blocks, height(blocks)


def _draw_tall(game, viewer, ax, fast):
    """The stepper's frame, ``TALL_FRAME_SIZE``: the map across the top as large as the room left by the panel
    and the key beside it let it be (that room is kept for ``TALL_BLOCKS`` lines of ``TALL_TEXT`` points, so the
    map keeps its size from step to step); below it the round and turn order, the players' blocks two to a row,
    and the next decision."""
    fmap = game.map          # (the title is one line: less room above than tall_axes keeps for two)
    ax = new_axes(ax, size=TALL_FRAME_SIZE, margins=(0.005, 0.005, 0.995, 1 - 0.32 / TALL_FRAME_SIZE[1]))
    fig_w, fig_h = ax.figure.get_size_inches()
    pos = ax.get_position()
    box_w, box_h = fig_w * pos.width, fig_h * pos.height
    left, right, top, bottom = _map_room(fmap)
    rows = (game.players + 1) // 2
    size = TALL_TEXT[game.players]
    line = TALL_LINE * size / 8
    kept = (2.3 + TALL_BLOCKS[game.players] + 0.35 * rows + 1.2) * line     # the head, the blocks, the next decision
    lw, lh = md.LABEL_ROOM
    # the key right of the map: a column, two where the map is low, the squares' part across the frame's foot
    # where even two are too long, else all of it across the foot (a map much wider than high)
    for across, beside, under in ((1, md.map_key(), ()), (2, md.map_key(), ()), (2, md.goods_key(), md.squares_key()),
                                  (0, (), md.map_key())):
        key = key_rows(beside, across * KEY_COLUMN, KEY_SIZE, grid=True)
        strip = key_rows(under, box_w - 0.1, KEY_SIZE)
        key_w = key_width(key, KEY_SIZE) + KEY_GAP if beside else 0.0
        foot = key_height(strip, KEY_SIZE) + KEY_GAP if under else 0.0
        scale = min((box_w - lw - key_w) / (right - left), (box_h - lh - kept - foot) / (bottom - top))
        if not across or key_height(key, KEY_SIZE) <= (bottom - top) * scale + lh:
            break
    left, right, top, bottom = _with_labels((left, right, top, bottom), scale)
    md.draw_map(fmap, ax, title="", fast=fast, small=scale < 0.26, square_in=scale)
    md.demand_dots(ax, fmap)
    step = line / scale
    wide = int((box_w - 0.1) / (BOLD * size / 8))                # characters across the frame
    chars = int((box_w / 2 - 0.12) / (CHAR * size / 8))          # ... across a block
    head, nxt = _head_lines(game, wide), _next_lines(game, wide, most=2)     # (the blocks make room for it)
    room = (box_h - (bottom - top) * scale - foot) / line - 0.3 - len(head) - len(nxt) - 0.35 * rows
    blocks, heights = _fit_blocks(game, viewer, chars, room, rows)
    x0 = left - (box_w - (right - left) * scale - key_w) / 2 / scale + 0.05 / scale  # the frame's left edge: the
    # map and the key centred
    y = bottom + 0.3 * step
    for text, kind, seat in head:
        _put(ax, x0, y, step, text, kind, seat, size)
        y += step
    tops = [y + (0.35 * (r + 1) + sum(heights[:r])) * step for r in range(rows + 1)]     # each row after a gap
    for i, b in enumerate(blocks):
        for k, (text, kind, seat) in enumerate(b):
            _put(ax, x0 + (i % 2) * box_w / 2 / scale, tops[i // 2] + k * step, step, text, kind, seat, size)
    y = tops[-1] - 0.35 * step
    for text, kind, seat in nxt:
        _put(ax, x0, y, step, text, kind, seat, size)
        y += step
    if key_w:
        draw_key(ax, key, right + KEY_GAP / scale, _map_room(fmap)[2], scale, KEY_SIZE, down=True, fast=fast)
    if foot:
        draw_key(ax, strip, x0, top + (box_h - foot + KEY_GAP / 2) / scale, scale, KEY_SIZE, down=True, fast=fast,
                 name="key" if not key_w else "squares' key")
    ax.set_xlim(x0 - 0.05 / scale, x0 - 0.05 / scale + box_w / scale)
    ax.set_ylim(top + box_h / scale, top)
    title = f"Food Chain Magnate, {game.players} players" + ("" if viewer is None else f" (Player {viewer}'s view)")
    ax.set_title(title, fontsize=11)
    return board_axes(ax)


def state_png(game, viewer=None, dpi=None, format="png", layout="wide") -> bytes:
    """The state's frame (``layout`` "wide" or "tall") as PNG (or ``format`` "svg", "pdf") at ``dpi`` (default
    ``FRAME_DPI``)."""
    return figure_bytes(draw_state(game, viewer=viewer, layout=layout).figure, format, dpi)


def draw_dinnertime(game, records=None, ax=None, title=None):
    """The Dinnertime trace on the map: an arrow from the winner's nearest entrance to each house it served;
    beside the map, house by house, the winner's price + distance = sum and the dollars, and the sums of the
    chains that could have served it; houses nobody could serve get a grey cross (FCM-4.1 to FCM-4.4,
    FCM-I55). Chains are named by number as well as colour."""
    fmap = game.map
    records = game.records if records is None else records
    rows = []
    for rec in records:
        others = ", ".join(f"P{r['seat']} {r['sum']}" for r in rec["chains"]
                           if r["candidate"] and r["seat"] != rec["winner"])
        if rec["winner"] is None:
            rows.append((f"house {rec['house']}: nobody" + (f" (could: {others})" if others else ""), None))
            continue
        win = next(r for r in rec["chains"] if r["seat"] == rec["winner"])
        rows.append((f"house {rec['house']}: P{rec['winner']} {win['price']}+{win['distance']}={win['sum']} "
                     f"\u2192 ${rec['income']}" + (f"  (also {others})" if others else ""), rec["winner"]))
    if ax is None:
        # the map at most 6 inches wide with its row numbers, so that map and table are shown at their natural size
        w, h = md.map_axes(None, fmap, scale=min(0.36, (6.0 - md.LABEL_ROOM[0]) / fmap.width)).figure.get_size_inches()
        from matplotlib.figure import Figure
        fig = Figure(figsize=(w + 3.4, max(h, 0.6 + 2 * LINE * (len(rows) + 2))), dpi=FRAME_DPI)
        ax = fig.add_axes((0.005, 0.01, w / (w + 3.4) - 0.01, 1 - 0.5 / fig.get_size_inches()[1]))
    title = title or f"Dinnertime, round {records[0]['round'] if records else game.co.round}"
    md.draw_map(fmap, ax, title=textwrap.fill(title, max(16, int(ax.bbox.width / 7.5))))
    for rec in records:
        h = fmap.houses[rec["house"]]
        hx, hy = _centre(h.squares)
        if rec["winner"] is None:
            ax.plot([hx + 0.5], [hy - 0.5], marker="x", ms=12, mew=2.5, color="#777777", zorder=7)   # beside its number
            continue
        rest = fmap.restaurants.get(rec["restaurant"])
        if rest is not None:
            ex, ey = min(((e[1], e[0]) for e in entrances(fmap, rest)),
                         key=lambda p: (p[0] - hx) ** 2 + (p[1] - hy) ** 2)
            ax.annotate("", xy=(hx, hy), xytext=(ex, ey), zorder=8,
                        arrowprops=dict(arrowstyle="-|>", color=chain_colour(rec["winner"]), lw=2.2))
    table = ax.inset_axes((1.02, 0.0, 3.3 / (ax.bbox.width / FRAME_DPI), 1.0))
    table.axis("off")
    line = LINE * FRAME_DPI / table.bbox.height
    table.text(0, 1, "house: winner price+distance=sum \u2192 income", fontsize=8, weight="bold", va="top",
               transform=table.transAxes, parse_math=False)
    k = 1.3
    for text, seat in rows or [("no Dinnertime yet", None)]:
        y = 1 - line * k
        if seat is not None:
            table.scatter([0.02], [y - 0.3 * line], s=40, marker="s", c=chain_colour(seat), edgecolors=INK,
                          linewidths=0.6, transform=table.transAxes, clip_on=False)
        wrapped = textwrap.wrap(text, 44, subsequent_indent="    ")
        table.text(0.06, y, "\n".join(wrapped), fontsize=8, va="top", transform=table.transAxes,
                   parse_math=False, linespacing=1.15)      # a wrapped row keeps to its lines (LINE)
        k += len(wrapped)
    return ax


def draw_marketing_step(game, k: int, ax=None):
    """Campaign ``k`` of the last Marketing phase: its area shaded (if still on the map) and the houses it
    put demand on, with the number of tokens (FCM-6.1 to FCM-6.6)."""
    fmap = game.map
    number, placed = game.marketing_log[k]
    ax = md.map_axes(ax, fmap)
    title = (f"Marketing step {k + 1}: campaign #{number} places "
             + (", ".join(f"{n} on house {h}" for h, n in placed.items()) or "nothing"))
    # wrapped to its panel's width, so that panels side by side keep their titles apart
    md.draw_map(fmap, ax, title=textwrap.fill(title, max(16, int(ax.bbox.width / 7.5))))
    if number in fmap.campaigns:
        c = fmap.campaigns[number]
        md.shade_squares(ax, fmap, md.campaign_area(fmap, number), PALETTE[c.kind], alpha=0.3)
    md.outline_houses(ax, fmap, [int(h) for h in placed], PALETTE["reach"])
    for h, n in placed.items():
        x, y = _centre(fmap.houses[int(h)].squares)
        ax.text(x, y + 0.42, f"+{n}", fontsize=8, ha="center", va="center", fontweight="bold",   # under its number,
                color=PALETTE["reach"], zorder=8)                               # inside the house: clear of neighbours
    md.demand_dots(ax, fmap, demand_after_step(game, k))
    return ax


def draw_cash_timeline(game, ax=None):
    """Each chain's cash after every round, and the bank's level (dashed) (FCM-4.7)."""
    ax = _new_axes(ax, (8, 3.6), margins=(0.09, 0.14, 0.8, 0.9))
    rounds = [0] + [t for t, _ in game.timeline]
    markers = "os^Dv"
    for s in range(1, game.players + 1):
        cash = [0] + [sc[s - 1] for _, sc in game.timeline]
        ax.plot(rounds, cash, color=chain_colour(s), lw=2, marker=markers[(s - 1) % 5], ms=5, label=f"Player {s}")
    ax.plot(list(range(len(game.bank_log))), game.bank_log, color=PALETTE["ink"], ls="--", lw=1.5, label="bank")
    ax.axhline(0, color="#999999", lw=0.6)
    ax.set_xlabel("round", fontsize=10)
    ax.set_ylabel("dollars", fontsize=10)
    ax.tick_params(labelsize=9)
    ax.set_title("Cash per chain and the bank after each round", fontsize=11)
    ax.legend(fontsize=9, frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return ax


def draw_demand_over_rounds(game, ax=None):
    """Demand tokens on each house after every Marketing phase, as a grid of houses by rounds (FCM-6.6)."""
    import numpy as np
    log = game.demand_log
    houses = sorted({int(h) for d in log for h in d} | set(game.map.houses))
    grid = np.array([[d.get(str(h), 0) for d in log] for h in houses]) if log else np.zeros((len(houses), 1))
    height = 0.25 * len(houses) + 1.3
    ax = _new_axes(ax, (7, height), margins=(0.13, 0.9 / height, 0.88, 1 - 0.45 / height))
    im = ax.imshow(grid, aspect="auto", cmap="Oranges", vmin=0, vmax=5)
    ax.set_yticks(range(len(houses)), [f"house {h}" for h in houses], fontsize=8)
    ax.set_xticks(range(grid.shape[1]), [str(k + 1) for k in range(grid.shape[1])], fontsize=8)
    ax.set_xlabel("round (after the Marketing phase)", fontsize=9)
    ax.set_title("Demand tokens on the houses", fontsize=11)
    bar = ax.figure.colorbar(im, cax=ax.inset_axes((1.03, 0.0, 0.03, 1.0)))     # keeps the Axes where it is
    bar.ax.tick_params(labelsize=8)
    return ax


def figure_png(ax, dpi: int | None = None) -> bytes:
    """The Axes' figure as PNG, margins trimmed (``toolkit.drawing.figure_png``)."""
    from ....drawing import figure_png as png
    return png(ax.figure, dpi)


def _marketing(game, viewer):
    """The last Marketing phase's first campaign, or a note that there was none yet."""
    if game.marketing_log:
        return draw_marketing_step(game, 0)
    ax = new_axes(None, size=(4, 1.2))
    ax.text(0.5, 0.5, "no Marketing phase yet", ha="center", va="center", fontsize=10, transform=ax.transAxes)
    return board_axes(ax)


def _distances(game, viewer):
    """Distances from the first restaurant on the map (the bare map before any is placed)."""
    if not game.map.restaurants:
        return md.draw_map(game.map)
    return md.draw_distances(game.map, sorted(game.map.restaurants)[0])


#: Every public drawing, as the legibility test and the gallery call it; the map's and the companies' drawings
#: too, as they look in a game.
DRAWINGS = (
    Drawing("map.draw_demand", lambda game, viewer: md.draw_demand(game.map), views=False),
    Drawing("map.draw_distances", _distances, views=False),
    Drawing("company.draw_company", lambda game, viewer: cd.draw_company(game, viewer or 1, viewer=viewer)),
    Drawing("company.draw_turn_order", lambda game, viewer: cd.draw_turn_order(game), views=False),
    Drawing("company.draw_milestones", lambda game, viewer: cd.draw_milestones(game), views=False),
    Drawing("draw_state", lambda game, viewer: draw_state(game, viewer=viewer)),
    Drawing("draw_state_tall", lambda game, viewer: draw_state(game, viewer=viewer, layout="tall")),
    Drawing("draw_dinnertime", lambda game, viewer: draw_dinnertime(game), views=False),
    Drawing("draw_marketing_step", _marketing, views=False),
    Drawing("draw_cash_timeline", lambda game, viewer: draw_cash_timeline(game), kind="chart", views=False),
    Drawing("draw_demand_over_rounds", lambda game, viewer: draw_demand_over_rounds(game), kind="chart",
            views=False),
)

__all__ = ["draw_cash_timeline", "draw_demand_over_rounds", "draw_dinnertime", "draw_marketing_step", "draw_state",
           "figure_png", "player_lines", "state_png", "DRAWINGS", "DISTINCT_COLOURS"]


# the stepper finds each game's board clicks in its drawing module; where they lie is click_drawing.py's work
def click_groups(game, decision, ax=None):
    """``click_drawing.click_groups`` on ``ax`` (the state drawn afresh when ``ax`` is None)."""
    return clicks.click_groups(game, decision, draw_state(game) if ax is None else ax)


def click_targets(game, decision, ax=None):
    """``click_drawing.click_targets`` on ``ax`` (the state drawn afresh when ``ax`` is None)."""
    return clicks.click_targets(game, decision, draw_state(game) if ax is None else ax)
