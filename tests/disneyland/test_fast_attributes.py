"""A Disneyland game keeps at most 29 attributes, before, during and after a whole game, and its copies (clone, deep
copy, a believed world) keep Python 3.11's fast attribute reads. Python 3.11 keeps up to 29 of a class's instance
attributes in a compact table that its attribute reads and method calls are specialised for; with a 30th, every
``self.x`` in the rules becomes a dict look-up and a simulated game about 5% slower (benchmarks/README.md, "Why
Disneyland stayed above 3x"). A new piece of state fits by reading a board fact through ``self.board`` or by grouping
it with state that belongs with it, and goes in ``_ATTRIBUTES``, which copies are made from."""
import copy

import pytest

from tests.fast_attributes import attribute_names, check_a_whole_game, check_copies
from toolkit.core.game import Game
from toolkit.games.disneyland import DisneylandGame
from toolkit.games.disneyland.rules import _ATTRIBUTES, _SHARED


@pytest.mark.parametrize("log", [False, True])
def test_a_game_keeps_within_the_fast_attribute_table(log):
    check_a_whole_game(DisneylandGame, "heuristic", log, _ATTRIBUTES)


@pytest.mark.parametrize("steps", [1, 25, 60])
def test_the_attribute_list_is_a_game_in_mid_play_and_its_copy_shares_only_what_never_changes(steps):
    """A game some steps in holds exactly the listed attributes; its deep copy shares the ``_SHARED`` ones and holds
    its own of every other, the ``Game.SHARED_ATTRIBUTES`` numbers apart (a mutable attribute shared by mistake would let a copy's moves change the game)."""
    g = DisneylandGame(players=4, seed=1)
    for _ in range(steps):
        g.apply(g.pending().values[0])
    assert not g.is_over()
    assert len(set(_ATTRIBUTES)) == len(_ATTRIBUTES)
    assert attribute_names(g) == sorted(_ATTRIBUTES)
    c = copy.deepcopy(g)
    assert [n for n in _ATTRIBUTES if getattr(c, n) is getattr(g, n)] == list(Game.SHARED_ATTRIBUTES + _SHARED)


def test_copies_keep_the_fast_attribute_reads_and_every_attribute():
    """A copy made through ``__dict__`` keeps its attributes in a plain dict, and so does the game it was made
    from once its ``__dict__`` is read: the search's believed worlds then played slower than the game."""
    check_copies(DisneylandGame, steps=30)
