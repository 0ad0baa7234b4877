"""The Disneyland board as data: track, colour piles and photos (DL-I1 to DL-I3), validated on load."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, partial

from ...core.data import is_whole, need as _need, need_keys, need_list, need_pos, need_str, read_json
from ...core.decisions import Option

SPACE_KINDS = ("draw", "camera", "star", "clock")
CARD_KINDS = ("attraction", "character")


@dataclass(frozen=True)
class Card:
    id: str
    kind: str        # "attraction" or "character"
    name: str
    colour: str


@dataclass(frozen=True)
class Space:
    index: int
    kind: str        # one of SPACE_KINDS
    pile: str | None  # the colour pile beside a draw space
    pos: tuple[int, int]


@dataclass(frozen=True)
class Board:
    name: str
    track: tuple[Space, ...]
    piles: dict            # colour -> tuple of Card, bottom first (as dealt)
    lands: dict            # colour -> land name
    card_points: dict
    photo_points: dict
    photos: dict           # {"good": n, "bad": m}

    def __post_init__(self):
        # Facts every game on this board looks up, worked out once here. Plain attributes, not cached properties:
        # Python 3.11 reads an object's attributes fastest while its ``__dict__`` is never touched, and a cached
        # property writes into ``__dict__``.
        fact = partial(object.__setattr__, self)          # the board is frozen
        cards = {c.id: c for pile in self.piles.values() for c in pile}
        fact("cards", cards)                                              # card id -> Card (DL-3.3)
        fact("card_worth", {c.id: self.card_points[c.kind] for c in cards.values()})   # id -> points (DL-5.1)
        # a photo's points by its face: index False (0) a bad photo, True (1) a good one (DL-5.2)
        fact("photo_worth", (self.photo_points["bad"], self.photo_points["good"]))
        good, bad = self.photos["good"], self.photos["bad"]         # a face-down photo's average worth (DL-5.2)
        fact("photo_mean", (self.photo_points["good"] * good + self.photo_points["bad"] * bad) / max(1, good + bad))
        # card id -> the option of taking it (DL-5.5), labelled with its name and kind
        fact("card_options", {c.id: Option(c.id, f"{c.name} ({c.kind})") for c in cards.values()})
        # colour -> the ids of its cards, bottom first (as dealt)
        fact("pile_ids", {colour: tuple(c.id for c in pile) for colour, pile in self.piles.items()})
        fact("kinds", tuple(s.kind for s in self.track))                # each track space's kind, in track order
        fact("spaces", len(self.track))                                  # the number of track spaces
        fact("_draw_spaces", tuple(s.index for s in self.track if s.kind == "draw"))

    def draw_spaces(self) -> list[int]:
        return list(self._draw_spaces)


LIMITS = {"piles": 20, "cards": 100, "track": 200, "photos": 100, "points": 100}   # generous, but bounded


def parse_board(data, path="board.json") -> Board:
    """Check a board's data and build it; errors name the file, the field and the problem."""
    need_keys(data, path, "", ("piles", "track", "photos", "card_points", "photo_points"), ("name",))
    name = need_str(data.get("name", "board"), path, "name")
    piles, lands, seen = {}, {}, set()
    need_list(data["piles"], path, "piles", 1, LIMITS["piles"])
    for i, p in enumerate(data["piles"]):
        where = f"piles[{i}]"
        need_keys(p, path, where, ("colour", "cards"), ("land",))
        colour = need_str(p["colour"], path, f"{where}.colour", 40)
        _need(colour not in piles, path, f"{where}.colour", f"colour {colour!r} appears twice")
        need_list(p["cards"], path, f"{where}.cards", 1, LIMITS["cards"])
        cards = []
        for j, c in enumerate(p["cards"]):
            cw = f"{where}.cards[{j}]"
            need_keys(c, path, cw, ("id", "kind"), ("name",))
            cid = need_str(c["id"], path, f"{cw}.id", 40)
            _need(cid not in seen, path, f"{cw}.id", f"{cid!r} is used twice")
            _need(c["kind"] in CARD_KINDS, path, f"{cw}.kind", f"{c['kind']!r} is not one of {CARD_KINDS}")
            seen.add(cid)
            cards.append(Card(cid, c["kind"], need_str(c.get("name", cid), path, f"{cw}.name"), colour))
        piles[colour] = tuple(cards)
        lands[colour] = need_str(p.get("land", colour), path, f"{where}.land")
    _need(isinstance(data["track"], list), path, "track", "must be a list")
    _need(len(data["track"]) >= 5, path, "track", f"{len(data['track'])} spaces is too few for 4 trains (DL-I12)")
    need_list(data["track"], path, "track", 5, LIMITS["track"])
    track = []
    for i, s in enumerate(data["track"]):
        where = f"track[{i}]"
        need_keys(s, path, where, ("kind", "pos"), ("pile",))
        _need(s["kind"] in SPACE_KINDS, path, f"{where}.kind", f"{s['kind']!r} is not one of {SPACE_KINDS}")
        pile = s.get("pile")
        if s["kind"] == "draw":
            _need(type(pile) is str and pile in piles, path, f"{where}.pile",
                  f"draw space needs the colour of an existing pile, got {pile!r}")
        else:
            _need(pile is None, path, f"{where}.pile", "only draw spaces have a pile")
        track.append(Space(i, s["kind"], pile, need_pos(s["pos"], path, f"{where}.pos")))
    ndraw = sum(1 for s in track if s.kind == "draw")
    _need(ndraw >= 4, path, "track", f"{ndraw} draw spaces; each of up to 4 trains starts on its own (DL-I4)")
    kinds = {s.kind for s in track}
    for k in SPACE_KINDS:
        _need(k in kinds, path, "track", f"has no {k!r} space")
    fed = {s.pile for s in track if s.kind == "draw"}
    for colour in piles:
        _need(colour in fed, path, "track", f"no draw space takes from the {colour!r} pile")
    top = {"photos": LIMITS["photos"], "card_points": LIMITS["points"], "photo_points": LIMITS["points"]}
    for field, keys in (("photos", ("good", "bad")), ("card_points", CARD_KINDS), ("photo_points", ("good", "bad"))):
        d = data[field]
        _need(isinstance(d, dict) and set(d) == set(keys) and all(is_whole(d[k]) and 0 <= d[k] <= top[field]
                                                                  for k in keys),
              path, field, f"needs whole numbers {' and '.join(map(repr, keys))} from 0 to {top[field]}, got "
              f"{str(d)[:40]}")
    ph, cp, pp = data["photos"], data["card_points"], data["photo_points"]
    return Board(name if "name" in data else "", tuple(track), piles, lands, dict(cp), dict(pp), dict(ph))


def load_board(path=None) -> Board:
    """Load a board file (the packaged ``board.json`` by default), or check a board given as data (a dict)."""
    data, where = read_json(path, __package__, "board.json")
    return parse_board(data, where)


@lru_cache(maxsize=1)
def default_board() -> Board:
    """The packaged board, loaded once."""
    return load_board()


# Boards, cards and spaces are immutable and shared by every copy of a game.
Board.__deepcopy__ = Card.__deepcopy__ = Space.__deepcopy__ = lambda self, memo: self
