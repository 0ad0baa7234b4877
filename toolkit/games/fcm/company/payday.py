"""Phase 5, Payday (FCM-5): firing, then salaries; a company that cannot pay fires until it can."""
from __future__ import annotations

from collections import Counter

from ....core.decisions import Option
from .state import SALARY, _a, _take_from_work


class Payday:
    """The Payday steps of ``CompanyPhases`` (a part of it: it works on the phases' state)."""

    def begin_payday(self) -> None:
        """FCM-5.1: firing first (simultaneous: asked in seat order, kept face down in ``secret`` and carried
        out when the last player is done, FCM-I39), then salaries (FCM-5.2)."""
        self.step, self.queue, self.secret = "fire", self.seats(), {}
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
            lines.append((f"{unused} unused recruiting {'action' if unused == 1 else 'actions'} x -$5", -5 * unused, ("FCM-5.2", "FCM-I38")))
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
        chosen = Counter() if forced else Counter(self.secret.get(seat, ()))     # already laid face down
        out = [] if forced else [Option("done", "fire nobody else" if chosen else "fire nobody")]
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
