"""One player's company (its cards, cash, milestones) and the numbers the company phases share (FCM-0, FCM-5.2,
FCM-I31)."""
from __future__ import annotations

from collections import Counter

from ....core.game import deepcopy_attributes
from .employees import Staff
from .structure import Structure

SALARY = 5                      # FCM-5.2
RESERVE_CARDS = {100: 2, 200: 3, 300: 4}   # FCM-I31: amount -> CEO slots shown
BANK_PER_PLAYER = 50            # FCM-I31
GOODS = ("burger", "pizza", "lemonade", "beer", "soda")
RULESETS = ("original", "deluxe")


class Company:
    """One player's chain: where each card is (hand, at work, beach, busy), cash, milestones, goods."""

    def __init__(self, seat: int, ceo_slots: int = 3):
        self.seat = seat
        self.cash = 0                       # FCM-I31: players start with $0
        self.reserve: int | None = None     # the secret reserve card (FCM-I31)
        self.ceo_slots = ceo_slots          # FCM-I31: the CEO starts with 3 slots
        self.hand: Counter = Counter()      # cards between rounds (FCM-7.2)
        self.work = Structure()             # at work this round (FCM-1.2)
        self.overfilled = False             # FCM-1.4 applied this round
        self.beach: Counter = Counter()     # FCM-1.2
        self.busy: list[str] = []           # busy marketeers (outside the structure)
        self.milestones: dict = {}          # milestone id -> round claimed
        self.goods: Counter = Counter()     # food and drink in stock
        self.coming_soon: list[str] = []    # restaurants placed this round (map layer)
        self.restaurants: list[str] = []    # open restaurants (map layer)
        # this round's working record (FCM-3.2, FCM-5.2)
        self.free_hires = 0                 # CEO + recruiting girls at work
        self.hires_used = 0
        self.fresh: list[dict] = []         # beach cards trained this turn, and hires from empty piles
        self.train_left: dict = {}          # trainer key -> training actions left
        self.paid = 0                       # salaries paid at the last Payday

    # every attribute, in the order __init__ sets them: copies are made attribute by attribute, never through
    # ``__dict__``, so that a copy (and the company copied) keeps Python's fast attribute reads (core.copy_attributes)
    _ATTRIBUTES = ("seat", "cash", "reserve", "ceo_slots", "hand", "work", "overfilled", "beach", "busy", "milestones",
                   "goods", "coming_soon", "restaurants", "free_hires", "hires_used", "fresh", "train_left", "paid")

    def __deepcopy__(self, memo):
        return deepcopy_attributes(self, memo, self._ATTRIBUTES)

    def owned(self) -> Counter:
        """Every card the player has anywhere (the CEO excluded): FCM-3.n3 counts them all."""
        c = self.hand + self.work.counts() + self.beach + Counter(self.busy)
        c.update(f["card"] for f in self.fresh if f["phantom"])
        return c

    def owns(self, card: str) -> int:
        """How many ``card`` the player has anywhere, as ``owned`` counts them, without counting every card."""
        return (self.hand[card] + self.work.cards().count(card) + self.beach[card] + self.busy.count(card)
                + sum(1 for f in self.fresh if f["phantom"] and f["card"] == card))

    def cards(self) -> Counter:
        """Real cards held (phantom hires excluded)."""
        return self.hand + self.work.counts() + self.beach + Counter(self.busy)

    def to_dict(self) -> dict:
        return {"seat": self.seat, "cash": self.cash, "reserve": self.reserve, "ceo_slots": self.ceo_slots,
                "hand": dict(sorted(self.hand.items())), "work": self.work.text(), "overfilled": self.overfilled,
                "beach": dict(sorted((k, v) for k, v in self.beach.items() if v)), "busy": list(self.busy),
                "milestones": dict(sorted(self.milestones.items())), "goods": dict(sorted((k, v) for k, v in self.goods.items() if v)),
                "coming_soon": list(self.coming_soon), "restaurants": list(self.restaurants),
                "free_hires": self.free_hires, "hires_used": self.hires_used, "fresh": [dict(f) for f in self.fresh],
                "train_left": dict(self.train_left), "paid": self.paid}

    def __repr__(self) -> str:
        return (f"Company(seat={self.seat}, cash={self.cash}, work={self.work.text()!r}, "
                f"beach={dict(sorted(self.beach.items()))}, busy={self.busy})")


def _a(name: str) -> str:
    """'a Trainer', 'an Errand Boy'."""
    return ("an " if name[:1].upper() in "AEIOU" else "a ") + name


def _take_from_work(co: Company, card: str) -> None:
    """Take one ``card`` out of the structure; a fired manager's reports stay at work (FCM-I39)."""
    items = list(co.work.items)
    for i, (c, reports) in enumerate(items):
        if card in reports:
            rs = list(reports)
            rs.remove(card)
            items[i] = (c, tuple(rs))
            break
    else:
        i = next(i for i, (c, _) in enumerate(items) if c == card)
        _, reports = items.pop(i)
        items.extend((r, ()) for r in reports)
    co.work = Structure(tuple(items))


def _trainer_name(key: str, staff: Staff) -> str:
    card, n = key.split("#")
    return f"{staff.name(card)} #{n}"


def _list(counts: Counter, staff: Staff | None = None) -> str:
    nm = staff.name if staff else (lambda c: c)
    order = staff.order if staff else {}
    return ", ".join(f"{n} x {nm(c)}" for c, n in sorted(counts.items(), key=lambda kv: (order.get(kv[0], 0), kv[0])) if n)
