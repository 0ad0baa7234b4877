"""Setup of the whole game: the starting restaurants, in reverse turn order, each player may pass once
(FCM-I4, FCM-I58)."""
from __future__ import annotations

from ....core.decisions import Decision, Option
from ..map.placement import legal_restaurants, place_starting_restaurant
from . import words
from .working import _pos


class StartingRestaurants:
    """Who still places a starting restaurant, in order (``placing``), who passed (``passed``) and whether the
    second round, for those who passed, has begun (``second``) (FCM-I58)."""

    __slots__ = ("placing", "passed", "second")

    def __init__(self):
        self.placing, self.passed, self.second = [], [], False

    def __deepcopy__(self, memo):
        new = StartingRestaurants()
        new.placing, new.passed, new.second = list(self.placing), list(self.passed), self.second
        return new


class Setup:
    """The starting-restaurant steps of ``FcmGame`` (a part of it: it works on the game's state)."""

    def _start_options(self) -> list:
        seat = self.starting.placing[0]
        return [f"{r},{c} {k}" for (r, c), k in legal_restaurants(self.map, seat, "start")]

    def _start_pending(self) -> Decision:
        seat = self.starting.placing[0]
        opts = [] if self.starting.second else [Option("pass", "pass (place in the second round)")]
        opts += [Option(v, f"restaurant at {words.placement(v)}") for v in self._start_options()]
        return Decision(seat, "start_restaurant", "Place your starting restaurant", opts, ("FCM-I4", "FCM-I58"))

    def _apply_start(self, d, value) -> None:
        seat, co, fmap = d.player, self.co, self.map
        self.starting.placing.pop(0)
        if value == "pass":
            self.starting.passed.append(seat)
            self.say("pass", lambda: f"Player {seat} passes and will place in the second round.", ("FCM-I58",), seat)
            return
        top, corner = _pos(value)
        r = place_starting_restaurant(fmap, seat, top, corner)
        co.company(seat).restaurants.append(r.rid)
        self.say("restaurant", lambda: f"Player {seat} places a starting restaurant at {words.square(top)}, entrance {words.compass(corner)}.",
                 ("FCM-I4", "FCM-I5", "FCM-I58"), seat, rid=r.rid)
