"""Every game ends in bounded time whatever its options (issue 33): each option of each game at its extreme allowed
values (every choice, both truth values, the lowest and highest numbers), and the combinations that make a game
longest, is played with the most players and random agents, and must end within a fixed number of decisions.
Options that could make an endless game are refused with one line naming the option and its clause (HB-I21,
MCD-I9); the others end by a documented limit that the game's row shows (MCD-I18's ``hit_turn_limit``, FCM-I70's
``end`` = "round limit")."""
import json
import random
import re

import pytest

from toolkit.core.errors import OptionError
from toolkit.core.registry import game_class
from toolkit.core.seating import agent_kinds
from toolkit.games.mcdonalds.rules import MAX_READINGS

GAMES = ("disneyland", "hamburgerspelet", "mcdonalds", "fcm")
# decisions a game may take at most; each is far above the longest game seen with these options
BOUND = {"disneyland": 3_000, "hamburgerspelet": 200_000, "mcdonalds": 60_000, "fcm": 60_000}


def _hb_board(copies: int) -> dict:
    """The shipped Hamburgerspelet board with ``copies`` tiles of each ingredient (1: the fewest a board may have)."""
    from importlib.resources import files
    data = json.loads(files("toolkit.games.hamburgerspelet").joinpath("board.json").read_text(encoding="utf-8"))
    data["tiles_per_ingredient"] = copies
    data["spots"] = data["spots"][:copies * len(data["ingredients"])]
    return data


# the combinations of extremes that make a game longest (one option at a time is generated from the settings)
LONGEST = {
    "disneyland": [{}],
    "hamburgerspelet": [{"board": _hb_board(1)}, {"board": _hb_board(4), "steal": False}],
    "mcdonalds": [{"errors": 1.0, "max_readings": 10**6, "spread": 5.0},     # errors 0.9999999: test_mcd_i18 below
                  {"race": "by_hand", "errors": 1.0, "max_readings": 10**6}],
    "fcm": [{"max_rounds": 500, "layout": "L0"}, {"max_rounds": 500, "bankruptcy": "write-off", "ruleset": "deluxe"}],
}


def extremes(cls) -> list:
    """One option set per extreme value of each option: every choice, both booleans, the lowest and highest number
    (a text or file option keeps its default here: its extremes are in LONGEST)."""
    out = []
    for s in cls.settings:
        if s.kind == "choice":
            values = list(s.choices)
        elif s.kind == "bool":
            values = [True, False]
        elif s.kind in ("int", "number", "seats"):
            values = [s.low, s.high]
        else:
            continue
        out += [{s.name: v} for v in values if v != s.default]
    return out


CASES = [(name, opts) for name in GAMES for opts in extremes(game_class(name)) + LONGEST[name]]


def _play(name, options, seed=0):
    cls = game_class(name)
    g = cls(players=cls.max_players, seed=seed, options=options, log=False)
    agent = agent_kinds(cls)["random"]()
    rng = random.Random(seed)
    for n in range(BOUND[name]):
        d = g.pending()
        if d is None:
            return g, n
        g.apply(agent.choose(g, d, rng))
    raise AssertionError(f"{name} {options}: no end within {BOUND[name]} decisions")


@pytest.fixture(autouse=True)
def readings_watch(monkeypatch):
    """McDonald's reads a menu inside one decision until someone fills it (MCD-5.4): fail, rather than hang, when a
    game reads on far past its limit."""
    from toolkit.games.mcdonalds.rules import McDonaldsGame
    read = McDonaldsGame._read_aloud

    def watched(self):
        assert self.stats["readings"] < 50_000, "menus read on and on: the game has no end in sight"
        read(self)
    monkeypatch.setattr(McDonaldsGame, "_read_aloud", watched)


@pytest.mark.slow
@pytest.mark.parametrize("name, options", CASES, ids=[f"{n}-{json.dumps(o)[:60]}" for n, o in CASES])
def test_every_game_ends_within_a_bound_with_options_at_their_extremes(name, options):
    """MCD-I18, FCM-I70, HB-I15: the game ends within ``BOUND`` decisions, and a limit reached shows in its row;
    or the options are refused in one line naming an option and a clause (MCD-I9: an error chance of 1 alone)."""
    cls = game_class(name)
    try:
        cls(players=cls.max_players, options=options, log=False)
    except OptionError as e:
        text = str(e)
        assert "\n" not in text and re.search(r"\b(MCD|HB|DL|FCM)-I?\d", text)
        assert any(f"'{s.name}'" in text for s in cls.settings), text
        return
    g, n = _play(name, options)
    assert g.is_over() and n < BOUND[name]
    row = g.summary()
    if name == "mcdonalds":
        assert g.stats["readings"] <= MAX_READINGS
        assert row["hit_turn_limit"] == (g.turn >= 1000 or g.stats["readings"] >= MAX_READINGS)
    if name == "fcm":
        assert row["end"] in ("bank", "bankrupt", "round limit")
        assert g.co.round <= g.option("max_rounds")


# file and text options not pushed here: a Disneyland board must have a clock space (its loader refuses one without,
# so every lap can move the clock, DL-4.5), and McDonald's boards and menus change neither its turn nor its readings limit
DATA_AT_DEFAULT = {"disneyland": {"board"}, "hamburgerspelet": set(), "mcdonalds": {"board", "menus"}, "fcm": set()}


def test_every_file_and_text_option_is_pushed_or_said_why_not():
    """A new file or text option (which ``extremes`` cannot push) joins LONGEST or DATA_AT_DEFAULT, with a reason."""
    for name in GAMES:
        cls = game_class(name)
        named = {k for opts in LONGEST[name] for k in opts}
        free = {s.name for s in cls.settings if s.kind in ("file", "text")}
        assert free - named == DATA_AT_DEFAULT[name], name


def test_mcd_i18_a_race_nobody_wins_stops_the_game_at_the_readings_limit():
    """MCD-I18, MCD-5.4: with an error chance a hair below 1 a menu would be read millions of times; the game stops
    at its 20,000th reading, the player with the most points winning, with ``hit_turn_limit`` in its row."""
    g, _n = _play("mcdonalds", {"errors": 0.9999999})
    assert g.stats["readings"] == MAX_READINGS and g.summary()["hit_turn_limit"]
    assert g.turn < 1000 and g.winner() is not None


def test_mcd_i9_an_error_chance_of_1_without_max_readings_is_refused_in_one_line():
    cls = game_class("mcdonalds")
    with pytest.raises(OptionError) as e:
        cls(players=3, options={"errors": 1.0})
    assert "max_readings" in str(e.value) and "MCD-I9" in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize("players", [2, 4])
def test_hb_i21_no_stealing_with_too_few_tiles_is_refused_in_one_line(players):
    """HB-I21: without stealing a tile on a card never comes back, so fewer tiles of an ingredient than players
    could leave every player short for ever; refused, naming the option and the clause. Enough tiles: allowed."""
    cls = game_class("hamburgerspelet")
    with pytest.raises(OptionError) as e:
        cls(players=players, options={"board": _hb_board(players - 1), "steal": False})
    text = str(e.value)
    assert "'steal'" in text and "HB-I21" in text and "\n" not in text
    g = cls(players=players, options={"board": _hb_board(players), "steal": False}, log=False)
    assert g.pending() is not None
    cls(players=players, options={"board": _hb_board(1)}, log=False)         # with stealing: allowed (and ends)
