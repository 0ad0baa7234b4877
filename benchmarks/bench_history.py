"""Benchmark of the stepper's history: memory (tracemalloc) and the time to step back.

- a whole 4-player FCM game with the strategic agents (FCM's ``heuristic``, the stepper's default) and one with the
  simple heuristic (``simple``), in the light ``History`` and, for comparison, as a full copy of the state per step
  (how histories were kept before);
- the longest random game of every game among ``seeds`` seeded games (seed i with the i-th player count in
  turn; found with ``log=False``, then played again into a ``History``);
- stepping back: CPU ms to get ``history[k]`` for k from the last step down (each a step the cache does not
  hold), median and worst, and a jump to random steps.

A plain script: ``python benchmarks/bench_history.py [seeds]`` (default 200 seeds).
"""
import random
import statistics
import sys
import time
import tracemalloc

from toolkit.core.loop import agent_step
from toolkit.core import History, game_class, game_names, make_agents, new_game, play

SEEDS = int(sys.argv[1]) if len(sys.argv) > 1 else 200
MIB = 2 ** 20


def built(name, players, seed, kind):
    """A History of the whole game and the MiB it holds (traced allocations still alive), CPU s to build. A
    short game is played first, so that imports and the game's data caches are not counted."""
    warm = History(new_game(name, players=players, seed=seed + 1))
    play(None, make_agents(name, players, kind), history=warm, max_steps=50)
    warm[10]
    del warm
    tracemalloc.start()
    t = time.process_time()
    h = History(new_game(name, players=players, seed=seed))
    play(None, make_agents(name, players, kind), history=h)
    cpu = time.process_time() - t
    mem = tracemalloc.get_traced_memory()[0] / MIB
    tracemalloc.stop()
    return h, mem, cpu


def full_copies(name, players, seed, kind):
    tracemalloc.start()
    g = new_game(name, players=players, seed=seed)
    states = [g.clone()]
    agents = make_agents(name, players, kind)
    while not states[-1].is_over():
        nxt = states[-1].clone()
        d = nxt.pending()
        agent_step(nxt, agents, d)
        states.append(nxt)
    mem = tracemalloc.get_traced_memory()[0] / MIB
    tracemalloc.stop()
    return len(states), mem


def stepping(h):
    """CPU ms per step back over the last 200 steps (a fresh history: nothing cached) and per jump."""
    back = []
    for k in range(len(h) - 2, max(-1, len(h) - 202), -1):
        t = time.process_time()
        h[k]
        back.append((time.process_time() - t) * 1e3)
    jumps = []
    for k in random.Random(1).sample(range(len(h)), min(50, len(h))):
        t = time.process_time()
        h[k]
        jumps.append((time.process_time() - t) * 1e3)
    return statistics.median(back), max(back), statistics.median(jumps), max(jumps)


def report(label, h, mem, cpu):
    b_med, b_max, j_med, j_max = stepping(h)
    print(f"{label}: {len(h) - 1} steps, {mem:.1f} MiB, built in {cpu:.2f} CPU s; step back {b_med:.1f} ms median, "
          f"{b_max:.1f} worst; jump {j_med:.1f} ms median, {j_max:.1f} worst", flush=True)


def longest(name):
    cls = game_class(name)
    best = (0, None, None)
    sizes = list(range(cls.min_players, cls.max_players + 1))
    for seed in range(SEEDS):
        players = sizes[seed % len(sizes)]
        g = new_game(name, players=players, seed=seed, log=False)
        play(g, make_agents(name, players, "random"))
        best = max(best, (len(g.choices), players, seed))
    return best


def main():
    for kind, label in (("heuristic", "strategic agents"), ("simple", "simple heuristic")):
        h, mem, cpu = built("fcm", 4, 1, kind)
        report(f"FCM, 4 players, {label}, seed 1", h, mem, cpu)
        steps, old = full_copies("fcm", 4, 1, kind)
        print(f"  the same game as a full copy per step: {old:.1f} MiB ({old / mem:.0f}x)", flush=True)
    for name in game_names():
        steps, players, seed = longest(name)
        h, mem, cpu = built(name, players, seed, "random")
        report(f"{name}: longest random game of {SEEDS} seeds ({players} players, seed {seed})",
               h, mem, cpu)


if __name__ == "__main__":
    main()
