"""A Food Chain Magnate game keeps at most 29 attributes, fresh and after a whole game, and its copies (clone, deep
copy, a believed world) keep Python 3.11's fast attribute reads. Python 3.11 keeps up to 29 of a class's instance
attributes in a compact table that its attribute reads and method calls are specialised for; with a 30th, or in a
copy made through ``__dict__``, every ``self.x`` in the rules is a dict look-up (about 5% more instructions in a
simulated game; benchmarks/README.md, issue 14). A new piece of state fits by reading a fact of the board or the
setup through them, or by grouping it with state that belongs with it (the setup's options read from ``options``,
the starting restaurants' progress in ``starting``), and goes in ``_ATTRIBUTES``, which copies are made from."""
import pytest

from tests.fast_attributes import attribute_names, check_a_whole_game, check_copies, reads_fast
from toolkit.core import play
from toolkit.games.fcm.game.rules import _ATTRIBUTES, FcmGame


@pytest.mark.parametrize("log", [False, True])
def test_a_game_keeps_within_the_fast_attribute_table(log):
    check_a_whole_game(FcmGame, "heuristic", log, _ATTRIBUTES)


def test_copies_keep_the_fast_attribute_reads_and_the_state():
    check_copies(FcmGame, steps=30)


def test_the_companies_the_map_and_the_catalogue_keep_the_fast_attribute_reads_in_copies():
    """The rules read the company layer, the companies, the map and the staff catalogue more than the game
    itself: their copies are made attribute by attribute too, and the catalogue sets its sort order when made
    (a cached_property would write its ``__dict__``)."""
    g = FcmGame(players=4, seed=5)
    play(g, "heuristic", max_steps=150)
    c = g.clone()
    for game in (g, c):
        assert reads_fast(game.co) and reads_fast(game.co, "staff") and reads_fast(game.co.staff, "employees")
        assert reads_fast(game.co.companies[0], "cash") and reads_fast(game.map, "houses")
    assert c.co is not g.co and c.map is not g.map and c.co.emit.__self__ is c and c.co.streams is c.streams
    for a, b in ((g.co, c.co), (g.co.companies[0], c.co.companies[0]), (g.map, c.map)):
        assert attribute_names(a) == attribute_names(b) == sorted(type(a)._ATTRIBUTES)
