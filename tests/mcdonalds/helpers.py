"""Arranging scripted positions of The McDonald's Game for the clause tests.

The packaged track (MCD-I1): 0 menu (Ronald McDonald's corner), 1 break 1, 2 help, 3 menu, 4 bonus 2, 5 take, 6 menu,
7 gift 3, 8 menu (Hamburglar's corner), 9 bonus 1, 10 take, 11 menu, 12 break 2, 13 help, 14 menu, 15 gift 2,
16 menu (Grimace's corner), ... 31 gift 3.
"""
from __future__ import annotations

import json

import pytest

from toolkit.core import IllegalChoice
from toolkit.games.mcdonalds import FOODS, McDonaldsGame
from toolkit.games.mcdonalds.board import FOOD_INDEX

# a small test deck: T1 has decoys and all three kinds of change; T2 is plain
TEST_MENUS = {"menus": [
    {"id": "T1", "name": "Test Lunch",
     "items": [{"item": "bigmac", "qty": 2, "red": True}, {"item": "fries", "qty": 1, "red": False},
               {"item": "shake", "qty": 1, "red": True}],
     "changes": [{"change": "add", "item": "pie", "qty": 1}, {"change": "remove", "item": "bigmac", "qty": 1},
                 {"change": "replace", "item": "shake", "with": "cookies"}]},
    {"id": "T2", "name": "Plain Supper",
     "items": [{"item": "hamburger", "qty": 2, "red": True}, {"item": "fish", "qty": 1, "red": True}]},
]}


def counts(**kw) -> list[int]:
    """Counts in rack order, e.g. counts(bigmac=1, pie=2)."""
    out = [0] * len(FOODS)
    for k, v in kw.items():
        out[FOOD_INDEX[k]] = v
    return out


def menus_file(tmp_path, data=None, name="menus.json"):
    p = tmp_path / name
    p.write_text(json.dumps(TEST_MENUS if data is None else data), encoding="utf-8")
    return str(p)


def arrange(players=3, seed=1, current=1, pos=None, racks=None, extras=None, pile=None, menu_top=None,
            dice=(), options=None, points=None):
    """A game in a scripted position. ``racks``/``extras``: seat -> 8 counts (cards moved to or from the pile
    to keep 120); ``pile``: items, top last; ``menu_top``: the menu id to be read next; ``dice``: scripted faces."""
    g = McDonaldsGame(players=players, seed=seed, options=options)
    g.current = current
    if pos is not None:
        g.pos = list(pos)
    for which, arr in (("racks", racks), ("extras", extras)):
        for seat, c in (arr or {}).items():
            getattr(g, which)[seat - 1] = list(c)
    if points is not None:
        g.points = list(points)
    # keep the 120 cards: the pile holds whatever the racks and extras do not
    held = [sum(g.racks[s][i] + g.extras[s][i] for s in range(players)) for i in range(len(FOODS))]
    if pile is None:
        rest = [i for i in range(len(FOODS)) for _ in range(15 - held[i])]
        g.streams["deck"].shuffle(rest)
        g.pile = rest
    else:
        g.pile = [FOOD_INDEX[x] for x in pile]
    if menu_top is not None:
        m = next(k for k, menu in enumerate(g.menus) if menu.id == menu_top)
        g.menu_pile.remove(m)
        g.menu_pile.append(m)
    g.streams.load("dice", list(dice))
    g.arranged()
    return g


def land(g, space, extras="return"):
    """Move the current player two spaces short of ``space`` and roll 1 + 1. Returns the events."""
    n = len(g.board.track)
    g.pos[g.current - 1] = (space - 2) % n
    g.streams.load("dice", [1, 1])
    g.arranged()
    return g.apply("roll" if g.pending().kind == "roll" else extras)


def cites(events, clause, kind=None):
    return any(clause in e.clauses for e in events if kind is None or e.kind == kind)


def refused(g, value, clause=None):
    """Apply a value that must be refused: IllegalChoice citing a clause, state unchanged."""
    before = g.fingerprint()
    n = len(g.events)
    with pytest.raises(IllegalChoice) as info:
        g.apply(value)
    assert g.fingerprint() == before and len(g.events) == n
    assert info.value.clauses
    if clause is not None:
        assert clause in info.value.clauses
    return info.value


def total_cards(g) -> int:
    return sum(g.card_total())
