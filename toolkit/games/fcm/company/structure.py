"""A company structure: the CEO, the cards at work under it and under managers, checked against the slots
(FCM-1.3, FCM-1.n1, FCM-I46)."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from ....core.errors import IllegalChoice
from .employees import Staff


@dataclass(frozen=True)
class Structure:
    """The cards at work under the CEO: ``items`` is ((card, reports), ...); only managers have reports.

    >>> from toolkit.games.fcm.company.employees import default_staff
    >>> s = Structure.parse("management_trainee(waitress, trainer), recruiting_girl", default_staff())
    >>> s.text(), s.size(), s.cards()
    ('management_trainee(waitress, trainer), recruiting_girl', 4, ['management_trainee', 'waitress', 'trainer', 'recruiting_girl'])
    """

    items: tuple = ()

    def __deepcopy__(self, memo):       # frozen, and its items are tuples: copies of a company share it
        return self

    def cards(self) -> list[str]:
        out = []
        for card, reports in self.items:
            out.append(card)
            out.extend(reports)
        return out

    def size(self) -> int:
        return len(self.cards())

    def counts(self) -> Counter:
        return Counter(self.cards())

    def text(self, staff: Staff | None = None) -> str:
        """The notation of FCM-I32 (ids), or with ``staff`` the printed names."""
        nm = (lambda c: staff.name(c)) if staff else (lambda c: c)
        parts = []
        for card, reports in self.items:
            parts.append(nm(card) + (f"({', '.join(nm(r) for r in reports)})" if reports else ""))
        return ", ".join(parts)

    def managers(self, staff: Staff) -> list[str]:
        return [c for c, _ in self.items if staff[c].is_manager]

    def slots(self, staff: Staff, ceo_slots: int) -> int:
        """All slots of the CEO and of the managers at work."""
        return ceo_slots + sum(staff[c].slots for c in self.managers(staff))

    def open_slots(self, staff: Staff, ceo_slots: int) -> int:
        """FCM-2.1: unused slots (the same for every legal arrangement of the same cards)."""
        return self.slots(staff, ceo_slots) - self.size()

    @classmethod
    def parse(cls, text: str, staff: Staff) -> "Structure":
        """Read the notation 'manager(card, card), card, ...'; '' or 'CEO' is the CEO alone (FCM-I32)."""
        t = str(text).strip()
        if t.lower().startswith("ceo:"):
            t = t[4:].strip()
        if t.lower() in ("", "ceo", "ceo alone"):
            return cls(())
        items, depth, cur = [], 0, ""
        for ch in t + ",":
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
                if depth < 0:
                    raise IllegalChoice(f"cannot read the structure {text!r}: ')' without '('", ("FCM-I32",))
            if ch == "," and depth == 0:
                items.append(cur.strip())
                cur = ""
            else:
                cur += ch
        if depth != 0:
            raise IllegalChoice(f"cannot read the structure {text!r}: '(' is never closed", ("FCM-I32",))
        out = []
        for item in items:
            m = re.fullmatch(r"([^()]+?)\s*(?:\((.*)\))?", item)
            if not item or not m:
                raise IllegalChoice(f"cannot read {item!r} in the structure {text!r}", ("FCM-I32",))
            card = _card(staff, m.group(1), text)
            reports = tuple(_card(staff, r, text) for r in m.group(2).split(",") if r.strip()) if m.group(2) else ()
            if "(" in (m.group(2) or ""):
                raise IllegalChoice(f"{staff.name(card)}: a card under a manager cannot have cards under it",
                                    ("FCM-1.3", "FCM-I32"))
            out.append((card, reports))
        return cls(tuple(out))


def in_words(named: str) -> str:
    """A structure written with the cards' printed names, for a class: each manager's cards "(over ...)", so
    "Junior Vice President(Waitress, Trainer)" reads "Junior Vice President (over Waitress, Trainer)"."""
    return named.replace("(", " (over ")


def _card(staff: Staff, name: str, text: str) -> str:
    cid = staff.card_id(name)
    if cid is None:
        raise IllegalChoice(f"{name.strip()!r} in {text!r} is no employee card", ("FCM-I30",))
    if cid == staff.ceo.id:
        raise IllegalChoice("the CEO is always at the top and is not placed in a slot", ("FCM-1.n1",))
    return cid


def fits(cards, staff: Staff, ceo_slots: int) -> bool:
    """Whether some legal arrangement holds all ``cards`` (FCM-1.3): managers only under the CEO."""
    m = [c for c in cards if staff[c].is_manager]
    n = len(cards) - len(m)
    return len(m) <= ceo_slots and n <= ceo_slots - len(m) + sum(staff[c].slots for c in m)


def arrange(cards, staff: Staff, ceo_slots: int) -> Structure | None:
    """The standard arrangement of ``cards``: managers under the CEO, the others filling managers first,
    then the CEO's free slots; None when they fit no arrangement (FCM-1.4)."""
    if not fits(cards, staff, ceo_slots):
        return None
    order = staff.order
    cs = sorted(cards, key=lambda c: order[c])
    mgrs = sorted((c for c in cs if staff[c].is_manager), key=lambda c: (-staff[c].slots, order[c]))
    rest = [c for c in cs if not staff[c].is_manager]
    items = []
    for mg in mgrs:
        take, rest = rest[:staff[mg].slots], rest[staff[mg].slots:]
        items.append((mg, tuple(take)))
    items.extend((c, ()) for c in rest)
    return Structure(tuple(items))


def structure_problem(s: Structure, staff: Staff, ceo_slots: int) -> tuple[str, tuple] | None:
    """The first rule a written arrangement breaks, as (message, clauses), or None (FCM-1.3)."""
    if len(s.items) > ceo_slots:
        return (f"the CEO has {ceo_slots} slots but {len(s.items)} cards are placed directly under it", ("FCM-1.3",))
    for card, reports in s.items:
        e = staff[card]
        if reports and not e.is_manager:
            return (f"{e.name} is no manager and has no slots for {', '.join(staff.name(r) for r in reports)}", ("FCM-1.3",))
        for r in reports:
            if staff[r].is_manager:
                return (f"{staff.name(r)} is a manager: managers sit only directly under the CEO, not under {e.name}",
                        ("FCM-1.3",))
        if len(reports) > e.slots:
            return (f"{e.name} has {e.slots} slots but {len(reports)} cards are placed under it", ("FCM-1.3",))
    return None
