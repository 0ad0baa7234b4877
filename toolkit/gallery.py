"""The gallery: every drawing of every game, in the class view and each player's view, at a few steps of a
seeded game, on one HTML page of images, so anyone can look at all the pictures at once.

``python -m toolkit gallery --out DIR`` (or ``python -m toolkit.gallery --out DIR``) writes ``DIR/index.html``
and one image per picture beside it. The drawings come from each game's ``DRAWINGS`` (``toolkit.drawing``),
so a new drawing appears here, and in the legibility test, by itself.
"""
from __future__ import annotations

import argparse
import html
import importlib
from pathlib import Path

from .core.registry import game_class, game_names, new_game
from .core.seating import make_agents

#: Where in a game the gallery looks: fractions of its decisions (0: the start, 1: the end).
STEPS = (0.0, 0.3, 1.0)


def drawings(name: str) -> tuple:
    """The ``Drawing``s a game's drawing module lists."""
    return tuple(importlib.import_module(game_class(name).drawing_module).DRAWINGS)


def sample_states(name: str, players: int = 3, seed: int = 1, steps=STEPS, agents="heuristic") -> list:
    """``(step, state)`` pairs of one seeded game played by ``agents``, at the fractions ``steps`` of its length.

    >>> [k for k, _ in sample_states("disneyland", players=2, seed=1, steps=(0, 1))]
    [0, 135]
    """
    from .core.play import play
    cls = game_class(name)
    players = max(cls.min_players, min(players, cls.max_players))
    whole = new_game(name, players=players, seed=seed)
    play(whole, make_agents(name, players, agents))
    out = []
    for k in sorted({round(f * len(whole.choices)) for f in steps}):
        g = new_game(name, players=players, seed=seed)
        for value in whole.choices[:k]:
            g.apply(value)
        out.append((k, g))
    return out


def views(drawing, game) -> list:
    """The viewers a drawing is shown for: the class (None) and, if it differs by viewer, every seat."""
    return [None] + (list(range(1, game.players + 1)) if drawing.views else [])


def build(out, games=None, players: int = 3, seed: int = 1, steps=STEPS, format: str = "png",
          dpi: float | None = None) -> Path:
    """Draw every drawing of ``games`` (default: all registered) into ``out`` and write ``out/index.html``.

    Returns the page's path.
    """
    from .drawing import figure_bytes
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    parts = ["<!doctype html><html><head><meta charset='utf-8'><title>Board game toolkit: every drawing</title>",
             "<style>body{font-family:sans-serif;margin:1em}figure{display:inline-block;margin:0 1em 1em 0;"
             "vertical-align:top}figcaption{font-size:90%;color:#444}img{border:1px solid #ddd}</style>",
             "</head><body><h1>Every drawing of every game</h1>",
             f"<p>Seed {seed}, {players} players, heuristic agents; the class view and each player's view; "
             "images at their natural size.</p>"]
    for name in games or game_names():
        states = sample_states(name, players=players, seed=seed, steps=steps)
        parts.append(f"<h2 id='{name}'>{html.escape(game_class(name).title)} (<code>{name}</code>)</h2>")
        for d in drawings(name):
            parts.append(f"<h3 id='{name}-{d.name}'><code>{html.escape(d.name)}</code></h3><div>")
            for k, game in states:
                for viewer in views(d, game):
                    who = "class" if viewer is None else f"p{viewer}"
                    file = f"{name}-{d.name}-step{k}-{who}.{format}"
                    ax = d.draw(game, viewer)
                    fig = ax.figure
                    (out / file).write_bytes(figure_bytes(fig, format, dpi))
                    w, h = fig.get_size_inches() * (dpi or fig.dpi)
                    caption = f"step {k}, " + ("class view" if viewer is None else f"Player {viewer}'s view")
                    parts.append(f"<figure data-game='{name}' data-drawing='{html.escape(d.name)}' "
                                 f"data-view='{who}' data-step='{k}'><img src='{file}' width='{round(w)}' "
                                 f"height='{round(h)}' alt='{html.escape(d.name)}, {caption}'>"
                                 f"<figcaption>{caption}</figcaption></figure>")
            parts.append("</div>")
    parts.append("</body></html>")
    page = out / "index.html"
    page.write_text("\n".join(parts), encoding="utf-8")
    return page


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", required=True, help="folder for index.html and the images")
    p.add_argument("--games", default=None, help="games separated by commas (default: all)")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--format", choices=("png", "svg"), default="png")
    p.add_argument("--dpi", type=float, default=None, help="pixels per inch (default: the frames' own)")


def run(args) -> int:
    games = args.games.split(",") if args.games else None
    for name in games or ():
        game_class(name)                 # an unknown name fails before anything is drawn
    page = build(args.out, games=games, players=args.players, seed=args.seed, format=args.format, dpi=args.dpi)
    print(f"gallery written to {page}")
    return 0


if __name__ == "__main__":
    import sys
    parser = argparse.ArgumentParser(prog="python -m toolkit.gallery", description=__doc__.splitlines()[0])
    add_arguments(parser)
    sys.exit(run(parser.parse_args()))
