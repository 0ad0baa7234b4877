"""Hamburgerspelet: state and rules (HB-1 to HB-7 and the numbered interpretations HB-I1, HB-I2, ... in rules.md).

``HamburgerGame`` holds the state, the setup (HB-2.1, HB-3.1, HB-3.2, HB-4.1), the queries, the pending decision
and the copies. The rule steps live in modules named after the rulebook's sections, composed here: HB-4 the play,
dice and chefs, ``turn.py``; HB-5 the squares, with the spots in the middle, ``squares.py``; HB-6 and HB-7 the
collector cards ``cards.py``.

>>> g = HamburgerGame(players=2, seed=3)
>>> g.dice, g.pending().values
((4, 1), ('1-1', '1-4', '2-1', '2-4'))
>>> [e.text for e in g.apply("1-4")]
['Player 1 moves chef 1 4 to square 4 (mayonnaise square).', 'An ingredient square: Player 1 takes a tile, hoping for the mayonnaise.']
>>> g.pending().kind
'take'
"""
from __future__ import annotations

from ...core.decisions import Decision, Option
from ...core.errors import OptionError
from ...core.game import Game, copy_added
from ...core.settings import Setting
from .board import LANGUAGES, Board, default_board, load_board
from .cards import CollectorCards
from .squares import EMPTY, NOT_SEEN, Middle, Squares
from .turn import Turn

_TAKE_CLAUSES = {"kitchen": ("HB-5.4", "HB-I5"), "square": ("HB-5.1", "HB-I5"), "hamburger": ("HB-5.3", "HB-I5")}


class _Texts:
    """Option objects (and move decisions) shared by every copy of a game with the same board and language
    (for speed)."""

    _cache: dict = {}

    def __init__(self, board: Board, language: str):
        self.board, self.language = board, language
        n = len(board.ingredients)
        self.ing = [board.name_of(i, language) for i in range(n)]
        self.spot = [Option(s, f"spot {board.spot_label(s)}") for s in range(len(board.spots))]
        self.name = [Option(board.ingredients[i].key, self.ing[i]) for i in range(n)]
        self.steal = [Option(board.ingredients[i].key, f"steal the {self.ing[i]}") for i in range(n)]
        self.move = {(c, k): Option(f"{c}-{k}", f"chef {c} moves {k}") for c in (1, 2) for k in range(1, 7)}
        self.chef_steps = {o.value: ck for ck, o in self.move.items()}      # "2-5" -> (2, 5)
        self.index = {ing.key: i for i, ing in enumerate(board.ingredients)}   # Board.index_of, by dict
        self.ingredients = range(n)
        self.move_decisions = {}                    # (seat, dice) -> the move Decision, for games without log
        # the move options of each roll, in the order of _next_decision (for games without log)
        self.moves = {}
        for d1 in range(1, 7):
            for d2 in range(1, 7):
                steps = (d1,) if d1 == d2 else (min(d1, d2), max(d1, d2))
                opts = tuple(self.move[c, k] for c in (1, 2) for k in steps)
                self.moves[d1, d2] = (opts, tuple(o.value for o in opts))
        self.pass_ = Option("pass", "take no tile")
        self.keep = (Option("keep", "keep it on your card"), Option("back", "put it back in the middle"))

    @classmethod
    def get(cls, board, language):
        key = (id(board), language)
        t = cls._cache.get(key)
        if t is None or t.board is not board:
            t = cls._cache[key] = cls(board, language)
        return t

    def __deepcopy__(self, memo):
        return self


# The game's own attributes, in the order __init__ sets them after those every game has (Game.ATTRIBUTES); copies
# set them by name (core.copy_attributes). At most 29 in all (core.FAST_ATTRIBUTES): facts of the board and the
# setup (``bun``, ``n_ingredients``, ``language``, ``steal_rule``) are read through the board, the texts and the
# options, the spot lists are grouped in ``middle``.
_OWN = ("board", "texts", "spots", "middle", "cards", "held", "on_cards", "chefs", "owner", "known", "seen",
        "current", "stage", "dice", "second", "hand", "over", "won", "stats", "_decision")
_ATTRIBUTES = Game.ATTRIBUTES + _OWN


class HamburgerGame(Turn, Squares, CollectorCards, Game):
    """The Swedish hamburger game for 2-4 players.

    Options: ``board`` (a board file), ``language`` ("en" by default, or "sv" for the rulebook's Swedish names),
    ``steal`` (True by default; False is a study variant in which other kitchens do nothing, HB-I14).
    """

    name = "hamburgerspelet"
    title = "Hamburgerspelet"
    min_players, max_players = 2, 4
    rules_package = "toolkit.games.hamburgerspelet"
    drawing_module = "toolkit.games.hamburgerspelet.drawing"
    # no acts (Game.acts' default): the dice roll as a turn starts (HB-4.2), asked of nobody; a decision with one
    # option (the one free spot, the one ingredient to name or to steal) is a formality
    settings = (
        Setting("board", "file", clause="HB-I1", help="a custom board: a board file's path or its data"),
        Setting("language", "choice", "en", choices=LANGUAGES, clause="HB-I13", help="names on the board and buttons"),
        Setting("steal", "bool", True, clause="HB-I14", help="false: another player's kitchen does nothing"),
    )

    def __init__(self, players: int = 4, seed: int = 0, options: dict | None = None, *, log: bool = True):
        super().__init__(players, seed, options, log=log)
        self.board: Board = load_board(self.options["board"]) if "board" in self.options else default_board()
        b = self.board
        if not self.option("steal") and b.copies < players:   # HB-I21: a held tile would never come back
            raise OptionError(f"option 'steal' false needs a tile of each ingredient for every player, but the board has "
                              f"{b.copies} for {players} players: a game could never end (HB-I21)")
        self.texts = _Texts.get(b, self.option("language"))
        n = len(b.ingredients)
        # HB-3.2: four of each ingredient, shuffled, face down on the spots
        tiles = [i for i in range(n) for _ in range(b.copies)]
        self.streams["tiles"].shuffle(tiles)
        self.spots: list[int] = tiles
        self._sort_spots()
        self.cards = [[False] * n for _ in range(players)]    # HB-1.1: the collector cards, open to all
        self.held = [0] * players
        self.on_cards = [0] * n                             # cards holding each ingredient (for the agents)
        # HB-3.1 / HB-I2: seat k plays colour k; both chefs start on its kitchen
        self.chefs = [[b.kitchens[s], b.kitchens[s]] for s in range(players)]
        self.owner = {b.kitchens[s]: s + 1 for s in range(players)}        # kitchen square -> seat
        # HB-I11: what each player knows of the middle, and the step they saw it
        self.known = [[NOT_SEEN] * len(b.spots) for _ in range(players)]
        self.seen = [[NOT_SEEN] * len(b.spots) for _ in range(players)]
        self.current = 1                                   # HB-4.1 / HB-I2
        self.stage: tuple = ("move",)
        self.dice: tuple | None = None
        self.second: tuple | None = None                   # (chef, steps) still to move this roll (HB-4.6)
        self.hand: tuple | None = None                     # (tile, from spot or -1, steps each seat saw it)
        self.over = False
        self.won: int | None = None
        self.stats = {"rolls": 0, "doubles": 0, "takes": 0, "kept": 0, "back": 0, "steals": 0, "stolen_kept": 0,
                      "passes": 0}
        if self.log:
            cols = ", ".join(f"Player {s} {b.colour_name(s - 1, self.language)}" for s in range(1, players + 1))
            self.emit("setup", f"The {n * b.copies} ingredient tiles are shuffled and laid face down on the "
                      f"{len(b.spots)} spots in the middle.", ("HB-2.1", "HB-3.2", "HB-I1"))
            self.emit("setup", f"Each player's two chefs start in their kitchen: {cols}.", ("HB-3.1", "HB-I2"))
            self.emit("setup", "Player 1, the hungriest, starts; play passes clockwise.", ("HB-4.1", "HB-I2"))
        self._roll_dice()
        self._decision = self._next_decision()

    # --- queries ---------------------------------------------------------------------------------
    def pending(self):
        return self._decision

    # facts of the board and the setup, read through them (a game keeps at most 29 attributes, core.copy_attributes)
    @property
    def language(self) -> str:
        """The language of names on the board and buttons (HB-I13)."""
        return self.texts.language

    @property
    def n_ingredients(self) -> int:
        """Ingredients on a full collector card (HB-1.1, HB-7.1)."""
        return len(self.board.ingredients)

    @property
    def bun(self) -> int:
        """The bun's index among the ingredients (HB-6.1)."""
        return self.board.bun

    @property
    def steal_rule(self) -> bool:
        """False in the study variant in which another player's kitchen does nothing (HB-I14)."""
        return self.option("steal")

    def scores(self):
        """Ingredients on each collector card (HB-1.1)."""
        return list(self.held)

    def winner(self):
        return self.won

    def end_clauses(self):
        return ("HB-7.1",)

    def ing_name(self, i: int) -> str:
        return self.texts.ing[i]

    def face_down(self) -> list[int]:
        return [s for s, t in enumerate(self.spots) if t != EMPTY]

    def free_spots(self) -> list[int]:
        return [s for s, t in enumerate(self.spots) if t == EMPTY]

    def tile_count(self) -> list[int]:
        """Tiles of each ingredient in the middle, on cards and in hand (4 each, always)."""
        out = [0] * self.n_ingredients
        for t in self.spots:
            if t != EMPTY:
                out[t] += 1
        for card in self.cards:
            for i, has in enumerate(card):
                out[i] += has
        if self.hand is not None:
            out[self.hand[0]] += 1
        return out

    def summary(self):
        st = self.stats
        return {"rolls": st["rolls"], "doubles": st["doubles"], "takes": st["takes"], "kept": st["kept"],
                "steals": st["steals"], "stolen_kept": st["stolen_kept"], "passes": st["passes"]}

    def to_dict(self):
        return {"players": self.players, "seed": self.seed, "options": dict(sorted(self.options.items())),
                "spots": list(self.spots), "cards": [[i for i, h in enumerate(c) if h] for c in self.cards],
                "chefs": [list(c) for c in self.chefs], "known": [list(k) for k in self.known],
                "seen": [list(k) for k in self.seen], "current": self.current, "stage": list(self.stage),
                "dice": None if self.dice is None else list(self.dice),
                "second": None if self.second is None else list(self.second),
                "hand": None if self.hand is None else [self.hand[0], self.hand[1], list(self.hand[2])],
                "over": self.over, "winner": self.won, "turn": self.turn, "stats": dict(self.stats),
                "scores": self.scores()}

    def view(self, player=None):
        """What ``player`` may see: the middle as they know it ("?" for a face-down tile they have not seen),
        and the tile in hand only if they saw it (HB-5.1, HB-5.6, HB-I11); once the game is won every tile is
        turned up (HB-I22). None: the class view."""
        d = self.to_dict()
        if player is not None:
            k = self.known[player - 1] if not self.over else self.spots
            d["spots"] = [None if t == EMPTY else (k[s] if k[s] != NOT_SEEN else "?") for s, t in enumerate(self.spots)]
            if self.hand is not None and self.hand[2][player - 1] == NOT_SEEN and not self.over:
                d["hand"] = ["?", self.hand[1], None]
            d["known"] = d["known"][player - 1]
            d["seen"] = d["seen"][player - 1]
            del d["seed"]        # the seed would tell where every tile was shuffled to
        return d

    def refresh(self) -> None:
        """Recount the cards and spots and ask again (after a test or a lesson arranged a position by hand)."""
        self.held = [sum(c) for c in self.cards]
        self.on_cards = [sum(col) for col in zip(*self.cards)]
        self._sort_spots()
        self._decision = self._next_decision()

    def _sort_spots(self) -> None:
        """List the face-down spots and the free spots afresh (``middle``)."""
        self.middle = Middle(self.spots, self.texts.spot)

    def __deepcopy__(self, memo):
        """A fast copy for histories and tests: only the mutable parts are copied (the board, option texts,
        decisions and events are never changed after they are made, so copies share them)."""
        new = self._copy_base(memo, _OWN)          # the lists and dicts among them replaced below
        new.spots = list(self.spots)
        new.middle = self.middle.copy()
        new.cards = [list(c) for c in self.cards]
        new.held = list(self.held)
        new.on_cards = list(self.on_cards)
        new.chefs = [list(c) for c in self.chefs]
        new.known = [list(k) for k in self.known]
        new.seen = [list(k) for k in self.seen]
        new.stats = dict(self.stats)
        return copy_added(self, new, memo, _ATTRIBUTES, HamburgerGame)

    def clone(self):
        """An independent copy (events are immutable and shared); see ``__deepcopy__``."""
        return self.__deepcopy__({})

    # --- applying decisions --------------------------------------------------------------------
    def _apply(self, decision, value):
        kind = decision.kind
        if kind == "take":                       # the commonest kinds first
            self._take(value)
        elif kind == "place":
            self._place(value)
        elif kind == "move":
            chef, steps = self.texts.chef_steps[value]
            d1, d2 = self.dice
            self.second = (3 - chef, d2 if steps == d1 else d1)      # HB-4.2: the other chef, the other die
            self._move(chef, steps, first=True)
        elif kind == "name":
            self._name(value)
        elif kind == "steal":
            self._steal(self.texts.index[value])
        elif kind == "keep":
            self._keep_stolen(value == "keep")
        self._decision = self._next_decision()

    # --- the pending decision ------------------------------------------------------------------
    def _next_decision(self):
        st, seat, tx = self.stage, self.current, self.texts
        kind = st[0]
        if kind == "take":
            want, why = st[1], st[2]
            values, opts = tuple(self.middle.down), tuple(self.middle.down_opts)
            if why == "square" and self.cards[seat - 1][want]:
                opts += (tx.pass_,)
                values += ("pass",)
                clauses = ("HB-5.2", "HB-I5", "HB-I7")
            else:
                clauses = _TAKE_CLAUSES[why]
            # open (not secret), the values ready-made: Decision would work them out again from up to 36 options,
            # a large part of a step here (given by position: a keyword costs a type call a dict)
            return Decision(seat, "take", "Take a face-down tile from the middle", opts, clauses, False, values)
        if kind == "place":
            m = self.middle
            return Decision(seat, "place", "Put the tile back face down on a free spot", tuple(m.free_opts),
                            self._place_clauses(seat) + ("HB-5.6", "HB-I5"), False, tuple(m.free))   # (as a take)
        if kind == "move":
            if self.log:     # labels with the square each chef would reach, for people
                d1, d2 = self.dice
                steps = (d1,) if d1 == d2 else (min(d1, d2), max(d1, d2))
                loop, pos = self.board.loop, self.chefs[seat - 1]
                opts = [Option(f"{c}-{k}", f"chef {c} moves {k} to {self._square_name(loop[(pos[c - 1] + k) % len(loop)])}")
                        for c in (1, 2) for k in steps]
                return Decision(seat, "move", "Which chef moves first, and by which die?", opts,
                                ("HB-4.2", "HB-4.6", "HB-I3"))
            d = tx.move_decisions.get((seat, self.dice))
            if d is None:     # made once per seat and roll, shared like the options (a Decision is never changed)
                opts, values = tx.moves[self.dice]
                d = tx.move_decisions[seat, self.dice] = Decision(
                    seat, "move", "Which chef moves first, and by which die?", opts, ("HB-4.2", "HB-4.6", "HB-I3"),
                    False, values)
            return d
        if kind == "name":
            return Decision(seat, "name", "Name the ingredient you want", [tx.name[i] for i in self.wanted(seat)],
                            ("HB-5.3", "HB-I8"))
        if kind == "steal":
            card = self.cards[st[1] - 1]
            return Decision(seat, "steal", f"Steal an ingredient from Player {st[1]}'s card",
                            [tx.steal[i] for i, h in enumerate(card) if h], ("HB-5.5", "HB-I10"))
        if kind == "keep":
            return Decision(seat, "keep", f"Keep the stolen {tx.ing[st[1]]} or put it back?", tx.keep,
                            ("HB-5.5", "HB-I10"))
        if kind == "over":
            return None
        raise AssertionError(st)

    # --- what one player may believe (for the search agent) -------------------------------------------
    # the 'search' kind is Hamburgerspelet's own (ValueSearchAgent, HB-I20, budget in its defaults); these
    # options serve the core SearchAgent (tests, bench_search --gains): heuristic playouts, about 100 ms a decision
    search_options = {"playouts": 100}

    def _resample_hidden(self, viewer, rng):
        """Redraw what ``viewer`` cannot see: the face-down tiles the viewer does not remember (HB-3.2,
        HB-I11) and a tile in another player's hand the viewer did not see are dealt afresh from those same
        tiles. A tile being put back is one its taker could not keep (HB-5.6). What the other players
        remember follows the new tiles: the viewer knows which spots they saw, not what they saw there."""
        me = self.known[viewer - 1]
        hidden = [s for s in self.middle.down if me[s] == NOT_SEEN]
        tiles = [self.spots[s] for s in hidden]
        hand = self.hand
        secret_hand = hand is not None and hand[2][viewer - 1] == NOT_SEEN
        if secret_hand:
            tiles.append(hand[0])
        tiles.sort()                 # a canonical order: the same hidden tiles give the same deal
        rng.shuffle(tiles)
        if secret_hand:
            fits = self._fits_hand
            k = next((i for i, t in enumerate(tiles) if fits(t)), None)
            if k is not None:
                self.hand = (tiles.pop(k),) + hand[1:]
            else:                                  # cannot happen: the real tile fits; keep it to stay consistent
                tiles.remove(hand[0])
        for s, t in zip(hidden, tiles):
            self.spots[s] = t
        for seat, known in enumerate(self.known, 1):
            if seat != viewer:
                for s, t in enumerate(known):
                    if t != NOT_SEEN:
                        known[s] = self.spots[s]
        self._decision = self._next_decision()

    def _fits_hand(self, tile) -> bool:
        """Could ``tile`` be the one in hand now: a tile its taker could not keep (HB-5.6)?"""
        if self.stage[0] != "place" or len(self.stage) != 3:
            return True
        _, why, want = self.stage
        return not (self.can_keep(self.current, tile) and (why == "kitchen" or tile == want))
