"""Two futures of one game side by side: the boards, each future's log, one step slider for both, and the
comparison strip under them (``toolkit.core.futures.what_if``, ``toolkit.futures_drawing.draw_futures``).

Thin, as the stepper is: two histories and an index; every picture is the game's own drawing of a state (the
class view: "what if" is offered once nothing is hidden from the class, or to the teacher).
"""
from __future__ import annotations

import html
import importlib
import traceback

import ipywidgets as w

from ..core.futures import compare, scores_by_step
from ..drawing import FRAME_DPI, GameDrawing, clear_drawing, figure_bytes
from ..frame_render import FrameRenderer
from ..futures_drawing import NAMES, draw_futures
from .log import decision_line, event_rows

LOG_STEPS = 12          # steps each log shows, newest first, back to the branch at most
CHROME = 340            # CSS px of a 768 px window kept for the page's title, the controls, the heading and the strip

STYLE = """<style>
.bgt-futures .bgt-future-log { font-size: 12.5px; line-height: 1.25; }
.bgt-futures .bgt-step { border-top: 1px solid #ddd; padding: 2px 0; }
.bgt-futures .bgt-event { margin: 1px 0 1px 0.5em; }
.bgt-futures .bgt-why { display: none; }
.bgt-futures .bgt-future-name { font-weight: bold; font-size: 14px; }
.bgt-futures .bgt-one-line { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
</style>"""


class Futures(w.VBox):
    """The futures ``a`` and ``b`` (histories of one game, as ``what_if`` gives them) stepped together.

    >>> from toolkit import History, new_game, play
    >>> from toolkit.core.futures import what_if
    >>> h = History(new_game("disneyland", players=2, seed=1)); _ = play(None, "heuristic", history=h)
    >>> k = next(k for k in range(10, len(h)) if len(h[k].legal()) > 1)
    >>> f = Futures(*what_if(h, k, [v for v in h[k].legal() if v != h.game.choices[k]][0]))
    >>> f.index == f.comparison.branch + 1
    True
    >>> f.step_button.click(); f.index == f.comparison.branch + 2
    True
    """

    def __init__(self, a, b, names=NAMES, dpi: int = 100, pixel_ratio: int = 2, note: str = ""):
        self.futures, self.names, self.note = (a, b), tuple(names), note
        self.comparison = compare(a, b)
        self.scores = (scores_by_step(a), scores_by_step(b))
        cls = type(a.game)
        self.clauses = cls.clauses()
        self.drawing: GameDrawing = importlib.import_module(cls.drawing_module)
        self._draw_kw = {"fast": True, "layout": "tall"}
        self.dpi, self.pixel_ratio = dpi, pixel_ratio
        self._render = FrameRenderer(dpi * pixel_ratio)
        self._axes = [None, None]
        self.last = max(len(a), len(b)) - 1
        self._build()
        branch = self.comparison.branch
        start = 0 if branch is None else min(branch + 1, self.last)
        if start == 0:
            self._show()
        self.slider.value = start           # (a change draws)

    # --- the widgets ---------------------------------------------------------------------------
    def _build(self):
        def button(description, icon, tooltip, f):
            b = w.Button(description=description, icon=icon, tooltip=tooltip, layout=w.Layout(width="auto"))
            b.on_click(self._guard(lambda _b: f()))
            return b
        self.start_button = button("start", "fast-backward", "both futures at step 0", lambda: self.go(0))
        self.branch_button = button("branch", "code-fork", "both futures at the step where they branched",
                                    lambda: self.go(self.comparison.branch or 0))
        self.back_button = button("back", "step-backward", "both futures one step back",
                                  lambda: self.go(self.index - 1))
        self.step_button = button("step", "step-forward", "both futures one step forward",
                                  lambda: self.go(self.index + 1))
        self.end_button = button("end", "fast-forward", "both futures at their ends", lambda: self.go(self.last))
        self.slider = w.IntSlider(value=0, min=0, max=self.last, description="step", continuous_update=False,
                                  tooltip="both futures at this step", layout=w.Layout(width="300px"))
        self.slider.observe(self._guard(lambda ch: self._show()), names="value")
        c = self.comparison
        where = "" if c.branch is None else f" Step {c.branch}, {html.escape(c.decision)}."
        where = f" {html.escape(self.note)}{where}" if self.note else where     # first: a cut line keeps it
        # one line each (the whole text on hover), so the boards' height left by CHROME holds in any game
        self.heading = w.HTML(f"<div class='bgt-one-line' title='{where.strip()}'><b>What if?</b>{where}</div>",
                              layout=w.Layout(width="100%"))
        self.errors = w.Output()
        self.errors.add_class("bgt-futures-errors")
        self.images, self.logs, columns = [], [], []
        for name in self.names:
            # as wide as its column, no higher than the window leaves: the whole picture, never stretched
            image = w.Image(format="png", layout=w.Layout(object_fit="contain", width="auto", height="auto",
                                                          max_width="100%", max_height=f"calc(100vh - {CHROME}px)"))
            image.add_class("bgt-future-board")
            title = w.HTML(f"<div class='bgt-future-name bgt-one-line' title='{html.escape(name)}'>"
                           f"{html.escape(name)}</div>", layout=w.Layout(max_width="100%"))
            self.images.append(image)
            columns.append(w.VBox([title, image], layout=w.Layout(min_width="0", align_items="center")))
        logs = []
        for name in self.names:
            log = w.HTML(layout=w.Layout(flex="1 1 0", min_height="60px", overflow="auto", border="1px solid #ddd",
                                         padding="2px 6px"))
            log.add_class("bgt-future-log")
            self.logs.append(log)
            logs.append(w.VBox([w.HTML(f"<div class='bgt-future-name bgt-one-line'>{html.escape(name)}: log</div>"), log],
                               layout=w.Layout(flex="1 1 0", min_height="0")))
        side = w.VBox(logs, layout=w.Layout(min_width="0", height=f"calc(100vh - {CHROME - 24}px)"))
        self.strip = w.Image(format="png", layout=w.Layout(object_fit="contain", max_width="100%",
                                                           max_height="230px"))
        self.strip.add_class("bgt-futures-strip")
        controls = w.HBox([self.start_button, self.branch_button, self.back_button, self.step_button,
                           self.end_button, self.slider], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        # two boards and the logs' column: a grid, so that no column is squeezed out by the pictures' widths
        boards = w.GridBox(columns + [side], layout=w.Layout(
            width="100%", grid_gap="0 8px", grid_template_columns="minmax(0, 1fr) minmax(0, 1fr) minmax(200px, 270px)"))
        super().__init__([w.HTML(STYLE), self.heading, controls, boards, self.strip, self.errors])
        self.add_class("bgt-futures")

    # --- navigation ------------------------------------------------------------------------------
    @property
    def index(self) -> int:
        return max(0, min(self.slider.value, self.last))

    def go(self, k: int) -> None:
        """Both futures at step ``k`` (a future that ended earlier shows its end)."""
        self.slider.value = max(0, min(int(k), self.last))

    def states(self, k: int | None = None) -> tuple:
        k = self.index if k is None else k
        return tuple(h[min(k, len(h) - 1)] for h in self.futures)

    # --- pictures and logs -----------------------------------------------------------------------
    def board_png(self, i: int, k: int | None = None) -> bytes:
        """Future ``i``'s board (0: as played, 1: what if) at step ``k``, in the class view."""
        state = self.states(k)[i]
        ax = self._axes[i]
        if ax is None:
            ax = self._axes[i] = self.drawing.draw_state(state, viewer=None, **self._draw_kw)
        else:
            clear_drawing(ax)
            self.drawing.draw_state(state, viewer=None, ax=ax, **self._draw_kw)
        ax.figure.patch.set_facecolor("white")
        return self._render.png(ax.figure)

    def strip_png(self, k: int | None = None) -> bytes:
        # the strip's own short names: its branch line says which option the other future took
        ax = draw_futures(*self.futures, step=self.index if k is None else k, comparison=self.comparison,
                          scores=self.scores)
        return figure_bytes(ax.figure, "png", dpi=FRAME_DPI * self.pixel_ratio)

    def log_html(self, i: int, k: int | None = None) -> str:
        """Future ``i``'s steps up to ``k``, newest first, back to the branch (``LOG_STEPS`` at most)."""
        h, k = self.futures[i], self.index if k is None else k
        end = len(h) - 1
        rows = []
        if k >= end and h.game.is_over():
            won = h.game.winner()
            rows.append(f"<div class='bgt-next'><b>Over after {end} steps:</b> "
                        f"{'nobody' if won is None else f'Player {won}'} wins; scores {h.game.scores()}</div>")
        k = min(k, end)
        since = self.comparison.branch + 1 if self.comparison.branch is not None else 1
        lo = max(0, min(since, k), k - LOG_STEPS + 1)
        for j in range(k, lo - 1, -1):
            head = "Setup" if j == 0 else f"Step {j}: {decision_line(h, j, None, False)}"
            rows.append(f"<div class='bgt-step'><b>{head}</b>{''.join(event_rows(h, j, None, self.clauses))}</div>")
        return "".join(rows)

    def _show(self):
        k = self.index
        for i in range(2):
            self.images[i].value = self.board_png(i, k)
            self.logs[i].value = self.log_html(i, k)
        self.strip.value = self.strip_png(k)

    def _guard(self, f):
        def run(*a):
            self.errors.outputs = ()
            try:
                f(*a)
            except Exception:                 # a callback's error is shown, never lost
                self.errors.append_stdout(traceback.format_exc(limit=3))
        return run


__all__ = ["Futures"]
