"""A McDonald's game keeps at most 29 attributes, fresh and after a whole game, and its copies (clone, deep copy, a
believed world) keep Python 3.11's fast attribute reads. Python 3.11 keeps up to 29 of a class's instance attributes
in a compact table that its attribute reads and method calls are specialised for; with a 30th, or in a copy made
through ``__dict__``, every ``self.x`` in the rules is a dict look-up (3-4% more instructions in a simulated game;
benchmarks/README.md, issue 14). A new piece of state fits by reading a fact of the board or the setup through them,
or by grouping it with state that belongs with it (the race's settings in ``racing``), and goes in ``_ATTRIBUTES``,
which copies are made from."""
import pytest

from tests.fast_attributes import check_a_whole_game, check_copies
from toolkit.games.mcdonalds.rules import _ATTRIBUTES, McDonaldsGame


@pytest.mark.parametrize("log", [False, True])
def test_a_game_keeps_within_the_fast_attribute_table(log):
    check_a_whole_game(McDonaldsGame, "heuristic", log, _ATTRIBUTES)


def test_copies_keep_the_fast_attribute_reads_and_the_state():
    check_copies(McDonaldsGame, steps=30)
