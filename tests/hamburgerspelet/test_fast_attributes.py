"""A Hamburgerspelet game keeps at most 29 attributes, fresh and after a whole game, and its copies (clone, deep copy,
a believed world) keep Python 3.11's fast attribute reads. Python 3.11 keeps up to 29 of a class's instance
attributes in a compact table that its attribute reads and method calls are specialised for; with a 30th, or in a
copy made through ``__dict__``, every ``self.x`` in the rules is a dict look-up (a simulated game some 5% slower;
benchmarks/README.md, issue 14). A new piece of state fits by reading a fact of the board or the setup through them,
or by grouping it with state that belongs with it (the bun and the ingredients read through the board, the stealing
rule from the options, the spot lists in ``middle``), and goes in ``_ATTRIBUTES``, which copies are made from."""
import copy
import random

import pytest

from tests.fast_attributes import attribute_names, reads_fast
from toolkit.core import play
from toolkit.games.hamburgerspelet.rules import _ATTRIBUTES, HamburgerGame


@pytest.mark.parametrize("log", [False, True])
def test_a_game_keeps_within_the_fast_attribute_table(log):
    g = HamburgerGame(players=4, seed=3, log=log)
    assert reads_fast(g)
    assert attribute_names(g) == sorted(_ATTRIBUTES)
    g = HamburgerGame(players=4, seed=3, log=log)
    play(g, "heuristic")
    assert g.is_over()
    assert reads_fast(g)
    assert attribute_names(g) == sorted(_ATTRIBUTES)


def test_copies_keep_the_fast_attribute_reads_and_the_state():
    g = HamburgerGame(players=4, seed=5)
    for _ in range(60):
        g.apply(g.pending().values[0])
    copies = [g.clone(), copy.deepcopy(g), g.determinize(1, random.Random(2))]
    assert reads_fast(g), "copying the game cost it the fast reads"
    for c in copies:
        assert reads_fast(c)
    for c in copies[:2]:
        assert c.to_dict() == g.to_dict() and c.fingerprint() == g.fingerprint()
    for c in copies:
        assert attribute_names(c) == sorted(_ATTRIBUTES)
