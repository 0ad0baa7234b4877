"""Keys: what a drawing's signs mean, as a strip under the picture or a box of its own. A game's drawing lists
its signs as ``KeyItem``s; ``key_rows`` lays them out in rows of a width, ``draw_key`` draws them."""
from __future__ import annotations

from dataclasses import dataclass

from .drawing import INK, add_shape, mark_place, markers, static_layer, text_inches, text_on


@dataclass(frozen=True)
class KeyItem:
    """One entry of a key: a sign as the drawing shows it and what it means. ``shape`` "s" is a square of colour
    ``fc`` with ``sign`` on it (a drink's letter, a campaign's "#11"), "c" a round badge of that colour with
    ``sign`` on it (a campaign's rounds left), "o" a dot of that colour, "" the ``sign``
    alone in bold ("BM", "+1"), "head" a heading in italics (``label`` only). A heading, or an item with ``group``,
    starts a group of items that ``key_rows`` keeps on one row where it fits. A square may have an edge of colour
    ``ec`` and a ``hatch`` (as the drawing's own: "////")."""
    label: str
    sign: str = ""
    fc: str = "white"
    shape: str = ""
    group: bool = False
    ec: str = INK
    hatch: str = ""



def _sign_inches(item: KeyItem, size: float) -> float:
    """The width of an item's sign (its square, dot or bold text), in inches."""
    if item.shape == "head":
        return 0.0
    if item.shape == "o":
        return size * 0.9 / 72
    text = text_inches(item.sign, size, bold=True) if item.sign else 0.0
    return max(size * 1.3 / 72, text + size * 0.4 / 72) if item.shape in ("s", "c") else text


def _item_inches(item: KeyItem, size: float) -> float:
    sign = _sign_inches(item, size)
    return sign + (size * 0.35 / 72 if sign else 0.0) + text_inches(item.label, size)


def key_rows(items, width: float, size: float = 9, grid: bool = False) -> list:
    """``items`` laid out in rows at most ``width`` inches wide, each row a list of (left, item) in inches from the
    key's left edge. A heading and the items after it (up to the next heading) share a row where they fit, else
    start a new one (a group too long for one row puts its heading on a row of its own); an item keeps its sign
    and meaning together; a heading wider than ``width`` is broken between words. ``grid``: the items of a group
    too long for one row take the room of its widest, so that they stand in columns."""
    between = size * 0.75 / 72                     # from one item to the next
    groups = []
    for item in items:
        if item.shape == "head" or item.group or not groups:
            groups.append([])
        groups[-1].append(item)
    rows, x = [[]], 0.0

    def put(item, w):
        nonlocal x
        apart = between if rows[-1] and item.group else 0.0     # a group's first item stands apart
        if rows[-1] and x + apart + w > width:
            rows.append([])
            x = apart = 0.0
        x += apart
        rows[-1].append((x, item))
        x += w + between
    for group in groups:
        ws = [_item_inches(item, size) for item in group]
        whole = sum(ws) + between * (len(ws) - 1)
        if grid and whole > width:
            cell = max(w for item, w in zip(group, ws) if item.shape != "head")
            ws = [w if item.shape == "head" else cell for item, w in zip(group, ws)]
        if rows[-1] and x + whole > width:         # the group on a row of its own, or from a new row
            rows.append([])
            x = 0.0
        for k, (item, w) in enumerate(zip(group, ws)):
            if item.shape == "head" and w > width:     # a long heading, a line of its words at a time
                words, line = item.label.split(), ""
                for word in words:
                    if line and text_inches(f"{line} {word}", size) > width:
                        put(KeyItem(line, shape="head"), width)
                        line = word
                    else:
                        line = f"{line} {word}".strip()
                item, w = KeyItem(line, shape="head"), text_inches(line, size)
            put(item, w)
            if k == 0 and item.shape == "head" and whole > width and len(group) > 1:   # its items on rows below
                rows.append([])
                x = 0.0
    return rows


def key_height(rows, size: float = 9) -> float:
    """Inches a key of ``rows`` takes: 1.45 lines of its size each."""
    return len(rows) * size * 1.45 / 72


def key_width(rows, size: float = 9) -> float:
    """Inches the widest of a key's ``rows`` takes."""
    return max((left + _item_inches(item, size) for row in rows for left, item in row), default=0.0)


def _draw_key(ax, rows, x0, y0, unit, size, down):
    from matplotlib.patches import Rectangle
    line, gap = size * 1.45 / 72 / unit, size * 0.35 / 72 / unit
    sign = 1 if down else -1
    for r, row in enumerate(rows):
        y = y0 + sign * (r + 0.5) * line
        for left, item in row:
            x = x0 + left / unit
            w = _sign_inches(item, size) / unit
            if item.shape == "s":
                h = size * 1.3 / 72 / unit
                add_shape(ax, Rectangle((x, y - h / 2), w, h, fc=item.fc, ec=item.ec, lw=1.2 if item.hatch else 0.6,
                                        hatch=item.hatch or None, zorder=3))
            elif item.shape == "o":
                markers(ax, [x + w / 2], [y], s=(size * 0.9) ** 2, fc=item.fc, ec=INK, lw=0.6, zorder=3)
            elif item.shape == "c":
                markers(ax, [x + w / 2], [y], s=(size * 1.3) ** 2, fc=item.fc, ec=INK, lw=0.6, zorder=3)
            if item.sign and item.shape in ("s", "c", ""):
                ax.text(x + w / 2, y, item.sign, ha="center", va="center", fontsize=size, weight="bold", zorder=4,
                        color=text_on(item.fc) if item.shape in ("s", "c") else INK, parse_math=False)
            ax.text(x + w + (gap if w else 0.0), y, item.label, ha="left", va="center", fontsize=size, color=INK,
                    parse_math=False, zorder=4, style="italic" if item.shape == "head" else "normal")


def draw_key(ax, rows, x0: float, y0: float, unit: float, size: float = 9, down: bool = False, fast: bool = False,
             name: str = "key") -> tuple:
    """A key's ``rows`` (``key_rows``) drawn from its top-left corner (``x0``, ``y0``) in ``ax``'s data
    coordinates at ``unit`` inches a data unit (``down``: y grows downwards, as on a map drawn with row 0 at the
    top); marks its place ``name`` and returns that box, (x0, y0, x1, y1). A key never changes during a game:
    ``fast`` (a stepper's frame) draws it as a picture rendered once (``static_layer``), keyed by what it
    says and its size."""
    x1 = x0 + key_width(rows, size) / unit
    y1 = y0 + (1 if down else -1) * key_height(rows, size) / unit
    box = tuple(round(v, 9) for v in (x0, min(y0, y1), x1, max(y0, y1)))   # (the same in a reused Axes)
    mark_place(ax, name, box)
    if not fast:
        _draw_key(ax, rows, x0, y0, unit, size, down)
        return box
    words = tuple((left, item) for row in rows for left, item in row) + (len(rows),)
    pad = size * 0.4 / 72 / unit                  # the layer's room round its box (dots, antialiasing)
    xlim, ylim = (x0 - pad, x1 + pad), ((y1 + pad, y0 - pad) if down else (y1 - pad, y0 + pad))
    # keyed by what it shows, not where: the same picture wherever a frame puts it (a map that grows or shrinks)
    static_layer(ax, (name, words, size, down), None,
                 lambda layer: _draw_key(layer, rows, x0, y0, unit, size, down), xlim, ylim)
    return box
