"""The stepper answers the class's one-option decisions for it (``answer_single``), except the acts of the
players that the game names (``Game.acts``); the games and their records stay the same."""
import random

import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

from toolkit.core import game_class, game_names  # noqa: E402
from toolkit.core.records import make_record  # noqa: E402
from toolkit.widgets import Stepper  # noqa: E402
from toolkit.widgets.log import chips  # noqa: E402

from .stepping import frames_left_out  # noqa: E402


def pick(decision, step: int):
    """The class's answer: the same at the same step and options, however the stepper got there."""
    return random.Random(f"{step} {decision.values}").choice(decision.values)


def class_plays(s: Stepper, decisions: int) -> list:
    """The class answers ``decisions`` of its decisions (fewer if the game ends); returns those it was asked."""
    asked = []
    with frames_left_out(s):
        for _ in range(decisions):
            d = s.history.game.pending()
            if d is None:
                break
            assert s.index == s.last and s._for_class(d), f"step {s.index}: the class waits elsewhere ({d!r})"
            asked.append(d)
            s.decide(pick(d, s.last))
    assert not s.errors.outputs
    return asked


def one_option_steps(s: Stepper) -> list[int]:
    """The steps decided by a class decision with one option."""
    return [k for k in range(1, s.last + 1) if s._class_decision(d := s.history[k - 1].pending())
            and len(d.values) == 1]


@pytest.mark.slow
def test_fcm_the_class_is_never_asked_a_one_option_formality_and_the_log_names_its_clause():
    """FCM-1.1, FCM-1.3, FCM-2.2, FCM-5.1: "CEO alone", the last turn-order slot, "fire nobody" are answered."""
    s = Stepper("fcm", players=3, seed=8, class_seat=1, agents="heuristic")
    asked = class_plays(s, 30)
    assert all(len(d.values) > 1 for d in asked), [d for d in asked if len(d.values) == 1]
    auto = one_option_steps(s)
    assert len(auto) >= 5, "this seeded game has one-option decisions of the class: the test must meet some"
    kinds = {s.history[k - 1].pending().kind for k in auto}
    assert "restructure" in kinds, kinds
    for k in auto:
        d = s.history[k - 1].pending()
        assert s.history[k].choices[-1] == d.values[0]
        s.slider.value = k
        line = f"Only one choice for Player 1: {d.options[0].label} {chips(d.clauses, s.clauses)}"
        assert line in s.event_log.value, (k, s.event_log.value[:400])
    # at each real decision the log reaches back to the class's previous one, the answers for it included
    for k in range(1, s.last + 1):
        if s._for_class(s.history[k].pending()):
            before = max(i for i in range(k) if s._for_class(s.history[i].pending()) or i == 0)
            s.slider.value = k
            for j in auto:
                assert (f"Step {j}:</b>" in s.event_log.value) == (before < j <= k), (k, j)


def test_stepping_back_to_an_answered_step_offers_no_buttons_and_a_fork_answers_again():
    s = Stepper("fcm", players=2, seed=3, class_seat=1, agents="heuristic")
    class_plays(s, 12)
    auto = one_option_steps(s)
    assert auto
    k = auto[0]
    with frames_left_out(s):
        s.slider.value = k - 1                      # where the one-option decision was pending
        kids = s.decision.children
        assert len(kids) == 1 and "where the class decides" in kids[0].description     # no option buttons
        assert "only one choice: answered for the class" in s.event_log.value
        with pytest.raises(ValueError, match="only one choice, answered for the class"):
            s.decide(s.state.pending().values[0])
        s.back()
        s.step()
        assert s.index == k - 1
        # a fork from the class's last decision before it: the branch is played on, answers included
        j = max(i for i in range(k - 1) if s._for_class(s.history[i].pending()))
        s.slider.value = j
        d = s.state.pending()
        other = next(v for v in d.values if v != s.history[j + 1].choices[-1])
        s.decide(other)
    assert s.history[j + 1].choices[-1] == other and s.index == s.last
    assert s._for_class(s.history.game.pending()) or s.history.game.is_over()
    fresh = game_class("fcm")(players=2, seed=3)
    for n, v in enumerate(s.history.game.choices, 1):     # every kept state rebuilds as the choices replay
        fresh.apply(v)
        if n % 7 == 0 or n in one_option_steps(s):
            assert s.history[n].fingerprint() == fresh.fingerprint(), n


@pytest.mark.parametrize("name", ["disneyland", "mcdonalds"])
def test_rolls_are_still_asked(name):
    """DL-4.1, MCD-3.2: rolling is the player's own act (``Game.acts``), asked though it has one option."""
    s = Stepper(name, players=2, seed=5, class_seat=1)
    asked = class_plays(s, 25)
    rolls = [k for k in one_option_steps(s) if s.history[k - 1].pending().kind == "roll"]
    assert rolls and sum(d.kind == "roll" for d in asked) == len(rolls)
    assert s.state.pending() is None or len(s.decision.children) == 2     # the prompt and its button
    assert game_class(name).acts == {"roll"}
    if name == "disneyland":     # whom to wish from, with one other player: a formality (DL-5.3)
        assert all(d.kind != "wish-target" for d in asked)


def test_no_game_names_an_act_that_it_never_asks():
    from toolkit import new_game
    for name in game_names():
        g = new_game(name, players=game_class(name).min_players, seed=1)
        kinds = set()
        for _ in range(400):
            d = g.pending()
            if d is None:
                break
            kinds.add(d.kind)
            g.apply(d.values[0])
        assert game_class(name).acts <= kinds, (name, game_class(name).acts - kinds)


@pytest.mark.slow
def test_answer_single_false_asks_everything_and_both_play_the_same_game():
    auto = Stepper("fcm", players=3, seed=8, class_seat=1, agents="heuristic")
    asked_auto = class_plays(auto, 20)
    clicks = Stepper("fcm", players=3, seed=8, class_seat=1, agents="heuristic", answer_single=False)
    asked = class_plays(clicks, 20 + len(one_option_steps(auto)))
    assert sum(len(d.values) == 1 for d in asked) == len(one_option_steps(auto)) > 0
    assert len(asked) == len(asked_auto) + len(one_option_steps(auto))
    assert "Only one choice" not in clicks.event_log.value
    a, b = auto.history.game, clicks.history.game
    assert a.choices == b.choices and a.fingerprint() == b.fingerprint()
    assert make_record(a) == make_record(b)


@pytest.mark.parametrize("name", game_names())
def test_every_game_the_class_waits_only_on_real_choices_or_acts(name):
    cls = game_class(name)
    s = Stepper(name, players=cls.min_players + 1, seed=11, class_seat=2)
    for d in class_plays(s, 15):
        assert len(d.values) > 1 or d.kind in cls.acts, d


@pytest.mark.slow
def test_in_the_teachers_class_view_the_class_reads_its_own_face_down_answers():
    """While the class plays, the class view (teacher=True) reads as the class's seat: the class's own one-option
    answer laid face down (FCM-1.1 "CEO alone") is named there as in its seat's view; another seat's stays hidden."""
    s = Stepper("fcm", players=3, seed=8, class_seat=1, agents="heuristic", teacher=True)
    class_plays(s, 6)
    auto = [k for k in one_option_steps(s) if s.history[k - 1].pending().secret]
    assert auto, "this seeded game has a face-down one-option answer of the class: the test must meet one"
    others = [k for k in range(1, s.last + 1) if (d := s.history[k - 1].pending()).secret and d.player != 1]
    assert others
    for viewer in (None, 1):
        s.view.value = viewer
        for k in auto:
            s.slider.value = k
            d = s.history[k - 1].pending()
            assert f"Only one choice for Player 1: {d.options[0].label}" in s.event_log.value, (viewer, k)
        for k in others:
            s.slider.value = k
            assert f"Player {s.history[k - 1].pending().player} lays a choice face down" in s.event_log.value, k
