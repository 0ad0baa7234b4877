"""Side by side, in one process: the toolkit's games against a tight loop of the same rules.

Both are timed by this process's CPU time (``time.process_time``), in alternating batches, so that a busy
machine slows both alike; the figure that matters is the ratio of the times per turn. Game lengths are shown as
mean +- standard error for both, to check that the loop plays the same game.
"""
from __future__ import annotations

import math
import random
import statistics
import time


def mean_se(xs):
    return statistics.fmean(xs), statistics.stdev(xs) / math.sqrt(len(xs))


def compare(toolkit_game, tight_game, games: int, batches: int = 40):
    """``toolkit_game(seed)`` and ``tight_game(rng)`` each play one game and return its number of turns.
    Returns a dict: turns (mean, se) of each, CPU microseconds per turn of each, and their ratio; also each
    batch's own ratio (``batch_ratios``): many short batches side by side follow a shared machine's changing
    speed more closely than a few long ones, and their spread shows how far one figure can be trusted."""
    toolkit_game(10 ** 6)                       # warm up: imports, boards, caches
    tight_game(random.Random(0))
    t_turns, l_turns = [], []
    t_cpu = l_cpu = 0.0
    batches = max(1, min(batches, games))       # every game asked for is played: batches differ by one game at most
    rng = random.Random(12345)
    batch_ratios = []
    for b in range(batches):
        seeds = range(b * games // batches, (b + 1) * games // batches)
        per = len(seeds)
        # each goes first in every other batch, so that whatever the first of a pair meets (a cache the other
        # left, the machine's speed changing) falls on both alike
        order = ("toolkit", "tight") if b % 2 == 0 else ("tight", "toolkit")
        cpu = {}
        for side in order:
            c = time.process_time()
            if side == "toolkit":
                t_turns.extend(toolkit_game(i) for i in seeds)
            else:
                l_turns.extend(tight_game(rng) for _ in seeds)
            cpu[side] = time.process_time() - c
        t_cpu += cpu["toolkit"]
        l_cpu += cpu["tight"]
        batch_ratios.append((cpu["toolkit"] / sum(t_turns[-per:])) / (cpu["tight"] / sum(l_turns[-per:])))
    t_us = 1e6 * t_cpu / sum(t_turns)
    l_us = 1e6 * l_cpu / sum(l_turns)
    return {"games": len(t_turns), "toolkit_turns": mean_se(t_turns), "tight_turns": mean_se(l_turns),
            "toolkit_us": t_us, "tight_us": l_us, "ratio": t_us / l_us, "batch_ratios": batch_ratios}


def report(name, r) -> str:
    (tm, ts), (lm, ls) = r["toolkit_turns"], r["tight_turns"]
    return (f"{name}: {r['games']} games each; turns per game: toolkit {tm:.1f} +- {ts:.1f}, tight loop "
            f"{lm:.1f} +- {ls:.1f}; CPU per turn: toolkit {r['toolkit_us']:.2f} us, tight loop {r['tight_us']:.2f} us; "
            f"ratio {r['ratio']:.2f}x{spread(r['batch_ratios'])}")


def spread(ratios) -> str:
    """The batches' own ratios: median and quartiles (empty for fewer than four batches)."""
    if len(ratios) < 4:
        return ""
    q1, median, q3 = statistics.quantiles(ratios, n=4)
    return f" (its {len(ratios)} batches: median {median:.2f}x, quartiles {q1:.2f}-{q3:.2f}x)"


def against_tight_loop(game_class, tight, games: int, players: int = 4) -> str:
    """The report line of ``game_class`` played by random agents against the tight loop module ``tight``
    (``tight.board_data()`` and ``tight.play(data, players, rng)`` returning the number of turns)."""
    from toolkit.core import make_agents, play
    data, agents = tight.board_data(), make_agents(game_class, players, "random")

    def toolkit_game(seed):
        g = game_class(players=players, seed=seed, log=False)
        play(g, agents)
        return g.turn
    return report(f"{game_class.name}, {players} random players",
                  compare(toolkit_game, lambda rng: tight.play(data, players, rng), games)) + " (target 3x)"
