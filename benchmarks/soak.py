"""Soak: many seeded games of every game with every agent kind, the invariants checked after every step,
played in batches; reports crashes, hangs and invariant breaks (each with the seed that replays it).

    python benchmarks/soak.py                     # 10**5 games per simple game, 10**4 FCM games
    python benchmarks/soak.py --quick             # 300 per simple game, 30 FCM: a minute or two
    python benchmarks/soak.py --games 20000 --fcm-games 1000 --jobs 2
    python benchmarks/soak.py --only fcm --fcm-games 50
    python benchmarks/soak.py --data 3000         # also 3,000 mutants of each packaged data file

Game ``i`` uses seed ``seed + i``, ``min_players + i % (number of player counts)`` players, and at seat ``s``
the agent kind ``kinds[(i + s) % len(kinds)]`` (every kind the game has but "person"), so all kinds meet.
A game is a hang when it takes more than its step bound (``STEPS``) or its time bound (``SECONDS``, wall
clock, generous: the machine may be busy). Exit status 1 when anything was found.
"""
from __future__ import annotations

import argparse
import json
import signal
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))            # tests/<game>/invariants.py

from toolkit.core.loop import agent_step  # noqa: E402
from toolkit.core import game_class, game_names, make_agents, new_game  # noqa: E402
from toolkit.core.seating import agent_kinds  # noqa: E402

STEPS = {"disneyland": 20_000, "mcdonalds": 50_000, "hamburgerspelet": 100_000, "fcm": 200_000}
SECONDS = {"disneyland": 30, "mcdonalds": 30, "hamburgerspelet": 60, "fcm": 300}
BATCH = 500


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang("time bound passed")


def invariants(name):
    import importlib
    try:
        return importlib.import_module(f"tests.{name}.invariants")
    except ModuleNotFoundError:
        return None


def kinds_of(name) -> list[str]:
    # the search agent plays hundreds of playouts a decision; tests/test_search.py checks its games
    return sorted(k for k in agent_kinds(game_class(name)) if k not in ("person", "search"))


def setup_of(name, i: int, seed: int):
    """(seed, players, agent kinds per seat) of game ``i``."""
    cls = game_class(name)
    sizes = list(range(cls.min_players, cls.max_players + 1))
    players = sizes[i % len(sizes)]
    kinds = kinds_of(name)
    return seed + i, players, [kinds[(i + s) % len(kinds)] for s in range(players)]


def play_checked(name, seed, players, kinds, inv) -> int:
    """One game with the invariants after every step; returns its decisions. Raises on any finding."""
    g = new_game(name, players=players, seed=seed, options=None, log=True)
    agents = make_agents(name, players, kinds)
    if inv:
        inv.check(g, None)
    snap = getattr(inv, "snapshot", None)
    bound = STEPS[name]
    for step in range(bound + 1):
        d = g.pending()
        if d is None:
            break
        if step == bound:
            raise Hang(f"not over after {bound} decisions")
        assert 1 <= d.player <= players and d.options, "an empty decision or a seat out of range"
        before = snap(g) if snap else None
        agent_step(g, agents, d)
        if inv:
            inv.check(g, before)
    assert g.winner() in range(1, players + 1) and len(g.scores()) == players, "no winner at the end"
    return len(g.choices)


def run_batch(args):
    """Play games ``start .. start + n - 1`` of ``name``; returns (games, decisions, findings, cpu seconds)."""
    name, start, n, seed = args
    inv = invariants(name)
    signal.signal(signal.SIGALRM, _alarm)
    decisions, findings = 0, []
    t0 = time.process_time()
    for i in range(start, start + n):
        s, players, kinds = setup_of(name, i, seed)
        signal.alarm(SECONDS[name])
        try:
            decisions += play_checked(name, s, players, kinds, inv)
        except Hang as e:
            findings.append(("hang", s, players, kinds, str(e)))
        except AssertionError as e:
            findings.append(("invariant", s, players, kinds, f"{e}".splitlines()[0][:300] if str(e) else
                             traceback.format_exc(limit=-1).splitlines()[-3].strip()))
        except Exception as e:      # noqa: BLE001 - a soak reports everything
            where = traceback.extract_tb(e.__traceback__)[-1]
            findings.append(("crash", s, players, kinds,
                             f"{type(e).__name__}: {str(e)[:200]} at {Path(where.filename).name}:{where.lineno}"))
        finally:
            signal.alarm(0)
    return n, decisions, findings, time.process_time() - t0


def soak(name, games, seed=0, jobs=1, batch=BATCH, out=sys.stdout):
    """Soak ``games`` games of ``name``; returns a dict of figures and the findings."""
    tasks = [(name, start, min(batch, games - start), seed) for start in range(0, games, batch)]
    total = {"game": name, "games": 0, "decisions": 0, "cpu_s": 0.0, "crash": 0, "hang": 0, "invariant": 0,
             "findings": []}
    t0 = time.perf_counter()
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        results = pool.map(run_batch, tasks) if pool else map(run_batch, tasks)
        for n, dec, found, cpu in results:
            total["games"] += n
            total["decisions"] += dec
            total["cpu_s"] += cpu
            for f in found:
                total[f[0]] += 1
                total["findings"].append(f)
            if out:
                print(f"  {name}: {total['games']}/{games} games, {total['decisions']:,} decisions, "
                      f"{total['crash']} crashes, {total['hang']} hangs, {total['invariant']} invariant breaks "
                      f"({time.perf_counter() - t0:.0f} s)", file=out, flush=True)
    finally:
        if pool:
            pool.shutdown(cancel_futures=True)
    total["wall_s"] = time.perf_counter() - t0
    return total


def soak_data(mutants, seed="soak", out=sys.stdout):
    """``mutants`` mutated copies of every packaged data file: each must load cleanly (and play a short game)
    or give a DataFileError naming path, field and problem."""
    import random
    import tempfile
    from tests.mutations import mutate
    from tests.test_data_files import FILES, check_mutant, packaged
    tmp = Path(tempfile.mkdtemp())
    signal.signal(signal.SIGALRM, _alarm)
    report = {}
    for name in FILES:
        rng, original = random.Random(f"{seed}/{name}"), packaged(name)
        seen = {"loads": 0, "refused": 0, "other": 0}
        bad = []
        for i in range(mutants):
            data, what = mutate(original, rng)
            signal.alarm(120)
            try:
                seen[check_mutant(name, data, tmp if i % 10 == 0 or not isinstance(data, dict) else None)] += 1
            except BaseException as e:      # noqa: BLE001
                if isinstance(e, KeyboardInterrupt):
                    raise
                seen["other"] += 1
                bad.append(f"{what}: {type(e).__name__}: {str(e)[:200]}")
            finally:
                signal.alarm(0)
        report[name] = dict(seen, examples=bad[:5])
        if out:
            print(f"  {name}: {seen}", file=out, flush=True)
            for b in bad[:5]:
                print(f"    {b}", file=out)
    return report


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=10**5, help="games per simple game (default 100,000)")
    p.add_argument("--fcm-games", type=int, default=10**4, help="FCM games (default 10,000)")
    p.add_argument("--quick", action="store_true", help="300 games per simple game, 30 FCM games")
    p.add_argument("--only", choices=game_names(), action="append", help="soak only this game (repeatable)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--data", type=int, default=0, help="also this many mutants of each packaged data file")
    p.add_argument("--json", help="write the figures and findings to this file")
    a = p.parse_args(argv)
    if a.quick:
        a.games, a.fcm_games = 300, 30
    names = a.only or game_names()
    report = {"games": [], "data": None}
    print(f"soak: seeds from {a.seed}, jobs {a.jobs}")
    for name in names:
        n = a.fcm_games if name == "fcm" else a.games
        if n <= 0:
            continue
        print(f"{name}: {n} games, {', '.join(kinds_of(name))} agents, invariants after every step", flush=True)
        total = soak(name, n, a.seed, a.jobs)
        report["games"].append(total)
        for kind, s, players, kinds, text in total["findings"][:20]:
            print(f"    {kind}: seed {s}, {players} players, {','.join(kinds)}: {text}")
    if a.data:
        print(f"data files: {a.data} mutants each")
        report["data"] = soak_data(a.data)
    print("\n| game | games | decisions | crashes | hangs | invariant breaks | CPU s | games per CPU s |")
    print("|---|---|---|---|---|---|---|---|")
    for t in report["games"]:
        print(f"| {t['game']} | {t['games']:,} | {t['decisions']:,} | {t['crash']} | {t['hang']} | {t['invariant']} | "
              f"{t['cpu_s']:.0f} | {t['games'] / max(t['cpu_s'], 1e-9):.1f} |")
    if a.json:
        Path(a.json).write_text(json.dumps(report, indent=1, default=str))
    found = sum(t["crash"] + t["hang"] + t["invariant"] for t in report["games"])
    found += sum(d["other"] for d in (report["data"] or {}).values())
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
