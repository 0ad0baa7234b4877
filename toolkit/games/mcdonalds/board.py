"""The McDonald's Game as data: the food items, the board (MCD-I1, MCD-I2) and the menu deck (MCD-I5),
each file validated on load.

>>> menu = default_menus()[0]
>>> menu.order_text()
'2 French Fries, 1 Cookies'
>>> [text for text, _ in menu.steps()][-1]
'remove 1 Chocolate Shake'
"""
from __future__ import annotations

from dataclasses import dataclass

from ...core.data import is_whole, need as _need, need_keys, need_pos, need_str, read_json, shown

# MCD-1.5: the eight food items, 15 cards of each
FOODS = ("bigmac", "cheeseburger", "hamburger", "fries", "shake", "fish", "pie", "cookies")
FOOD_NAMES = {"bigmac": "Big Mac", "cheeseburger": "Cheeseburger", "hamburger": "Hamburger",
              "fries": "French Fries", "shake": "Chocolate Shake", "fish": "Filet-O-Fish",
              "pie": "Hot Apple Pie", "cookies": "Cookies"}
FOOD_INDEX = {f: i for i, f in enumerate(FOODS)}
N = len(FOODS)            # racks, orders and pulls are N counts, in the order of FOODS
NAMES = [FOOD_NAMES[f] for f in FOODS]
CARDS_PER_FOOD = 15
SLOT = 3                  # MCD-1.6, MCD-7.1: a rack slot holds 3 cards of its item

# MCD-3.3 to MCD-3.6: the space kinds
CARD_SPACES = ("break", "bonus", "gift")
SPACE_KINDS = CARD_SPACES + ("help", "take", "menu")
SPACE_NAMES = {"break": "YOU DESERVE A BREAK TODAY", "bonus": "INSTANT BONUS", "gift": "McDonald's GIFT CERTIFICATE",
               "help": "MAY I HELP YOU, PLEASE?", "take": "TAKE 1 CARD FROM EACH PLAYER",
               "menu": "LET'S GO TO McDonald's"}
CHANGES = ("add", "remove", "replace")


def counts_text(counts) -> str:
    """'2 Big Mac, 1 Cookies' for a tuple of 8 counts.

    >>> counts_text((2, 0, 0, 0, 0, 0, 0, 1))
    '2 Big Mac, 1 Cookies'
    """
    parts = [f"{n} {FOOD_NAMES[FOODS[i]]}" for i, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "nothing"


def item_counts(items) -> tuple[int, ...]:
    """The counts of some cards given as item indices.

    >>> item_counts([3, 0, 3])
    (1, 0, 0, 2, 0, 0, 0, 0)
    """
    out = [0] * N
    for i in items:
        out[i] += 1
    return tuple(out)


@dataclass(frozen=True)
class Space:
    index: int
    kind: str                  # one of SPACE_KINDS
    cards: int                 # cards a card space gives (MCD-3.3), else 0
    corner: str | None         # the character beside a corner (MCD-1.8)
    pos: tuple[float, float]

    @property
    def label(self) -> str:
        return SPACE_NAMES[self.kind] + (f" ({self.cards})" if self.cards else "")


@dataclass(frozen=True)
class Board:
    name: str
    track: tuple[Space, ...]
    characters: tuple[tuple[str, str], ...]     # (name, colour) for seats 1..4
    corners: tuple[int, ...]                    # the corner space of each character

    def __deepcopy__(self, memo):               # immutable, shared by every copy of a game
        return self


@dataclass(frozen=True)
class MenuLine:
    item: str
    qty: int
    red: bool


@dataclass(frozen=True)
class Change:
    change: str        # add, remove, replace
    item: str
    qty: int           # for add and remove; 0 for replace (all of the item)
    with_: str | None  # the new item of a replace

    def text(self) -> str:
        if self.change == "replace":
            return f"replace {FOOD_NAMES[self.item]} with {FOOD_NAMES[self.with_]}"
        return f"{self.change} {self.qty} {FOOD_NAMES[self.item]}"

    def apply(self, order: list[int]) -> None:
        i = FOOD_INDEX[self.item]
        if self.change == "add":
            order[i] += self.qty
        elif self.change == "remove":
            order[i] -= self.qty
        else:
            order[FOOD_INDEX[self.with_]] += order[i]
            order[i] = 0


@dataclass(frozen=True)
class Menu:
    id: str
    name: str
    lines: tuple[MenuLine, ...]
    changes: tuple[Change, ...]
    order: tuple[int, ...]          # what the menu really asks for (MCD-4.2, MCD-4.3), 8 counts

    @property
    def size(self) -> int:
        return sum(self.order)

    def red(self) -> tuple[int, ...]:
        """The order before the changes: red lines only (MCD-4.2)."""
        out = [0] * len(FOODS)
        for ln in self.lines:
            if ln.red:
                out[FOOD_INDEX[ln.item]] += ln.qty
        return tuple(out)

    def decoys(self) -> tuple[MenuLine, ...]:
        """Lines printed in black: read past, never ordered (MCD-4.2)."""
        return tuple(ln for ln in self.lines if not ln.red)

    def steps(self) -> list[tuple[str, tuple[int, ...]]]:
        """The order after the red lines and after each change at the bottom (MCD-4.3), step by step."""
        order = list(self.red())
        out = [("red items", tuple(order))]
        for ch in self.changes:
            ch.apply(order)
            out.append((ch.text(), tuple(order)))
        return out

    def order_text(self) -> str:
        return counts_text(self.order)

    def printed_items(self) -> set[str]:
        """Every item named anywhere on the card (the decoys a hurried player may pull)."""
        return {ln.item for ln in self.lines} | {c.item for c in self.changes} | {c.with_ for c in self.changes if c.with_}


def _read_json(path, default_name):
    return read_json(path, __package__, default_name)


_is_int = is_whole
LIMITS = {"track": 200, "menus": 200}      # generous, but bounded


def _food(v) -> bool:
    return type(v) is str and v in FOOD_INDEX


def parse_board(data, path="board.json") -> Board:
    """Check a board's data and build it (MCD-I1, MCD-I2); errors name the file, the field and the problem."""
    need_keys(data, path, "", ("characters", "track"), ("name",))
    name = need_str(data.get("name", "board"), path, "name")
    chars = data["characters"]
    _need(isinstance(chars, list) and len(chars) == 4, path, "characters", "must list the 4 McDonaldland characters (MCD-1.4)")
    names = []
    for i, c in enumerate(chars):
        need_keys(c, path, f"characters[{i}]", ("name", "colour"))
        need_str(c["name"], path, f"characters[{i}].name", 40)
        need_str(c["colour"], path, f"characters[{i}].colour", 40)
        _need(c["name"] not in names, path, f"characters[{i}].name", f"{c['name']!r} appears twice")
        names.append(c["name"])
    tr = data["track"]
    _need(isinstance(tr, list) and 8 <= len(tr) <= LIMITS["track"], path, "track",
          f"must be a list of 8 to {LIMITS['track']} spaces")
    track, corner_of = [], {}
    for i, s in enumerate(tr):
        where = f"track[{i}]"
        need_keys(s, path, where, ("kind", "pos"), ("cards", "corner"))
        kind = s.get("kind")
        _need(kind in SPACE_KINDS, path, f"{where}.kind", f"{kind!r} is not one of {SPACE_KINDS}")
        cards = s.get("cards", 0)
        if kind in CARD_SPACES:
            _need(_is_int(cards) and 1 <= cards <= 10, path, f"{where}.cards",
                  f"a {kind} space gives 1 to 10 cards (MCD-3.3, MCD-I2), got {cards!r}")
        else:
            _need("cards" not in s, path, f"{where}.cards", f"only card spaces give cards, not a {kind} space")
        corner = s.get("corner")
        if corner is not None:
            _need(kind == "menu", path, f"{where}.corner", "a character's corner is a LET'S GO TO McDonald's space (MCD-1.8)")
            _need(type(corner) is str and corner in names, path, f"{where}.corner", f"{corner!r} is not one of the characters")
            _need(corner not in corner_of, path, f"{where}.corner", f"{corner!r} has two corners")
            corner_of[corner] = i
        track.append(Space(i, kind, cards, corner, need_pos(s["pos"], path, f"{where}.pos")))
    for k in SPACE_KINDS:
        _need(any(s.kind == k for s in track), path, "track", f"has no {k!r} space")
    for n in names:
        _need(n in corner_of, path, "track", f"no corner for {n!r} (MCD-1.8)")
    return Board(name if "name" in data else "", tuple(track), tuple((c["name"], c["colour"]) for c in chars),
                 tuple(corner_of[n] for n in names))


def parse_menus(data, path="menus.json") -> tuple[Menu, ...]:
    """Check a menu deck and build it (MCD-4.2, MCD-4.3, MCD-I5)."""
    need_keys(data, path, "", ("menus",), ("name",))
    need_str(data.get("name", "menus"), path, "name")
    ms = data.get("menus")
    _need(isinstance(ms, list) and ms, path, "menus", "missing or not a non-empty list")
    _need(len(ms) <= LIMITS["menus"], path, "menus", f"{len(ms)} menus; a deck holds at most {LIMITS['menus']}")
    out, ids = [], set()
    for i, m in enumerate(ms):
        where = f"menus[{i}]"
        need_keys(m, path, where, ("id", "items"), ("name", "changes"))
        mid = need_str(m["id"], path, f"{where}.id", 40)
        _need(mid not in ids, path, f"{where}.id", f"{mid!r} is used twice")
        ids.add(mid)
        where = f"menus[{i}] ({mid})"
        items = m.get("items")
        _need(isinstance(items, list) and items, path, f"{where}.items", "must be a non-empty list")
        lines, seen = [], set()
        for j, ln in enumerate(items):
            lw = f"{where}.items[{j}]"
            need_keys(ln, path, lw, ("item", "qty", "red"))
            _need(_food(ln["item"]), path, f"{lw}.item", f"{ln.get('item')!r} is not a food item {FOODS}")
            _need(ln["item"] not in seen, path, f"{lw}.item", f"{ln['item']!r} is printed twice on this menu")
            seen.add(ln["item"])
            _need(_is_int(ln["qty"]) and 1 <= ln["qty"] <= 99, path, f"{lw}.qty",
                  f"must be a whole number >= 1 and <= 99, got {shown(ln['qty'])}")
            _need(isinstance(ln.get("red"), bool), path, f"{lw}.red", "must be true (printed in red) or false (black)")
            lines.append(MenuLine(ln["item"], ln["qty"], ln["red"]))
        _need(any(ln.red for ln in lines), path, f"{where}.items", "no item is printed in red (MCD-4.2)")
        chs = m.get("changes", [])
        _need(isinstance(chs, list) and len(chs) <= 10, path, f"{where}.changes", "must be a list of at most 10")
        order = [0] * len(FOODS)
        for ln in lines:
            if ln.red:
                order[FOOD_INDEX[ln.item]] += ln.qty
        changes = []
        for j, c in enumerate(chs):
            cw = f"{where}.changes[{j}]"
            need_keys(c, path, cw, ("change", "item"), ("qty", "with"))
            op = c.get("change")
            _need(op in CHANGES, path, f"{cw}.change", f"{op!r} is not one of {CHANGES}")
            item = c.get("item")
            _need(_food(item), path, f"{cw}.item", f"{item!r} is not a food item {FOODS}")
            have = order[FOOD_INDEX[item]]
            if op == "replace":
                w = c.get("with")
                _need("qty" not in c, path, f"{cw}.qty", "a replace takes the whole quantity; it has no 'qty'")
                _need(_food(w) and w != item, path, f"{cw}.with", f"must be another food item, got {w!r}")
                _need(have > 0, path, f"{cw}.item", f"replaces {FOOD_NAMES[item]}, which the order does not ask for at this step")
                ch = Change(op, item, 0, w)
            else:
                _need("with" not in c, path, f"{cw}.with", f"only a replace has 'with', not {op!r}")
                _need(_is_int(c.get("qty")) and 1 <= c["qty"] <= 99, path, f"{cw}.qty",
                      f"must be a whole number >= 1 and <= 99, got {shown(c.get('qty'))}")
                if op == "remove":
                    _need(c["qty"] <= have, path, f"{cw}.qty",
                          f"removes {c['qty']} {FOOD_NAMES[item]} but the order asks for {have} at this step")
                ch = Change(op, item, c["qty"], None)
            ch.apply(order)
            changes.append(ch)
        _need(sum(order) > 0, path, f"{where}.changes", "leave an empty order")
        for k, n in enumerate(order):
            _need(n <= SLOT, path, f"{where}", f"the order asks for {n} {FOOD_NAMES[FOODS[k]]}, but a rack slot holds "
                  f"only {SLOT} (MCD-1.6): nobody could ever fill it")
        out.append(Menu(mid, need_str(m.get("name", mid), path, f"{where}.name"), tuple(lines), tuple(changes), tuple(order)))
    return tuple(out)


def load_board(path=None) -> Board:
    """Load a board file (the packaged ``board.json`` by default)."""
    data, where = _read_json(path, "board.json")
    return parse_board(data, where)


def load_menus(path=None) -> tuple[Menu, ...]:
    """Load a menu deck (the packaged ``menus.json`` by default)."""
    data, where = _read_json(path, "menus.json")
    return parse_menus(data, where)


_DEFAULT: dict = {}


def default_board() -> Board:
    if "board" not in _DEFAULT:
        _DEFAULT["board"] = load_board()
    return _DEFAULT["board"]


def default_menus() -> tuple[Menu, ...]:
    if "menus" not in _DEFAULT:
        _DEFAULT["menus"] = load_menus()
    return _DEFAULT["menus"]


Menu.__deepcopy__ = lambda self, memo: self
