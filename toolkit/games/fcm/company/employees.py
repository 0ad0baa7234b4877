"""The employee cards of Food Chain Magnate as data (FCM-I30), validated on load.

>>> staff = default_staff()
>>> len(staff.employees), staff.box_size()
(32, 222)
>>> staff.pile_sizes(2)["guru"], staff.pile_sizes(5)["guru"], staff.pile_sizes(2)["trainer"]
(1, 3, 12)
>>> staff.steps("management_trainee", "regional_manager")
3
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache

from ....core.data import is_whole, need as _need, need_keys, need_str, read_json

ROLES = ("manager", "waitress", "pricing", "cfo", "developer", "restaurants", "recruiter", "trainer",
         "buyer", "marketeer", "kitchen")
RANGES = (None, "unlimited", "road 2", "road 3", "air 4")
# The engine gives each card its action by id: a file holds exactly these 32 (in any order), with bounded counts.
CARDS = ("management_trainee", "junior_vice_president", "vice_president", "senior_vice_president",
         "executive_vice_president", "waitress", "pricing_manager", "discount_manager", "luxuries_manager", "cfo",
         "new_business_developer", "local_manager", "regional_manager", "recruiting_girl", "recruiting_manager",
         "hr_director", "trainer", "coach", "guru", "errand_boy", "cart_operator", "truck_driver",
         "zeppelin_pilot", "marketing_trainee", "campaign_manager", "brand_manager", "brand_director",
         "kitchen_trainee", "burger_cook", "burger_chef", "pizza_cook", "pizza_chef")
COUNTS = {"box": (1, 50), "slots": (0, 10), "hires": (0, 10), "trains": (0, 5), "discount": (0, 50)}
PLAYERS = (2, 3, 4, 5)


@dataclass(frozen=True)
class Employee:
    """One employee type. ``slots`` > 0 makes it a manager (FCM-1.3)."""

    id: str
    name: str
    box: int                 # copies in the box
    entry: bool              # entry level: can be hired directly (FCM-3.2)
    salaried: bool           # pays $5 at Payday (FCM-5.2)
    unique: bool             # "1x": one per player, cut by player count (FCM-3.n3)
    slots: int
    range: str | None
    role: str
    colour: str
    action: str
    trains_into: tuple[str, ...]
    hires: int = 0           # recruit actions (FCM-3.2)
    trains: int = 0          # training actions (FCM-3.3)
    mandatory: bool = False  # FCM-3.n1
    discount: int = 0        # $ per unused recruit action (FCM-5.2)

    @property
    def is_manager(self) -> bool:
        return self.slots > 0


@dataclass(frozen=True)
class Ceo:
    id: str
    name: str
    slots: int
    hires: int
    colour: str
    action: str


@dataclass(frozen=True)
class Staff:
    """The catalogue: the 32 types in file order (the order every option list uses) and the CEO."""

    employees: dict            # id -> Employee
    ceo: Ceo
    box_total: int
    unique_copies: dict        # players -> copies of each 1x type
    # id -> place in the file, for sorting (never change it). Made with the catalogue, not on first use: a
    # cached_property writes the object's ``__dict__``, which costs every attribute read of the catalogue its
    # fast form (core.copy_attributes)
    order: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "order", {e: i for i, e in enumerate(self.employees)})

    def __getitem__(self, card: str) -> Employee:
        return self.employees[card]

    def __deepcopy__(self, memo):
        """The catalogue never changes, so copies of a game share it (and the restructuring options kept for
        it, company/restructuring.py, serve every copy)."""
        return self

    def name(self, card: str) -> str:
        return self.ceo.name if card == self.ceo.id else self.employees[card].name

    def box_size(self) -> int:
        return sum(e.box for e in self.employees.values())

    def pile_sizes(self, players: int) -> dict:
        """Cards in play for ``players``: every copy, except the 1x types cut to 1/1/2/3 (FCM-I30)."""
        cut = self.unique_copies[players]
        return {e.id: (min(cut, e.box) if e.unique else e.box) for e in self.employees.values()}

    def card_id(self, text: str) -> str | None:
        """The id of a card named by id or printed name, any case ('Junior Vice President' or 'junior_vice_president')."""
        key = "_".join(str(text).strip().lower().replace("-", " ").split())
        if key in self.employees or key == self.ceo.id:
            return key
        for e in self.employees.values():
            if "_".join(e.name.lower().split()) == key:
                return e.id
        return None

    def trained_from(self, card: str) -> list[str]:
        return [e.id for e in self.employees.values() if card in e.trains_into]

    def steps(self, start: str, goal: str) -> int | None:
        """Training steps from ``start`` to ``goal`` (None when unreachable)."""
        seen, todo = {start: 0}, deque([start])
        while todo:
            c = todo.popleft()
            if c == goal:
                return seen[c]
            for n in self.employees[c].trains_into:
                if n not in seen:
                    seen[n] = seen[c] + 1
                    todo.append(n)
        return None

    def edges(self) -> list[tuple[str, str]]:
        """The training tree as (from, to) pairs, in file order."""
        return [(e.id, t) for e in self.employees.values() for t in e.trains_into]




def parse_staff(data, path="employees.json") -> Staff:
    """Check the employee data and build the catalogue; errors name the file, the field and the problem."""
    need_keys(data, path, "", ("employees", "ceo", "box_total", "unique_copies_by_players"), ("about",))
    rows = data["employees"]
    _need(isinstance(rows, list) and rows, path, "employees", "must be a non-empty list")
    emps: dict = {}
    for i, r in enumerate(rows):
        w = f"employees[{i}]"
        _need(isinstance(r, dict), path, w, "must be an object")
        _need(isinstance(r.get("id"), str) and r["id"], path, f"{w}.id", "missing or not a string")
        cid = r["id"]
        w = f"employees[{i}] ({cid[:40]})"
        _need(cid not in emps, path, f"{w}.id", "used twice")
        _need(cid in CARDS, path, f"{w}.id", "not a card the engine knows")
        need_keys(r, path, w, ("id", "name", "box", "entry", "salaried", "unique", "range", "role", "colour",
                               "action", "trains_into"), ("slots", "hires", "trains", "discount", "mandatory"))
        for k in ("name", "colour", "action"):
            _need(isinstance(r.get(k), str), path, f"{w}.{k}", "missing or not a string")
            need_str(r[k], path, f"{w}.{k}")
        for k in ("entry", "salaried", "unique", "mandatory"):
            _need(isinstance(r.get(k, False), bool), path, f"{w}.{k}", "missing or not true/false")
        for k, (low, high) in COUNTS.items():
            v = r.get(k, 0)
            _need(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high, path, f"{w}.{k}",
                  f"{str(v)[:20]!r} is not a whole number >= {low} and <= {high}")
        _need(r.get("range") in RANGES, path, f"{w}.range", f"{r.get('range')!r} is not one of {RANGES}")
        _need(r.get("role") in ROLES, path, f"{w}.role", f"{r.get('role')!r} is not one of {ROLES}")
        _need(isinstance(r.get("trains_into"), list) and len(r["trains_into"]) <= len(CARDS)
              and all(isinstance(t, str) for t in r["trains_into"]), path, f"{w}.trains_into", "must be a list of card ids")
        _need(len(set(r["trains_into"])) == len(r["trains_into"]), path, f"{w}.trains_into", "names a card twice")
        _need(not (r["entry"] and r["unique"]), path, f"{w}.unique", "an entry-level card cannot be 1x")
        emps[cid] = Employee(cid, r["name"], r["box"], r["entry"], r["salaried"], r["unique"], r.get("slots", 0),
                             r["range"], r["role"], r["colour"], r["action"], tuple(r["trains_into"]),
                             r.get("hires", 0), r.get("trains", 0), bool(r.get("mandatory", False)),
                             r.get("discount", 0))
    for e in emps.values():
        for t in e.trains_into:
            _need(t in emps, path, f"employees ({e.id}).trains_into", f"unknown card {t!r}")
            _need(not emps[t].entry, path, f"employees ({e.id}).trains_into", f"{t!r} is entry level; training only leads up")
    # the tree must lead upwards only: no card can be trained back into itself
    for e in emps.values():
        todo, seen = list(e.trains_into), set()
        while todo:
            c = todo.pop()
            _need(c != e.id, path, f"employees ({e.id}).trains_into", "training leads in a circle")
            if c not in seen:
                seen.add(c)
                todo.extend(emps[c].trains_into)
    for e in emps.values():
        _need(e.entry or any(e.id in o.trains_into for o in emps.values()), path, f"employees ({e.id})",
              "neither entry level nor reachable by training")
    missing = [c for c in CARDS if c not in emps]
    _need(not missing, path, "employees", f"no {missing[0]!r}: the engine plays all {len(CARDS)} cards" if missing else "")
    c = data["ceo"]
    _need(isinstance(c, dict) and isinstance(c.get("id"), str) and c["id"] not in emps, path, "ceo.id",
          "missing, not a string, or the id of an employee")
    need_keys(c, path, "ceo", ("id", "slots", "hires"), ("name", "colour", "action"))
    _need(c["id"] == "ceo", path, "ceo.id", "the engine knows the CEO as 'ceo'")
    for k in ("slots", "hires"):
        _need(isinstance(c.get(k), int) and not isinstance(c[k], bool) and 1 <= c[k] <= 10, path, f"ceo.{k}",
              "must be a whole number >= 1 and <= 10")
    ceo = Ceo(c["id"], need_str(c.get("name", "CEO"), path, "ceo.name"), c["slots"], c["hires"],
              need_str(c.get("colour", "black"), path, "ceo.colour"), need_str(c.get("action", "-"), path, "ceo.action"))
    cuts = data["unique_copies_by_players"]
    _need(isinstance(cuts, dict) and cuts, path, "unique_copies_by_players", "must be an object players -> copies")
    unique_copies = {}
    for k, v in cuts.items():
        _need(str(k).isdigit() and is_whole(v) and 1 <= v <= 10, path, f"unique_copies_by_players.{k}",
              "players and copies must be whole numbers >= 1 (copies at most 10)")
        unique_copies[int(k)] = v
    for n in PLAYERS:
        _need(n in unique_copies, path, "unique_copies_by_players", f"no count for {n} players")
    staff = Staff(emps, ceo, data["box_total"], unique_copies)
    _need(isinstance(data["box_total"], int) and staff.box_size() == data["box_total"], path, "box_total",
          f"the cards add up to {staff.box_size()}, not {data['box_total']!r}")
    return staff


def load_staff(path=None) -> Staff:
    """Load a cards file (the packaged ``employees.json`` by default)."""
    return parse_staff(*read_json(path, __package__, "employees.json"))


@lru_cache(maxsize=1)
def default_staff() -> Staff:
    """The published game's cards, loaded once."""
    return load_staff()
