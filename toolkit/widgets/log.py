"""The stepper's event log as HTML, for a class: newest first, one plain sentence per event, each event's clause
IDs as small chips that open the rules page's text of the clause on a click (an interpretation one click further).

Pure functions of a history, a step and a viewer, so a page and its twin in a test write the same text. The
chips are ``<details>`` elements: they open without JavaScript (Voila, a static page). While the class plays,
its own latest move is pinned at the top until its next decision, so the other players' steps never push it away.
"""
from __future__ import annotations

import html
import re

MAX_STEPS = 80      # a log since the class's last decision longer than this shows its newest steps only
FACE_DOWN = "\N{PLAYING CARD BACK}"
INTERPRETATION = re.compile(r"-I\d")     # DL-I13, FCM-I74: the project's decisions where the rulebook is silent

# the log's own look, kept with the markup it styles (the page's layout and sizes are in style.py)
LOG_STYLE = """<style>
.bgt-log .bgt-pin { background: #fff6d5; border: 1px solid #e8d48a; border-radius: 4px; padding: 2px 6px;
  margin: 2px 0 4px 0; }
:is(.bgt-log, .bgt-prompt) details.bgt-chip { display: inline-block; vertical-align: baseline; margin: 0 0 0 3px; }
:is(.bgt-log, .bgt-prompt) details.bgt-chip[open] { display: block; margin: 2px 0 4px 1em; }
:is(.bgt-log, .bgt-prompt) details.bgt-chip > summary { display: inline-block; list-style: none; cursor: pointer;
  font-size: 11px; line-height: 1.2; padding: 0 5px; border: 1px solid #b9c3cf; border-radius: 8px; background: #eef2f6;
  color: #334; white-space: nowrap; }
:is(.bgt-log, .bgt-prompt) details.bgt-chip > summary::-webkit-details-marker { display: none; }
:is(.bgt-log, .bgt-prompt) .bgt-rule { color: #333; font-size: 12px; padding: 2px 0 2px 0.5em;
  border-left: 3px solid #b9c3cf; }
:is(.bgt-log, .bgt-prompt) details.bgt-more > summary { cursor: pointer; color: #445; font-size: 12px; }
</style>"""


def events_for(history, k: int, viewer):
    """The events of step ``k`` that ``viewer`` may see."""
    return history.events_at(k, viewer=viewer)


def steps_since_class(history, k: int, for_class) -> list[int]:
    """The steps whose events the log shows at step ``k``.

    Where the class is to decide at ``k`` (or the game is over there), every step since the class's previous
    decision, so the class sees what the other players did meanwhile; elsewhere only step ``k``.
    """
    state = history[k]
    if k == 0 or not (for_class(state.pending()) or state.is_over()):
        return [k]
    j = k - 1
    while j > 0 and not for_class(history[j].pending()):
        j -= 1
    first = j + 1 if for_class(history[j].pending()) else 0
    return list(range(max(first, k - MAX_STEPS + 1), k + 1))


def class_move(history, k: int, for_class) -> int | None:
    """The step at or before ``k`` that answered the class's latest decision (None: it has made none yet)."""
    for j in range(k, 0, -1):
        if for_class(history[j - 1].pending()):
            return j
    return None


def chip(clause: str, clauses: dict) -> str:
    """One clause ID as a chip: a click opens the rules page's text of the clause. An interpretation (an ID such
    as DL-I13) opens a line saying what it is, and its text is one click further."""
    text = _inline_markdown(html.escape(clauses.get(clause, "") or "(not on the rules page)"))
    if INTERPRETATION.search(clause):
        body = ("<div class='bgt-rule'>The project's own reading, where the rulebook is silent."
                f"<details class='bgt-more'><summary>read it</summary>{text}</details></div>")
    else:
        body = f"<div class='bgt-rule'>{text}</div>"
    return f"<details class='bgt-chip'><summary>{html.escape(clause)}</summary>{body}</details>"


# the rules pages' inline marks (Markdown), shown as the rules page shows them, not as backticks and asterisks
_CODE, _EMPHASIS = re.compile(r"`([^`]+)`"), re.compile(r"(?<![*\w])\*(\w[^*]*?)\*(?![*\w])")


def _inline_markdown(escaped: str) -> str:
    """A clause's escaped text with its `code` and *emphasis* marked up as HTML."""
    return _EMPHASIS.sub(r"<em>\1</em>", _CODE.sub(r"<code>\1</code>", escaped))


def chips(ids, clauses: dict) -> str:
    """The chips of an event's (or a decision's) clauses: exactly those IDs, in their order."""
    return "".join(chip(c, clauses) for c in ids)


def answer_words(state, d, choice) -> str:
    """The answer ``choice`` to ``d`` in words: its option's label, or for an answer written out that is none of
    the listed options (an FCM structure of the player's own), the game's wording of it (``answer_words``)."""
    if choice in d.values:
        return d.option(choice).label
    words = getattr(state, "answer_words", None)
    return words(d, choice) if words else str(choice)


def decision_line(history, k: int, viewer, hide_secrets: bool, answered=lambda d: False, own=None,
                  clauses: dict | None = None) -> str:
    """Who decided step ``k`` and, where ``viewer`` may know it, what; a secret answer shows as face down.
    A decision ``answered`` for the class (its only option) says so, with its clauses. ``own``: the seat the
    class view reads as while the class plays; its own answers are the class's, so they show there too."""
    d = history[k - 1].pending()
    if viewer is None and own is not None and d.player == own:
        viewer = own
    choice = history[k].choices[-1]
    label = html.escape(answer_words(history[k - 1], d, choice))
    prompt = html.escape(d.prompt)
    only = answered(d)
    if only and (viewer == d.player or (viewer is None and not (d.secret and hide_secrets))):
        down = f"{FACE_DOWN} " if d.secret else ""
        return (f"{down}Only one choice for Player {d.player}: {label} {chips(d.clauses, clauses or {})} "
                f"<i>({prompt}; answered for the class)</i>")
    if d.secret:
        if viewer == d.player:
            return f"{FACE_DOWN} Player {d.player} lays face down: {label} <i>({prompt})</i>"
        if viewer is not None or hide_secrets:
            return f"{FACE_DOWN} Player {d.player} lays a choice face down."
        return f"{FACE_DOWN} Player {d.player} decides face down: {prompt} → {label}"
    if viewer is None or viewer == d.player:
        if label.lower() == prompt.lower():          # "Roll the die → roll the die" says it twice
            return f"Player {d.player} decides: {prompt}"
        return f"Player {d.player} decides: {prompt} → {label}"
    return f"Player {d.player} makes a choice."         # what it was is not this viewer's to read here


def event_rows(history, k: int, viewer, clauses: dict) -> list[str]:
    """One row per event of step ``k`` as ``viewer`` sees it: its sentence and the chips of exactly its clauses."""
    return [f"<div class='bgt-event'>{html.escape(e.text)} {chips(e.clauses, clauses)}</div>"
            for e in events_for(history, k, viewer)]


def log_html(history, k: int, viewer, clauses: dict, *, for_class=lambda d: False, hide_secrets=False,
             end_note: str = "", events_seat: int | None = None, answered=lambda d: False, pin: bool = True) -> str:
    """The log at step ``k`` as ``viewer`` (None: the class view) sees it: the class's own latest move pinned
    (``pin``; while the class plays), what comes next, then the steps shown (see ``steps_since_class``) newest
    first, each event a sentence with its clause chips. ``events_seat``: in the class view, the events are read as
    this seat sees them (the class's seat, while the class plays). ``for_class``: the class is asked this
    decision; ``answered``: it was answered for the class (its only option)."""
    events_viewer = events_seat if viewer is None and events_seat is not None else viewer
    own = events_viewer if viewer is None else None
    state = history[k]
    nxt = state.pending()
    if nxt is None:
        top = f"<div class='bgt-next'><b>The game is over.</b> {end_note}</div>"
    elif nxt.asked_of(viewer):
        only = " (only one choice: answered for the class)" if answered(nxt) else ""
        top = f"<div class='bgt-next'>Next: Player {nxt.player}: {html.escape(nxt.prompt)}{only}</div>"
    else:
        top = f"<div class='bgt-next'>Next: Player {nxt.player} decides.</div>"
    groups = [LOG_STYLE]
    mine = class_move(history, k, for_class) if pin else None
    if mine is not None:
        line = decision_line(history, mine, viewer, hide_secrets, answered, own, clauses)
        rows = "".join(event_rows(history, mine, events_viewer, clauses))
        groups.append(f"<div class='bgt-pin'><b>The class's last move (step {mine}):</b> {line}{rows}</div>")
    groups.append(top)
    steps = steps_since_class(history, k, for_class)
    for j in reversed(steps):
        head = ("<b>Setup</b>" if j == 0 else
                f"<b>Step {j}:</b> {decision_line(history, j, viewer, hide_secrets, answered, own, clauses)}")
        rows = "".join(event_rows(history, j, events_viewer, clauses))
        groups.append(f"<div class='bgt-step'>{head}{rows}</div>")
    if steps[0] > 1 and len(steps) == MAX_STEPS:
        groups.append(f"<div class='bgt-next'>(steps before {steps[0]}: move the slider back)</div>")
    return "".join(groups)
