"""Bad board files get errors that name the file, the field and the problem (DL-I1 to DL-I3, DL-I12)."""
import json

import pytest

from toolkit.core import DataFileError
from toolkit.games.disneyland import DisneylandGame, load_board
from toolkit.games.disneyland.board import default_board


def board_data():
    from importlib import resources
    return json.loads(resources.files("toolkit.games.disneyland").joinpath("board.json").read_text())


def write(tmp_path, data, name="board.json"):
    p = tmp_path / name
    p.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return p


def test_dl_i1_i2_i3_the_packaged_board():
    b = default_board()
    assert len(b.track) == 36
    kinds = [s.kind for s in b.track]
    assert kinds.count("draw") == 21 and kinds.count("camera") == kinds.count("star") == kinds.count("clock") == 5
    assert sum(len(p) for p in b.piles.values()) == 48 and len(b.piles) == 7
    assert sum(c.kind == "character" for c in b.cards.values()) == 14
    assert b.photos == {"good": 10, "bad": 8}


@pytest.mark.parametrize("change, field, problem", [
    (lambda d: d["track"][3].update(kind="teacup"), "track[3].kind", "not one of"),
    (lambda d: d["track"][0].update(pile="silver"), "track[0].pile", "existing pile"),
    (lambda d: d["track"][2].update(pile="red"), "track[2].pile", "only draw spaces"),
    (lambda d: d["track"][5].update(pos=[1]), "track[5].pos", "[x, y]"),
    (lambda d: d["piles"][1]["cards"][0].update(id="red-1"), "piles[1].cards[0].id", "used twice"),
    (lambda d: d["piles"][0]["cards"][2].update(kind="ride"), "piles[0].cards[2].kind", "not one of"),
    (lambda d: d["piles"].append(dict(d["piles"][0])), "piles[7].colour", "appears twice"),
    (lambda d: d.update(photos={"good": -1, "bad": 8}), "photos", "whole numbers"),
    (lambda d: d.pop("track"), "track", "missing"),
    (lambda d: d.update(track=d["track"][:4]), "track", "too few"),
])
def test_bad_board_files_name_file_field_and_problem(tmp_path, change, field, problem):
    data = board_data()
    change(data)
    path = write(tmp_path, data)
    with pytest.raises(DataFileError) as info:
        load_board(path)
    err = info.value
    assert err.path == str(path) and err.field == field and problem in err.problem
    assert str(path) in str(err) and field in str(err)


def test_a_pile_no_draw_space_takes_from_is_refused(tmp_path):
    data = board_data()
    for s in data["track"]:
        if s.get("pile") == "purple":
            s["pile"] = "red"
    with pytest.raises(DataFileError, match="no draw space takes from the 'purple' pile"):
        load_board(write(tmp_path, data))


def test_broken_json_and_missing_files(tmp_path):
    with pytest.raises(DataFileError, match="line 1 column"):
        load_board(write(tmp_path, "{oops"))
    with pytest.raises(DataFileError, match="cannot be read"):
        load_board(tmp_path / "none.json")


def test_a_valid_board_file_can_be_played(tmp_path):
    data = board_data()
    data["photos"] = {"good": 18, "bad": 0}
    g = DisneylandGame(players=2, seed=3, options={"board": str(write(tmp_path, data))})
    assert all(g.photo_good.values())
