"""Phase 7, Clean-up (FCM-7): goods beyond the freezer are thrown away, cards return to hand, milestones
claimed this round are removed for the others."""
from __future__ import annotations

from collections import Counter

from .state import _list
from .structure import Structure


class CleanUp:
    """The Clean-up steps of ``CompanyPhases`` (a part of it: it works on the phases' state)."""

    def freezer(self, seat: int) -> int:
        """Goods kept at Clean-up: 0, or 10 with a freezer claimed in an earlier round (FCM-7.1)."""
        return self.ms["first_throw_away"].params["freezer"] if self.has(seat, "first_throw_away") else 0

    def begin_cleanup(self) -> None:
        """FCM-7.1: players with a freezer and more than 10 goods choose what to throw away."""
        self.say("phase", lambda: "Phase 7: Clean-up.", ("FCM-0.2",))
        self.step = "freezer"
        self.queue = [s for s in self.seats()
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
