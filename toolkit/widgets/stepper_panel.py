"""The stepper's panel: the controls, the status line, the class's question with its buttons and the event log,
in a column beside the board, laid out for a projector.

A part of ``Stepper`` (``stepper.py``): every control it makes carries the frame it was drawn for (``_fresh``).
"""
from __future__ import annotations

import html
import json

import ipywidgets as w
from ipyevents import Event

from ..drawing import player_colour, text_on
from .answers import SeatViews
from .log import answer_words, chips, log_html
from .style import STYLE

MAX_BUTTONS = 10            # more options than this come as a drop-down list (and, where it is a place, the board)
PANEL = 320                 # CSS px of the column beside the board (status, controls, decision, log), at least
PANEL_MOST = 760            # and at most: it takes the width the board's picture leaves, lines kept readable
GAP = 12                    # CSS px between the board and that column
HEADROOM = 46               # CSS px of the window above the board and column: the page's one-line title


def button(description, icon, tooltip, width="auto"):
    return w.Button(description=description, icon=icon, tooltip=tooltip, layout=w.Layout(width=width))


class DecisionPanel:
    """The widgets of a stepper and what the column beside the board says at each step."""

    def _build(self, interval):
        n = self.last
        # the Play widget only ticks (hidden); the play/pause toggle drives it, so it never rewinds or restarts
        self.play_widget = w.Play(value=0, min=0, max=n, step=1, interval=interval, repeat=False,
                                  layout=w.Layout(display="none"))
        self.play_button = w.ToggleButton(description="play", icon="play", layout=w.Layout(width="auto"),
                                          tooltip="play the game step by step; press again to pause where it is")
        self.start_button = button("start", "fast-backward", "go to the start of the game (step 0)")
        self.back_button = button("back", "step-backward", "one step back (key: \N{LEFTWARDS ARROW})")
        self.step_button = button("step", "step-forward", "one step forward (key: \N{RIGHTWARDS ARROW})")
        self.end_button = button("end", "fast-forward", "go to the last step played so far")
        self.slider = w.IntSlider(value=0, min=0, max=n, description="step", continuous_update=False,
                                  tooltip="drag to any step of the game", style={"description_width": "auto"},
                                  layout=w.Layout(width="190px"))
        self.save_button = button("save picture", "download", "make download links for this picture (PNG, SVG)")
        self.save_links = w.HTML()
        self.view = SeatViews(options=self._view_options(), value=self.class_seat,
                              tooltips=self._view_tooltips(), style={"button_width": "auto"},
                              layout=w.Layout(flex="0 1 auto", max_width="100%"))
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

    def _log_html(self, k: int) -> str:
        over = self.history.game.is_over()
        end = f"Seed {self.seed} (this game again: <code>seed={self.seed}</code>)." if over and k == self.last else ""
        viewer, hide = self.view.value, self._class_plays()
        # while the class plays, even the class view (teacher=True) tells only what the class's seat may see
        return log_html(self.history, k, viewer, self.clauses, for_class=self._for_class, hide_secrets=hide,
                        end_note=end, events_seat=self.class_seat if hide else None,
                        answered=self._answered_for_class)

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
                go = button(f"to step {self.last}, where the class decides", "fast-forward",
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
        again = self._decided_before(k, d)
        shown = [o for o in d.options if o.value in group[2]] if group else d.options
        if len(shown) <= MAX_BUTTONS:
            buttons = []
            for o in shown:
                b = w.Button(description=o.label, tooltip=o.label, layout=w.Layout(width="auto", height="auto"))
                b.add_class("bgt-option")
                b.on_click(self._guard(lambda _b, v=o.value: self._answer(token, v)))
                buttons.append(b)
            if group:
                back = button("another square", "undo", "show every square again, to choose another")
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
            go = button("decide", "check", "decide the option chosen in the list")
            go.add_class("bgt-decide")
            go.on_click(self._guard(lambda _b: self._answer(token, pick.value)))
            rows.append(w.HBox([pick, go]))
        self.decision.children = (head, *again, *rows)

    def _decided_before(self, k: int, d) -> tuple:
        """Back at a step the class has decided: what it chose, and that choosing again replays the game from
        here (the steps after it are replaced), so nobody re-decides a choice unawares after seeing its outcome."""
        if k >= self.last:
            return ()
        chosen = html.escape(answer_words(self.history[k], d, self.history[k + 1].choices[-1]))
        after = self.last - k
        note = w.HTML(f"<div class='bgt-hint'>The class chose here already: <b>{chosen}</b>. Choosing again plays "
                      f"the game anew from this step: the {after} step{'s' if after != 1 else ''} after it are "
                      f"replaced. To go on with the game as it is: \"end\".</div>")
        note.add_class("bgt-again")
        return (note,)
