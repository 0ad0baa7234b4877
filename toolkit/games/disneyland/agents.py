"""The Disneyland Game's own agent: the heuristic (agent kind ``heuristic``, named in the registry)."""
from __future__ import annotations

from ...core.agents import Agent, RandomAgent


class DisneylandHeuristic(Agent):
    """Wishes from the leader, for a photo when there is one (a photo is worth 5 x 10/18 on average, more than
    a character's 2), takes characters before attractions, and asks to keep the park open when behind."""

    name = "heuristic"
    trusted = True     # answers from the legal list; no draw on a single option (core/agents.py)

    def choose(self, game, d, rng):
        kind = d.kind
        if kind == "hide" or kind == "pick":            # the most frequent: pure chance
            return RandomAgent.choose(self, game, d, rng)
        if kind == "wish-target":
            estimate = self._estimate
            return max(d.values, key=lambda t: (estimate(game, t), -t))
        if kind == "wish-kind":
            return "photo" if "photo" in d.values else d.values[0]
        if kind == "take":
            if d.values[0].startswith("photo@"):
                return RandomAgent.choose(self, game, d, rng)
            worth = game.card_worth
            return max(d.values, key=lambda c: (worth[c], c))
        if kind == "stay-open":
            me = d.player
            mine = game.scores()[me - 1]
            best_other = max(self._estimate(game, s) for s in range(1, game.players + 1) if s != me)
            return "ask" if mine <= best_other else "pass"
        return RandomAgent.choose(self, game, d, rng)      # rolls: pure chance

    @staticmethod
    def _estimate(game, seat):
        """What a player can see of another: face-up points plus the average worth of face-down photos."""
        return game.card_points(seat) + game.board.photo_mean * len(game.held_photos[seat - 1])

