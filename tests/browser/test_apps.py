"""The classroom apps in a real browser: each game's Stepper page under Voilà, used as a class would use it.

Every check compares the browser with a twin: the same Stepper, built in this process from the page's own code
cell (with the page's seed, fixed for the test through SEED_VARIABLE) and given the same clicks. So the picture
in the browser must be, byte for byte, the drawing the game makes for that step and view, and the event log must
be the same text. The browser adds what Python-side widget tests cannot see: the page renders and fits a
projector's screen at sizes a class can read (measured in the browser: the board's share of the window, its
smallest text on screen, the prompt, the buttons and the status line), clicks and keys reach the kernel, and the
answers come back to the screen. The machine is offline: a request for anything outside localhost fails the test,
and so does any error in the browser's console.
"""
from __future__ import annotations

import ast
import base64
import html
import os
import re

import nbformat
import pytest
from ipywidgets import Dropdown

from toolkit.drawing import player_colour
from toolkit.widgets import Stepper
from toolkit.widgets.stepper import SEED_VARIABLE

from .conftest import APPS_DIR, CHROMIUM, SEED

# One line per game: its classroom app page in notebooks/apps.
APPS = [
    "disneyland_app.ipynb",
    "mcdonalds_app.ipynb",
    "hamburgerspelet_app.ipynb",
    "fcm_app.ipynb",
]

BOARD_CLICKS = {"hamburgerspelet_app.ipynb", "fcm_app.ipynb"}     # pages whose class decisions include places on the board
NO_CHROMIUM = (f"Debian's Chromium is not installed at {CHROMIUM}, so the classroom apps were NOT tested in a "
               "browser (install it with `apt-get install -y chromium`; .ci/run does this when run as root)")
CLASS_MOVES = 8         # decisions the class makes at most before another seat must have moved
WAIT = 30_000           # ms for one answer from the kernel; a failure, never a measurement
RETRY_AFTER = 8_000     # ms after which a click that changed nothing on the page is made again, once (``App.click``)
PROJECTOR = {"width": 1024, "height": 768}      # the classroom's projector: everything without scrolling
LECTURE = {"width": 1920, "height": 1080}       # a lecture hall's screen
# What a class at a projector can read and hit (issue 29), measured in CSS px in the browser:
BOARD_SHARE = 0.60      # of the window's width, at 1024x768 at least
SMALLEST_TEXT_PX = 11   # the board's smallest text as shown (its shown scale x the drawing's smallest font)
FILLS_HEIGHT = 0.85     # of the window's height, at 1920x1080: the board grows to the height (or to its sharp limit)
PROMPT_PX = 18          # the class's question
BUTTON_PX = 36          # the height of each decision button
STATUS_PX = 14          # whose turn and the scores
IMG = ".bgt-image"
STATUS = ".bgt-status-line"
PROMPT = ".bgt-prompt"
LOG = ".bgt-log .widget-html-content"
DECISION = ".bgt-decision"
ERRORS = ".bgt-errors"
MESSAGE = ".bgt-message .widget-html-content"
VIEW = ".bgt-view"
PLAY = ".bgt-play"
PNG = b"\x89PNG\r\n\x1a\n"
PAGE_ERROR = '[data-mime-type="application/vnd.jupyter.stderr"], [data-mime-type="application/vnd.jupyter.error"]'
OUTSIDE = re.compile(r"^https?://(?!127\.0\.0\.1[:/])")

FETCH_PNG = """async img => {
    const b = new Uint8Array(await (await fetch(img.src)).arrayBuffer());
    let s = "";
    for (let i = 0; i < b.length; i += 8192) s += String.fromCharCode(...b.subarray(i, i + 8192));
    return btoa(s);
}"""
SRC_CHANGED = """([sel, old]) => { const i = document.querySelector(sel);
    return i !== null && i.src !== old && i.complete && i.naturalWidth > 0; }"""
TEXT_HAS = "([sel, want]) => { const e = document.querySelector(sel); return e !== null && e.textContent.includes(want); }"
TEXT_IS = "([sel, want]) => { const e = document.querySelector(sel); return e !== null && e.textContent === want; }"
BOX = "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
# true once the element's box is the one the previous poll saw (kept on the element between polls)
STEADY = """([sel]) => { const e = document.querySelector(sel); if (e === null) return false;
    const r = e.getBoundingClientRect(), now = [r.left, r.top, r.width, r.height].join(",");
    const same = e.dataset.bgtBox === now; e.dataset.bgtBox = now; return same; }"""

def test_every_app_page_is_tested_and_every_game_with_a_stepper_has_one():
    """A page in notebooks/apps is in APPS, and every registered game that can be drawn (so stepped) has a page."""
    from importlib.util import find_spec

    from toolkit.core.registry import game_class, game_names
    pages = sorted(p.name for p in APPS_DIR.glob("*.ipynb"))
    assert sorted(APPS) == pages, "APPS (tests/browser/test_apps.py) must list exactly the pages in notebooks/apps"
    steppable = [g for g in game_names() if find_spec(game_class(g).drawing_module) is not None]
    missing = [g for g in steppable if f"{g}_app.ipynb" not in pages]
    assert not missing, f"games with a Stepper but no classroom app page in notebooks/apps: {missing}"


def twin_of(app: str) -> Stepper:
    """The page's Stepper, made here by running the notebook's code (its last expression is the widget)."""
    nb = nbformat.read(APPS_DIR / app, as_version=4)
    tree = ast.parse("\n".join(c.source for c in nb.cells if c.cell_type == "code"))
    last = tree.body.pop()
    assert isinstance(last, ast.Expr), f"{app}: the last code line should display the Stepper"
    scope: dict = {}
    seed, os.environ[SEED_VARIABLE] = os.environ.get(SEED_VARIABLE), SEED     # the page's seed (conftest)
    try:
        exec(compile(tree, app, "exec"), scope)
        widget = eval(compile(ast.Expression(last.value), app, "eval"), scope)
    finally:
        if seed is None:
            del os.environ[SEED_VARIABLE]
        else:
            os.environ[SEED_VARIABLE] = seed
    assert isinstance(widget, Stepper), f"{app} shows a {type(widget).__name__}, not a Stepper"
    assert widget.class_seat is not None, f"{app}: the class plays a seat (class_seat), so decision buttons show"
    return widget


def text_of(value: str) -> str:
    """The text a browser shows for an HTML widget's value (its textContent)."""
    return html.unescape(re.sub(r"<[^>]*>", "", value))


class App:
    """An app page and its twin, driven together."""

    def __init__(self, page, twin: Stepper):
        self.page, self.twin = page, twin

    def src(self):
        return self.page.locator(IMG).get_attribute("src")

    def png(self) -> bytes:
        return base64.b64decode(self.page.locator(IMG).evaluate(FETCH_PNG))

    def log(self) -> str:
        return self.page.locator(LOG).text_content()

    def shown_errors(self) -> str:
        return self.page.locator(ERRORS).text_content().strip()

    def click(self, label: str, twin_action, within: str = "") -> bytes:
        """Click the button labelled ``label`` (inside ``within``), do the same to the twin, wait for the answer.

        A click can land while a freshly drawn control is still arming (``ARMING_MS``: it takes no pointer then,
        by design, so a double-click's second click lands on nothing). Playwright waits for the control to take
        clicks, but on a loaded machine the control can be drawn anew between that check and the click. Then
        nothing happens, and a person would click again: so does this, once, if the page still shows the log it
        showed before the click (a click that did act has changed it)."""
        from playwright.sync_api import TimeoutError as Timeout
        button = self.page.locator(f"{within} button".strip(), has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))
        before = self.log()
        button.click(timeout=WAIT)
        twin_action()
        want = text_of(self.twin.event_log.value)
        if want != before:
            try:
                self.page.wait_for_function(TEXT_IS, arg=[LOG, want], timeout=RETRY_AFTER)
            except Timeout:
                if self.log() == before and button.count() == 1:
                    button.click(timeout=WAIT)
        return self.settle(f"after clicking {label!r}")

    def settle(self, when: str) -> bytes:
        """Wait until the page shows the twin's log and picture; return the picture."""
        from playwright.sync_api import Error
        from playwright.sync_api import TimeoutError as Timeout
        want_png, want_log = bytes(self.twin.image.value), text_of(self.twin.event_log.value)
        png = b""
        try:
            self.page.wait_for_function(TEXT_IS, arg=[LOG, want_log], timeout=WAIT)
            for _ in range(10):     # the picture may come after the log (a view change can leave the log as it was)
                src = self.src()
                try:
                    png = self.png()
                except Error:       # the picture was replaced while being read
                    continue
                if png == want_png:
                    break
                self.page.wait_for_function(SRC_CHANGED, arg=[IMG, src], timeout=WAIT)
        except Timeout:
            pass
        shown_log = self.log() or ""
        assert shown_log == want_log, (
            f"{when}: the page does not show the log of step {self.twin.index} within {WAIT // 1000} s.\n"
            f"expected: {want_log[:300]!r}\nshown: {shown_log[:300]!r}\ncallback errors shown: {self.shown_errors()!r}")
        assert png[:8] == PNG, f"{when}: the picture is not a PNG"
        assert png == want_png, \
            f"{when}: the picture is not the game's drawing of step {self.twin.index} in view {self.twin.view.value!r}"
        assert self.shown_errors() == "", f"{when}: a callback failed: {self.shown_errors()}"
        return png

    def no_page_error(self, when: str):
        """No traceback or warning from the kernel on the page (Voilà shows a failing cell's error in its place)."""
        shown = self.page.locator(PAGE_ERROR)
        assert shown.count() == 0, f"{when}: the page shows an error:\n{shown.first.inner_text()[:2000]}"

    def decide(self) -> str:
        """The class takes the first option of its pending decision; returns the log shown after it."""
        t = self.twin
        d = t.history[t.index].pending()
        if d is None or d.player != t.class_seat:     # the history stops where the class must decide
            assert t.index < t.last, "the class has no decision to make: the game is over"
            self.click("end", t.to_end)
        _head, row = t.decision.children
        first = row.children[0]
        if isinstance(first, Dropdown):     # many options: the drop-down's first, then "decide"
            label, action = "decide", row.children[1].click
        else:
            label, action = first.description, first.click
        self.click(label, action, within=DECISION)
        log = self.log()
        said = (f"Player {t.class_seat} decides", f"Player {t.class_seat} lays face down")
        assert any(x in log for x in said), f"the log does not show the class's decision: {log[:200]!r}"
        return log

    def box(self, selector: str) -> tuple:
        return tuple(self.page.locator(selector).first.evaluate(BOX))

    def fits(self, size: dict, when: str):
        """The board, the pending decision and the log's newest lines are all inside the window, unscrolled."""
        self.page.evaluate("window.scrollTo(0, 0)")
        for name, sel in (("the board", IMG), ("the decision", DECISION), ("the event log", LOG)):
            left, top, right, bottom = self.box(sel)
            assert right - left > 50 and bottom - top > 20, f"{when}: {name} is not shown ({left, top, right, bottom})"
            assert 0 <= left and right <= size["width"] and 0 <= top and bottom <= size["height"], (
                f"{when}: {name} at {left:.0f},{top:.0f}-{right:.0f},{bottom:.0f} is not within the "
                f"{size['width']}x{size['height']} window")
        cut = self.page.locator(f"{DECISION} button").evaluate_all(
            "bs => bs.filter(b => b.scrollWidth > b.clientWidth + 1).map(b => b.textContent)")
        assert not cut, f"{when}: option labels cut off instead of wrapped: {cut}"
        left, top, right, bottom = self.box(IMG)
        natural = self.page.locator(IMG).evaluate("i => [i.naturalWidth, i.naturalHeight]")
        assert right - left <= natural[0] + 1, \
            f"{when}: the board is shown past its PNG's pixels, blurred ({right - left:.0f} px for {natural})"
        return (right - left) / (natural[0] / self.twin.pixel_ratio)

    def measure(self, size: dict, when: str) -> dict:
        """The sizes a class at a projector needs, measured in the browser; each failure says what and where."""
        t = self.twin
        # measured once the board's size has held for a poll (a resize lays the page out again, maybe in steps)
        self.page.wait_for_function(STEADY, arg=[IMG], polling=200, timeout=WAIT)
        fits = self.fits(size, when)
        left, top, right, bottom = self.box(IMG)
        styles = self.page.evaluate(MEASURES, [PROMPT, STATUS, DECISION])
        m = {"share": (right - left) / size["width"], "height": (bottom - top) / size["height"],
             "text": smallest_font_pt(t) / 72 * (right - left) / t._fig.get_size_inches()[0], **styles}
        d = t.state.pending()
        assert d is not None and t._for_class(d), f"{when}: measured where the class decides"
        assert m["prompt_px"] >= PROMPT_PX, f"{when}: the prompt is {m['prompt_px']} px, under {PROMPT_PX}"
        assert m["prompt_colour"] == css_rgb(player_colour(d.player)), \
            f"{when}: the prompt is not marked in Player {d.player}'s colour: {m['prompt_colour']}"
        assert m["buttons"] and min(m["buttons"]) >= BUTTON_PX, \
            f"{when}: decision buttons {m['buttons']} px tall, under {BUTTON_PX}"
        assert m["status_px"] >= STATUS_PX, f"{when}: the status line is {m['status_px']} px, under {STATUS_PX}"
        shown, want = self.page.locator(STATUS).text_content(), text_of(t.status.value)
        assert shown == want and f"Player {d.player}" in shown, \
            f"{when}: the status line reads {shown!r}, not whose turn and the scores {want!r}"
        assert m["text"] >= SMALLEST_TEXT_PX, (
            f"{when}: the board's smallest text shows at {m['text']:.1f} px (the frame at {fits:.2f} of its designed "
            f"size), under {SMALLEST_TEXT_PX}")
        if size == PROJECTOR:
            assert m["share"] >= BOARD_SHARE, \
                f"{when}: the board takes {m['share']:.0%} of the window's width, under {BOARD_SHARE:.0%}"
        else:
            sharp_limit = right - left >= t._fig.get_size_inches()[0] * t.dpi * t.pixel_ratio - 1
            assert m["height"] >= FILLS_HEIGHT or sharp_limit, \
                f"{when}: the board takes {m['height']:.0%} of the window's height, under {FILLS_HEIGHT:.0%}"
        return m

    def click_board(self, value, box) -> bytes:
        """Click the middle of an option's place on the board; the twin gets the same click."""
        t = self.twin
        x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        fx, fy = t._ax.transData.transform((x, y))
        nat_w, nat_h = t._fig.bbox.width, t._fig.bbox.height
        left, top, right, bottom = self.box(IMG)
        self.page.locator(IMG).click(position={"x": fx / nat_w * (right - left),
                                               "y": (nat_h - fy) / nat_h * (bottom - top)}, timeout=WAIT)
        t.click_board(x, y)
        return self.settle(f"after clicking option {value!r} on the board")

    def key(self, key: str, twin_action) -> bytes:
        self.page.locator(IMG).hover()
        self.page.keyboard.press(key)
        twin_action()
        return self.settle(f"after pressing {key}")


MEASURES = """([prompt, status, decision]) => {
    const px = (sel, prop) => parseFloat(getComputedStyle(document.querySelector(sel))[prop]);
    return {prompt_px: px(prompt, "fontSize"),
            prompt_colour: getComputedStyle(document.querySelector(prompt)).borderLeftColor,
            status_px: px(status, "fontSize"),
            buttons: [...document.querySelectorAll(decision + " button")].map(b => b.getBoundingClientRect().height)};
}"""


def css_rgb(colour: str) -> str:
    """A colour as the browser's computed style writes it."""
    from matplotlib.colors import to_rgb
    r, g, b = (round(c * 255) for c in to_rgb(colour))
    return f"rgb({r}, {g}, {b})"


def smallest_font_pt(t: Stepper) -> float:
    """The smallest text, in points, of the picture the page shows: the game's drawing of the twin's step and
    view, drawn afresh (the stepper's quick frames keep unchanging texts as pixels, which a Text search misses)."""
    from tests.legibility import draw
    ax = t.drawing.draw_state(t.state, viewer=t.view.value, **{k: v for k, v in t._draw_kw.items() if k != "fast"})
    texts, _ = draw(ax.figure)
    assert abs(ax.figure.get_size_inches()[0] - t._fig.get_size_inches()[0]) < 1e-6, "not the stepper's frame"
    return min(x.get_fontsize() for x in texts)


def other_seat_step(t: Stepper):
    """The last step made by another seat than the class's, as (step, decision), or None."""
    for k in range(t.last, 0, -1):
        d = t.history[k - 1].pending()
        if d.player != t.class_seat:
            return k, d
    return None


def board_option(t: Stepper):
    """An option of the class's pending decision that has a place on the board, as (value, box), or None."""
    d = t.state.pending()
    if not t._for_class(d):
        return None
    targets = t._targets(d)
    return targets[len(targets) // 2] if targets else None


def _outside(route, asked: list):
    asked.append(route.request.url)
    route.abort()           # (a failed request is also a console error)


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=NO_CHROMIUM)
@pytest.mark.parametrize("app", APPS)
def test_app_page_in_chromium(app, browser, voila_url, screenshots):
    twin = twin_of(app)
    seat = twin.class_seat
    page = browser.new_page(viewport=PROJECTOR)
    console_errors, outside = [], []
    page.on("console", lambda m: m.type == "error" and console_errors.append(m.text))
    page.on("pageerror", lambda e: console_errors.append(f"uncaught: {e}"))
    page.route(OUTSIDE, lambda route: _outside(route, outside))
    name = app.replace(".ipynb", "")
    shot = screenshots / f"{name}_1024x768.png"
    try:
        page.goto(f"{voila_url}voila/render/{app}", timeout=3 * WAIT)
        page.locator(f"{IMG}, {PAGE_ERROR}").first.wait_for(timeout=3 * WAIT)
        a = App(page, twin)
        a.no_page_error("on opening")

        # The page opens where the class decides: the game's drawing of that step, and its log. On the projector
        # the board, the decision and the log all show without scrolling, the board never stretched.
        a.settle("on opening")
        a.measure(PROJECTOR, "on opening at 1024x768")
        page.screenshot(path=str(screenshots / f"{name}_1024x768_opening.png"))

        # Only the class's own seat's view is offered: no peeking at another player's hidden choice.
        views = page.locator(f"{VIEW} button")
        assert [views.nth(i).text_content().strip() for i in range(views.count())] == [f"Player {seat}"], \
            "with a class seat the view toggle must offer that seat's view only"

        # A click on the board decides where the decision is a place (through the same decide() as the buttons);
        # the buttons answer the class's decisions before it.
        clicked = False
        for _ in range(CLASS_MOVES):
            if twin.state.pending() is None:
                break
            where = board_option(twin)
            if where is None and twin._for_class(twin.state.pending()) and twin._groups(twin.state.pending()):
                groups = twin._groups(twin.state.pending())     # a place in two clicks: a square first
                a.click_board(*groups[len(groups) // 2][:2])
                where = board_option(twin)
            if where is None:
                a.decide()
                continue
            k = twin.index
            a.click_board(*where)
            assert twin.history[k + 1].choices[-1] == where[0], "the board click did not decide that option"
            clicked = True
            page.screenshot(path=str(screenshots / f"{name}_1024x768_board_click.png"))
            break
        if app in BOARD_CLICKS:
            assert clicked, f"{app}: none of the class's first {CLASS_MOVES} decisions could be clicked on the board"

        # The class decides with the buttons, until another seat has moved too.
        for _ in range(CLASS_MOVES):
            a.decide()
            if other_seat_step(twin):
                break
        assert other_seat_step(twin), f"after {CLASS_MOVES} decisions of the class no other seat has moved"
        k, other = other_seat_step(twin)
        a.fits(PROJECTOR, "after the class decided")

        # "start" and "end"; then at another seat's step, "back" and "step" change the picture and the log, and
        # "back" restores the picture; the arrow keys do the same.
        a.click("start", twin.to_start)
        a.click("end", twin.to_end)
        for _ in range(twin.last - k):
            a.click("back", twin.back)
        here, log_here = a.png(), a.log()
        before = a.click("back", twin.back)
        assert before != here and a.log() != log_here, f"'back' from step {k} left the picture or the log unchanged"
        log_before = a.log()
        assert a.click("step", twin.step) == here, f"'step' to step {k} did not show step {k}"
        assert a.log() != log_before, f"'step' to step {k} left the event log unchanged"
        assert a.key("ArrowLeft", twin.back) == before, "the left arrow did not go one step back"
        assert a.key("ArrowRight", twin.step) == here, "the right arrow did not go one step forward"

        # The class's own view does not name the other seat's choice.
        assert f"Player {other.player} makes a choice." in a.log() or f"Player {other.player} lays a choice face down" \
            in a.log(), f"Player {seat}'s view should not show Player {other.player}'s choice: {a.log()[:200]!r}"

        # Play runs on from here and pauses at the end; there, play does not start again from step 0.
        a.click("back", twin.back)
        a.click("back", twin.back)
        toggle = page.locator(f".bgt-stepper {PLAY}")
        toggle.click(timeout=WAIT)
        page.wait_for_function(TEXT_HAS, arg=[PLAY, "pause"], timeout=WAIT)
        page.wait_for_function(TEXT_HAS, arg=[PLAY, "play"], timeout=3 * WAIT)
        twin.to_end()
        a.settle("after playing to the end")
        toggle.click(timeout=WAIT)
        twin.play(True)
        page.wait_for_function(TEXT_HAS, arg=[MESSAGE, "waits for the class's decision"], timeout=WAIT)
        a.settle("after pressing play at the end")

        # "save picture" gives the frame shown, as a PNG download.
        page.locator(".bgt-stepper button", has_text="save picture").click(timeout=WAIT)
        with page.expect_download(timeout=WAIT) as got:
            page.locator(".bgt-save-links a", has_text="PNG").click(timeout=WAIT)
        assert open(got.value.path(), "rb").read() == bytes(twin.image.value), "the saved PNG is not the frame"

        # The sizes again where the class decides, at 1024x768 and on a lecture hall's screen, where the board
        # grows to the window's height.
        projector = a.measure(PROJECTOR, "where the class decides, at 1024x768")
        small = a.box(IMG)[2] - a.box(IMG)[0]
        page.set_viewport_size(LECTURE)
        page.wait_for_function("([sel, w]) => document.querySelector(sel).getBoundingClientRect().width > w",
                               arg=[IMG, small], timeout=WAIT)
        lecture = a.measure(LECTURE, "at 1920x1080")
        assert lecture["text"] > projector["text"], "the board does not grow on a larger screen"
        page.screenshot(path=str(screenshots / f"{name}_1920x1080.png"))
        page.set_viewport_size(PROJECTOR)

        a.no_page_error("at the end")
        assert not outside, f"the page fetched from outside localhost: {outside}"
        assert not console_errors, f"errors in the browser console: {console_errors}"
    finally:
        try:
            page.screenshot(path=str(shot))
            print(f"screenshots: {screenshots / name}_*.png")
        finally:
            page.close(run_before_unload=True)
