"""FCM agents: does the default strategic heuristic play the whole game, and does random play finish?
(issue 15; FCM-I75, FCM-I76)

Over seeded 3- and 4-player games with the default heuristic (each seat plays the style dealt to it): mean
restaurants per chain, every campaign kind and every employee type used in some games, distinct score
vectors, seats ending with $0, each seat's win share with a 95% interval, how games end and their rounds, and
the wins of each style. Then sensible random 4-player games: how many end by the second bank break. CPU time
per game in one process, with the simple heuristic as the yardstick.
A plain script: ``python benchmarks/bench_fcm_agents.py [--quick] [--jobs 2] [--players 2 3 4]`` (jobs: worker
processes for the many games, the CPU times are per game in each worker; players: the player counts of the
strategic games, 3 and 4 unless given); ``--speed [games]`` measures only the CPU time per 4-player game (20
seeds unless given; the figure of issue 32, target 200 ms)."""
import math
import statistics
import sys
import time
from collections import Counter

from toolkit.core.loop import agent_step
from toolkit.core import make_agents, new_game, play

QUICK = "--quick" in sys.argv
JOBS = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else 1
KINDS = ("billboard", "mailbox", "airplane", "radio")


def _player_counts(argv):
    """The numbers after ``--players`` (3 and 4 when not given), each a count FCM allows."""
    if "--players" not in argv:
        return (3, 4)
    counts = []
    for a in argv[argv.index("--players") + 1:]:
        if a.startswith("--"):
            break
        if a not in ("2", "3", "4", "5"):
            raise SystemExit(f"--players takes FCM's player counts 2 to 5, not {a!r}")
        counts.append(int(a))
    if not counts:
        raise SystemExit("--players needs at least one player count, e.g. --players 2 3 4")
    return tuple(counts)


PLAYERS = _player_counts(sys.argv)


def wilson(k, n, z=1.96):
    """The 95% Wilson interval of a share k/n."""
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (mid - half, mid + half)


def watched_game(args):
    """Play one game, noting the employee types and campaign kinds any chain had; returns a plain row."""
    players, seed, kind = args
    from toolkit.games.fcm.game.styles import dealt_style
    t = time.process_time()
    g = new_game("fcm", players=players, seed=seed, log=False)
    agents = make_agents("fcm", players, kind)
    cards, kinds = set(), set()
    d = g.pending()
    while d is not None:
        agent_step(g, agents, d)
        if d.kind in ("hire", "train", "restructure"):
            cards.update(c for c, n in g.co.company(d.player).owned().items() if n > 0)
        elif d.kind in ("campaign_good", "campaign_duration"):
            kinds.update(c.kind for c in g.map.campaigns.values())
        d = g.pending()
    for co in g.co.companies:
        cards.update(c for c, n in co.owned().items() if n > 0)
    return {"players": players, "seed": seed, "scores": tuple(g.scores()), "winner": g.winner(),
            "rounds": g.round, "end": g.end_reason, "breaks": g.breaks,
            "restaurants": [len(g.map.chain_restaurants(s)) for s in range(1, players + 1)],
            "styles": [dealt_style(seed, s).name for s in range(1, players + 1)],
            "cards": sorted(cards), "kinds": sorted(kinds), "cpu": time.process_time() - t}


def strategic(seeds_per_count, jobs):
    todo = [(players, seed, "heuristic") for players in PLAYERS for seed in range(seeds_per_count)]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            rows = list(pool.map(watched_game, todo, chunksize=4))
    else:
        rows = [watched_game(a) for a in todo]
    used_cards, used_kinds = Counter(), Counter()
    for r in rows:
        used_cards.update(r["cards"])
        used_kinds.update(r["kinds"])
    cpu = {p: statistics.mean(r["cpu"] for r in rows if r["players"] == p) for p in PLAYERS}
    return rows, used_cards, used_kinds, cpu


def report_strategic(rows, used_cards, used_kinds, staff):
    n = len(rows)
    chains = [k for r in rows for k in r["restaurants"]]
    counts = ", ".join(f"{sum(r['players'] == p for r in rows)} with {p} players" for p in PLAYERS)
    print(f"\nDefault heuristic (strategic, styles dealt per seat), {n} games ({counts}):")
    print(f"  restaurants per chain: mean {statistics.mean(chains):.2f}; "
          f"chains with 1/2/3: {chains.count(1)}/{chains.count(2)}/{chains.count(3)}")
    print("  campaign kinds used (games): " + ", ".join(f"{k} {used_kinds[k]}" for k in KINDS))
    missing = [e for e in staff.employees if not used_cards[e]]
    print(f"  employee types used in some game: {len(staff.employees) - len(missing)} of {len(staff.employees)}"
          + (f" (never: {', '.join(missing)})" if missing else ""))
    rare = sorted(staff.employees, key=lambda e: used_cards[e])[:6]
    print("  rarest: " + ", ".join(f"{e} {used_cards[e]}" for e in rare))
    vectors = Counter((r["players"], r["scores"]) for r in rows)
    print(f"  distinct score vectors: {len(vectors)} of {n}")
    ends = Counter(r["end"] for r in rows)
    print(f"  ends: {dict(ends)}; bank breaks: {dict(Counter(r['breaks'] for r in rows))}")
    for players in PLAYERS:
        sub = [r for r in rows if r["players"] == players]
        if not sub:
            continue
        rounds = sorted(r["rounds"] for r in sub)
        print(f"  {players} players: rounds median {statistics.median(rounds)}, range {rounds[0]}-{rounds[-1]}, "
              f"quartiles {statistics.quantiles(rounds, n=4)}")
        print(f"    rounds: {dict(sorted(Counter(rounds).items()))}")
        for s in range(1, players + 1):
            wins = sum(r["winner"] == s for r in sub)
            zero = sum(r["scores"][s - 1] == 0 for r in sub)
            lo, hi = wilson(wins, len(sub))
            print(f"    seat {s}: wins {wins}/{len(sub)} = {wins / len(sub):.0%} (95% {lo:.0%}-{hi:.0%}); "
                  f"$0 in {zero / len(sub):.0%} of games; mean ${statistics.mean(r['scores'][s - 1] for r in sub):.0f}")
    played, won = Counter(), Counter()
    for r in rows:
        for s, style in enumerate(r["styles"], 1):
            played[style] += 1
            won[style] += r["winner"] == s
    print("  wins by style (share of the games it played): "
          + ", ".join(f"{st} {won[st]}/{played[st]} = {won[st] / played[st]:.0%}" for st in sorted(played)))


def random_game(args):
    players, seed = args
    t = time.process_time()
    g = new_game("fcm", players=players, seed=seed, log=False)
    play(g, make_agents("fcm", players, "random"))
    return g.round, g.end_reason, time.process_time() - t


def sensible_random(n, jobs, players=4):
    todo = [(players, seed) for seed in range(n)]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            out = list(pool.map(random_game, todo, chunksize=10))
    else:
        out = [random_game(a) for a in todo]
    rounds = [r for r, _, _ in out]
    ends = Counter(e for _, e, _ in out)
    cpu = statistics.mean(c for _, _, c in out)
    lo, hi = wilson(ends["bank"], n)
    print(f"\nSensible random agents ('random'), {n} games with {players} players: ended by the second bank break "
          f"{ends['bank']}/{n} = {ends['bank'] / n:.1%} (95% {lo:.1%}-{hi:.1%}); ends {dict(ends)}")
    print(f"  rounds median {statistics.median(rounds)}, range {min(rounds)}-{max(rounds)}, "
          f"quartiles {statistics.quantiles(rounds, n=4)}; CPU {cpu * 1000:.0f} ms a game")


def speed(n):
    """CPU time per 4-player game: the strategic default against the simple heuristic, same seeds."""
    out = {}
    for kind in ("heuristic", "simple"):
        g = new_game("fcm", players=4, seed=999, log=False)         # warm up: imports, tiles, the catalogue
        play(g, make_agents("fcm", 4, kind))
        t = time.process_time()
        for seed in range(1000, 1000 + n):
            g = new_game("fcm", players=4, seed=seed, log=False)
            play(g, make_agents("fcm", 4, kind))
        out[kind] = (time.process_time() - t) / n
    print(f"\nCPU per 4-player game over {n} seeds: strategic {out['heuristic'] * 1000:.0f} ms, "
          f"simple {out['simple'] * 1000:.0f} ms (ratio {out['heuristic'] / out['simple']:.1f})")


def main():
    if "--speed" in sys.argv:
        rest = sys.argv[sys.argv.index("--speed") + 1:]
        speed(int(rest[0]) if rest and rest[0].isdigit() else 20)
        return
    per = 10 if QUICK else 100
    print(f"FCM agents ({'quick' if QUICK else 'full'} run)")
    rows, cards, kinds, cpu = strategic(per, JOBS)
    staff = new_game("fcm", players=3, seed=0, log=False).co.staff
    report_strategic(rows, cards, kinds, staff)
    print("  CPU a game (with the watching): " + ", ".join(f"{p} players {t * 1000:.0f} ms" for p, t in cpu.items()))
    sensible_random(20 if QUICK else 200, JOBS)
    speed(5 if QUICK else 20)


if __name__ == "__main__":
    main()
