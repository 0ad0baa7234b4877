"""The strategic agent: a chain that follows a named style's plan and weighs every decision by what it can
see (FCM-I75).

It hires and trains toward its style's plan (``styles``), puts to work the structure worth most this round
(leaving on the beach the cards its trainers will train), chooses campaigns, restaurants and new houses by
the demand they bring within its reach (``outlook``), makes and buys what the houses near it want, keeps its
salaries payable and fires the cards its plan needs least when money is short. It chooses only among the
engine's options and reads only public facts and its own company.

``StrategicAgent`` holds the style and hands each decision to the part that decides it, each in a module
named for what it decides: ``strategic_company`` (reserve card, turn order, hiring, training, firing),
``strategic_structure`` (the structure put to work), ``strategic_map`` (restaurants, houses, gardens,
campaigns) and ``strategic_goods`` (food and drinks).

>>> from toolkit.games.fcm.game.rules import FcmGame
>>> from toolkit.core import play
>>> g = FcmGame(players=3, seed=4, log=False)
>>> play(g, [StrategicAgent("burgers-billboards"), StrategicAgent("pizza-radio"), StrategicAgent("price-war")])
>>> g.end_reason
'bank'
"""
from __future__ import annotations

from ....core.agents import Agent
from .outlook import Outlook
from .strategic_company import CompanyPlan
from .strategic_goods import Supplying
from .strategic_map import Campaigning, Placing
from .strategic_structure import Restructuring
from .styles import STYLES, Style, dealt_style


class StrategicAgent(Agent):
    """A chain builder with a style (FCM-I75). ``style`` is a name of ``STYLES``, a ``Style``, or None: the
    style dealt to the seat from the game's seed (``dealt_style``)."""

    name = "strategic"

    def __init__(self, style: str | Style | None = None):
        self.style = STYLES[style] if isinstance(style, str) else style
        self.name = self.style.name if self.style else "heuristic"
        company = CompanyPlan()
        self.parts = (company, Restructuring(company), Placing(), Campaigning(), Supplying())
        # decision kind -> the part's answer for it; a kind no part decides gets the first option
        self._answers = {kind: getattr(part, kind) for part in self.parts for kind in part.decides}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.style.name!r})" if self.style else f"{type(self).__name__}()"

    def style_for(self, game, seat: int) -> Style:
        return self.style or dealt_style(game.seed, seat)

    def choose(self, game, decision, rng):
        f = self._answers.get(decision.kind)
        if f is not None:
            look = Outlook(game, decision.player)
            v = f(game, decision, look, self.style_for(game, decision.player))
            if v is not None and (v in decision.values or decision.kind == "restructure"):
                return v
        return decision.values[0]


__all__ = ["StrategicAgent"]
