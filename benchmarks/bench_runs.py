"""Benchmark: games per second of ``simulate`` with 1 job, with 2 jobs and on a two-worker Dask LocalCluster, the
CPU efficiency of the parallel runs, and the overhead of one task (a chunk of games).

Wall-clock speed-up needs an idle machine; on a shared one it says how busy the machine was. So each run also
reports CPU figures, measured over every process of the run (this one, its workers, Dask's nannies):
- CPU efficiency = CPU seconds of the one-job run / CPU seconds of all processes of the parallel run (1.0: the
  parallel run spends nothing on top of the games); on an idle two-core machine the speed-up is about
  2 x this efficiency;
- cores used = CPU seconds of the run / wall seconds (2.0 at most with 2 workers; less when the machine is busy).
Per-task overhead: (CPU of the run with one game per task - CPU with 200 games per task) / extra tasks.

Usage: python benchmarks/bench_runs.py [games]
"""
from __future__ import annotations

import logging
import os
import sys
import time

import psutil

from toolkit import simulate

GAME = dict(game="mcdonalds", players=4, agents="heuristic")     # short games: overheads show most here


def _cpu() -> float:
    """CPU seconds of this process, its living descendants and its reaped children."""
    me = psutil.Process()
    total = sum(me.cpu_times()[:2])
    for p in me.children(recursive=True):
        try:
            total += sum(p.cpu_times()[:2])
        except psutil.NoSuchProcess:
            pass
    t = os.times()
    return total + t.children_user + t.children_system


def run(games: int, **kw) -> tuple[float, float, object]:
    """(wall seconds, CPU seconds, frame) of one simulate call."""
    c0, w0 = _cpu(), time.perf_counter()
    df = simulate(**GAME, games=games, seed=0, progress=False, **kw)
    return time.perf_counter() - w0, _cpu() - c0, df


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    from distributed import Client, LocalCluster
    print(f"simulate: {games} four-player McDonald's games (heuristic agents); load average "
          f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} cores at the start")
    wall1, cpu1, ref = run(games)
    print(f"  1 job:            {games / wall1:7.0f} games/s wall, {games / cpu1:7.0f} games per CPU second")
    results = {}
    wall2, cpu2, df = run(games, jobs=2)
    assert df.equals(ref)
    results["2 jobs (processes)"] = (wall2, cpu2)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.ERROR) as cluster, Client(cluster) as client:
        run(40, scheduler=client)                          # workers import the toolkit once, before timing
        wall3, cpu3, df = run(games, scheduler=client)
        assert df.equals(ref)
        results["Dask, 2 workers"] = (wall3, cpu3)
        n = games // 10
        over = {}
        for name, kw in (("2 jobs (processes)", {"jobs": 2}), ("Dask, 2 workers", {"scheduler": client})):
            _, c_one, _ = run(n, chunk=1, **kw)
            _, c_big, _ = run(n, chunk=200, **kw)
            over[name] = (c_one - c_big) / (n - -(-n // 200)) * 1000
    for name, (wall, cpu) in results.items():
        print(f"  {name:18}{games / wall:7.0f} games/s wall (x{wall1 / wall:.2f} of 1 job), CPU efficiency "
              f"{cpu1 / cpu:.2f}, cores used {cpu / wall:.2f}")
    for name, ms in over.items():
        print(f"  per-task overhead, {name}: {ms:.2f} ms of CPU (one game here is {cpu1 / games * 1000:.2f} ms)")
    print(f"  load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
