"""The stepper: a history of states and an index, drawn one step at a time.

No rule logic lives here: the core's play loop makes every move, the game's drawing module draws it,
the game's rules page explains it.
"""
from __future__ import annotations

import html
import importlib
import inspect
import io
import traceback

import ipywidgets as w

from ..core.agents import Agent, PersonAgent
from ..core.history import History
from ..core.play import play
from ..core.registry import game_class, make_agents

MAX_BUTTONS = 10   # more options than this come as a drop-down list


class _ClassOr(Agent):
    """Plays as ``agent`` except for the decision kinds the class answers (for any seat)."""

    def __init__(self, agent, kinds, person):
        self.agent, self.kinds, self.person = agent, kinds, person

    def choose(self, game, decision, rng):
        if decision.kind in self.kinds:
            return self.person.choose(game, decision, rng)
        return self.agent.choose(game, decision, rng)


class Stepper(w.VBox):
    """Step through a seeded game; optionally the class makes one seat's decisions (``class_seat``) and/or
    every decision of some kinds, whoever's they are (``class_kinds``, e.g. McDonald's races by hand).

    >>> s = Stepper("disneyland", players=2, seed=1)
    >>> s.index == 0 and s.last > 10
    True
    >>> s.step_button.click(); s.index
    1
    """

    def __init__(self, game: str = "disneyland", players: int = 4, seed: int = 0, agents="heuristic",
                 class_seat: int | None = None, options: dict | None = None, dpi: int = 72, interval: int = 900,
                 class_kinds=()):
        cls = game if isinstance(game, type) else game_class(game)   # a registered name or a Game class
        self.game_name = cls.name
        kinds = [agents] * players if isinstance(agents, (str, Agent)) else list(agents)
        if class_seat is not None:
            if not 1 <= class_seat <= players:
                raise ValueError(f"class_seat must be a seat from 1 to {players}")
            kinds[class_seat - 1] = PersonAgent()
        self.class_kinds = frozenset(class_kinds)
        self.agents = make_agents(cls, players, kinds)
        if self.class_kinds:
            person = PersonAgent()
            self.agents = [a if isinstance(a, PersonAgent) else _ClassOr(a, self.class_kinds, person)
                           for a in self.agents]
        self.class_seat = class_seat
        self.history = History(cls(players=players, seed=seed, options=options))
        self.drawing = importlib.import_module(cls.drawing_module)
        # a drawing may offer a quicker frame for steppers (e.g. the unchanging board drawn once)
        self._draw_kw = {"fast": True} if "fast" in inspect.signature(self.drawing.draw_state).parameters else {}
        self.clauses = cls.clauses()
        self.dpi = dpi
        self._fig = None
        self._advance()

        n = self.last
        self.play_widget = w.Play(value=0, min=0, max=n, step=1, interval=interval, description="play")
        self.slider = w.IntSlider(value=0, min=0, max=n, description="step", continuous_update=False,
                                  layout=w.Layout(width="420px"))
        w.jslink((self.play_widget, "value"), (self.slider, "value"))
        self.start_button = w.Button(description="start", icon="fast-backward", layout=w.Layout(width="80px"))
        self.back_button = w.Button(description="back", icon="step-backward", layout=w.Layout(width="80px"))
        self.step_button = w.Button(description="step", icon="step-forward", layout=w.Layout(width="80px"))
        self.end_button = w.Button(description="end", icon="fast-forward", layout=w.Layout(width="80px"))
        views = [("class view", None)] + [(f"Player {s}", s) for s in range(1, players + 1)]
        self.view = w.ToggleButtons(options=views, value=None if class_seat is None else class_seat,
                                    description="view", style={"button_width": "80px"})
        self.image = w.Image(format="png", layout=w.Layout(max_width="100%"))
        self.event_log = w.HTML(layout=w.Layout(max_height="240px", overflow="auto", border="1px solid #ddd",
                                          padding="4px"))
        self.decision = w.VBox()
        self.errors = w.Output()
        for b, f in ((self.start_button, self.to_start), (self.back_button, self.back),
                     (self.step_button, self.step), (self.end_button, self.to_end)):
            b.on_click(self._guard(lambda _b, f=f: f()))
        self.slider.observe(self._guard(lambda ch: self._show()), names="value")
        self.view.observe(self._guard(lambda ch: self._show()), names="value")
        controls = w.HBox([self.play_widget, self.start_button, self.back_button, self.step_button,
                           self.end_button, self.slider])
        super().__init__([controls, self.view, self.image, self.decision, self.event_log, self.errors])
        if class_seat is not None or self.class_kinds:
            # where the class must decide (this draws the step); the Play widget too, since the browser's
            # link copies the Play's value into the slider when the page opens
            self.play_widget.value = self.slider.value = self.last
        if self.slider.value == 0:
            self._show()

    # --- navigation ------------------------------------------------------------------------------
    @property
    def index(self) -> int:
        return self.slider.value

    @property
    def last(self) -> int:
        return len(self.history) - 1

    @property
    def state(self):
        return self.history[self.index]

    def to_start(self):
        self.slider.value = 0

    def back(self):
        self.slider.value = max(0, self.index - 1)

    def step(self):
        self.slider.value = min(self.last, self.index + 1)

    def to_end(self):
        self.slider.value = self.last

    def decide(self, value):
        """The class answers the decision pending at the current step (forking the history if it is earlier)."""
        k = self.index
        d = self.history[k].pending()
        if not self._for_class(d):
            raise ValueError(f"no decision for the class is pending at step {k}")
        branch = self.history.fork(k) if k < self.last else self.history
        branch.push(value)              # a refused value raises here, before anything is replaced
        self.history = branch
        self._advance()
        self._set_max()
        if self.slider.value == k + 1:  # moving the slider redraws; otherwise redraw here
            self._show()
        else:
            self.slider.value = k + 1

    # --- internals -------------------------------------------------------------------------------
    def _class_plays(self) -> bool:
        """While the class makes decisions, secret answers of others stay hidden even in the class view."""
        return (self.class_seat is not None or bool(self.class_kinds)) and not self.history.game.is_over()

    def _for_class(self, d) -> bool:
        return d is not None and (d.player == self.class_seat or d.kind in self.class_kinds)

    def _advance(self):
        """Let the agents play on until the game ends or the class must decide."""
        play(None, self.agents, history=self.history)

    def _set_max(self):
        self.slider.max = self.play_widget.max = self.last

    def _guard(self, f):
        def run(*a):
            self.errors.outputs = ()          # an old error goes once the next action works
            try:
                f(*a)
            except Exception:                 # a callback's error is shown, never lost
                self.errors.append_stdout(traceback.format_exc(limit=3))
        return run

    def frame_png(self, k: int | None = None, viewer="current") -> bytes:
        """The picture of step ``k`` (default: the current one) from the chosen view."""
        state = self.history[self.index if k is None else k]
        viewer = self.view.value if viewer == "current" else viewer
        if self._fig is None:
            ax = self.drawing.draw_state(state, viewer=viewer, **self._draw_kw)
            self._fig = ax.figure
        else:
            self._fig.clf()
            self.drawing.draw_state(state, viewer=viewer, ax=self._fig.add_subplot(), **self._draw_kw)
        buf = io.BytesIO()
        # light compression: a frame is shown once, and encoding is a good part of a redraw
        self._fig.savefig(buf, format="png", dpi=self.dpi, facecolor="white", pil_kwargs={"compress_level": 1})
        return buf.getvalue()

    def _show(self):
        k = self.index
        self.image.value = self.frame_png(k)
        self.event_log.value = self._log_html(k)
        self._decision_buttons(k)

    def _log_html(self, k: int) -> str:
        viewer = self.view.value
        rows = []
        if k == 0:
            rows.append("<b>Setup</b>")
        else:
            prev = self.history[k - 1]
            d = prev.pending()
            choice = self.history[k].choices[-1]
            if viewer == d.player or (viewer is None and not (d.secret and self._class_plays())):
                label = d.option(choice).label if choice in d.values else str(choice)
                rows.append(f"<b>Step {k}: Player {d.player} decides: {html.escape(d.prompt)} → "
                            f"{html.escape(label)}</b>")
            else:
                rows.append(f"<b>Step {k}: Player {d.player} decides ({html.escape(d.kind)})</b>")
        for e in self.history.events_at(k):
            ids = ", ".join(e.clauses)
            why = "<br>".join(f"<i>{c}</i>: {html.escape(self.clauses.get(c, ''))}" for c in e.clauses)
            rows.append(f"<div style='margin:3px 0'>{html.escape(e.text)} <code>[{ids}]</code>"
                        f"<div style='color:#666;font-size:85%;margin-left:1em'>{why}</div></div>")
        state = self.history[k]
        nxt = state.pending()
        if nxt is None:
            rows.append("<b>The game is over.</b>")
        elif viewer in (None, nxt.player):
            rows.append(f"<span style='color:#555'>Next: Player {nxt.player}: {html.escape(nxt.prompt)}</span>")
        return "".join(rows)

    def _decision_buttons(self, k: int):
        d = self.history[k].pending()
        if not self._for_class(d):
            waiting = self.history.game.pending()
            if k < self.last and self._for_class(waiting):
                go = w.Button(description=f"to step {self.last}, where the class decides", icon="fast-forward",
                              layout=w.Layout(width="auto"))
                go.on_click(self._guard(lambda _b: self.to_end()))
                self.decision.children = (go,)
            else:
                self.decision.children = ()
            return
        head = w.HTML(f"<b>The class decides for Player {d.player}: {html.escape(d.prompt)}</b>"
                      f" <code>[{', '.join(d.clauses)}]</code>")
        if len(d.options) <= MAX_BUTTONS:
            buttons = []
            for o in d.options:
                b = w.Button(description=o.label[:40], tooltip=o.label, layout=w.Layout(width="auto"))
                b.on_click(self._guard(lambda _b, v=o.value: self.decide(v)))
                buttons.append(b)
            self.decision.children = (head, w.HBox(buttons, layout=w.Layout(flex_flow="row wrap")))
        else:
            pick = w.Dropdown(options=[(o.label, o.value) for o in d.options])
            go = w.Button(description="decide")
            go.on_click(self._guard(lambda _b: self.decide(pick.value)))
            self.decision.children = (head, w.HBox([pick, go]))

    @classmethod
    def from_row(cls, row, **kw):
        """The stepper of one row of ``simulate``, ``compare`` or ``sweep`` (replayed from its seed, agents and
        options, and checked against the row's winner, turns and scores)."""
        from ..core.rows import build_agents, check_row, row_setup
        s = row_setup(row)
        stepper = cls(s["game"], players=s["players"], seed=s["seed"], agents=build_agents(s["game"], s["agents"]),
                      options=s["options"], **kw)
        check_row(stepper.history.game, row)
        return stepper
