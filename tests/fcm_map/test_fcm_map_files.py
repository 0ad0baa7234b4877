"""Tile and layout files: the packaged data, users' added tiles, and clear errors for bad files (FCM-I1,
FCM-I3)."""
import json
import subprocess
import sys

import pytest

from toolkit.core import DataFileError
from toolkit.games.fcm.map.board import load_layout, map_from_layout, parse_layout
from toolkit.games.fcm.map.tiles import load_tiles, parse_tiles


def test_fcm_i1_packaged_tiles():
    """FCM-I1: 20 tiles, 11 printed houses, 13 drink sources (5 beer, 4 lemonade, 4 soda), 2 bridges,
    8 house tiles, 8 gardens, 16 marketing tiles (3 radios, 3 airplanes, 4 mailboxes, 6 billboards)."""
    ts = load_tiles()
    assert sorted(ts.tiles) == list("ABCDEFGHIJKLMNOPQRST")
    assert sorted(t.house for t in ts.tiles.values() if t.house) == [2, 4, 5, 7, 8, 10, 12, 13, 15, 16, 18]
    text = "".join("".join(t.rows) for t in ts.tiles.values())
    assert (text.count("B"), text.count("L"), text.count("S"), text.count("X")) == (5, 4, 4, 2)
    assert ts.house_tiles == (1, 3, 6, 9, 11, 14, 17, 19) and ts.gardens == 8
    kinds = [ts.marketing[n].kind for n in sorted(ts.marketing)]
    assert [kinds.count(k) for k in ("radio", "airplane", "mailbox", "billboard")] == [3, 3, 4, 6]
    assert ts.marketing_for(5) == list(range(1, 17)) and 16 not in ts.marketing_for(4)


def write(tmp_path, name, data):
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return p


def test_fcm_i1_user_tiles_can_be_added(tmp_path):
    """FCM-I1: a file of extra tiles adds to the box; a layout may then use them."""
    p = write(tmp_path, "mine.json", {"tiles": {"Loop": {"rows": ["#####", "#...#", "#.B.#", "#...#", "#####"]}}})
    ts = load_tiles(extra=[p])
    assert "Loop" in ts.tiles and len(ts.tiles) == 21
    m = map_from_layout([["A0", "Loop1"]], ts)
    assert m.terrain_at((2, 7)) == "beer"


BAD_TILES = [
    ("not json", "{", "line 1 column 2", "not valid JSON"),
    ([], None, "(top level)", "JSON object"),
    ({"tiles": {}}, None, "tiles", "non-empty"),
    ({"tiles": {"Z": {"rows": ["....."] * 4}}}, None, "tiles.Z.rows", "5 strings"),
    ({"tiles": {"Z": {"rows": ["....", ".....", ".....", ".....", "....."]}}}, None, "tiles.Z.rows", "5 characters"),
    ({"tiles": {"Z": {"rows": ["..?..", ".....", ".....", ".....", "....."]}}}, None, "tiles.Z.rows[0]", "'?'"),
    ({"tiles": {"Z": {"rows": ["HH...", "HH...", ".....", ".....", "....."]}}}, None, "tiles.Z.house", "house number"),
    ({"tiles": {"Z": {"rows": ["HHH..", "HH...", ".....", ".....", "....."], "house": 30}}}, None, "tiles.Z.rows",
     "2x2"),
    ({"tiles": {"Z": {"rows": ["HH...", "HH...", ".....", ".....", "....."], "house": 2}}}, None, "tiles.Z.house",
     "also on tile A"),
    ({"tiles": {"Z": {"rows": ["HH...", "HH...", ".....", ".....", "....."], "house": 9}}}, None, "tiles.Z.house",
     "house-with-garden"),
    ({"tiles": {"Z": {"rows": ["..X..", ".....", ".....", ".....", "....."]}}}, None, "tiles.Z.rows", "bridge"),
    ({"tiles": {"Z": {"rows": ["....."] * 5, "house": 40}}}, None, "tiles.Z.house", "no house squares"),
    ({"tiles": {"A": {"rows": ["....."] * 5}}}, None, "tiles.A", "already exists"),
    ({"tiles": {"Z9": {"rows": ["....."] * 5}}}, None, "tiles.Z9", "letters only"),
    ({"tiles": {"Z": {"rows": ["....."] * 5}}, "gardens": 3}, None, "gardens", "only 'tiles'"),
]


@pytest.mark.parametrize("data,text,field,problem", BAD_TILES)
def test_fcm_i1_bad_tile_files_name_file_field_and_problem(tmp_path, data, text, field, problem):
    """FCM-I1: each bad added-tiles file names the file, the field and the problem."""
    p = write(tmp_path, "bad.json", text if text is not None else data)
    with pytest.raises(DataFileError) as e:
        load_tiles(extra=[p])
    assert e.value.path == str(p) and e.value.field == field and problem in e.value.problem


def test_fcm_i1_bad_full_tile_set(tmp_path):
    """FCM-I1: a full tile set needs every section; a missing file is an error too."""
    base = json.loads((__import__("importlib.resources").resources.files("toolkit.games.fcm.map") / "tiles.json").read_text())
    del base["gardens"]
    p = write(tmp_path, "set.json", base)
    with pytest.raises(DataFileError, match="gardens: missing"):
        load_tiles(p)
    base["gardens"] = 8
    base["marketing"][0]["kind"] = "blimp"
    with pytest.raises(DataFileError, match=r"marketing\[0\].kind"):
        load_tiles(write(tmp_path, "set2.json", base))
    with pytest.raises(DataFileError, match="cannot be read"):
        load_tiles(tmp_path / "missing.json")


BAD_LAYOUTS = [
    ("", "(file)", "no tiles"),
    ("A0 B1\nC2", "row 2", "has 1 tiles"),
    ("A0 Zz1", "row 1, tile 2", "unknown tile"),
    ("A0 A2", "row 1, tile 2", "used twice"),
    ("A0 B7", "row 1, tile 2", "rotation 0-3"),
    ("A0 #comment\nB-1", "row 2, tile 1", "rotation 0-3"),
]


@pytest.mark.parametrize("text,field,problem", BAD_LAYOUTS)
def test_fcm_i3_bad_layout_files(tmp_path, text, field, problem):
    """FCM-I3: a bad layout file names the file, the row and tile, and the problem."""
    p = write(tmp_path, "map.txt", text)
    with pytest.raises(DataFileError) as e:
        load_layout(p)
    assert e.value.path == str(p) and e.value.field == field and problem in e.value.problem


def test_fcm_i3_layout_file_round_trip(tmp_path):
    """FCM-I3: a map's layout text reads back as the same map; comments and blank lines are ignored."""
    m = parse_layout("# a 2x2 test map\nA0 G3\n\nN1 P2  # bridges on G and P\n")
    p = write(tmp_path, "map.txt", m.layout_text())
    assert load_layout(p) == m and m.layout == ((("A", 0), ("G", 3)), (("N", 1), ("P", 2)))
    with pytest.raises(DataFileError, match="cannot be read"):
        load_layout(tmp_path / "nope.txt")


def test_map_rule_modules_import_no_drawing_libraries():
    """The map's rule modules import no matplotlib, ipywidgets or IPython (fresh interpreter)."""
    code = ("import sys; import toolkit.games.fcm.map.tiles, toolkit.games.fcm.map.board, toolkit.games.fcm.map.roads, "
            "toolkit.games.fcm.map.reach, toolkit.games.fcm.map.placement; "
            "print([m for m in ('matplotlib', 'ipywidgets', 'IPython') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_parse_tiles_rejects_non_object():
    """FCM-I1: the top level must be an object."""
    with pytest.raises(DataFileError, match="top level"):
        parse_tiles([], "x.json")
