"""The 18 milestones of Food Chain Magnate as data (fact 2.14; FCM-I33), validated on load.

>>> ms = default_milestones()
>>> len(ms), ms["first_airplane"].starts, ms["first_airplane"].params["open_slots"]
(18, 'next round', 2)
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ....core.data import need as _need, read_json

STARTS = ("at once", "next round")
LAYERS = ("companies", "marketing", "production", "dinnertime")


@dataclass(frozen=True)
class Milestone:
    id: str
    name: str
    trigger: str
    detected_by: str     # the layer that notices the trigger (this one: "companies")
    effect: str
    starts: str          # "at once" or "next round" (FCM-I33)
    when: str            # the rulebook's words for when the effect starts
    rb_cards: int
    params: dict




def parse_milestones(data, path="milestones.json") -> dict:
    """id -> Milestone, in file order."""
    _need(isinstance(data, dict), path, "(top level)", "must be a JSON object")
    rows = data.get("milestones")
    _need(isinstance(rows, list) and rows, path, "milestones", "missing or not a non-empty list")
    out: dict = {}
    for i, r in enumerate(rows):
        w = f"milestones[{i}]"
        _need(isinstance(r, dict) and isinstance(r.get("id"), str), path, f"{w}.id", "missing or not a string")
        w = f"milestones[{i}] ({r['id']})"
        _need(r["id"] not in out, path, f"{w}.id", "used twice")
        for k in ("name", "trigger", "effect", "when"):
            _need(isinstance(r.get(k), str) and r[k], path, f"{w}.{k}", "missing or not a string")
        _need(r.get("starts") in STARTS, path, f"{w}.starts", f"{r.get('starts')!r} is not one of {STARTS}")
        _need(r.get("detected_by") in LAYERS, path, f"{w}.detected_by", f"{r.get('detected_by')!r} is not one of {LAYERS}")
        _need(isinstance(r.get("rb_cards"), int) and r["rb_cards"] >= 1, path, f"{w}.rb_cards", "must be a whole number >= 1")
        _need(isinstance(r.get("params", {}), dict), path, f"{w}.params", "must be an object")
        out[r["id"]] = Milestone(r["id"], r["name"], r["trigger"], r["detected_by"], r["effect"], r["starts"],
                                 r["when"], r["rb_cards"], dict(r.get("params", {})))
    if "rb_cards_total" in data:
        total = sum(m.rb_cards for m in out.values())
        _need(total == data["rb_cards_total"], path, "rb_cards_total", f"the cards add up to {total}, not {data['rb_cards_total']!r}")
    return out


def load_milestones(path=None) -> dict:
    """Load a milestones file (the packaged ``milestones.json`` by default)."""
    return parse_milestones(*read_json(path, __package__, "milestones.json"))


@lru_cache(maxsize=1)
def default_milestones() -> dict:
    """The published game's milestones, loaded once."""
    return load_milestones()
