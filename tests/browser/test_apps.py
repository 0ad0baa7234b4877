"""The classroom apps in a real browser: each game's Stepper page under Voilà, used as a person would use it.

Every check compares the browser with a twin: the same Stepper, built in this process from the page's own code
cell and given the same clicks. So the picture in the browser must be, byte for byte, the drawing the game makes
for that step and view, and the event log must be the same text. The browser adds what Python-side widget
tests cannot see: the page renders, clicks reach the kernel, and the answers come back to the screen.
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

from toolkit.widgets import Stepper

from .conftest import APPS_DIR, CHROMIUM

# One line per game: its classroom app page in notebooks/apps.
APPS = [
    "disneyland_app.ipynb",
    "mcdonalds_app.ipynb",
    "hamburgerspelet_app.ipynb",
    "fcm_app.ipynb",
]

# Optional, per page: the drawing module's colour for what a player's view shows face down, which must cover
# more of the picture in the class's seat's view than in the class view (Disneyland: other players' photos).
FACE_DOWN = {"disneyland_app.ipynb": "HIDDEN"}

NO_CHROMIUM = (f"Debian's Chromium is not installed at {CHROMIUM}, so the classroom apps were NOT tested in a "
               "browser (install it with `apt-get install -y chromium`; .ci/run does this when run as root)")
CLASS_MOVES = 8         # decisions the class makes at most before another seat must have moved
WAIT = 30_000           # ms for one answer from the kernel; a failure, never a measurement
IMG = "img.widget-image"
LOG = f"{IMG} ~ .widget-html .widget-html-content"     # the event log: the HTML widget beside the picture
DECISION = f"{IMG} ~ .widget-vbox"                     # the class's decision buttons
ERRORS = f"{IMG} ~ .widget-output"                     # where the Stepper shows a callback's error
PNG = b"\x89PNG\r\n\x1a\n"
PAGE_ERROR = '[data-mime-type="application/vnd.jupyter.stderr"], [data-mime-type="application/vnd.jupyter.error"]'
OUTSIDE = re.compile(r"^https?://(?!127\.0\.0\.1[:/])")
# Voilà's lab template links Font Awesome from a CDN; the icons come from the page's own bundle anyway, so the
# test machine (often offline) gets an empty stylesheet for these two. Any other outside request fails the test.
VOILA_CDN = re.compile(r"^https://cdn\.jsdelivr\.net/npm/@fortawesome/fontawesome-free@[^/]+/css/[\w.-]+\.css$")

FETCH_PNG = """async img => {
    const b = new Uint8Array(await (await fetch(img.src)).arrayBuffer());
    let s = "";
    for (let i = 0; i < b.length; i += 8192) s += String.fromCharCode(...b.subarray(i, i + 8192));
    return btoa(s);
}"""
SRC_CHANGED = """([sel, old]) => { const i = document.querySelector(sel);
    return i !== null && i.src !== old && i.complete && i.naturalWidth > 0; }"""
TEXT_IS = "([sel, want]) => { const e = document.querySelector(sel); return e !== null && e.textContent === want; }"


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
    exec(compile(tree, app, "exec"), scope)
    widget = eval(compile(ast.Expression(last.value), app, "eval"), scope)
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
        """Click the button labelled ``label`` (inside ``within``), do the same to the twin, wait for the answer."""
        button = self.page.locator(f"{within} button".strip(), has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))
        button.click(timeout=WAIT)
        twin_action()
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
        assert f"Player {t.class_seat} decides" in log, f"the log does not show the class's decision: {log[:200]!r}"
        return log


def other_seat_step(t: Stepper):
    """The last step made by another seat than the class's, as (step, decision), or None."""
    for k in range(t.last, 0, -1):
        d = t.history[k - 1].pending()
        if d.player != t.class_seat:
            return k, d
    return None


def share_of(png: bytes, colour: str) -> float:
    """The share of the picture's pixels painted exactly in ``colour``."""
    import io

    import matplotlib.colors
    import matplotlib.image
    import numpy as np
    rgb = matplotlib.image.imread(io.BytesIO(png))[..., :3]
    return float(np.all(np.abs(rgb - matplotlib.colors.to_rgb(colour)) < 0.6 / 255, axis=-1).mean())


def _outside(route, asked: list):
    if VOILA_CDN.match(route.request.url):
        route.fulfill(status=200, content_type="text/css", body="/* offline test: icons come from the page */")
    else:
        asked.append(route.request.url)
        route.abort()


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=NO_CHROMIUM)
@pytest.mark.parametrize("app", APPS)
def test_app_page_in_chromium(app, browser, voila_url, screenshots):
    twin = twin_of(app)
    seat = twin.class_seat
    page = browser.new_page(viewport={"width": 1280, "height": 1400})
    console_errors, outside = [], []
    page.on("console", lambda m: m.type == "error" and console_errors.append(m.text))
    page.on("pageerror", lambda e: console_errors.append(f"uncaught: {e}"))
    page.route(OUTSIDE, lambda route: _outside(route, outside))
    shot = screenshots / app.replace(".ipynb", ".png")
    try:
        page.goto(f"{voila_url}voila/render/{app}", timeout=3 * WAIT)
        page.locator(f"{IMG}, {PAGE_ERROR}").first.wait_for(timeout=3 * WAIT)
        a = App(page, twin)
        a.no_page_error("on opening")

        # The page opens on the board: a PNG, the game's drawing of the step the Stepper opens at, and its log.
        # Known Stepper bug: the Play widget is jslinked to the slider and the browser's link starts by copying
        # the Play's value into the slider, so when the two differ in Python the page jumps to the Play's step.
        # Then both sides go to the start first, and the test ends as an expected failure naming the bug.
        opens, play_value = twin.slider.value, twin.play_widget.value
        jumps = opens != play_value
        if jumps:
            a.click("start", twin.to_start)
        else:
            a.settle("on opening")

        # The class decides with the buttons, until another seat has moved too.
        for _ in range(CLASS_MOVES):
            a.decide()
            if other_seat_step(twin):
                break
        assert other_seat_step(twin), f"after {CLASS_MOVES} decisions of the class no other seat has moved"
        k, other = other_seat_step(twin)

        # "start" and "end"; then at another seat's step, "back" and "step" change the picture and the log, and
        # "back" restores the picture.
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
        assert a.click("back", twin.back) == before, "'back' did not restore the previous picture"
        a.click("step", twin.step)

        # The class's own view hides what the class view shows: the picture differs, and the other seat's
        # choice is named only in the class view.
        own = here
        assert f"Player {other.player} decides ({other.kind})" in a.log(), \
            f"Player {seat}'s view should not show Player {other.player}'s choice: {a.log()[:200]!r}"
        everything = a.click("class view", lambda: setattr(twin.view, "value", None))
        assert everything != own, f"Player {seat}'s view and the class view show the same picture"
        if app in FACE_DOWN:
            colour = getattr(twin.drawing, FACE_DOWN[app])
            assert share_of(own, colour) > share_of(everything, colour), \
                f"step {twin.index}: Player {seat}'s view shows nothing face down ({colour}) that the class view shows"
        assert f"Player {other.player} decides: " in a.log(), \
            f"the class view should show Player {other.player}'s choice: {a.log()[:200]!r}"
        assert a.click(f"Player {seat}", lambda: setattr(twin.view, "value", seat)) == own, \
            f"back in Player {seat}'s view, the picture is not the one shown before"

        a.no_page_error("at the end")
        assert not outside, f"the page fetched from outside localhost: {outside}"
        assert not console_errors, f"errors in the browser console: {console_errors}"
        assert not jumps, (f"the page opens at step {play_value} (the Play widget's value), not at step {opens} "
                           "where the Stepper opens in Python")
    finally:
        try:
            page.screenshot(path=str(shot), full_page=True)
            print(f"screenshot: {shot}")
        finally:
            page.close(run_before_unload=True)
