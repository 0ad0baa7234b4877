"""Every game's rules pages define each clause and interpretation ID once, and every ID the code cites exists.

Several people add interpretations at once; two pages (or two lines) giving the same ID would silently let the
later text win in the stepper, so a clash must fail here.
"""
import re
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from toolkit.core.game import _CLAUSE_LINE, rules_page
from toolkit.core.registry import GAMES, game_class

PACKAGES = sorted({game_class(name).rules_package for name in GAMES})
CITED = re.compile(r"\b(DL|MCD|HB|FCM)-(I\d+|\d+\.n?\d+)\b")    # clauses and interpretations (not whole sections)
PREFIX = {"toolkit.games.disneyland": "DL", "toolkit.games.mcdonalds": "MCD",
          "toolkit.games.hamburgerspelet": "HB", "toolkit.games.fcm": "FCM"}


def _ids(package):
    folder = resources.files(package)
    for page in folder.iterdir():
        if page.name == "rules.md" or (page.name.startswith("rules_") and page.name.endswith(".md")):
            for line in page.read_text(encoding="utf-8").splitlines():
                m = _CLAUSE_LINE.match(line)
                if m:
                    yield m.group(1), page.name


@pytest.mark.parametrize("package", PACKAGES)
def test_each_id_is_defined_once(package):
    counts = Counter(i for i, _ in _ids(package))
    twice = sorted(i for i, n in counts.items() if n > 1)
    assert not twice, f"{package}: IDs defined more than once: {twice}"


@pytest.mark.parametrize("package", PACKAGES)
def test_every_cited_id_has_text(package):
    prefix = PREFIX[package]
    known = rules_page(package)
    folder = Path(resources.files(package))
    missing = set()
    for path in folder.rglob("*.py"):
        for m in CITED.finditer(path.read_text(encoding="utf-8")):
            cid = f"{m.group(1)}-{m.group(2)}"
            if m.group(1) == prefix and cid not in known:
                missing.add(f"{cid} ({path.relative_to(folder)})")
    assert not missing, f"cited but not on {package}'s rules pages: {sorted(missing)}"
