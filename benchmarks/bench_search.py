"""The search agent against the heuristic in 2-player games: its win rate with a Wilson 95% interval, and
the CPU milliseconds it spends a decision. Goal: above 60% in every game, at most 200 ms a decision.

The budgets are in playouts (each game's ``search_options``), calibrated to about 200 ms a decision on a
quiet machine, so that a loaded machine changes the time taken, not the games played. Game i uses seed
``seed + i``; the search agent sits in seat 1 in even games and seat 2 in odd ones.

Two yardsticks for what is attainable: ``--agent heuristic`` seats the heuristic where the search agent would sit
(the seat effect, about 50%), and ``--cheat`` lets the search agent see every hidden fact (its believed worlds
are the real state with the future's chance drawn afresh), so it shows how much hidden information costs. A
cheating search is for this measure only: the agent kind never does it.

Run: python benchmarks/bench_search.py [--games N] [--seed S] [--only NAME ...] [--playouts K] [--cheat]
     [--agent KIND]
"""
import argparse
import math
import time

from toolkit.core import make_agents, new_game
from toolkit.core.registry import agent_kinds, game_class

GAMES = {"disneyland": 100, "mcdonalds": 100, "hamburgerspelet": 40, "fcm": 20}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


class Timed:
    """Wraps the search agent to count its decisions and the CPU time they take."""

    def __init__(self, agent):
        self.agent, self.decisions, self.cpu = agent, 0, 0.0

    def choose(self, game, decision, rng):
        t = time.process_time()
        v = self.agent.choose(game, decision, rng)
        if len(decision.values) > 1:
            self.cpu += time.process_time() - t
            self.decisions += 1
        return v


def seen_whole(game):
    """Let a search in ``game`` believe the real state (the future's chance drawn afresh): the cheat."""
    def determinize(viewer, rng):
        new = type(game).clone(game)
        new.reseed(rng.getrandbits(63))
        return new
    game.determinize = determinize


def match(name: str, games: int, seed: int = 0, playouts: int | None = None, verbose: bool = False,
          cheat: bool = False, agent: str = "search") -> dict:
    kind = agent_kinds(game_class(name))[agent]
    timed = Timed(kind() if playouts is None else kind(playouts=playouts))
    wins = 0
    for i in range(games):
        me = 1 + i % 2
        agents = make_agents(name, 2, "heuristic")
        agents[me - 1] = timed
        g = new_game(name, 2, seed=seed + i, log=False)
        if cheat:
            seen_whole(g)
        rngs = [g.streams[f"agent-{s}"] for s in (1, 2)]
        d = g.pending()
        while d is not None:
            g.apply(agents[d.player - 1].choose(g, d, rngs[d.player - 1]))
            d = g.pending()
        wins += g.winner() == me
        if verbose:
            print(f"  {name} game {i}: search in seat {me}, winner {g.winner()}, scores {g.scores()}", flush=True)
    lo, hi = wilson(wins, games)
    return {"game": name, "games": games, "wins": wins, "rate": wins / games, "low": lo, "high": hi,
            "ms": 1000 * timed.cpu / max(1, timed.decisions), "decisions": timed.decisions,
            "agent": repr(timed.agent)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=None, help="games per game (default: each game's own number)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", nargs="*", default=list(GAMES))
    ap.add_argument("--playouts", type=int, default=None, help="override the playout budget")
    ap.add_argument("--cheat", action="store_true", help="the search sees every hidden fact (a yardstick)")
    ap.add_argument("--agent", default="search", help="the agent kind in the searcher's seat (default: search)")
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    for name in a.only:
        r = match(name, a.games or GAMES[name], a.seed, a.playouts, a.verbose, a.cheat, a.agent)
        print(f"{name}: {a.agent}{' (cheating)' if a.cheat else ''} wins {r['wins']}/{r['games']} = {r['rate']:.0%} (95% CI {r['low']:.0%}-{r['high']:.0%}) "
              f"against the heuristic; {r['ms']:.0f} ms CPU per searched decision over {r['decisions']} decisions; "
              f"{r['agent']}", flush=True)


if __name__ == "__main__":
    main()
