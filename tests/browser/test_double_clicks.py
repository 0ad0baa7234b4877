"""A class clicks twice, hesitates, and clicks fast: on each classroom page in a real browser, every kind of control
is double- and triple-clicked and the game's record must hold exactly the answers the class meant, once each.

The record is read back from the page (the stepper's hidden line of the class's own answers, ``.bgt-answers``) and
compared with a twin: the same Stepper built here from the page's code with the page's seed, given each intended
answer once. Before each reading the page is synchronised with its kernel by an idempotent round trip ("save
picture" and its links), so every click the browser sent has been handled. Two ways a repeated click can go wrong
are both met: the second click reaching the old control (its widget still listening) and the second click landing
on the new control drawn in its place. The latter is made certain by freezing the page's animations (Chromium's
``Animation.setPlaybackRate`` 0), so the new control is still in its arming time when clicked, however slow this
machine is; the test then checks the arming, not a race. No traceback may reach the page.
"""
from __future__ import annotations

import json
import os
import re

import pytest
from ipywidgets import Dropdown

from .conftest import CHROMIUM
from .test_apps import APPS, DECISION, ERRORS, IMG, LOG, NO_CHROMIUM, PAGE_ERROR, PROJECTOR, TEXT_IS, WAIT, \
    text_of, twin_of

RECORD = ".bgt-answers"
MOVES = 9               # class decisions driven on each page
TRACE = re.compile(r"Traceback|IllegalChoice|File \"|\.py\b")


class Page:
    """A page and its twin; every intended answer is given to the twin once."""

    def __init__(self, page, twin, shots=None):
        self.page, self.twin, self.shots = page, twin, shots
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Animation.enable")

    def record(self):
        return json.loads(self.page.locator(RECORD).text_content() or "[]")

    def frozen(self, on: bool):
        """Freeze the page's animations (a control drawn now stays in its arming time) or let them run."""
        self.cdp.send("Animation.setPlaybackRate", {"playbackRate": 0 if on else 1})

    def sync(self, when: str):
        """Every click sent so far has been handled by the kernel: a round trip after them, then the checks:
        the page's record is the twin's, its log the twin's, and no error or traceback on the page."""
        links = self.page.locator(".bgt-save-links a")
        there, back = ("back", "step") if self.twin.index > 0 else ("step", "back")
        self.button(there).click(timeout=WAIT)       # redrawn: the save links go (if any were there)
        links.first.wait_for(state="detached", timeout=WAIT)
        self.button(back).click(timeout=WAIT)
        self.button("save picture").click(timeout=WAIT)
        links.first.wait_for(timeout=WAIT)          # new links: every message before them was handled
        want = [list(a) for a in self.twin.answers]
        assert self.record() == want, f"{when}: the record is {self.record()}, the class meant {want}"
        self.page.wait_for_function(TEXT_IS, arg=[LOG, text_of(self.twin.event_log.value)], timeout=WAIT)
        assert self.page.locator(ERRORS).text_content().strip() == "", f"{when}: an error was shown"
        assert self.page.locator(PAGE_ERROR).count() == 0, f"{when}: the page shows a kernel error"
        shown = self.page.locator("body").inner_text()
        assert not TRACE.search(shown), f"{when}: the page shows a trace: {TRACE.search(shown)}"

    def armed(self, selector: str):
        """Wait until the (first) element ``selector`` takes the pointer: its arming time after being drawn over.
        A raw mouse click (not Playwright's, which waits for this itself) needs it, or it lands on nothing."""
        self.page.wait_for_function("sel => getComputedStyle(document.querySelector(sel)).pointerEvents !== 'none'",
                                    arg=selector, timeout=WAIT)

    def button(self, label: str):
        return self.page.locator(".bgt-stepper button", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).first

    def wait_record(self, n: int):
        self.page.wait_for_function(f"() => JSON.parse(document.querySelector('{RECORD}').textContent"
                                    f" || '[]').length === {n}", timeout=WAIT)

    def centre(self, locator):
        box = locator.bounding_box(timeout=WAIT)
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def board_point(self, box):
        """The page's pixel of the middle of a data-coordinate box on the twin's frame."""
        t = self.twin
        fx, fy = t._ax.transData.transform(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
        img = self.page.locator(IMG).bounding_box(timeout=WAIT)
        return (img["x"] + fx / t._fig.bbox.width * img["width"],
                img["y"] + (t._fig.bbox.height - fy) / t._fig.bbox.height * img["height"])


def _option_button(p: Page, label: str):
    return p.page.locator(f"{DECISION} button", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).first


def _answer_with_buttons(p: Page, style: str, when: str):
    """The first option's button, clicked ``style``: "double", "triple" or "new" (once, then again on the control
    drawn in its place, animations frozen)."""
    t = p.twin
    row = t.decision.children[1].children
    d = t.state.pending()
    if isinstance(row[0], Dropdown):                # many options: the list's first, then "decide"
        button, label, value = _option_button(p, "decide"), "decide", row[0].value
    else:
        label = row[0].description
        button, value = _option_button(p, label), next(o.value for o in d.options if o.label == label)
    n = len(t.answers)
    if style == "new":
        button.wait_for(timeout=WAIT)
        p.armed(f"{DECISION} button")      # its arming over: this click counts
        x, y = p.centre(button)
        p.frozen(True)
        try:
            old = button.element_handle(timeout=WAIT)
            p.page.mouse.click(x, y)
            t.decide(value)
            p.wait_record(n + 1)
            p.page.wait_for_function("old => !old.isConnected", arg=old, timeout=WAIT)    # the new frame's controls
            p.page.mouse.click(x, y)                # on whatever the new frame drew there, still arming
            p.page.mouse.click(x, y)
        finally:
            p.frozen(False)
    else:
        button.click(click_count=2 if style == "double" else 3, timeout=WAIT)
        t.decide(value)
    p.sync(f"{when}: {style}-click on {label!r}")


def _answer_on_board(p: Page, when: str):
    """A place on the board double-clicked (two clicks in a row at one point)."""
    t = p.twin
    value, box = t._targets(t.state.pending())[0]
    x, y = p.board_point(box)
    p.page.locator(IMG).hover()
    p.armed(IMG)
    p.page.mouse.dblclick(x, y)
    t.decide(value)
    p.sync(f"{when}: double-click on the board at {value!r}")


def _answer_in_two_clicks(p: Page, when: str):
    """A two-click place: a shaded square, then (double-clicked) an outlined place of it."""
    t = p.twin
    d = t.state.pending()
    groups = t._groups(d)
    group = groups[len(groups) // 2]
    x, y = p.board_point(group[1])
    p.armed(IMG)
    src = p.page.locator(IMG).get_attribute("src")
    p.page.mouse.click(x, y)
    t._show(narrow=group)
    p.page.wait_for_function("([sel, old]) => document.querySelector(sel).src !== old", arg=[IMG, src],
                             timeout=WAIT)
    another = p.page.locator(f"{DECISION} button", has_text="another square")
    another.wait_for(timeout=WAIT)                 # narrowed: the group's buttons and "another square"
    for value in group[2]:
        assert _option_button(p, d.option(value).label).count() == 1, f"{when}: {value!r} has no button"
    if p.shots:
        p.page.screenshot(path=str(p.shots))
    value, box = t._targets(d)[-1]
    x, y = p.board_point(box)
    p.armed(IMG)
    p.page.mouse.dblclick(x, y)
    t.decide(value)
    p.sync(f"{when}: the place {value!r} in two clicks")


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=NO_CHROMIUM)
@pytest.mark.parametrize("app", APPS)
def test_repeated_clicks_answer_once(app, browser, voila_url, screenshots):
    twin = twin_of(app)
    page = browser.new_page(viewport=PROJECTOR)
    name = app.replace(".ipynb", "")
    try:
        page.goto(f"{voila_url}voila/render/{app}", timeout=3 * WAIT)
        page.locator(f"{IMG}, {PAGE_ERROR}").first.wait_for(timeout=3 * WAIT)
        p = Page(page, twin, screenshots / f"{name}_two_clicks.png")
        p.sync("on opening")
        done, styles = set(), ["double", "new", "triple"]
        for i in range(MOVES):
            d = twin.state.pending()
            if d is None:
                break
            when = f"{app}, class decision {i + 1} ({d.kind})"
            many = isinstance(twin.decision.children[1].children[0], Dropdown)
            if twin._groups(d) and "decide" in done and "two clicks" not in done:
                _answer_in_two_clicks(p, when)
                done.add("two clicks")
            elif twin._targets(d) and "board" not in done:
                _answer_on_board(p, when)
                done.add("board")
                # a double-click on the picture selected the board and the text beside it, tinted blue
                assert page.evaluate("() => String(window.getSelection())") == "", f"{when}: text selected"
            else:
                style = "double" if many else styles[i % len(styles)]
                _answer_with_buttons(p, style, when)
                done.add("decide" if many else style)
        assert {"double", "new", "triple"} <= done, f"{app}: option buttons not all tried: {done}"
        if app in ("hamburgerspelet_app.ipynb", "mcdonalds_app.ipynb", "fcm_app.ipynb"):
            assert "board" in done or "two clicks" in done, f"{app}: no board place was double-clicked"
        if app == "fcm_app.ipynb":
            assert {"decide", "two clicks"} <= done, f"{app}: {done}"
        page.screenshot(path=str(screenshots / f"{name}_double_clicks.png"))

        # step and back: a double-click goes two steps and answers nothing; the arrow keys likewise
        last = twin.index
        assert last == twin.last
        p.button("back").dblclick(timeout=WAIT)
        twin.back()
        twin.back()
        p.sync("after a double-click on back")
        page.locator(IMG).hover()
        page.keyboard.press("ArrowLeft")
        twin.back()
        p.sync("after the left arrow")
        p.button("step").click(click_count=3, timeout=WAIT)
        for _ in range(3):
            twin.step()
        p.sync("after a triple-click on step")
        for _ in range(6):          # back to a step of another seat, where "to step N" shows
            p.button("back").click(timeout=WAIT)
            twin.back()
            if len(twin.decision.children) == 1 or twin.index == 0:
                break
        p.sync("after going back")
        # "to step N, where the class decides", clicked again where the first option's button is then drawn
        assert len(twin.decision.children) == 1 and twin.index < last, f"{app}: no step with 'to step N' found"
        go = page.locator(f"{DECISION} button", has_text="where the class decides")
        go.wait_for(timeout=WAIT)
        x, y = p.centre(go)
        p.armed(f"{DECISION} button")
        p.frozen(True)
        try:
            old = go.element_handle(timeout=WAIT)
            page.mouse.click(x, y)
            twin.to_end()
            page.wait_for_function("old => !old.isConnected", arg=old, timeout=WAIT)     # the decision's controls
            page.mouse.click(x, y)
            page.mouse.click(x, y)
        finally:
            p.frozen(False)
        p.sync("after clicking 'to step N' three times")
        assert p.record() == [list(a) for a in twin.answers] and twin.answers, app
    finally:
        page.screenshot(path=str(screenshots / f"{name}_double_clicks_last.png"))
        page.close(run_before_unload=True)
