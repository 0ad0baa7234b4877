"""The Wishing Star space (DL-5.3 to DL-5.5, with DL-I6 to DL-I8): the lander chooses a player holding cards to
wish from and what to wish for, that player hides the two stars, one in each hand, and the wisher picks a hand:
the frowning star ends the turn (DL-5.4), the smiling one lets the wisher take a card of the kind wished for
(DL-5.5). The hide and pick steps hand the stars hidden to keep the park open (DL-6.3) over to ``clock.py``.

Each stage of a wish is a named tuple whose first field is the kind of decision it waits for (the tuple is what
``to_dict`` and the fingerprints hold), made once for every game with as many players (``wish_stages``)."""
from __future__ import annotations

from typing import NamedTuple

from ...core.decisions import Decision, Option

HANDS = ("left", "right")           # the hands hiding the stars
WISHES = ("photo", "attraction")    # what may be wished for (DL-5.3)


class WishTarget(NamedTuple):
    """The lander on a wishing star chooses the player to wish from (DL-5.3, DL-I6)."""
    kind: str           # "wish-target"


WISH_TARGET = WishTarget("wish-target")


class WishKind(NamedTuple):
    """The wisher says what they wish for from ``target``: a Photo or an Attraction Card (DL-5.3, DL-I6)."""
    kind: str           # "wish-kind"
    target: int


class WishHide(NamedTuple):
    """``target``, wished from, hides the stars; the wisher (the current player) picks next (DL-5.3, DL-I7)."""
    kind: str           # "hide"
    target: int
    wish: str           # "photo" or "attraction"
    purpose: str        # "wish" (the clock's hide, clock.ClockHide, says "clock")


class WishPick(NamedTuple):
    """The wisher picks a hand; the star in it says whether the wish comes true (DL-5.3 to DL-5.5)."""
    kind: str           # "pick"
    picker: int         # the wisher
    smile: str          # the hand holding the smiling star: the hider's secret (DL-I7)
    target: int         # who is wished from, and hid the stars
    wish: str
    purpose: str        # "wish"


class Take(NamedTuple):
    """The wish came true: the wisher takes a card of the kind wished for from ``target`` (DL-5.5, DL-I6, DL-I8)."""
    kind: str           # "take"
    target: int
    wish: str


def wish_stages(players: int) -> tuple:
    """Every stage of a wish among ``players`` players: WishKind by target, WishHide by (target, wish), WishPick by
    (picker, smile, target, wish) and Take by (target, wish). Made once and shared by every game (a stage is never
    changed in place): made anew at each step, they cost a simulated game about 5%."""
    seats = range(1, players + 1)
    return ((None, *(WishKind("wish-kind", t) for t in seats)),
            {(t, w): WishHide("hide", t, w, "wish") for t in seats for w in WISHES},
            {(p, h, t, w): WishPick("pick", p, h, t, w, "wish") for p in seats for h in HANDS for t in seats
             for w in WISHES},
            {(t, w): Take("take", t, w) for t in seats for w in WISHES})


# Decisions are never changed once made, so one serves every game that needs the same one (for speed); here
# the photo takes, by seat, target and number of photos (a few hundred at most).
_MADE: dict = {}


def _once(key, make):
    d = _MADE.get(key)
    if d is None:
        d = _MADE[key] = make()
    return d


class WishingStar:
    """The wishing star's steps of ``DisneylandGame`` (a part of it: it works on the game's state)."""

    def _space_star(self, seat, space):
        targets = self._wish_targets(seat)
        if not targets:
            if self.log:
                self.emit("star", f"Player {seat} lands on a wishing star, but no other player holds a card to "
                          "wish for.", ("DL-5.3", "DL-I6"), seat)
            return self._end_turn()
        else:
            if self.log:
                self.emit("star", f"Player {seat} lands on a wishing star and may make a wish.", ("DL-5.3",), seat)
            self.stage = WISH_TARGET
            return self._asked.wish_target[seat, targets]                 # asked next (as pending() would)

    def _wish_targets(self, seat) -> tuple[int, ...]:
        """The other players holding a card or photo, in seat order (DL-I6)."""
        cards, photos = self.held_cards, self.held_photos
        return tuple([t for t in self._asked.others[seat] if cards[t - 1] or photos[t - 1]])

    def _takes(self, seat, target, wish):
        """What ``seat`` may take from ``target`` once the wish came true: a face-down photo by its place, or one
        of the target's Attraction Cards, characters included (DL-5.5, DL-I6, DL-I8)."""
        if wish == "photo":
            n = len(self.held_photos[target - 1])
            return _once(("take", seat, target, n), lambda: Decision(
                seat, "take", f"Take one card from Player {target}",
                [Option(f"photo@{k}", f"face-down photo {k + 1}") for k in range(n)], ("DL-5.5", "DL-I6", "DL-I8")))
        held = self.held_cards[target - 1]
        options = map(self.board.card_options.__getitem__, held)
        return Decision(seat, "take", f"Take one card from Player {target}", options, ("DL-5.5", "DL-I6", "DL-I8"),
                        values=tuple(held))      # each option's value is its card's id: given ready, not worked out

    def _wish_kinds(self, seat, target):
        """What ``seat`` may wish for from ``target``: a photo, an attraction card, as the target holds (DL-I6)."""
        return self._asked.wish_kind[seat, target, bool(self.held_photos[target - 1]),
                                     bool(self.held_cards[target - 1])]

    def _wish_target(self, decision, target):
        if self.log:
            self.emit("wish", f"Player {self.current} chooses to wish from Player {target}.", ("DL-5.3",),
                      self.current, target=target)
        self.stage = self._asked.wish_kind_stage[target]
        return self._wish_kinds(self.current, target)                      # asked next (as pending() would)

    def _wish_for(self, decision, wish):
        target = self.stage.target
        self.stage = self._asked.wish_hide_stage[target, wish]
        if self.log:
            self.emit("wish", f"Player {self.current} says: \"I wish I had one of your "
                      f"{'Photo' if wish == 'photo' else 'Attraction'} Cards.\"", ("DL-5.3", "DL-I6"),
                      self.current, target=target, wish=wish)
        return self._asked.hide["wish"][target]                            # the target hides: asked next

    def _hide(self, decision, value):
        st = self.stage
        if st.purpose == "clock":                   # the stars hidden to keep the park open (DL-6.3)
            return self._clock_hide(decision, value)
        smile, picker = value[len("smile-"):], self.current                # the wisher picks (DL-5.3)
        if self.log:    # DL-I7 / DL-I13: the hand holding the smiling star is the hider's until the pick shows it
            self.emit("hide", f"Player {decision.player} hides a star in each hand.", ("DL-5.3", "DL-I7", "DL-I13"),
                      decision.player, secret={"smile": smile}, seen_by=(decision.player,))
        self.stage = self._asked.wish_pick_stage[picker, smile, st.target, st.wish]
        return self._asked.pick["wish"][picker]                            # asked next (as pending() would)

    def _pick(self, decision, hand):
        st = self.stage
        if st.purpose == "clock":                   # the pick to keep the park open (DL-6.4, DL-6.5)
            return self._clock_pick(decision, hand)
        picker = st.picker
        if hand != st.smile:
            if self.log:
                self.emit("frown", f"Player {picker} picks the {hand} hand: the frowning star. The wish does not "
                          "come true.", ("DL-5.4",), picker)
            return self._end_turn()
        else:
            if self.log:
                self.emit("smile", f"Player {picker} picks the {hand} hand: the smiling star! The wish comes "
                          "true.", ("DL-5.5",), picker)
            self.stage = self._asked.take_stage[st.target, st.wish]
            return self._takes(picker, st.target, st.wish)                # asked next (as pending() would)

    def _take(self, decision, value):
        st, seat = self.stage, self.current
        target = st.target
        if st.wish == "photo":
            k = int(value.split("@")[1])
            p = self.held_photos[target - 1].pop(k)
            self.held_photos[seat - 1].append(p)
            self._looks(p, seat)
            self._looks(p, target)
            self._shift(p, target, seat)
            if self.log:    # DL-I8 / DL-I13: the photo is known to the one who held it and the one who takes it
                self.emit("take", f"Player {seat} takes a face-down photo from Player {target}.",
                          ("DL-5.5", "DL-I8", "DL-I13"), seat, target=target,
                          secret={"photo": p, "good": self.photo_good[p]}, seen_by=(seat, target))
        else:
            self.held_cards[target - 1].remove(value)
            self.held_cards[seat - 1].append(value)
            self._shift(value, target, seat)
            if self.log:
                self.emit("take", f"Player {seat} takes {self.card[value].name} from Player {target}.",
                          ("DL-5.5", "DL-I6"), seat, card=value, target=target)
        return self._end_turn()

    def _looks(self, photo, seat):
        """``seat`` knows this photo's face from now on (DL-I8, DL-I13)."""
        seen = self.photo_seen.get(photo, ())
        if seat not in seen:
            self.photo_seen[photo] = seen + (seat,)

    def _shift(self, item, giver, taker):
        w = self.worth(item)
        self.points[giver - 1] -= w
        self.points[taker - 1] += w
