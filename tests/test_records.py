"""Records are untrusted input: whatever a record file holds, replaying it gives a one-line ``RecordError``
or the verified game; it never reads a file it names, never hangs and never runs out of memory."""
import json

import pytest

from toolkit.core import (
    IllegalChoice, IncompleteRecord, OptionError, RandomAgent, RecordError, ReplayDivergence, game_class,
    make_record, new_game, play, replay, save_record,
)
from toolkit.core.files import MAX_BYTES
from toolkit.core.records import READS, load_record


@pytest.fixture(scope="module")
def record():
    g = new_game("disneyland", players=2, seed=3)
    play(g, [RandomAgent()] * 2)
    return make_record(g)


def spoil(record, change):
    data = json.loads(json.dumps(record))
    change(data)
    return data


def nest(levels):
    v = 0
    for _ in range(levels):
        v = [v]
    return v


HOSTILE = {
    "a board path to a device": (lambda d: d["options"].update(board="/dev/zero"), "names a file"),
    "a board path to a pipe": (lambda d: d["options"].update(board="/dev/stdin"), "names a file"),
    "a board that is empty": (lambda d: d["options"].update(board={}), "board"),
    "a board with a billion photos": (lambda d: d["options"].update(board=dict(_board(), photos={"good": 10**9, "bad": 0})),
                                      "photos"),
    "an option of the wrong type": (lambda d: d["options"].update(board=5), "option 'board'"),
    "an unknown option": (lambda d: d["options"].update(speed=3), "unknown option"),
    "a 5000-digit seed": (lambda d: d.update(seed=7), ("seed", "4300 digits")),        # 5000 nines in the file, below for the dict
    "a negative seed": (lambda d: d.update(seed=-1), "seed"),
    "a seed that is true": (lambda d: d.update(seed=True), "seed"),
    "players as a string": (lambda d: d.update(players="2"), "'players'"),
    "nine players": (lambda d: d.update(players=9), "2-4 players"),
    "an unknown field": (lambda d: d.update(payload="x" * 1000), "unknown field"),
    "deep nesting in the options": (lambda d: d["options"].update(board="@NEST@"), "nested deeper"),
    "decisions not a list": (lambda d: d.update(decisions={}), "'decisions'"),
    "a decision without a fingerprint": (lambda d: d["decisions"][0].pop("fingerprint"), "decision 1"),
    "a decision with an unknown field": (lambda d: d["decisions"][2].update(note="hi"), "decision 3"),
    "a choice that is a list": (lambda d: d["decisions"][1].update(choice=[1]), "decision 2"),
    "a choice that is a float": (lambda d: d["decisions"][1].update(choice=1.0), "decision 2"),
    "a choice with a control character": (lambda d: d["decisions"][0].update(choice="roll\x1b[2J"),
                                          "control characters"),
    "another format version": (lambda d: d.update(format="toolkit-record/7"), "reads toolkit-record/1"),
    "no format": (lambda d: d.pop("format"), "not a toolkit game record"),
    "an unknown game": (lambda d: d.update(game="chess"), "unknown game"),
}


def _board():
    from importlib import resources
    return json.loads(resources.files("toolkit.games.disneyland").joinpath("board.json").read_text())


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_records_give_one_line_record_errors(record, tmp_path, name):
    change, words = HOSTILE[name]
    data = spoil(record, change)
    text = json.dumps(data).replace('"seed": 7', '"seed": ' + "9" * 5000).replace('"@NEST@"', "[" * 5000 + "]" * 5000)
    if data["seed"] == 7:
        data["seed"] = 10**4999
    if data["options"].get("board") == "@NEST@":
        data["options"]["board"] = nest(5000)
    for source in (data, None):
        if source is None:               # the same through a file
            source = tmp_path / "r.json"
            source.write_text(text)
        with pytest.raises(RecordError) as info:
            replay(source)
        said = str(info.value)
        assert any(w in said for w in ((words,) if isinstance(words, str) else words)), said
        assert "\n" not in said and len(said) < 400, said


def test_records_never_read_the_files_their_options_name_unless_allowed(tmp_path):
    board = _board()
    board["photos"] = {"good": 18, "bad": 0}
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    g = new_game("disneyland", players=2, seed=4, options={"board": str(path)})
    play(g, [RandomAgent()] * 2)
    rec = make_record(g)
    data = json.loads(json.dumps(rec))
    assert data["options"]["board"] == board          # the custom board travels inside the record
    path.unlink()
    again = replay(data)                              # ... and replays without its file
    assert again.fingerprint() == g.fingerprint() and all(again.photo_good.values())
    path.write_text(json.dumps(board))
    data["options"]["board"] = str(path)
    with pytest.raises(RecordError, match="allow_paths"):
        replay(data)
    assert replay(dict(data, final=again.fingerprint()), allow_paths=True).scores() == g.scores()


def test_every_game_embeds_its_custom_data_files_in_records(tmp_path):
    from importlib import resources
    for name, option, file in (("mcdonalds", "menus", "menus.json"), ("hamburgerspelet", "board", "board.json")):
        path = tmp_path / file
        path.write_bytes(resources.files(f"toolkit.games.{name}").joinpath(file).read_bytes())
        g = new_game(name, players=2, seed=5, options={option: str(path)})
        play(g, [RandomAgent()] * 2)
        out = save_record(g, tmp_path / f"{name}.json")
        path.unlink()
        again = replay(out)
        assert isinstance(again.options[option], dict) and again.scores() == g.scores() and again.is_over()


def test_a_cut_record_says_it_is_incomplete_and_how_far_it_goes(record):
    data = spoil(record, lambda d: (d.pop("final"), d.update(decisions=d["decisions"][:17])))
    with pytest.raises(IncompleteRecord) as info:
        replay(data)
    assert "incomplete record: 17 decisions, the game is not over; replayed to step 17" in str(info.value)
    assert info.value.step == 17 and len(info.value.game.choices) == 17
    assert len(replay(data, partial=True).choices) == 17
    # the record of an unfinished game, saved as such, is incomplete too, and accepted with partial=True
    g = new_game("disneyland", players=2, seed=3)
    play(g, [RandomAgent()] * 2, max_steps=9)
    with pytest.raises(IncompleteRecord, match="unfinished game"):
        replay(make_record(g))
    assert replay(make_record(g), partial=True).fingerprint() == g.fingerprint()


def test_a_record_of_another_toolkit_version_says_so_where_it_diverges(record):
    data = spoil(record, lambda d: (d.update(toolkit_version="0.0.1"), d["decisions"][4].update(fingerprint="0" * 16)))
    with pytest.raises(ReplayDivergence, match="made with toolkit 0.0.1"):
        replay(data)
    assert READS == ("toolkit-record/1",)


def test_an_edited_seed_is_caught_at_the_start_and_named_as_a_cause(record):
    with pytest.raises(ReplayDivergence, match=r"step 0: the starting state differs .*a seed, players or options edited"):
        replay(spoil(record, lambda d: d.update(seed=d["seed"] + 1)))


def test_size_limit_is_checked_before_parsing(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(MAX_BYTES + 1)                 # sparse: nothing is written, nothing is read
    with pytest.raises(RecordError, match="the limit is 16.0 MB"):
        load_record(big)


def test_seeds_are_whole_numbers_below_2_to_the_64():
    cls = game_class("disneyland")
    assert cls(players=2, seed=2**64 - 1).seed == 2**64 - 1
    for bad in (-1, 2**64, 10**4999, True, 1.5, "7", None):
        with pytest.raises(OptionError, match="seed"):
            cls(players=2, seed=bad)


def test_answers_with_control_characters_are_refused_with_the_decisions_clause():
    g = new_game("disneyland", players=2, seed=1)
    d = g.pending()
    before = g.fingerprint()
    with pytest.raises(IllegalChoice, match="control characters") as info:
        g.apply(d.values[0] + "\n")
    assert info.value.clauses == d.clauses and g.fingerprint() == before


def test_fcm_structure_text_with_control_characters_is_refused():
    """FCM's restructuring answers are free text; a control character never reaches the state or a record."""
    g = new_game("fcm", players=2, seed=1)
    while g.pending().kind != "restructure":
        play(g, [RandomAgent()] * 2, max_steps=1)
    d, before = g.pending(), g.fingerprint()
    for text in ("waitress\n", "\x00", "ceo(\x1b[31mwaitress)", "waitress, " * 1000):
        with pytest.raises(IllegalChoice, match="control characters|longer than") as info:
            g.apply(text)
        assert info.value.clauses == d.clauses and g.fingerprint() == before


@pytest.mark.parametrize("options, words", [
    ({"max_rounds": None}, "option 'max_rounds'"), ({"layout": 5}, "option 'layout'"),
    ({"ruleset": "ketchup"}, "option 'ruleset'"), ({"intro": "yes"}, "option 'intro'"),
    ({"layout": "A0 A1"}, "used twice"), ({"max_rounds": 10**9}, "from 1 to 500"),
])
def test_fcm_records_with_bad_options_give_record_errors(options, words):
    data = make_record(new_game("fcm", players=2, seed=1))
    data["options"] = options
    with pytest.raises(RecordError, match=words):
        replay(data)


def test_every_game_declares_its_options_with_defaults_it_accepts():
    from toolkit.core import game_names
    for name in game_names():
        cls = game_class(name)
        assert cls.settings, name
        defaults = {s.name: s.default for s in cls.settings if s.kind != "file"}
        g = cls(players=cls.min_players, seed=1, options=defaults)
        assert all(g.option(k) == v for k, v in defaults.items()) and all(s.clause for s in cls.settings)


RAW = "\x1b[31m\nred\u202e"      # a colour escape, a new line and a right-to-left override


@pytest.mark.parametrize("field", ["fingerprint", "toolkit_version", "game", "unknown field"])
def test_record_text_in_an_error_is_escaped_on_one_line(record, tmp_path, field):
    """Issue 35 item 5: a step fingerprint or ``toolkit_version`` holding ``\\x1b[31m`` or a new line reached the
    terminal raw, colouring it and breaking the one-line error. Every text of the record is shown escaped."""
    import subprocess
    import sys

    def change(d):
        if field == "fingerprint":
            d["decisions"][4]["fingerprint"] = RAW
        elif field == "toolkit_version":
            d["toolkit_version"] = RAW
            d["decisions"][4]["fingerprint"] = "0" * 16
        elif field == "game":
            d["game"] = RAW
        else:
            d[RAW] = 1
    data = spoil(record, change)
    with pytest.raises(RecordError) as info:
        replay(data)
    said = str(info.value)
    assert said.isprintable() and "\\x1b[31m\\nred\\u202e" in said, said
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    r = subprocess.run([sys.executable, "-m", "toolkit", "replay", str(path)], capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and r.stderr[:-1].isprintable(), r.stderr
    assert "\\x1b[31m" in r.stderr


def test_a_record_with_a_key_given_twice_is_refused(record, tmp_path):
    """Issue 35 item 10: duplicate keys were accepted (the last one won), so a record could show one seed to a
    reader and replay another."""
    text = json.dumps(record).replace('"seed": 3,', '"seed": 3, "seed": 4,', 1)
    path = tmp_path / "twice.json"
    path.write_text(text)
    with pytest.raises(RecordError, match="the key 'seed' is given twice in one object"):
        replay(path)


@pytest.mark.parametrize("field, value", [("final", "0123456789abcdef"), ("scores", [99, 0]), ("winner", 2)])
def test_render_and_export_verify_the_whole_record(record, tmp_path, field, value):
    """Issue 35 item 10: ``render`` drew a record whose ``final``, ``scores`` or ``winner`` were tampered with and
    exited 0. ``render`` and ``export`` now verify the record as ``replay`` does, and write nothing."""
    import subprocess
    import sys
    data = spoil(record, lambda d: d.update({field: value if value != d[field] else 1}))
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data))
    for args in (["render", str(path), "--step", "3", "--out", str(tmp_path / "p.png")],
                 ["export", str(path), "--seat", "1", "--out", str(tmp_path / "p.json")]):
        r = subprocess.run([sys.executable, "-m", "toolkit", *args], capture_output=True, text=True)
        assert r.returncode == 2 and f"the record's {field}" in r.stderr and r.stderr.count("\n") == 1, r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tampered.json"]
