"""The people side of Food Chain Magnate: companies, their structure, turn order, recruiting and training,
payday and clean-up (FCM-0, FCM-1, FCM-2, FCM-3.1 to 3.3 and 3.n1 to 3.n3, FCM-5, FCM-7; FCM-I30 to FCM-I46).

``Company`` is one player's state. ``CompanyPhases`` runs the company parts of a round as decisions
(``pending()`` / ``check()`` / ``apply()``) for a full game to compose. ``CompanyGame`` is a practice game
of those phases alone (no map, no Dinnertime), so they can be played, tested and shown.

>>> g = CompanyGame(players=2, seed=1)
>>> g.pending()
Decision(player=1, kind='reserve', values=(100, 200, 300))
>>> _ = g.apply(300); _ = g.apply(100)
>>> g.pending().kind, g.pending().values
('restructure', ('',))
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import product

from ...core.agents import Agent
from ...core.decisions import Decision, Option
from ...core.errors import IllegalChoice
from ...core.game import Game
from ...core.rng import Streams
from .employees import Staff, default_staff
from .milestones import default_milestones

SALARY = 5                      # FCM-5.2
RESERVE_CARDS = {100: 2, 200: 3, 300: 4}   # fact 2.4: amount -> CEO slots shown (FCM-I31)
BANK_PER_PLAYER = 50            # fact 2.2
GOODS = ("burger", "pizza", "lemonade", "beer", "soda")
RULESETS = ("original", "deluxe")
MAX_STRUCTURE_OPTIONS = 120     # FCM-I46
_OPTIONS_SEEN: dict = {}        # (staff id, CEO slots, hand) -> (staff, restructuring options): a pure function


# --------------------------------------------------------------------------------------------------
# Structures (FCM-1.3)
# --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Structure:
    """The cards at work under the CEO: ``items`` is ((card, reports), ...); only managers have reports.

    >>> s = Structure.parse("management_trainee(waitress, trainer), recruiting_girl", default_staff())
    >>> s.text(), s.size(), s.cards()
    ('management_trainee(waitress, trainer), recruiting_girl', 4, ['management_trainee', 'waitress', 'trainer', 'recruiting_girl'])
    """

    items: tuple = ()

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


# --------------------------------------------------------------------------------------------------
# One player's company
# --------------------------------------------------------------------------------------------------
class Company:
    """One player's chain: where each card is (hand, at work, beach, busy), cash, milestones, goods."""

    def __init__(self, seat: int, ceo_slots: int = 3):
        self.seat = seat
        self.cash = 0                       # fact 2.2: players start with $0
        self.reserve: int | None = None     # the secret reserve card (fact 2.4)
        self.ceo_slots = ceo_slots          # fact 2.4: the CEO starts with 3 slots
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

    def owned(self) -> Counter:
        """Every card the player has anywhere (the CEO excluded): FCM-3.n3 counts them all."""
        c = self.hand + self.work.counts() + self.beach + Counter(self.busy)
        c.update(f["card"] for f in self.fresh if f["phantom"])
        return c

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


# --------------------------------------------------------------------------------------------------
# The company phases
# --------------------------------------------------------------------------------------------------
class CompanyPhases:
    """The company side of every round, as decisions. The owner calls ``begin_*`` to start a step, then
    answers ``pending()`` through ``apply()`` until it is None; every refusal raises ``IllegalChoice`` and
    changes nothing. Events go through ``emit(kind, text, clauses, player, **data)``."""

    def __init__(self, players: int, streams: Streams, emit, *, ruleset: str = "original", log: bool = True,
                 staff: Staff | None = None, milestones: dict | None = None, bank_per_player: int = BANK_PER_PLAYER):
        if ruleset not in RULESETS:
            raise ValueError(f"ruleset must be one of {RULESETS}, not {ruleset!r}")
        self.staff = staff or default_staff()
        self.ms = milestones or default_milestones()
        self.players = players
        self.streams = streams
        self.emit = emit
        self.log = log
        self.ruleset = ruleset
        self.companies = [Company(s, self.staff.ceo.slots) for s in range(1, players + 1)]
        self.supply = dict(self.staff.pile_sizes(players))          # FCM-I30: the piles beside the bank
        self.bank = bank_per_player * players                         # fact 2.2 (fact 2.13: the intro game's)
        self.round = 1
        self.order = list(range(1, players + 1))                      # seats by turn-order position
        streams["turn-order"].shuffle(self.order)                     # fact 2.2: random first order
        self.gone: list[str] = []                                     # milestones removed in Clean-up
        self.step = "idle"
        self.queue: list[int] = []                                    # seats still to decide this step
        self.secret: dict = {}                                        # FCM-1.1: face-down choices
        self.choosers: list[int] = []                                 # order of business: who picks next
        self.new_order: dict = {}                                     # position -> seat
        self.payers: list[int] = []
        # the whole game's busy chips ({campaign number: [seat, card or None once fired]}), as a bound method
        # so copies of a game stay apart; None in the practice game, where busy cards have no campaigns
        self.chips = None
        self.say("setup", lambda: f"The bank holds ${self.bank}; every player starts with $0 and a CEO with "
                 f"{self.staff.ceo.slots} slots; turn order drawn at random: "
                 f"{', '.join(f'player {s}' for s in self.order)}.", ("FCM-I31",), bank=self.bank, order=list(self.order))

    # --- plumbing ---------------------------------------------------------------------------------
    def say(self, kind, text, clauses, player=None, **data):
        """Emit an event; ``text`` may be a callable so a silent run never builds the sentence."""
        if self.log:
            self.emit(kind, text() if callable(text) else text, tuple(clauses), player, **data)

    def company(self, seat: int) -> Company:
        return self.companies[seat - 1]

    def name(self, card: str) -> str:
        return self.staff.name(card)

    def to_dict(self) -> dict:
        return {"round": self.round, "step": self.step, "bank": self.bank, "order": list(self.order),
                "supply": dict(self.supply), "gone": list(self.gone), "queue": list(self.queue),
                "secret": {str(k): (v if isinstance(v, str) else list(v)) for k, v in sorted(self.secret.items())}, "choosers": list(self.choosers),
                "new_order": {str(k): v for k, v in sorted(self.new_order.items())}, "payers": list(self.payers),
                "ruleset": self.ruleset, "companies": [c.to_dict() for c in self.companies]}

    def view(self, viewer: int | None = None) -> dict:
        """What ``viewer`` may see: cards in hand, face-down choices and reserve cards of others are hidden
        (FCM-1.n2, FCM-I42); a holder of "First to have $20" sees the reserve cards."""
        d = self.to_dict()
        if viewer is None:
            return d
        d["secret"] = {k: (v if int(k) == viewer else "(face down)") for k, v in d["secret"].items()}
        peek = "first_cash_20" in self.company(viewer).milestones      # may look at the reserve cards
        for c in d["companies"]:
            if c["seat"] != viewer:
                c["hand"] = {"(cards in hand)": sum(c["hand"].values())}
                if not peek:
                    c["reserve"] = None if c["reserve"] is None else "(face down)"
        return d

    # --- milestones (FCM-I33) ---------------------------------------------------------------------
    def can_claim(self, seat: int, mid: str) -> bool:
        return mid not in self.gone and mid not in self.company(seat).milestones

    def has(self, seat: int, mid: str) -> bool:
        """Whether the milestone's effect works for ``seat`` now (claimed, and started)."""
        r = self.company(seat).milestones.get(mid)
        return r is not None and (self.ms[mid].starts == "at once" or r < self.round)

    def claim(self, seat: int, mid: str, clauses=()) -> bool:
        """Give ``seat`` the milestone if it is still open to them; apply its at-once gains. Other layers call this too."""
        if not self.can_claim(seat, mid):
            return False
        m = self.ms[mid]
        self.company(seat).milestones[mid] = self.round
        self.say("milestone", lambda: f"Player {seat} claims '{m.name}': {m.effect} (effect: {m.when}).",
                 ("FCM-I33", *clauses), seat, milestone=mid)
        for card, n in m.params.get("gain", {}).items():        # hire 3 / burger / pizza produced
            got = min(n, self.supply[card])
            self.supply[card] -= got
            self.company(seat).beach[card] += got
            self.say("gain", lambda: f"Player {seat} gains {got} x {self.name(card)} on the beach"
                     + (f" ({n - got} short: the pile is empty)" if got < n else "") + ".",
                     ("FCM-I37",), seat, card=card, count=got)
        return True

    # --- setup: reserve cards (fact 2.4) -----------------------------------------------------------
    def begin_setup(self) -> None:
        self.step, self.queue = "reserve", list(range(1, self.players + 1))

    # --- phase 1: restructuring --------------------------------------------------------------------
    def begin_restructuring(self) -> None:
        """FCM-1.1: every player chooses face down; choices are taken in seat order and revealed together."""
        self.step, self.queue, self.secret = "restructure", list(range(1, self.players + 1)), {}
        self.say("phase", lambda: f"Round {self.round}, phase 1: Restructuring. Each player secretly chooses the cards to put to work.",
                 ("FCM-0.2", "FCM-1.1"))

    def structure_options(self, seat: int) -> list[str]:
        """Sensible structures: the card sets from the hand that fit some arrangement, fullest first,
        each in its standard arrangement; at most MAX_STRUCTURE_OPTIONS (FCM-I46). '' is the CEO alone."""
        return [o.value for o in self._options_now(seat)]

    def _options_now(self, seat: int) -> list[Option]:
        """The restructuring options; the same hand and CEO slots always give the same list, so it is kept."""
        co = self.company(seat)
        key = (id(self.staff), co.ceo_slots, tuple(sorted((c, n) for c, n in co.hand.items() if n > 0)))
        hit = _OPTIONS_SEEN.get(key)
        if hit is not None and hit[0] is self.staff:
            return list(hit[1])
        opts = self._structure_options(seat, self._fitting_sets(seat))
        if len(_OPTIONS_SEEN) >= 2048:
            _OPTIONS_SEEN.clear()
        _OPTIONS_SEEN[key] = (self.staff, tuple(opts))
        return opts

    def _fitting_sets(self, seat: int) -> list[list[str]]:
        """Every card set from the hand that fits some arrangement, the fullest MAX_STRUCTURE_OPTIONS of
        them (ties by the text of their standard arrangement), and the empty set (FCM-I46).

        ``fits`` reads only the managers' number and slots and the others' number, so the managers' sets and
        the others' sets are counted apart, and only the sets that can make the cut are arranged."""
        co, staff = self.company(seat), self.staff
        order, slots = staff.order, co.ceo_slots
        types = sorted((t for t in co.hand if co.hand[t] > 0), key=lambda c: order[c])
        mgrs = [t for t in types if staff[t].is_manager]
        rest = [t for t in types if not staff[t].is_manager]
        by_size: dict[int, list[tuple]] = {}          # the others' sets (counts per type) by size
        for ks in product(*(range(co.hand[t] + 1) for t in rest)):
            by_size.setdefault(sum(ks), []).append(ks)
        sets: dict[int, list[tuple]] = {}             # size -> [(managers' counts, others' counts)]
        for ms in product(*(range(co.hand[t] + 1) for t in mgrs)):
            m = sum(ms)
            if m > slots:
                continue
            room = slots - m + sum(k * staff[t].slots for t, k in zip(mgrs, ms))
            for n, group in by_size.items():
                if n <= room:
                    sets.setdefault(m + n, []).extend((ms, ks) for ks in group)
        found: list[list[str]] = []
        for size in sorted(sets, reverse=True):       # whole sizes while they fit under the cap
            if len(found) >= MAX_STRUCTURE_OPTIONS:
                break
            group = [[t for t, k in zip(mgrs, ms) for _ in range(k)] + [t for t, k in zip(rest, ks) for _ in range(k)]
                     for ms, ks in sets[size]]
            if len(found) + len(group) > MAX_STRUCTURE_OPTIONS:      # the cut falls inside this size: by text
                group.sort(key=lambda c: arrange(c, staff, slots).text())
                group = group[:MAX_STRUCTURE_OPTIONS - len(found)]
            found.extend(group)
        return found

    def _structure_options(self, seat: int, found) -> list[Option]:
        co, staff = self.company(seat), self.staff
        arranged = {}
        for c in found:
            a = arrange(c, staff, co.ceo_slots)
            arranged[a.text()] = a
        arranged.setdefault("", Structure())
        texts = sorted(arranged, key=lambda t: (-arranged[t].size(), t))
        return [Option(t, f"CEO over {arranged[t].text(staff)}" if t else "CEO alone") for t in texts]

    def read_structure(self, seat: int, text) -> tuple[Structure, bool]:
        """Check a proposed structure for ``seat``: returns (structure, overfilled) or raises IllegalChoice.

        A bare list of cards is arranged in the standard way; a written arrangement must keep FCM-1.3 when
        the cards could fit; cards that fit no arrangement are accepted and go to the beach (FCM-1.4, FCM-I32).
        """
        co, staff = self.company(seat), self.staff
        if not isinstance(text, str):
            raise IllegalChoice(f"a structure is written as text such as 'management_trainee(waitress), trainer', not {text!r}",
                                ("FCM-I32",))
        s = Structure.parse(text, staff)
        want = s.counts()
        for card, n in sorted(want.items(), key=lambda kv: staff.order[kv[0]]):
            if n > co.hand[card]:
                where = (" (busy marketeers stay outside the structure)" if card in co.busy else "")
                raise IllegalChoice(f"player {seat} has {co.hand[card]} x {self.name(card)} in hand, not {n}{where}",
                                    ("FCM-1.1", "FCM-1.3"))
        if not fits(s.cards(), staff, co.ceo_slots):
            return s, True
        if "(" not in text:
            return arrange(s.cards(), staff, co.ceo_slots), False
        bad = structure_problem(s, staff, co.ceo_slots)
        if bad:
            msg, clauses = bad
            raise IllegalChoice(f"{msg}; these cards fit as: {arrange(s.cards(), staff, co.ceo_slots).text()}", clauses)
        return s, False

    def _reveal(self) -> None:
        """FCM-1.2 to FCM-1.4: reveal, build the structures, the rest of the hand to the beach."""
        for seat in range(1, self.players + 1):
            co = self.company(seat)
            s, over = self.read_structure(seat, self.secret[seat])
            co.overfilled = over
            co.work = Structure() if over else s
            co.beach = co.hand - co.work.counts()
            co.hand = Counter()
            if over:
                self.say("overfill", lambda: f"Player {seat} played {s.size()} cards that fit no structure under a "
                         f"CEO with {co.ceo_slots} slots: all go to the beach; the CEO works alone.", ("FCM-1.4",), seat)
            else:
                self.say("structure", lambda: f"Player {seat} puts to work: CEO" + (f" over {co.work.text(self.staff)}" if co.work.items else " alone")
                         + f"; on the beach: {_list(co.beach, self.staff) or 'nobody'}.", ("FCM-1.2", "FCM-1.3", "FCM-1.n1"),
                         seat, work=co.work.text())
            at_work = co.work.counts()
            for mid, m in self.ms.items():          # "played" milestones: a card of the kind at work (FCM-I34)
                if m.detected_by != "companies" or "cards" not in m.params:
                    continue
                if mid == "first_lower_prices" and self.ruleset == "deluxe":
                    continue                         # Deluxe: claimed when Dinnertime starts (FCM-I44)
                if any(at_work[c] for c in m.params["cards"]):
                    self.claim(seat, mid, ("FCM-I34",))
        self.secret, self.step = {}, "idle"

    # --- phase 2: order of business ----------------------------------------------------------------
    def open_slots(self, seat: int) -> int:
        """FCM-2.1: open slots of the CEO and the managers at work, +2 with 'First airplane campaign'."""
        co = self.company(seat)
        n = co.work.open_slots(self.staff, co.ceo_slots)
        if self.has(seat, "first_airplane"):
            n += self.ms["first_airplane"].params["open_slots"]
        return n

    def begin_order_of_business(self) -> None:
        """FCM-2.2: most open slots chooses first; ties by the previous turn order."""
        prev = {s: i for i, s in enumerate(self.order)}
        slots = {s: self.open_slots(s) for s in range(1, self.players + 1)}
        self.choosers = sorted(slots, key=lambda s: (-slots[s], prev[s]))
        self.new_order, self.step = {}, "order"
        self.say("order", lambda: "Phase 2: Order of Business. Open slots: " + ", ".join(
            f"player {s} {slots[s]}" for s in self.choosers) + "; they choose positions in this order.",
            ("FCM-0.2", "FCM-2.1", "FCM-2.2"), slots={str(s): slots[s] for s in self.choosers})

    # --- phase 3: working 9-5, recruiting and training ---------------------------------------------
    def begin_working(self, seat: int) -> None:
        """FCM-3.1: this player does all their recruiting, then all their training (FCM-3.n2)."""
        co, staff = self.company(seat), self.staff
        work = co.work.counts()
        co.free_hires = staff.ceo.hires + sum(n * staff[c].hires for c, n in work.items() if staff[c].discount == 0)
        co.hires_used, co.fresh = 0, []
        co.train_left = {}
        for c in sorted(work, key=lambda c: staff.order[c]):
            for k in range(work[c]):
                if staff[c].trains:
                    co.train_left[f"{c}#{k + 1}"] = staff[c].trains
        self.step, self.queue = "hire", [seat]
        mand = [f"{self.name(c)} x{n} ({staff[c].action})" for c, n in sorted(work.items(), key=lambda kv: staff.order[kv[0]])
                if staff[c].mandatory]
        self.say("working", lambda: f"Player {seat} works (phase 3): {self.hire_capacity(seat)} hires, "
                 f"{sum(co.train_left.values())} training steps. Mandatory: " + ("; ".join(mand) or "nothing") + ".",
                 ("FCM-3.1", "FCM-3.n1", "FCM-3.n2"), seat)

    def hire_capacity(self, seat: int) -> int:
        """FCM-3.2: CEO 1 + recruiting girl 1 + recruiting manager 2 + HR director 4 (cards at work)."""
        co = self.company(seat)
        return self.staff.ceo.hires + sum(n * self.staff[c].hires for c, n in co.work.counts().items())

    def _stacking(self, seat: int) -> bool:
        return self.has(seat, "first_pay_20")

    def _targets(self, seat: int, card: str) -> list[str]:
        """Cards ``card`` may be trained into by ``seat``: no second 1x card (FCM-3.n3), no CFO after '$100'."""
        co, out = self.company(seat), []
        owned = co.owned()
        banned = set()
        for mid in co.milestones:
            banned.update(self.ms[mid].params.get("never_train", []))
        for t in self.staff[card].trains_into:
            if (self.staff[t].unique and owned[t]) or t in banned:
                continue
            out.append(t)
        return out

    def _distance(self, seat: int, card: str) -> int | None:
        """Fewest steps from ``card`` to a card this player may take from a non-empty pile (FCM-3.2)."""
        todo, seen = [(card, 0)], {card}
        while todo:
            c, d = todo.pop(0)
            for t in self._targets(seat, c):
                if self.supply[t] > 0:
                    return d + 1
                if t not in seen:
                    seen.add(t)
                    todo.append((t, d + 1))
        return None

    def _feasible(self, seat: int, phantoms: list[dict], left: dict) -> bool:
        """Can every hire from an empty pile still be trained into an available card (FCM-I35)?"""
        need = []
        for f in phantoms:
            d = self._distance(seat, f["card"])
            if d is None:
                return False
            need.append((d, f["trainer"]))
        if self._stacking(seat):
            return sum(d for d, _ in need) <= sum(left.values())
        cap = dict(left)
        for d, t in need:
            if t is not None:
                cap[t] = cap.get(t, 0) - d
                if cap[t] < 0:
                    return False
        free = sorted((d for d, t in need if t is None), reverse=True)

        def place(i):
            if i == len(free):
                return True
            for k in sorted(cap):
                if cap[k] >= free[i]:
                    cap[k] -= free[i]
                    ok = place(i + 1)
                    cap[k] += free[i]
                    if ok:
                        return True
            return False
        return place(0)

    def hire_options(self, seat: int) -> list[Option]:
        co = self.company(seat)
        out = [Option("done", f"stop hiring ({self.hire_capacity(seat) - co.hires_used} hires unused)")]
        if co.hires_used >= self.hire_capacity(seat):
            return out
        phantoms = [f for f in co.fresh if f["phantom"]]
        for e in self.staff.employees.values():
            if not e.entry:
                continue
            if self.supply[e.id] > 0:
                out.append(Option(f"hire {e.id}", f"hire {_a(e.name)} (to the beach)"))
            elif self._feasible(seat, phantoms + [{"card": e.id, "trainer": None}], co.train_left):
                out.append(Option(f"phantom {e.id}", f"hire {_a(e.name)} from the empty pile and train it up at once"))
        return out

    def train_options(self, seat: int) -> list[Option]:
        """One training step by one trainer on one beach card (FCM-3.3, FCM-I36)."""
        co, staff = self.company(seat), self.staff
        phantoms = [f for f in co.fresh if f["phantom"]]
        stacking = self._stacking(seat)
        trained_real = Counter(f["card"] for f in co.fresh if not f["phantom"])
        moves = []
        for key, left in co.train_left.items():
            if left <= 0:
                continue
            cands = []   # (label part, value part, card, fresh index or None)
            for c in sorted(co.beach, key=lambda c: staff.order[c]):
                untrained = co.beach[c] - (0 if stacking else trained_real[c])
                if untrained > 0 and staff[c].trains_into:
                    cands.append((c, "", None))
            for i, f in enumerate(co.fresh):
                if f["phantom"] and (stacking or f["trainer"] in (None, key)):
                    cands.append((f["card"], " (empty pile)", i))
                elif not f["phantom"] and not stacking and f["trainer"] == key:
                    cands.append((f["card"], " (again)", i))
            seen = set()
            for c, tag, i in cands:
                for t in self._targets(seat, c):
                    value = f"{key}: {c}{tag} > {t}"
                    if value in seen:
                        continue
                    seen.add(value)
                    # would the hires from empty piles still be trainable afterwards?
                    rest = [dict(f) for j, f in enumerate(co.fresh) if f["phantom"] and j != i]
                    if self.supply[t] == 0:
                        rest.append({"card": t, "trainer": key, "phantom": True})
                    after = dict(co.train_left)
                    after[key] -= 1
                    if not self._feasible(seat, rest, after):
                        continue
                    moves.append(Option(value, f"{_trainer_name(key, staff)} trains {staff.name(c)}{tag} into {staff.name(t)}"))
        if not phantoms or not moves:
            moves.insert(0, Option("done", "stop training" + (" (hires from empty piles are cancelled)" if phantoms else "")))
        return moves

    def _hire(self, seat: int, value: str) -> None:
        co = self.company(seat)
        kind, card = value.split(" ", 1)
        co.hires_used += 1
        if kind == "hire":
            self.supply[card] -= 1
            co.beach[card] += 1
            self.say("hire", lambda: f"Player {seat} hires {_a(self.name(card))} to the beach ({co.hires_used} of {self.hire_capacity(seat)}).",
                     ("FCM-3.2",), seat, card=card)
        else:
            co.fresh.append({"card": card, "trainer": None, "phantom": True, "origin": "hire"})
            self.say("hire", lambda: f"Player {seat} hires {_a(self.name(card))} from the empty pile: it must be trained up at once.",
                     ("FCM-3.2", "FCM-I35"), seat, card=card, phantom=True)
        need = self.ms["first_hire_3"].params["hires"]
        if co.hires_used >= need and self.can_claim(seat, "first_hire_3"):
            self.claim(seat, "first_hire_3", ("FCM-I37",))

    def _train(self, seat: int, value: str) -> None:
        co, staff = self.company(seat), self.staff
        key, move = value.split(": ", 1)
        src, target = move.split(" > ")
        card = src.split(" ")[0]
        idx = None
        if src.endswith("(empty pile)"):
            idx = next(i for i, f in enumerate(co.fresh) if f["phantom"] and f["card"] == card
                       and (self._stacking(seat) or f["trainer"] in (None, key)))
        elif src.endswith("(again)"):
            idx = next(i for i, f in enumerate(co.fresh) if not f["phantom"] and f["card"] == card and f["trainer"] == key)
        co.train_left[key] -= 1
        origin = card
        if idx is None or not co.fresh[idx]["phantom"]:     # a real card leaves the beach for the pile
            co.beach[card] -= 1
            self.supply[card] += 1
        else:
            origin = co.fresh[idx]["origin"]
        if idx is not None:
            co.fresh.pop(idx)
        phantom = self.supply[target] == 0
        if not phantom:
            self.supply[target] -= 1
            co.beach[target] += 1
        co.fresh.append({"card": target, "trainer": key, "phantom": phantom, "origin": origin if phantom else target})
        self.say("train", lambda: f"Player {seat}'s {_trainer_name(key, staff)} trains {_a(staff.name(card))} into {_a(staff.name(target))}"
                 + (" (empty pile: train it further)" if phantom else "") + ".", ("FCM-3.3",), seat, card=card, into=target)
        if self.can_claim(seat, "first_to_train"):
            self.claim(seat, "first_to_train", ("FCM-3.3",))

    def _end_working(self, seat: int) -> None:
        co = self.company(seat)
        for f in [f for f in co.fresh if f["phantom"]]:
            if f["origin"] == "hire":         # a cancelled hire was never made
                co.hires_used -= 1
            else:                             # the card trained into an empty pile stays what it was
                self.supply[f["origin"]] -= 1
                co.beach[f["origin"]] += 1
            self.say("cancel", lambda: f"Player {seat}'s {_a(self.name(f['card']))} from an empty pile is cancelled: "
                     "it could not be trained into an available card.", ("FCM-I35",), seat)
        co.fresh = [f for f in co.fresh if not f["phantom"]]
        self.step, self.queue = "idle", []

    # --- phase 5: payday -----------------------------------------------------------------------------
    def begin_payday(self) -> None:
        """FCM-5.1: firing first (simultaneous: asked in seat order, kept face down in ``secret`` and carried
        out when the last player is done, FCM-I39), then salaries (FCM-5.2)."""
        self.step, self.queue, self.secret = "fire", list(range(1, self.players + 1)), {}
        self.say("phase", lambda: "Phase 5: Payday. Players may fire employees, then pay $5 per salaried card.",
                 ("FCM-0.2", "FCM-5.1"))

    def salary_lines(self, seat: int) -> list[tuple[str, int, tuple]]:
        """The Payday bill line by line: (what, dollars, clauses); the total is never below $0 (FCM-5.2)."""
        co, staff = self.company(seat), self.staff
        free = set()
        for mid in co.milestones:
            if self.has(seat, mid):
                free.update(self.ms[mid].params.get("no_salary_for", []))
        lines = []
        for where, cards in (("at work", co.work.counts()), ("on the beach", co.beach), ("busy", Counter(co.busy))):
            for c in sorted(cards, key=lambda c: staff.order[c]):
                n = cards[c]
                if n and staff[c].salaried:
                    if c in free:
                        lines.append((f"{n} x {staff.name(c)} {where}: no salary ('First billboard placed')", 0, ("FCM-5.n1",)))
                    else:
                        lines.append((f"{n} x {staff.name(c)} {where}", SALARY * n, ("FCM-5.2",)))
        unused = self.unused_recruit_discounts(seat)
        if unused:
            lines.append((f"{unused} unused recruiting action(s) x -$5", -5 * unused, ("FCM-5.2", "FCM-I38")))
        if self.has(seat, "first_to_train"):
            lines.append(("'First to train someone'", -self.ms["first_to_train"].params["salary_discount"], ("FCM-5.n2",)))
        return lines

    def unused_recruit_discounts(self, seat: int) -> int:
        """FAQ bookkeeping (FCM-I38): recruiting manager / HR director actions of cards still at work, less one
        per hire beyond the CEO's and the recruiting girls'."""
        co, staff = self.company(seat), self.staff
        actions = sum(n * staff[c].hires for c, n in co.work.counts().items() if staff[c].discount)
        extra = max(0, co.hires_used - co.free_hires)
        return max(0, actions - extra)

    def salary_due(self, seat: int) -> int:
        return max(0, sum(v for _, v, _ in self.salary_lines(seat)))

    def fire_options(self, seat: int, forced: bool = False) -> list[Option]:
        """FCM-5.1: any card at work or on the beach, never the CEO or a busy marketeer. When broke (FCM-5.3)
        only salaried cards that cost salary, and busy marketeers only when nothing else is left."""
        co, staff = self.company(seat), self.staff
        costly = None
        if forced:
            costly = {c for c, e in staff.employees.items() if e.salaried}
            for mid in co.milestones:
                if self.has(seat, mid):
                    costly -= set(self.ms[mid].params.get("no_salary_for", []))
        out = [] if forced else [Option("done", "fire nobody more")]
        chosen = Counter() if forced else Counter(self.secret.get(seat, ()))     # already laid face down
        for where, cards in (("work", co.work.counts()), ("beach", co.beach)):
            for c in sorted(cards, key=lambda c: staff.order[c]):
                if cards[c] > chosen[f"{where} {c}"] and (costly is None or c in costly):
                    out.append(Option(f"{where} {c}", f"fire {_a(staff.name(c))} ({'at work' if where == 'work' else 'on the beach'})"))
        if forced and not out:
            chips = self.chips() if self.chips else None
            if chips is None:
                for c in sorted(set(co.busy), key=lambda c: staff.order[c]):
                    if c in costly:
                        out.append(Option(f"busy {c}", f"fire the busy {staff.name(c)} (its campaign keeps running)"))
            else:                         # one option per campaign: the player says whose marketeer goes (FCM-I62)
                for num in sorted(chips, key=int):
                    s, c = chips[num]
                    if s == seat and c is not None and c in costly:
                        out.append(Option(f"busy {num}", f"fire the {staff.name(c)} busy with campaign #{num} "
                                          "(the campaign keeps running)"))
        return out

    def _fire(self, seat: int, value: str, clauses) -> None:
        co = self.company(seat)
        where, card = value.split(" ", 1)
        extra = " (busy: its campaign keeps running)" if where == "busy" else ""
        if where == "work":
            _take_from_work(co, card)
        elif where == "beach":
            co.beach[card] -= 1
            if not co.beach[card]:
                del co.beach[card]
        else:
            chips = self.chips() if self.chips else None
            if chips is not None:         # 'busy <campaign number>': that chip keeps no card (FCM-I62)
                number = card
                card = chips[number][1]
                chips[number] = [seat, None]
                extra = f" busy with campaign #{number} (the campaign keeps running)"
            co.busy.remove(card)
        self.supply[card] += 1
        self.say("fire", lambda: f"Player {seat} fires {_a(self.name(card))}{extra}.", clauses, seat, card=card)

    def _pay_next(self) -> None:
        """Pay salaries in seat order; a player who cannot pay must fire (FCM-5.2, FCM-5.3)."""
        while self.payers:
            seat = self.payers[0]
            co = self.company(seat)
            for mid in list(co.milestones):     # '$100': a CFO already held is fired this Payday
                for card in self.ms[mid].params.get("fire", []):
                    for where, cards in (("work", co.work.counts()), ("beach", co.beach)):
                        for _ in range(cards[card]):
                            self._fire(seat, f"{where} {card}", ("FCM-I39",))
            due = self.salary_due(seat)
            if due > co.cash and self.fire_options(seat, forced=True):
                self.step, self.queue = "broke", [seat]
                self.say("broke", lambda: f"Player {seat} owes ${due} in salaries but has ${co.cash}: must fire salaried staff.",
                         ("FCM-5.3",), seat, due=due, cash=co.cash)
                return
            paid = min(due, co.cash)
            co.cash -= paid
            self.bank += paid
            co.paid = paid
            self.say("pay", lambda: f"Player {seat} pays ${paid} in salaries: " + ("; ".join(
                f"{w} {'+' if v >= 0 else '-'}${abs(v)}" for w, v, _ in self.salary_lines(seat)) or "no salaried cards") + ".",
                ("FCM-5.2",), seat, paid=paid)
            if paid >= self.ms["first_pay_20"].params["paid"]:
                self.claim(seat, "first_pay_20", ("FCM-I40",))
            self.payers.pop(0)
        self.step, self.queue = "idle", []

    # --- phase 7: clean-up ---------------------------------------------------------------------------
    def freezer(self, seat: int) -> int:
        """Goods kept at Clean-up: 0, or 10 with a freezer claimed in an earlier round (FCM-7.1)."""
        return self.ms["first_throw_away"].params["freezer"] if self.has(seat, "first_throw_away") else 0

    def begin_cleanup(self) -> None:
        """FCM-7.1: players with a freezer and more than 10 goods choose what to throw away."""
        self.say("phase", lambda: "Phase 7: Clean-up.", ("FCM-0.2",))
        self.step = "freezer"
        self.queue = [s for s in range(1, self.players + 1)
                      if self.freezer(s) and sum(self.company(s).goods.values()) > self.freezer(s)]
        if not self.queue:
            self._cleanup()

    def _cleanup(self) -> None:
        for co in self.companies:
            seat, keep = co.seat, self.freezer(co.seat)
            thrown = Counter()
            if not keep:
                thrown = +co.goods
                co.goods = Counter()
            if thrown:
                self.say("throw", lambda: f"Player {seat} throws away {_list(thrown)}.", ("FCM-7.1",), seat)
                self.claim(seat, "first_throw_away", ("FCM-7.1", "FCM-I41"))
            elif keep and +co.goods:
                self.say("freezer", lambda: f"Player {seat} keeps {_list(+co.goods)} in the freezer.", ("FCM-7.1",), seat)
            co.hand = co.hand + co.work.counts() + co.beach          # FCM-7.2
            co.work, co.beach, co.overfilled = Structure(), Counter(), False
            co.fresh, co.train_left, co.hires_used, co.free_hires = [], {}, 0, 0
            if co.coming_soon:                                        # FCM-7.3
                self.say("open", lambda: f"Player {seat}'s coming-soon restaurants open: {', '.join(co.coming_soon)}.", ("FCM-7.3",), seat)
                co.restaurants.extend(co.coming_soon)
                co.coming_soon = []
        self.say("hand", lambda: "Cards at work and on the beach go back to the players' hands; busy marketeers stay out.", ("FCM-7.2",))
        claimed = [mid for mid in self.ms if mid not in self.gone and any(co.milestones.get(mid) == self.round for co in self.companies)]
        for mid in claimed:                                           # FCM-7.4
            self.gone.append(mid)
            self.say("milestone-gone", lambda: f"Milestone '{self.ms[mid].name}' was claimed this round: it is gone for everyone else.",
                     ("FCM-7.4",), milestone=mid)
        self.say("tokens", lambda: "Demand tokens on houses and duration tokens on campaigns stay where they are.", ("FCM-7.5",))
        self.round += 1
        self.step, self.queue = "idle", []

    # --- the other layers' entry points --------------------------------------------------------------
    def make_busy(self, seat: int, card: str) -> None:
        """A marketeer at work starts a campaign: it leaves the structure and is busy (marketing layer)."""
        co = self.company(seat)
        if card not in co.work.counts() or self.staff[card].role != "marketeer":
            raise IllegalChoice(f"player {seat} has no {self.name(card)} at work to start a campaign", ("FCM-3.4",))
        _take_from_work(co, card)
        co.busy.append(card)

    def release_busy(self, seat: int, card: str) -> None:
        """A campaign ended: its marketeer returns to the beach (Deluxe) or to the hand (original) (FCM-I44)."""
        co = self.company(seat)
        co.busy.remove(card)
        (co.beach if self.ruleset == "deluxe" else co.hand)[card] += 1

    # --- decisions -----------------------------------------------------------------------------------
    def waiting(self) -> bool:
        """Whether a decision is pending (``pending() is not None``), without building its options."""
        if self.step == "order":
            return bool(self.choosers)
        return self.step in ("reserve", "restructure", "hire", "train", "fire", "broke", "freezer") and bool(self.queue)

    def pending(self) -> Decision | None:
        """The decision the company phases wait for, or None when the current step is done."""
        st = self.step
        if st == "reserve" and self.queue:
            seat = self.queue[0]
            return Decision(seat, "reserve", "Choose your secret reserve card", [
                Option(v, f"${v} (the CEO shows {RESERVE_CARDS[v]} slots)") for v in sorted(RESERVE_CARDS)], ("FCM-I31",))
        if st == "restructure" and self.queue:
            seat = self.queue[0]
            opts = self._options_now(seat)
            return Decision(seat, "restructure", "Choose the cards at work and arrange them (secretly)", opts,
                            ("FCM-1.1", "FCM-1.3"))
        if st == "order" and self.choosers:
            seat = self.choosers[0]
            free = [p for p in range(1, self.players + 1) if p not in self.new_order]
            return Decision(seat, "turn_order", f"Choose your place in turn order ({self.open_slots(seat)} open slots)",
                            [Option(p, f"position {p}") for p in free], ("FCM-2.2", "FCM-2.3"))
        if st == "hire" and self.queue:
            seat = self.queue[0]
            co = self.company(seat)
            return Decision(seat, "hire", f"Recruit (hire {co.hires_used + 1} of {self.hire_capacity(seat)})",
                            self.hire_options(seat), ("FCM-3.2",))
        if st == "train" and self.queue:
            seat = self.queue[0]
            return Decision(seat, "train", "Train a card on the beach", self.train_options(seat), ("FCM-3.3",))
        if st == "fire" and self.queue:
            seat = self.queue[0]
            return Decision(seat, "fire", "Fire employees (or not)", self.fire_options(seat), ("FCM-5.1",))
        if st == "broke" and self.queue:
            seat = self.queue[0]
            return Decision(seat, "broke_fire", f"You cannot pay ${self.salary_due(seat)}: fire a salaried card",
                            self.fire_options(seat, forced=True), ("FCM-5.3",))
        if st == "freezer" and self.queue:
            seat = self.queue[0]
            co = self.company(seat)
            return Decision(seat, "freezer", f"Throw away goods until {self.freezer(seat)} remain",
                            [Option(f"throw {g}", f"throw away a {g}") for g in GOODS if co.goods[g]], ("FCM-7.1",))
        return None

    def check(self, decision: Decision, value) -> None:
        """Refuse ``value`` unless it answers ``decision``; a restructuring may also be any proposal that
        ``read_structure`` accepts (FCM-I46)."""
        if decision.kind == "restructure" and value not in decision.values:
            self.read_structure(decision.player, value)
            return
        if type(value) not in (str, int):     # 2.0 or True must not pass for 2 or 1 and land in a record
            raise IllegalChoice(f"{value!r} is not a legal answer: answers are option values (str or int)",
                                decision.clauses)
        if value not in decision.values:
            why = {"hire": "FCM-3.2", "train": "FCM-3.3", "fire": "FCM-5.1", "broke_fire": "FCM-5.3"}.get(decision.kind)
            raise IllegalChoice(f"{value!r} is not a legal answer to '{decision.prompt}' for player {decision.player}; "
                                f"legal: {', '.join(map(repr, decision.values))}", decision.clauses if why is None else (why,))

    def apply(self, decision: Decision, value) -> None:
        """Apply a checked answer to ``decision`` (call ``check`` first)."""
        seat, kind = decision.player, decision.kind
        co = self.company(seat)
        if kind == "reserve":
            co.reserve = value
            self.queue.pop(0)
            self.say("reserve", lambda: f"Player {seat} lays a reserve card face down by the bank.", ("FCM-I31",), seat)
            if not self.queue:
                self.step = "idle"
        elif kind == "restructure":
            self.read_structure(seat, value)
            self.secret[seat] = value
            self.queue.pop(0)
            self.say("choose", lambda: f"Player {seat} lays the chosen cards face down.", ("FCM-1.1",), seat)
            if not self.queue:
                self._reveal()
        elif kind == "turn_order":
            self.new_order[value] = seat
            self.choosers.pop(0)
            self.say("position", lambda: f"Player {seat} takes position {value} in turn order.", ("FCM-2.2", "FCM-2.3"), seat, position=value)
            if not self.choosers:
                self.order = [self.new_order[p] for p in range(1, self.players + 1)]
                self.step = "idle"
                self.say("turn-order", lambda: "Turn order: " + ", ".join(f"player {s}" for s in self.order) + ".", ("FCM-2.3",),
                         order=list(self.order))
        elif kind == "hire":
            if value != "done":
                self._hire(seat, value)
            if value == "done" or co.hires_used >= self.hire_capacity(seat):
                self.step = "train"
                if [o.value for o in self.train_options(seat)] == ["done"]:
                    self._end_working(seat)     # nothing to train: no decision to ask
        elif kind == "train":
            if value == "done":
                self._end_working(seat)
            else:
                self._train(seat, value)
                if not any(co.train_left.values()):
                    self._end_working(seat)
        elif kind == "fire":
            if value == "done":
                self.queue.pop(0)
                self.say("choose-fire", lambda: f"Player {seat} has chosen whom to fire, face down.", ("FCM-5.1", "FCM-I39"), seat)
                if not self.queue:             # everyone is done: the firings happen together (FCM-I39)
                    chosen, self.secret = self.secret, {}
                    for s in sorted(chosen):
                        for v in chosen[s]:
                            self._fire(s, v, ("FCM-5.1",))
                    self.payers = list(range(1, self.players + 1))
                    self._pay_next()
            else:
                self.secret.setdefault(seat, []).append(value)
        elif kind == "broke_fire":
            self._fire(seat, value, ("FCM-5.3",))
            self._pay_next()
        elif kind == "freezer":
            g = value.split(" ", 1)[1]
            co.goods[g] -= 1
            self.say("throw", lambda: f"Player {seat} throws away a {g}.", ("FCM-7.1",), seat, good=g)
            self.claim(seat, "first_throw_away", ("FCM-7.1", "FCM-I41"))
            if sum(co.goods.values()) <= self.freezer(seat):
                self.queue.pop(0)
                if not self.queue:
                    self._cleanup()
        else:  # pragma: no cover - pending() makes no other kinds
            raise IllegalChoice(f"no company decision of kind {kind!r}", ())


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


# --------------------------------------------------------------------------------------------------
# A practice game of the company phases alone
# --------------------------------------------------------------------------------------------------
class CompanyGame(Game):
    """Rounds of Restructuring, Order of Business, recruiting and training, Payday and Clean-up, with no map
    and no Dinnertime (FCM-I45). Options: ``rounds`` (default 4), ``start_cash`` (default $0, fact 2.2; a
    teaching setting), ``ruleset`` ("original" or "deluxe"). Not registered: the full game comes later."""

    name = "fcm-companies"
    title = "Food Chain Magnate: companies"
    min_players, max_players = 2, 5
    rules_package = "toolkit.games.fcm"
    drawing_module = "toolkit.games.fcm.company_drawing"

    def __init__(self, players: int = 3, seed: int = 0, options: dict | None = None, *, log: bool = True):
        super().__init__(players, seed, options, log=log)
        unknown = set(self.options) - {"rounds", "start_cash", "ruleset"}
        if unknown:
            raise ValueError(f"unknown option(s) for {self.name}: {', '.join(sorted(unknown))}")
        self.rounds = int(self.options.get("rounds", 4))
        self.co = CompanyPhases(players, self.streams, self.emit, ruleset=self.options.get("ruleset", "original"), log=log)
        for c in self.co.companies:
            c.cash = int(self.options.get("start_cash", 0))
        self.phase = "setup"
        self.working = []          # seats still to work this round, in turn order
        self.co.begin_setup()

    def pending(self):
        return self.co.pending()

    def check(self, decision, value):
        self.co.check(decision, value)

    def _apply(self, decision, value):
        self.co.apply(decision, value)
        self._advance()

    def _advance(self) -> None:
        """Start the next company step whenever the current one is done (FCM-0.2)."""
        co = self.co
        while not co.waiting() and self.phase != "over":
            if self.phase in ("setup", "cleanup"):
                if self.phase == "cleanup":
                    self.end_turn()
                    if co.round > self.rounds:
                        self.phase = "over"
                        break
                self.phase = "restructure"
                co.begin_restructuring()
            elif self.phase == "restructure":
                self.phase = "order"
                co.begin_order_of_business()
            elif self.phase == "order":
                self.phase = "working"
                self.working = list(co.order)
                co.say("phase", lambda: "Phase 3: Working 9-5, in turn order (recruiting and training only in this practice game).",
                       ("FCM-0.2", "FCM-3.1", "FCM-I45"))
            elif self.phase == "working":
                if self.working:
                    co.begin_working(self.working.pop(0))
                else:
                    self.phase = "payday"
                    co.begin_payday()
            elif self.phase == "payday":
                self.phase = "cleanup"
                co.begin_cleanup()

    def scores(self):
        return [c.cash for c in self.co.companies]

    def winner(self):
        if self.phase != "over":
            return None
        best = max(self.scores())
        return next(s for s in self.co.order if self.co.company(s).cash == best)

    def to_dict(self):
        return {"phase": self.phase, "rounds": self.rounds, "working": list(self.working), "turn": self.turn,
                "company": self.co.to_dict()}

    def view(self, player=None):
        d = self.to_dict()
        d["company"] = self.co.view(player)
        return d

    def summary(self):
        return {"cards": sum(sum(c.cards().values()) for c in self.co.companies),
                "milestones": sum(len(c.milestones) for c in self.co.companies)}

    @staticmethod
    def agents():
        return {"builder": BuilderAgent}


class BuilderAgent(Agent):
    """A simple company builder: fullest structure, hires and trains when it can, fires only when broke."""

    name = "builder"

    def choose(self, game, decision, rng):
        vals = decision.values
        if decision.kind in ("restructure", "turn_order"):
            return vals[0]
        if decision.kind in ("hire", "train"):
            real = [v for v in vals if v != "done"]
            return real[int(rng.random() * len(real))] if real else "done"
        if decision.kind == "fire":
            return "done"
        return vals[int(rng.random() * len(vals))]
