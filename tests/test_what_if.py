"""What if we had chosen otherwise (issue 34): ``what_if`` forks a game at a step, takes another option there and
plays on with the same agents from the same streams; ``draw_futures`` and the ``Futures`` widget compare them."""
from __future__ import annotations

import html

import pytest

from toolkit import History, new_game, play
from toolkit.core.errors import IllegalChoice
from toolkit.core.futures import branch_step, compare, find_flips, first_difference, scores_by_step, what_if

GAMES = [("disneyland", 4, 5), ("mcdonalds", 4, 5), ("hamburgerspelet", 3, 5), ("fcm", 3, 5)]


def played(name, players, seed, agents="heuristic"):
    h = History(new_game(name, players=players, seed=seed))
    play(None, agents, history=h)
    return h


def choice_step(h, after: float = 0.4) -> int:
    """A step some way into the game where the player had a choice."""
    k = int(len(h) * after)
    while len(h[k].pending().values) < 2:
        k += 1
    return k


def prints(h):
    return [h[k].fingerprint() for k in range(len(h))]


def said(h):
    return [(e.step, e.kind, e.text, e.clauses, e.player) for e in h.game.events]


def generators(state) -> dict:
    return {name: r.getstate() for name, r in state.streams.items()}


@pytest.fixture(scope="module", params=GAMES, ids=[g[0] for g in GAMES])
def game(request):
    name, players, seed = request.param
    return played(name, players, seed)


@pytest.mark.slow
def test_a_fork_with_the_same_option_is_the_same_game_step_for_step(game):
    k = choice_step(game)
    a, b = what_if(game, k, game.game.choices[k])
    assert prints(a) == prints(game) == prints(b)
    assert said(a) == said(game) == said(b)
    assert branch_step(a, b) is None and first_difference(a, b) is None


@pytest.mark.slow
def test_another_option_shares_every_state_up_to_the_step_and_differs_only_through_the_choice(game):
    k = choice_step(game)
    taken = game.game.choices[k]
    option = next(v for v in game[k].pending().values if v != taken)
    before = (len(game), game.game.fingerprint())
    a, b = what_if(game, k, option)
    assert (len(game), game.game.fingerprint()) == before, "what_if changed the history it was given"
    assert prints(a) == prints(game)
    assert prints(b)[:k + 1] == prints(game)[:k + 1]
    assert [generators(b[j]) for j in (0, k)] == [generators(game[j]) for j in (0, k)]
    assert b.game.choices[:k] == game.game.choices[:k] and b.game.choices[k] == option
    # at the step, the seat's agent generator moved as it did when the decision was first taken: after it, both
    # futures' generators are where they were, so whatever differs later follows from the choice
    seat = game[k].pending().player
    name = f"agent-{seat}"
    if name in game[k + 1].streams:
        assert b[k + 1].streams[name].getstate() == game[k + 1].streams[name].getstate()
    # what follows is the agents' play: the fork of the fork with the same option is the fork again
    again = what_if(b, k, option)[1]
    assert prints(again) == prints(b)
    assert branch_step(a, b) == k and compare(a, b).branch == k


def test_a_step_without_a_decision_or_an_illegal_option_is_refused_and_changes_nothing():
    h = played("mcdonalds", 3, 2)
    before = (len(h), h.game.fingerprint())
    with pytest.raises(ValueError, match="no decision was taken at step"):
        what_if(h, len(h) - 1, h.game.choices[-1])
    with pytest.raises(IllegalChoice):
        what_if(h, 3, "no such option")
    assert (len(h), h.game.fingerprint()) == before


def test_the_disneyland_notebook_case_a_hand_picked_at_step_158_flips_the_winner_dl_5_4_dl_5_5():
    """The case shown in notebooks/01_disneyland.ipynb: seed 7, four heuristic players. At step 158 Player 1
    picks the left hand, the frowning star (DL-5.4), and Player 4 wins; the right hand held the smiling star
    (DL-5.5): the wish comes true and Player 1 wins."""
    h = played("disneyland", 4, 7)
    a, b = what_if(h, 158, "right")
    c = compare(a, b)
    assert (c.branch, c.first) == (158, 159)
    assert c.winners == (4, 1)
    assert "DL-5.4" in c.said[0] and "DL-5.5" in c.said[1]
    assert c.ends[0] == tuple(h.game.scores())
    assert scores_by_step(b)[-1] == c.ends[1]


def test_each_flip_found_is_what_what_if_plays():
    flips = list(find_flips("mcdonalds", range(1, 4), players=3, from_end=True))
    assert flips, "no choice changed the winner in three games"
    for f in flips:
        h = played("mcdonalds", 3, f.seed)
        a, b = what_if(h, f.step, f.option)
        assert (a.game.winner(), b.game.winner()) == f.winners and f.winners[0] != f.winners[1]
        assert f.player in f.winners and h[f.step].pending().player == f.player
        assert (tuple(a.game.scores()), tuple(b.game.scores())) == f.scores


def test_a_class_seat_is_played_by_the_stand_in_in_the_other_future():
    """A stepper's class seat is a person; in the future the class did not play, the heuristic plays it."""
    from toolkit.core.agents import PersonAgent
    h = played("disneyland", 2, 3)
    k = choice_step(h)
    option = next(v for v in h[k].pending().values if v != h.game.choices[k])
    a, b = what_if(h, k, option, agents=[PersonAgent(), "heuristic"])
    assert b.game.is_over() and prints(b) == prints(what_if(h, k, option)[1])


# --- the picture and the widget ----------------------------------------------------------------------------
def test_draw_futures_has_a_panel_a_player_with_both_futures_and_names_the_winners():
    from toolkit.futures_drawing import draw_futures
    h = played("disneyland", 4, 7)
    ax = draw_futures(*what_if(h, 158, "right"), step=170)
    fig = ax.figure
    assert len(fig.axes) == 4
    assert all(len(p.lines) >= 2 for p in fig.axes)
    texts = " ".join(t.get_text() for t in fig.texts)
    assert "Player 4 wins after 171 steps" in texts and "Player 1 wins after 181 steps" in texts
    assert "step 159" in texts and "smiling star" in texts
    assert [p.get_title(loc="left") for p in fig.axes][0] == "Player 1: 25 \u2192 30\u2605"


@pytest.mark.slow
def test_the_futures_widget_steps_both_futures_together():
    from toolkit.widgets.futures import Futures
    h = played("mcdonalds", 3, 2)
    k = choice_step(h)
    option = next(v for v in h[k].pending().values if v != h.game.choices[k])
    f = Futures(*what_if(h, k, option))
    assert f.index == k + 1
    shown = [bytes(i.value) for i in f.images] + [bytes(f.strip.value)]
    assert all(p[:4] == b"\x89PNG" for p in shown)
    f.step_button.click()
    assert f.index == k + 2
    assert [bytes(i.value) for i in f.images] != shown[:2]
    assert f"Step {k + 2}:" in f.logs[0].value and f"Step {k + 2}:" in f.logs[1].value
    f.end_button.click()
    assert f.index == f.last and "Over after" in f.logs[0].value and "Over after" in f.logs[1].value
    f.branch_button.click()
    assert f.index == k and f.states()[0].fingerprint() == f.states()[1].fingerprint()


@pytest.mark.slow
def test_the_stepper_offers_what_if_at_a_past_choice_once_nothing_is_hidden():
    from toolkit.widgets import Stepper
    s = Stepper("disneyland", players=4, seed=7)            # agents only: nothing hidden from the class view
    s.slider.value = 158
    assert s.what_if_row.layout.display == "flex"
    assert [v for _, v in s.what_if_option.options] == ["right"]
    s.slider.value = s.last
    assert s.what_if_row.layout.display == "none"           # the last step: nothing was decided there yet
    s.slider.value = 158
    f = s.open_what_if(158, s.what_if_option.value)
    assert s.what_if_box.children[-1] is f and f.comparison.winners == (4, 1)
    assert "the class's" not in html.unescape(f.heading.value)      # no class seat: agents played every seat
    s.what_if_box.children[0].click()
    assert s.what_if_box.children == ()

    for teacher in (False, True):
        c = Stepper("disneyland", players=4, seed=7, class_seat=1, teacher=teacher)
        for _ in range(3):
            c.decide(c.state.pending().values[0])
        past = next(k for k in range(c.last) if len(c.history[k].pending().values) > 1)
        c.slider.value = past
        if teacher:
            assert c.what_if_row.layout.display == "flex", "the teacher is not offered what if"
            f = c.open_what_if(past, c.what_if_option.value)
            assert "The heuristic plays the class's Player 1 in the other future" in html.unescape(f.heading.value)
        else:
            assert c.what_if_row.layout.display == "none", "offered while the class plays: the futures show hidden cards"


@pytest.mark.parametrize("name, players", [("disneyland", 4), ("mcdonalds", 4), ("hamburgerspelet", 3)])
def test_each_turn_gets_the_same_roll_in_both_futures_dl_4_1_mcd_3_2_hb_4_2_hb_4_4(name, players):
    """The README's claim: the dice are rolled a fixed number of times a turn (DL-4.1, MCD-3.2 with MCD-I4), or as
    the dice alone decide (HB-4.2, HB-4.4, HB-I4), so in both futures the same player makes the same roll, roll for
    roll, for as long as both games last."""
    forks = 0
    for seed in (1, 2):
        h = played(name, players, seed)
        choices = [k for k in range(len(h) - 1) if len(h[k].pending().values) > 1]
        for k in choices[::max(1, len(choices) // 3)]:
            d = h[k].pending()
            a, b = what_if(h, k, next(v for v in d.values if v != h.game.choices[k]))
            rolls = [[(e.player, e.data.get("roll"), e.text.split(" and moves")[0]) for e in f.game.events
                      if e.kind == "roll"] for f in (a, b)]
            n = min(map(len, rolls))
            assert n > 0 and rolls[0][:n] == rolls[1][:n], f"seed {seed}, step {k}: the rolls went to other turns"
            forks += 1
    assert forks >= 4


def test_the_what_if_button_opens_the_futures_of_the_step_it_was_offered_at():
    from toolkit.widgets import Stepper
    s = Stepper("disneyland", players=4, seed=7)
    assert s.what_if_row.layout.display == "none"      # step 0: nobody had a choice yet
    s.slider.value = 158
    s.what_if_button.click()
    assert s.futures.comparison.branch == 158
    assert s.futures.comparison.labels == ("the left hand", "the right hand")


@pytest.mark.slow
@pytest.mark.parametrize("name, players, seed, step", [("disneyland", 4, 7, 158), ("mcdonalds", 4, 1, 23),
                                                       ("hamburgerspelet", 3, 1, 178), ("fcm", 3, 2, 196)])
def test_the_strip_is_legible_for_every_game(name, players, seed, step):
    """The notebooks' cases, drawn with a step cursor: no text under 8 pt, clipped or overlapping (tests/legibility)."""
    from tests.legibility import problems
    from toolkit.futures_drawing import draw_futures
    h = played(name, players, seed)
    other = next(v for v in h[step].pending().values if v != h.game.choices[step])
    ax = draw_futures(*what_if(h, step, other), step=step + 5)
    assert problems(ax.figure, "chart") == []
