"""Clause tests for The Disneyland Game, written from the rulebook (DL-1.1 ... DL-7.2) and the rules page's
interpretations (DL-I1 ... DL-I12). Each test arranges a situation through the public state, scripts the die,
plays through ``pending()`` / ``apply()`` and checks the outcome and the clauses the events cite."""
from __future__ import annotations

import json

import pytest

from toolkit.core import DataFileError, GameOver, IllegalChoice, RandomAgent, RuleError, play
from toolkit.games.disneyland import DisneylandGame, load_board

# The packaged track (DL-I1): 0 draw red, 1 draw green, 2 camera, 3 draw orange, 4 star, 5 draw pink,
# 6 clock, 7 draw blue, ... 34 clock, 35 draw purple. Scripted rolls below rely on it.


# --- helpers ------------------------------------------------------------------------------------------
def arrange(players=2, seed=1, pos=None, clock=None, cards=None, photos=None, die=()):
    """A game in a scripted position.

    ``cards``: seat -> card ids (taken out of their piles); ``photos``: seat -> list of True/False
    (good/bad photos, taken out of the deck); ``die``: the scripted rolls.
    """
    g = DisneylandGame(players=players, seed=seed)
    if pos is not None:
        g.pos = list(pos)
    if clock is not None:
        g.clock = clock
    for seat, ids in (cards or {}).items():
        for cid in ids:
            g.piles[g.card[cid].colour].remove(cid)
        g.held_cards[seat - 1] = list(ids)
    for seat, goods in (photos or {}).items():
        held = []
        for good in goods:
            pid = next(p for p in g.photos if g.photo_good[p] == good)
            g.photos.remove(pid)
            held.append(pid)
        g.held_photos[seat - 1] = held
    g.recount()
    g.streams.load("die", list(die))
    return g


def cites(events, clause, kind=None):
    """True if some event (of ``kind``) cites ``clause``."""
    return any(clause in e.clauses for e in events if kind is None or e.kind == kind)


def refused(g, value, clause=None):
    """Apply a value that must be refused: IllegalChoice citing a clause, state unchanged."""
    before = g.fingerprint()
    n_events = len(g.events)
    with pytest.raises(IllegalChoice) as info:
        g.apply(value)
    assert g.fingerprint() == before
    assert len(g.events) == n_events
    assert info.value.clauses, "a refusal must cite a clause"
    if clause is not None:
        assert clause in info.value.clauses
    return info.value


def end_game(g):
    """From an arranged game, make seat g.current land on a clock space at 8 o'clock and let everyone pass."""
    g.clock = 11
    here = g.pos[g.current - 1]
    steps = next(k for k in range(1, 7) if g.board.track[(here + k) % 36].kind == "clock")
    assert all(p != (here + k) % 36 for p in g.pos for k in range(1, steps + 1)), "arrange a free path"
    g.streams.load("die", [steps])
    events = list(g.apply("roll"))
    while g.pending() is not None:
        d = g.pending()
        assert d.kind == "stay-open"
        events += g.apply("pass")
    return events


def wish_to_take(g, target, kind, smile_hand="left", pick="left"):
    """Play a wishing star from the landing: target, kind, hide, pick. Returns all events."""
    events = []
    assert g.pending().kind == "wish-target"
    events += g.apply(target)
    assert g.pending().kind == "wish-kind"
    events += g.apply(kind)
    assert g.pending().kind == "hide"
    events += g.apply("smile-" + smile_hand)
    assert g.pending().kind == "pick"
    events += g.apply(pick)
    return events


# --- DL-1 Object -------------------------------------------------------------------------------------
def test_dl_1_1_most_points_from_attraction_character_and_photo_cards_wins():
    """DL-1.1: points come from attraction, character and photo cards; the most points wins at closing."""
    g = arrange(players=3, pos=[0, 10, 20],
                cards={1: ["red-1", "red-2"], 2: ["red-6"], 3: ["green-1"]},
                photos={1: [False], 2: [], 3: [True]})
    assert g.scores() == [2, 2, 6]
    assert g.winner() is None            # nothing is decided while the park is open
    events = end_game(g)
    assert g.over and g.pending() is None
    assert g.winner() == 3
    assert cites(events, "DL-7.1", "win")


# --- DL-2 Equipment ----------------------------------------------------------------------------------
def test_dl_2_1_equipment_48_cards_18_photos_two_to_four_trains():
    """DL-2.1: 48 attraction and character cards, 18 photos, up to 4 train movers."""
    g = DisneylandGame(players=4, seed=5)
    assert sum(len(p) for p in g.piles.values()) == 48
    assert len(g.card) == 48
    assert len(g.photos) == 18 and len(g.photo_good) == 18
    assert len(g.pos) == 4
    for bad in (1, 5):
        with pytest.raises(ValueError):
            DisneylandGame(players=bad, seed=0)


def test_dl_2_1_die_has_six_faces():
    """DL-2.1: the die rolls 1..6, and every face turns up in a long game."""
    seen = set()
    for seed in range(3):
        g = DisneylandGame(players=4, seed=seed)
        play(g, [RandomAgent()] * 4)
        seen |= {e.data["roll"] for e in g.events if e.kind == "roll"}
    assert seen == {1, 2, 3, 4, 5, 6}


def test_dl_2_1_two_wishing_stars_one_smiling_one_frowning():
    """DL-2.1 / DL-3.2: two stars, one in each hand: one hand smiles, the other frowns."""
    for hide, pick, smiles in (("left", "left", True), ("left", "right", False)):
        g = arrange(players=2, cards={2: ["red-1"]}, die=[4])
        g.apply("roll")
        g.apply(2)
        g.apply("attraction")
        assert g.pending().values == ("smile-left", "smile-right")
        g.apply("smile-" + hide)
        assert set(g.pending().values) == {"left", "right"}
        ev = g.apply(pick)
        assert g.held_cards[0] == [] and g.held_cards[1] == ["red-1"]
        assert cites(ev, "DL-5.5" if smiles else "DL-5.4")


# --- DL-3 Setup --------------------------------------------------------------------------------------
def test_dl_3_1_clock_starts_at_nine():
    """DL-3.1: the clock hand points at 9, the opening time."""
    g = DisneylandGame(players=2, seed=0)
    assert g.clock == 0 and g.hour() == 9
    assert not g.over
    assert cites(g.events, "DL-3.1", "setup")


def test_dl_3_2_stars_are_shared_by_everyone():
    """DL-3.2: the stars wait in the middle for anyone: any target can hide them, any asker can use them."""
    g = arrange(players=3, cards={2: ["red-1"], 3: ["red-2"]}, die=[4])
    g.apply("roll")
    g.apply(3)
    g.apply("attraction")
    assert g.pending().kind == "hide" and g.pending().player == 3
    assert "DL-3.2" in DisneylandGame.clauses()
    setup = [e for e in DisneylandGame(players=2, seed=1).events if "DL-3.2" in e.clauses]
    assert setup and "wishing stars wait in the middle" in setup[0].text


def test_dl_3_3_cards_sorted_by_colour_into_seven_piles():
    """DL-3.3: seven colour piles; each card lies on the pile of its colour; a draw space's pile is a colour."""
    g = DisneylandGame(players=2, seed=3)
    assert len(g.piles) == 7
    for colour, pile in g.piles.items():
        assert pile and all(g.card[c].colour == colour for c in pile)
    assert {s.pile for s in g.board.track if s.kind == "draw"} == set(g.piles)


def test_dl_3_4_photos_shuffled_face_down_good_5_bad_0():
    """DL-3.4: the photos are mixed (seeded), kept face down; good scores 5, bad 0."""
    orders = {tuple(DisneylandGame(players=2, seed=s).photos) for s in range(5)}
    assert len(orders) > 1
    assert DisneylandGame(players=2, seed=7).photos == DisneylandGame(players=2, seed=7).photos
    g = arrange(players=2, photos={1: [True, False]})
    assert g.scores()[0] == 5
    assert g.view(2)["held_photos"][0] == ["?", "?"]
    assert cites(DisneylandGame(players=2, seed=0).events, "DL-3.4", "setup")


def test_dl_3_5_trains_start_on_draw_spaces_of_a_loop():
    """DL-3.5: every train starts on a draw space; the track has no end (moving past the last space wraps)."""
    for players in (2, 3, 4):
        g = DisneylandGame(players=players, seed=0)
        assert all(g.board.track[p].kind == "draw" for p in g.pos)
        assert len(set(g.pos)) == players
    g = arrange(players=2, pos=[33, 20], die=[4])
    g.apply("roll")
    assert g.pos[0] == 1                      # 33 + 4 = 37 -> space 1
    assert cites(DisneylandGame(players=2, seed=0).events, "DL-3.5", "setup")


def test_dl_3_6_seat_one_starts_then_clockwise():
    """DL-3.6: the youngest (seat 1) starts; turns pass to the left: 1, 2, 3, 1."""
    g = arrange(players=3, pos=[0, 14, 26], die=[1, 1, 1, 1])   # draw, draw, clock, camera: no decisions
    order = []
    for _ in range(4):
        d = g.pending()
        assert d.kind == "roll"
        order.append(d.player)
        g.apply("roll")
    assert order == [1, 2, 3, 1]
    assert cites(g.events, "DL-3.6", "setup")


# --- DL-4 Gameplay -----------------------------------------------------------------------------------
def test_dl_4_1_a_turn_begins_with_a_roll():
    """DL-4.1: the first decision of a turn is the roll; the roll event cites DL-4.1."""
    g = arrange(players=2, die=[3])
    d = g.pending()
    assert d.kind == "roll" and d.values == ("roll",) and d.player == 1
    assert "DL-4.1" in d.clauses
    ev = g.apply("roll")
    roll = [e for e in ev if e.kind == "roll"]
    assert len(roll) == 1 and roll[0].data["roll"] == 3 and "DL-4.1" in roll[0].clauses


def test_dl_4_2_train_moves_the_number_rolled():
    """DL-4.2: the train moves exactly the number of spaces rolled."""
    for roll in range(1, 7):
        g = arrange(players=2, pos=[10, 30], die=[roll])
        ev = g.apply("roll")
        assert g.pos[0] == 10 + roll
        assert g.pos[1] == 30
        assert cites(ev, "DL-4.2", "move")


def test_dl_4_3_the_landing_space_acts_not_the_spaces_passed():
    """DL-4.3: only the space the train stops on acts (passing a camera and a star gives nothing)."""
    g = arrange(players=2, pos=[1, 20], die=[4])          # passes 2 camera, 3 draw, 4 star; stops on 5 pink
    top = g.piles["pink"][-1]
    photos = len(g.photos)
    ev = g.apply("roll")
    assert g.pos[0] == 5
    assert g.held_cards[0] == [top]
    assert len(g.photos) == photos and g.held_photos[0] == []
    assert cites(ev, "DL-4.3", "move")
    assert g.pending().kind == "roll" and g.pending().player == 2


def test_dl_4_4_occupied_landing_space_goes_on_to_next_empty():
    """DL-4.4: landing on another train, the mover goes on to the next empty space (and that space acts)."""
    g = arrange(players=2, pos=[0, 3], die=[3])           # 3 is occupied; next is 4 (star), no cards -> nothing
    ev = g.apply("roll")
    assert g.pos == [4, 3]
    assert cites(ev, "DL-4.4")
    g = arrange(players=2, pos=[0, 2], die=[2])           # 2 (camera) occupied -> 3, draw orange
    top = g.piles["orange"][-1]
    ev = g.apply("roll")
    assert g.pos == [3, 2]
    assert g.held_cards[0] == [top] and g.held_photos[0] == []
    assert cites(ev, "DL-4.4")


def test_dl_4_4_no_skip_when_landing_space_is_free():
    """DL-4.4: an occupied space passed over (not landed on) does not lengthen the move."""
    g = arrange(players=2, pos=[0, 1], die=[3])
    ev = g.apply("roll")
    assert g.pos == [3, 1]
    assert not cites(ev, "DL-4.4")


def test_dl_4_5_game_goes_on_until_twelve_hand_moves():
    """DL-4.5: at 11 moves (8 o'clock) the game goes on; it ends only when the hand has moved 12 times."""
    g = arrange(players=2, pos=[0, 20], clock=11, die=[1])
    g.apply("roll")
    assert not g.over and g.pending() is not None and g.hour() == 8
    for seed in (1, 2):
        g = DisneylandGame(players=3, seed=seed)
        play(g, [RandomAgent()] * 3)
        assert g.over and g.clock == 12 and g.hour() == 9
        moves = [e.data["clock"] for e in g.events if e.kind == "clock" and "clock" in e.data]
        assert moves == list(range(1, 12))      # 11 single moves to 8 o'clock, the 12th closes the park
        assert cites(g.events, "DL-4.5", "close")


def test_dl_4_5_no_decision_after_the_park_closes():
    """DL-4.5: once closed, nothing more is played; a further answer is refused with a clause."""
    g = arrange(players=2, pos=[0, 20])
    end_game(g)
    assert g.pending() is None and g.over
    before = g.fingerprint()
    with pytest.raises(RuleError) as info:
        g.apply("roll")
    assert isinstance(info.value, GameOver)
    assert info.value.clauses, "a refusal must cite a clause"
    assert g.fingerprint() == before


# --- DL-5 The board spaces ---------------------------------------------------------------------------
def test_dl_5_1_draw_top_card_face_up_attraction_1_character_2():
    """DL-5.1: the top card of the pile beside the draw space goes face up to the lander; 1 or 2 points."""
    g = arrange(players=2, pos=[30, 20], die=[5])         # 35 draws from purple
    g.piles["purple"] = ["purple-1", "purple-6"]          # top is the last: purple-6
    assert g.card["purple-6"].kind == "character" and g.card["purple-1"].kind == "attraction"
    ev = g.apply("roll")
    assert g.held_cards[0] == ["purple-6"]
    assert g.piles["purple"] == ["purple-1"]
    assert g.scores()[0] == 2
    assert "purple-6" in g.view(2)["cards"][0]            # face up: the others see it
    assert cites(ev, "DL-5.1", "draw")
    g.pos = [30, 20]
    g.streams.load("die", [1, 5])
    g.apply("roll")                                        # seat 2 moves 20 -> 21
    g.apply("roll")
    assert g.held_cards[0] == ["purple-6", "purple-1"] and g.scores()[0] == 3


def test_dl_5_1_draw_space_uses_its_own_colour():
    """DL-5.1: each draw space takes from the pile of its own colour."""
    for space in (0, 7, 12, 28):
        g = arrange(players=2, pos=[space - 1, (space + 18) % 36], die=[1])
        colour = g.board.track[space].pile
        top = g.piles[colour][-1]
        g.apply("roll")
        assert g.held_cards[0] == [top] and g.card[top].colour == colour


def test_dl_5_2_camera_top_photo_face_down_good_5_bad_0():
    """DL-5.2: the top photo goes face down to the lander, who may look; good 5, bad 0."""
    for good in (True, False):
        g = arrange(players=2, pos=[0, 20], die=[2])
        pid = next(p for p in g.photos if g.photo_good[p] == good)
        g.photos.remove(pid)
        g.photos.append(pid)                               # top is the last
        ev = g.apply("roll")
        assert g.held_photos[0] == [pid]
        assert pid not in g.photos
        assert g.scores()[0] == (5 if good else 0)
        assert g.view(1)["held_photos"][0] == [pid]        # the owner looks at it
        assert g.view(2)["held_photos"][0] == ["?"]        # the others see only its back
        assert cites(ev, "DL-5.2", "camera")


def test_dl_5_3_wish_target_then_kind_then_target_hides_then_wisher_picks():
    """DL-5.3: the lander chooses a player, that player hides the stars, the lander says the wish and picks."""
    g = arrange(players=3, cards={2: ["red-1"], 3: ["red-2"]}, photos={3: [True]}, die=[4])
    ev = g.apply("roll")
    assert cites(ev, "DL-5.3", "star")
    d = g.pending()
    assert d.kind == "wish-target" and d.player == 1 and set(d.values) == {2, 3}
    assert "DL-5.3" in d.clauses
    ev = g.apply(3)
    assert cites(ev, "DL-5.3")
    d = g.pending()
    assert d.kind == "wish-kind" and d.player == 1 and set(d.values) == {"photo", "attraction"}
    ev = g.apply("photo")
    assert cites(ev, "DL-5.3")
    d = g.pending()
    assert d.kind == "hide" and d.player == 3
    g.apply("smile-right")
    d = g.pending()
    assert d.kind == "pick" and d.player == 1 and set(d.values) == {"left", "right"}


def test_dl_5_4_frowning_star_wish_fails_turn_ends():
    """DL-5.4: the frowning star: nothing changes hands and the turn passes on."""
    g = arrange(players=2, cards={2: ["red-1", "red-6"]}, photos={2: [True]}, die=[4])
    g.apply("roll")
    turn = g.turn
    ev = wish_to_take(g, 2, "attraction", smile_hand="right", pick="left")
    assert cites(ev, "DL-5.4")
    assert g.held_cards == [[], ["red-1", "red-6"]]
    assert len(g.held_photos[1]) == 1 and g.held_photos[0] == []
    assert g.scores() == [0, 8]
    d = g.pending()
    assert d.kind == "roll" and d.player == 2 and g.turn == turn + 1


def test_dl_5_5_smiling_star_card_passes_to_the_wisher():
    """DL-5.5: the smiling star: the wisher takes one card of the target and adds it to their own."""
    g = arrange(players=2, cards={1: ["blue-1"], 2: ["red-1", "red-6"]}, die=[4])
    g.apply("roll")
    ev = wish_to_take(g, 2, "attraction", smile_hand="left", pick="left")
    assert cites(ev, "DL-5.5")
    d = g.pending()
    assert d.kind == "take" and d.player == 1 and set(d.values) == {"red-1", "red-6"}
    ev = g.apply("red-6")
    assert cites(ev, "DL-5.5", "take")
    assert sorted(g.held_cards[0]) == ["blue-1", "red-6"] and g.held_cards[1] == ["red-1"]
    assert g.scores() == [3, 1]
    assert g.pending().kind == "roll" and g.pending().player == 2


def test_dl_5_5_photo_taken_stays_face_down():
    """DL-5.5: a photo taken by a wish stays face down: a third player still sees only its back."""
    g = arrange(players=3, pos=[0, 20, 30], photos={2: [True, False]}, die=[4])
    good, bad = g.held_photos[1]
    g.apply("roll")
    wish_to_take(g, 2, "photo")
    d = g.pending()
    assert d.kind == "take" and set(d.values) == {"photo@0", "photo@1"}
    ev = g.apply("photo@0")
    assert g.held_photos[0] == [good] and g.held_photos[1] == [bad]
    assert g.scores() == [5, 0, 0]
    assert g.view(3)["held_photos"][0] == ["?"]
    assert g.view(1)["held_photos"][0] == [good]
    assert cites(ev, "DL-5.5", "take")


def test_dl_5_6_clock_space_moves_hand_one_hour():
    """DL-5.6: landing on a clock space moves the hand on one hour."""
    for clock in (0, 3, 10):
        g = arrange(players=2, pos=[0, 20], clock=clock, die=[6])
        hour = g.hour()
        ev = g.apply("roll")
        assert g.clock == clock + 1
        assert g.hour() == hour % 12 + 1
        assert cites(ev, "DL-5.6", "clock")
    g = arrange(players=2, pos=[0, 20], clock=3, die=[6])
    assert g.hour() == 12
    g.apply("roll")
    assert g.hour() == 1


# --- DL-6 Stop the clock -----------------------------------------------------------------------------
def test_dl_6_1_no_stay_open_before_eight_oclock():
    """DL-6.1: before 8 o'clock a clock landing only moves the hand: nobody is asked to keep the park open."""
    for clock in range(11):
        g = arrange(players=2, pos=[0, 20], clock=clock, die=[6])
        ev = g.apply("roll")
        assert g.clock == clock + 1 and not g.over
        d = g.pending()
        assert d.kind == "roll" and d.player == 2
        assert not cites(ev, "DL-6.2")


def test_dl_6_1_reaching_eight_oclock_is_announced():
    """DL-6.1: the move that brings the hand to 8 o'clock opens the stop-the-clock rule."""
    g = arrange(players=2, pos=[0, 20], clock=10, die=[6])
    ev = g.apply("roll")
    assert g.hour() == 8 and g.clock == 11
    assert cites(ev, "DL-6.1")


def test_dl_6_2_landing_on_clock_at_eight_offers_stay_open_to_all():
    """DL-6.2: at 8 o'clock a clock landing asks the players (starting with the lander) to keep it open."""
    g = arrange(players=3, pos=[20, 0, 30], clock=11, die=[1, 6])
    g.apply("roll")                                  # seat 1: 20 -> 21, a draw
    assert g.pending().player == 2
    ev = g.apply("roll")                             # seat 2: 0 -> 6, a clock at 8 o'clock
    assert g.pos[1] == 6 and g.clock == 11 and not g.over
    assert cites(ev, "DL-6.2")
    asked = []
    for _ in range(3):
        d = g.pending()
        assert d.kind == "stay-open" and set(d.values) == {"ask", "pass"}
        assert "DL-6.2" in d.clauses
        asked.append(d.player)
        g.apply("pass")
    assert asked == [2, 3, 1]
    assert g.over and g.clock == 12


def test_dl_6_3_lander_hides_and_the_asker_picks():
    """DL-6.3: the player who wants the park open picks a hand (here seat 2 asks; seat 1, the lander, hides)."""
    g = arrange(players=3, pos=[0, 20, 30], clock=11, die=[6])
    g.apply("roll")
    g.apply("pass")                                  # seat 1 (lander) passes
    ev = g.apply("ask")                              # seat 2 asks
    assert cites(ev, "DL-6.2")
    d = g.pending()
    assert d.kind == "hide" and d.player == 1
    assert "DL-6.3" in d.clauses
    ev = g.apply("smile-left")
    assert cites(ev, "DL-6.3")
    d = g.pending()
    assert d.kind == "pick"
    assert d.player == 2, "DL-6.3: the player who asked for the park to stay open picks a hand"


def test_dl_6_4_smiling_star_keeps_clock_at_eight():
    """DL-6.4: the smiling star: the clock stays at 8 and play goes on with the next player."""
    g = arrange(players=2, pos=[0, 20], clock=11, die=[6, 1])
    g.apply("roll")
    g.apply("ask")                                   # seat 1 asks; seat 2 hides
    assert g.pending().kind == "hide" and g.pending().player == 2
    g.apply("smile-right")
    d = g.pending()
    assert d.kind == "pick"
    ev = g.apply("right")
    assert cites(ev, "DL-6.4")
    assert g.clock == 11 and g.hour() == 8 and not g.over
    d = g.pending()
    assert d.kind == "roll" and d.player == 2
    g.apply("roll")
    assert not g.over


def test_dl_6_5_frowning_star_moves_clock_to_nine_game_ends():
    """DL-6.5: the frowning star: the hand moves to 9 and the game ends."""
    g = arrange(players=2, pos=[0, 20], clock=11, cards={2: ["red-1"]}, die=[6])
    g.apply("roll")
    g.apply("ask")
    g.apply("smile-right")
    ev = g.apply("left")
    assert cites(ev, "DL-6.5")
    assert g.clock == 12 and g.hour() == 9 and g.over
    assert g.pending() is None
    assert g.winner() == 2
    assert cites(ev, "DL-7.1")


# --- DL-7 Winning ------------------------------------------------------------------------------------
def test_dl_7_1_at_nine_the_most_points_wins():
    """DL-7.1: at closing, points are added up (1 / 2 / 5 / 0) and the most points wins."""
    g = arrange(players=4, pos=[0, 10, 20, 30],
                cards={1: ["red-6", "green-6"], 2: ["red-1", "red-2", "red-3", "red-4", "red-5"],
                       4: ["blue-1"]},
                photos={3: [True, False], 4: [False, False, False]})
    assert g.scores() == [4, 5, 5, 1]
    # seats 2 and 3 tie on points; give seat 3 one more attraction to put it clearly ahead
    g.held_cards[2] = ["blue-2"]
    g.piles["blue"].remove("blue-2")
    g.recount()
    assert g.scores() == [4, 5, 6, 1]
    ev = end_game(g)
    assert g.winner() == 3
    close = [e for e in ev if e.kind == "close"]
    assert close and "DL-7.1" in close[0].clauses
    assert cites(ev, "DL-7.1", "win")
    assert g.scores() == [4, 5, 6, 1]


def test_dl_7_2_tie_on_points_more_cards_wins():
    """DL-7.2: players tied on points count their cards; the one holding more wins (even if seated later)."""
    g = arrange(players=3, pos=[0, 10, 20],
                cards={1: ["red-6"], 2: ["red-1", "red-2"], 3: ["green-1"]})
    assert g.scores() == [2, 2, 1]
    ev = end_game(g)
    assert g.winner() == 2
    assert cites(ev, "DL-7.2", "win")


def test_dl_7_2_photo_cards_count_as_cards():
    """DL-7.2: photos are cards too (the rulebook's "Photo Cards"), so a bad photo can break a tie."""
    g = arrange(players=2, pos=[0, 20], cards={1: ["red-1", "red-2"], 2: ["red-6"]}, photos={2: [False, False]})
    assert g.scores() == [2, 2]
    assert g.card_count(1) == 2 and g.card_count(2) == 3
    end_game(g)
    assert g.winner() == 2


# --- Interpretations ---------------------------------------------------------------------------------
def test_dl_i1_track_is_a_loop_of_36_spaces_in_the_stated_pattern():
    """DL-I1: 36 spaces: 21 draw (three per colour), 5 camera, 5 star, 5 clock, in the repeating order."""
    board = load_board()
    kinds = [s.kind for s in board.track]
    assert len(kinds) == 36
    assert kinds == ["draw", "draw", "camera", "draw", "star", "draw", "clock"] * 5 + ["draw"]
    assert [s.index for s in board.track] == list(range(36))
    colours = [s.pile for s in board.track if s.kind == "draw"]
    assert len(colours) == 21 and all(colours.count(c) == 3 for c in set(colours)) and len(set(colours)) == 7


def test_dl_i1_moving_past_the_last_space_continues_at_the_first():
    """DL-I1: clockwise is file order; space 35 is followed by space 0."""
    g = arrange(players=2, pos=[35, 20], die=[1])
    top = g.piles[g.board.track[0].pile][-1]
    g.apply("roll")
    assert g.pos[0] == 0 and g.held_cards[0] == [top]


def test_dl_i2_card_split_34_attractions_14_characters_62_points():
    """DL-I2: six colours of 5 attractions + 2 characters, purple 4 + 2; 34 + 14 cards, 62 points."""
    g = DisneylandGame(players=2, seed=0)
    per = {}
    for cid, c in g.card.items():
        per.setdefault(c.colour, [0, 0])[0 if c.kind == "attraction" else 1] += 1
    assert per.pop("purple") == [4, 2]
    assert len(per) == 6 and all(v == [5, 2] for v in per.values())
    kinds = [c.kind for c in g.card.values()]
    assert kinds.count("attraction") == 34 and kinds.count("character") == 14
    g = arrange(players=2, cards={1: sorted(g.card)})
    assert g.scores()[0] == 62


def test_dl_i3_ten_good_eight_bad_photos():
    """DL-I3: 10 good photos (5 points) and 8 bad (0)."""
    g = DisneylandGame(players=2, seed=4)
    assert sorted(g.photo_good.values()).count(True) == 10
    assert sorted(g.photo_good.values()).count(False) == 8
    g = arrange(players=2, photos={1: [True] * 10 + [False] * 8})
    assert g.scores()[0] == 50


def test_dl_i4_trains_start_on_first_draw_spaces_in_seat_order():
    """DL-I4: seat 1 on the first draw space, seat 2 on the next, ...; seat 1 is the youngest and starts."""
    draws = load_board().draw_spaces()
    for players in (2, 3, 4):
        g = DisneylandGame(players=players, seed=9)
        assert g.pos == draws[:players]
        assert g.current == 1 and g.pending().player == 1
    assert draws[:4] == [0, 1, 3, 5]
    assert cites(DisneylandGame(players=2, seed=0).events, "DL-I4", "setup")


def test_dl_i5_empty_pile_gives_nothing_and_turn_ends():
    """DL-I5: a draw from an empty pile gives nothing; the turn passes on."""
    g = arrange(players=2, pos=[0, 20], die=[5])
    g.piles["pink"] = []
    ev = g.apply("roll")
    assert g.held_cards[0] == [] and g.scores()[0] == 0
    assert cites(ev, "DL-I5")
    assert g.pending().kind == "roll" and g.pending().player == 2


def test_dl_i5_empty_photo_deck_gives_nothing():
    """DL-I5: a camera with an empty photo deck gives nothing; the turn passes on."""
    g = arrange(players=2, pos=[0, 20], die=[2])
    g.photos = []
    ev = g.apply("roll")
    assert g.held_photos[0] == []
    assert cites(ev, "DL-I5")
    assert g.pending().kind == "roll" and g.pending().player == 2


def test_dl_i6_wish_only_from_players_holding_cards():
    """DL-I6: only players who hold at least one card can be wished from (never oneself)."""
    g = arrange(players=4, pos=[0, 10, 20, 30], cards={1: ["blue-1"], 3: ["red-1"]}, photos={4: [False]}, die=[4])
    g.apply("roll")
    d = g.pending()
    assert d.kind == "wish-target" and set(d.values) == {3, 4}
    assert "DL-I6" in d.clauses
    refused(g, 2, "DL-I6")
    refused(g, 1)


def test_dl_i6_wish_only_for_a_kind_the_target_holds():
    """DL-I6: a wish can only be for a kind the target holds."""
    g = arrange(players=3, pos=[0, 10, 20], cards={2: ["red-1"]}, photos={3: [True]}, die=[4])
    g.apply("roll")
    g.apply(2)
    d = g.pending()
    assert d.values == ("attraction",)
    refused(g, "photo", "DL-I6")
    g = arrange(players=3, pos=[0, 10, 20], cards={2: ["red-1"]}, photos={3: [True]}, die=[4])
    g.apply("roll")
    g.apply(3)
    assert g.pending().values == ("photo",)
    refused(g, "attraction", "DL-I6")


def test_dl_i6_attraction_wish_covers_characters_and_limits_the_take():
    """DL-I6: "attraction cards" means attraction and character cards; the take is limited to that kind."""
    g = arrange(players=2, cards={2: ["red-1", "red-6"]}, photos={2: [True]}, die=[4])
    g.apply("roll")
    wish_to_take(g, 2, "attraction")
    d = g.pending()
    assert set(d.values) == {"red-1", "red-6"}
    assert "DL-I6" in d.clauses
    refused(g, "photo@0", "DL-I6")
    ev = g.apply("red-6")
    assert cites(ev, "DL-I6")
    assert g.held_cards[0] == ["red-6"] and len(g.held_photos[1]) == 1


def test_dl_i6_character_only_target_can_be_wished_for_attraction():
    """DL-I6: a target holding only character cards offers the "attraction" wish."""
    g = arrange(players=2, cards={2: ["red-6"]}, die=[4])
    g.apply("roll")
    g.apply(2)
    assert g.pending().values == ("attraction",)
    g.apply("attraction")
    g.apply("smile-left")
    g.apply("left")
    assert g.pending().values == ("red-6",)
    g.apply("red-6")
    assert g.held_cards == [["red-6"], []]


def test_dl_i6_photo_wish_limits_the_take_to_photos():
    """DL-I6: a photo wish can take only a photo."""
    g = arrange(players=2, cards={2: ["red-1"]}, photos={2: [False]}, die=[4])
    g.apply("roll")
    wish_to_take(g, 2, "photo")
    assert g.pending().values == ("photo@0",)
    refused(g, "red-1", "DL-I6")


def test_dl_i6_star_does_nothing_when_no_other_player_holds_a_card():
    """DL-I6: when no other player holds a card, the wishing star does nothing (the lander's own cards don't count)."""
    g = arrange(players=3, pos=[0, 10, 20], cards={1: ["red-1"]}, photos={1: [True]}, die=[4])
    before = (list(map(list, g.held_cards)), list(map(list, g.held_photos)))
    ev = g.apply("roll")
    assert cites(ev, "DL-I6")
    assert (g.held_cards, g.held_photos) == before
    assert g.pending().kind == "roll" and g.pending().player == 2


def test_dl_i7_the_hider_decides_where_the_smiling_star_is():
    """DL-I7: the hider's choice decides the outcome of the pick: same hand smiles, other hand frowns."""
    for hide in ("left", "right"):
        for pick in ("left", "right"):
            g = arrange(players=2, cards={2: ["red-1"]}, die=[4])
            g.apply("roll")
            g.apply(2)
            g.apply("attraction")
            d = g.pending()
            assert d.kind == "hide" and d.player == 2 and "DL-I7" in d.clauses
            ev = g.apply("smile-" + hide)
            assert cites(ev, "DL-I7", "hide")
            ev = g.apply(pick)
            assert cites(ev, "DL-5.5" if hide == pick else "DL-5.4")
            if hide == pick:
                g.apply("red-1")
                assert g.held_cards == [["red-1"], []]
            else:
                assert g.held_cards == [[], ["red-1"]]


def test_dl_i7_the_picker_cannot_see_the_hidden_star():
    """DL-I7: the picker does not see where the smiling star is (not in their view, not in the pick's labels)."""
    g = arrange(players=2, cards={2: ["red-1"]}, die=[4])
    g.apply("roll")
    g.apply(2)
    g.apply("attraction")
    g.apply("smile-right")
    d = g.pending()
    assert d.player == 1
    assert all("smil" not in o.label.lower() and "frown" not in o.label.lower() for o in d.options)
    other = arrange(players=2, cards={2: ["red-1"]}, die=[4])
    other.apply("roll")
    other.apply(2)
    other.apply("attraction")
    other.apply("smile-left")
    assert g.view(1) == other.view(1), "DL-I7: seat 1's view must not tell which hand holds the smiling star"
    assert g.view(2) != other.view(2) or g.view(None) != other.view(None)   # the two states do differ


def test_dl_i8_photo_taken_by_its_place_face_down():
    """DL-I8: a wished photo is picked by its place (photo@k), not by name; the wisher sees it only once theirs."""
    g = arrange(players=2, photos={2: [False, True, False]}, die=[4])
    held = list(g.held_photos[1])
    g.apply("roll")
    assert g.view(1)["held_photos"][1] == ["?", "?", "?"]
    wish_to_take(g, 2, "photo")
    d = g.pending()
    assert d.values == ("photo@0", "photo@1", "photo@2")
    assert "DL-I8" in d.clauses
    assert all(pid not in o.label for o in d.options for pid in held)
    refused(g, held[1])                               # a photo cannot be named
    refused(g, "photo@3")
    ev = g.apply("photo@1")
    assert g.held_photos[0] == [held[1]] and g.held_photos[1] == [held[0], held[2]]
    assert g.scores() == [5, 0]
    assert g.view(1)["held_photos"][0] == [held[1]]
    assert g.view(2)["held_photos"][0] == ["?"]
    assert cites(ev, "DL-I8", "take")
    take = [e for e in ev if e.kind == "take"][0]
    assert "good" not in take.text.lower() and "bad" not in take.text.lower()


def test_dl_i9_turn_order_asking_first_asker_picks_lander_hides():
    """DL-I9: asked in turn order from the lander; the first to ask picks; the lander hides; later seats are not asked."""
    g = arrange(players=4, pos=[0, 10, 20, 30], clock=11, die=[6])
    g.apply("roll")
    assert g.pending().player == 1
    g.apply("pass")
    assert g.pending().player == 2 and g.pending().kind == "stay-open"
    g.apply("pass")
    assert g.pending().player == 3 and g.pending().kind == "stay-open"
    ev = g.apply("ask")
    assert cites(ev, "DL-I9")
    d = g.pending()
    assert d.kind == "hide" and d.player == 1, "DL-I9: the lander hides the stars"
    g.apply("smile-left")
    d = g.pending()
    assert d.kind == "pick" and d.player == 3, "DL-I9: the first player to ask picks a hand"
    ev = g.apply("left")
    assert cites(ev, "DL-6.4")
    assert g.clock == 11 and not g.over
    assert g.pending().kind == "roll" and g.pending().player == 2


def test_dl_i9_lander_asks_next_player_hides_lander_picks():
    """DL-I9: when the lander asks, the next player clockwise hides and the lander picks."""
    g = arrange(players=3, pos=[20, 30, 0], clock=11, die=[1, 1, 6])
    g.apply("roll")                                  # seat 1: 20 -> 21, a draw
    g.apply("roll")                                  # seat 2: 30 -> 31, a draw
    g.apply("roll")                                  # seat 3: 0 -> 6, a clock at 8 o'clock
    assert g.pos[2] == 6
    d = g.pending()
    assert d.kind == "stay-open" and d.player == 3
    g.apply("ask")
    d = g.pending()
    assert d.kind == "hide" and d.player == 1, "DL-I9: the next player clockwise (wrapping to seat 1) hides"
    ev = g.apply("smile-left")
    assert cites(ev, "DL-I9")
    d = g.pending()
    assert d.kind == "pick" and d.player == 3, "DL-I9: the lander, who asked, picks"
    g.apply("right")
    assert g.over and g.clock == 12


def test_dl_i9_nobody_asks_the_park_closes():
    """DL-I9: if every player passes, the clock moves to 9 and the game ends."""
    g = arrange(players=2, pos=[0, 20], clock=11, cards={1: ["red-1"]}, die=[6])
    ev = end_game(g)
    assert cites(ev, "DL-I9")
    assert g.over and g.clock == 12 and g.winner() == 1
    assert len([e for e in ev if e.kind == "pass"]) == 2


def test_dl_i10_park_can_be_kept_open_again_and_again():
    """DL-I10: every landing on a clock at 8 o'clock starts DL-6.2 again, after any number of stays."""
    g = arrange(players=2, pos=[0, 8], clock=11, die=[6, 5, 6])
    for lander in (1, 2):
        g.apply("roll")                                  # seat 1: 0 -> 6; seat 2: 8 -> 13; clocks
        d = g.pending()
        assert d.kind == "stay-open" and d.player == lander
        g.apply("ask")
        g.apply("smile-left")
        ev = g.apply("left")
        assert cites(ev, "DL-6.4")
        assert g.clock == 11 and not g.over
    assert g.pos == [6, 13]
    g.apply("roll")                                      # seat 1: 6 -> 12 draw, an ordinary turn
    assert g.pending().kind == "roll" and g.clock == 11


def test_dl_i11_still_tied_earliest_seat_wins():
    """DL-I11: tied on points and cards, the earliest in turn order wins (seat 2 before seat 3)."""
    g = arrange(players=3, pos=[0, 10, 20], cards={2: ["red-1", "red-6"], 3: ["green-6", "green-1"]})
    assert g.scores() == [0, 3, 3]
    ev = end_game(g)
    assert g.winner() == 2
    assert cites(ev, "DL-I11", "win")
    assert g.summary()["tied"] == 2


def test_dl_i11_everyone_tied_seat_one_wins():
    """DL-I11: all tied (no cards at all): seat 1, the youngest, wins; all players reported tied."""
    g = arrange(players=4, pos=[0, 10, 20, 30])
    end_game(g)
    assert g.winner() == 1
    assert g.summary()["tied"] == 4


def test_dl_i11_not_tied_reports_one():
    """DL-I11: a clear winner means no tie (one player at the top)."""
    g = arrange(players=3, pos=[0, 10, 20], cards={3: ["red-1"]})
    end_game(g)
    assert g.winner() == 3 and g.summary()["tied"] == 1


def test_dl_i12_move_passes_over_several_occupied_spaces():
    """DL-I12: a move goes on over any number of occupied spaces to the next empty one."""
    g = arrange(players=4, pos=[0, 1, 2, 3], die=[1])
    ev = g.apply("roll")
    assert g.pos == [4, 1, 2, 3]
    assert cites(ev, "DL-4.4")
    g = arrange(players=4, pos=[34, 35, 0, 1], die=[1])  # across the end of the loop
    assert g.board.track[2].kind == "camera"
    top = g.photos[-1]
    ev = g.apply("roll")
    assert g.pos == [2, 35, 0, 1]
    assert g.held_photos[0] == [top]
    assert cites(ev, "DL-4.4")


SEVEN = ["draw", "camera", "draw", "star", "draw", "clock", "draw"]


def _mini_board(tmp_path, kinds):
    """A small board file with one red pile and the given track."""
    data = {
        "name": "mini", "card_points": {"attraction": 1, "character": 2},
        "photo_points": {"good": 5, "bad": 0}, "photos": {"good": 1, "bad": 1},
        "piles": [{"colour": "red", "cards": [{"id": "r1", "kind": "attraction"},
                                              {"id": "r2", "kind": "character"}]}],
        "track": [{"kind": k, "pile": "red" if k == "draw" else None, "pos": [i, 0]}
                  for i, k in enumerate(kinds)],
    }
    path = tmp_path / f"mini{len(kinds)}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_dl_i12_board_with_too_few_spaces_is_refused(tmp_path):
    """DL-I12: a board with fewer spaces than players plus one is refused, naming the file and the track."""
    path = _mini_board(tmp_path, ["draw", "camera", "star", "clock"])
    with pytest.raises(DataFileError) as info:
        DisneylandGame(players=4, seed=0, options={"board": str(path)})
    assert info.value.field == "track" and str(path) in str(info.value)
    with pytest.raises(DataFileError):
        load_board(path)


def test_dl_i12_small_board_four_trains_never_share_a_space(tmp_path):
    """DL-I12 / DL-4.4: on a 7-space board with 4 trains, every move ends on the first space at or after the
    rolled one that no other train holds."""
    g = DisneylandGame(players=4, seed=2, options={"board": str(_mini_board(tmp_path, SEVEN))})
    assert len(g.board.track) == 7
    assert g.pos == [0, 2, 4, 6]                     # DL-I4: the first four draw spaces
    moves = 0
    while g.pending() is not None and moves < 150:
        d = g.pending()
        if d.kind != "roll":
            g.apply(d.values[0])
            continue
        seat = g.current
        start = g.pos[seat - 1]
        others = {p for s, p in enumerate(g.pos) if s != seat - 1}
        ev = g.apply("roll")
        roll = next(e.data["roll"] for e in ev if e.kind == "roll")
        expect = (start + roll) % 7
        while expect in others:
            expect = (expect + 1) % 7
        assert g.pos[seat - 1] == expect
        assert len(set(g.pos)) == 4
        moves += 1
    assert moves > 20


def test_dl_i12_mover_passes_several_trains_and_wraps(tmp_path):
    """DL-I12: a mover goes on past every occupied space, round the end of the loop, to the next free one."""
    g = DisneylandGame(players=4, seed=2, options={"board": str(_mini_board(tmp_path, SEVEN))})
    g.pos = [0, 2, 4, 6]
    g.recount()
    g.streams.load("die", [4, 2])
    ev = g.apply("roll")                             # seat 1: 0 + 4 = 4 (seat 3) -> 5 free (clock)
    assert g.pos[0] == 5 and g.clock == 1
    assert cites(ev, "DL-4.4")
    ev = g.apply("roll")                             # seat 2: 2 + 2 = 4, 5, 6 held -> wraps to 0
    assert g.pos[1] == 0
    assert cites(ev, "DL-4.4")
    assert len(set(g.pos)) == 4


def test_dl_i4_every_train_gets_its_own_space_on_a_board_with_few_draw_spaces(tmp_path):
    """DL-I4 / DL-I12: four players on a 5-space board with only 2 draw spaces: either the board is refused
    for four players, or all four trains are placed on different spaces (never fewer trains than players)."""
    path = _mini_board(tmp_path, ["draw", "camera", "star", "clock", "draw"])
    try:
        g = DisneylandGame(players=4, seed=0, options={"board": str(path)})
    except (DataFileError, ValueError):
        return
    assert len(g.pos) == 4 and len(set(g.pos)) == 4


# --- refusals ----------------------------------------------------------------------------------------
def test_refusals_cite_a_clause_and_leave_the_state_unchanged():
    """Every kind of decision refuses a value it does not offer (IllegalChoice with a clause, state unchanged)."""
    g = arrange(players=3, pos=[0, 10, 20], cards={2: ["red-1"]}, die=[4])
    refused(g, "move", "DL-4.1")
    refused(g, 4)
    g.apply("roll")
    assert g.pending().kind == "wish-target"
    refused(g, 1)
    refused(g, 3, "DL-I6")
    refused(g, "2")
    g.apply(2)
    refused(g, "character")
    refused(g, "photo", "DL-I6")
    g.apply("attraction")
    refused(g, "left")
    refused(g, "smile-middle")
    g.apply("smile-left")
    refused(g, "smile-left")
    refused(g, "middle")
    g.apply("left")
    refused(g, "red-2")                               # not held by the target
    refused(g, "photo@0")
    g.apply("red-1")
    assert g.held_cards[0] == ["red-1"]


def test_refusals_in_the_stop_the_clock_rule():
    """DL-6.2 / DL-6.3: stay-open and the hands refuse other values, state unchanged."""
    g = arrange(players=2, pos=[0, 20], clock=11, die=[6])
    g.apply("roll")
    refused(g, "yes", "DL-6.2")
    refused(g, "roll")
    g.apply("ask")
    refused(g, "left")
    g.apply("smile-right")
    refused(g, "smile-right")
    refused(g, "up", "DL-6.3")
    assert g.clock == 11 and not g.over


def test_refusal_of_a_roll_value_when_a_roll_is_pending():
    """DL-4.1: only "roll" answers the roll decision; the die is not consumed by a refused answer."""
    g = arrange(players=2, pos=[0, 20], die=[3])
    refused(g, 3, "DL-4.1")
    refused(g, None)
    g.apply("roll")
    assert g.pos[0] == 3


def test_dl_i13_photos_and_the_hidden_star_reach_only_those_who_may_see_them():
    """DL-5.2, DL-I7, DL-I8, DL-I13: a photo from the camera is told to its taker, a photo taken by a wish to the
    giver and the taker, the smiling star's hand to the hider; the others read only the public sentence."""
    kinds = set()
    for seed in range(40):
        g = DisneylandGame(players=3, seed=seed)
        play(g, [RandomAgent()] * 3)
        for e in g.events:
            if e.kind == "camera" and e.secret:
                assert e.seen_by == (e.player,) and set(e.secret) == {"photo", "good"}
            elif e.kind == "take" and e.secret:
                assert set(e.seen_by) == {e.player, e.data["target"]} and "photo" not in e.data
            elif e.kind == "hide":
                assert e.seen_by == (e.player,) and set(e.secret) == {"smile"}
            else:
                assert not e.hidden, e
                continue
            kinds.add(e.kind)
            outsider = next(s for s in (1, 2, 3) if s not in e.seen_by)
            assert e.for_viewer(outsider).data == e.data and set(e.secret) <= set(e.for_viewer(e.seen_by[0]).data)
            assert cites([e], "DL-I13")
    assert kinds == {"camera", "take", "hide"}
