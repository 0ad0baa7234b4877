"""The stepper: a history of states and an index, drawn one step at a time, laid out for a projector.

No rule logic lives here: the core's play loop makes every move, the game's drawing module draws it (and says
which place on its picture means which option, ``click_targets``), the game's rules page explains it.

Keys and clicks come through ``ipyevents``: it reports a click on the Image widget in the PNG's own pixels, so the
picture stays the drawing module's PNG (the same bytes as ``frame_png``) and a click maps back to the drawing's
data coordinates exactly; and it sends key presses over the stepper to Python.

A page answers only the question it showed. Every frame drawn has a number (``_frames``) and every control drawn
with it (option buttons, the drop-down's "decide", "to step N, where the class decides", "another square")
carries that number: a click on a control of an older frame, such as the second click of a double-click reaching
the old button, whose widget still has its handler, does nothing and says nothing; so does any click arriving
while a step is being decided or drawn. The picture and the stepper carry the frame's number as a CSS class, which
ipyevents sends back with each event (its target's ``className``), so a board click or an arrow key made on an
older frame is dropped too. That leaves a click landing on the NEW control drawn in the old one's place (the
McDonald's double-click that took a Big Mac for the next decision too): it is stopped in the browser, where the
timing is a person's and not the kernel's: a freshly drawn control and the freshly drawn picture ignore the
pointer for ARMING_MS (0.5 s: nobody reads a new decision and answers it quicker), by a CSS animation of
``pointer-events`` (style.py); and of two board clicks less than ARMING_MS apart by the browser's ``timeStamp``,
only the first acts. (A kernel-side clock was not used: it measures when messages arrive, not when a person
clicked, and a busy kernel makes the two differ by seconds.)

A decision with more options than buttons and a drawing that groups its places (``click_groups(game, decision,
ax=None) -> [(label, box, values)]``, e.g. Food Chain Magnate's restaurant places by their top-left square) is
decided in two clicks: the groups' boxes shaded, a first click narrows the decision to a group (its places
outlined, its options as buttons beside "another square", the list of every option kept), a second decides.

Once the game is over every view opens (the class has seen every hidden card), so no earlier decision is taken
again: going back to one shows a note instead of buttons and ``decide`` refuses; a new game is a new page.
An unexpected error in a callback shows one plain line ("That did not work: ...") and its trace goes to the
kernel's log (``logging``), never to the page. The view control takes only the seats it offers (``SeatViews``).
"""
from __future__ import annotations

import base64
import html
import importlib
import inspect
import io
import json
import os
import random

import ipywidgets as w
from ipyevents import Event

from ..core.agents import Agent, PersonAgent
from ..core.decisions import Decision
from ..core.history import History
from ..core.play import play
from ..core.registry import game_class
from ..core.seating import check_seat_count, make_agents
from ..drawing import LAYOUTS, clear_drawing, player_colour, text_on
from ..frame_render import FrameRenderer
from .answers import ARMING_MS, FRAME_CLASS, LOG, SeatViews, error_line, event_frame
from .log import chips, log_html
from .style import STYLE

MAX_BUTTONS = 10            # more options than this come as a drop-down list (and, where it is a place, the board)
SEED_VARIABLE = "TOOLKIT_STEPPER_SEED"  # fixes the seed of ``seed=None`` steppers (tests, a game to show again)
PANEL = 320                 # CSS px of the column beside the board (status, controls, decision, log), at least
PANEL_MOST = 760            # and at most: it takes the width the board's picture leaves, lines kept readable
GAP = 12                    # CSS px between the board and that column
CLICK_OUTLINE = "#000000"   # the dashed outline of each place on the board the class may click
CLICK_GID = "bgt-click-place"  # those outlines' gid: the stepper's own marks, not the game's drawing
GROUP_SHADE = "#0072B2"     # the light shade of the squares clicked first in a two-click place (``click_groups``)
HEADROOM = 46               # CSS px of the window above the board and column: the page's one-line title


def fresh_seed() -> int:
    """A seed nobody in the room can know in advance (``secrets``-grade), unless SEED_VARIABLE fixes it."""
    fixed = os.environ.get(SEED_VARIABLE, "").strip()
    return int(fixed) if fixed else random.SystemRandom().randrange(2 ** 32)


class _ClassOr(Agent):
    """Plays as ``agent`` except for the decision kinds the class answers (for any seat)."""

    def __init__(self, agent, kinds, person):
        self.agent, self.kinds, self.person = agent, kinds, person

    def choose(self, game, decision, rng):
        if decision.kind in self.kinds:
            return self.person.choose(game, decision, rng)
        return self.agent.choose(game, decision, rng)


def _ordered(box):
    """(x0, y0, x1, y1) with x0 <= x1 and y0 <= y1."""
    x0, y0, x1, y1 = box
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _inside(box, x, y) -> bool:
    x0, y0, x1, y1 = _ordered(box)
    return x0 <= x <= x1 and y0 <= y <= y1


def _button(description, icon, tooltip, width="auto"):
    return w.Button(description=description, icon=icon, tooltip=tooltip, layout=w.Layout(width=width))


class Stepper(w.VBox):
    """Step through a seeded game; optionally the class makes one seat's decisions (``class_seat``) and/or
    every decision of some kinds, whoever's they are (``class_kinds``, e.g. McDonald's races by hand).

    ``seed=None`` draws a fresh seed, shown once the game is over. With ``class_seat`` the class sees only its
    own seat's view until the game ends; ``teacher=True`` unlocks the other seats and the class view.
    A class decision with only one option is answered for the class, as its click would, and the log says so
    with the decision's clauses ("Only one choice for Player 1: CEO alone"); the decisions the game names as acts
    of the players (``Game.acts``, e.g. rolling the die) are still asked. ``answer_single=False`` asks everything.
    Frames are PNGs at ``dpi`` x ``pixel_ratio`` shown at ``dpi`` CSS pixels per inch of the figure at most
    (never stretched; smaller where the screen is), so they are sharp on a 2x screen and on a projector.
    ``frame="tall"`` (the default) draws the board above the players (the drawing's ``layout="tall"``), so the
    frame keeps about 0.9 of its size beside the decision column even in a 1024 x 768 window; ``"wide"`` is the
    notebooks' picture, board left. (``frame``, not ``layout``: that name is every widget's CSS layout.)

    >>> s = Stepper("disneyland", players=2, seed=1)
    >>> s.index == 0 and s.last > 10
    True
    >>> s.step_button.click(); s.index
    1
    """

    def __init__(self, game: str = "disneyland", players: int = 4, seed: int | None = 0, agents="heuristic",
                 class_seat: int | None = None, options: dict | None = None, dpi: int = 100, pixel_ratio: int = 2,
                 interval: int = 900, class_kinds=(), teacher: bool = False, frame: str = "tall",
                 answer_single: bool = True):
        cls = game if isinstance(game, type) else game_class(game)   # a registered name or a Game class
        self.game_name = cls.name
        kinds = [agents] * players if isinstance(agents, (str, Agent)) else list(agents)
        check_seat_count(kinds, players)
        if class_seat is not None:
            if isinstance(class_seat, bool) or not isinstance(class_seat, int) or not 1 <= class_seat <= players:
                raise ValueError(f"class_seat must be a seat from 1 to {players}, not {class_seat!r}")
            kinds[class_seat - 1] = PersonAgent()
        self.class_kinds = frozenset(class_kinds)
        # the rules layer names the acts (Game.acts); the stepper only reads them
        self.answer_single, self.acts = bool(answer_single), frozenset(cls.acts)
        self.agents = make_agents(cls, players, kinds)
        if self.class_kinds:
            person = PersonAgent()
            self.agents = [a if isinstance(a, PersonAgent) else _ClassOr(a, self.class_kinds, person)
                           for a in self.agents]
        self.class_seat, self.teacher, self.players = class_seat, teacher, players
        self.seed = fresh_seed() if seed is None else seed
        self.history = History(cls(players=players, seed=self.seed, options=options))
        self.drawing = importlib.import_module(cls.drawing_module)
        # a drawing may offer a quicker frame for steppers (e.g. the unchanging board drawn once)
        accepts = inspect.signature(self.drawing.draw_state).parameters
        if frame not in LAYOUTS:
            raise ValueError(f"frame must be one of {', '.join(LAYOUTS)}, not {frame!r}")
        self._draw_kw = {"fast": True} if "fast" in accepts else {}
        if "layout" in accepts:             # a drawing with one arrangement only draws that one
            self._draw_kw["layout"] = frame
        self.frame = frame
        self.clauses = cls.clauses()
        self.dpi, self.pixel_ratio = dpi, pixel_ratio
        self._fig = self._ax = None
        self._last_dom_event = None       # (type, timeStamp) of the browser event acted on last
        self._frames = 0                  # frames shown so far: the token every control of a frame carries
        self._busy = False                # a step is being decided or drawn: controls wait for its frame
        self._narrow = None               # the group of places the class clicked first (``click_groups``)
        self._board_stamp = None          # the browser's timeStamp of the last board click acted on
        self._render = FrameRenderer(dpi * pixel_ratio)    # keeps the texts' pixels from frame to frame
        self.answers: list = []           # the class's answers as (step, value), as it clicked them
        self._advance()
        self._build(interval)
        self._build_record()
        if class_seat is not None or self.class_kinds:
            self.slider.value = self.last          # where the class must decide (this draws the step)
        if self.slider.value == 0:
            self._show()

    # --- the widgets ---------------------------------------------------------------------------
    def _build(self, interval):
        n = self.last
        # the Play widget only ticks (hidden); the play/pause toggle drives it, so it never rewinds or restarts
        self.play_widget = w.Play(value=0, min=0, max=n, step=1, interval=interval, repeat=False,
                                  layout=w.Layout(display="none"))
        self.play_button = w.ToggleButton(description="play", icon="play", layout=w.Layout(width="auto"),
                                          tooltip="play the game step by step; press again to pause where it is")
        self.start_button = _button("start", "fast-backward", "go to the start of the game (step 0)")
        self.back_button = _button("back", "step-backward", "one step back (key: \N{LEFTWARDS ARROW})")
        self.step_button = _button("step", "step-forward", "one step forward (key: \N{RIGHTWARDS ARROW})")
        self.end_button = _button("end", "fast-forward", "go to the last step played so far")
        self.slider = w.IntSlider(value=0, min=0, max=n, description="step", continuous_update=False,
                                  tooltip="drag to any step of the game", style={"description_width": "auto"},
                                  layout=w.Layout(width="190px"))
        self.save_button = _button("save picture", "download", "make download links for this picture (PNG, SVG)")
        self.save_links = w.HTML()
        self.view = SeatViews(options=self._view_options(), value=self.class_seat,
                              tooltips=self._view_tooltips(), style={"button_width": "auto"},
                              layout=w.Layout(flex="0 0 auto"))
        self.image = w.Image(format="png", layout=w.Layout(object_fit="contain"))
        self.message = w.HTML(layout=w.Layout(flex="0 0 auto"))
        self.status = w.HTML(layout=w.Layout(flex="0 0 auto"))     # whose turn, and every player's score
        self.event_log = w.HTML(layout=w.Layout(flex="1 1 auto", min_height="90px", overflow="auto",
                                                border="1px solid #ddd", padding="2px 6px"))
        self.event_log.add_class("bgt-log")
        self.decision = w.VBox(layout=w.Layout(flex="0 0 auto", max_height="45vh", overflow="auto"))
        self.errors = w.Output()
        for wdg, name in ((self.decision, "decision"), (self.errors, "errors"), (self.message, "message"),
                          (self.status, "status"),
                          (self.view, "view"), (self.image, "image"), (self.save_links, "save-links"),
                          (self.play_button, "play")):
            wdg.add_class(f"bgt-{name}")     # names for the page's style and the browser test
        for b, f in ((self.start_button, self.to_start), (self.back_button, self.back),
                     (self.step_button, self.step), (self.end_button, self.to_end),
                     (self.save_button, self.save_picture)):
            b.on_click(self._guard(lambda _b, f=f: f()))
        self.slider.observe(self._guard(self._slider_moved), names="value")
        self.slider.observe(self._guard(lambda ch: self._set_max()), names=["min", "max"])
        self.play_widget.observe(self._guard(self._ticked), names="value")
        self.play_widget.observe(self._guard(lambda ch: self._set_max()), names=["min", "max"])
        self.play_widget.observe(self._guard(lambda ch: setattr(self.play_button, "value", ch.new)),
                                 names="playing")
        self.play_button.observe(self._guard(self._play_pressed), names="value")
        self.view.observe(self._guard(lambda ch: self._show()), names="value")
        controls = w.HBox([self.play_widget, self.start_button, self.back_button, self.play_button,
                           self.step_button, self.end_button, self.slider, self.view, self.save_button,
                           self.save_links], layout=w.Layout(flex_flow="row wrap", align_items="center",
                                                             flex="0 0 auto"))
        controls.add_class("bgt-controls")
        # the board's box is as wide as its picture is shown (``_size_image``); the decision column takes the rest
        self.board = board = w.Box([self.image], layout=w.Layout(flex="0 0 auto", min_width="0",
                                                                 margin=f"0 {GAP}px 0 0", justify_content="center",
                                                                 align_items="flex-start"))
        board.add_class("bgt-board")
        # the board is the stage, as tall as the window allows; everything else is in the column beside it
        side = w.VBox([self.status, controls, self.message, self.decision, self.event_log, self.errors],
                      layout=w.Layout(flex=f"1 1 {PANEL}px", min_width=f"{PANEL}px", max_width=f"{PANEL_MOST}px",
                                      max_height=f"calc(100vh - {HEADROOM}px)"))
        side.add_class("bgt-side")
        super().__init__([w.HTML(STYLE), w.HBox([board, side], layout=w.Layout(width="100%"))])
        self.add_class("bgt-stepper")
        self._keys = Event(source=self, watched_events=["keydown"], prevent_default_action=False)
        self._keys.on_dom_event(self._guard(self._key))
        self._clicks = Event(source=self.image, watched_events=["click"])
        self._clicks.on_dom_event(self._guard(self._board_clicked))

    def _build_record(self):
        """A hidden line with the class's own answers (``answers``, as JSON): what a browser test reads back to
        check that each click answered once. Only the class's own answers: nothing hidden from it."""
        self.record = w.HTML(html.escape(json.dumps(self.answers)), layout=w.Layout(display="none"))
        self.record.add_class("bgt-answers")
        self.children = (*self.children, self.record)

    def _view_options(self):
        if self.class_seat is not None and not self.teacher and not self.history.game.is_over():
            return [(f"Player {self.class_seat}", self.class_seat)]     # the class sees only its own seat
        return [("class view", None)] + [(f"Player {s}", s) for s in range(1, self.players + 1)]

    def _view_tooltips(self):
        opts = self._view_options()
        if len(opts) == 1:                                  # the class's seat alone, until the game is over
            return [f"what Player {opts[0][1]} sees: the class's view (every view opens when the game is over)"]
        return [("what everyone sees and every hidden card" if v is None else f"what Player {v} sees")
                for _, v in opts]

    def _set_views(self):
        opts = self._view_options()
        if list(self.view.options) != opts:
            keep = self.view.value if self.view.value in [v for _, v in opts] else self.class_seat
            with self.view.hold_trait_notifications():
                self.view.options, self.view.tooltips = opts, self._view_tooltips()
                self.view.value = keep

    # --- navigation ------------------------------------------------------------------------------
    @property
    def index(self) -> int:
        return max(0, min(self.slider.value, self.last))

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

    def play(self, on: bool = True):
        """Play on from the current step (``on=False``: pause where it is). At the end it stays there."""
        self.play_button.value = on

    def decide(self, value):
        """The class answers the decision pending at the current step (forking the history if it is earlier);
        the agents then play on to the class's next decision, which the stepper shows with every event since."""
        k = self.index
        d = self.history[k].pending()
        if self._for_class(d) and self.history.game.is_over():
            raise ValueError(f"the game is over and every view has opened: step {k} is not decided again "
                             "(a new game: run the page again)")
        if self._answered_for_class(d):
            raise ValueError(f"step {k} had only one choice, answered for the class: {d.values[0]!r}")
        if not self._for_class(d):
            raise ValueError(f"no decision for the class is pending at step {k}")
        branch = self.history.fork(k) if k < self.last else self.history
        branch.push(value)              # a refused value raises here, before anything is replaced
        self.history = branch
        self.answers = [a for a in self.answers if a[0] < k] + [(k, value)]
        self.record.value = html.escape(json.dumps(self.answers))
        self._advance()
        self._set_max()
        self._set_views()
        if self.slider.value == self.last:   # moving the slider redraws; otherwise redraw here
            self._show()
        else:
            self.slider.value = self.last

    def click_board(self, x: float, y: float):
        """A click at data coordinates (x, y) of the current frame's drawing: decide the option placed there."""
        d = self.state.pending()
        if not self._asks(d):
            self.message.value = "<span class='bgt-hint'>The board is not a choice at this step.</span>"
            return
        for value, box in self._targets(d):     # narrowed to a group: its places first, drawn over the others
            if _inside(box, x, y):
                self.decide(value)
                return
        for group in self._groups(d):
            if _inside(group[1], x, y):
                self._show(narrow=group)        # the second click chooses among this group's places
                return
        where = "a shaded square or a dashed outline" if self._groups(d) else "a dashed outline"
        self.message.value = f"<span class='bgt-hint'>No option there: click inside {where}, or a button.</span>"

    def save_picture(self):
        """Download links for the current frame, as PNG and as SVG (data URIs, so they work in Voilà too)."""
        name = f"{self.game_name}_step{self.index}" + ("" if self.view.value is None else f"_p{self.view.value}")
        png = base64.b64encode(bytes(self.image.value)).decode()
        svg = base64.b64encode(self._frame_bytes("svg")).decode()
        self.save_links.value = (f"<a download='{name}.png' href='data:image/png;base64,{png}'>PNG</a> · "
                                 f"<a download='{name}.svg' href='data:image/svg+xml;base64,{svg}'>SVG</a>")

    # --- internals -------------------------------------------------------------------------------
    def _class_plays(self) -> bool:
        """While the class makes decisions, secret answers of others stay hidden even in the class view."""
        return (self.class_seat is not None or bool(self.class_kinds)) and not self.history.game.is_over()

    def _class_decision(self, d) -> bool:
        """``d`` is the class's to answer: its seat's, or of a kind it answers for every seat."""
        return d is not None and (d.player == self.class_seat or d.kind in self.class_kinds)

    def _answered_for_class(self, d) -> bool:
        """``d`` is the class's, with one option and no act of the players (``Game.acts``): answered for it."""
        return (self.answer_single and self._class_decision(d) and len(d.values) == 1
                and d.kind not in self.acts)

    def _for_class(self, d) -> bool:
        """The class is asked ``d``: its buttons and board places show, and the log groups the steps by it."""
        return self._class_decision(d) and not self._answered_for_class(d)

    def _asks(self, d) -> bool:
        """The class is asked ``d`` now: its decision, and the game not over. Once it is over every view has
        opened (the class has seen every hidden card), so no earlier decision is taken again: a fork from it
        would be a live game whose hidden facts the class already knows."""
        return self._for_class(d) and not self.history.game.is_over()

    # --- answers bound to their frame ------------------------------------------------------------
    def _fresh(self, token) -> bool:
        """A control's ``token`` is the frame it was drawn for: it acts only while that frame is shown and no
        step is being decided or drawn. An older control (an answered decision's button, clicked again) does
        nothing and says nothing."""
        return not self._busy and token == self._frames

    def _answer(self, token, value):
        if self._fresh(token):
            self.decide(value)

    def _from_this_frame(self, event) -> bool:
        """A browser event made on the frame shown now (its target's frame class), or naming none."""
        frame = event_frame(event)
        return not self._busy and (frame is None or frame == self._frames)

    def _mark_frame(self):
        """The frame's number as a CSS class on the picture and the stepper, for ``event_frame``; and a class
        that restarts the picture's short arming animation (style.py), so a click that was meant for the frame
        before lands on nothing."""
        mark = (f"{FRAME_CLASS}{self._frames}", f"bgt-arm-{self._frames % 2}")
        for wdg in (self.image, self):
            kept = tuple(c for c in wdg._dom_classes if not c.startswith((FRAME_CLASS, "bgt-arm-")))
            wdg._dom_classes = kept + (mark if wdg is self.image else mark[:1])

    def _groups(self, d, state=None):
        """(label, box, values) groups of ``d``'s places, where the drawing offers them (``click_groups``) and
        ``d`` has too many options for buttons: the class clicks a group first, then one of its places."""
        find = getattr(self.drawing, "click_groups", None)
        if find is None or self._ax is None or d is None or len(d.options) <= MAX_BUTTONS:
            return []
        state = self.state if state is None else state
        legal = set(d.values)
        out = []
        for label, box, values in find(state, d, ax=self._ax):
            values = tuple(v for v in values if v in legal)
            if values:
                out.append((label, _ordered(box), values))
        return out

    def _narrowed(self, d, state=None):
        """The group the class clicked first, if it belongs to ``d``."""
        if self._narrow is None or d is None:
            return None
        return next((g for g in self._groups(d, state) if g == self._narrow), None)

    def _advance(self):
        """Let the agents play on until the game ends or the class must decide. A class decision with one
        option is answered on the way with that option, pushed as the class's click would be (same record)."""
        d = play(None, self.agents, history=self.history)
        while self._answered_for_class(d):
            self.history.push(d.values[0])
            d = play(None, self.agents, history=self.history)

    def _set_max(self):
        """Slider and ticker span exactly the steps played: values set from the browser are put back."""
        for wdg in (self.slider, self.play_widget):
            if (wdg.min, wdg.max) != (0, self.last):
                with wdg.hold_trait_notifications():
                    wdg.min, wdg.max = 0, self.last

    def _slider_moved(self, change):
        k = self.index
        if self.slider.value != k:           # set past the history from the browser: back in range
            self.slider.value = k
            return
        if self.play_widget.value != k:
            self.play_widget.value = k
        self._show()

    def _ticked(self, change):
        k = max(0, min(change.new, self.last))
        if self.slider.value != k:
            self.slider.value = k

    def _play_pressed(self, change):
        if change.new and self.index >= self.last:
            self.play_button.value = False   # at the end: nothing to play, and no silent restart
            self.message.value = f"<span class='bgt-hint'>{self._nothing_to_play()}</span>"
            return
        self.play_button.icon, self.play_button.description = ("pause", "pause") if change.new else ("play", "play")
        if change.new:
            self.play_widget.value = self.index
        self.play_widget.playing = change.new

    def _nothing_to_play(self) -> str:
        """Why play stops at the last step: the game is over, or it waits for the class."""
        d = self.history.game.pending()
        if d is None:
            return "The game is over: \"start\" goes back to step 0."
        if self._for_class(d):
            return "The game waits for the class's decision: choose it below."
        return "This is the last step played so far: \"start\" goes back to step 0."

    def _first_delivery(self, event) -> bool:
        """ipyevents can deliver one browser event twice (seen in Voila: the same keydown, same timeStamp, two
        messages); act on it once, or an arrow key would go two steps and a click could decide twice."""
        stamp = (event.get("type"), event.get("timeStamp"))
        if stamp[1] is not None and stamp == self._last_dom_event:
            return False
        self._last_dom_event = stamp
        return True

    def _key(self, event):
        if not self._first_delivery(event) or not self._from_this_frame(event):
            return
        key = event.get("key")
        if key == "ArrowRight":
            self.step()
        elif key == "ArrowLeft":
            self.back()

    def _board_clicked(self, event):
        if self._ax is None or "dataX" not in event or not self._first_delivery(event):
            return
        if not self._from_this_frame(event):
            return          # made on a frame before this one: meant for another question
        stamp = event.get("timeStamp")
        if stamp is not None and self._board_stamp is not None and 0 <= stamp - self._board_stamp < ARMING_MS:
            return          # the second click of a double-click: the first one acted
        # the PNG's pixels (from the top) -> the figure's display pixels (from the bottom) -> data coordinates
        scale = self._fig.dpi / (self.dpi * self.pixel_ratio)
        height = self._fig.bbox.height
        x, y = self._ax.transData.inverted().transform((event["dataX"] * scale, height - event["dataY"] * scale))
        frames = self._frames
        self.click_board(float(x), float(y))
        if self._frames != frames and stamp is not None:      # it decided or narrowed: a repeat must not act
            self._board_stamp = stamp

    def _targets(self, d, state=None):
        """(value, data-coordinate box) pairs: where on the current frame each option of ``d`` lies. Places
        that overlap another option's are left out: a click must mean one option only."""
        find = getattr(self.drawing, "click_targets", None)
        if find is None or self._ax is None:
            return []
        state = self.state if state is None else state
        if self._groups(d, state):     # two clicks: the places of the group clicked first, asked as a decision alone
            group = self._narrowed(d, state)
            if group is None:
                return []
            d = Decision(d.player, d.kind, d.prompt, [o for o in d.options if o.value in group[2]], d.clauses,
                         d.secret)
        boxes = [(v, tuple(sorted(b[0::2]) + sorted(b[1::2]))) for v, b in find(state, d, ax=self._ax)
                 if v in d.values]      # as (x0, x1, y0, y1)

        def overlap(a, b):
            return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]
        return [(v, (b[0], b[2], b[1], b[3])) for i, (v, b) in enumerate(boxes)
                if not any(overlap(b, o) for j, (_, o) in enumerate(boxes) if j != i)]

    def _guard(self, f):
        """A callback that cannot put a traceback on the page: an unexpected error shows one plain line there
        (``error_line``) and its full trace goes to the kernel's log (``logging``: the server's console)."""
        def run(*a):
            self.errors.outputs = ()          # an old error goes once the next action works
            try:
                f(*a)
            except Exception as e:            # shown in a line, never lost
                LOG.error("a stepper callback failed", exc_info=True)
                self.errors.outputs = ({"output_type": "stream", "name": "stdout", "text": error_line(e)},)
        return run

    def _draw(self, state, viewer):
        if self._fig is None:
            self._ax = self.drawing.draw_state(state, viewer=viewer, **self._draw_kw)
            self._fig = self._ax.figure
        else:                            # the same Axes, emptied: quicker than a new one
            clear_drawing(self._ax)
            self.drawing.draw_state(state, viewer=viewer, ax=self._ax, **self._draw_kw)
        title = self._ax.title            # a board has no ticks above it: the title's place need not be searched for
        self._ax.set_title(title.get_text(), fontsize=title.get_fontsize(), fontweight=title.get_fontweight(), y=1.0,
                           x=title.get_position()[0], ha=title.get_ha())     # where the drawing put it (FCM: right)
        d = state.pending()
        if self._asks(d):                # where the class may click, outlined: the board shows its choices
            from matplotlib.patches import Rectangle
            chosen = self._narrowed(d, state)
            for group in self._groups(d, state):     # the squares to click first, lightly shaded
                x0, y0, x1, y1 = group[1]
                self._ax.add_patch(Rectangle((x0, y0), x1 - x0, y1 - y0, fc=GROUP_SHADE, ec=CLICK_OUTLINE,
                                             alpha=0.85 if group == chosen else 0.22, lw=0, zorder=19,
                                             gid=CLICK_GID))
            for _v, (x0, y0, x1, y1) in self._targets(d, state):
                self._ax.add_patch(Rectangle((x0, y0), x1 - x0, y1 - y0, fill=False, ec=CLICK_OUTLINE, lw=1.2,
                                             ls=(0, (3, 2)), zorder=20, gid=CLICK_GID))

    def _frame_bytes(self, fmt="png") -> bytes:
        if fmt == "png":         # the frame's pixels, on white as savefig would give them, texts from kept pixels
            self._fig.patch.set_facecolor("white")
            return self._render.png(self._fig)
        buf = io.BytesIO()
        self._fig.savefig(buf, format=fmt, dpi=self.dpi * self.pixel_ratio, facecolor="white")
        return buf.getvalue()

    def frame_png(self, k: int | None = None, viewer="current") -> bytes:
        """The picture of step ``k`` (default: the current one) from the chosen view."""
        viewer = self.view.value if viewer == "current" else viewer
        self._draw(self.history[self.index if k is None else k], viewer)
        return self._frame_bytes("png")

    def _size_image(self):
        """As large as the window's height and the column beside it allow: the frame's PNG has ``pixel_ratio``
        pixels per designed CSS pixel, so it stays sharp up to that many times its designed size (its limit)."""
        wide, high = self._fig.get_size_inches() * self.dpi
        sharp = wide * self.pixel_ratio
        fit = f"calc((100vh - {HEADROOM}px) * {wide / high:.4f})"
        self.image.layout.width = f"min(100%, {sharp:.0f}px, {fit})"
        self.image.layout.height = "auto"
        self.board.layout.width = f"min(calc(100% - {PANEL + GAP}px), {sharp:.0f}px, {fit})"

    def _status_html(self, k: int) -> str:
        """Whose turn it is and every player's score at step ``k``, as the view shown knows them (the game's
        ``view``: in Disneyland a player's view counts only the others' face-up cards, as its drawing does)."""
        game = self.history[k]
        viewer = self.view.value
        if viewer is None and self._class_plays():
            viewer = self.class_seat                  # the class view tells only what the class's seat may see
        scores = game.view(viewer).get("scores") or game.scores()      # (a game with no hidden score has none)
        d = game.pending()
        if d is None:
            winner = game.winner()
            who = "Game over" + (f": {self._seat_chip(winner, game)} wins" if winner else "")
        else:
            who = f"Turn {game.turn + 1}: {self._seat_chip(d.player, game)} to play"
        parts = " ".join(f"<span class='bgt-score'>{self._seat_chip(seat, short=True)}&nbsp;{score}</span>"
                         for seat, score in enumerate(scores, 1))
        return f"<div class='bgt-status-line'>{who} · scores: {parts}</div>"

    @staticmethod
    def _seat_chip(seat: int, game=None, short: bool = False) -> str:
        """A seat on its own colour (the drawings' palette), its number always written: ``short`` the number
        alone, as the drawings' discs show it."""
        colour = player_colour(seat)
        name = str(seat) if short else f"Player {seat}" if game is None else html.escape(game.player_name(seat))
        return (f"<span class='bgt-seat' title='Player {seat}' "
                f"style='background:{colour};color:{text_on(colour)}'>{name}</span>")

    def _prompt_html(self, d, hint: str) -> str:
        """The class's question, large, under its seat's colour, its clauses as the log's chips (their text on
        hover); ``hint``: how to answer on the board, if the board can answer it."""
        return (f"<div class='bgt-prompt' style='border-left-color:{player_colour(d.player)}'>"
                f"{self._seat_chip(d.player)} <b>the class decides:</b> {html.escape(d.prompt)} "
                f"{chips(d.clauses, self.clauses)}{hint}</div>")

    def _show(self, narrow=None):
        """Draw the current step: a new frame, whose number every control drawn with it carries. ``narrow``:
        the group of places the class clicked first (kept only for this frame)."""
        busy, self._busy = self._busy, True
        try:
            self._frames += 1
            self._narrow = narrow
            self._show_frame()
        finally:
            self._busy = busy

    def _show_frame(self):
        k = self.index
        png = self.frame_png(k)
        with self.image.hold_sync():     # the picture and its frame class reach the browser together
            self.image.value = png
            self._mark_frame()
        self._size_image()
        self.save_links.value = ""
        self.message.value = ""
        self.event_log.value = self._log_html(k)
        self.status.value = self._status_html(k)
        self._decision_buttons(k)

    def _log_html(self, k: int) -> str:
        over = self.history.game.is_over()
        end = f"Seed {self.seed} (this game again: <code>seed={self.seed}</code>)." if over and k == self.last else ""
        viewer, hide = self.view.value, self._class_plays()
        # while the class plays, even the class view (teacher=True) tells only what the class's seat may see
        events_viewer = self.class_seat if viewer is None and hide and self.class_seat else viewer
        return log_html(self.history, k, viewer, self.clauses, for_class=self._for_class, hide_secrets=hide,
                        end_note=end, events_viewer=events_viewer, answered=self._answered_for_class)

    def _decision_buttons(self, k: int):
        """The decision area of step ``k``: every control made here carries this frame's number (``_fresh``);
        the page's style lets a fresh control take clicks only after ARMING_MS (the second click of a
        double-click lands on nothing)."""
        token = self._frames
        d = self.history[k].pending()
        if self._for_class(d) and self.history.game.is_over():
            note = w.HTML("<div class='bgt-hint'>The game is over and every view has opened, so this decision is "
                          "not taken again. For a new game, run the page again.</div>")
            note.add_class("bgt-over")
            self.decision.children = (note,)
            return
        if not self._for_class(d):
            waiting = self.history.game.pending()
            if k < self.last and self._for_class(waiting):
                go = _button(f"to step {self.last}, where the class decides", "fast-forward",
                             "go to the step where the class has to decide")
                go.on_click(self._guard(lambda _b: self._fresh(token) and self.to_end()))
                self.decision.children = (go,)
            else:
                self.decision.children = ()
            return
        groups, group = self._groups(d), self._narrowed(d)
        if group:
            hint = (f" <span class='bgt-hint'>At {html.escape(group[0])}: click a dashed place on the board, "
                    "or:</span>")
        elif groups:
            hint = " <span class='bgt-hint'>Click a shaded square on the board, then its place; or:</span>"
        elif self._targets(d):
            hint = " <span class='bgt-hint'>Click a dashed place on the board, or:</span>"
        else:
            hint = ""
        head = w.HTML(self._prompt_html(d, hint))
        shown = [o for o in d.options if o.value in group[2]] if group else d.options
        if len(shown) <= MAX_BUTTONS:
            buttons = []
            for o in shown:
                b = w.Button(description=o.label, tooltip=o.label, layout=w.Layout(width="auto", height="auto"))
                b.add_class("bgt-option")
                b.on_click(self._guard(lambda _b, v=o.value: self._answer(token, v)))
                buttons.append(b)
            if group:
                back = _button("another square", "undo", "show every square again, to choose another")
                back.add_class("bgt-another")
                back.on_click(self._guard(lambda _b: self._fresh(token) and self._show()))
                buttons.append(back)
            rows = [w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))]
        else:
            rows = []
        if len(d.options) > MAX_BUTTONS:       # the list of every option stays, beside a group's buttons
            pick = w.Dropdown(options=[(o.label, o.value) for o in d.options], tooltip="the options, in order",
                              layout=w.Layout(width="min(100%, 420px)"))
            if group:
                pick.value = group[2][0]
            go = _button("decide", "check", "decide the option chosen in the list")
            go.add_class("bgt-decide")
            go.on_click(self._guard(lambda _b: self._answer(token, pick.value)))
            rows.append(w.HBox([pick, go]))
        self.decision.children = (head, *rows)

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

    # --- "what if": this game with another option at a past step, beside the game as played (issue 34) -----------
    # One self-contained hook: it sets itself up when ``_build`` first gives the stepper its children. Offered at
    # a past step with a choice, once nothing is hidden from the class (the game is over, or no class plays) or
    # to the teacher; the futures open below the stepper.
    from traitlets import observe

    @observe("children")
    def _what_if_hook(self, change):
        if getattr(self, "what_if_row", None) is not None or not hasattr(self, "slider"):
            return
        self.what_if_option = w.Dropdown(layout=w.Layout(width="auto", max_width="100%"),
                                         tooltip="the other option to take at this step")
        self.what_if_button = _button("what if", "code-fork", "play this game again from this step with the option "
                                      "chosen here, by the same agents with the same dice and cards, beside it as played")
        self.what_if_button.add_class("bgt-what-if")
        # the step the row was offered at: a click answers what it showed, wherever the slider went since
        self.what_if_button.on_click(self._guard(lambda _b: self.open_what_if(self._what_if_at,
                                                                              self.what_if_option.value)))
        self.what_if_row = w.HBox([w.HTML("<b>What if</b> instead:"), self.what_if_option, self.what_if_button],
                                  layout=w.Layout(display="none", flex_flow="row wrap", align_items="center",
                                                  flex="0 0 auto"))
        self.what_if_box = w.VBox()
        boxes = [self]
        while boxes:                       # the decision column, wherever the layout puts it
            box = boxes.pop()
            if "bgt-side" in box._dom_classes:
                box.children += (self.what_if_row,)
                break
            boxes.extend(c for c in getattr(box, "children", ()) if isinstance(c, w.Box))
        else:
            self.children += (self.what_if_row,)
        self.children += (self.what_if_box,)
        self.slider.observe(self._guard(lambda ch: self._what_if_offer()), names="value")
        self._what_if_offer()

    del observe

    def _what_if_offer(self):
        """The "what if" row at a past step with a choice, where offered; hidden elsewhere."""
        k = self.index
        d = self.history[k].pending() if k < self.last else None
        shown = d is not None and len(d.values) > 1 and (self.teacher or not self._class_plays())
        self._what_if_at = k
        if shown:
            taken = self.history.game.choices[k]
            others = [(o.label, o.value) for o in d.options if o.value != taken]
            self.what_if_option.options = others
            self.what_if_option.value = others[0][1]
        self.what_if_row.layout.display = "flex" if shown else "none"

    def open_what_if(self, step: int, option):
        """This game with ``option`` taken at ``step``, played on by the same agents (a seat the class played, by
        the heuristic), shown below the stepper beside the game as played (``toolkit.widgets.futures``)."""
        from ..core.futures import what_if
        from .futures import Futures
        agents = [a.agent if isinstance(a, _ClassOr) else a for a in self.agents]
        a, b = what_if(self.history, step, option, agents)
        label = self.history[step].pending().option(b.game.choices[step]).label
        people = [s for s, agent in enumerate(self.agents, 1) if isinstance(agent, PersonAgent)]
        note = f"(The heuristic plays the class's Player {people[0]} in the other future.)" if people else ""
        self.futures = Futures(a, b, names=("as played", f"what if: {label}"), dpi=self.dpi,
                               pixel_ratio=self.pixel_ratio, note=note)
        close = _button("close what if", "times", "close the two futures")
        close.on_click(self._guard(lambda _b: setattr(self.what_if_box, "children", ())))
        self.what_if_box.children = (close, self.futures)
        return self.futures
