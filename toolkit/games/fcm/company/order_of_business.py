"""Phase 2, Order of Business (FCM-2): players choose their places in turn order, most open slots first."""
from __future__ import annotations



class OrderOfBusiness:
    """The Order of Business steps of ``CompanyPhases`` (a part of it: it works on the phases' state)."""

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
        slots = {s: self.open_slots(s) for s in self.seats()}
        self.choosers = sorted(slots, key=lambda s: (-slots[s], prev[s]))
        self.new_order, self.step = {}, "order"
        self.say("order", lambda: "Phase 2: Order of Business. Open slots: " + ", ".join(
            f"Player {s} {slots[s]} slot" + ("" if slots[s] == 1 else "s") for s in self.choosers) + "; they choose positions in this order.",
            ("FCM-0.2", "FCM-2.1", "FCM-2.2"), slots={str(s): slots[s] for s in self.choosers})
