"""A golden transcript: one seeded game's every event, stored as text and compared line by line, so that any
change to the rules, the data files or the race model shows up as a readable difference."""
from __future__ import annotations

from pathlib import Path

from toolkit.core import play
from toolkit.games.mcdonalds import ForgetfulHeuristic, McDonaldsGame, McDonaldsHeuristic
from tests.golden import assert_same_lines

GOLDEN = Path(__file__).with_name("golden_seed43.txt")
OPTIONS = {"speed": [5.0, 4.0, 3.5, 3.0], "errors": [0.05, 0.15, 0.3, 0.5]}


def transcript() -> list[str]:
    g = McDonaldsGame(players=4, seed=43, options=OPTIONS)
    play(g, [McDonaldsHeuristic(), ForgetfulHeuristic(0.3), McDonaldsHeuristic(), McDonaldsHeuristic()])
    return [f"{e.step:3d} {e}" for e in g.events] + [f"final {g.fingerprint()} scores {g.scores()}"]


def test_seed_43_matches_the_golden_transcript():
    """MCD-3.2 ... MCD-8.1 as played by the notebook's seeded game (regenerate with ``python -m
    tests.mcdonalds.test_golden`` after a deliberate change, and read the difference)."""
    want = GOLDEN.read_text(encoding="utf-8").splitlines()
    got = transcript()
    assert_same_lines(want, got)


if __name__ == "__main__":
    GOLDEN.write_text("\n".join(transcript()) + "\n", encoding="utf-8")
