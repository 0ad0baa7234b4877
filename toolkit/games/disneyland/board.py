"""The Disneyland board as data: track, colour piles and photos (DL-I1 to DL-I3), validated on load."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from ...core.data import need as _need, read_json

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

    @cached_property
    def cards(self) -> dict:
        return {c.id: c for pile in self.piles.values() for c in pile}

    def draw_spaces(self) -> list[int]:
        return [s.index for s in self.track if s.kind == "draw"]


def parse_board(data, path="board.json") -> Board:
    """Check a board's data and build it; errors name the file, the field and the problem."""
    _need(isinstance(data, dict), path, "(top level)", "must be a JSON object")
    for key in ("piles", "track", "photos", "card_points", "photo_points"):
        _need(key in data, path, key, "missing")
    piles, lands, seen = {}, {}, set()
    _need(isinstance(data["piles"], list) and data["piles"], path, "piles", "must be a non-empty list")
    for i, p in enumerate(data["piles"]):
        where = f"piles[{i}]"
        _need(isinstance(p, dict) and isinstance(p.get("colour"), str), path, f"{where}.colour", "missing or not a string")
        colour = p["colour"]
        _need(colour not in piles, path, f"{where}.colour", f"colour {colour!r} appears twice")
        _need(isinstance(p.get("cards"), list) and p["cards"], path, f"{where}.cards", "must be a non-empty list")
        cards = []
        for j, c in enumerate(p["cards"]):
            cw = f"{where}.cards[{j}]"
            _need(isinstance(c, dict), path, cw, "must be an object")
            _need(isinstance(c.get("id"), str) and c["id"] not in seen, path, f"{cw}.id", "missing, not a string, or used twice")
            _need(c.get("kind") in CARD_KINDS, path, f"{cw}.kind", f"{c.get('kind')!r} is not one of {CARD_KINDS}")
            seen.add(c["id"])
            cards.append(Card(c["id"], c["kind"], str(c.get("name", c["id"])), colour))
        piles[colour] = tuple(cards)
        lands[colour] = str(p.get("land", colour))
    _need(isinstance(data["track"], list), path, "track", "must be a list")
    _need(len(data["track"]) >= 5, path, "track", f"{len(data['track'])} spaces is too few for 4 trains (DL-I12)")
    track = []
    for i, s in enumerate(data["track"]):
        where = f"track[{i}]"
        _need(isinstance(s, dict), path, where, "must be an object")
        _need(s.get("kind") in SPACE_KINDS, path, f"{where}.kind", f"{s.get('kind')!r} is not one of {SPACE_KINDS}")
        pile = s.get("pile")
        if s["kind"] == "draw":
            _need(pile in piles, path, f"{where}.pile", f"draw space needs the colour of an existing pile, got {pile!r}")
        else:
            _need(pile is None, path, f"{where}.pile", "only draw spaces have a pile")
        pos = s.get("pos")
        _need(isinstance(pos, list) and len(pos) == 2 and all(isinstance(v, (int, float)) for v in pos),
              path, f"{where}.pos", "must be [x, y]")
        track.append(Space(i, s["kind"], pile, (pos[0], pos[1])))
    ndraw = sum(1 for s in track if s.kind == "draw")
    _need(ndraw >= 4, path, "track", f"{ndraw} draw spaces; each of up to 4 trains starts on its own (DL-I4)")
    kinds = {s.kind for s in track}
    for k in SPACE_KINDS:
        _need(k in kinds, path, "track", f"has no {k!r} space")
    fed = {s.pile for s in track if s.kind == "draw"}
    for colour in piles:
        _need(colour in fed, path, "track", f"no draw space takes from the {colour!r} pile")
    ph = data["photos"]
    _need(isinstance(ph, dict) and all(isinstance(ph.get(k), int) and ph[k] >= 0 for k in ("good", "bad")),
          path, "photos", "needs whole numbers 'good' and 'bad'")
    cp, pp = data["card_points"], data["photo_points"]
    _need(isinstance(cp, dict) and all(isinstance(cp.get(k), int) for k in CARD_KINDS), path, "card_points",
          "needs whole numbers for 'attraction' and 'character'")
    _need(isinstance(pp, dict) and all(isinstance(pp.get(k), int) for k in ("good", "bad")), path, "photo_points",
          "needs whole numbers for 'good' and 'bad'")
    return Board(str(data.get("name", "")), tuple(track), piles, lands, dict(cp), dict(pp), dict(ph))


def load_board(path=None) -> Board:
    """Load a board file (the packaged ``board.json`` by default)."""
    data, where = read_json(path, __package__, "board.json")
    return parse_board(data, where)


@lru_cache(maxsize=1)
def default_board() -> Board:
    """The packaged board, loaded once."""
    return load_board()


# Boards, cards and spaces are immutable and shared by every copy of a game.
Board.__deepcopy__ = Card.__deepcopy__ = Space.__deepcopy__ = lambda self, memo: self
