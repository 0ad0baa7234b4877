"""A golden transcript of one seeded Food Chain Magnate game: every event, stored as text and compared line by
line, so a change to a rule, an event sentence, the map or a random stream shows up as a readable difference.
To accept an intended change, regenerate the file (``python -m tests.fcm.test_golden``) and read the diff."""
from __future__ import annotations

from pathlib import Path

from toolkit import new_game, play
from toolkit.core import make_agents
from tests.golden import assert_same_lines

GOLDEN = Path(__file__).with_name("golden_seed11_3p.txt")


def transcript(seed: int = 11, players: int = 3) -> list[str]:
    g = new_game("fcm", players=players, seed=seed)
    play(g, make_agents("fcm", players, "heuristic"))
    return [f"{e.step:4d} {e}" for e in g.events] + [
        f"scores {g.scores()} winner {g.winner()} fingerprint {g.fingerprint()}"]


def test_fcm_golden_transcript_of_seed_11():
    """FCM-3.1 to FCM-7.1: one seeded 3-player game with the strategic agents, line by line."""
    want = GOLDEN.read_text(encoding="utf-8").splitlines()
    got = transcript()
    assert_same_lines(want, got)


if __name__ == "__main__":
    GOLDEN.write_text("\n".join(transcript()) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")
