"""The 18 milestones of Food Chain Magnate as data (FCM-I33), validated on load.

>>> ms = default_milestones()
>>> len(ms), ms["first_airplane"].starts, ms["first_airplane"].params["open_slots"]
(18, 'next round', 2)
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ....core.data import is_whole, need as _need, need_int, need_keys, read_json

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

    def __deepcopy__(self, memo):
        """A milestone never changes, so copies of a game share it (as they share the staff catalogue)."""
        return self




# The engine gives each milestone its effect by id, so a file holds exactly these 18, each with exactly these
# parameters: (kind, low, high) for a number, "cards" for a list of employee ids, "gain" for card -> count.
PARAMS = {
    "first_billboard": {"no_salary_for": "cards"},
    "first_to_train": {"salary_discount": ("int", 0, 100)},
    "first_hire_3": {"hires": ("int", 1, 20), "gain": "gain"},
    "first_burger_marketed": {}, "first_pizza_marketed": {}, "first_drink_marketed": {},
    "first_errand_boy": {"cards": "cards"},
    "first_cash_20": {"cash": ("int", 0, 1000)},
    "first_burger_produced": {"gain": "gain"},
    "first_pizza_produced": {"gain": "gain"},
    "first_waitress": {"cards": "cards", "tip": ("int", 0, 100)},
    "first_throw_away": {"freezer": ("int", 0, 100)},
    "first_lower_prices": {"cards": "cards", "price": ("int", -5, 5)},
    "first_cart_operator": {"cards": "cards"},
    "first_airplane": {"open_slots": ("int", 0, 5)},
    "first_radio": {},
    "first_cash_100": {"cash": ("int", 0, 1000), "fire": "cards", "never_train": "cards"},
    "first_pay_20": {"paid": ("int", 0, 1000)},
}


def _params(r, w, path, cards) -> dict:
    kinds = PARAMS[r["id"]]
    params = r.get("params", {} if not kinds else None)
    _need(isinstance(params, dict), path, f"{w}.params", f"must be an object with {', '.join(kinds)}"
          if kinds else "must be an object")
    for k in params:
        _need(k in kinds, path, f"{w}.params.{k}", f"unknown parameter (this milestone takes: {', '.join(kinds) or 'none'})")
    for k, kind in kinds.items():
        _need(k in params, path, f"{w}.params.{k}", "missing")
        v, field = params[k], f"{w}.params.{k}"
        if kind == "cards":
            _need(isinstance(v, list) and len(v) <= len(cards) and all(type(c) is str and c in cards for c in v),
                  path, field, f"must be a list of employee ids, got {str(v)[:40]}")
        elif kind == "gain":
            _need(isinstance(v, dict) and v and all(c in cards and is_whole(n) and 1 <= n <= 10 for c, n in v.items()),
                  path, field, f"must map employee ids to 1 to 10 cards, got {str(v)[:40]}")
        else:
            need_int(v, path, field, kind[1], kind[2])
    return dict(params)


def parse_milestones(data, path="milestones.json", staff=None) -> dict:
    """id -> Milestone, in file order. Cards named in parameters must be cards of ``staff`` (the packaged
    cards by default)."""
    need_keys(data, path, "", ("milestones",), ("about", "rb_cards_total"))
    rows = data.get("milestones")
    _need(isinstance(rows, list) and rows, path, "milestones", "missing or not a non-empty list")
    if staff is None:
        from .employees import default_staff
        staff = default_staff()
    cards = set(staff.employees)
    out: dict = {}
    for i, r in enumerate(rows):
        w = f"milestones[{i}]"
        _need(isinstance(r, dict) and isinstance(r.get("id"), str), path, f"{w}.id", "missing or not a string")
        _need(r["id"] in PARAMS, path, f"{w}.id", f"{r['id'][:40]!r} is not a milestone the engine knows")
        w = f"milestones[{i}] ({r['id']})"
        _need(r["id"] not in out, path, f"{w}.id", "used twice")
        need_keys(r, path, w, ("id", "name", "trigger", "detected_by", "effect", "starts", "when", "rb_cards"),
                  ("params",))
        for k in ("name", "trigger", "effect", "when"):
            _need(isinstance(r.get(k), str) and r[k].strip(), path, f"{w}.{k}", "missing, blank or not a string")
        _need(r.get("starts") in STARTS, path, f"{w}.starts", f"{r.get('starts')!r} is not one of {STARTS}")
        _need(r.get("detected_by") in LAYERS, path, f"{w}.detected_by", f"{r.get('detected_by')!r} is not one of {LAYERS}")
        need_int(r["rb_cards"], path, f"{w}.rb_cards", 1, 20)
        out[r["id"]] = Milestone(r["id"], r["name"], r["trigger"], r["detected_by"], r["effect"], r["starts"],
                                 r["when"], r["rb_cards"], _params(r, w, path, cards))
    missing = [m for m in PARAMS if m not in out]
    _need(not missing, path, "milestones", f"no {missing[0]!r}: the engine plays all {len(PARAMS)} milestones"
          if missing else "")
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
