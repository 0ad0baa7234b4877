"""Phase 3, Working 9-5, the whole game's part (FCM-3.4 to 3.7, FCM-3.n2): marketing campaigns, food and drinks,
new houses and gardens, new and moved restaurants, one card at a time in the order of the rules.

Recruiting and training, the company's part of this phase, are in ``company/working.py``.
"""
from __future__ import annotations

from ....core.decisions import Decision, Option
from ....core.errors import IllegalChoice
from ..map.board import CORNERS, SIDES
from ..map.placement import (MAX_RESTAURANTS, MARKETEERS, check_garden, check_regional_restaurant, gardens_used,
                             legal_new_houses, legal_restaurants, place_garden, place_local_restaurant, place_new_house,
                             place_regional_restaurant)
from . import marketing, production, words


def _pos(value: str):
    """'3,4 nw' -> ((3, 4), 'nw')."""
    head, tail = value.split()
    r, c = head.split(",")
    return (int(r), int(c)), tail


class Working:
    """This layer's steps of Working 9-5 in ``FcmGame`` (a part of it: it works on the game's state)."""

    def _begin_own(self) -> None:
        seat, co = self.seat, self.co
        work = co.company(seat).work.counts()
        order = co.staff.order
        tasks = []
        for c in sorted(work, key=lambda c: order[c]):               # FCM-3.n2: marketing first
            if co.staff[c].role == "marketeer":
                tasks += [["market", c]] * work[c]
        for c in production.COOKS:                                    # each cook or chef may hold back (FCM-I72)
            tasks += [["cook", c]] * work[c]
        tasks += [["trainee", "kitchen_trainee"]] * work["kitchen_trainee"]
        tasks += [["errand", "errand_boy"]] * work["errand_boy"]
        for c in production.BUYERS:
            tasks += [["buyer", c]] * work[c]
        tasks += [["nbd", "new_business_developer"]] * work["new_business_developer"]
        tasks += [["local", "local_manager"]] * work["local_manager"]
        tasks += [["regional", "regional_manager"]] * work["regional_manager"]
        self.tasks, self.sub, self.stage = tasks, {}, "own"

    def _settle(self) -> bool:
        """Run automatic steps and skip tasks with nothing to decide; True when a decision is pending."""
        seat = self.seat
        while self.tasks:
            kind, card = self.tasks[0]
            if kind == "buyer" and not self.sub and not production.route_options(self, seat, card):
                self.say("buy", lambda: f"Player {seat}'s {self.co.name(card)} finds no drink source within range.", ("FCM-3.5",), seat)
            elif kind == "local" and len(self.map.chain_restaurants(seat)) >= MAX_RESTAURANTS:
                self.say("skip", lambda: f"Player {seat} already has {MAX_RESTAURANTS} restaurants.", ("FCM-3.7", "FCM-I21"), seat)
            else:
                return True
            self.tasks.pop(0)
        return False

    def _done_task(self) -> None:
        self.tasks.pop(0)
        self.sub = {}

    def _working_pending(self) -> Decision | None:
        seat, (kind, card), sub = self.seat, self.tasks[0], self.sub
        co, fmap = self.co, self.map
        name = co.name(card) if card else ""
        if kind == "market":
            if "tile" not in sub:
                opts = [Option("skip", "place no campaign")] + [
                    Option(f"tile {n}", f"{fmap.tileset.marketing[n].kind} #{n}") for n in marketing.free_tiles(self, card)]
                return Decision(seat, "campaign_tile", f"{name}: choose a marketing tile", opts, ("FCM-3.4",))
            n = sub["tile"]
            if "place" not in sub:
                vals = marketing.places(self, seat, card, n)
                opts = [Option(v, f"at {words.campaign_place(v)}: reaches {words.houses(marketing.reached(fmap, n, v))}")
                        for v in vals] or [Option("cancel", "no legal place: place no campaign")]
                return Decision(seat, "campaign_place", f"{name}: where does #{n} go?", opts, ("FCM-3.4", "FCM-I18"))
            if "good" not in sub:
                return Decision(seat, "campaign_good", f"{name}: what does #{n} advertise?",
                                [Option(g, g) for g in marketing.GOODS], ("FCM-3.4",))
            longest = MARKETEERS[marketing.marketeer_name(card)][1]
            return Decision(seat, "campaign_duration", f"{name}: for how many rounds does #{n} run?",
                            [Option(k, words.count(k, "round")) for k in range(1, longest + 1)], ("FCM-3.4", "FCM-I18"))
        if kind == "cook":
            good, n = production.COOKS[card]
            return Decision(seat, "cook", f"{name}: make {words.count(n, good)}?",
                            [Option("make", f"make {words.count(n, good)}"), Option("skip", "make nothing this round")], ("FCM-3.5", "FCM-I72"))
        if kind == "trainee":
            return Decision(seat, "kitchen", "Kitchen Trainee: make 1 burger or 1 pizza",
                            [Option("burger", "1 burger"), Option("pizza", "1 pizza"), Option("skip", "make nothing this round")],
                            ("FCM-3.5", "FCM-I72"))
        if kind == "errand":
            k = production.errand_count(self, seat)
            return Decision(seat, "errand", f"Errand Boy: fetch {words.count(k, 'drink')} of one kind",
                            [Option(d, f"{k} {d}") for d in production.DRINKS] + [Option("skip", "fetch nothing this round")],
                            ("FCM-3.5", "FCM-I72"))
        if kind == "buyer":
            if "route" in sub:
                opts = [Option(v, lab) for v, lab in production.drink_choices(self, seat, card, sub["route"])]
                return Decision(seat, "drinks", f"{name}: how many of each drink? (a route may stop early)", opts,
                                ("FCM-3.5", "FCM-I73"))
            opts = [Option(v, lab) for v, lab in production.route_options(self, seat, card)]
            opts.append(Option("skip", "bring nothing this round"))
            return Decision(seat, "route", f"{name}: choose the drink sources to visit", opts, ("FCM-3.5", "FCM-I23", "FCM-I72"))
        if kind == "nbd":
            if "what" not in sub:
                opts = [Option("skip", "place nothing")]
                opts += [Option(f"house {n}", f"place house {n} with its garden") for n in fmap.tileset.house_tiles if n not in fmap.houses]
                if gardens_used(fmap) < fmap.tileset.gardens:
                    opts += [Option(f"garden {n}", f"add a garden to house {n}") for n, h in sorted(fmap.houses.items())
                             if h.printed and not h.garden and self._garden_sides(n)]
                return Decision(seat, "developer", "New Business Developer: a new house or a garden?", opts, ("FCM-3.6",))
            what, n = sub["what"].split()
            if what == "house":
                vals = [f"{r},{c} {s}" for (r, c), s in legal_new_houses(fmap, int(n))]
                opts = [Option(v, f"house {n} at {words.square(v.split()[0])}, garden to the {words.compass(v.split()[1])}")
                        for v in vals]
            else:
                opts = [Option(s, f"garden on the {words.compass(s)} side of house {n}") for s in self._garden_sides(int(n))]
            return Decision(seat, "developer_place", f"Where does the {what} go?",
                            opts or [Option("cancel", "no legal place: place nothing")], ("FCM-3.6", "FCM-I8"))
        if kind == "local":
            vals = [f"{r},{c} {k}" for (r, c), k in legal_restaurants(fmap, seat, "local", self.co.ruleset)]
            opts = [Option("skip", "place no restaurant")] + [Option(v, f"coming-soon restaurant at {words.placement(v)}") for v in vals]
            return Decision(seat, "local_manager", "Local Manager: place a new restaurant within road range 3", opts, ("FCM-3.7", "FCM-I19"))
        if kind == "regional":
            if "what" not in sub:
                opts = [Option("skip", "do nothing")]
                if len(fmap.chain_restaurants(seat)) < MAX_RESTAURANTS:
                    opts.append(Option("new", "place a new restaurant, open at once"))
                # the original rules let it move any existing restaurant, coming soon included (FCM-I20)
                movable = fmap.chain_restaurants(seat, open_only=co.ruleset == "deluxe")
                opts += [Option(f"move {r.rid}", f"move or turn restaurant {r.rid}" + ("" if r.open else " (coming soon)"))
                         for r in movable]
                return Decision(seat, "regional_manager", "Regional Manager: place or move a restaurant", opts, ("FCM-3.7", "FCM-I20"))
            vals = self._regional_places(seat, sub["what"])
            opts = [Option(v, f"restaurant at {words.placement(v)}") for v in vals]
            return Decision(seat, "regional_place", "Where does the restaurant go?",
                            opts or [Option("cancel", "no legal place: do nothing")], ("FCM-3.7", "FCM-I20"))
        raise AssertionError(kind)   # pragma: no cover

    def _garden_sides(self, n) -> list:
        out = []
        for s in SIDES:
            try:
                check_garden(self.map, n, s)
            except IllegalChoice:
                continue
            out.append(s)
        return out

    def _regional_places(self, seat, what) -> list:
        if what == "new":
            return [f"{r},{c} {k}" for (r, c), k in legal_restaurants(self.map, seat, "regional")]
        rid = what.split()[1]
        out = []
        for r in range(self.map.height - 1):
            for c in range(self.map.width - 1):
                for k in CORNERS:
                    try:
                        check_regional_restaurant(self.map, seat, (r, c), k, move=rid)
                    except IllegalChoice:
                        continue
                    out.append(f"{r},{c} {k}")
        return out

    def _apply_working(self, d, value) -> None:
        seat, kind, co, fmap = d.player, d.kind, self.co, self.map
        card = self.tasks[0][1]
        sub = self.sub
        if kind == "campaign_tile":
            if value == "skip":
                self.say("skip", lambda: f"Player {seat}'s {co.name(card)} places no campaign.", ("FCM-3.4",), seat)
                return self._done_task()
            sub["tile"] = int(value.split()[1])
        elif kind == "campaign_place":
            if value == "cancel":
                return self._done_task()
            sub["place"] = value
        elif kind == "campaign_good":
            sub["good"] = value
            if marketing.eternal_now(self, seat, sub["tile"]):
                marketing.place(self, seat, card, sub["tile"], sub["place"], value, 1)
                self._done_task()
        elif kind == "campaign_duration":
            marketing.place(self, seat, card, sub["tile"], sub["place"], sub["good"], value)
            self._done_task()
        elif kind == "cook":
            if value == "skip":
                production.hold_back(self, seat, co.name(card))
            else:
                production.cook(self, seat, card)
            self._done_task()
        elif kind == "kitchen":
            if value == "skip":
                production.hold_back(self, seat, "Kitchen Trainee")
            else:
                production.produce(self, seat, value, 1, "Kitchen Trainee")
            self._done_task()
        elif kind == "errand":
            if value == "skip":
                production.hold_back(self, seat, "Errand Boy")
            else:
                production.produce(self, seat, value, production.errand_count(self, seat), "Errand Boy")
            self._done_task()
        elif kind == "route":
            if value == "skip":
                production.hold_back(self, seat, co.name(card))
                return self._done_task()
            if len(production.drink_choices(self, seat, card, value)) > 1:
                sub["route"] = value                 # then: how many of each drink (FCM-I73)
                return
            production.collect(self, seat, card, value)
            self._done_task()
        elif kind == "drinks":
            production.bring(self, seat, card, production.read_counts(value), ("FCM-3.5", "FCM-I65", "FCM-I73"))
            self._done_task()
        elif kind == "developer":
            if value == "skip":
                return self._done_task()
            sub["what"] = value
        elif kind == "developer_place":
            if value != "cancel":
                what, n = sub["what"].split()
                if what == "house":
                    top, side = _pos(value)
                    place_new_house(fmap, int(n), top, side)
                else:
                    place_garden(fmap, int(n), value)
                # "house" events are Dinnertime's sales (their data holds the house's record); a placement is its own kind
                self.say("new-house" if what == "house" else "garden",
                         lambda: f"Player {seat}'s New Business Developer places {sub['what']} at {_nbd_place(value)}.",
                         ("FCM-3.6", "FCM-I8"), seat)
            self._done_task()
        elif kind == "local_manager":
            if value != "skip":
                top, corner = _pos(value)
                r = place_local_restaurant(fmap, seat, top, corner, self.co.ruleset)
                co.company(seat).coming_soon.append(r.rid)
                self.say("restaurant", lambda: f"Player {seat}'s Local Manager places restaurant {r.rid} at {words.square(top)}, entrance {words.compass(corner)} (coming soon).",
                         ("FCM-3.7", "FCM-I19"), seat, rid=r.rid)
            self._done_task()
        elif kind == "regional_manager":
            if value == "skip":
                return self._done_task()
            sub["what"] = value
        elif kind == "regional_place":
            if value != "cancel":
                top, corner = _pos(value)
                move = sub["what"].split()[1] if sub["what"].startswith("move") else None
                r = place_regional_restaurant(fmap, seat, top, corner, move)
                if move is None:
                    co.company(seat).restaurants.append(r.rid)
                self.say("restaurant", lambda: f"Player {seat}'s Regional Manager " + ("moves" if move else "opens")
                         + f" restaurant {r.rid} at {words.square(top)}, entrance {words.compass(corner)}.", ("FCM-3.7", "FCM-I20"), seat, rid=r.rid)
            self._done_task()
        else:  # pragma: no cover
            raise IllegalChoice(f"no decision of kind {kind!r}", ())


def _nbd_place(value: str) -> str:
    """Where a New Business Developer put a house ("row,col side") or a garden (a side), in words."""
    parts = value.split()
    if "," in parts[0]:
        return f"{words.square(parts[0])}, garden to the {words.compass(parts[1])}"
    return f"the {words.compass(value)} side"
