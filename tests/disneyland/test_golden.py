"""A stored, human-readable transcript of a seeded game, replayed and diffed (a change to any rule, event
sentence or random stream shows up here). To accept an intended change, regenerate the file:
``python -m tests.disneyland.test_golden``."""
from pathlib import Path

from toolkit import new_game, play
from toolkit.core import make_agents
from tests.golden import assert_same_lines

GOLDEN = Path(__file__).with_name("golden_seed7_3p.txt")


def transcript(seed=7, players=3):
    g = new_game("disneyland", players=players, seed=seed)
    play(g, make_agents("disneyland", players, "heuristic"))
    lines = [f"{e.step:4d} {e}" for e in g.events]
    lines.append(f"scores {g.scores()} winner {g.winner()} fingerprint {g.fingerprint()}")
    return "\n".join(lines) + "\n"


def test_dl_golden_transcript_of_seed_7():
    """DL-4.1 to DL-7.2 in one seeded 3-player game with heuristic agents, line by line."""
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    got = transcript().splitlines()
    assert_same_lines(expected, got)


def test_dl_player_view_hides_pile_order_and_seed():
    """DL-5.1, DL-I2: piles are face down; a player sees how many cards are left, not which."""
    a, b = new_game("disneyland", players=2, seed=1), new_game("disneyland", players=2, seed=1)
    b.piles["red"].reverse()
    assert a.view(1) == b.view(1) and "seed" not in a.view(1)
    assert a.view(None) != b.view(None)
    assert a.view(1)["piles"]["red"] == len(a.piles["red"])


if __name__ == "__main__":
    GOLDEN.write_text(transcript(), encoding="utf-8")
    print(f"wrote {GOLDEN}")
