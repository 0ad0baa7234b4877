"""The people side of Food Chain Magnate: companies, their structure, turn order, recruiting and training,
payday and clean-up (FCM-0, FCM-1, FCM-2, FCM-3.1 to 3.3 and 3.n1 to 3.n3, FCM-5, FCM-7; FCM-I30 to FCM-I46).

``CompanyPhases`` runs the company parts of a round as decisions
(``pending()`` / ``check()`` / ``apply()``) for a full game to compose. Each phase's steps are a part of it in a module
named after the phase (``restructuring.py``, ``order_of_business.py``, ``working.py``, ``payday.py``,
``cleanup.py``); this class holds the shared state, the milestones and the decisions, and composes them.
``Company`` (one player's state) is in ``state.py``; the practice game ``CompanyGame`` in ``practice.py``.
"""
from __future__ import annotations

from ....core.decisions import Decision, Option
from ....core.errors import IllegalChoice
from ....core.game import deepcopy_attributes
from ....core.rng import Streams
from .cleanup import CleanUp
from .employees import Staff, default_staff
from .milestones import default_milestones
from .order_of_business import OrderOfBusiness
from .payday import Payday
from .restructuring import Restructuring
from .state import BANK_PER_PLAYER, GOODS, RESERVE_CARDS, RULESETS, Company, _take_from_work
from .working import Working


class WithCompanyLayer:
    """For a game whose company layer (``self.co``, a ``CompanyPhases``) holds the game's streams and log switch:
    a new seed's streams and a quieted log reach the layer too (a believed world, Game.determinize, must not draw
    from the real game's streams)."""

    def reseed(self, seed: int) -> None:
        super().reseed(seed)
        self.co.streams = self.streams

    def quiet(self) -> None:
        super().quiet()
        self.co.log = False          # the company layer's sentences are not even built


class CompanyPhases(Restructuring, OrderOfBusiness, Working, Payday, CleanUp):
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
        self.bank = bank_per_player * players                         # FCM-I31 (FCM-I68: the intro game's)
        self.round = 1
        self.order = list(range(1, players + 1))                      # seats by turn-order position
        streams["turn-order"].shuffle(self.order)                     # FCM-I31: random first order
        self.gone: list[str] = []                                     # milestones removed in Clean-up
        self.step = "idle"
        self.queue: list[int] = []                                    # seats still to decide this step
        self.secret: dict = {}                                        # FCM-1.1: face-down choices
        self.choosers: list[int] = []                                 # order of business: who picks next
        self.new_order: dict = {}                                     # position -> seat
        self.payers: list[int] = []
        self.bankrupt: dict = {}                                      # seat -> round it went bankrupt (FCM-I74)
        # the whole game's busy chips ({campaign number: [seat, card or None once fired]}), as a bound method
        # so copies of a game stay apart; None in the practice game, where busy cards have no campaigns
        self.chips = None
        self.say("setup", lambda: f"The bank holds ${self.bank}; every player starts with $0 and a CEO with "
                 f"{self.staff.ceo.slots} slots; turn order drawn at random: "
                 f"{', '.join(f'Player {s}' for s in self.order)}.", ("FCM-I31",), bank=self.bank, order=list(self.order))

    # every attribute, in the order __init__ sets them (a subclass adding one extends it): copies are made attribute
    # by attribute, never through ``__dict__``, so that they keep Python's fast attribute reads (core.copy_attributes)
    _ATTRIBUTES = ("staff", "ms", "players", "streams", "emit", "log", "ruleset", "companies", "supply", "bank", "round",
                   "order", "gone", "step", "queue", "secret", "choosers", "new_order", "payers", "bankrupt", "chips")

    def __deepcopy__(self, memo):
        return deepcopy_attributes(self, memo, self._ATTRIBUTES)

    # --- plumbing ---------------------------------------------------------------------------------
    def say(self, kind, text, clauses, player=None, **data):
        """Emit an event; ``text`` may be a callable so a silent run never builds the sentence. ``secret`` and
        ``seen_by`` mark facts hidden from the other players (see ``Event``)."""
        if self.log:
            self.emit(kind, text() if callable(text) else text, tuple(clauses), player, **data)

    def company(self, seat: int) -> Company:
        return self.companies[seat - 1]

    def seats(self) -> list[int]:
        """The seats still in the game, in seat order: a bankrupt chain has left it (FCM-I74)."""
        return [s for s in range(1, self.players + 1) if s not in self.bankrupt]

    def name(self, card: str) -> str:
        return self.staff.name(card)

    def to_dict(self) -> dict:
        d = {"round": self.round, "step": self.step, "bank": self.bank, "order": list(self.order),
                "supply": dict(self.supply), "gone": list(self.gone), "queue": list(self.queue),
                "secret": {str(k): (v if isinstance(v, str) else list(v)) for k, v in sorted(self.secret.items())}, "choosers": list(self.choosers),
                "new_order": {str(k): v for k, v in sorted(self.new_order.items())}, "payers": list(self.payers),
                "ruleset": self.ruleset, "companies": [c.to_dict() for c in self.companies]}
        if self.bankrupt:                       # only once someone went bankrupt (FCM-I74): older records read the same
            d["bankrupt"] = {str(k): v for k, v in sorted(self.bankrupt.items())}
        return d

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

    # --- setup: reserve cards (FCM-I31) ------------------------------------------------------------
    def begin_setup(self) -> None:
        self.step, self.queue = "reserve", list(range(1, self.players + 1))

    # --- the other layers' entry points --------------------------------------------------------------
    def make_busy(self, seat: int, card: str) -> None:
        """A marketeer at work starts a campaign: it leaves the structure and is busy (marketing layer)."""
        co = self.company(seat)
        if card not in co.work.counts() or self.staff[card].role != "marketeer":
            raise IllegalChoice(f"Player {seat} has no {self.name(card)} at work to start a campaign", ("FCM-3.4",))
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
                Option(v, f"${v} (the CEO shows {RESERVE_CARDS[v]} slots)") for v in sorted(RESERVE_CARDS)], ("FCM-I31",),
                secret=True)
        if st == "restructure" and self.queue:
            seat = self.queue[0]
            opts = self._options_now(seat)
            return Decision(seat, "restructure", "Choose the cards at work and arrange them (secretly)", opts,
                            ("FCM-1.1", "FCM-1.3"), secret=True)
        if st == "order" and self.choosers:
            seat = self.choosers[0]
            free = [p for p in range(1, len(self.order) + 1) if p not in self.new_order]
            n = self.open_slots(seat)       # the chooser's own open slots (not the places left)
            slots = f"{n} open slot" + "s" * (n != 1)
            return Decision(seat, "turn_order", f"Choose your place in turn order (you have {slots})",
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
            return Decision(seat, "fire", "Fire employees (or not)", self.fire_options(seat), ("FCM-5.1",),
                            secret=True)      # FCM-I39: the firings stay face down until everyone is done
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
            raise IllegalChoice(f"{value!r} is not a legal answer to '{decision.prompt}' for Player {decision.player}; "
                                f"legal: {', '.join(map(repr, decision.values))}", decision.clauses if why is None else (why,))

    def apply(self, decision: Decision, value) -> None:
        """Apply a checked answer to ``decision`` (call ``check`` first)."""
        seat, kind = decision.player, decision.kind
        co = self.company(seat)
        if kind == "reserve":
            co.reserve = value
            self.queue.pop(0)
            self.say("reserve", lambda: f"Player {seat} lays a reserve card face down by the bank.", ("FCM-I31",), seat,
                     secret={"reserve": value}, seen_by=(seat,))       # FCM-I31: only its owner knows it
            if not self.queue:
                self.step = "idle"
        elif kind == "restructure":
            self.read_structure(seat, value)
            self.secret[seat] = value
            self.queue.pop(0)
            self.say("choose", lambda: f"Player {seat} lays the chosen cards face down.", ("FCM-1.1",), seat,
                     secret={"structure": value}, seen_by=(seat,))     # FCM-1.1, FCM-I42: face down until all reveal
            if not self.queue:
                self._reveal()
        elif kind == "turn_order":
            self.new_order[value] = seat
            self.choosers.pop(0)
            self.say("position", lambda: f"Player {seat} takes position {value} in turn order.", ("FCM-2.2", "FCM-2.3"), seat, position=value)
            if not self.choosers:
                self.order = [self.new_order[p] for p in range(1, len(self.order) + 1)]
                self.step = "idle"
                self.say("turn-order", lambda: "Turn order: " + ", ".join(f"Player {s}" for s in self.order) + ".", ("FCM-2.3",),
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
                self.say("choose-fire", lambda: f"Player {seat} has chosen whom to fire, face down.", ("FCM-5.1", "FCM-I39"), seat,
                         secret={"fire": list(self.secret.get(seat, ()))}, seen_by=(seat,))   # FCM-I39: face down
                if not self.queue:             # everyone is done: the firings happen together (FCM-I39)
                    chosen, self.secret = self.secret, {}
                    for s in sorted(chosen):
                        for v in chosen[s]:
                            self._fire(s, v, ("FCM-5.1",))
                    self.payers = self.seats()
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
