"""Disneyland games for an instruction count: a machine's load does not move it, so a change of a few percent
shows where CPU times on a shared machine cannot tell it from noise (see ``benchmarks/README.md``).

Plays ``games`` 4-player games with random agents, of one kind: ``toolkit`` (``log=False``, as ``simulate`` plays
them), ``duties`` (``tight_disneyland.play_seeded``), ``bare`` (``tight_disneyland.play``), ``construction`` (the
games only made), ``setup`` (``play()`` on a finished game); prints the turns played. Count the instructions of a
run minus those of a run of 0 games, and divide by the turns:

    for n in 0 200; do PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python benchmarks/instructions_disneyland.py toolkit $n 2>&1 | grep -E "Collected|turns"; done

(``construction`` and ``setup`` count 89 turns a game, the mean game's length, to give a share of a turn.)
"""
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import tight_disneyland as tight  # noqa: E402

from toolkit.core import make_agents, play  # noqa: E402
from toolkit.games.disneyland.rules import DisneylandGame  # noqa: E402

MEAN_TURNS = 89


def main(kind: str, games: int) -> int:
    data, seats, rng = tight.board_data(), make_agents("disneyland", 4, "random"), random.Random(1)
    finished = DisneylandGame(4, 10 ** 6, log=False)
    play(finished, seats)                                  # warm up: imports, the board, caches
    tight.play(data, 4, rng)
    tight.play_seeded(data, 4, 10 ** 6)
    turns = 0
    for seed in range(games):
        if kind == "toolkit":
            g = DisneylandGame(4, seed, log=False)
            play(g, seats)
            turns += g.turn
        elif kind == "duties":
            turns += tight.play_seeded(data, 4, seed)
        elif kind == "bare":
            turns += tight.play(data, 4, rng)
        elif kind == "construction":
            DisneylandGame(4, seed, log=False)
            turns += MEAN_TURNS
        elif kind == "setup":
            play(finished, seats)
            turns += MEAN_TURNS
        else:
            raise SystemExit(f"kind: toolkit, duties, bare, construction or setup, not {kind!r}")
    return turns


if __name__ == "__main__":
    print("turns", main(sys.argv[1] if len(sys.argv) > 1 else "toolkit", int(sys.argv[2]) if len(sys.argv) > 2 else 200))
