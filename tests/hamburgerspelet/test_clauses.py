"""Clause tests for Hamburgerspelet: one scripted situation per rule (HB-1 ... HB-7) and interpretation (HB-I…)."""
import pytest

from .hb_helpers import EIGHT, clauses, give, ing, new, place_chefs, put, roll
from toolkit.core import IllegalChoice
from toolkit.games.hamburgerspelet.rules import EMPTY, NOT_SEEN, HamburgerGame


# --- HB-1, HB-7: the object and the win ---------------------------------------------------------------
def test_hb_1_1_and_hb_7_1_full_card_wins():
    """HB-1.1, HB-7.1: the ninth ingredient (the bun, last) on the card wins at once; HB-I12: mid-turn."""
    g = new()
    give(g, 1, EIGHT)
    put(g, 0, "bun")
    place_chefs(g, 1, 4, 30)      # chef 1 one step before the hamburger square 5
    roll(g, 1, 3)
    g.apply("1-1")
    assert g.pending().kind == "name" and g.pending().values == ("bun",)      # HB-6.1: now the bun may come
    g.apply("bun")
    ev = g.apply(0)
    assert g.is_over() and g.winner() == 1 and g.scores()[0] == 9
    assert {"HB-7.1", "HB-1.1", "HB-I12"} <= clauses(ev)
    assert g.chefs[0][1] == 30          # HB-I12: the second chef never moved
    assert g.pending() is None


def test_hb_7_1_no_winner_before_a_full_card():
    """HB-7.1: eight ingredients are not enough."""
    g = new()
    give(g, 1, EIGHT)
    assert not g.is_over() and g.winner() is None


# --- HB-2, HB-3: contents and setup ------------------------------------------------------------------
def test_hb_2_1_contents_and_player_count():
    """HB-2.1: 36 tiles, four of each of nine ingredients; two chefs a player; 2-4 players."""
    g = new(players=4)
    assert len(g.spots) == 36 and g.tile_count() == [4] * 9
    assert len(g.chefs) == 4 and all(len(c) == 2 for c in g.chefs)
    assert len(g.board.colours) == 4
    for bad in (1, 5):
        with pytest.raises(ValueError):
            HamburgerGame(players=bad)


def test_hb_3_1_chefs_start_in_their_kitchen():
    """HB-3.1: both chefs on the kitchen of the player's colour (HB-I2: seat k, colour k)."""
    g = new(players=4)
    for seat in range(1, 5):
        k = g.board.kitchens[seat - 1]
        assert g.chefs[seat - 1] == [k, k]
        assert g.board.loop[k].kind == "kitchen" and g.board.loop[k].colour == seat - 1


def test_hb_3_2_tiles_shuffled_face_down():
    """HB-3.2: shuffled by the seed, face down: nobody knows any spot at the start."""
    a, b = new(seed=1), new(seed=2)
    assert a.spots != b.spots and sorted(a.spots) == sorted(b.spots)
    assert new(seed=1).spots == a.spots
    assert all(k == NOT_SEEN for row in a.known for k in row)
    assert a.view(1)["spots"] == ["?"] * 36


# --- HB-4: play ------------------------------------------------------------------------------------
def test_hb_4_1_seat_one_starts():
    """HB-4.1 / HB-I2: seat 1, the hungriest, starts."""
    assert new(players=3).pending().player == 1


def test_hb_4_2_and_hb_4_3_dice_to_chefs():
    """HB-4.2, HB-4.3: a 2 and a 4: one chef moves two, the other four, clockwise; the player chooses."""
    g = new(players=3)
    assert g.events[-1].kind == "roll" and "HB-4.2" in g.events[-1].clauses and g.dice is not None
    roll(g, 2, 4)
    assert g.pending().kind == "move" and g.pending().values == ("1-2", "1-4", "2-2", "2-4")
    g.apply("2-4")                       # chef 2 by 4 to square 4 (an ingredient square)
    assert g.chefs[0] == [0, 4]
    g.apply(g.legal()[0])
    if g.pending().kind == "place":
        g.apply(g.legal()[0])
    assert g.chefs[0][0] == 2            # then chef 1 by the other die, 2


def finish_roll(g):
    """Answer takes and places with the first option until the next roll waits."""
    while g.pending() is not None and g.pending().kind != "move":
        v = g.legal()
        g.apply("pass" if "pass" in v else v[0])


def test_hb_4_4_double_rolls_again():
    """HB-4.4: after a double both chefs move, then the same player rolls again; HB-I4: again after again."""
    g = new(players=2)
    place_chefs(g, 1, 39, 39)          # 39 + 1 = red kitchen 0 (own: take a tile)
    roll(g, 1, 1, 2, 2, 2, 3, 4, 5)
    g.apply("1-1")
    finish_roll(g)
    assert g.pending().player == 1 and g.dice == (2, 2) and g.turn == 0
    assert any("HB-4.4" in e.clauses and e.kind == "again" for e in g.events)
    g.apply(g.legal()[0])
    finish_roll(g)
    assert g.pending().player == 1 and g.dice == (2, 3) and g.turn == 0
    g.apply(g.legal()[0])               # 2 and 3: no double; the turn passes
    finish_roll(g)
    assert g.pending().player == 2 and g.turn == 1 and g.dice == (4, 5)


def test_hb_4_5_chefs_share_squares():
    """HB-4.5: a chef may land where other chefs stand, of any colour."""
    g = new(players=2)
    place_chefs(g, 2, 3, 3)
    ev = roll(g, 3, 3)
    ev = g.apply("1-3")
    assert g.chefs[0][0] == 3 and g.chefs[1] == [3, 3]
    assert "HB-4.5" in clauses(ev)


def test_hb_4_6_first_square_before_second_chef():
    """HB-4.6: the first chef's square is dealt with before the second chef moves."""
    g = new(players=2)
    roll(g, 1, 5)
    g.apply("1-1")                       # to square 1, the cucumber
    assert g.pending().kind == "take" and g.chefs[0] == [1, 0]
    put(g, 3, "cucumber")
    g.apply(3)
    assert g.cards[0][ing(g, "cucumber")] and g.chefs[0] == [1, 5]   # then chef 2 by 5: hamburger square
    assert g.pending().kind == "name"


# --- HB-5: the squares -----------------------------------------------------------------------------
def test_hb_5_1_matching_tile_is_kept():
    """HB-5.1: the square's ingredient goes on the card; the spot is left free."""
    g = new()
    put(g, 7, "cheese")                  # square 6 is cheese
    roll(g, 6, 1)
    g.apply("1-6")
    ev = g.apply(7)
    assert g.cards[0][ing(g, "cheese")] and g.spots[7] == EMPTY and "HB-5.1" in clauses(ev)


def test_hb_5_1_other_tile_goes_back_to_a_free_spot():
    """HB-5.1, HB-I5: any other tile goes back face down on a free spot of the player's choice."""
    g = new()
    put(g, 7, "onion")
    roll(g, 6, 1)
    g.apply("1-6")
    g.apply(7)
    d = g.pending()
    assert d.kind == "place" and d.values == (7,) and g.hand[0] == ing(g, "onion")
    g.apply(7)
    assert g.spots[7] == ing(g, "onion") and g.hand is None and g.tile_count() == [4] * 9


def test_hb_5_2_already_held_may_still_look():
    """HB-5.2, HB-I7: with the square's ingredient already held, taking is optional, and a cheese goes back."""
    def situation():
        g = new()
        give(g, 1, ["cheese"])
        put(g, 8, "cheese")
        roll(g, 6, 1)
        g.apply("1-6")
        return g
    g, g2 = situation(), situation()
    d = g.pending()
    assert "pass" in d.values and "HB-5.2" in d.clauses
    g2.apply("pass")
    assert g2.stats["passes"] == 1 and g2.chefs[0] == [6, 1]
    ev = g.apply(8)
    # the reason (HB-6.2) is the taker's alone: on their place decision, never on the public event (HB-5.6)
    assert g.pending().kind == "place" and "HB-6.2" in g.pending().clauses and "HB-6.2" not in clauses(ev)
    g.apply(3 if g.spots[3] == EMPTY else 8)
    assert g.known[0][8] == ing(g, "cheese") or g.known[0][3] == ing(g, "cheese")   # the peek is remembered


def test_hb_5_3_hamburger_square_named_ingredient():
    """HB-5.3: name the wanted ingredient; a tile of it is kept, another goes back."""
    g = new()
    put(g, 0, "tomato")
    put(g, 1, "onion")
    roll(g, 5, 2)
    g.apply("1-5")
    assert g.pending().kind == "name"
    g.apply("tomato")
    ev = g.apply(0)
    assert g.cards[0][ing(g, "tomato")] and "HB-5.3" in clauses(ev)
    # chef 2 moved 2 to square 2 (onion): HB-5.1, not named
    g2 = new()
    put(g2, 1, "onion")
    roll(g2, 5, 2)
    g2.apply("1-5")
    g2.apply("tomato")
    g2.apply(1)
    assert g2.pending().kind == "place" and not g2.cards[0][ing(g2, "onion")]


def test_hb_5_4_own_kitchen_keeps_what_fits():
    """HB-5.4, HB-I9: own kitchen: any tile the card may take is kept, unnamed; others go back."""
    g = new()
    place_chefs(g, 1, 38, 38)
    put(g, 4, "lettuce")
    roll(g, 2, 1)
    ev = g.apply("1-2")
    assert "HB-5.4" in clauses(ev) and g.pending().kind == "take"
    g.apply(4)
    assert g.cards[0][ing(g, "lettuce")]
    g = new()
    give(g, 1, ["lettuce"])
    place_chefs(g, 1, 38, 38)
    put(g, 4, "lettuce")
    roll(g, 2, 1)
    g.apply("1-2")
    ev = g.apply(4)
    assert g.pending().kind == "place" and "HB-6.2" in g.pending().clauses and "HB-6.2" not in clauses(ev)


def test_hb_5_5_steal_and_keep():
    """HB-5.5: another's kitchen: steal one ingredient from their card and keep it."""
    g = new()
    give(g, 2, ["meat", "onion"])
    place_chefs(g, 1, 6, 6)
    roll(g, 4, 1)
    ev = g.apply("1-4")                 # 6 + 4 = 10, the yellow kitchen of player 2
    assert "HB-5.5" in clauses(ev)
    d = g.pending()
    assert d.kind == "steal" and d.values == ("onion", "meat")
    g.apply("meat")
    assert g.pending().kind == "keep"
    g.apply("keep")
    assert g.cards[0][ing(g, "meat")] and not g.cards[1][ing(g, "meat")] and g.scores()[:2] == [1, 1]


def test_hb_5_5_steal_and_put_back_everyone_knows():
    """HB-5.5, HB-I10, HB-I11: a stolen tile put back is known to all, who saw it on the card."""
    g = new(players=3)
    give(g, 2, ["meat"])
    place_chefs(g, 1, 6, 6)
    roll(g, 4, 1)
    g.apply("1-4")
    g.apply("meat")
    g.apply("back")
    free = g.pending().values
    g.apply(free[-1])
    assert g.spots[free[-1]] == ing(g, "meat")
    assert all(g.known[q][free[-1]] == ing(g, "meat") for q in range(3))
    assert g.tile_count() == [4] * 9


def test_hb_5_6_put_back_is_not_shown():
    """HB-5.6: what goes back is not told to the others: not in the event text, not in their view."""
    g = new()
    put(g, 7, "onion")
    roll(g, 6, 1)
    g.apply("1-6")
    ev = g.apply(7)
    assert "HB-5.6" in clauses(ev) and all("onion" not in e.text for e in ev)
    assert g.view(2)["hand"][0] == "?" and g.view(1)["hand"][0] == ing(g, "onion")
    ev = g.apply(7)
    assert all("onion" not in e.text for e in ev)
    assert g.known[1][7] == NOT_SEEN and g.known[0][7] == ing(g, "onion")
    assert g.view(2)["spots"][7] == "?" and g.view(1)["spots"][7] == ing(g, "onion")


# --- HB-6: key points ------------------------------------------------------------------------------
def test_hb_6_1_bun_only_last():
    """HB-6.1, HB-I6, HB-I8: the bun cannot be named, nor kept from a kitchen, before the other eight."""
    g = new()
    give(g, 1, EIGHT[:7])
    roll(g, 5, 2)
    g.apply("1-5")
    assert "bun" not in g.pending().values and g.pending().values == ("lettuce",)
    fp = g.fingerprint()
    with pytest.raises(IllegalChoice) as e:
        g.apply("bun")
    assert "HB-5.3" in e.value.clauses and g.fingerprint() == fp
    g = new()
    give(g, 1, EIGHT[:7])
    place_chefs(g, 1, 38, 38)
    put(g, 4, "bun")
    roll(g, 2, 1)
    g.apply("1-2")
    ev = g.apply(4)
    assert not g.cards[0][g.bun] and g.pending().kind == "place" and "HB-6.1" in g.pending().clauses
    assert "HB-6.1" not in clauses(ev)


def test_hb_6_1_wanted_once_one_more_is_on_the_card():
    """HB-6.1: what a card could keep once one more ingredient is on it (``wanted(seat, adding=i)``, for the
    planner): the bun only with the eighth; the card itself is not changed."""
    g = new()
    give(g, 1, EIGHT[:6])
    tomato, lettuce = ing(g, "tomato"), ing(g, "lettuce")
    assert g.wanted(1) == [tomato, lettuce]
    assert g.wanted(1, adding=tomato) == [lettuce]           # seven on the card: not yet the bun
    assert g.wanted(1) == [tomato, lettuce] and g.held[0] == 6
    give(g, 1, ["tomato"])
    assert g.wanted(1) == [lettuce] and g.wanted(1, adding=lettuce) == [g.bun]
    give(g, 1, ["lettuce"])
    assert g.wanted(1) == [g.bun] and g.wanted(1, adding=g.bun) == []


def test_hb_6_2_one_of_each():
    """HB-6.2: a second tile of an ingredient goes back, never onto the card."""
    g = new()
    give(g, 1, ["onion"])
    place_chefs(g, 1, 38, 38)
    put(g, 4, "onion")
    roll(g, 2, 1)
    g.apply("1-2")
    ev = g.apply(4)
    assert g.held[0] == 1 and g.pending().kind == "place" and "HB-6.2" in g.pending().clauses
    assert "HB-6.2" not in clauses(ev)


# --- interpretations ------------------------------------------------------------------------------------
def test_hb_i1_board_loop():
    """HB-I1: 40 squares, kitchens at the corners, a hamburger square mid-side, eight ingredients a side."""
    b = new().board
    assert len(b.loop) == 40 and b.kitchens == (0, 10, 20, 30)
    for side in range(4):
        sq = b.loop[side * 10: side * 10 + 10]
        assert sq[0].kind == "kitchen" and sq[5].kind == "hamburger"
        ings = [s.ingredient for s in sq if s.kind == "ingredient"]
        assert sorted(ings) == sorted(set(ings)) and len(ings) == 8 and b.bun not in ings
    assert b.spot_label(0) == "A1" and b.spot_label(35) == "F6"


def test_hb_i2_unused_kitchen_does_nothing():
    """HB-I2: with two players the green and blue kitchens belong to nobody."""
    g = new(players=2)
    place_chefs(g, 1, 17, 17)
    roll(g, 3, 1)
    ev = g.apply("1-3")
    assert "HB-I2" in clauses(ev) and g.chefs[0] == [20, 18]


def test_hb_i3_chefs_always_move_and_kitchen_after_a_lap():
    """HB-I3: both chefs move each roll (never 0 steps); coming round to the own kitchen uses it."""
    g = new()
    roll(g, 4, 4)
    assert g.pending().values == ("1-4", "2-4")
    g = new()
    place_chefs(g, 1, 39, 35)
    roll(g, 1, 2)
    ev = g.apply("1-1")
    assert g.chefs[0][0] == 0 and "HB-5.4" in clauses(ev)


def test_hb_i4_no_limit_on_doubles():
    """HB-I4: three doubles in a row: three more rolls, one turn."""
    g = new()
    roll(g, 1, 1, 2, 2, 3, 3, 1, 2, 4, 5)
    moves = 0
    while g.turn == 0:
        moves += g.pending().kind == "move"
        v = g.legal()
        g.apply("pass" if "pass" in v else v[0])
    assert moves == 4 and g.stats["doubles"] == 2      # the first double was set by hand


def test_hb_i5_any_free_spot_including_the_origin():
    """HB-I5: after a take the free spots are offered, the origin included."""
    g = new()
    give(g, 2, ["meat", "onion"])
    put(g, 9, "cucumber")
    roll(g, 6, 1)
    g.apply("1-6")
    g.apply(9)
    d = g.pending()
    assert 9 in d.values and set(d.values) == set(g.free_spots())


def test_hb_i6_match_taken_when_allowed():
    """HB-I6: a tile that matches and may be kept is kept: no choice is offered."""
    g = new()
    put(g, 2, "cucumber")
    roll(g, 1, 3)
    g.apply("1-1")
    g.apply(2)
    assert g.cards[0][ing(g, "cucumber")] and g.pending().kind != "keep"


def test_hb_i7_pass_only_when_held():
    """HB-I7: without the square's ingredient there is no pass."""
    g = new()
    roll(g, 6, 1)
    g.apply("1-6")
    assert "pass" not in g.pending().values


def test_hb_i8_name_only_what_the_card_may_take():
    """HB-I8: the names offered are the ingredients lacked, without the bun."""
    g = new()
    give(g, 1, ["onion", "cheese"])
    roll(g, 5, 2)
    g.apply("1-5")
    assert g.pending().values == ("cucumber", "ketchup", "mayonnaise", "meat", "tomato", "lettuce")


def test_hb_i9_own_kitchen_any_fitting_tile():
    """HB-I9: the kitchen keeps whatever fits, the bun included once the eight are there."""
    g = new()
    give(g, 1, EIGHT)
    place_chefs(g, 1, 38, 38)
    put(g, 4, "bun")
    roll(g, 2, 1)
    g.apply("1-2")
    g.apply(4)
    assert g.winner() == 1


def test_hb_i10_empty_card_and_forced_return():
    """HB-I10: nothing to steal from an empty card; a stolen ingredient the thief has goes back."""
    g = new()
    place_chefs(g, 1, 6, 6)
    roll(g, 4, 1)
    ev = g.apply("1-4")
    assert "HB-I10" in clauses(ev) and g.chefs[0] == [10, 7]
    g = new()
    give(g, 1, ["meat"])
    give(g, 2, ["meat"])
    place_chefs(g, 1, 6, 6)
    roll(g, 4, 1)
    g.apply("1-4")
    g.apply("meat")
    assert g.pending().kind == "place" and g.held == [1, 0]


def test_hb_i11_knowledge_follows_the_tile():
    """HB-I11: whoever knew a tile knows it on its new spot; a tile on a card leaves the middle's knowledge."""
    g = new()
    put(g, 7, "onion")
    g.known[1][7], g.seen[1][7] = ing(g, "onion"), 0      # player 2 had looked at it before
    roll(g, 6, 1)
    g.apply("1-6")
    g.apply(7)
    free = g.pending().values
    g.apply(free[0])
    assert g.known[1][free[0]] == ing(g, "onion") and g.seen[1][free[0]] == 0
    assert g.known[0][free[0]] == ing(g, "onion") and g.seen[0][free[0]] == 2
    g = new()
    put(g, 7, "cheese")
    for q in range(2):
        g.known[q][7], g.seen[q][7] = ing(g, "cheese"), 0
    roll(g, 6, 1)
    g.apply("1-6")
    g.apply(7)
    assert all(g.known[q][7] == NOT_SEEN for q in range(2))


def test_hb_i12_win_ends_the_turn_at_once():
    """HB-I12: a win on the first chef of a double: no second move, no extra roll."""
    g = new()
    give(g, 1, EIGHT)
    place_chefs(g, 1, 2, 2)
    put(g, 0, "bun")
    roll(g, 3, 3)
    g.apply("1-3")
    g.apply("bun")
    g.apply(0)
    assert g.pending() is None and g.chefs[0] == [5, 2] and g.turn == 1


def test_hb_i13_swedish_names():
    """HB-I13: option language "sv" gives the rulebook's names; decision values stay the same."""
    g = new(language="sv")
    give(g, 1, ["onion"])
    roll(g, 5, 2)
    ev = g.apply("1-5")
    d = g.pending()
    assert "cucumber" in d.values and d.option("cucumber").label == "gurka"
    ev = g.apply("meat")
    assert "kött" in ev[0].text
    with pytest.raises(ValueError):
        new(language="de")


def test_hb_i14_no_steal_variant():
    """HB-I14: with steal off, another's kitchen does nothing."""
    g = new(steal=False)
    give(g, 2, ["meat"])
    place_chefs(g, 1, 6, 6)
    roll(g, 4, 1)
    ev = g.apply("1-4")
    assert "HB-I14" in clauses(ev) and g.held == [0, 1] and g.pending().kind != "steal"
    with pytest.raises(ValueError):
        new(steal="no")


def test_hb_i15_random_games_end():
    """HB-I15: random players finish every game (checked over seeds, with a generous step cap)."""
    from toolkit.core import make_agents, play
    for seed in range(20):
        g = HamburgerGame(players=4, seed=seed, log=False)
        assert play(g, make_agents("hamburgerspelet", 4), max_steps=200_000) is None, seed
        assert g.winner() is not None


def test_unknown_option_refused():
    with pytest.raises(ValueError, match="unknown option"):
        new(colour="red")


def test_hb_5_6_public_events_are_the_same_whatever_tile_goes_back():
    """HB-5.4, HB-5.6: on their own kitchen a player draws the bun (too early, HB-6.1) or a duplicate (HB-6.2):
    the others hear exactly the same events either way; the reason is on the taker's own decision only."""
    seen = []
    for tile in ("bun", EIGHT[0]):
        g = new()
        give(g, 1, EIGHT[:7])
        place_chefs(g, 1, 38, 38)
        put(g, 4, tile)
        roll(g, 2, 1)
        g.apply("1-2")
        ev = g.apply(4)
        seen.append(([(e.text, e.clauses) for e in ev], g.pending().clauses))
    (public_a, own_a), (public_b, own_b) = seen
    assert public_a == public_b
    assert "HB-6.1" in own_a and "HB-6.2" in own_b


def test_hb_i16_a_tile_looked_at_is_told_only_to_those_who_know_it():
    """HB-5.1, HB-5.6, HB-I11, HB-I16: the ingredient of a tile looked at and put back is in the events of the
    taker and of whoever knew that tile before; everyone else reads which spots were used, not the tile."""
    from toolkit.core import RandomAgent, play
    looks = shared = 0
    for seed in range(6):
        g = HamburgerGame(players=3, seed=seed)
        play(g, [RandomAgent()] * 3)
        for e in g.events:
            if e.kind in ("look", "back") and e.secret:
                assert "HB-I16" in e.clauses and set(e.secret) == {"ingredient"} and "ingredient" not in e.data
                assert e.player in e.seen_by and "spot" in e.data
                for s in (1, 2, 3):
                    assert ("ingredient" in e.for_viewer(s).data) == (s in e.seen_by)
                looks += 1
                shared += len(e.seen_by) > 1
            elif e.kind == "back" and "stolen" in e.text:
                assert not e.hidden                       # a stolen tile was seen by all (HB-I10)
    assert looks > 50 and shared > 0                      # others who knew a tile keep knowing it (HB-I11)
