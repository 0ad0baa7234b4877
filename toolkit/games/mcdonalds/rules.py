"""The McDonald's Game: state and rules (MCD-1 to MCD-8 and the interpretations MCD-I1 ... in rules.md).

``McDonaldsGame`` holds the setup (MCD-1), the state and its queries, the pending decision and the search's
believed worlds; the rule steps live in modules named after the rulebook's sections, and the class only
composes them: MCD-3 Play ``turn.py``; MCD-3.6 and MCD-4 Reading a Menu ``menus.py``; MCD-5 Filling an order,
MCD-6 Scoring an order and MCD-8 Winning ``race.py``; MCD-7 Refilling racks and extra cards ``extras.py``.

>>> g = McDonaldsGame(players=3, seed=2)
>>> g.pending()
Decision(player=2, kind='roll', values=('roll',))
>>> [e.clauses for e in g.apply("roll")][0]
('MCD-3.2', 'MCD-I4', 'MCD-I1', 'MCD-7.7')
>>> sum(g.card_total()) == 120
True
"""
from __future__ import annotations

from ...core.decisions import Decision, Option
from ...core.game import Game, copy_added
from ...core.errors import OptionError
from ...core.settings import Setting
from .board import (CARDS_PER_FOOD, FOODS, N, NAMES, SLOT, Board, Menu, default_board, default_menus,
                    item_counts, load_board, load_menus)
from .extras import ExtraCards
from .menus import MAX_READINGS, ReadingMenus
from .race import DEFAULT_RACE, RACE_MODES, TARGET, FillingOrders, Racing, wrong_pulls
from .turn import (GIVE, MAX_TURNS, TAKE, TAKE_ONE, HelpGive, HelpTake, TakeOne, Turn, pair_value, pairs,
                    roll_decisions)

SETTINGS = (
    Setting("board", "file", clause="MCD-I1", help="a custom board: a board file's path or its data"),
    Setting("menus", "file", clause="MCD-I5", help="a custom menu deck: a menu file's path or its data"),
    Setting("race", "choice", "model", choices=RACE_MODES, clause="MCD-I10, MCD-I11",
            help="'model': the race is drawn; 'by_hand': the class decides it"),
    Setting("speed", "seats", DEFAULT_RACE["speed"], low=0.01, high=1000.0, clause="MCD-I10",
            help="seconds a racer needs, one value or one per seat"),
    Setting("spread", "seats", DEFAULT_RACE["spread"], low=0.0, high=5.0, clause="MCD-I10",
            help="spread of the race times (lognormal sigma)"),
    Setting("errors", "seats", DEFAULT_RACE["errors"], low=0.0, high=1.0, clause="MCD-I10",
            help="the chance of a wrong pull"),
    Setting("max_readings", "int", None, low=1, high=10**6, clause="MCD-5.4, MCD-I9",
            help="readings of a menu before it is put away unfilled (absent: no bound)"),
)


def _per_seat(value, players):
    return [float(x) for x in value] if isinstance(value, (list, tuple)) else [float(value)] * players


_EXTRAS: dict = {}       # (seat, extras, points) -> its extras Decision: made once, shared by every game

# The game's own attributes, in the order __init__ sets them after those every game has (Game.ATTRIBUTES); copies
# set them by name (core.copy_attributes). At most 29 in all (core.FAST_ATTRIBUTES): the race's settings are
# therefore grouped in ``racing``.
_OWN = ("racing", "board", "menus", "racks", "extras", "extras_seen", "pile", "menu_pile", "pos", "points", "over",
        "won", "reading", "last_race", "last_roll", "stats", "first", "current", "stage", "_decision")
_ATTRIBUTES = Game.ATTRIBUTES + _OWN


class McDonaldsGame(Turn, ReadingMenus, FillingOrders, ExtraCards, Game):
    """The whole game (MCD-1 to MCD-8). Options (``SETTINGS``): a custom ``board`` and ``menus``, the ``race``
    ('model' or 'by_hand'), each seat's ``speed``, ``spread`` and ``errors``, and ``max_readings``."""

    name = "mcdonalds"
    title = "The McDonald's Game"
    min_players, max_players = 2, 4          # MCD-I3
    rules_package = "toolkit.games.mcdonalds"
    drawing_module = "toolkit.games.mcdonalds.drawing"
    settings = SETTINGS
    acts = frozenset({"roll"})     # MCD-3.2: each player rolls their own dice, though it is the only thing to do

    def __init__(self, players: int = 4, seed: int = 0, options: dict | None = None, *, log: bool = True):
        super().__init__(players, seed, options, log=log)
        o = self.options
        by_hand = o.get("race") == "by_hand"
        speed, spread, errors = (_per_seat(self.option(k), players) for k in DEFAULT_RACE)
        # MCD-5.4 / MCD-I9: a menu is read until someone fills it; a bound is a named option, off by default
        max_readings = self.option("max_readings")
        self.racing = Racing(by_hand, speed, spread, errors, max_readings)
        if max_readings is None and not by_hand and max(errors) >= 1.0:
            raise OptionError("an error chance of 1 means a player who never pulls the right cards, so a menu only "
                              "that player can fill would be read for ever (MCD-5.4): set 'max_readings' too (MCD-I9)")
        self.board: Board = load_board(o["board"]) if "board" in o else default_board()
        self.menus: tuple[Menu, ...] = load_menus(o["menus"]) if "menus" in o else default_menus()
        # MCD-1.6: 3 of each item in each rack; MCD-1.7: the rest shuffled face down (top = end of list)
        self.racks = [[SLOT] * N for _ in range(players)]
        self.extras = [[0] * N for _ in range(players)]          # MCD-7.2: face down
        # the extras whose items everyone saw arrive (from a menu, a trade, a card taken: MCD-I20); a record
        # for the players' memory that changes no rule
        self.extras_seen = [[0] * N for _ in range(players)]
        self.pile = [i for i in range(N) for _ in range(CARDS_PER_FOOD - SLOT * players)]
        self.streams["deck"].shuffle(self.pile)
        # MCD-1.5: the menus face down (MCD-I5: shuffled); top = end of list
        self.menu_pile = list(range(len(self.menus)))
        self.streams["menus"].shuffle(self.menu_pile)
        self.pos = [self.board.corners[s] for s in range(players)]      # MCD-1.8, MCD-I3
        self.points = [0] * players
        self.over = False
        self.won = None
        self.reading = None       # the menu being read and its race (see _read_menu)
        self.last_race = None     # the last race, for the drawings
        self.last_roll = None
        self.stats = {"menus": 0, "readings": 0, "unfillable": 0, "given_up": 0, "order_points": 0,
                      "extra_points": 0, "forgotten": 0, "trades": 0, "hit_turn_limit": False}
        self.emit("setup", f"Each player's rack holds 3 of each of the 8 food items; the other {len(self.pile)} cards "
                  f"are shuffled face down beside the chute, and the {len(self.menus)} menus lie face down.",
                  ("MCD-1.5", "MCD-1.6", "MCD-1.7", "MCD-I5"))
        if self.log:
            where = "; ".join(f"Player {s} is {self.board.characters[s - 1][0]} on the corner space {self.pos[s - 1]}"
                              for s in range(1, players + 1))
            self.emit("setup", where + ".", ("MCD-1.8", "MCD-I3"))
        self.first = self.current = self.roll_for_first()
        self.stage: tuple = ("start",)           # or a HelpGive, HelpTake, TakeOne (turn.py)
        self._decision = self._next_decision()

    def arranged(self) -> None:
        """Recompute the pending decision after a test or a lesson arranged a position by hand."""
        self._decision = self._next_decision()

    def __deepcopy__(self, memo):
        """A copy for histories and clones: the mutable state is copied, the data files, decisions and events
        (never changed once made) are shared. Much faster than a generic deep copy."""
        new = self._copy_base(memo, _OWN)          # the lists and dicts among them replaced below
        new.racks = [list(r) for r in self.racks]
        new.extras = [list(r) for r in self.extras]
        new.extras_seen = [list(r) for r in self.extras_seen]
        new.pile, new.menu_pile, new.pos, new.points = list(self.pile), list(self.menu_pile), list(self.pos), list(self.points)
        new.stats = dict(self.stats)
        r = self.reading
        if r is not None:
            new.reading = {"menu": r["menu"], "count": r["count"], "able": r["able"], "marbles": list(r["marbles"]),
                           "pulled": dict(r["pulled"])}
        return copy_added(self, new, memo, _ATTRIBUTES, McDonaldsGame)

    # --- queries --------------------------------------------------------------------------------
    def pending(self):
        return self._decision

    @property
    def max_readings(self) -> int | None:
        """The most readings of one menu (the option ``max_readings``, MCD-I9), None: no bound."""
        return self.racing.max_readings

    def scores(self):
        return list(self.points)

    def winner(self):
        return self.won if self.over else None

    def end_clauses(self):
        return ("MCD-8.1",)

    def player_name(self, seat: int) -> str:
        return f"Player {seat} ({self.board.characters[seat - 1][0]})"

    def menu(self, index: int | None = None) -> Menu:
        """The menu being read (or the menu at ``index`` of the deck)."""
        return self.menus[self.reading["menu"] if index is None else index]

    def card_total(self) -> list[int]:
        """Food cards per item in racks + extras + pile + cards pulled in a race (120 in all)."""
        tot = [0] * N
        for s in range(self.players):
            for i in range(N):
                tot[i] += self.racks[s][i] + self.extras[s][i]
        for i in self.pile:
            tot[i] += 1
        if self.reading:
            for p in self.reading["pulled"].values():
                for i in range(N):
                    tot[i] += p[i]
        return tot

    def summary(self):
        """Columns for ``simulate``: who started, menus and readings, where the points came from."""
        return {"first": self.first, **self.stats}

    def to_dict(self):
        r = self.reading
        return {"players": self.players, "seed": self.seed, "pos": list(self.pos),
                "racks": [list(x) for x in self.racks], "extras": [list(x) for x in self.extras],
                "pile": [FOODS[i] for i in self.pile], "menu_pile": [self.menus[m].id for m in self.menu_pile],
                "scores": list(self.points), "current": self.current, "first": self.first,
                "stage": list(self.stage), "over": self.over, "winner": self.won, "turn": self.turn,
                "reading": None if r is None else {
                    "menu": self.menus[r["menu"]].id, "count": r["count"], "able": list(r["able"]),
                    "marbles": list(r["marbles"]), "pulled": {str(s): list(p) for s, p in sorted(r["pulled"].items())}},
                "last_race": self.last_race, "last_roll": self.last_roll, "stats": dict(self.stats)}

    def view(self, player=None):
        """What ``player`` may see: racks are open (MCD-I6); extras, the pile and the menus are face down; at the
        end every player's extras are turned up (MCD-I22)."""
        d = self.to_dict()
        d["pile"] = len(self.pile)
        d["menu_pile"] = len(self.menu_pile)
        d["extras_seen"] = [list(x) for x in self.extras_seen]      # everyone saw these arrive (MCD-I20)
        if player is not None:
            if not self.over:
                d["extras"] = [x if s == player else sum(x) for s, x in enumerate(d["extras"], 1)]
            del d["seed"]        # the seed would tell the order of every shuffle
        return d

    # --- applying decisions ---------------------------------------------------------------------
    def _apply(self, decision, value):
        kind = decision.kind
        if kind == "roll":
            self._roll_and_move()
        elif kind == "extras":
            self._return_extras(value == "return")
            if self.over:
                self._end_turn()
            else:
                self._roll_and_move()
        elif kind == "help-partner":
            if value == "no-trade":
                if self.log:
                    self.emit("help", f"Player {self.current} chooses not to trade.", ("MCD-3.4", "MCD-I15"), self.current)
                self._end_turn()
            else:
                self.stage = HelpGive("help-give", value)
        elif kind == "help-give":
            self.stage = HelpTake("help-take", self.stage.partner, value)
        elif kind == "help-take":
            self._trade(self.stage.partner, self.stage.give, value)
        elif kind == "take-one":
            self._take_one(value)
        elif kind == "race-marble":
            self._marble(value)
        elif kind == "race-pull":
            self._pull(value)
        self._decision = self._next_decision()

    # --- the pending decision -------------------------------------------------------------------
    def _next_decision(self):
        if self.over:
            return None
        st, seat = self.stage, self.current
        kind = st[0]
        if kind == "start":
            ext = self.extras[seat - 1]
            n = sum(ext)
            if not n:
                return _ROLL[seat]
            rack = self.racks[seat - 1]
            gain = sum(ext[i] for i in range(N) if rack[i] == SLOT)
            d = _EXTRAS.get((seat, n, gain))
            if d is None:
                cards = "extra card" if n == 1 else f"{n} extra cards"
                opts = (Option("return", f"return the {cards} first ({gain} point"
                               f"{'s' if gain != 1 else ''}), then roll"),
                        Option("roll", "roll at once, forgetting the extras (they go back without points)"))
                d = _EXTRAS[(seat, n, gain)] = Decision(seat, "extras", "Return your extra cards before rolling?", opts,
                                                        ("MCD-7.3", "MCD-7.4", "MCD-7.5"))
            return d
        if kind == "help-partner":
            opts = [Option(s, f"trade with Player {s}") for s in self._partners(seat)]
            opts.append(Option("no-trade", "do not trade"))
            return Decision(seat, "help-partner", "MAY I HELP YOU, PLEASE? Trade 2 cards with whom?", opts,
                            ("MCD-3.4", "MCD-I15"))
        if kind == "help-give":
            opts = [GIVE[p] for p in pairs(self.racks[seat - 1])]
            return Decision(seat, "help-give", f"Which 2 cards of your rack do you give Player {st.partner}?", opts,
                            ("MCD-3.4", "MCD-I15"))
        if kind == "help-take":
            opts = [TAKE[p] for p in pairs(self.racks[st.partner - 1])]
            return Decision(seat, "help-take", f"Which 2 cards do you take from Player {st.partner}'s rack?", opts,
                            ("MCD-3.4", "MCD-I15"))
        if kind == "take-one":
            v = st.victims[0]
            rack = self.racks[v - 1]
            opts = [TAKE_ONE[i] for i in range(N) if rack[i]]
            return Decision(seat, "take-one", f"Which card do you take from Player {v}'s rack?", opts,
                            ("MCD-3.5", "MCD-I16"))
        if kind == "race-marble":
            r = self.reading
            opts = [Option(s, f"Player {s}'s marble is next") for s in r["able"] if s not in r["marbles"]]
            opts.append(Option("no-more", "no more marbles" if r["marbles"] else "nobody drops a marble"))
            k = len(r["marbles"]) + 1
            return Decision(seat, "race-marble", f"The race (by hand): whose marble is number {k} from the bottom?", opts,
                            ("MCD-5.2", "MCD-5.3", "MCD-I7", "MCD-I11"))
        if kind == "race-pull":
            r = self.reading
            s = r["marbles"][len(r["pulled"])]
            opts = [Option("right", f"the right cards: {self.menu().order_text()}")]
            opts += [Option(v, label) for v, label, _ in self._wrong(s)]
            return Decision(seat, "race-pull", f"The race (by hand): what did Player {s} pull?", opts,
                            ("MCD-5.1", "MCD-5.3", "MCD-I11"))
        raise AssertionError(st)

    # --- what one player may believe (for the search agent) -------------------------------------------
    # the 'search' kind is McDonald's own (McdSearchAgent, MCD-I21, budget in its defaults); these options
    # serve the core SearchAgent (tests, bench_search --gains): heuristic playouts, about 200 ms a decision
    search_options = {"playouts": 300}

    def _resample_hidden(self, viewer, rng):
        """Redraw what ``viewer`` cannot see: the face-down pile and the other players' face-down extras drawn
        from the pile are dealt afresh from the cards among them (each player keeps the number of extras
        everyone saw laid down, MCD-7.2, and the extras whose items everyone saw arrive, MCD-I20; an extra
        drawn is believed of an item whose slot is full, as it was when it came), and the
        menus not yet read are shuffled (MCD-1.5, MCD-I5). The menus read lie at
        the bottom of the menu pile in the order everyone saw them read (MCD-6.3, MCD-I19), so they stay.
        The searcher forgets which cards went to the bottom of the pile: a view shows only how many cards it
        holds."""
        others = [s for s in range(1, self.players + 1) if s != viewer]
        cards = list(self.pile)
        for s in others:
            ext, seen = self.extras[s - 1], self.extras_seen[s - 1]
            cards += [i for i in range(N) for _ in range(ext[i] - seen[i])]
        cards.sort()                 # a canonical order: the same hidden cards give the same deal
        rng.shuffle(cards)
        for s in others:
            seen, rack = self.extras_seen[s - 1], self.racks[s - 1]
            n = sum(self.extras[s - 1]) - sum(seen)
            # a card drawn became an extra because its slot was full (MCD-7.2): deal from those items first
            fits = [k for k, i in enumerate(cards) if rack[i] == SLOT][:n]
            if len(fits) < n:
                fits += [k for k in range(len(cards)) if k not in set(fits)][:n - len(fits)]
            dealt = item_counts(cards[k] for k in fits)
            taken = set(fits)
            cards = [c for k, c in enumerate(cards) if k not in taken]
            self.extras[s - 1] = [seen[i] + dealt[i] for i in range(N)]
        self.pile = cards
        read = min(self.stats["menus"], len(self.menu_pile))
        unread = sorted(self.menu_pile[read:])
        rng.shuffle(unread)
        self.menu_pile[read:] = unread
        self.arranged()


# the same in every game (decisions are never changed once made): one for each seat the class allows
_ROLL = roll_decisions(McDonaldsGame.max_players)

# names that other modules, tests and notebooks import from here
__all__ = ["DEFAULT_RACE", "GIVE", "MAX_READINGS", "MAX_TURNS", "McDonaldsGame", "N", "NAMES", "RACE_MODES",
           "Racing", "SETTINGS", "TAKE", "TAKE_ONE", "TARGET", "HelpGive", "HelpTake", "TakeOne", "pair_value",
           "pairs", "roll_decisions", "wrong_pulls"]
