"""Command line: ``python -m toolkit simulate|play|replay|render ...``.

Bad arguments or files give a one-line message and exit status 2, never a traceback.
"""
from __future__ import annotations

import argparse
import sys

from .core.errors import DataFileError, RecordError, RuleError


class _Parser(argparse.ArgumentParser):
    def error(self, message):            # one line, like every other refusal of the command line
        self.exit(2, f"error: {message} (see python -m toolkit --help)\n")


def _parser():
    from .core.registry import game_names
    p = _Parser(prog="python -m toolkit", description="Board game toolkit: simulate, play, replay and render "
                "seeded games.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    s = sub.add_parser("simulate", help="play many seeded games and write one CSV row per game")
    s.add_argument("game", choices=game_names())
    s.add_argument("--games", type=int, default=1000)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--players", type=int, default=4)
    s.add_argument("--agents", default="random", help="agent kind for every seat, or kinds separated by commas")
    s.add_argument("--jobs", type=int, default=1, help="worker processes (or workers of a new Dask LocalCluster)")
    s.add_argument("--options", type=_json_options, default=None, help='game options as JSON, e.g. \'{"ruleset": "deluxe"}\'')
    s.add_argument("--out", help="CSV file, written as chunks of games finish (default: standard output)")
    s.add_argument("--force", action="store_true", help="overwrite --out if it exists")
    s.add_argument("--backend", choices=("local", "dask"), default="local")
    s.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler, e.g. tcp://host:8786 "
                   "(implies --backend dask)")
    s.add_argument("--chunk", type=int, default=None, help="games per task (default: about 20 tasks per worker)")
    s.add_argument("--progress", action="store_true", help="show a progress bar on standard error")
    pl = sub.add_parser("play", help="play one seeded game and save its record as JSON")
    pl.add_argument("game", choices=game_names())
    pl.add_argument("--seed", type=int, default=0)
    pl.add_argument("--players", type=int, default=4)
    pl.add_argument("--agents", default="random")
    pl.add_argument("--out", required=True, help="record file (.json)")
    r = sub.add_parser("replay", help="replay a record, verifying every step")
    r.add_argument("record")
    rd = sub.add_parser("render", help="draw the state after step K of a record as a PNG")
    rd.add_argument("record")
    rd.add_argument("--step", type=int, default=None, help="decisions applied (default: the end)")
    rd.add_argument("--view", type=int, default=None, help="a player's view (default: the class view)")
    rd.add_argument("--out", required=True)
    return p


def _json_options(text: str) -> dict:
    import json
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise argparse.ArgumentTypeError(f"not JSON: {e}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError("options must be a JSON object")
    return value


def _simulate(args) -> int:
    """Rows go out as chunks finish; Ctrl-C or SIGTERM stops with one line and the shell's 130 or 143."""
    from .core.rows import GameFailed
    from .core.simulate import Stopped, sigterm_stops, simulate
    try:
        with sigterm_stops():
            simulate(args.game, games=args.games, seed=args.seed, players=args.players,
                     agents=_agents(args.agents, args.players), jobs=args.jobs, options=args.options,
                     progress=args.progress, backend=args.backend, scheduler=args.scheduler,
                     out=args.out or sys.stdout, force=args.force, chunk=args.chunk)
    except Stopped as e:
        print(e, file=sys.stderr)
        return e.exit_code
    except GameFailed as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


def _agents(text: str, players: int):
    kinds = text.split(",")
    return kinds[0] if len(kinds) == 1 else kinds


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    try:
        return _run(args)
    except (ValueError, KeyError, OSError, RuleError, RecordError, DataFileError) as e:
        msg = e.args[0] if isinstance(e, KeyError) and e.args else e
        print(f"error: {msg}", file=sys.stderr)
        return 2


def _run(args) -> int:
    from .core import make_agents, new_game, play, replay, save_record
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "play":
        game = new_game(args.game, players=args.players, seed=args.seed)
        play(game, make_agents(args.game, args.players, _agents(args.agents, args.players)))
        if not game.is_over():
            raise ValueError("a person agent cannot play from the command line")
        save_record(game, args.out)
        print(f"{args.game}: seed {args.seed}, {len(game.choices)} decisions, winner Player {game.winner()}, "
              f"scores {game.scores()}; record written to {args.out}")
        return 0
    if args.command == "replay":
        game = replay(args.record)
        print(f"{game.name}: {len(game.choices)} decisions replayed and verified; scores {game.scores()}; "
              f"winner {game.winner()}; fingerprint {game.fingerprint()}")
        return 0
    if args.command == "render":
        import importlib

        from .core.records import load_record
        from .core.registry import game_class
        data = load_record(args.record)
        steps = len(data["decisions"])
        k = steps if args.step is None else args.step
        if not 0 <= k <= steps:
            raise ValueError(f"--step must be between 0 and {steps} for this record")
        cut = {key: v for key, v in data.items() if key not in ("final", "scores", "winner")}
        cut["decisions"] = data["decisions"][:k]
        if args.view is not None and not 1 <= args.view <= data["players"]:
            raise ValueError(f"--view must be a seat from 1 to {data['players']}")
        game = replay(cut)
        drawing = importlib.import_module(game_class(data["game"]).drawing_module)
        with open(args.out, "wb") as f:
            f.write(drawing.state_png(game, viewer=args.view))
        print(f"step {k} of {steps} drawn to {args.out}")
        return 0
    raise AssertionError(args.command)


if __name__ == "__main__":
    sys.exit(main())
