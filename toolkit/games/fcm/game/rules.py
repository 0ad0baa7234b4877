"""Food Chain Magnate, the whole game: the map layer and the companies composed into rounds of seven
phases, from setup to the second bank break (FCM-0 to FCM-7; FCM-I50 to FCM-I77).

``FcmGame`` asks every decision through ``pending()``: the company layer's (reserve card, restructuring,
turn order, hiring, training, firing, freezer) and this layer's (starting restaurants, campaigns, food and
drinks, houses and gardens, restaurants). Dinnertime and the Marketing phase need no decisions.

Each phase lives in a module named after it; ``FcmGame`` only composes them and runs the round (FCM-0.2):
setup ``setup.py``; FCM-1 ``company/restructuring.py``; FCM-2 ``company/order_of_business.py``; FCM-3
``company/working.py`` (recruiting, training) and ``working.py`` (the rest, with ``production.py``); FCM-4
``dinnertime.py`` (with ``bank.py``); FCM-5 ``company/payday.py``; FCM-6 ``marketing.py``; FCM-7
``company/cleanup.py``.

>>> g = FcmGame(players=2, seed=3, log=False)
>>> g.pending().kind
'reserve'
>>> from toolkit.core import play, make_agents
>>> play(g, make_agents("fcm", 2, "heuristic")) is None, g.end_reason, g.breaks
(True, 'bank', 2)
"""
from __future__ import annotations

import re
from collections import Counter

from ....core.decisions import Decision
from ....core.game import LOGS, Game, copy_added, deepcopy_attributes
from ....core.settings import Setting
from . import bankruptcy, dinnertime, marketing, words
from ..company.phases import CompanyPhases, WithCompanyLayer
from ..company.state import RESERVE_CARDS
from ..company.structure import Structure, in_words
from ..map.board import assemble_map, parse_layout
from .setup import Setup, StartingRestaurants
from .working import Working

INTRO_BANK_PER_PLAYER = 75          # FCM-I68
DEFAULT_MAX_ROUNDS = 40             # FCM-I70
SETTINGS = (
    Setting("ruleset", "choice", "original", choices=("original", "deluxe"), clause="FCM-I67",
            help="the original rulebook or the deluxe edition's rules"),
    Setting("intro", "bool", False, clause="FCM-I68", help="the introductory game"),
    Setting("max_rounds", "int", DEFAULT_MAX_ROUNDS, low=1, high=500, clause="FCM-I70",
            help="the game also ends after the Dinnertime of this round"),
    Setting("layout", "text", "", clause="FCM-I3", help="a fixed map in layout text, e.g. 'A0 B1\\nC2 D3'"),
    Setting("bankruptcy", "choice", "faq", choices=bankruptcy.MODES, clause="FCM-I74",
            help="the FAQ's bankruptcy, or the old write-off (FCM-I54)"),
)
_CARD_NAME = re.compile(r"[a-z_]+")           # a card id in a structure's text (FCM-I32)


class GamePhases(CompanyPhases):
    """The company phases as the whole game uses them; the introductory game has no salaries (FCM-I68)."""

    _ATTRIBUTES = CompanyPhases._ATTRIBUTES + ("intro",)

    def __init__(self, *a, intro: bool = False, **kw):
        if intro:                               # before the setup event announces the bank
            kw["bank_per_player"] = INTRO_BANK_PER_PLAYER
        super().__init__(*a, **kw)
        self.intro = intro
        if intro:
            self.gone = list(self.ms)           # no milestones in the introductory game (FCM-I68)

    def salary_lines(self, seat):
        return [] if self.intro else super().salary_lines(seat)


# Every attribute of a game, in the order __init__ sets them: those every game has (Game.ATTRIBUTES), then the
# game's own (copies set them by name: core.copy_attributes). At most 29 (core.FAST_ATTRIBUTES): the options of
# the setup are read from ``options``, the starting restaurants' progress is grouped in ``starting``.
_ATTRIBUTES = Game.ATTRIBUTES + ("map", "co", "breaks", "ending", "phase", "starting", "working", "seat", "stage",
                                 "tasks", "sub", "busy_chips", "sales", "income", "dinner", "marketing_log",
                                 "demand_log", "bank_log", "end_reason", "_cache")


class FcmGame(Setup, Working, WithCompanyLayer, Game):
    """The whole game. Options: ``ruleset`` ('original' or 'deluxe', FCM-I67), ``intro`` (the introductory
    game, FCM-I68), ``max_rounds`` (FCM-I70), ``layout`` (a fixed map in layout text, FCM-I3), ``bankruptcy``
    ('faq', the default, or 'write-off', FCM-I74)."""

    name = "fcm"
    title = "Food Chain Magnate"
    min_players, max_players = 2, 5
    rules_package = "toolkit.games.fcm"
    drawing_module = "toolkit.games.fcm.game.drawing"
    # no acts (Game.acts' default): every decision is a choice, and one with one option ("CEO alone", the one
    # turn-order slot left) is a formality
    settings = SETTINGS

    def __init__(self, players: int = 3, seed: int = 0, options: dict | None = None, *, log: bool = True):
        super().__init__(players, seed, options, log=log)
        layout = self.option("layout")
        self.map = parse_layout(layout, "option 'layout'") if layout else assemble_map(players, self.streams["map"])
        self.map.set_joins("any" if self.option("ruleset") == "deluxe" else "midpoint")     # FCM-I10
        self.co = GamePhases(players, self.streams, self.emit, ruleset=self.option("ruleset"),
                             log=log, intro=self.intro)
        self.breaks, self.ending = 0, False
        self.phase = "setup"
        self.starting = StartingRestaurants()
        self.working, self.seat, self.stage, self.tasks, self.sub = [], None, None, [], {}
        self.busy_chips: dict = {}              # busy chip (campaign number, as text) -> [seat, card or None once fired]
        self.co.chips = self._chips
        self.sales = [0] * players              # items sold, per seat
        self.income = [0] * players             # dollars earned at Dinnertime, per seat
        self.dinner: dinnertime.Dinner | None = None      # the last Dinnertime's facts (its house records)
        self.marketing_log: list = []           # the last Marketing phase: [number, {house: placed}]
        self.demand_log: list = []              # demand per house after each Marketing phase
        self.bank_log: list = [self.co.bank]    # the bank's level after each round
        self.end_reason = None
        self._cache = None
        self.say("map", lambda: f"The map: {self.map.cols} tiles across and {self.map.rows} down, top row first (turned clockwise): "
                 + words.layout(self.map.layout) + f". Houses {', '.join(map(str, sorted(self.map.houses)))}.", ("FCM-I2", "FCM-I3"))
        if self.intro:
            self.say("intro", lambda: f"Introductory game: ${self.co.bank} in the bank, no reserve cards, no milestones, "
                     "no salaries; the first bank break ends the game.", ("FCM-I68",))
        else:
            self.co.begin_setup()
        self._advance()

    # --- plumbing ------------------------------------------------------------------------------------
    def say(self, kind, text, clauses, player=None, **data):
        if self.log:
            self.emit(kind, text() if callable(text) else text, tuple(clauses), player, **data)

    def _chips(self) -> dict:
        """The busy chips, for the company layer's forced firing (FCM-5.3, FCM-I62)."""
        return self.busy_chips

    @property
    def round(self) -> int:
        return self.co.round

    # the options of the setup, read where they are kept (a game keeps at most 29 attributes: core.copy_attributes)
    @property
    def intro(self) -> bool:
        """The introductory game (FCM-I68)."""
        return self.option("intro")

    @property
    def max_rounds(self) -> int:
        """The last round allowed (FCM-I70)."""
        return self.option("max_rounds")

    @property
    def bankruptcy(self) -> str:
        """'faq' or 'write-off' (FCM-I74)."""
        return self.option("bankruptcy")

    @property
    def break_limit(self) -> int:
        """The bank breaks that end the game: the second, or the first in the introductory game (FCM-4.7, FCM-I68)."""
        return 1 if self.intro else 2

    def company(self, seat):
        return self.co.company(seat)

    @property
    def records(self) -> list:
        """The last Dinnertime's house records (FCM-I55 to FCM-I59), written afresh from its facts when read."""
        return [] if self.dinner is None else self.dinner.records()

    def __deepcopy__(self, memo):
        """A deep copy made attribute by attribute (never through ``__dict__``, see core.copy_attributes), as the
        generic one would make it (one memo: the company layer's calls back into the game land on the copy);
        the logs are copied shallowly, as ``Game.clone`` does."""
        new = deepcopy_attributes(self, memo, _ATTRIBUTES, shallow=LOGS)
        return copy_added(self, new, memo, _ATTRIBUTES, FcmGame)

    # --- the flow of a round (FCM-0.2) ----------------------------------------------------------------
    def _advance(self) -> None:
        co = self.co
        while self.phase != "over":
            if co.waiting():
                return
            ph = self.phase
            if ph == "setup":
                self.phase = "restaurants"
                start = self.starting
                start.placing = list(reversed(co.order))      # FCM-I58: reverse turn order first
                self.say("setup-restaurants", lambda: "Starting restaurants, in reverse turn order: "
                         + ", ".join(f"Player {s}" for s in start.placing) + "; a player may pass once.", ("FCM-I58",))
            elif ph == "restaurants":
                start = self.starting
                if start.placing:
                    if self._start_options():
                        return
                    s = start.placing.pop(0)
                    self.say("no-room", lambda: f"Player {s} finds no legal place for a starting restaurant.", ("FCM-I4", "FCM-I58"), s)
                elif start.passed and not start.second:
                    start.second, start.placing, start.passed = True, [s for s in co.order if s in start.passed], []
                    self.say("setup-restaurants", lambda: "Second round of starting restaurants in turn order; "
                             "everyone who passed must place now.", ("FCM-I58",))
                else:
                    self.phase = "restructure"
                    co.begin_restructuring()
            elif ph == "restructure":
                self.map.drive_ins = {s for s in range(1, self.players + 1)
                                      if any(co.company(s).work.counts()[c] for c in ("local_manager", "regional_manager"))}
                for s in sorted(self.map.drive_ins):
                    self.say("drive-in", lambda: f"Player {s} has a local or regional manager at work: this round every open "
                             "restaurant of the chain has an entrance at all four corners (drive-in).", ("FCM-3.7", "FCM-I7"), s)
                self.phase = "order"
                co.begin_order_of_business()
            elif ph == "order":
                self.phase, self.working = "working", list(co.order)
                self.say("phase", lambda: f"Round {co.round}, phase 3: Working 9-5 in turn order.", ("FCM-0.2", "FCM-3.1"))
            elif ph == "working":
                if self.stage == "company":
                    self._begin_own()
                    continue
                if self.stage == "own":
                    if self._settle():
                        return
                    self.seat, self.stage = None, None
                if self.working:
                    self.seat, self.stage = self.working.pop(0), "company"
                    co.begin_working(self.seat)
                else:
                    self._dinnertime()
            elif ph == "payday":
                self.marketing_log = [[n, {str(h): k for h, k in placed.items()}] for n, placed in marketing.run_phase(self)]
                self.phase = "cleanup"
                co.begin_cleanup()
            elif ph == "cleanup":
                self.map.open_restaurants()
                self.map.drive_ins = set()
                self.bank_log.append(co.bank)
                self.end_turn()
                self.phase = "restructure"
                co.begin_restructuring()

    def _dinnertime(self) -> None:
        self.dinner = dinnertime.run(self)
        last = self.co.round >= self.max_rounds
        gone = not self.co.seats()                      # every chain is bankrupt: everyone loses (FCM-I74)
        if self.ending or last or gone:
            self.end_reason = "bank" if self.ending else "bankrupt" if gone else "round limit"
            self.phase = "over"
            self.bank_log.append(self.co.bank)
            self.end_turn()
            best = self.winner()
            if gone:
                self.say("game-end", lambda: "Every chain is bankrupt: the game ends and everyone loses.", ("FCM-I74",))
                return
            self.say("game-end", lambda: ("The bank broke: the game ends after Dinnertime, with no Payday. " if self.ending else
                     f"Round {self.co.round} was the last round allowed: the game ends after Dinnertime. ")
                     + "Cash: " + ", ".join(f"Player {s} ${self.company(s).cash}" for s in self.co.order)
                     + f". Player {best} wins.", ("FCM-4.7", "FCM-I53") if self.ending else ("FCM-I70",), best)
            return
        self.phase = "payday"
        self.co.begin_payday()

    # --- decisions ------------------------------------------------------------------------------------
    def answer_words(self, decision, value) -> str:
        """An answer that is none of the decision's listed options, in a class's words: a structure written out
        (FCM-I32) reads as the cards' printed names; anything else as it was given."""
        if decision.kind == "restructure" and isinstance(value, str):
            staff = self.co.staff
            s = Structure.parse(value, staff)
            return f"CEO over {in_words(s.text(staff))}" if s.items else "CEO alone"
        return str(value)

    def pending(self):
        key = len(self.choices)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        if self.phase == "over":
            d = None
        elif self.co.waiting():
            d = self.co.pending()
        else:
            d = self._own_pending()
        self._cache = (key, d)
        return d

    def refresh(self) -> None:
        """Forget the cached decision (after changing the state by hand, e.g. in a scripted test)."""
        self._cache = None

    def _own_pending(self) -> Decision | None:
        if self.phase == "restaurants" and self.starting.placing:
            return self._start_pending()
        if self.phase != "working" or self.stage != "own" or not self.tasks:
            return None
        return self._working_pending()

    def check(self, decision, value) -> None:
        if self.co.waiting():
            self.co.check(decision, value)
        else:
            super().check(decision, value)

    def _apply(self, decision, value) -> None:
        self._cache = None
        if self.co.waiting():
            self.co.apply(decision, value)
        else:
            self._apply_own(decision, value)
        self._advance()
        self._cache = None

    def _apply_own(self, d, value) -> None:
        if d.kind == "start_restaurant":
            self._apply_start(d, value)
        else:
            self._apply_working(d, value)

    # --- results -------------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return [c.cash for c in self.co.companies]

    def winner(self) -> int | None:
        """Most cash among the chains still in the game; a tie goes to the earlier player in turn order (FCM-4.7,
        FCM-I53). A bankrupt chain cannot win; when every chain is bankrupt nobody wins (FCM-I74)."""
        if self.phase != "over" or not self.co.order:
            return None
        best = max(self.company(s).cash for s in self.co.order)
        return next(s for s in self.co.order if self.company(s).cash == best)

    def end_clauses(self):
        return ("FCM-4.7", "FCM-I53", "FCM-I74")

    def to_dict(self) -> dict:
        return {"phase": self.phase, "turn": self.turn, "breaks": self.breaks, "ending": self.ending, "intro": self.intro,
                "max_rounds": self.max_rounds, "placing": list(self.starting.placing),
                "passed": list(self.starting.passed), "second": self.starting.second, "working": list(self.working), "seat": self.seat, "stage": self.stage,
                "tasks": [list(t) for t in self.tasks], "sub": dict(self.sub), "busy_chips": dict(sorted(self.busy_chips.items())),
                "sales": list(self.sales), "income": list(self.income), "records": self.records,
                "marketing_log": self.marketing_log, "demand_log": self.demand_log, "bank_log": list(self.bank_log),
                "end_reason": self.end_reason, "company": self.co.to_dict(), "map": self.map.to_dict()}

    def view(self, player=None) -> dict:
        """Cards in other players' hands, face-down restructuring choices and reserve cards are hidden
        (FCM-I42); the reserve cards are public once the bank has broken (FCM-I51), and everything once the game
        is over (FCM-I79)."""
        d = self.to_dict()
        d["company"] = self.co.view(None if self.phase == "over" else player)
        if self.breaks and not self.intro:
            for c, real in zip(d["company"]["companies"], self.co.companies):
                c["reserve"] = real.reserve
        return d

    def summary(self) -> dict:
        out = {"bank_breaks": self.breaks, "end": self.end_reason, "bank": self.co.bank}
        for s in range(1, self.players + 1):
            out[f"sales_{s}"] = self.sales[s - 1]
            out[f"income_{s}"] = self.income[s - 1]
            out[f"milestones_{s}"] = len(self.company(s).milestones)
            out[f"restaurants_{s}"] = len(self.map.chain_restaurants(s))
        return out

    def player_name(self, seat: int) -> str:
        return f"Player {seat}"

    # --- what one player may believe (for the search agent) -------------------------------------------
    # the 'search' kind is FCM's own (FcmSearchAgent, FCM-I77, budget in its defaults); these options serve the
    # core SearchAgent (tests, bench_search --gains): strategic playouts cut after 40 decisions, by cash margin
    search_options = {"playouts": 4, "max_steps": 40, "margin": 0.5}

    def _resample_hidden(self, viewer, rng):
        """Redraw what ``viewer`` cannot see (FCM-I42): the other players' cards in hand, dealt afresh from
        the cards no one can see (every card is in the supply or with a player, FCM-I30); their face-down
        restructuring, one of the fullest structures their new hand allows (FCM-1.1); their face-down
        firings, none (FCM-5.1, FCM-I39); and their reserve cards while they are face down (FCM-I31,
        FCM-I51)."""
        co = self.co
        others = [c for c in co.companies if c.seat != viewer]
        unseen = dict(co.staff.pile_sizes(self.players))
        for card, n in co.supply.items():
            unseen[card] -= n
        for c in co.companies:
            seen = c.cards() if c.seat == viewer else c.cards() - c.hand
            for card, n in seen.items():
                unseen[card] -= n
        pool = sorted(card for card, n in unseen.items() for _ in range(n))     # a canonical order
        rng.shuffle(pool)
        k = 0
        for c in others:
            n = sum(c.hand.values())
            c.hand = Counter(pool[k:k + n])
            k += n
        for c in others:
            if c.seat in co.secret:
                if co.step == "restructure":
                    opts = co.structure_options(c.seat)         # fullest first (FCM-I46)
                    size = [len(_CARD_NAME.findall(o)) for o in opts]
                    full = [o for o, n in zip(opts, size) if n == size[0]]
                    co.secret[c.seat] = full[int(rng.random() * len(full))]
                else:
                    co.secret[c.seat] = []
        peek = "first_cash_20" in co.company(viewer).milestones
        if not peek and not (self.breaks and not self.intro):
            for c in others:
                if c.reserve is not None:
                    c.reserve = sorted(RESERVE_CARDS)[int(rng.random() * len(RESERVE_CARDS))]
        self._cache = None


__all__ = ["FcmGame", "GamePhases", "RESERVE_CARDS"]
