""""What if" on every classroom page, in a real browser (issue 34): the class plays its seat to the end, goes back
to a past step with a choice, opens "what if" there, and steps both futures; both boards and the comparison strip
show at once in the projector's 1024 x 768 window. Each page is checked against its twin (tests/browser/test_apps.py),
given the same clicks: the same pictures and logs, byte for byte."""
from __future__ import annotations

import base64
import os
import re

import pytest

from .conftest import CHROMIUM
from .test_apps import APPS, BOX, ERRORS, NO_CHROMIUM, OUTSIDE, PROJECTOR, WAIT, App, _outside, text_of, twin_of

FUTURES = ".bgt-futures"
BOARDS = f"{FUTURES} .bgt-future-board"
STRIP = f"{FUTURES} .bgt-futures-strip"
FUTURE_LOGS = f"{FUTURES} .bgt-future-log .widget-html-content"
MOST_DECISIONS = 200        # the class's decisions to the end of a game, at most (the longest page takes about 80)
SHOWN_AT_LEAST = 0.5        # of a board's own size: two boards and the strip share the projector's window

PNG_OF = """async img => {
    const b = new Uint8Array(await (await fetch(img.src)).arrayBuffer());
    let s = "";
    for (let i = 0; i < b.length; i += 8192) s += String.fromCharCode(...b.subarray(i, i + 8192));
    return btoa(s);
}"""
LOGS_ARE = """([sel, want]) => { const e = [...document.querySelectorAll(sel)].map(x => x.textContent);
    return e.length === want.length && e.every((t, i) => t === want[i]); }"""


def futures_shown(a: App, when: str):
    """Wait until the page shows the twin's futures: both logs, both boards and the strip, byte for byte."""
    f = a.twin.futures
    want = [text_of(log.value) for log in f.logs]
    a.page.wait_for_function(LOGS_ARE, arg=[FUTURE_LOGS, want], timeout=WAIT)
    pictures = [(BOARDS, 0, bytes(f.images[0].value)), (BOARDS, 1, bytes(f.images[1].value)),
                (STRIP, 0, bytes(f.strip.value))]
    for sel, i, png in pictures:
        for _ in range(50):
            got = base64.b64decode(a.page.locator(sel).nth(i).evaluate(PNG_OF))
            if got == png:
                break
            a.page.wait_for_timeout(200)
        assert got == png, f"{when}: the page's {sel} #{i} is not the twin's picture at step {f.index}"
    shown = a.shown_errors() + a.page.locator(f"{FUTURES} .bgt-futures-errors").text_content().strip()
    assert shown == "", f"{when}: a callback failed: {shown}"


def in_window(a: App, when: str, shot):
    """Both boards and the strip inside the 1024 x 768 window at once, the boards at half their size or more."""
    a.page.locator(FUTURES).evaluate("e => e.scrollIntoView({block: 'start'})")
    a.page.screenshot(path=str(shot))
    boxes = [a.page.locator(BOARDS).nth(i).evaluate(BOX) for i in range(2)] + [a.page.locator(STRIP).evaluate(BOX)]
    for name, (left, top, right, bottom) in zip(("the as-played board", "the what-if board", "the strip"), boxes):
        assert right - left > 100 and bottom - top > 60, f"{when}: {name} is not shown ({left, top, right, bottom})"
        assert 0 <= left and right <= PROJECTOR["width"] + 0.5 and 0 <= top and bottom <= PROJECTOR["height"] + 0.5, (
            f"{when}: {name} at {left:.0f},{top:.0f}-{right:.0f},{bottom:.0f} is not within the 1024x768 window")
    for i in range(2):
        natural = a.page.locator(BOARDS).nth(i).evaluate("i => i.naturalWidth")
        left, _, right, _ = boxes[i]
        assert (right - left) / (natural / a.twin.pixel_ratio) >= SHOWN_AT_LEAST, \
            f"{when}: board {i + 1} is shown under {SHOWN_AT_LEAST} of its size"


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=NO_CHROMIUM)
@pytest.mark.parametrize("app", APPS)
def test_what_if_on_the_page(app, browser, voila_url, screenshots):
    twin = twin_of(app)
    page = browser.new_page(viewport=PROJECTOR)
    console_errors, outside = [], []
    page.on("console", lambda m: m.type == "error" and console_errors.append(m.text))
    page.on("pageerror", lambda e: console_errors.append(f"uncaught: {e}"))
    page.route(OUTSIDE, lambda route: _outside(route, outside))
    name = app.replace(".ipynb", "")
    try:
        page.goto(f"{voila_url}voila/render/{app}", timeout=3 * WAIT)
        page.locator(".bgt-image").first.wait_for(timeout=3 * WAIT)
        a = App(page, twin)
        a.settle("on opening")

        # While the class plays, "what if" is not offered: the other future would show what its seat may not see.
        for _ in range(2):
            a.decide()
        a.click("back", twin.back)
        assert twin.what_if_row.layout.display == "none"
        assert not page.locator(".bgt-what-if").is_visible(), "'what if' offered while the class plays"

        # The class plays to the end; then back to the last step where someone had a choice.
        for _ in range(MOST_DECISIONS):
            if twin.history.game.is_over():
                break
            if twin.index != twin.last:     # where the class decides next
                a.click("end", twin.to_end)
            a.decide()
        assert twin.history.game.is_over(), f"the game did not end within {MOST_DECISIONS} decisions of the class"
        if twin.index != twin.last:
            a.click("end", twin.to_end)
        while twin.what_if_row.layout.display == "none":
            assert twin.index > 0, "no step of the game had a choice"
            a.click("back", twin.back)
        k = twin.index
        option = twin.what_if_option.value
        page.locator(".bgt-what-if").wait_for(state="visible", timeout=WAIT)

        # "what if" opens the two futures below the stepper, at the step after the branch.
        page.locator(".bgt-what-if").click(timeout=WAIT)
        twin.open_what_if(k, option)
        page.locator(BOARDS).nth(1).wait_for(timeout=3 * WAIT)
        futures_shown(a, f"after 'what if' at step {k}")
        f = twin.futures
        assert f.index == k + 1 and f.comparison.branch == k
        in_window(a, "after opening what if", screenshots / f"{name}_what_if_1024x768.png")

        # Both futures step together: one button, both boards, both logs and the strip's cursor.
        for label, action in (("step", f.step_button.click), ("step", f.step_button.click),
                              ("back", f.back_button.click), ("end", f.end_button.click)):
            page.locator(f"{FUTURES} button", has_text=re.compile(rf"^\s*{label}\s*$")).click(timeout=WAIT)
            action()
            futures_shown(a, f"after the futures' {label!r}")
        assert f.index == f.last
        assert all("Over after" in text_of(log.value) for log in f.logs)
        in_window(a, "at the futures' end", screenshots / f"{name}_what_if_end_1024x768.png")

        assert page.locator(ERRORS).text_content().strip() == ""
        assert not outside, f"the page fetched from outside localhost: {outside}"
        assert not console_errors, f"errors in the browser console: {console_errors}"
    finally:
        page.close(run_before_unload=True)
