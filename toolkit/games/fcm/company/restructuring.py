"""Phase 1, Restructuring (FCM-1): every player secretly chooses the cards to put to work and arranges them;
the choices are revealed together (FCM-I46 for the options offered)."""
from __future__ import annotations

from collections import Counter

from ....core.decisions import Option
from ....core.errors import IllegalChoice
from .fitting import fitting_sets
from .structure import Structure, arrange, fits, in_words, structure_problem
from .state import _list

MAX_STRUCTURE_OPTIONS = 120     # FCM-I46
_OPTIONS_SEEN: dict = {}        # (staff id, CEO slots, hand) -> (staff, restructuring options): a pure function



class Restructuring:
    """The Restructuring steps of ``CompanyPhases`` (a part of it: it works on the phases' state)."""

    def begin_restructuring(self) -> None:
        """FCM-1.1: every player chooses face down; choices are taken in seat order and revealed together."""
        self.step, self.queue, self.secret = "restructure", self.seats(), {}
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
        opts = [Option(t, f"CEO over {in_words(label)}" if t else "CEO alone")
                for t, label in fitting_sets(co.hand, self.staff, co.ceo_slots, MAX_STRUCTURE_OPTIONS)]
        if not opts or opts[-1].value != "":
            opts.append(Option("", "CEO alone"))
        if len(_OPTIONS_SEEN) >= 2048:
            _OPTIONS_SEEN.clear()
        _OPTIONS_SEEN[key] = (self.staff, tuple(opts))
        return opts

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
                raise IllegalChoice(f"Player {seat} has {co.hand[card]} x {self.name(card)} in hand, not {n}{where}",
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
        for seat in self.seats():
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
                self.say("structure", lambda: f"Player {seat} puts to work: CEO" + (f" over {in_words(co.work.text(self.staff))}" if co.work.items else " alone")
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
