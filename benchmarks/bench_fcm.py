"""Benchmark of the whole FCM game: full games with the simple heuristic agents per second at every player
count and their length in rounds, uniform random games (they end by the round limit, FCM-I70), one Dinnertime
on a full 5x4 map (5 chains, 3 restaurants each, demand on every house), and the invariants over many seeded
games. The strategic agents and sensible random play are measured in ``bench_fcm_agents.py``.
A plain script: ``python benchmarks/bench_fcm.py`` (20 games per line, about a minute) or ``--big`` (100 games
per line and the invariants over 400 games, several minutes)."""
import random
import statistics
import sys
import time
from collections import Counter

from toolkit.core import make_agents, play
from toolkit.games.fcm.game import dinnertime
from toolkit.games.fcm.map import placement
from toolkit.games.fcm.company.structure import Structure
from toolkit.games.fcm.game.rules import FcmGame

QUICK = "--big" not in sys.argv


def games(players, kind, seeds, options=None):
    """(CPU seconds, rows of (rounds, end reason, decisions)): CPU time of this process, which a busy machine
    disturbs less than the clock."""
    t = time.process_time()
    rows = []
    for s in seeds:
        g = FcmGame(players=players, seed=s, options=options, log=False)
        play(g, make_agents("fcm", players, kind))
        rows.append((g.turn, g.end_reason, len(g.choices)))
    return time.process_time() - t, rows


def full_dinner_state(seed=1):
    """A 5-player game's map with 3 restaurants per chain, all house tiles, 3 demand per house, stocked chains."""
    g = FcmGame(players=5, seed=seed, log=False)
    play(g, make_agents("fcm", 5, "simple"), max_steps=15)     # reserve cards and starting restaurants
    m, rng = g.map, random.Random(seed)
    for chain in range(1, 6):
        while len(m.chain_restaurants(chain)) < 3:
            legal = placement.legal_restaurants(m, chain, "regional")
            if not legal:
                break
            top, corner = rng.choice(legal)
            placement.place_regional_restaurant(m, chain, top, corner)
    for number in m.tileset.house_tiles:
        legal = placement.legal_new_houses(m, number)
        if legal:
            placement.place_new_house(m, number, *rng.choice(legal))
    goods = ("burger", "pizza", "beer", "lemonade", "soda")
    for n in m.houses:
        m.demand[n] = [rng.choice(goods) for _ in range(3)]
    for s in range(1, 6):
        g.company(s).goods.update({k: 12 for k in goods})
        g.company(s).work = Structure.parse(", ".join(["pricing_manager"] * rng.randrange(3) + ["waitress"] * rng.randrange(3)),
                                            g.co.staff)
    g.co.bank = 10 ** 6
    return g


def dinnertime_times(base, cold=False):
    """Seconds of one Dinnertime on fresh copies of ``base`` (``cold``: each copy works out the nearest restaurants
    afresh, instead of reading the table its map's state remembers, roads.nearest_restaurants)."""
    times = []
    for _ in range(30 if QUICK else 200):
        g = base.clone()
        if cold:
            g.map._memo = None
        t = time.perf_counter()
        dinnertime.run(g)
        times.append(time.perf_counter() - t)
    return times


def main():
    n = 20 if QUICK else 100
    print(f"FCM whole game ({'quick' if QUICK else 'full'} run); times are CPU time of this process")
    print("\nSimple heuristic agents, full games (every one should end by the second bank break):")
    for players in (2, 3, 4, 5):
        secs, rows = games(players, "simple", range(n))
        rounds = [r for r, _, _ in rows]
        ends = Counter(e for _, e, _ in rows)
        print(f"  {players} players: {n / secs:5.2f} games/s ({1000 * secs / n:4.0f} ms/game); rounds median "
              f"{statistics.median(rounds)}, mean {statistics.mean(rounds):.1f}, range {min(rounds)}-{max(rounds)}; "
              f"decisions/game {statistics.mean(d for _, _, d in rows):.0f}; ends {dict(ends)}")
    print("\nUniform random agents (they rarely sell, so the round limit of 40 ends them, FCM-I70):")
    for players in (2, 4):
        secs, rows = games(players, "uniform", range(n // 2))
        ends = Counter(e for _, e, _ in rows)
        print(f"  {players} players: {len(rows) / secs:5.2f} games/s; ends {dict(ends)}")
    print("\nOne Dinnertime on a full 5x4 map (5 chains x 3 restaurants, every house with 3 demand):")
    base = full_dinner_state()
    print(f"  {len(base.map.houses)} houses, {len(base.map.restaurants)} restaurants")
    times = dinnertime_times(base)
    print(f"  median {1000 * statistics.median(times):.2f} ms, best {1000 * min(times):.2f} ms (log off)")
    times = dinnertime_times(base, cold=True)
    print(f"  median {1000 * statistics.median(times):.2f} ms, best {1000 * min(times):.2f} ms (log off, the nearest "
          "restaurants worked out afresh)")
    base.log = True
    times = dinnertime_times(base)
    print(f"  median {1000 * statistics.median(times):.2f} ms with the explanation sentences (log on)")
    base.log = False
    import yardsticks
    print("  against the shared yardstick's tight Dinnertime on its own full map (CPU, alternating rounds): "
          + yardsticks.report(yardsticks.fcm_dinnertime()))
    if not QUICK:
        sys.path.insert(0, ".")
        from tests.fcm import invariants
        from tests.fcm.test_playouts import playout
        t = time.perf_counter()
        k = 0
        for i in range(400):
            playout(9000 + i, 2 + i % 4, "simple" if i % 2 else "uniform",
                    {"ruleset": "deluxe"} if i % 3 == 2 else None)
            k += 1
        print(f"\nInvariants checked after every step of {k} seeded games (uniform random and simple heuristic): all held "
              f"({time.perf_counter() - t:.0f} s).")
        assert invariants.GAMES


if __name__ == "__main__":
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    main()
