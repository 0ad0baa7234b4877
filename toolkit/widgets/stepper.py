"""The stepper: a history of states and an index, drawn one step at a time, laid out for a projector.

No rule logic lives here: the core's play loop makes every move, the game's drawing module draws it (and says
which place on its picture means which option, ``click_targets``), the game's rules page explains it.

One widget in four parts: this module is its session (the history, the class's seat and kinds, answering, stepping
and playing); ``stepper_board.py`` draws each frame and turns clicks on it into options; ``stepper_panel.py`` makes
the controls and says what the column beside the board says; ``stepper_what_if.py`` offers "what if".

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

import html
import importlib
import json
import os
import random

import ipywidgets as w

from ..core.agents import Agent, PersonAgent
from ..core.history import History
from ..core.play import play
from ..core.registry import game_class
from ..core.seating import check_seat_count, make_agents
from ..drawing import LAYOUTS, GameDrawing
from ..frame_render import FrameRenderer
from .answers import LOG, ClassOr, error_line, event_frame
from .stepper_board import CLICK_GID, CLICK_OUTLINE, BoardFrame
from .stepper_panel import HEADROOM, DecisionPanel
from .stepper_what_if import WhatIfOffer

__all__ = ["Stepper", "fresh_seed", "SEED_VARIABLE", "CLICK_GID", "CLICK_OUTLINE", "HEADROOM"]

SEED_VARIABLE = "TOOLKIT_STEPPER_SEED"  # fixes the seed of ``seed=None`` steppers (tests, a game to show again)


def fresh_seed() -> int:
    """A seed nobody in the room can know in advance (``secrets``-grade), unless SEED_VARIABLE fixes it."""
    fixed = os.environ.get(SEED_VARIABLE, "").strip()
    return int(fixed) if fixed else random.SystemRandom().randrange(2 ** 32)




class Stepper(BoardFrame, DecisionPanel, WhatIfOffer, w.VBox):
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
            self.agents = [a if isinstance(a, PersonAgent) else ClassOr(a, self.class_kinds, person)
                           for a in self.agents]
        self.class_seat, self.teacher, self.players = class_seat, teacher, players
        self.seed = fresh_seed() if seed is None else seed
        self.history = History(cls(players=players, seed=self.seed, options=options))
        self.drawing: GameDrawing = importlib.import_module(cls.drawing_module)
        if frame not in LAYOUTS:
            raise ValueError(f"frame must be one of {', '.join(LAYOUTS)}, not {frame!r}")
        self._draw_kw = {"fast": True, "layout": frame}     # fast: the unchanging board kept between frames
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
        self._build_what_if()
        self._build_record()
        if class_seat is not None or self.class_kinds:
            self.slider.value = self.last          # where the class must decide (this draws the step)
        if self.slider.value == 0:
            self._show()

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
        if self.index >= self.last:       # nothing after this step: say why rather than do nothing
            self.message.value = f"<span class='bgt-hint'>{self._nothing_to_play()}</span>"
        self.slider.value = min(self.last, self.index + 1)

    def to_end(self):
        if self.index >= self.last:
            self.message.value = f"<span class='bgt-hint'>{self._nothing_to_play()}</span>"
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
