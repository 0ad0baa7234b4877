"""Drawings of the whole game and the generic stepper on FCM."""
import re

import matplotlib
import pytest

matplotlib.use("Agg")

from matplotlib.text import Annotation  # noqa: E402

from toolkit.core.loop import agent_step  # noqa: E402
from toolkit.core import make_agents, new_game, play  # noqa: E402
from toolkit.games.fcm.game import drawing  # noqa: E402

from .helpers import setup_game  # noqa: E402


def finished(players=3, seed=4):
    g = new_game("fcm", players=players, seed=seed)
    play(g, make_agents("fcm", players, "heuristic"))
    return g


@pytest.mark.slow
def test_state_png_and_views_hide_hands():
    g = new_game("fcm", players=3, seed=4)
    play(g, make_agents("fcm", 3, "heuristic"), max_steps=40)
    assert drawing.state_png(g)[:4] == b"\x89PNG" and drawing.state_png(g, layout="tall")[:4] == b"\x89PNG"
    g.company(2).hand["waitress"] = 1
    assert "hidden" in drawing.player_lines(g, 2, viewer=1)[3]
    assert "Waitress" in drawing.player_lines(g, 2, viewer=2)[3]
    assert "Waitress" in drawing.player_lines(g, 2, viewer=None)[3]
    ax = drawing.draw_state(g, viewer=1)
    assert "Player 1's view" in ax.get_title()
    assert g._repr_png_()[:4] == b"\x89PNG"


def test_dinnertime_trace_draws_one_arrow_per_sale():
    g = setup_game()
    g.co.bank = 1000
    for s in (1, 2):
        g.company(s).goods["burger"] = 1
    g.map.demand[18] = ["burger"]
    from toolkit.games.fcm.game import dinnertime
    recs = dinnertime.run(g)
    ax = drawing.draw_dinnertime(g, recs)
    arrows = [c for c in ax.get_children() if isinstance(c, Annotation)]
    assert len(arrows) == 1
    texts = [t.get_text() for table in ax.child_axes for t in table.texts]    # the table beside the map
    row = next(t for t in texts if t.startswith("house 18: "))
    assert "10+0=10" in row and "(also P" in row and row.endswith(" 11)")     # the loser's price + distance


def test_timeline_demand_and_marketing_figures():
    g = finished()
    ax = drawing.draw_cash_timeline(g)
    assert len(ax.lines) == g.players + 2        # chains, bank, zero line
    assert ax.lines[g.players].get_ydata()[-1] == g.co.bank
    ax = drawing.draw_demand_over_rounds(g)
    assert ax.images[0].get_array().shape[1] == len(g.demand_log)
    assert g.marketing_log
    ax = drawing.draw_marketing_step(g, 0)
    assert "campaign #" in ax.get_title()


def test_fcm_6_6_each_marketing_step_shows_the_demand_as_it_stood_then():
    """A marketing step's picture shows the tokens placed up to that step, not those of later steps."""
    from toolkit.core import make_agents, new_game
    g = new_game("fcm", players=3, seed=5)
    agents = make_agents("fcm", 3, "heuristic")
    while g.pending() is not None and not (len(g.marketing_log) >= 3 and
                                           sum(len(p) for _, p in g.marketing_log[1:]) >= 2):
        d = g.pending()
        agent_step(g, agents, d)
    assert len(g.marketing_log) >= 3, "no Marketing phase of three steps in this game"
    total = sum(len(goods) for goods in g.map.demand.values())
    for k in range(len(g.marketing_log)):
        later = sum(n for _, placed in g.marketing_log[k + 1:] for n in placed.values())
        ax = drawing.draw_marketing_step(g, k)
        dots = sum(len(line.get_xdata()) for line in ax.lines if line.get_linestyle() in ("None", "none", "")
                   and line.get_gid() != "rounds left")       # (the campaigns' badges of rounds left)
        assert dots == total - later, (k, dots, total, later)


def test_stepper_plays_fcm_and_the_class_decides():
    from toolkit.widgets import Stepper
    s = Stepper("fcm", players=2, seed=3, agents="heuristic", class_seat=1, teacher=True)
    d = s.state.pending()
    assert d.player == 1 and d.kind == "reserve"
    s.decide(300)
    assert s.history.game.company(1).reserve == 300
    s.view.value = 2
    assert s.frame_png()[:4] == b"\x89PNG"


def test_the_tall_frame_puts_the_map_above_every_player_and_keeps_hands_hidden():
    """``layout="tall"`` (the stepper's frame): within TALL_FRAME_SIZE and taller than wide; the map's squares
    above every line of the panel; every player's line, the head and the next decision there; the same places
    marked as on the wide frame (board clicks); hands of others hidden as on the wide frame (FCM-I42)."""
    from toolkit.drawing import TALL_FRAME_SIZE, drawn_places
    g = new_game("fcm", players=4, seed=4)
    play(g, make_agents("fcm", 4, "heuristic"), max_steps=60)
    g.company(2).hand["waitress"] = 1
    ax = drawing.draw_state(g, viewer=1, layout="tall")
    w, h = ax.figure.get_size_inches()
    assert w <= TALL_FRAME_SIZE[0] and h <= TALL_FRAME_SIZE[1] and h > w
    def board(places):           # a tag beside a tile too small for its number is placed for the layout's size
        return {k: v for k, v in places.items() if not (isinstance(k, tuple) and k[0] == "campaign tag")}
    places = board(drawn_places(ax))
    wide = board(drawn_places(drawing.draw_state(g, viewer=1)))
    assert places.pop("key") != wide.pop("key") and places == wide        # the key's place is the layout's own
    map_bottom = places["squares"][3]
    texts = [t.get_text() for t in ax.texts if t.get_position()[1] > map_bottom]       # (y runs downwards)
    for s in range(1, 5):
        assert any(t.startswith(f"Player {s}: $") for t in texts), s
    assert any(t.startswith("Round ") for t in texts) and any(t.startswith("Next: Player ") for t in texts)
    assert not any("Waitress" in t for t in texts) and any("hand: " in t and " hidden" in t for t in texts)
    assert any("Waitress" in t.get_text() for t in drawing.draw_state(g, viewer=2, layout="tall").texts)
    assert "Player 1's view" in ax.get_title()
    with pytest.raises(ValueError, match="layout must be one of .*wide.*tall"):
        drawing.draw_state(g, layout="square")


def test_a_crowded_tall_panel_is_told_briefly_then_cut_and_never_overlaps():
    """Five players with long hands in the class view: the blocks are told as briefly as needed (hands counted),
    and no text overlaps another or leaves the frame; with still less room each block is cut to a last line
    ending in an ellipsis, no line longer than the block is wide."""
    from tests.legibility import problems
    g = new_game("fcm", players=5, seed=2)
    play(g, make_agents("fcm", 5, "heuristic"), max_steps=30)
    kinds = list(g.co.staff.employees)
    for s in range(1, 6):
        g.company(s).hand.update({k: 1 + (s + i) % 3 for i, k in enumerate(kinds[s:s + 14])})
    ax = drawing.draw_state(g, layout="tall")
    texts = [t.get_text() for t in ax.texts]
    assert sum(t.startswith("Player ") for t in texts) == 5
    assert sum("hand: " in t and " cards; milestones: " in t for t in texts) == 5     # counted, not listed
    assert problems(ax.figure, "board") == []
    blocks, heights = drawing._fit_blocks(g, None, 40, room=6.5, rows=3)
    assert sum(heights) <= 6.5 and all(len(line) <= 40 for b in blocks for line, _, _ in b)
    assert all(b[-1][0].endswith("\u2026") for b in blocks) and [len(b) for b in blocks] == [2] * 5


@pytest.mark.slow
def test_a_crowded_wide_panel_uses_its_room_a_chain_at_a_time_and_never_runs_into_the_key():
    """Five players on the wide frame: where every chain told at its briefest leaves lines empty above the key,
    chains are told more fully one at a time (the player about to decide and those next in turn order first)
    until the room is used; where even the briefest do not fit (the class view of cards laid face down in
    Restructuring), the longest chains are cut short with an ellipsis and the decision is kept whole. At every
    moment looked at, no text runs into the key or another text."""
    from tests.legibility import key_problems, problems
    g = new_game("fcm", players=5, seed=7)
    agents, done = make_agents("fcm", 5, "heuristic"), 0
    for steps in (70, 150, 300):
        play(g, agents, max_steps=steps - done)
        done = steps
        if steps == 70:             # 23 lines: the wide frame's room for 5 players' panel
            room, gaps = 23, 0.35 * 5
            lines = drawing._panel(g, None, 63, room)
            briefest = (drawing._head_lines(g) + drawing._next_lines(g, 63)
                        + [x for s in range(1, 6) for x in drawing._chain_lines(g, s, None, 63, 3)])
            assert len(briefest) + gaps + 1 <= room            # the briefest leave a line or more unused
            assert room - 1 < len(lines) + gaps <= room        # ... which a chain told more fully now takes
            told = {s: sum(seat == s for _, _, seat in lines) for s in range(1, 6)}
            assert told[g.pending().player] == max(told.values()) > min(told.values())
        ax = drawing.draw_state(g)
        assert key_problems(ax, least_pt=drawing.KEY_SIZE) == [], steps
        assert problems(ax.figure, "board") == [], steps
        if steps == 300:            # the class sees the cards laid face down: cut short, the decision whole
            texts = [t.get_text() for t in ax.texts]
            assert any("face down: " in t and t.endswith("\u2026") for t in texts), texts     # (on a line cut short)
            assert not any(t.startswith("Next: ") and t.endswith("\u2026") for t in texts), texts

def _edge_labels(ax):
    """The map's row numbers (left of column 0) and column numbers (above row 0): {number: y} and {number: x}."""
    rows, cols = {}, {}
    for t in ax.texts:
        x, y = t.get_position()
        if t.get_text().isdigit() and x < -0.5 and -0.5 < y:
            rows[int(t.get_text())] = y
        elif t.get_text().isdigit() and y < -0.5 and -0.5 < x:
            cols[int(t.get_text())] = x
    return rows, cols


def test_map_is_labelled_by_row_and_column_as_the_options_name_squares():
    """The option "restaurant at row R, column C, ..." puts the restaurant's top-left square beside row number R on the
    map's left edge and under column number C along its top (0-based, row first), in every drawing of the map."""
    from toolkit.drawing import drawn_places
    from toolkit.games.fcm.map import drawing as md
    g = new_game("fcm", players=3, seed=4)
    while g.pending().kind != "start_restaurant":
        g.apply(g.pending().options[0].value)
    where = {o.value: tuple(map(int, re.match(r"restaurant at row (\d+), column (\d+),", o.label).groups()))
             for o in g.pending().options if o.value != "pass"}
    opt = next(o for o in g.pending().options if o.value in where and len(set(where[o.value])) == 2)   # row != column
    r, c = where[opt.value]
    g.apply(opt.value)
    rid = max(g.map.restaurants)
    for ax in (md.draw_map(g.map), drawing.draw_state(g), drawing.draw_state(g, layout="tall"),
               drawing.draw_dinnertime(g, [])):
        x0, y0, x1, y1 = drawn_places(ax)[("restaurant", rid)]
        assert x0 < c < x0 + 1 < x1 and y0 < r < y0 + 1 < y1        # its top-left square is drawn at (c, r)
        rows, cols = _edge_labels(ax)
        assert rows[r] == r and cols[c] == c
        assert set(rows) == set(range(g.map.height)) and set(cols) >= set(range(0, g.map.width, 2))
    assert set(_edge_labels(md.draw_map(g.map))[1]) == set(range(g.map.width))     # at full size, every column


@pytest.mark.slow
def test_fcm_6_1_the_key_tells_the_maps_signs_in_both_layouts_clear_of_the_map_and_the_panel():
    """Every frame has a key of the map's signs in the tiles' own names: the drink sources' letters, the demand
    dots' goods and the campaign tiles' kinds, whose number is the order they run in (FCM-6.1). In both layouts
    and with 2 to 5 players (and on a map of two tiles) its text is 9 pt (11 px where a 1024 x 768 page shows the tall frame at 0.95 of its
    size), overlaps no other text, and its place lies clear of the map (with its airplanes' room and its row and
    column numbers) and inside the frame. The tall frame's panel is 9 pt or more with 2 to 4 players (8 before)."""
    from tests.legibility import key_problems, key_texts
    from toolkit.drawing import drawn_places
    from toolkit.games.fcm.map.tiles import DRINK_CHARS, GOODS, MARKETING_KINDS
    from toolkit.games.fcm.game.rules import FcmGame
    games = []
    for players in (2, 3, 4, 5):
        games.append(new_game("fcm", players=players, seed=4))
        play(games[-1], make_agents("fcm", players, "heuristic"), max_steps=70)
    games.append(FcmGame(players=2, seed=1, options={"layout": "K0 Q0"}))     # a map of two tiles: low and wide
    for g in games:
        players = g.players
        for layout in ("wide", "tall"):
            ax = drawing.draw_state(g, layout=layout)
            said = {t.get_text() for t in key_texts(ax)}
            assert set(DRINK_CHARS) | set(DRINK_CHARS.values()) | set(GOODS) | set(MARKETING_KINDS) <= said
            assert any("lowest #" in t for t in said), said
            left, right, top, bottom = drawing._map_room(g.map)
            x0, y0, _, _ = drawn_places(ax)["squares"]
            room = (left - 1.0, top - 1.0, right, bottom)          # the numbers' room: under a square left and above
            problems = key_problems(ax, apart=[room], least_pt=drawing.KEY_SIZE)
            assert not problems, (players, layout, problems)
            if layout == "tall" and players <= 4:
                panel = [t for t in ax.texts if t.get_text().startswith(("Player ", "Round ", "Next: "))]
                assert panel and min(t.get_fontsize() for t in panel) >= 9, (players, layout)


@pytest.mark.slow
def test_the_next_decision_stops_short_of_the_key_whatever_its_length():
    """The "Next:" line is the panel's last: in both layouts and with 2 to 5 players the panel makes room for it
    (its chains told more briefly), and a decision too long for the room left is cut short with an ellipsis, so
    no text of the panel runs into the key."""
    from tests.legibility import key_problems
    from toolkit.core.decisions import Decision
    for players in (2, 3, 4, 5):
        g = new_game("fcm", players=players, seed=4)
        play(g, make_agents("fcm", players, "heuristic"), max_steps=70)
        real = g.pending()
        for words in (12, 40, 400):
            prompt = " ".join(["Choose your place in turn order (you have 3 open slots)"] * (words // 10))
            g.pending = lambda prompt=prompt: Decision(real.player, real.kind, prompt, real.options, real.clauses)
            for layout in ("wide", "tall"):
                ax = drawing.draw_state(g, layout=layout)
                problems = key_problems(ax, least_pt=drawing.KEY_SIZE)
                assert not problems, (players, words, layout, problems)
                nxt = [t.get_text() for t in ax.texts if t.get_text().startswith("Next: ")]
                assert len(nxt) == 1
                if words == 400:
                    assert [t for t in ax.texts if t.get_text().endswith("\u2026")]
