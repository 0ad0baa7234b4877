"""Command line: ``python -m toolkit simulate|compare|sweep|play|replay|render|export|gallery ...``.

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
    _run_arguments(s, game_names())
    c = sub.add_parser("compare", help="play the same seeds in several arms and print paired differences")
    _run_arguments(c, game_names(), out="CSV file for the rows, written as chunks finish (default: none)")
    c.add_argument("--arms", type=_json_object, required=True,
                   help='JSON: {"name": {"players": ..., "agents": ..., "options": ...}, ...}')
    c.add_argument("--measures", default="turns,margin", help="columns to compare, separated by commas "
                   "(win_<seat> too)")
    c.add_argument("--baseline", default=None, help="the arm the others are compared with (default: the first)")
    w = sub.add_parser("sweep", help="play the same seeds at every point of a grid; one CSV row per game")
    _run_arguments(w, game_names())
    w.add_argument("--grid", type=_json_object, required=True,
                   help='JSON: {"players": [2, 3], "agents": [...], "options": [{...}, ...]}')
    pl = sub.add_parser("play", help="play one seeded game and save its record as JSON")
    pl.add_argument("game", choices=game_names())
    pl.add_argument("--seed", type=int, default=0)
    pl.add_argument("--players", type=int, default=4)
    pl.add_argument("--agents", default="random")
    pl.add_argument("--out", required=True, help="record file (.json)")
    r = sub.add_parser("replay", help="replay a record, verifying every step")
    r.add_argument("record")
    rd = sub.add_parser("render", help="draw the state after step K of a record as PNG, SVG or PDF")
    rd.add_argument("record")
    rd.add_argument("--step", type=int, default=None, help="decisions applied (default: the end)")
    rd.add_argument("--view", type=int, default=None, help="a player's view (default: the class view)")
    rd.add_argument("--out", required=True)
    rd.add_argument("--format", choices=("png", "svg", "pdf"), default=None,
                    help="image format (default: from the --out suffix, else png)")
    rd.add_argument("--dpi", type=float, default=None, help="pixels per inch (default: the frame's own, 96)")
    from .gallery import add_arguments
    add_arguments(sub.add_parser("gallery", help="draw every drawing of every game into one HTML page"))
    ex = sub.add_parser("export", help="what one player saw of a record: their events and view (.json), or their "
                        "events as a table (.csv); nothing hidden from that player")
    ex.add_argument("record")
    ex.add_argument("--seat", type=int, required=True, help="the player, 1..P")
    ex.add_argument("--out", required=True, help="a .json player's record or a .csv table of events")
    return p


def _run_arguments(p, games, out="CSV file, written as chunks of games finish (default: standard output)"):
    """The arguments of a run of many games (simulate, compare, sweep)."""
    p.add_argument("game", choices=games)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--agents", default="random", help="agent kind for every seat, or kinds separated by commas")
    p.add_argument("--options", type=_json_object, default=None, help='game options as JSON, e.g. \'{"ruleset": '
                   '"deluxe"}\'')
    p.add_argument("--jobs", type=int, default=1, help="worker processes (or workers of a new Dask LocalCluster)")
    p.add_argument("--out", help=out)
    p.add_argument("--force", action="store_true", help="overwrite --out if it exists")
    p.add_argument("--backend", choices=("local", "dask"), default="local")
    p.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler, e.g. tcp://host:8786 "
                   "(implies --backend dask)")
    p.add_argument("--chunk", type=int, default=None, help="games per task (default: about 20 tasks per worker)")
    p.add_argument("--progress", action="store_true", help="show a progress bar on standard error")


def _json_object(text: str) -> dict:
    import json
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise argparse.ArgumentTypeError(f"not JSON: {e}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError("a JSON object {...} is needed here")
    return value


def _study(args) -> int:
    """simulate, compare, sweep: rows go out as chunks finish; Ctrl-C or SIGTERM stops with one line and the
    shell's 130 or 143."""
    from .core.rows import GameFailed
    from .core.simulate import Stopped, sigterm_stops, simulate
    from .experiments import compare, sweep
    run = dict(games=args.games, seed=args.seed, players=args.players, agents=_agents(args.agents, args.players),
               options=args.options, jobs=args.jobs, progress=args.progress, backend=args.backend,
               scheduler=args.scheduler, force=args.force, chunk=args.chunk)
    try:
        with sigterm_stops():
            if args.command == "simulate":
                simulate(args.game, out=args.out or sys.stdout, **run)
            elif args.command == "sweep":
                sweep(args.game, args.grid, out=args.out or sys.stdout, **run)
            else:
                _, summary = compare(args.game, args.arms, measures=args.measures.split(","),
                                     baseline=args.baseline, out=args.out, **run)
                print(summary)
    except Stopped as e:
        print(e if e.frame is None else f"stopped: {e.kept} games played, none kept (--out keeps them)",
              file=sys.stderr)
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
    if args.command in ("simulate", "compare", "sweep"):
        return _study(args)
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
        from .drawing import figure_bytes
        suffix = args.out.rsplit(".", 1)[-1].lower()
        fmt = args.format or (suffix if suffix in ("png", "svg", "pdf") else "png")
        if args.dpi is not None and not 10 <= args.dpi <= 1200:
            raise ValueError("--dpi must be between 10 and 1200")
        image = figure_bytes(drawing.draw_state(game, viewer=args.view).figure, fmt, args.dpi)
        with open(args.out, "wb") as f:
            f.write(image)
        print(f"step {k} of {steps} drawn to {args.out} ({fmt})")
        return 0
    if args.command == "gallery":
        from .gallery import run
        return run(args)
    if args.command == "export":
        from .core.exports import events_frame, save_player_record
        game = replay(args.record)
        if not 1 <= args.seat <= game.players:
            raise ValueError(f"--seat must be a seat from 1 to {game.players}")
        if args.out.endswith(".csv"):
            events_frame(game, args.seat).to_csv(args.out, index=False)
        else:
            save_player_record(game, args.seat, args.out)
        print(f"player {args.seat}'s record of {len(game.events)} events written to {args.out}")
        return 0
    raise AssertionError(args.command)


if __name__ == "__main__":
    sys.exit(main())
