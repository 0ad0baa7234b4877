"""A classroom page answers only the question it showed (issue 29 part 1, issue 35 items 7 and 8).

Every control of the stepper carries the frame it was drawn for: an answered decision's button clicked again, a
board click or an arrow key made on an older frame, or a click arriving while a step is drawn, does nothing and
says nothing. An unexpected error leaves one plain line, never a traceback. The view control takes only the seats
it offers, as the browser sets it. After the game's end no earlier decision is taken again.
"""
import logging

import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402
from ipywidgets import Button, Dropdown, Widget  # noqa: E402
from traitlets import TraitError  # noqa: E402

from toolkit.core import game_class, game_names  # noqa: E402
from toolkit.widgets import Stepper  # noqa: E402
from toolkit.widgets.answers import ARMING_MS, FRAME_CLASS, error_line, event_frame  # noqa: E402
from toolkit.widgets.style import STYLE  # noqa: E402

from .stepping import frames_left_out  # noqa: E402


def classroom(name, **kw):
    cls = game_class(name)
    return Stepper(name, players=kw.pop("players", cls.min_players), seed=kw.pop("seed", 4), class_seat=1, **kw)


def controls(s):
    """The decision area's buttons and drop-down, as drawn for the frame shown."""
    out = []
    for c in s.decision.children:
        for x in getattr(c, "children", (c,)):
            if isinstance(x, (Button, Dropdown)):
                out.append(x)
    return out


def first_option(s):
    """The first option's button of the pending decision (or "decide" under its drop-down) and its value."""
    row = s.decision.children[1].children
    if isinstance(row[0], Dropdown):
        return row[1], row[0].value
    d = s.state.pending()
    return row[0], next(o.value for o in d.options if o.label == row[0].description)


def page_text(widget) -> str:
    """Every text a page shows from the stepper's widgets (HTML values, outputs, labels), all together."""
    seen, out, todo = set(), [], [widget]
    while todo:
        x = todo.pop()
        if id(x) in seen or not isinstance(x, Widget):
            continue
        seen.add(id(x))
        for name in ("value", "description", "tooltip"):
            v = getattr(x, name, None)
            if isinstance(v, str):
                out.append(v)
        out.extend(str(o) for o in getattr(x, "outputs", ()))
        todo.extend(getattr(x, "children", ()))
    return "\n".join(out)


# --- answers bound to their frame -----------------------------------------------------------------------------
@pytest.mark.parametrize("name", game_names())
def test_an_answered_decisions_button_clicked_again_does_nothing(name):
    """The double-click of issue 29: the second click on the old button (its widget still has a handler) must
    not answer the next decision. The record holds exactly the answers the class clicked once each."""
    s = classroom(name)
    intended = []
    with frames_left_out(s):
        for _ in range(4):
            if s.history.game.pending() is None:
                break
            button, value = first_option(s)
            k = s.index
            button.click()
            intended.append((k, value))
            for _ in range(2):                      # a double- and a triple-click: the old button again
                button.click()
            assert not s.errors.outputs, s.errors.outputs
            assert s.message.value == ""             # ignored, and says nothing
    for k, value in intended:
        assert s.history.game.choices[k] == value
    asked = [k for k in range(s.last) if s._for_class(s.history[k].pending())]
    assert asked == [k for k, _ in intended], "a class decision was answered that the class did not click once"


def test_every_kind_of_decision_control_acts_only_for_its_own_frame():
    """Option buttons, the drop-down's "decide", "to step N, where the class decides": each from an older frame
    (drawn before a step was taken or the view went elsewhere) does nothing."""
    s = classroom("fcm", players=2, seed=3)
    with frames_left_out(s):
        while len(s.state.pending().options) <= 10:
            s.decide(s.state.pending().values[0])
        pick, go = s.decision.children[1].children
        assert isinstance(pick, Dropdown) and go.description == "decide"
        s.back()
        s.step()                                     # the same step, drawn again: a new frame
        before = list(s.history.game.choices)
        go.click()                                   # the old frame's "decide"
        assert s.history.game.choices == before and not s.errors.outputs
        s.back()
        (to_end,) = s.decision.children
        assert "where the class decides" in to_end.description
        s.step()
        new_pick, new_go = s.decision.children[1].children
        to_end.click()                               # old: would have moved to the end, now does nothing
        assert s.index == s.last and s.history.game.choices == before
        s.back()
        (to_end,) = s.decision.children
        to_end.click()
        assert s.index == s.last                     # the one of the frame shown works
        _, new_go = s.decision.children[1].children
        new_go.click()
        assert len(s.history.game.choices) > len(before)
        assert s.history.game.choices[len(before)] == s.history[len(before)].pending().values[0]


def test_a_click_while_a_step_is_being_drawn_is_ignored():
    s = classroom("disneyland", players=2, seed=1)
    button, _ = first_option(s)
    seen = []
    draw = s._show_frame

    def drawing():
        button.click()                               # arrives while this step's frame is drawn
        seen.append(len(s.history.game.choices))
        draw()
    s._show_frame = drawing
    before = len(s.history.game.choices)
    s._show()                                        # the step drawn again (as after a change of view)
    assert seen == [before] and len(s.history.game.choices) == before and not s.errors.outputs
    s._show_frame = draw
    first_option(s)[0].click()                       # the new frame's button, once drawn, works
    assert len(s.history.game.choices) > before


def _pixel(s, x, y, **kw):
    fx, fy = s._ax.transData.transform((x, y))
    scale = s.dpi * s.pixel_ratio / s._fig.dpi
    return {"type": "click", "dataX": float(fx * scale), "dataY": float((s._fig.bbox.height - fy) * scale), **kw}


def _target_of(s):
    d = s.state.pending()
    value, box = s._targets(d)[0]
    return value, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def _to_board_decision(s):
    for _ in range(60):
        d = s.state.pending()
        if s._targets(d) and len(d.values) > 1:
            return d
        s.decide(d.values[-1])
    raise AssertionError("no decision on the board in 60 steps")


def test_a_board_double_click_decides_once():
    """Two clicks on the board's place within ARMING_MS (the browser's timeStamps): the first decides, the second
    (meant for the same place, now on the next decision's frame) is ignored; a later click acts."""
    s = Stepper("hamburgerspelet", players=2, seed=5, class_seat=1)
    _to_board_decision(s)
    value, (x, y) = _target_of(s)
    k = s.index
    frame = f"bgt-image {FRAME_CLASS}{s._frames}"
    s._board_clicked(_pixel(s, x, y, timeStamp=5000.0, target={"className": frame}))
    assert s.history.game.choices[k] == value
    after = list(s.history.game.choices)
    # the same click's second half: on the new frame (its class) but 180 ms later; then on the old frame
    now = f"bgt-image {FRAME_CLASS}{s._frames}"
    s._board_clicked(_pixel(s, x, y, timeStamp=5180.0, target={"className": now}))
    s._board_clicked(_pixel(s, x, y, timeStamp=5400.0, target={"className": frame}))
    assert s.history.game.choices == after and s.message.value == ""
    if s._for_class(s.state.pending()) and s._targets(s.state.pending()):      # a considered click acts
        value, (x, y) = _target_of(s)
        s._board_clicked(_pixel(s, x, y, timeStamp=5000.0 + ARMING_MS + 900, target={"className": now}))
        assert s.history.game.choices[len(after)] == value
    assert not s.errors.outputs


def test_an_arrow_key_pressed_on_an_older_frame_does_nothing():
    s = Stepper("disneyland", players=2, seed=1)
    s.slider.value = 5
    old = {"className": f"bgt-stepper {FRAME_CLASS}{s._frames}"}
    s._key({"type": "keydown", "key": "ArrowRight", "timeStamp": 10.0, "target": old})
    assert s.index == 6
    s._key({"type": "keydown", "key": "ArrowRight", "timeStamp": 20.0, "target": old})     # queued on frame 5
    assert s.index == 6
    s._key({"type": "keydown", "key": "ArrowLeft", "timeStamp": 30.0,
            "target": {"className": f"bgt-stepper {FRAME_CLASS}{s._frames}"}})
    assert s.index == 5


def test_the_picture_and_the_stepper_carry_their_frame_for_the_browser():
    s = classroom("mcdonalds")
    n = s._frames
    assert f"{FRAME_CLASS}{n}" in s.image._dom_classes and f"{FRAME_CLASS}{n}" in s._dom_classes
    s.back()
    assert s._frames == n + 1 and f"{FRAME_CLASS}{n + 1}" in s.image._dom_classes
    assert not any(c == f"{FRAME_CLASS}{n}" for c in s.image._dom_classes + s._dom_classes)
    assert event_frame({"target": {"className": f"jupyter-widgets bgt-image {FRAME_CLASS}12 bgt-arm-0"}}) == 12
    assert event_frame({"target": {"className": "widget-button"}}) is None and event_frame({}) is None
    # the arming in the page's style lasts ARMING_MS, for the decision's controls and the picture
    assert f"animation: bgt-arming-0 {ARMING_MS / 1000:g}s" in STYLE
    assert f".bgt-image.bgt-arm-1 {{ animation: bgt-arming-1 {ARMING_MS / 1000:g}s" in STYLE


# --- one plain line, never a traceback ----------------------------------------------------------------------
def test_an_unexpected_error_shows_one_escaped_line_and_the_trace_goes_to_the_log(caplog):
    s = classroom("hamburgerspelet")
    button, _ = first_option(s)

    def broken(_value):
        raise RuntimeError("boom <b>bold</b>\n\x1b[31mred\u202e in /srv/kernel/file.py")
    s.history.push = broken
    with caplog.at_level(logging.ERROR, logger="toolkit.widgets"):
        button.click()
    assert [o["text"] for o in s.errors.outputs] == [
        "That did not work: boom <b>bold</b> \\x1b[31mred\\u202e in /srv/kernel/file.py"]
    assert "Traceback" not in page_text(s) and "stepper.py" not in page_text(s)
    assert "Traceback" in caplog.text and "RuntimeError" in caplog.text
    assert error_line(ValueError("")) == "That did not work: ValueError"
    assert len(error_line(ValueError("x" * 5000))) < 400


def test_the_record_of_a_game_decided_through_every_control_is_exactly_the_class_answers():
    """Clicks, repeats and stale controls mixed: the record holds exactly the answers clicked first."""
    s = classroom("mcdonalds", players=3, seed=2)
    intended = []
    with frames_left_out(s):
        for i in range(6):
            d = s.history.game.pending()
            if d is None:
                break
            olds = controls(s)
            button, value = first_option(s)
            intended.append((s.index, value))
            button.click()
            for old in olds:                         # any older control, clicked after
                if isinstance(old, Button):
                    old.click()
            if i % 2:
                s.back()
                s.to_end()
                for old in olds:
                    if isinstance(old, Button):
                        old.click()
    assert [(k, s.history.game.choices[k]) for k, _ in intended] == intended
    assert [k for k in range(s.last) if s._for_class(s.history[k].pending())] == [k for k, _ in intended]
    assert not s.errors.outputs


# --- two-click places ---------------------------------------------------------------------------------------
def _fcm_placement():
    s = classroom("fcm", players=2, seed=3)
    with frames_left_out(s):
        while s.state.pending().kind != "start_restaurant":
            s.decide(s.state.pending().values[0])
    s._show()           # drawn
    return s


@pytest.mark.slow
def test_fcm_placement_in_two_clicks_a_square_then_its_entrance():
    """FCM-I4: the first click on a shaded square narrows to the places with that top-left square: its entrance
    corners outlined and as buttons, with "another square"; another shaded square narrows again; a second click
    on an outlined entrance decides; the list of every option stays."""
    s = _fcm_placement()
    d = s.state.pending()
    groups = s._groups(d)
    assert len(d.options) > 40 and len(groups) > 20 and not s._targets(d)
    assert "Click a shaded square" in s.decision.children[0].value
    shaded = [p for p in s._ax.patches if p.get_gid() == "bgt-click-place" and p.get_fill()]
    assert len(shaded) == len(groups)
    label, box, values = groups[len(groups) // 2]
    olds = controls(s)
    s._board_clicked(_pixel(s, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
    assert s._narrow[0] == label and [v for v, _ in s._targets(d)] == list(values)
    buttons = [b.description for b in controls(s) if isinstance(b, Button)]
    assert buttons == [d.option(v).label for v in values] + ["another square", "decide"]
    assert isinstance(controls(s)[-2], Dropdown) and len(controls(s)[-2].options) == len(d.options)
    assert label in s.decision.children[0].value
    for old in olds:                                   # the first frame's "decide" now does nothing
        if isinstance(old, Button):
            old.click()
    assert s.state.pending() is d and s._narrow[0] == label
    # another shaded square (one that is not a place of this group) narrows again
    places = [b for _, b in s._targets(d)]
    other = next(g for g in groups if g[0] != label and not any(
        p[0] < g[1][2] and g[1][0] < p[2] and p[1] < g[1][3] and g[1][1] < p[3] for p in places))
    s._board_clicked(_pixel(s, (other[1][0] + other[1][2]) / 2, (other[1][1] + other[1][3]) / 2))
    assert s._narrow[0] == other[0]
    value, tbox = s._targets(d)[-1]
    k = s.index
    s._board_clicked(_pixel(s, (tbox[0] + tbox[2]) / 2, (tbox[1] + tbox[3]) / 2))
    assert s.history.game.choices[k] == value and value in other[2] and not s.errors.outputs


def test_fcm_a_narrowed_placement_decides_by_its_button_too():
    s = _fcm_placement()
    d = s.state.pending()
    label, box, values = s._groups(d)[0]
    s._board_clicked(_pixel(s, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
    button = next(b for b in controls(s) if isinstance(b, Button) and b.description == d.option(values[-1]).label)
    k = s.index
    button.click()
    button.click()
    assert s.history.game.choices[k] == values[-1] and not s.errors.outputs


def test_fcm_click_groups_one_square_each_and_no_overlapping_places_within_a_group():
    from toolkit.games.fcm.game.click_drawing import click_groups, click_targets
    from toolkit.games.fcm.game.drawing import draw_state
    from toolkit.core.decisions import Decision
    s = _fcm_placement()
    d = s.state.pending()
    ax = draw_state(s.state, fast=True, layout="tall")
    groups = click_groups(s.state, d, ax=ax)
    places = [v for v in d.values if v != "pass"]
    assert sorted(v for *_, vs in groups for v in vs) == sorted(places)     # every place in one group
    for label, box, values in groups:
        r, c = values[0].split()[0].split(",")
        assert label == f"row {r}, column {c}" and abs(box[2] - box[0] - 0.9) < 1e-9
        alone = Decision(d.player, d.kind, d.prompt, [d.option(v) for v in values], d.clauses)
        boxes = [b for _, b in click_targets(s.state, alone, ax=ax)]
        assert len(boxes) == len(values)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (label, a, b)
    assert click_groups(s.state, Decision(1, "campaign_place", "", [], ()), ax=ax) == []


# --- sealed class views -------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", game_names())
def test_the_view_control_takes_only_the_seat_it_offers_as_the_browser_sets_it(name):
    """Issue 35 item 7: ``index`` None (no button: the class view, every hidden card) or another seat's index, set
    as the browser sets it, is refused: nothing drawn, the control put back in the browser too."""
    s = classroom(name, players=3)
    shown, sent = [], []
    draw = s._show
    s._show = lambda *a, **kw: (shown.append(1), draw(*a, **kw))
    send = s.view.send_state
    s.view.send_state = lambda key=None: (sent.append(key), send(key))
    image = s.image.value
    for index in (None, 1, 2, 3, -1):
        s.view.set_state({"index": index})
        assert (s.view.index, s.view.value) == (0, 1), index
        assert sent[-1] == "index", index
    assert not shown and s.image.value == image and not s.errors.outputs
    with pytest.raises(TraitError):
        s.view.index = None
    with pytest.raises(TraitError):
        s.view.value = None
    assert s.view.value == 1 and not shown


def test_in_teacher_mode_every_view_is_offered_and_the_class_view_stays_selected():
    s = classroom("disneyland", players=3, teacher=True)
    s.view.set_state({"index": 0})
    assert (s.view.index, s.view.value) == (0, None)          # the class view, its own button pressed
    s.view.set_state({"index": 2})
    assert s.view.value == 2
    s.view.set_state({"index": None})                         # "no button" is never a view
    assert s.view.value == 2
    s.view.value = None
    assert s.view.index == 0


def _play_to_the_end(s):
    with frames_left_out(s):
        for _ in range(3000):
            d = s.history.game.pending()
            if d is None:
                break
            s.decide(d.values[0])
    assert s.history.game.is_over()


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_after_the_end_no_earlier_decision_is_taken_again(name):
    """Issue 35 item 8: at the end every view opens; back at one of the class's decisions, nothing is offered
    (a note says why) and ``decide`` refuses, so no live game forks with hidden facts the class has seen."""
    s = classroom(name, players=2, seed=2)
    _play_to_the_end(s)
    assert None in [v for _, v in s.view.options]
    record, last = list(s.history.game.choices), s.last
    k = max(i for i in range(s.last) if s._for_class(s.history[i].pending()))
    s.slider.value = k
    (note,) = s.decision.children
    assert "not taken again" in note.value and not controls(s)
    assert not [p for p in s._ax.patches if p.get_gid() == "bgt-click-place"]     # no place to click either
    with pytest.raises(ValueError, match="the game is over"):
        s.decide(s.state.pending().values[0])
    s.click_board(0.0, 0.0)
    assert "not a choice" in s.message.value
    assert s.history.game.choices == record and s.last == last and not s.errors.outputs


def test_the_trace_goes_to_the_kernel_process_stderr_not_the_stream_the_page_shows(monkeypatch):
    """Under ipykernel ``sys.stderr`` is forwarded to the page, and its ``fileno()`` is the process's own stderr
    (the server's console): the log writes there."""
    import io
    import os
    import sys

    from toolkit.widgets import answers
    read, write = os.pipe()

    class KernelStream(io.StringIO):            # what ipykernel puts in sys.stderr, as far as the log sees it
        def fileno(self):
            return write
    shown = KernelStream()
    monkeypatch.setattr(sys, "stderr", shown)
    stream = answers._process_stderr()
    stream.write("a trace\n")
    stream.flush()
    os.close(write)
    assert os.read(read, 100) == b"a trace\n" and shown.getvalue() == ""
    os.close(read)
    assert any(isinstance(h, logging.StreamHandler) for h in answers.LOG.handlers)


@pytest.mark.parametrize("name", game_names())
def test_back_at_a_decision_the_class_made_a_note_says_what_it_chose_and_what_choosing_again_replaces(name):
    """A new-user trial: back at the hand the class had picked (its star already seen), the question came back
    with nothing saying it was answered, and a click rewrote the game unannounced. The note names the class's
    choice and how many steps a new choice replaces; at the step being decided there is no note."""
    s = classroom(name)
    with frames_left_out(s):
        assert not [c for c in s.decision.children if "bgt-again" in c._dom_classes]   # deciding now: no note
        k = s.index
        b, value = first_option(s)
        b.click()
        chosen = s.history[k].pending().option(value).label
        s.slider.value = k
    (note,) = [c for c in s.decision.children if "bgt-again" in c._dom_classes]
    after = s.last - k
    assert f"The class chose here already: <b>{chosen}</b>" in note.value.replace("&#x27;", "'")
    assert f"the {after} step{'s' if after != 1 else ''} after it are replaced" in note.value
    assert controls(s)                                    # still a choice: the note does not take it away


def test_step_and_end_at_the_class_decision_say_why_nothing_moves():
    # "step" and "end" did nothing, silently, where "play" said the game waits for the class
    s = classroom("disneyland")
    with frames_left_out(s):
        assert s.index == s.last and s._for_class(s.state.pending())
        for press in (s.step_button, s.end_button):
            s.message.value = ""
            press.click()
            assert "waits for the class's decision" in s.message.value and s.index == s.last


def test_a_board_click_where_no_place_answers_says_to_use_a_button():
    # at "roll the die" no place on the board is an option: the hint spoke of dashed outlines that were not there
    s = classroom("disneyland")
    with frames_left_out(s):
        d = s.state.pending()
        assert d.kind == "roll" and not s._targets(d) and not s._groups(d)
        s.click_board(0.0, 0.0)
    assert "Nothing on the board answers this question: use a button" in s.message.value
    assert "dashed" not in s.message.value
