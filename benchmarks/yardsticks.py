"""The fixed yardsticks, called where they lie: the shared tight loops of each game's rules (``shared/yardsticks``
beside the project's checkouts, or the folder named by the environment variable ``YARDSTICKS``). They are never
copied here nor changed, so that a ratio means the same from one month to the next (issue 32).

``ratio(game)`` times this checkout's ``simulate`` against the yardstick's tight loop of the same game, with the
yardstick's own functions (``ratios.project_games``, ``ratios.tight_games``, its game counts), interleaved and by
CPU time; ``fcm_dinnertime()`` does the same for one Dinnertime on the yardstick's full 5x4 map;
``ratios_output(rounds)`` runs the yardstick's own script, ``ratios.py``, on this checkout and returns what it
printed (the figure the targets are stated in).

Run: python benchmarks/yardsticks.py [rounds]      (the script's output, rounds 3 unless given)
"""
from __future__ import annotations

import importlib
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
#: The per-turn targets of issue 32 (toolkit over tight loop); FCM: one Dinnertime.
TARGETS = {"disneyland": 2.5, "mcdonalds": 2.5, "hamburgerspelet": 3.0, "fcm dinnertime": 3.0}


def folder() -> Path:
    """Where the yardsticks lie: ``$YARDSTICKS``, else the first ``shared/yardsticks`` beside a folder above this
    checkout (``/work/shared/yardsticks`` for ``/work/main`` and for ``/work/wt/<name>``)."""
    if os.environ.get("YARDSTICKS"):
        where = Path(os.environ["YARDSTICKS"])
        if not (where / "ratios.py").is_file():
            raise FileNotFoundError(f"YARDSTICKS={where} holds no ratios.py")
        return where
    for up in CHECKOUT.parents:
        where = up / "shared" / "yardsticks"
        if (where / "ratios.py").is_file():
            return where
    raise FileNotFoundError(f"no shared/yardsticks/ratios.py above {CHECKOUT}; name the folder in $YARDSTICKS")


def module(name: str):
    """A yardstick module by its file name (``ratios``, ``mcdonalds_tight``, ...), imported from its folder (the
    folder goes on ``sys.path``: ``ratios`` imports its neighbours by name)."""
    where = str(folder())
    if where not in sys.path:
        sys.path.insert(0, where)
    return importlib.import_module(name)


def ratio(game: str, rounds: int = 3, scale: float = 1.0) -> dict:
    """The toolkit's CPU time per turn over the tight loop's for ``game`` (a key of ``ratios.GAMES``), random
    agents, 4 players, ``rounds`` rounds alternating which side goes first, each side playing ``scale`` times
    the yardstick's games a round. Returns the median ratio, each round's ratio and the mean turns of each."""
    r = module("ratios")
    n_project, tight, n_tight = r.GAMES[game]
    n_project, n_tight = max(1, round(n_project * scale)), max(1, round(n_tight * scale))
    r.project_games(game, 3, 0)                                   # warm up: imports, boards, pandas
    per_turn, turns_p, turns_t = [], [], []
    for rnd in range(rounds):
        seed = 1000 * rnd
        sides = [("p", lambda: r.project_games(game, n_project, seed)), ("t", lambda: r.tight_games(tight, n_tight, seed))]
        got = {k: r.clock(f) for k, f in (sides if rnd % 2 == 0 else sides[::-1])}
        (pc, _, pt), (tc, _, tt) = got["p"], got["t"]
        per_turn.append((pc / pt) / (tc / tt))
        turns_p.append(pt / n_project)
        turns_t.append(tt / n_tight)
    return {"game": game, "ratio": statistics.median(per_turn), "rounds": per_turn,
            "turns": (statistics.mean(turns_p), statistics.mean(turns_t)), "target": TARGETS[game]}


def fcm_dinnertime(rounds: int = 3, scale: float = 1.0) -> dict:
    """CPU ms of one Dinnertime on the yardstick's full 5x4 map: the toolkit's ``dinnertime.run`` against the
    tight Dinnertime with cached per-restaurant vectors, after the yardstick has checked that both pick the same
    winners and incomes."""
    from toolkit.games.fcm.game import dinnertime
    r, fcm = module("ratios"), module("fcm_dinnertime_tight")
    g = fcm.full_dinner_state()
    graph = fcm.road_graph(g.map.terrain)
    st = fcm.extract(g, graph)
    fcm.check_against_project(g, st, graph)
    vectors = fcm.restaurant_vectors(st, graph)
    n_p, n_t = (max(1, round(n * scale)) for n in r.FCM_DINNERS)
    project, tight = [], []
    for rnd in range(rounds):
        games, states = [g.clone() for _ in range(n_p)], [fcm.fresh(st) for _ in range(n_t)]
        sides = [("p", lambda: [dinnertime.run(x) for x in games]),
                 ("t", lambda: [fcm.dinner_cached(x, vectors) for x in states])]
        got = {k: r.clock(f) for k, f in (sides if rnd % 2 == 0 else sides[::-1])}
        project.append(1000 * got["p"][0] / n_p)
        tight.append(1000 * got["t"][0] / n_t)
    ms_p, ms_t = statistics.median(project), statistics.median(tight)
    return {"game": "fcm dinnertime", "ratio": ms_p / ms_t, "ms": (ms_p, ms_t), "target": TARGETS["fcm dinnertime"]}


def report(row: dict) -> str:
    """One line: the ratio against its target (met or not), and what it rests on."""
    met = "met" if row["ratio"] <= row["target"] else "NOT met"
    if "ms" in row:
        what = f"toolkit {row['ms'][0]:.3f} ms, tight {row['ms'][1]:.3f} ms a Dinnertime"
    else:
        what = (f"rounds {' '.join(f'{x:.1f}' for x in row['rounds'])}; turns a game {row['turns'][0]:.1f} "
                f"(toolkit) / {row['turns'][1]:.1f} (tight)")
    per = "a Dinnertime" if "ms" in row else "per turn"
    return f"{row['game']}: {row['ratio']:.1f}x the tight loop {per} (target {row['target']}x, {met}; {what})"


def ratios_output(rounds: int = 3) -> str:
    """What the yardstick's ``ratios.py`` prints when run on this checkout (its ``toolkit`` first on the path),
    with the machine's load before and after (a busy machine is named, not hidden)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(CHECKOUT), os.environ.get("PYTHONPATH")])))
    before = os.getloadavg()
    t = time.perf_counter()
    out = subprocess.run([sys.executable, str(folder() / "ratios.py"), str(rounds)], env=env, check=True,
                         capture_output=True, text=True).stdout
    after = os.getloadavg()
    return (out + f"\n(load average before {before[0]:.1f}, after {after[0]:.1f}; "
            f"{time.perf_counter() - t:.0f} s by the clock)\n")


if __name__ == "__main__":
    print(ratios_output(int(sys.argv[1]) if len(sys.argv) > 1 else 3), end="")
