"""Every clause and interpretation ID the FCM code cites, in any of its subpackages, has its text on the rules
pages that ``FcmGame.clauses()`` reads (the Stepper shows that text next to each event)."""
import re
from pathlib import Path

import toolkit.games.fcm
from toolkit.core.registry import game_class

CITED = re.compile(r"FCM-(?:I\d+|\d+\.n?\d+)")


def test_every_fcm_id_cited_in_code_resolves_to_text():
    folder = Path(toolkit.games.fcm.__file__).parent
    files = sorted(folder.rglob("*.py"))
    assert {f.parent.name for f in files} >= {"map", "company", "game"}
    cited = {c for f in files for c in CITED.findall(f.read_text(encoding="utf-8"))}
    game = game_class("fcm")
    missing = sorted(c for c in cited if not game.clause_text(c))
    assert len(cited) > 80 and not missing, missing
