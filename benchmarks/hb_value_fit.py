"""Fits Hamburgerspelet's value (the win chance of a 2-player game at the end of a turn) for the value search
(``hb_value_search.py``): plays the planner (HB-I18) against the perfect-memory heuristic, seats alternated,
records every turn's end from the view of the player who has just moved with whether that player won, and fits
a logistic model by Newton's method (numpy), a fifth of the games held out to report the log-loss.

Run: python benchmarks/hb_value_fit.py [--games N] [--seed S]     (defaults: 20,000 games from seed 300000)
It prints the held-out log-loss of the model and of the earlier, smaller one, and the weights fitted to all
the games, in the order of ``value.TERMS`` (``toolkit/games/hamburgerspelet/value.py``), ready to paste into its
``WEIGHTS``.
"""
import argparse

import numpy as np

from toolkit.core import make_agents, new_game
from toolkit.games.hamburgerspelet.planner import PlannerAgent

import hb_value_search as hv


def collect(games: int, seed: int):
    """(raw features, the mover is the planner, the mover won) at every turn's end of ``games`` games."""
    rows, planner, won = [], [], []
    for i in range(games):
        me = 1 + i % 2
        agents = make_agents("hamburgerspelet", 2, "heuristic")
        agents[me - 1] = PlannerAgent()
        g = new_game("hamburgerspelet", 2, seed=seed + i, log=False)
        rngs = [g.streams[f"agent-{s}"] for s in (1, 2)]
        ends = []
        d, cur = g.pending(), g.current
        while d is not None:
            g.apply(agents[d.player - 1].choose(g, d, rngs[d.player - 1]))
            if g.current != cur and not g.over:
                ends.append((cur, hv.raw(g, cur)))
                cur = g.current
            d = g.pending()
        for s, f in ends:
            rows.append(f)
            planner.append(s == me)
            won.append(g.winner() == s)
    return np.array(rows, float), np.array(planner, float), np.array(won, float)


def fit(a, y, iterations=25):
    w = np.zeros(a.shape[1])
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-a @ w))
        h = (a * (p * (1 - p))[:, None]).T @ a + 1e-6 * np.eye(len(w))
        w += np.linalg.solve(h, a.T @ (y - p))
    return w


def log_loss(a, y, w):
    p = np.clip(1.0 / (1.0 + np.exp(-a @ w)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=300000)
    ap.add_argument("--save", help="keep the collected turn ends in this .npz file")
    a = ap.parse_args()
    raw, planner, won = collect(a.games, a.seed)
    if a.save:
        np.savez(a.save, raw=raw, planner=planner, won=won)
    x = np.array([hv.terms_of(r, p) for r, p in zip(raw, planner)])
    cut = int(0.8 * len(won))              # the turn ends come game by game: the last fifth of the games held out
    w = fit(x[:cut], won[:cut])
    print(f"{len(won)} turn ends of {a.games} games (seeds {a.seed}-{a.seed + a.games - 1}); the mover won "
          f"{won.mean():.3f}")
    old = len(hv.OLD_TERMS)                # the earlier model: the first terms, refitted on the same turn ends
    w0 = fit(x[:cut, :old], won[:cut])
    print(f"held-out log-loss {log_loss(x[cut:], won[cut:], w):.4f} ({len(hv.TERMS)} terms), "
          f"{log_loss(x[cut:, :old], won[cut:], w0):.4f} ({old} terms, the earlier model); knowing nothing 0.6931")
    w = fit(x, won)
    print("WEIGHTS = (" + ", ".join(f"{v:.4f}" for v in w) + ")")


if __name__ == "__main__":
    main()
