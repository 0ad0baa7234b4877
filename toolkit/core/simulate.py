"""Monte Carlo: many seeded games, one DataFrame row per game. Game i uses seed ``seed + i``, so any row
can be replayed alone, and the result does not depend on ``jobs``."""
from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

from .play import play
from .registry import game_class, make_agents


def play_one(name: str, seed: int, players: int, agents, options=None) -> dict:
    """Play one whole game with the given agents; return its row."""
    cls = game_class(name)
    game = cls(players=players, seed=seed, options=options, log=False)
    pending = play(game, make_agents(name, players, agents))
    if pending is not None:
        raise RuntimeError(f"{name} seed {seed}: a person agent cannot play in a simulation")
    row = {"seed": seed, "players": players, "winner": game.winner(), "turns": game.turn}
    for i, s in enumerate(game.scores(), 1):
        row[f"score_{i}"] = s
    row.update(game.summary())
    return row


def _chunk(args):
    name, seeds, players, agents, options = args
    return [play_one(name, s, players, agents, options) for s in seeds]


def simulate(game: str, games: int = 1000, seed: int = 0, players: int = 4, agents="random", jobs: int = 1,
             options: dict | None = None, progress: bool | None = None):
    """Play ``games`` games of ``game``; returns a pandas DataFrame, one row per game.

    >>> df = simulate("disneyland", games=3, seed=1, players=2, progress=False)
    >>> list(df.columns[:4]), len(df)
    (['seed', 'players', 'winner', 'turns'], 3)
    """
    import pandas as pd
    from tqdm.auto import tqdm

    if games < 1:
        raise ValueError("games must be at least 1")
    from .agents import PersonAgent
    if any(isinstance(a, PersonAgent) for a in make_agents(game, players, agents)):   # fail early, clearly
        raise ValueError("a person agent cannot play in a simulation: nobody would answer")
    game_class(game)(players=players, seed=seed, options=options)
    if progress is None:
        progress = games >= 500
    seeds = list(range(seed, seed + games))
    size = max(1, min(200, games // (20 * max(1, jobs)) or 1))
    chunks = [(game, seeds[i:i + size], players, agents, options) for i in range(0, games, size)]
    rows = []
    bar = tqdm(total=games, disable=not progress, desc=f"{game} x{games}", unit="game")
    if jobs == 1:
        for c in chunks:
            rows.extend(_chunk(c))
            bar.update(len(c[1]))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for out in pool.map(_chunk, chunks):
                rows.extend(out)
                bar.update(len(out))
    bar.close()
    return pd.DataFrame(rows)
