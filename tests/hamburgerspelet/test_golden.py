"""A stored transcript of a seeded three-player game (the notebook's walkthrough): replaying its decisions must
give the same state after every step and the same events, word for word. A change of rules shows up here."""
import json
from pathlib import Path

from toolkit.core import make_agents, play, replay
from toolkit.games.hamburgerspelet import HamburgerGame

GOLDEN = Path(__file__).with_name("golden_seed66.json")


def test_golden_game_replays_step_by_step():
    rec = json.loads(GOLDEN.read_text(encoding="utf-8"))
    rec["toolkit_version"] = "golden"
    g = replay(rec, expect_game="hamburgerspelet")
    assert [str(e) for e in g.events] == rec["transcript"]
    assert g.winner() == rec["winner"] and g.scores() == rec["scores"]


def test_golden_game_is_what_the_agents_play():
    """The memory agents, seeded by the game, still make the stored decisions."""
    rec = json.loads(GOLDEN.read_text(encoding="utf-8"))
    g = HamburgerGame(players=3, seed=66)
    play(g, make_agents("hamburgerspelet", 3, ["perfect-memory", "fading-memory", "no-memory"]))
    assert g.choices == [d["choice"] for d in rec["decisions"]]
