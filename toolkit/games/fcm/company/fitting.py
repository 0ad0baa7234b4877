"""The fitting card sets of a hand in the order FCM-I46 offers them: fullest first, ties by the text of their
standard arrangement, produced lazily so that a hand of twenty cards (tens of thousands of fitting sets) costs
only the sets offered.

The standard arrangement (``structure.arrange``) puts the managers first, the largest first, and the other
cards in the staff's order into the managers' slots and then the CEO's. So once the managers are chosen and
the number of other cards is known, the text is a fixed template with one hole for each other card, and the
cards fill the holes in the staff's order. A best-first search over the holes filled so far, keyed by the
text written so far (a prefix of every text it can still become), gives the sets of one size in text order.
"""
from __future__ import annotations

import heapq
from itertools import count

from .employees import Staff

_HOLE = None


def fitting_sets(hand, staff: Staff, ceo_slots: int, cap: int) -> list[tuple[str, str]]:
    """The first ``cap`` card sets from ``hand`` (card -> number) that fit some arrangement under a CEO with
    ``ceo_slots`` slots, fullest first and then by the text of their standard arrangement, each as that text
    (FCM-I32) and the same with the cards' printed names."""
    order = staff.order
    types = sorted((t for t in hand if hand[t] > 0), key=lambda c: order[c])
    mgrs = [t for t in types if staff[t].is_manager]
    rest = [t for t in types if not staff[t].is_manager]
    have = [hand[t] for t in rest]
    after = [0] * (len(rest) + 1)                 # after[i]: the other cards of types i, i+1, ...
    for i in range(len(rest) - 1, -1, -1):
        after[i] = after[i + 1] + have[i]
    choices = list(_manager_choices(mgrs, [hand[t] for t in mgrs], staff, ceo_slots))
    top = max(len(ms) + min(room, after[0]) for ms, room in choices)
    found: list[tuple[str, str]] = []
    for size in range(top, -1, -1):
        for texts in _of_size(size, choices, rest, have, after, staff):
            found.append(texts)
            if len(found) >= cap:
                return found
    return found


def _manager_choices(mgrs, have, staff: Staff, ceo_slots: int):
    """Every set of managers that fits under the CEO (FCM-1.3), with the room it leaves for the other cards."""
    def walk(i, picked, m, room):
        if i == len(mgrs):
            yield picked, room
            return
        for k in range(min(have[i], ceo_slots - m) + 1):
            yield from walk(i + 1, picked + [mgrs[i]] * k, m + k, room - k + k * staff[mgrs[i]].slots)
    yield from walk(0, [], 0, ceo_slots)


def _template(ms, n, staff: Staff, nm) -> list[str]:
    """The text of the standard arrangement of the managers ``ms`` and ``n`` other cards, as the n + 1 pieces
    between the holes where the other cards go; ``nm`` writes a card."""
    order = staff.order
    items, left = [], n
    for mg in sorted(ms, key=lambda c: (-staff[c].slots, order[c])):
        k = min(staff[mg].slots, left)
        left -= k
        items.append([nm(mg)] + (["("] + [_HOLE, ", "] * (k - 1) + [_HOLE, ")"] if k else []))
    items.extend([_HOLE] for _ in range(left))
    pieces, cur = [], ""
    for j, item in enumerate(items):
        if j:
            cur += ", "
        for part in item:
            if part is _HOLE:
                pieces.append(cur)
                cur = ""
            else:
                cur += part
    pieces.append(cur)
    return pieces


def _of_size(size, choices, rest, have, after, staff: Staff):
    """The fitting sets of exactly ``size`` cards in the order of their texts, as (text, text with names)."""
    heap, tie = [], count()
    plans = []
    for ms, room in choices:
        n = size - len(ms)
        if 0 <= n <= min(room, after[0]):
            plans.append((n, _template(ms, n, staff, str), _template(ms, n, staff, staff.name)))
            heapq.heappush(heap, (plans[-1][1][0], next(tie), len(plans) - 1, (), 0, 0))
    while heap:
        key, _, plan, picked, i, used = heapq.heappop(heap)
        n, pieces, named = plans[plan]
        p = len(picked)
        if p == n:
            yield key, named[0] + "".join(staff.name(c) + named[k + 1] for k, c in enumerate(picked))
            continue
        need = n - p - 1                          # the others still to choose after this one
        for j in range(i, len(rest)):
            u = used + 1 if j == i and p else 1   # cards of type j taken with this one
            if u > have[j] or have[j] - u + after[j + 1] < need:
                continue
            heapq.heappush(heap, (key + rest[j] + pieces[p + 1], next(tie), plan, picked + (rest[j],), j, u))
