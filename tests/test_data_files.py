"""Every packaged data file, mutated hundreds of ways (tests/mutations.py): each mutant either loads cleanly
or gives a ``DataFileError`` that names the file, the field and the problem. A mutant that loads must also
play a short seeded game without an error, so validation bounds every count a game relies on."""
import json
import random
from importlib import resources

import pytest

from toolkit.core import DataFileError, RandomAgent, new_game, play
from toolkit.games.disneyland import board as dl
from toolkit.games.hamburgerspelet import board as hb
from toolkit.games.mcdonalds import data as mcd

from .mutations import mutate

# (game, option, packaged file, loader taking the data or a path)
FILES = {
    "disneyland/board.json": ("disneyland", "board", dl.load_board),
    "mcdonalds/board.json": ("mcdonalds", "board", mcd.load_board),
    "mcdonalds/menus.json": ("mcdonalds", "menus", mcd.load_menus),
    "hamburgerspelet/board.json": ("hamburgerspelet", "board", hb.load_board),
}
MUTANTS = 300          # per file here; benchmarks/soak.py --data runs more
STEPS = 300            # decisions of the short game played on a mutant that loads


def packaged(name):
    folder, file = name.split("/")
    return json.loads(resources.files(f"toolkit.games.{folder}").joinpath(file).read_text(encoding="utf-8"))


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
    where = str(source) if tmp_path is not None and not isinstance(source, dict) else f"{name.split('/')[1]} (given as data)"
    try:
        load(source)
    except DataFileError as e:
        assert e.path == where and e.field and e.problem, str(e)
        assert f"{e.path}: {e.field}: {e.problem}" == str(e) and "\n" not in str(e)
        return "refused"
    for players in (2, 4):
        g = new_game(game, players=players, seed=len(json.dumps(data, default=str)) % 1000, options={option: data})
        play(g, [RandomAgent()] * players, max_steps=STEPS)
    return "loads"


@pytest.mark.parametrize("name", FILES)
def test_packaged_file_loads(name):
    assert check_mutant(name, packaged(name)) == "loads"


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
