"""Phase 3, Working 9-5, the company's part: recruiting and training (FCM-3.1 to 3.3, FCM-3.n1 to 3.n3).

The rest of Working 9-5 (marketing, food and drinks, houses, restaurants) is the whole game's: ``game/working.py``.
"""
from __future__ import annotations

from collections import Counter

from ....core.decisions import Option
from .state import _a, _trainer_name


class Working:
    """The recruiting and training steps of ``CompanyPhases`` (a part of it: it works on the phases' state)."""

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
        banned = set()
        for mid in co.milestones:
            banned.update(self.ms[mid].params.get("never_train", []))
        for t in self.staff[card].trains_into:
            if (self.staff[t].unique and co.owns(t)) or t in banned:
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
        unused = self.hire_capacity(seat) - co.hires_used
        out = [Option("done", f"stop hiring ({unused} hire{'' if unused == 1 else 's'} unused)")]
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
