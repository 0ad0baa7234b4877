"""Setup of the whole game: the starting restaurants, in reverse turn order, each player may pass once
(FCM-I4, FCM-I58)."""
from __future__ import annotations

from ....core.decisions import Decision, Option
from ..map.placement import legal_restaurants, place_starting_restaurant
from .working import _pos


class Setup:
    """The starting-restaurant steps of ``FcmGame`` (a part of it: it works on the game's state)."""

    def _start_options(self) -> list:
        seat = self.placing[0]
        return [f"{r},{c} {k}" for (r, c), k in legal_restaurants(self.map, seat, "start")]

    def _start_pending(self) -> Decision:
        seat = self.placing[0]
        opts = [] if self.second else [Option("pass", "pass (place in the second round)")]
        opts += [Option(v, f"restaurant at {v.split()[0]}, entrance {v.split()[1]}") for v in self._start_options()]
        return Decision(seat, "start_restaurant", "Place your starting restaurant", opts, ("FCM-I4", "FCM-I58"))

    def _apply_start(self, d, value) -> None:
        seat, co, fmap = d.player, self.co, self.map
        self.placing.pop(0)
        if value == "pass":
            self.passed.append(seat)
            self.say("pass", lambda: f"Player {seat} passes and will place in the second round.", ("FCM-I58",), seat)
            return
        top, corner = _pos(value)
        r = place_starting_restaurant(fmap, seat, top, corner)
        co.company(seat).restaurants.append(r.rid)
        self.say("restaurant", lambda: f"Player {seat} places a starting restaurant at {top}, entrance {corner} {r.entrance}.",
                 ("FCM-I4", "FCM-I5", "FCM-I58"), seat, rid=r.rid)
