"""A practice game of the company phases alone (no map, no Dinnertime; FCM-I45), and a simple agent for it.

>>> g = CompanyGame(players=2, seed=1)
>>> g.pending()
Decision(player=1, kind='reserve', values=(100, 200, 300))
>>> _ = g.apply(300); _ = g.apply(100)
>>> g.pending().kind, g.pending().values
('restructure', ('',))
"""
from __future__ import annotations

from ....core.agents import Agent
from ....core.game import Game
from .phases import CompanyPhases, WithCompanyLayer


class CompanyGame(WithCompanyLayer, Game):
    """Rounds of Restructuring, Order of Business, recruiting and training, Payday and Clean-up, with no map
    and no Dinnertime (FCM-I45). Options: ``rounds`` (default 4), ``start_cash`` (default $0, FCM-I31; a
    teaching setting), ``ruleset`` ("original" or "deluxe"). Not registered: the full game comes later."""

    name = "fcm-companies"
    title = "Food Chain Magnate: companies"
    min_players, max_players = 2, 5
    rules_package = "toolkit.games.fcm"
    drawing_module = "toolkit.games.fcm.company.drawing"

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
