"""The search agent against the heuristic in 2-player games: its win rate with a Wilson 95% interval, and
the CPU milliseconds it spends a decision. Goal: above 60% in every game, at most 200 ms a decision.

The budgets are in playouts (each game's ``search_options``; the own search kinds of FCM, FCM-I77, and
McDonald's, MCD-I21, have their own), calibrated to at most about 200 ms a decision on a quiet machine, so
that a loaded machine changes the time taken, not the games played. Game i uses seed ``seed + i``; the
search agent sits in seat 1 in even games and seat 2 in odd ones. The mean CPU a decision is printed, and the
longest single decision.

``--agent`` takes any agent kind of the game, or a kind kept for study here (``keen-search``, ``planner-search``,
``value-search``, ``value-search-moves``: Hamburgerspelet).

Two yardsticks for what is attainable: ``--agent heuristic`` seats the heuristic where the search agent would sit
(the seat effect, about 50%), and ``--cheat`` lets the search agent see every hidden fact (its believed worlds
are the real state with the future's chance drawn afresh), so it shows how much hidden information costs. A
cheating search is for this measure only: the agent kind never does it.

``--judge N`` (Hamburgerspelet) is the decision judge of ``hb_value_search.py``: at N positions of planner games,
where ``--agent``'s pick differs from the planner's, both are played out to the end in ``--worlds`` paired believed
worlds, the heuristic opposite. ``--gains N`` looks at single decisions instead of games: N positions of heuristic games (every third step,
when its decision has two or more options, either seat; seeds from 700), where the search agent's pick differs
from its yardstick (the playout agent's pick) both are played out in ``--worlds`` fresh paired believed worlds,
valued 1 for a win and 0 for a loss: the mean difference is the win chance the search adds (or loses) at that
decision, as far as heuristic playouts can tell. With ``--best`` every option (at most 12) is judged and the best
one's gain counted: what a perfect choice at that one decision would add, with the same playouts after it.

Run: python benchmarks/bench_search.py [--games N] [--seed S] [--only NAME ...] [--playouts K] [--cheat]
     [--agent KIND] [--gains N [--worlds W] [--best]] [--judge N [--worlds W]] [--set NAME=VALUE ...]
"""
import argparse
import math
import random
import time

from toolkit.core.loop import agent_step
from toolkit.core import SearchAgent, make_agents, new_game
from toolkit.core.registry import game_class
from toolkit.core.seating import agent_kinds

GAMES = {"disneyland": 100, "mcdonalds": 100, "hamburgerspelet": 100, "fcm": 20}


def study_kinds(name: str) -> dict:
    """Agents measured here but not registered with their game (too slow for the tests that play every kind)."""
    if name == "hamburgerspelet":
        from hb_value_search import ValueSearchAgent          # (benchmarks/: short playouts, a value)
        from toolkit.games.hamburgerspelet import search
        return {"keen-search": search.HamburgerSearchAgent, "planner-search": search.PlannerSearchAgent,
                "value-search": ValueSearchAgent, "value-search-moves": search.ValueSearchAgent}
    return {}


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
        self.agent, self.decisions, self.cpu, self.longest = agent, 0, 0.0, 0.0

    def choose(self, game, decision, rng):
        t = time.process_time()
        v = self.agent.choose(game, decision, rng)
        if len(decision.values) > 1:
            spent = time.process_time() - t
            self.cpu += spent
            self.decisions += 1
            self.longest = max(self.longest, spent)
        return v


def seen_whole(agent):
    """Let ``agent``'s search believe the real state (the future's chance drawn afresh): the cheat. Its believed
    worlds (``SearchAgent.believe``) are set on the agent, not the game: an attribute more on a game would slow
    its every attribute read (FCM has 29, the most Python 3.11 reads fast: core/game.py)."""
    def believe(game, seat, r):
        new = game.clone()
        new.reseed(r.getrandbits(63))
        return new
    agent.believe = believe
    return agent


def match(name: str, games: int, seed: int = 0, playouts: int | None = None, verbose: bool = False,
          cheat: bool = False, agent: str = "search", settings: dict | None = None) -> dict:
    kind = {**agent_kinds(game_class(name)), **study_kinds(name)}[agent]
    settings = dict(settings or {})
    if playouts is not None:
        settings["playouts"] = playouts
    timed = Timed(seen_whole(kind(**settings)) if cheat else kind(**settings))
    wins = 0
    for i in range(games):
        me = 1 + i % 2
        agents = make_agents(name, 2, "heuristic")
        agents[me - 1] = timed
        g = new_game(name, 2, seed=seed + i, log=False)
        rngs = [g.streams[f"agent-{s}"] for s in (1, 2)]
        d = g.pending()
        while d is not None:
            g.apply(agents[d.player - 1].choose(g, d, rngs[d.player - 1]))
            d = g.pending()
        wins += g.winner() == me
        if verbose:
            print(f"  {name} game {i}: search in seat {me}, winner {g.winner()}, scores {g.scores()}; so far "
                  f"{1000 * timed.cpu / max(1, timed.decisions):.0f} ms CPU a decision (longest {1000 * timed.longest:.0f})",
                  flush=True)
    lo, hi = wilson(wins, games)
    return {"game": name, "games": games, "wins": wins, "rate": wins / games, "low": lo, "high": hi,
            "ms": 1000 * timed.cpu / max(1, timed.decisions), "decisions": timed.decisions,
            "longest": 1000 * timed.longest,
            "agent": repr(timed.agent)}


def positions(name: str, n: int, seed: int = 700) -> list:
    """``n`` positions (copies) of 2-player heuristic games: every third step whose decision has two or more options."""
    out = []
    while len(out) < n:
        g = new_game(name, 2, seed=seed, log=False)
        agents = make_agents(name, 2, "heuristic")
        d, step = g.pending(), 0
        while d is not None and len(out) < n:
            if len(d.values) > 1 and step % 3 == 0:
                out.append(g.clone())
            agent_step(g, agents, d)
            d, step = g.pending(), step + 1
        seed += 1
    return out


def gains(name: str, n: int, worlds: int = 200, playouts: int | None = None, best: bool = False) -> dict:
    """What the search agent's picks add to the win chance, decision by decision (see the module's text);
    ``best``: what the best option at each position would add (an upper figure for any one-decision search with
    these playouts; noise makes it higher still)."""
    options = dict(getattr(game_class(name), "search_options", {}))
    if playouts is not None:
        options["playouts"] = playouts
    agent, judge = SearchAgent(**options), SearchAgent(**{**options, "margin": 0.0, "max_steps": None})
    found, cpu = [], 0.0
    for k, g in enumerate(positions(name, n)):
        d = g.pending()
        t = time.process_time()
        pick = agent.choose(g, d, random.Random(k))
        cpu += time.process_time() - t
        y = agent.yardstick
        if best:                     # every option (at most 12) against the yardstick: the best one's gain
            rest = [v for v in d.values if v != y]
            random.Random(k).shuffle(rest)
            cands = rest[:12]
        elif pick == y:
            continue
        else:
            cands = [pick]
        r, total = random.Random(1_000_000 + k), dict.fromkeys(cands, 0.0)
        for _ in range(worlds):
            w = g.determinize(d.player, r)
            w.quiet()
            seed = r.getrandbits(63)
            value = {}
            for v in [y] + cands:
                x = w.clone()
                x.apply(v)
                value[v] = judge._playout(x, d.player, random.Random(seed))
            for v in cands:
                total[v] += value[v] - value[y]
        found.append(max(0.0, max(total.values()) / worlds) if best else total[pick] / worlds)
    m = len(found)
    mean = sum(found) / max(1, m)
    se = math.sqrt(sum((x - mean) ** 2 for x in found) / max(1, m - 1) / max(1, m))
    return {"positions": n, "changed": m, "per_position": sum(found) / n, "per_change": mean, "se": se,
            "ms": 1000 * cpu / n, "agent": repr(agent)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=None, help="games per game (default: each game's own number)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", nargs="*", default=list(GAMES))
    ap.add_argument("--playouts", type=int, default=None, help="override the playout budget")
    ap.add_argument("--cheat", action="store_true", help="the search sees every hidden fact (a yardstick)")
    ap.add_argument("--agent", default="search", help="the agent kind in the searcher's seat (default: search)")
    ap.add_argument("--gains", type=int, default=0, help="judge the search's picks at N positions instead")
    ap.add_argument("--best", action="store_true", help="with --gains: the best option's gain at each position")
    ap.add_argument("--judge", type=int, default=0,
                    help="Hamburgerspelet: the decision judge (hb_value_search.judge) of --agent at N positions")
    ap.add_argument("--worlds", type=int, default=200, help="paired worlds judging each changed pick")
    ap.add_argument("--set", nargs="*", default=[], metavar="NAME=VALUE",
                    help="search settings over the game's own, e.g. confidence=1.5")
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    settings = {k: (float(v) if "." in v else int(v)) for k, v in (x.split("=", 1) for x in a.set)}
    for name in a.only:
        if a.judge and name == "hamburgerspelet":
            from hb_value_search import judge
            kind = {**agent_kinds(game_class(name)), **study_kinds(name)}[a.agent]
            r = judge(kind(**settings), a.judge, a.worlds)
            print(f"{name}: {a.agent} changed the planner's pick at {r['changed']} of {r['positions']} positions; win "
                  f"chance added per change {r['gain']:+.4f} (standard error {r['se']:.4f}), per position "
                  f"{r['per_position']:+.4f} (standard error {r['per_position_se']:.4f}); {r['ms']:.0f} ms CPU a "
                  f"decision (the longest {r['longest_ms']:.0f})", flush=True)
            continue
        if a.gains:
            r = gains(name, a.gains, a.worlds, a.playouts, a.best)
            if a.best:
                print(f"{name}: the best option adds {r['per_position']:+.4f} win chance a position over the yardstick "
                      f"({r['positions']} positions, {a.worlds} paired worlds each)", flush=True)
                continue
            print(f"{name}: the search changed the yardstick's pick at {r['changed']} of {r['positions']} positions; "
                  f"win chance added per change {r['per_change']:+.3f} (standard error {r['se']:.3f}), per position "
                  f"{r['per_position']:+.4f}; {r['ms']:.0f} ms CPU a decision; {r['agent']}", flush=True)
            continue
        r = match(name, a.games or GAMES[name], a.seed, a.playouts, a.verbose, a.cheat, a.agent, settings)
        who = a.agent + (" (cheating)" if a.cheat else "")
        print(f"{name}: {who} wins {r['wins']}/{r['games']} = {r['rate']:.0%} "
              f"(95% CI {r['low']:.0%}-{r['high']:.0%}) "
              f"against the heuristic; {r['ms']:.0f} ms CPU per searched decision over {r['decisions']} decisions "
              f"(the longest {r['longest']:.0f} ms); "
              f"{r['agent']}", flush=True)


if __name__ == "__main__":
    main()
