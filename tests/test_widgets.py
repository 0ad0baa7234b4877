"""The stepper over every registered game, driven without a browser (set values, click buttons)."""
import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402
from traitlets import TraitError  # noqa: E402

from toolkit.core import game_class, game_names  # noqa: E402
from toolkit.widgets import Stepper  # noqa: E402

from .stepping import frames_left_out  # noqa: E402


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_stepper_builds_steps_and_changes_view(name):
    cls = game_class(name)
    s = Stepper(name, players=cls.min_players, seed=3, agents="heuristic")
    assert s.last > 0 and s.index == 0
    first = s.image.value
    assert first[:4] == b"\x89PNG"
    s.step_button.click()
    assert s.index == 1 and "[" in s.event_log.value          # events carry their clause IDs
    s.back_button.click()
    assert s.image.value == first
    s.view.value = 1
    s.end_button.click()
    assert s.index == s.last
    assert not s.errors.outputs


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_the_class_makes_seat_ones_decisions(name):
    cls = game_class(name)
    s = Stepper(name, players=cls.min_players, seed=4, agents="heuristic", class_seat=1)
    for _ in range(12):
        d = s.history.game.pending()
        if d is None:
            break
        assert d.player == 1
        if s.index < s.last:                                   # a button leads to the class's next decision
            s.decision.children[0].click()
        assert s.index == s.last and len(s.decision.children) == 2      # the prompt and the options
        s.decide(d.values[0])
    assert not s.errors.outputs
    assert len(s.history[s.index].choices) == s.index     # the picture shown is the state after that many steps


def test_class_kinds_let_the_class_decide_every_race_by_hand():
    """MCD-5.3 with MCD-I11: races by hand are decided by the class, whoever reads the menu."""
    s = Stepper("mcdonalds", players=3, seed=2, options={"race": "by_hand"},
                class_kinds=("race-marble", "race-pull"))
    d = s.state.pending()
    assert d.kind in ("race-marble", "race-pull") and s.decision.children
    k = s.index
    s.decide(d.values[0])
    assert s.index == k + 1 and "The race (by hand)" in s.event_log.value


# --- the classroom flow: views, seed, clamping, play/pause, keys, clicks, saving ------------------------------
def _classroom(name="disneyland", **kw):
    cls = game_class(name)
    return Stepper(name, players=kw.pop("players", cls.min_players + 1), seed=kw.pop("seed", 3), class_seat=1, **kw)


@pytest.mark.parametrize("name", game_names())
def test_with_a_class_seat_the_view_offers_only_that_seat_until_the_end(name):
    s = _classroom(name)
    assert [v for _, v in s.view.options] == [1] and s.view.value == 1
    assert "every view opens when the game is over" in s.view.tooltips[0]      # a lone button says why
    with pytest.raises(TraitError, match="not a view offered here"):   # nor can the browser pick another seat
        s.view.value = 2
    t = _classroom(name, teacher=True)
    assert [v for _, v in t.view.options] == [None] + list(range(1, t.players + 1))
    assert t.view.value == 1                         # the teacher mode starts in the class's seat too


def test_the_views_open_once_the_game_is_over():
    s = _classroom("disneyland", players=2)
    with frames_left_out(s):
        for _ in range(400):
            d = s.history.game.pending()
            if d is None:
                break
            s.decide(d.values[0])
    assert s.history.game.is_over()
    assert [v for _, v in s.view.options] == [None, 1, 2]
    assert list(s.view.tooltips) == ["what everyone sees and every hidden card", "what Player 1 sees",
                                     "what Player 2 sees"]


@pytest.mark.slow
def test_a_fresh_seed_is_drawn_and_shown_only_at_the_end(monkeypatch):
    from toolkit.widgets.stepper import SEED_VARIABLE
    monkeypatch.delenv(SEED_VARIABLE, raising=False)
    seeds = {Stepper("disneyland", players=2, seed=None, class_seat=1).seed for _ in range(3)}
    assert len(seeds) == 3                           # 3 draws from 2**32 seeds: equal ones would be a fixed seed
    s = Stepper("disneyland", players=2, seed=None, class_seat=1)
    with frames_left_out(s):
        assert str(s.seed) not in s.event_log.value
        while s.history.game.pending() is not None:
            s.decide(s.history.game.pending().values[0])
        assert f"Seed {s.seed}" in s.event_log.value
        s.back()
        assert f"Seed {s.seed}" not in s.event_log.value
    monkeypatch.setenv(SEED_VARIABLE, "77")
    assert Stepper("disneyland", players=2, seed=None).seed == 77


def test_values_from_the_browser_are_clamped_never_a_traceback():
    s = Stepper("disneyland", players=2, seed=1)
    last = s.last
    s.slider.max = last + 1000
    assert s.slider.max == last
    s.slider.value = last + 5                        # beyond the history: the last step
    assert s.index == last
    s.slider.min = -7
    assert s.slider.min == 0
    s.slider.value = -3
    assert s.index == 0
    s.play_widget.max = 10 ** 6
    s.play_widget.value = 10 ** 6
    assert s.play_widget.max == last and s.index == last
    s.play_widget.value = 5
    assert s.index == 5 and s.slider.value == 5
    # as the browser sends them: a state update over the comm
    s.slider.set_state({"max": last + 50, "value": last + 50})
    assert (s.slider.max, s.index) == (last, last)
    s.play_widget.set_state({"min": -4, "value": -4})
    assert (s.play_widget.min, s.index) == (0, 0)
    assert not s.errors.outputs


def test_play_pauses_where_it_is_and_does_not_restart_at_the_end():
    s = Stepper("disneyland", players=2, seed=1)
    s.slider.value = 4
    s.play_button.click() if hasattr(s.play_button, "click") else s.play(True)
    assert s.play_widget.playing and s.play_button.icon == "pause"
    s.play_widget.value = 5                          # the browser's ticker moves on
    assert s.index == 5
    s.play(False)
    assert not s.play_widget.playing and s.index == 5   # paused where it was
    s.to_end()
    s.play(True)
    assert not s.play_widget.playing and not s.play_button.value and s.index == s.last
    assert s.history.game.is_over() and "The game is over" in s.message.value
    c = _classroom("disneyland", players=2)          # at the last step the game waits for the class
    c.to_end()
    c.play(True)
    assert not c.play_widget.playing and c.index == c.last
    assert "waits for the class's decision" in c.message.value and "over" not in c.message.value


def test_every_control_has_a_tooltip_and_option_labels_are_whole():
    s = _classroom("mcdonalds", players=2, seed=2)
    for b in (s.start_button, s.back_button, s.play_button, s.step_button, s.end_button, s.slider,
              s.save_button):
        assert b.tooltip, f"{b.description} has no tooltip"
    assert all(s.view.tooltips)
    d = s.state.pending()
    shown = [b.description for b in s.decision.children[1].children]
    assert shown == [o.label for o in d.options]     # never cut


def test_arrow_keys_step():
    s = Stepper("disneyland", players=2, seed=1)
    s._key({"type": "keydown", "key": "ArrowRight"})
    s._key({"type": "keydown", "key": "ArrowRight"})
    assert s.index == 2
    s._key({"type": "keydown", "key": "ArrowLeft"})
    assert s.index == 1


def test_save_picture_gives_png_and_svg_links():
    import base64
    import re
    s = Stepper("disneyland", players=2, seed=1)
    s.save_button.click()
    links = dict(re.findall(r"download='[^']+\.(png|svg)' href='data:image/[^;]+;base64,([^']+)'", s.save_links.value))
    assert base64.b64decode(links["png"]) == bytes(s.image.value)
    assert base64.b64decode(links["svg"]).lstrip().startswith(b"<?xml")
    s.step()
    assert s.save_links.value == ""                  # a link never outlives its picture


def test_frames_grow_with_the_window_but_never_past_their_pngs_pixels():
    """The board scales to the height available; it stays sharp, so it is never wider than its PNG's pixels."""
    import struct

    from toolkit.widgets.stepper import HEADROOM
    s = Stepper("hamburgerspelet", players=2, seed=1, dpi=90, pixel_ratio=2)
    png = bytes(s.image.value)
    width, height = struct.unpack(">II", png[16:24])
    shown = s.image.layout.width
    assert shown == f"min(100%, {width}px, calc((100vh - {HEADROOM}px) * {width / height:.4f}))"


def _click_png(s, x, y):
    """A click at data (x, y) of the current frame, as ipyevents reports it: the PNG's pixel (from the top)."""
    fx, fy = s._ax.transData.transform((x, y))
    scale = s.dpi * s.pixel_ratio / s._fig.dpi
    s._board_clicked({"type": "click", "dataX": fx * scale, "dataY": (s._fig.bbox.height - fy) * scale})


def test_hamburgerspelet_board_clicks_decide_spots_and_moves():
    """HB-5.2/HB-5.6: the spot clicked is the tile taken or the spot filled; HB-4.2: the square a chef reaches."""
    s = Stepper("hamburgerspelet", players=2, seed=5, class_seat=1)
    kinds, clicks = set(), 0
    for _ in range(40):
        d = s.state.pending()
        if d is None or (len(kinds) >= 2 and {"move", "take"} <= kinds and clicks >= 6):
            break
        targets = s.drawing.click_targets(s.state, d, ax=s._ax)      # the places on the frame shown
        if not targets:
            s.decide(d.values[0])
            continue
        value, (x0, y0, x1, y1) = targets[-1]
        k, before = s.index, s.history[s.index].fingerprint()
        _click_png(s, (x0 + x1) / 2, (y0 + y1) / 2)
        assert not s.errors.outputs
        assert s.history[k + 1].choices[-1] == value and s.history[k].fingerprint() == before
        kinds.add(d.kind)
        clicks += 1
    assert {"move", "take"} <= kinds
    # a click where no option lies decides nothing
    k = s.index
    if s.state.pending() is not None:
        _click_png(s, -0.55, -0.55)
        assert s.index == k and "No option there" in s.message.value


def test_fcm_a_restaurant_clicked_on_the_map_goes_where_it_was_clicked():
    """FCM-I4: the starting restaurant's place is clicked on the map in two clicks (its top-left square, then its
    entrance); its entrance square is the one clicked."""
    from toolkit.games.fcm.map.board import corner_square
    s = Stepper("fcm", players=2, seed=3, class_seat=1)
    while s.state.pending().kind != "start_restaurant":
        s.decide(s.state.pending().values[0])
    groups = s._groups(s.state.pending())
    assert len(groups) > 10 and not s._targets(s.state.pending())
    g0, g1, g2, g3 = groups[len(groups) // 2][1]
    _click_png(s, (g0 + g2) / 2, (g1 + g3) / 2)
    targets = s._targets(s.state.pending())
    assert targets and s.index == s.last
    value, (x0, y0, x1, y1) = targets[len(targets) // 2]
    x, y = (x0 + x1) / 2, (y0 + y1) / 2
    k = s.index
    _click_png(s, x, y)
    assert s.history[k + 1].choices[-1] == value and not s.errors.outputs
    placed = [r for r in s.history[k + 1].map.restaurants.values() if r.chain == 1][0]
    er, ec = corner_square(placed.top, placed.corner)
    assert abs(x - ec) < 0.5 and abs(y - er) < 0.5            # the click fell on the entrance square


def test_fcm_face_down_cards_show_to_their_player_only():
    """FCM-1.1 and FCM-I42: laid face down, the structure shows in its player's view, as hidden in the others'."""
    from toolkit.games.fcm.game.drawing import face_down_lines
    # the class's own restructurings are "CEO alone" here: asked (answer_single=False), the stepper stops at them
    s = Stepper("fcm", players=3, seed=3, class_seat=2, teacher=True, answer_single=False)
    for _ in range(60):
        d = s.state.pending()
        if d.kind == "restructure" and s.state.co.secret:
            break
        s.decide(d.values[0])
    seat = next(iter(s.state.co.secret))
    other = next(v for v in (1, 2, 3) if v != seat)
    assert "hidden" not in face_down_lines(s.state, seat, viewer=seat)[0]
    assert face_down_lines(s.state, seat, viewer=other) == ["  face down: the cards at work (hidden)"]
    s.view.value = other
    hidden = s.image.value
    s.view.value = seat
    assert s.image.value != hidden


def _patch_centres(ax):
    """The centres of every rectangle drawn in the Axes' patch collections (data coordinates)."""
    centres = []
    for coll in ax.collections:
        for path in getattr(coll, "get_paths", lambda: [])():
            if len(path.vertices) >= 4:
                (x0, y0), (x1, y1) = path.vertices.min(axis=0), path.vertices.max(axis=0)
                centres.append(((x0 + x1) / 2, (y0 + y1) / 2))
    return centres


@pytest.mark.slow
def test_disneyland_click_places_lie_on_the_drawn_cards_and_rows():
    """DL-5.3 and DL-5.5: the player to wish from is their row; the card to take is the card drawn there."""
    checked = set()
    for seed in range(1, 9):                     # a take needs a won pick: a few games find one
        s = Stepper("disneyland", players=3, seed=seed, class_seat=1)
        while s.state.pending() is not None and checked != {"wish-target", "take"}:
            d = s.state.pending()
            targets = s.drawing.click_targets(s.state, d, ax=s._ax)      # the places on the frame shown
            if d.kind == "wish-target":
                labels = {t.get_text().split(":")[0]: t.get_position() for t in s._ax.texts}
                for seat, (x0, y0, x1, y1) in targets:
                    x, y = labels[f"Player {seat}"]
                    assert x0 <= x <= x1 and y0 <= y <= y1, f"Player {seat}'s row is not where their name is"
                checked.add(d.kind)
            if d.kind == "take":
                centres = _patch_centres(s._ax)
                for v, (x0, y0, x1, y1) in targets:
                    assert any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in centres), f"no card drawn where {v} is"
                value, (x0, y0, x1, y1) = targets[-1]
                k = s.index
                _click_png(s, (x0 + x1) / 2, (y0 + y1) / 2)
                assert s.history[k + 1].choices[-1] == value
                checked.add(d.kind)
                continue
            s.decide(d.values[(s.index // 2) % len(d.values)])     # both hands get picked
        if checked == {"wish-target", "take"}:
            break
    assert checked == {"wish-target", "take"}


def test_mcdonalds_click_places_lie_on_the_drawn_racks():
    """MCD-3.4 and MCD-3.5: the player to trade with is their rack; the card to take is its slot in the rack."""
    checked = set()
    for seed in range(1, 13):                  # the help cards come up in some games only
        s = Stepper("mcdonalds", players=3, seed=seed, class_seat=1)
        for _ in range(150):
            d = s.state.pending()
            if d is None or checked == {"help-partner", "take-one"}:
                break
            targets = s.drawing.click_targets(s.state, d, ax=s._ax)      # the places on the frame shown
            if targets:
                centres = _patch_centres(s._ax)
                for v, (x0, y0, x1, y1) in targets:
                    assert any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in centres), f"nothing drawn where {v} is"
                value, (x0, y0, x1, y1) = targets[0]
                k = s.index
                _click_png(s, (x0 + x1) / 2, (y0 + y1) / 2)
                assert s.history[k + 1].choices[-1] == value and not s.errors.outputs
                checked.add(d.kind)
                continue
            s.decide(d.values[0])
        if checked == {"help-partner", "take-one"}:
            break
    assert checked == {"help-partner", "take-one"}


def test_the_log_tells_each_view_only_what_that_seat_may_see():
    """MCD-7.2: the extras another seat laid face down are named in that seat's log, never in the class's seat's
    log, nor in the class view while the class plays."""
    import html as html_module
    s = Stepper("mcdonalds", players=3, seed=4, class_seat=1, teacher=True)
    for _ in range(80):
        found = [(k, e) for k in range(1, s.last + 1)
                 for e in s.history[k].events[len(s.history[k - 1].events):]
                 if e.private_text and 1 not in e.seen_by and e.seen_by]
        if found:
            break
        s.decide(s.state.pending().values[0])
    assert found, "no private fact of another seat in the first steps"
    k, e = found[0]
    s.slider.value = k
    private = html_module.escape(e.private_text)
    s.view.value = 1
    assert private not in s.event_log.value and html_module.escape(e.text) in s.event_log.value
    s.view.value = None
    assert private not in s.event_log.value
    s.view.value = e.seen_by[0]
    assert private in s.event_log.value


def test_the_places_the_class_may_click_are_outlined_only_where_it_decides():
    s = Stepper("hamburgerspelet", players=3, seed=5, class_seat=1)
    from toolkit.widgets.stepper import CLICK_OUTLINE
    import matplotlib.colors as mc

    def outlines():
        return sum(1 for p in s._ax.patches if not p.get_fill() and mc.to_hex(p.get_edgecolor()) == CLICK_OUTLINE)
    others = []
    while not (s._targets(s.state.pending()) and others):
        s.decide(s.state.pending().values[0])
        others = [k for k in range(s.last) if not s._for_class(s.history[k].pending())]
    assert outlines() == len(s._targets(s.state.pending())) > 0
    s.slider.value = others[0]                       # another seat's step
    assert outlines() == 0


@pytest.mark.slow
def test_a_browser_event_delivered_twice_acts_once():
    """ipyevents was seen delivering one keydown twice (same timeStamp) in Voila: the arrow must go one step, and a
    board click delivered twice must decide once; separate presses (other timeStamps) each act."""
    s = Stepper("disneyland", players=2, seed=1)
    s.to_end()
    last = s.index
    press = {"type": "keydown", "key": "ArrowLeft", "timeStamp": 1034.2}
    s._key(press)
    s._key(dict(press))
    assert s.index == last - 1
    s._key({**press, "timeStamp": 1200.5})
    assert s.index == last - 2
    s._key({"type": "keydown", "key": "ArrowRight"})       # no timeStamp (a test or an old ipyevents): acted on
    s._key({"type": "keydown", "key": "ArrowRight"})
    assert s.index == last


@pytest.mark.parametrize("name", game_names())
def test_the_stepper_draws_the_tall_frame_and_the_wide_one_on_request(name):
    """A stepper's frame is the drawing's tall layout (board above the players), within TALL_FRAME_SIZE, so a
    1024x768 projector shows it near its full size beside the decision column; ``frame="wide"`` is the
    notebooks' picture, and any other name is refused with the names it could be."""
    from toolkit.drawing import FRAME_SIZE, TALL_FRAME_SIZE
    tall = Stepper(name, players=2, seed=3)
    width, height = tall._fig.get_size_inches()
    assert tall.frame == "tall" and width <= TALL_FRAME_SIZE[0] + 1e-9 and height <= TALL_FRAME_SIZE[1] + 1e-9
    assert height > width, f"{name}: the stepper's frame is {width} x {height} in, not taller than wide"
    wide = Stepper(name, players=2, seed=3, frame="wide")
    assert tuple(wide._fig.get_size_inches()) == pytest.approx(FRAME_SIZE)
    with pytest.raises(ValueError, match="frame must be one of wide, tall"):
        Stepper(name, players=2, seed=3, frame="square")


def test_a_bad_class_seat_or_agent_list_is_refused_with_what_it_should_be():
    with pytest.raises(ValueError, match=r"class_seat must be a seat from 1 to 4, not '2'"):
        Stepper("disneyland", players=4, seed=1, class_seat="2")
    with pytest.raises(ValueError, match=r"class_seat must be a seat from 1 to 4, not 5"):
        Stepper("disneyland", players=4, seed=1, class_seat=5)
    with pytest.raises(ValueError, match=r"2 agents for 4 players: .* a list of 4, one per seat"):
        Stepper("disneyland", players=4, seed=1, agents=["random", "heuristic"], class_seat=3)
