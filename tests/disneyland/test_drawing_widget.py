"""Drawings land on the Axes they are given; the stepper is driven without a browser."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from toolkit import new_game, play  # noqa: E402
from toolkit.core import make_agents  # noqa: E402
from toolkit.drawing import TALL_FRAME_SIZE, score_timeline  # noqa: E402
from toolkit.games.disneyland.drawing import HIDDEN, draw_board, draw_collections, draw_state, state_png  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402
from toolkit.widgets import Stepper  # noqa: E402


@pytest.fixture(scope="module")
def game():
    g = new_game("disneyland", players=4, seed=7)
    play(g, make_agents("disneyland", 4, "heuristic"), max_steps=80)
    return g


def test_drawings_land_on_the_given_axes(game):
    fig, axes = plt.subplots(1, 4)
    for ax, draw in zip(axes, (draw_board, draw_collections, draw_state, score_timeline)):
        out = draw(game, ax=ax)
        assert out is ax and (ax.patches or ax.collections or ax.lines)
    assert len(fig.axes) == 4
    plt.close(fig)


def test_drawing_without_axes_makes_its_own_and_leaks_no_pyplot_figure(game):
    before = plt.get_fignums()
    ax = draw_state(game)
    assert ax.figure is not None and plt.get_fignums() == before
    assert state_png(game)[:4] == b"\x89PNG"
    assert game._repr_png_()[:4] == b"\x89PNG"


def test_player_view_hides_other_players_photos(game):
    """DL-5.2: a player sees only their own photos; the class view sees all."""
    seat = next(s for s in range(1, 5) if game.held_photos[s - 1])
    other = seat % 4 + 1
    hidden = to_hex(HIDDEN)

    def colours(viewer):
        ax = draw_collections(game, viewer=viewer)
        return [matplotlib.colors.to_hex(c) for coll in ax.collections for c in coll.get_facecolors()]
    assert hidden not in colours(None)
    assert hidden in colours(other)


def test_stepper_steps_back_and_forth_and_views():
    s = Stepper("disneyland", players=3, seed=5, agents="heuristic")
    assert s.index == 0 and s.last == len(s.history) - 1 and s.history.game.is_over()
    first = s.image.value
    s.step_button.click()
    assert s.index == 1 and s.image.value != first and "DL-4.1" in s.event_log.value
    s.back_button.click()
    assert s.index == 0 and s.image.value == first
    s.end_button.click()
    assert s.index == s.last and "The game is over" in s.event_log.value
    s.start_button.click()
    assert s.index == 0
    s.slider.value = 12
    assert s.state is s.history[12]
    whole = s.image.value
    s.view.value = 2
    assert "Player 2" in s.view.label
    if any(s.state.held_photos[p] for p in (0, 2)):        # others' photos turn face down in Player 2's view
        assert s.image.value != whole
    assert not s.errors.outputs


def test_the_class_decides_with_buttons_and_forks():
    s = Stepper("disneyland", players=3, seed=5, agents="heuristic", class_seat=2)
    k = s.index
    d = s.state.pending()
    assert k == s.last and d.player == 2 and d.kind == "roll"
    buttons = s.decision.children[1].children
    assert [b.description for b in buttons] == ["roll the die"]
    buttons[0].click()
    assert s.last >= k + 1 and s.index == s.last   # on to the class's next decision (or the end)
    assert "Player 2 decides: Roll the die" in s.event_log.value
    assert "roll the die" not in s.event_log.value.replace("Roll the die", "")   # said once, not "→ roll the die"
    nxt = s.history.game.pending()
    assert nxt is None or nxt.player == 2          # the agents played on up to the class's next decision
    # the log there shows every step since the class's decision, newest first, each with its player
    shown = [f"Step {j}:</b>" for j in range(s.last, k, -1)]
    at = [s.event_log.value.index(t) for t in shown]
    assert at == sorted(at)
    # back to step k and decide again: a new branch from k, the states before it untouched
    kept = s.history[k].fingerprint()
    s.slider.value = k
    assert s.decision.children                       # the buttons are offered again at that step
    s.decide("roll")
    assert s.index == s.last and s.history[k].fingerprint() == kept
    assert not s.errors.outputs


def test_a_refused_class_decision_shows_the_error_and_changes_nothing():
    s = Stepper("disneyland", players=2, seed=1, agents="heuristic", class_seat=1)
    before = (s.last, s.state.fingerprint())
    with pytest.raises(ValueError) as info:
        s.decide("jump")
    assert "DL-4.1" in str(info.value)
    assert (s.last, s.state.fingerprint()) == before


def test_a_refused_class_decision_at_an_earlier_step_keeps_the_game():
    s = Stepper("disneyland", players=3, seed=5, agents="heuristic", class_seat=1)
    for _ in range(3):                                   # let the class roll a few times
        s.to_end()
        s.decide("roll")
    s.to_end()
    last, end = s.last, s.history.game.fingerprint()
    k = next(i for i in range(1, s.last) if s.history[i].pending().player == 1)
    s.slider.value = k
    with pytest.raises(ValueError):
        s.decide("jump")
    assert s.last == last and s.history.game.fingerprint() == end and s.slider.max == last


def test_the_class_view_hides_secret_answers_while_the_class_plays():
    """DL-I7: where the smiling star was hidden stays hidden from the picker, even in the class view."""
    s = Stepper("disneyland", players=3, seed=8, agents="heuristic", class_seat=2, teacher=True)
    for _ in range(60):
        d = s.history.game.pending()
        if d is None:
            break
        s.to_end()
        s.decide(d.values[0])
        hides = [k for k in range(1, s.last + 1) if s.history[k - 1].pending().kind == "hide"
                 and s.history[k - 1].pending().player != 2]
        if hides:
            break
    assert hides, "no hidden star in this game's first steps"
    k = hides[0]
    s.slider.value = k
    s.view.value = None
    assert "lays a choice face down." in s.event_log.value and "smiling star in the" not in s.event_log.value
    s.view.value = s.history[k - 1].pending().player          # the hider knows what lies face down
    assert "lays face down: smiling star in the" in s.event_log.value


def test_errors_in_callbacks_are_shown_in_the_widget():
    s = Stepper("disneyland", players=2, seed=1)
    s._guard(lambda: 1 / 0)()
    assert [o["text"] for o in s.errors.outputs] == ["That did not work: division by zero"]    # a line, no trace
    s.step_button.click()                                  # the next action that works clears it
    assert not s.errors.outputs


def test_dl_5_2_the_tall_frame_hides_other_players_photos_too(game):
    """The stepper's tall frame (board above, collections below) shows what the wide frame shows: another
    player's photos face down, the class view every photo's worth; every player's collection is in it."""
    seat = next(s for s in range(1, 5) if game.held_photos[s - 1])
    other = seat % 4 + 1

    def marks(viewer):          # a photo's worth, "5" or "0", or "?" face down
        return [t.get_text() for t in draw_state(game, viewer=viewer, layout="tall").texts
                if t.get_text() in ("5", "0", "?") and t.get_fontsize() == 8]
    n = sum(map(len, game.held_photos))
    assert len(marks(None)) == n and "?" not in marks(None)
    assert marks(other).count("?") == n - len(game.held_photos[other - 1]) > 0     # all but its own
    ax = draw_state(game, layout="tall")
    assert tuple(ax.figure.get_size_inches()) == TALL_FRAME_SIZE
    assert {f"Player {s}:" for s in range(1, 5)} <= {t.get_text()[:9] for t in ax.texts}
