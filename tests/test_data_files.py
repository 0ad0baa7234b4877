"""Every packaged data file, mutated hundreds of ways (tests/mutations.py): each mutant either loads cleanly
or gives a ``DataFileError`` that names the file, the field and the problem. A mutant that loads must also
play a short seeded game without an error, so validation bounds every count a game relies on."""
import json
import os
import random
import zlib
from importlib import resources

import pytest

from toolkit.core import DataFileError, RandomAgent, new_game, play
from toolkit.games.disneyland import board as dl
from toolkit.games.fcm.company import employees, milestones
from toolkit.games.fcm.map import tiles
from toolkit.games.hamburgerspelet import board as hb
from toolkit.games.mcdonalds import board as mcd

from .mutations import mutate

# (game, option, loader taking the data or a path); FCM's files have no game option: the game is played with
# the mutant put in place of the packaged file (see fcm_with)
FILES = {
    "disneyland/board.json": ("disneyland", "board", dl.load_board),
    "mcdonalds/board.json": ("mcdonalds", "board", mcd.load_board),
    "mcdonalds/menus.json": ("mcdonalds", "menus", mcd.load_menus),
    "hamburgerspelet/board.json": ("hamburgerspelet", "board", hb.load_board),
    "fcm/map/tiles.json": ("fcm", None, lambda d: tiles.parse_tiles(*_json(d, "tiles.json"))),
    "fcm/company/employees.json": ("fcm", None, lambda d: employees.parse_staff(*_json(d, "employees.json"))),
    "fcm/company/milestones.json": ("fcm", None, lambda d: milestones.parse_milestones(*_json(d, "milestones.json"))),
}


def _json(source, name):
    from toolkit.core.data import read_json
    return read_json(source, None, name)


def fcm_with(name, loaded):
    """A context in which new FCM games use ``loaded`` (a parsed mutant) instead of the packaged file."""
    from unittest import mock
    target = {"tiles.json": "toolkit.games.fcm.map.board.load_tiles",
              "employees.json": "toolkit.games.fcm.company.phases.default_staff",
              "milestones.json": "toolkit.games.fcm.company.phases.default_milestones"}[name.rsplit("/", 1)[1]]
    return mock.patch(target, lambda *a, **k: loaded)
MUTANTS = 200          # per file here; benchmarks/soak.py --data runs more
STEPS = 300            # decisions of the short game played on a mutant that loads


def packaged(name):
    folder, file = name.rsplit("/", 1)
    package = "toolkit.games." + folder.replace("/", ".")
    return json.loads(resources.files(package).joinpath(file).read_text(encoding="utf-8"))


def check_mutant(name, data, tmp_path=None):
    """'loads' or 'refused'; anything else fails with the mutant's description."""
    game, option, load = FILES[name]
    source = data
    if tmp_path is not None:           # through a file now and then, to check the reader too
        try:
            text = json.dumps(data)
        except (ValueError, RecursionError):
            text = None
        if text is not None:
            source = tmp_path / "mutant.json"
            source.write_text(text, encoding="utf-8")
    file = name.rsplit("/", 1)[1]
    where = str(source) if isinstance(source, os.PathLike) else f"{file} (given as data)"
    try:
        loaded = load(source)
    except DataFileError as e:
        assert e.path == where and e.field and e.problem, str(e)
        assert f"{e.path}: {e.field}: {e.problem}" == str(e) and "\n" not in str(e)
        return "refused"
    seed = zlib.crc32(repr(data).encode()) % 1000
    for players in (2, 4):
        if option is None:
            with fcm_with(name, loaded):
                g = new_game(game, players=players, seed=seed)
                play(g, [RandomAgent()] * players, max_steps=STEPS)
        else:
            g = new_game(game, players=players, seed=seed, options={option: data})
            play(g, [RandomAgent()] * players, max_steps=STEPS)
    return "loads"


@pytest.mark.parametrize("name", FILES)
def test_packaged_file_loads(name):
    assert check_mutant(name, packaged(name)) == "loads"


@pytest.mark.slow
@pytest.mark.parametrize("name", FILES)
def test_mutated_data_files_load_cleanly_or_name_path_field_and_problem(name, tmp_path):
    rng = random.Random(f"mutants/{name}")
    original = packaged(name)
    seen = {"loads": 0, "refused": 0}
    for i in range(MUTANTS):
        data, what = mutate(original, rng)
        try:
            # through a file one time in ten, and always when the top is no object (None would mean "no file")
            seen[check_mutant(name, data, tmp_path if i % 10 == 0 or not isinstance(data, dict) else None)] += 1
        except Exception as e:
            raise AssertionError(f"{name}, mutant {i} ({what}): {type(e).__name__}: {e}") from e
    # both outcomes happen: the generator breaks files, and not every change breaks one
    assert seen["refused"] > MUTANTS // 2 and seen["loads"] > 0, seen


def test_absurd_counts_are_refused_not_played():
    data = packaged("disneyland/board.json")
    data["photos"]["good"] = 10**9
    with pytest.raises(DataFileError, match="photos"):
        new_game("disneyland", players=2, options={"board": data})
    data = packaged("hamburgerspelet/board.json")
    data["tiles_per_ingredient"] = 10**6
    with pytest.raises(DataFileError, match="tiles_per_ingredient"):
        hb.load_board(data)


def test_devices_pipes_folders_and_huge_files_are_refused_before_reading(tmp_path):
    import os
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(17 * 2**20)
    for path, words in (("/dev/zero", "device or a pipe"), (fifo, "device or a pipe"), (tmp_path, "a directory"),
                        (big, "the limit is 16.0 MB")):
        with pytest.raises(DataFileError, match=words) as info:
            dl.load_board(path)
        assert info.value.path == str(path) and info.value.field == "(file)"


@pytest.mark.parametrize("name, place, text", [
    ("disneyland/board.json", ("piles", 0, "cards", 0, "name"), "   "),
    ("disneyland/board.json", ("piles", 0, "land"), "Fantasy\u202eland"),
    ("mcdonalds/menus.json", ("menus", 0, "name"), "Big\nMac"),
    ("mcdonalds/board.json", ("characters", 0, "colour"), "\t"),
    ("hamburgerspelet/board.json", ("ingredients", 0, "en"), "  "),
    ("fcm/map/tiles.json", ("legend", "H"), "house\x1b[31m"),
    ("fcm/company/employees.json", ("about",), "a\u2066b"),
    ("fcm/company/milestones.json", ("milestones", 0, "name"), " "),
])
def test_blank_names_and_control_or_bidi_characters_are_refused(name, place, text):
    """Issue 35 item 10: whitespace-only names and control or bidi characters (``\\n``, ``\\u202e``) in text
    fields were accepted; such texts reach screens, pictures and error lines. Each gives a ``DataFileError``
    naming the field."""
    data = packaged(name)
    inner = data
    for key in place[:-1]:
        inner = inner[key]
    inner[place[-1]] = text
    with pytest.raises(DataFileError) as info:
        FILES[name][2](data)
    assert info.value.field.startswith(".".join(str(k) for k in place if isinstance(k, str))[:4]), info.value
    assert str(info.value).isprintable()


def test_a_key_with_a_control_character_is_refused():
    data = packaged("disneyland/board.json")
    data["photos"]["go\x1bod"] = 1
    with pytest.raises(DataFileError, match=r"photos: a key must be printable text.*'go\\x1bod'"):
        dl.load_board(data)
