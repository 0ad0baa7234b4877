"""Command line: ``python -m toolkit simulate|compare|sweep|play|replay|render|export|gallery|classroom ...``.

Bad arguments or files give a one-line message and exit status 2, never a traceback; a valid record of a game
that is not over gives exit status 1 (unless ``--partial``). Output files are checked before any work and are
never overwritten without ``--force``.
"""
from __future__ import annotations

import argparse
import os
import sys

from .core.errors import DataFileError, IncompleteRecord, RecordError, RuleError


class _Parser(argparse.ArgumentParser):
    def error(self, message):            # one line, like every other refusal of the command line
        self.exit(2, f"error: {message} (see python -m toolkit --help)\n")


def _at_least(low: int):
    """An argparse type: a whole number >= ``low``, refused in plain words."""
    def whole(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        return value
    whole.__name__ = f"whole number >= {low}"
    return whole


def _seed(text: str) -> int:
    from .core.settings import SEED_LIMIT
    value = _at_least(0)(text)
    if value >= SEED_LIMIT:
        raise argparse.ArgumentTypeError("a seed is a whole number from 0 to 2**64 - 1")
    return value


def _output(parser, help: str) -> None:
    """--out and --force: the output is checked before the work; an existing file needs --force."""
    parser.add_argument("--out", required=True, help=help)
    parser.add_argument("--force", action="store_true", help="overwrite the output file if it exists")


def _record_flags(parser) -> None:
    parser.add_argument("--allow-paths", action="store_true",
                        help="let the record's options name files (custom boards) - only for records you trust")


def _parser():
    from . import __version__
    from .core.registry import game_names
    p = _Parser(prog="python -m toolkit", description="Board game toolkit: simulate, play, replay and render "
                "seeded games.")
    p.add_argument("--version", action="version", version=f"boardgame-toolkit {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
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
    pl.add_argument("--seed", type=_seed, default=0)
    pl.add_argument("--players", type=int, default=4)
    pl.add_argument("--agents", default="random")
    _output(pl, "record file (.json)")
    r = sub.add_parser("replay", help="replay a record, verifying every step")
    r.add_argument("record")
    r.add_argument("--partial", action="store_true", help="accept a record that stops before the game is over")
    _record_flags(r)
    rd = sub.add_parser("render", help="draw the state after step K of a record as PNG, SVG or PDF")
    rd.add_argument("record")
    _record_flags(rd)
    rd.add_argument("--step", type=int, default=None, help="decisions applied (default: the end)")
    rd.add_argument("--view", type=int, default=None, help="a player's view (default: the class view)")
    _output(rd, "picture file (.png, .svg or .pdf)")
    rd.add_argument("--format", choices=PICTURE_FORMATS, default=None,
                    help="image format (default: from the --out suffix; png when the name has none)")
    rd.add_argument("--dpi", type=float, default=None, help="pixels per inch (default: the frame's own, 96)")
    from .gallery import add_arguments
    add_arguments(sub.add_parser("gallery", help="draw every drawing of every game into one HTML page"))
    ex = sub.add_parser("export", help="what one player saw of a record: their events and view (.json), or their "
                        "events as a table (.csv); nothing hidden from that player")
    ex.add_argument("record")
    _record_flags(ex)
    ex.add_argument("--seat", type=int, required=True, help="the player, 1..P")
    _output(ex, "a .json player's record or a .csv table of events")
    from . import classroom
    classroom.add_arguments(sub.add_parser("classroom", help="serve the games' classroom pages (Voila) for a class"))
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
    from .core.simulate import Stopped, sigterm_stops, simulate
    from .experiments import compare, sweep
    run = dict(games=args.games, seed=args.seed, players=args.players, agents=_agents(args.agents, args.players),
               options=args.options, jobs=args.jobs, progress=args.progress, backend=args.backend,
               scheduler=args.scheduler, force=args.force, chunk=args.chunk)
    try:
        with sigterm_stops():
            if args.command == "simulate" and args.out and str(args.out).endswith(".parquet"):
                from .experiments.tidy import check_parquet_out, write_rows     # Parquet: typed, at the end
                check_parquet_out(args.out, args.force)
                write_rows(simulate(args.game, out=None, **run), args.out, force=args.force)
            elif args.command == "simulate":
                simulate(args.game, out=args.out or sys.stdout, **run)
            elif args.command == "sweep":
                sweep(args.game, args.grid, out=args.out or sys.stdout, **run)
            else:
                import warnings
                with warnings.catch_warnings(record=True) as said:     # told as one line each, not Python's
                    warnings.simplefilter("always")                    # warning with its source line
                    _, summary = compare(args.game, args.arms, measures=args.measures.split(","),
                                         baseline=args.baseline, out=args.out, **run)
                print(summary)
                for w in said:
                    print(f"note: {w.message}", file=sys.stderr)
        if args.command != "compare" and args.out:       # the rows went to the file: say so, as play does
            each = " at every point of the grid" if args.command == "sweep" else ""
            print(f"{args.game}: {args.games} games{each} (seeds {args.seed} to {args.seed + args.games - 1}) "
                  f"written to {args.out}")
    except Stopped as e:
        print(e if e.frame is None else f"{str(e).split(':')[0]}: {e.kept} games played, none kept (--out keeps "
              "them)", file=sys.stderr)
        return e.exit_code
    except Exception as e:
        if not hasattr(e, "kept"):       # refused before the run started: main's one line
            raise
        kept = (f"{e.kept} games played, none kept (--out keeps them)" if e.where == "memory" else
                f"{e.kept or 'no'} games kept in {e.where}")
        print(f"error: {_run_failure(e)}; {kept}", file=sys.stderr)
        if isinstance(e, BrokenPipeError):
            _quiet_stdout()
        return 1
    return 0


def _run_failure(e: Exception) -> str:
    """What ended a run, on one line."""
    import errno

    from .core.files import shown_text
    from .core.rows import GameFailed
    from .core.runner import WorkerLost
    if isinstance(e, BrokenPipeError):
        return "the output was closed (broken pipe)"
    if isinstance(e, OSError) and e.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return f"the output could not grow: {e.strerror} (a full disk, a quota or a file size limit)"
    if isinstance(e, (GameFailed, WorkerLost)):
        return shown_text(e, 400)
    return f"the run failed: {type(e).__name__}: {shown_text(e, 300)}"   # e.g. a Dask cluster that lost a worker


def _quiet_stdout():
    """Standard output is a closed pipe: point it at /dev/null so that Python's last flush has nowhere to fail."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _agents(text: str, players: int):
    kinds = text.split(",")
    return kinds[0] if len(kinds) == 1 else kinds


PICTURE_FORMATS = ("png", "svg", "pdf")


def picture_format(out: str, fmt: str | None) -> str:
    """The format ``render`` writes: --format, else the --out suffix; a suffix that says another format is
    refused, so that a .jpg or .svg file never holds a PNG."""
    suffix = os.path.splitext(out)[1].lower().lstrip(".")
    if fmt is not None:
        if suffix in PICTURE_FORMATS and suffix != fmt:
            raise ValueError(f"--out {out} ends in .{suffix} but --format is {fmt}: make them agree")
        return fmt
    if suffix in PICTURE_FORMATS or not suffix:
        return suffix or "png"
    raise ValueError(f"--out {out}: render draws .png, .svg or .pdf pictures, not .{suffix}; end the name with "
                     "one of them (or give --format to write one under this name)")


MAX_PIXELS = 25_000_000    # a PNG this big takes ~900 MB to draw and encode; 1200 dpi of an FCM board took 2.6 GB


def _check_pixels(figure, fmt: str, dpi) -> None:
    """Refuse a --dpi that would make a picture of more than ``MAX_PIXELS`` pixels (memory past ~1 GB), before
    drawing it. SVG and PDF are drawn as shapes: their size hardly depends on the dpi."""
    from .drawing import FRAME_DPI
    dpi = dpi or FRAME_DPI
    w, h = figure.get_size_inches()
    pixels = w * h * dpi ** 2
    if fmt == "png" and pixels > MAX_PIXELS:
        import matplotlib.pyplot as plt
        plt.close(figure)
        most = int((MAX_PIXELS / (w * h)) ** 0.5)
        raise ValueError(f"--dpi {dpi:g} would draw this picture {w * dpi:.0f} x {h * dpi:.0f} pixels, more than "
                         f"{MAX_PIXELS // 10**6} million (about 1 GB of memory): use --dpi {most} or less")


def main(argv=None) -> int:
    """The command line. Every way it ends prints one line: a refusal, an error, or a stop (Ctrl-C, SIGTERM) at
    any moment, from the imports on (``toolkit._startup``)."""
    import signal

    from ._startup import restore
    from .core.simulate import Terminated, sigterm_stops
    command = []
    try:
        with sigterm_stops():            # SIGTERM raises from here on, with no gap after the start's handler
            restore()                    # the start is over: Ctrl-C is KeyboardInterrupt again
            return _main(argv, command)
    except KeyboardInterrupt as e:       # not in a run (a run says how many games it kept: _study)
        name = "SIGTERM" if isinstance(e, Terminated) else "SIGINT"
        # play, render and export write their file whole or not at all; a gallery is written picture by picture
        done = "the gallery is unfinished" if command == ["gallery"] else "nothing written"
        print(f"stopped by {name}: {done}", file=sys.stderr)
        return 128 + getattr(signal, name)


def _main(argv, command: list) -> int:
    from .core.files import shown_text
    parser = _parser()
    args = parser.parse_args(argv)
    command.append(args.command)
    if args.command is None:             # a bare "python -m toolkit": say what it can do
        parser.print_help()
        return 0
    try:
        return _run(args)
    except IncompleteRecord as e:
        print(f"error: {shown_text(e, None)}", file=sys.stderr)
        return 1
    except BrokenPipeError:              # before a run's first rows (a run says how many it kept: _study)
        print("error: the output was closed (broken pipe); nothing written", file=sys.stderr)
        _quiet_stdout()
        return 1
    except (ValueError, KeyError, OSError, RuleError, RecordError, DataFileError) as e:
        msg = e.args[0] if isinstance(e, KeyError) and e.args else e
        print(f"error: {shown_text(msg, None)}", file=sys.stderr)     # one line, whatever a file held
        return 2


def _run(args) -> int:
    from .core import PersonAgent, make_agents, new_game, play, replay, save_record
    from .core.files import check_output
    if args.command in ("simulate", "compare", "sweep"):
        return _study(args)
    if args.command == "play":
        check_output(args.out, args.force)
        game = new_game(args.game, players=args.players, seed=args.seed)
        agents = make_agents(args.game, args.players, _agents(args.agents, args.players))
        if any(isinstance(a, PersonAgent) for a in agents):
            raise ValueError("a person agent cannot play from the command line")
        play(game, agents)
        save_record(game, args.out)
        print(f"{args.game}: seed {args.seed}, {len(game.choices)} decisions, winner Player {game.winner()}, "
              f"scores {game.scores()}; record written to {args.out}")
        return 0
    if args.command == "replay":
        game = replay(args.record, allow_paths=args.allow_paths, partial=args.partial)
        end = f"winner {game.winner()}" if game.is_over() else "the game is not over"
        print(f"{game.name}: {len(game.choices)} decisions replayed and verified; scores {game.scores()}; "
              f"{end}; fingerprint {game.fingerprint()}")
        return 0
    if args.command == "render":
        import importlib

        from .core.files import replacing
        from .core.records import load_record
        from .core.registry import game_class
        check_output(args.out, args.force)
        fmt = picture_format(args.out, args.format)
        data = load_record(args.record)
        steps = len(data["decisions"])
        k = steps if args.step is None else args.step
        if not 0 <= k <= steps:
            raise ValueError(f"--step must be between 0 and {steps} for this record")
        if args.view is not None and not 1 <= args.view <= data["players"]:
            raise ValueError(f"--view must be a seat from 1 to {data['players']}")
        # the whole record is verified as replay does (its final state, scores and winner too), then cut
        game = replay(data, allow_paths=args.allow_paths, partial=True)
        if k < steps:
            cut = {key: v for key, v in data.items() if key not in ("final", "scores", "winner")}
            cut["decisions"] = data["decisions"][:k]
            game = replay(cut, allow_paths=args.allow_paths, partial=True)
        drawing = importlib.import_module(game_class(data["game"]).drawing_module)
        from .drawing import figure_bytes
        if args.dpi is not None and not 10 <= args.dpi <= 1200:
            raise ValueError("--dpi must be between 10 and 1200")
        figure = drawing.draw_state(game, viewer=args.view).figure
        _check_pixels(figure, fmt, args.dpi)
        image = figure_bytes(figure, fmt, args.dpi)
        with replacing(args.out, "wb") as f:       # a failed drawing leaves the old picture as it was
            f.write(image)
        print(f"step {k} of {steps} drawn to {args.out} ({fmt})")
        return 0
    if args.command == "gallery":
        from .gallery import run
        return run(args)
    if args.command == "classroom":
        from .classroom import run
        return run(args)
    if args.command == "export":
        from .core.exports import events_frame, save_player_record
        check_output(args.out, args.force)
        suffix = os.path.splitext(args.out)[1].lower()
        if suffix not in (".json", ".csv"):
            raise ValueError(f"--out {args.out}: export writes a .json player's record or a .csv table of events; "
                             "end the name with one of them")
        game = replay(args.record, allow_paths=args.allow_paths, partial=True)     # an unfinished game too
        if not 1 <= args.seat <= game.players:
            raise ValueError(f"--seat must be a seat from 1 to {game.players}")
        if suffix == ".csv":
            from .core.files import replacing
            with replacing(args.out, "w") as f:
                events_frame(game, args.seat).to_csv(f, index=False)
        else:
            save_player_record(game, args.seat, args.out)
        print(f"player {args.seat}'s record of {len(game.events)} events written to {args.out}")
        return 0
    raise AssertionError(args.command)


if __name__ == "__main__":
    sys.exit(main())
