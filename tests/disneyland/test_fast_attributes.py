"""A Disneyland game keeps at most 29 attributes, before and after a whole game. Python 3.11 keeps up to 29 of
a class's instance attributes in a compact table that its attribute reads and method calls are specialised
for; with a 30th, every ``self.x`` in the rules becomes a dict look-up and a simulated game about 5% slower
(benchmarks/README.md, "Why Disneyland stays above 3x"). A new piece of state fits by reading a board fact
through ``self.board`` or by grouping it with state that belongs with it."""
import pytest

from tests.fast_attributes import check_copies
from toolkit.core import play
from toolkit.games.disneyland import DisneylandGame

FAST_ATTRIBUTES = 29


@pytest.mark.parametrize("log", [False, True])
def test_a_game_keeps_within_the_fast_attribute_table(log):
    g = DisneylandGame(players=4, seed=3, log=log)
    assert len(vars(g)) <= FAST_ATTRIBUTES, sorted(vars(g))
    play(g, "heuristic")
    assert g.is_over()
    names = sorted(vars(g))
    assert len(names) <= FAST_ATTRIBUTES, f"{len(names)} attributes: {names}"


def test_copies_keep_the_fast_attribute_reads_and_every_attribute():
    """A copy made through ``__dict__`` keeps its attributes in a plain dict, and so does the game it was made
    from once its ``__dict__`` is read: the search's believed worlds then played slower than the game."""
    check_copies(DisneylandGame, steps=30)
