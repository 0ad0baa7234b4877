"""Property tests (hypothesis): whatever the dice and whatever legal choices are made, the invariants hold
and the same dice and choices give the same game."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.games.disneyland import DisneylandGame

from . import invariants

dice = st.lists(st.integers(1, 6), min_size=400, max_size=400)
picks = st.lists(st.integers(0, 50), min_size=1, max_size=60)


def play_out(players, faces, choice_picks):
    g = DisneylandGame(players=players, seed=0)
    g.streams.load("die", faces)
    k = 0
    while not g.is_over() and g.streams["die"].i < len(faces):
        d = g.pending()
        before = invariants.snapshot(g)
        g.apply(d.values[choice_picks[k % len(choice_picks)] % len(d.values)])
        k += 1
        invariants.check(g, before)
    return g


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), dice, picks)
def test_dl_invariants_hold_for_any_dice_and_any_legal_choices(players, faces, choice_picks):
    """DL-2.1, DL-4.4, DL-4.5, DL-5.6, DL-7.1: cards kept, trains apart, clock forward, winner the best."""
    g = play_out(players, faces, choice_picks)
    assert g.clock <= 12


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 4), dice, picks)
def test_same_dice_and_choices_same_game(players, faces, choice_picks):
    assert play_out(players, faces, choice_picks).fingerprint() == play_out(players, faces, choice_picks).fingerprint()
