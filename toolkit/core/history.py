"""A history of states for stepping forward and back, and forking from any step."""
from __future__ import annotations

from .game import Game


class History:
    """States after each decision: ``history[0]`` is the start, ``history[k]`` after k decisions.

    Stepping back is an index change; forking copies the state at a step.
    """

    def __init__(self, game: Game):
        self.states: list[Game] = [game.clone()]

    @property
    def game(self) -> Game:
        return self.states[-1]

    def __len__(self) -> int:
        return len(self.states)

    def __getitem__(self, k: int) -> Game:
        return self.states[k]

    def push(self, choice) -> Game:
        """Apply ``choice`` to a copy of the last state and keep it (a refused choice keeps nothing)."""
        nxt = self.states[-1].clone()
        nxt.apply(choice)
        self.states.append(nxt)
        return nxt

    def push_agent(self, agent) -> Game:
        """Let ``agent`` answer the pending decision on a copy of the last state, so that the stored state,
        its agents' generators included, stays exactly as it was (a fork from it replays the same way)."""
        nxt = self.states[-1].clone()
        d = nxt.pending()
        nxt.apply(agent.choose(nxt, d, nxt.streams[f"agent-{d.player}"]))
        self.states.append(nxt)
        return nxt

    def events_at(self, k: int, viewer: int | None = None):
        """Events caused by decision k (k >= 1); for k = 0, the setup events; as ``viewer`` may see them
        (a seat 1..P, or None: the class view, which sees everything; see ``Game.events_for``)."""
        before = 0 if k == 0 else len(self.states[k - 1].events)
        return self.states[k].events_for(viewer, before)

    def fork(self, k: int) -> "History":
        """A new history that shares states 0..k and can go another way from k."""
        if not 0 <= k < len(self.states):
            raise ValueError(f"no step {k}: this history has steps 0 to {len(self.states) - 1}")
        h = History.__new__(History)
        h.states = [s for s in self.states[:k + 1]]
        h.states[-1] = h.states[-1].clone()
        return h
