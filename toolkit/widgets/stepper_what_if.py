"""The stepper's "what if": this game with another option at a past step, played on beside the game as played.

A part of ``Stepper`` (``stepper.py``), built after the stepper's own widgets. Offered at a
past step with a choice, once nothing is hidden from the class (the game is over, or no class plays) or to the
teacher; the two futures open below the stepper (``futures.py``).
"""
from __future__ import annotations

import ipywidgets as w

from ..core.agents import PersonAgent
from .answers import ClassOr
from .stepper_panel import button


class WhatIfOffer:
    """The "what if" row in the decision column and the futures it opens."""

    def _build_what_if(self):
        """The row, hidden until offered, at the foot of the decision column; the futures' box below all."""
        self.what_if_option = w.Dropdown(layout=w.Layout(width="auto", max_width="100%"),
                                         tooltip="the other option to take at this step")
        self.what_if_button = button("what if", "code-fork", "play this game again from this step with the option "
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
        agents = [a.agent if isinstance(a, ClassOr) else a for a in self.agents]
        a, b = what_if(self.history, step, option, agents)
        label = self.history[step].pending().option(b.game.choices[step]).label
        people = [s for s, agent in enumerate(self.agents, 1) if isinstance(agent, PersonAgent)]
        note = f"(The heuristic plays the class's Player {people[0]} in the other future.)" if people else ""
        self.futures = Futures(a, b, names=("as played", f"what if: {label}"), dpi=self.dpi,
                               pixel_ratio=self.pixel_ratio, note=note)
        close = button("close what if", "times", "close the two futures")
        close.on_click(self._guard(lambda _b: setattr(self.what_if_box, "children", ())))
        self.what_if_box.children = (close, self.futures)
        return self.futures
