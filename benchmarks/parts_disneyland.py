"""Where The Disneyland Game's time per turn goes: the toolkit, the tight loop with the toolkit's duties
(``tight_disneyland.play_seeded``) and the bare tight loop, with the parts that come before the first turn (the
game's construction, the duties loop's own set-up, the six seeded streams, ``play()`` on a finished game), all
in one process, in alternating batches of the same seeds, by CPU time (see ``benchmarks/README.md``).

Run: python benchmarks/parts_disneyland.py [games]
"""
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import tight_disneyland as tight  # noqa: E402

from toolkit.core import make_agents, play  # noqa: E402
from toolkit.core.rng import Streams  # noqa: E402
from toolkit.games.disneyland.rules import DisneylandGame  # noqa: E402

DATA, SEATS = tight.board_data(), make_agents("disneyland", 4, "random")
DONE = DisneylandGame(4, 1, log=False)
play(DONE, SEATS)


def toolkit(seed):
    play(DisneylandGame(4, seed, log=False), SEATS)


def duties(seed):
    tight.play_seeded(DATA, 4, seed)


def bare(seed):
    tight.play(DATA, 4, random.Random(seed))


def construction(seed):
    DisneylandGame(4, seed, log=False)


def duties_setup(seed):
    """The duties loop's own set-up: its streams for the deck, the piles and the photos shuffled."""
    piles0, photos0 = DATA[2], DATA[3]
    streams = Streams(seed)
    piles = {c: list(p) for c, p in piles0.items()}
    for p in piles.values():
        streams["deck"].shuffle(p)
    streams["deck"].shuffle(list(photos0))


def streams(seed):
    s = Streams(seed)
    for name in ("deck", "die", "agent-1", "agent-2", "agent-3", "agent-4"):
        s[name]


def play_setup(seed):
    play(DONE, SEATS)


def parts(games=3000, per=100):
    turns = sum(tight.play_seeded(DATA, 4, i) for i in range(games)) / games
    runs = (toolkit, duties, bare, construction, duties_setup, streams, play_setup)
    cpu = dict.fromkeys((f.__name__ for f in runs), 0.0)
    for b in range(games // per):
        for f in runs:
            c = time.process_time()
            for seed in range(b * per, (b + 1) * per):
                f(seed)
            cpu[f.__name__] += time.process_time() - c
    return {k: 1e6 * v / (games // per * per) / turns for k, v in cpu.items()}


if __name__ == "__main__":
    us = parts(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
    for k, v in us.items():
        print(f"{k:13s} {v:5.2f} us a turn")
    setup = us["construction"] - us["duties_setup"]
    print(f"toolkit {us['toolkit'] / us['bare']:.2f}x the bare loop, duties loop {us['duties'] / us['bare']:.2f}x, "
          f"toolkit {us['toolkit'] / us['duties']:.2f}x the duties loop; the engine beyond the duties "
          f"{us['toolkit'] - us['duties']:.2f} us a turn: construction {setup:.2f}, "
          f"play() set-up {us['play_setup']:.2f}, the turns {us['toolkit'] - us['duties'] - setup - us['play_setup']:.2f}")
