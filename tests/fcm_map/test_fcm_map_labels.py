"""Places a class can point at (issue 29, part 4): every sign the FCM map draws is in its key, no label leaves the
tile it names, and the bank below $0 reads as owing (FCM-I53), not as a negative amount.
"""
import pytest

from tests.legibility import labels_leaving_places
from toolkit.drawing import drawn_places
from toolkit.gallery import sample_states
from toolkit.games.fcm.company.drawing import bank_text
from toolkit.games.fcm.game.drawing import draw_state
from toolkit.games.fcm.map import drawing as md

#: Late-game states looked at: (players, seed); 5 players' tall frames have squares too small for "10".
LATE = ((3, 3), (5, 1))


@pytest.fixture(scope="module")
def late_games():
    return [game for players, seed in LATE
            for _, game in sample_states("fcm", players=players, seed=seed, steps=(0.8, 1.0))]


@pytest.mark.slow
def test_the_checker_finds_a_label_that_leaves_its_tile():
    """The check is tried on a planted defect first: a campaign's number far too large for its tile."""
    [(_, game)] = sample_states("fcm", players=3, seed=3, steps=(1.0,))
    ax = draw_state(game, layout="tall")
    assert labels_leaving_places(ax) == []
    t = next(t for t in ax.texts if (t.get_gid() or "").startswith("campaign "))
    t.set_fontsize(30)
    assert any("leaves its place" in p for p in labels_leaving_places(ax))


@pytest.mark.slow
def test_fcm_6_1_no_label_leaves_its_tile_late_in_seeded_games(late_games):
    """Every house number, restaurant label and campaign number stays inside the box drawn for it (text extents
    against tile boxes, as drawn), in both layouts, late in seeded games of 3 and 5 players; a campaign tile too
    small for its number has it on a tag beside it (and the states looked at include such a tile)."""
    found, tags, checked = [], 0, 0
    for game in late_games:
        for layout in ("wide", "tall"):
            ax = draw_state(game, layout=layout)
            tags += sum(isinstance(k, tuple) and k[0] == "campaign tag" for k in drawn_places(ax))
            checked += sum((t.get_gid() or "").startswith(("house ", "restaurant ", "campaign ")) for t in ax.texts)
            found += [f"{game.players} players, round {game.co.round}, {layout}: {p}"
                      for p in labels_leaving_places(ax)]
    assert not found, "\n".join(found[:20])
    assert tags > 0 and checked > 100


@pytest.mark.slow
def test_every_sign_on_the_map_is_in_its_key():
    """The key names the squares (road, bridge, house, garden), the restaurants open and coming soon (hatched as
    on the map, FCM-3.7, FCM-7.3), the entrances, the drink sources, the demand and the campaigns with their badge;
    and the frame draws all of it (in the tall frame, part of it may stand across the foot)."""
    key = md.map_key()
    labels = {item.label for item in key}
    assert {"road", "bridge", "house", "garden", "restaurant", "coming soon", "entrance", "beer", "lemonade", "soda",
            "burger", "pizza", "radio", "airplane", "mailbox", "billboard"} <= labels
    soon = next(item for item in key if item.label == "coming soon")
    assert soon.hatch == "////" and soon.fc == "white"
    for players in (3, 5):
        [(_, game)] = sample_states("fcm", players=players, seed=1, steps=(1.0,))
        for layout in ("wide", "tall"):
            texts = {t.get_text() for t in draw_state(game, layout=layout).texts}
            assert {"road", "coming soon", "entrance", "garden", "house"} <= texts, (players, layout)


def test_fcm_i53_the_bank_below_zero_reads_as_owing():
    """FCM-I53: after its last break the bank pays in IOUs and its level may go below $0: the frame says what it
    owes, never "$-122"."""
    assert bank_text(250) == "bank $250" and bank_text(0) == "bank $0"
    assert bank_text(-122) == "bank owes $122 (IOUs)"
    [(_, game)] = sample_states("fcm", players=3, seed=1, steps=(1.0,))
    assert game.co.bank < 0                 # (this seeded game ends with the bank owing)
    for layout in ("wide", "tall"):
        texts = [t.get_text() for t in draw_state(game, layout=layout).texts]
        assert any(f"bank owes ${-game.co.bank} (IOUs)" in t for t in texts)
        assert not any("$-" in t for t in texts)
