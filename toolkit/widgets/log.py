"""The stepper's event log as HTML: newest first, grouped by step and player, each event with its clauses.

Pure functions of a history, a step and a viewer, so a page and its twin in a test write the same text.
"""
from __future__ import annotations

import html
import inspect

MAX_STEPS = 80      # a log since the class's last decision longer than this shows its newest steps only
FACE_DOWN = "\N{PLAYING CARD BACK}"


def events_for(history, k: int, viewer):
    """The events of step ``k`` that ``viewer`` may see (all of them where the core keeps no per-viewer list)."""
    if "viewer" in inspect.signature(history.events_at).parameters:
        return history.events_at(k, viewer=viewer)
    return history.events_at(k)


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


def decision_line(history, k: int, viewer, hide_secrets: bool, answered=lambda d: False, own=None) -> str:
    """Who decided step ``k`` and, where ``viewer`` may know it, what; a secret answer shows as face down.
    A decision ``answered`` for the class (its only option) says so, with its clauses. ``own``: the seat the
    class view reads as while the class plays; its own answers are the class's, so they show there too."""
    d = history[k - 1].pending()
    if viewer is None and own is not None and d.player == own:
        viewer = own
    choice = history[k].choices[-1]
    label = html.escape(d.option(choice).label if choice in d.values else str(choice))
    prompt = html.escape(d.prompt)
    only = answered(d)
    if only and (viewer == d.player or (viewer is None and not (d.secret and hide_secrets))):
        down = f"{FACE_DOWN} " if d.secret else ""
        return (f"{down}Only one choice for Player {d.player}: {label} <code>[{', '.join(d.clauses)}]</code> "
                f"<i>({prompt}; answered for the class)</i>")
    if d.secret:
        if viewer == d.player:
            return f"{FACE_DOWN} Player {d.player} lays face down: {label} <i>({prompt})</i>"
        if viewer is not None or hide_secrets:
            return f"{FACE_DOWN} Player {d.player} lays a choice face down ({html.escape(d.kind)})"
        return f"{FACE_DOWN} Player {d.player} decides face down: {prompt} → {label}"
    if viewer is None or viewer == d.player:
        if label.lower() == prompt.lower():          # "Roll the die → roll the die" says it twice
            return f"Player {d.player} decides: {prompt}"
        return f"Player {d.player} decides: {prompt} → {label}"
    return f"Player {d.player} decides ({html.escape(d.kind)})"


def event_rows(history, k: int, viewer, clauses: dict) -> list[str]:
    rows = []
    for e in events_for(history, k, viewer):
        ids = ", ".join(e.clauses)
        why = "<br>".join(f"<i>{c}</i>: {html.escape(clauses.get(c, ''))}" for c in e.clauses)
        rows.append(f"<div class='bgt-event'>{html.escape(e.text)} <code>[{ids}]</code>"
                    f"<div class='bgt-why'>{why}</div></div>")
    return rows


def log_html(history, k: int, viewer, clauses: dict, *, for_class=lambda d: False, hide_secrets=False,
             end_note: str = "", events_viewer="same", answered=lambda d: False) -> str:
    """The log at step ``k`` as ``viewer`` (None: the class view) sees it: what comes next, then the steps
    shown (see ``steps_since_class``) newest first. ``events_viewer`` reads the events as another viewer
    would (the class's seat, while the class plays in the class view). ``for_class``: the class is asked this
    decision; ``answered``: it was answered for the class (its only option)."""
    events_viewer = viewer if events_viewer == "same" else events_viewer
    own = events_viewer if viewer is None else None
    state = history[k]
    nxt = state.pending()
    if nxt is None:
        top = f"<div class='bgt-next'><b>The game is over.</b> {end_note}</div>"
    elif viewer in (None, nxt.player):
        only = " (only one choice: answered for the class)" if answered(nxt) else ""
        top = f"<div class='bgt-next'>Next: Player {nxt.player}: {html.escape(nxt.prompt)}{only}</div>"
    else:
        top = f"<div class='bgt-next'>Next: Player {nxt.player} decides</div>"
    groups = [top]
    steps = steps_since_class(history, k, for_class)
    for j in reversed(steps):
        head = "Setup" if j == 0 else f"Step {j}: {decision_line(history, j, viewer, hide_secrets, answered, own)}"
        rows = "".join(event_rows(history, j, events_viewer, clauses))
        groups.append(f"<div class='bgt-step'><b>{head}</b>{rows}</div>")
    if steps[0] > 1 and len(steps) == MAX_STEPS:
        groups.append(f"<div class='bgt-next'>(steps before {steps[0]}: move the slider back)</div>")
    return "".join(groups)
