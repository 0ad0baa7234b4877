"""Clause tests for The McDonald's Game, from the rulebook (MCD-1.1 ... MCD-8.1) and the rules page's
interpretations (MCD-I1 ... MCD-I19). Each test arranges a position, scripts the dice (and the race, by hand or
with a model without chance), plays through ``pending()`` / ``apply()`` and checks the outcome and the clauses."""
from __future__ import annotations

import pytest

from toolkit.core import GameOver, RandomAgent, play
from toolkit.games.mcdonalds import FOODS, McDonaldsGame, McDonaldsHeuristic, load_board
from toolkit.games.mcdonalds.board import SPACE_KINDS
from toolkit.games.mcdonalds.rules import MAX_TURNS, TARGET

from .helpers import arrange, cites, counts, land, menus_file, refused, total_cards

FULL = [3] * 8
SURE = {"errors": 0.0, "spread": 0.0}          # a race without chance: the lowest speed is the fastest


def by_hand(tmp_path, **kw):
    return arrange(options={"race": "by_hand", "menus": menus_file(tmp_path)}, **kw)


# --- MCD-1 Setup ---------------------------------------------------------------------------------------
def test_mcd_1_1_to_1_4_board_chute_characters_and_each_players_kit():
    """MCD-1.1 board, MCD-1.2 chute, MCD-1.3 characters on stands, MCD-1.4 a rack, peg, marble, character each."""
    g = McDonaldsGame(players=4, seed=1)
    b = g.board
    assert len(b.characters) == 4 and len({c for c, _ in b.characters}) == 4
    assert len({colour for _, colour in b.characters}) == 4          # one marble colour per character
    assert len(g.racks) == 4 and all(len(r) == 8 for r in g.racks)   # MCD-1.4: a rack of 8 slots each
    assert g.scores() == [0, 0, 0, 0]                                # pegs at 0
    assert g.reading is None and g.last_race is None                 # MCD-1.2: the chute is empty
    assert g.player_name(2) == "Player 2 (Hamburglar)"


def test_mcd_1_5_120_cards_of_8_items_and_menus_face_down():
    for players in (2, 3, 4):
        g = McDonaldsGame(players=players, seed=3)
        assert g.card_total() == [15] * 8
        assert len(FOODS) == 8
        assert g.view(1)["menu_pile"] == len(g.menus) == 24
    assert cites(g.events, "MCD-1.5", "setup")


def test_mcd_1_6_each_rack_starts_with_3_of_each_item():
    g = McDonaldsGame(players=4, seed=5)
    assert g.racks == [FULL] * 4 and g.extras == [[0] * 8] * 4
    assert cites(g.events, "MCD-1.6")


def test_mcd_1_7_the_rest_is_shuffled_into_the_pile():
    a, b = McDonaldsGame(players=2, seed=1), McDonaldsGame(players=2, seed=2)
    assert len(a.pile) == 120 - 2 * 24 == 72
    assert sorted(a.pile) == sorted(b.pile) and a.pile != b.pile
    assert McDonaldsGame(players=2, seed=1).pile == a.pile
    assert cites(a.events, "MCD-1.7")


def test_mcd_1_8_characters_start_on_their_own_corner():
    g = McDonaldsGame(players=4, seed=1)
    assert g.pos == [0, 8, 16, 24] == list(g.board.corners)
    for s in range(4):
        sp = g.board.track[g.pos[s]]
        assert sp.kind == "menu" and sp.corner == g.board.characters[s][0]
    assert cites(g.events, "MCD-1.8")


# --- MCD-2, MCD-8 Object and winning ------------------------------------------------------------------------
def test_mcd_2_1_and_mcd_8_1_reaching_25_wins_at_once():
    """Returning extras for the 25th point ends the game before the roll (MCD-2.1, MCD-8.1, MCD-I17)."""
    g = arrange(current=2, points=[0, 24, 0], extras={2: counts(pie=1)})
    ev = g.apply("return")
    assert g.scores()[1] == 25 and g.is_over() and g.winner() == 2
    assert cites(ev, "MCD-8.1", "win") and cites(ev, "MCD-2.1")
    assert not any(e.kind == "roll" for e in ev)
    with pytest.raises(GameOver):
        g.apply("roll")


def test_mcd_8_1_below_25_play_goes_on():
    g = arrange(current=2, points=[0, 23, 0], extras={2: counts(pie=1)}, dice=[1, 1])
    g.apply("return")
    assert g.scores()[1] == 24 and not g.is_over() and g.winner() is None
    assert TARGET == 25


# --- MCD-3 Play ------------------------------------------------------------------------------------
def test_mcd_3_1_high_roll_goes_first_ties_roll_again():
    g = McDonaldsGame(players=3, seed=1)
    g.streams.load("dice", [6, 6, 6, 6, 1, 1, 3, 4, 2, 2])   # 12, 12, 2: the tied 1 and 2 roll again: 7, 4
    assert g.roll_for_first() == 1
    firsts = [e for e in g.events if e.kind == "first"][-2:]
    assert "roll again" in firsts[0].text and "Player 1 goes first" in firsts[1].text
    assert all(cites([e], "MCD-3.1") for e in firsts)


def test_mcd_3_1_play_continues_clockwise():
    g = arrange(players=4, current=4, pos=[0, 8, 16, 24], dice=[1, 1])   # space 26: take? no: 24 + 2 = 26 take
    g.pos[3] = 23                                                        # 23 + 2 = 25, a card space
    g.apply("roll")
    assert g.current == 1 and g.turn == 1


def test_mcd_3_2_roll_two_dice_and_move_clockwise_past_the_start():
    g = arrange(current=1, pos=[30, 8, 16], dice=[1, 2])
    ev = g.apply("roll")
    assert g.pos[0] == 1 and g.last_roll == (1, 2)      # 30 + 3 = 33 = space 1 of the loop
    assert cites(ev, "MCD-3.2", "roll") and cites(ev, "MCD-I1", "roll")


def test_mcd_3_2_a_roll_decision_for_each_seat_the_game_allows():
    """The shared roll decisions are made for every seat the class allows (a table written for four seats would
    leave a fifth player nothing to ask), each one seat's and citing the roll's clause."""
    import toolkit.games.mcdonalds.rules as rules
    assert sorted(rules._ROLL) == list(range(1, McDonaldsGame.max_players + 1))
    five = rules.roll_decisions(5)
    assert sorted(five) == [1, 2, 3, 4, 5]
    assert all(d.player == s and d.values == ("roll",) and d.clauses == ("MCD-3.2", "MCD-I4") for s, d in five.items())


@pytest.mark.parametrize("space,n", [(1, 1), (4, 2), (7, 3)])
def test_mcd_3_3_card_spaces_give_their_number_from_the_top(space, n):
    g = arrange(racks={1: counts()}, pile=["cookies"] * 10 + ["fries", "pie", "bigmac"])
    ev = land(g, space)
    top = ["bigmac", "pie", "fries"][:n]
    assert g.racks[0] == counts(**{k: 1 for k in top})
    assert len(g.pile) == 13 - n and g.board.track[space].cards == n
    assert cites(ev, "MCD-3.3", "cards")


def test_mcd_3_4_may_i_help_you_trades_2_for_2():
    g = arrange(racks={1: counts(bigmac=3, fries=1), 2: counts(pie=2, shake=1)}, pile=[])
    ev = land(g, 2)
    assert cites(ev, "MCD-3.4")
    d = g.pending()
    assert d.kind == "help-partner" and d.values == (2, 3, "no-trade")
    g.apply(2)
    assert g.pending().values[:2] == ("bigmac+bigmac", "bigmac+fries")
    g.apply("bigmac+bigmac")
    assert g.pending().values == ("shake+pie", "pie+pie")
    ev = g.apply("pie+pie")
    assert g.racks[0] == counts(bigmac=1, fries=1, pie=2)
    assert g.racks[1] == counts(bigmac=2, shake=1)
    assert cites(ev, "MCD-3.4", "trade") and g.current == 2


def test_mcd_3_4_may_i_help_you_is_optional_and_refuses_cards_not_in_the_rack():
    g = arrange(racks={1: counts(bigmac=3)}, pile=[])
    land(g, 2)
    g.apply(3)
    refused(g, "pie+pie", "MCD-3.4")
    g2 = arrange(pile=[])
    land(g2, 2)
    before = [list(r) for r in g2.racks]
    ev = g2.apply("no-trade")
    assert g2.racks == before and cites(ev, "MCD-3.4") and g2.current == 2


def test_mcd_3_5_take_one_card_of_your_choice_from_each_player():
    g = arrange(players=4, racks={1: counts(), 2: counts(pie=1, fries=2), 4: counts(cookies=1)}, pile=[])
    land(g, 5)
    d = g.pending()
    assert d.kind == "take-one" and "Player 2" in d.prompt and d.values == ("fries", "pie")
    refused(g, "bigmac", "MCD-3.5")
    g.apply("pie")
    assert "Player 3" in g.pending().prompt
    g.apply("bigmac")
    assert g.pending().values == ("cookies",)
    ev = g.apply("cookies")
    assert g.racks[0] == counts(bigmac=1, pie=1, cookies=1)
    assert g.racks[1] == counts(fries=2) and g.racks[3] == counts()
    assert cites(ev, "MCD-3.5") and g.current == 2


def test_mcd_3_6_lets_go_to_mcdonalds_reads_the_top_menu(tmp_path):
    g = arrange(options={"menus": menus_file(tmp_path)}, menu_top="T2")
    ev = land(g, 3)
    assert cites(ev, "MCD-3.6", "menu") and any(e.data.get("menu") == "T2" for e in ev if e.kind == "menu")


# --- MCD-4 Reading a menu ------------------------------------------------------------------------------
def test_mcd_4_1_marbles_ready_before_reading(tmp_path):
    g = arrange(options={"menus": menus_file(tmp_path)}, menu_top="T2")
    ev = land(g, 3)
    kinds = [e.kind for e in ev]
    assert kinds.index("menu") < kinds.index("read") and cites(ev, "MCD-4.1", "menu")


def test_mcd_4_2_only_red_items_are_ordered(tmp_path):
    g = arrange(options={"menus": menus_file(tmp_path)})
    t1 = next(m for m in g.menus if m.id == "T1")
    assert [d.item for d in t1.decoys()] == ["fries"]
    assert t1.red() == tuple(counts(bigmac=2, shake=1))
    assert t1.order[FOODS.index("fries")] == 0


def test_mcd_4_3_changes_at_the_bottom_step_by_step(tmp_path):
    g = arrange(options={"menus": menus_file(tmp_path)}, menu_top="T1")
    t1 = g.menus[g.menu_pile[-1]]
    steps = t1.steps()
    assert [s for s, _ in steps] == ["red items", "add 1 Hot Apple Pie", "remove 1 Big Mac",
                                     "replace Chocolate Shake with Cookies"]
    assert steps[1][1] == tuple(counts(bigmac=2, shake=1, pie=1))
    assert steps[2][1] == tuple(counts(bigmac=1, shake=1, pie=1))
    assert steps[-1][1] == t1.order == tuple(counts(bigmac=1, pie=1, cookies=1))
    ev = land(g, 3)
    read = next(e for e in ev if e.kind == "read")
    assert "replace Chocolate Shake with Cookies" in read.text and cites([read], "MCD-4.3")


def test_mcd_4_4_please_is_said_before_the_race(tmp_path):
    g = arrange(options={"menus": menus_file(tmp_path), **SURE}, menu_top="T2")
    ev = land(g, 3)
    kinds = [e.kind for e in ev]
    assert kinds.index("please") < kinds.index("chute") and cites(ev, "MCD-4.4", "please")


# --- MCD-5 Filling an order ------------------------------------------------------------------------------
def test_mcd_5_1_the_other_players_race_from_their_racks(tmp_path):
    g = arrange(players=4, options={"menus": menus_file(tmp_path), **SURE}, menu_top="T2")
    ev = land(g, 3)
    chute = next(e for e in ev if e.kind == "chute")
    assert sorted(int(s) for s in chute.data["times"]) == [2, 3, 4]          # not the reader
    assert cites(ev, "MCD-5.1", "chute")


def test_mcd_5_2_marbles_drop_only_after_please_and_pulls_are_final(tmp_path):
    g = by_hand(tmp_path, menu_top="T2")
    ev = land(g, 3)
    assert ev[-1].kind == "please" and g.pending().kind == "race-marble"
    assert cites([ev[-1]], "MCD-5.2")
    g.apply(3)
    g.apply("no-more")                  # only player 3 dropped
    d = g.pending()
    assert d.kind == "race-pull" and "Player 3" in d.prompt
    g.apply("short:hamburger")
    # one pull per dropped marble: after player 3's wrong pull nobody is left, so the menu is read again
    assert g.reading["count"] == 2 and g.pending().kind == "race-marble"


def test_mcd_5_3_bottom_marble_reads_first(tmp_path):
    g = by_hand(tmp_path, menu_top="T2")
    land(g, 3)
    g.apply(3)                          # player 3 at the bottom
    g.apply(2)                          # player 2 second
    assert g.pending().kind == "race-pull" and "Player 3" in g.pending().prompt
    ev = g.apply("short:fish")          # player 3 is wrong
    assert "Player 2" in g.pending().prompt
    ev += g.apply("right")
    assert g.scores() == [0, 3, 0]
    checks = [e for e in ev if e.kind == "check"]
    assert [e.player for e in checks] == [3, 2] and cites(checks, "MCD-5.3")
    assert g.last_race["marbles"] == [3, 2] and g.last_race["winner"] == 2


def test_mcd_5_3_model_fastest_marble_is_at_the_bottom(tmp_path):
    g = arrange(players=4, options={"menus": menus_file(tmp_path), "speed": [5, 6, 2, 4], **SURE}, menu_top="T2")
    land(g, 3)
    assert g.last_race["marbles"] == [3, 4, 2] and g.scores() == [0, 0, 3, 0]


def test_mcd_5_3_model_a_wrong_bottom_marble_passes_to_the_next(tmp_path):
    g = arrange(players=3, options={"menus": menus_file(tmp_path), "speed": [5, 6, 2], "spread": 0.0,
                                    "errors": [0.0, 0.0, 1.0], "max_readings": 5}, menu_top="T2")
    ev = land(g, 3)
    checks = [e for e in ev if e.kind == "check"]
    assert [(e.player, e.data["right"]) for e in checks] == [(3, False), (2, True)]
    assert g.scores() == [0, 3, 0]


def test_mcd_5_4_nobody_right_the_menu_is_read_again(tmp_path):
    g = by_hand(tmp_path, menu_top="T2")
    land(g, 3)
    g.apply(2)
    g.apply(3)
    g.apply("extra:hamburger")
    ev = g.apply("short:fish")
    assert cites(ev, "MCD-5.4", "no-winner") and g.reading["count"] == 2
    assert g.racks[1] == FULL and g.racks[2] == FULL          # cards back in the racks
    assert cites(ev, "MCD-5.4", "read")
    g.apply("no-more")                                        # nobody drops: read a third time
    assert g.reading["count"] == 3


def test_mcd_5_5_not_enough_cards_ends_the_turn_without_points(tmp_path):
    g = arrange(options={"menus": menus_file(tmp_path)}, menu_top="T2",
                racks={2: counts(hamburger=1, fish=3), 3: counts(hamburger=3)})
    ev = land(g, 3)
    assert cites(ev, "MCD-5.5", "unfillable") and cites(ev, "MCD-I8")
    assert g.scores() == [0, 0, 0] and g.current == 2 and g.reading is None
    assert g.stats["unfillable"] == 1


# --- MCD-6 Scoring an order ------------------------------------------------------------------------------
def test_mcd_6_1_one_point_per_card_on_the_order(tmp_path):
    g = arrange(options={"menus": menus_file(tmp_path), "speed": [1, 1, 2], **SURE}, menu_top="T1")
    ev = land(g, 3)
    assert g.scores() == [0, 3, 0] and cites(ev, "MCD-6.1", "score")


def test_mcd_6_2_the_fillers_cards_go_to_the_reader(tmp_path):
    g = arrange(options={"menus": menus_file(tmp_path), "speed": [1, 1, 2], **SURE}, menu_top="T2",
                racks={1: counts(hamburger=1)})
    ev = land(g, 3)
    assert g.racks[1] == counts(bigmac=3, cheeseburger=3, hamburger=1, fries=3, shake=3, fish=2, pie=3, cookies=3)
    assert g.racks[2] == FULL                                   # the loser put the cards back
    assert g.racks[0] == counts(hamburger=3, fish=1)
    assert cites(ev, "MCD-6.2", "give") and total_cards(g) == 120


def test_mcd_6_3_menu_goes_to_the_bottom(tmp_path):
    g = arrange(options={"menus": menus_file(tmp_path), **SURE}, menu_top="T2")
    land(g, 3)
    assert g.menus[g.menu_pile[0]].id == "T2" and len(g.menu_pile) == 2 and g.reading is None
    assert cites(g.events, "MCD-6.3", "menu-back")


# --- MCD-7 Refilling racks and extras --------------------------------------------------------------------
def test_mcd_7_1_and_7_2_refill_to_3_the_rest_face_down(tmp_path):
    g = arrange(racks={1: counts(pie=2)}, pile=["cookies"] * 5 + ["pie", "pie", "pie"])
    ev = land(g, 7)                                            # a gift certificate: 3 cards
    assert g.racks[0] == counts(pie=3) and g.extras[0] == counts(pie=2)
    assert cites(ev, "MCD-7.1") and cites(ev, "MCD-7.2")
    assert g.view(2)["extras"][0] == 2 and g.view(1)["extras"][0] == counts(pie=2)   # face down


def test_mcd_7_3_extras_return_before_the_roll_to_the_bottom():
    g = arrange(current=1, racks={1: counts(fries=3, pie=3)}, extras={1: counts(fries=1, pie=2)}, pile=["bigmac"] * 3)
    ev = land(g, 1)                                            # returns, then rolls onto a 1-card space
    kinds = [e.kind for e in ev]
    assert kinds.index("extras") < kinds.index("roll") and cites(ev, "MCD-7.3", "extras")
    assert [FOODS[i] for i in g.pile[:3]] == ["fries", "pie", "pie"] and g.extras[0] == counts()


def test_mcd_7_4_extras_score_only_with_a_full_slot():
    g = arrange(racks={1: counts(fries=3, pie=2)}, extras={1: counts(fries=2, pie=1)}, dice=[1, 1])
    d = g.pending()
    assert d.kind == "extras" and "(2 points)" in d.options[0].label
    g.apply("return")
    assert g.scores()[0] == 2 and cites(g.events, "MCD-7.4", "extras")


def test_mcd_7_3_the_choice_to_return_extras_agrees_in_number():
    """One extra card is "the extra card" (not "the 1 extra card"), more are counted, in the choice's label as in
    the events' sentences."""
    one = arrange(racks={1: counts(fries=3)}, extras={1: counts(fries=1)}, dice=[1, 1]).pending()
    two = arrange(racks={1: counts(fries=3)}, extras={1: counts(fries=1, pie=1)}, dice=[1, 1]).pending()
    assert one.options[0].label == "return the extra card first (1 point), then roll"
    assert two.options[0].label == "return the 2 extra cards first (1 point), then roll"


def test_mcd_7_5_forgetting_returns_extras_without_points():
    g = arrange(racks={1: counts(fries=3)}, extras={1: counts(fries=2)}, dice=[1, 1])
    ev = g.apply("roll")
    assert g.scores()[0] == 0 and g.extras[0] == counts() and g.pile[:2] == [3, 3]
    assert cites(ev, "MCD-7.5", "forget") and g.stats["forgotten"] == 1
    assert "so the 2 extra cards go face down" in next(e for e in ev if e.kind == "forget").text


def test_mcd_7_5_the_forgotten_extras_sentence_agrees_in_number():
    g = arrange(racks={1: counts(fries=3)}, extras={1: counts(fries=1)}, dice=[1, 1])
    ev = next(e for e in g.apply("roll") if e.kind == "forget")
    assert "so the extra card goes face down" in ev.text and "1 extra card" not in ev.text
    assert "so the extra card (1 French Fries) goes face down" in ev.private_text


def test_mcd_7_6_extras_received_after_the_roll_wait_for_the_next_turn():
    g = arrange(players=2, racks={1: FULL}, pile=["pie", "pie", "pie"])
    land(g, 7)
    assert g.extras[0] == counts(pie=3) and g.scores() == [0, 0]
    assert g.current == 2
    land(g, 1)
    d = g.pending()
    assert d.player == 1 and d.kind == "extras"
    g.streams.load("dice", [1, 1])
    ev = g.apply("return")
    assert g.scores()[0] == 3 and cites(ev, "MCD-7.6")


def test_mcd_7_7_characters_may_share_a_space():
    g = arrange(players=2, pos=[0, 1], dice=[])
    land(g, 1)
    assert g.pos == [1, 1] and cites(g.events, "MCD-7.7", "roll")


# --- Interpretations ------------------------------------------------------------------------------------
def test_mcd_i1_the_board_is_a_loop_of_32_with_menu_corners():
    b = load_board()
    kinds = [s.kind for s in b.track]
    assert len(kinds) == 32 and b.corners == (0, 8, 16, 24)
    assert {k: kinds.count(k) for k in SPACE_KINDS} == {"break": 4, "bonus": 4, "gift": 4, "help": 4, "take": 4,
                                                        "menu": 12}
    assert all(kinds[c] == "menu" for c in b.corners)


def test_mcd_i2_card_spaces_numbers():
    b = load_board()
    got = {k: sorted({s.cards for s in b.track if s.kind == k}) for k in ("break", "bonus", "gift")}
    assert got == {"break": [1, 2], "bonus": [1, 2], "gift": [2, 3]}


def test_mcd_i3_two_to_four_players():
    for bad in (1, 5):
        with pytest.raises(ValueError):
            McDonaldsGame(players=bad)
    assert McDonaldsGame(players=2).pos == [0, 8]


def test_mcd_i4_two_dice_moves_of_2_to_12():
    g = arrange(current=1, pos=[0, 8, 16], dice=[6, 6])
    g.apply("roll")
    assert g.pos[0] == 12 and cites(g.events, "MCD-I4", "roll")


def test_mcd_i5_the_menu_deck_is_shuffled_and_every_order_fits_a_rack():
    g, h = McDonaldsGame(seed=1), McDonaldsGame(seed=2)
    assert sorted(g.menu_pile) == sorted(h.menu_pile) and g.menu_pile != h.menu_pile
    assert all(max(m.order) <= 3 and m.size >= 1 for m in g.menus)
    assert any(m.decoys() for m in g.menus) and {c.change for m in g.menus for c in m.changes} == {
        "add", "remove", "replace"}


def test_mcd_i6_racks_open_extras_pile_and_menus_face_down():
    g = arrange(extras={2: counts(pie=1)})
    v = g.view(1)
    assert v["racks"] == g.racks and v["extras"][1] == 1 and v["pile"] == len(g.pile)
    assert isinstance(v["menu_pile"], int)
    assert g.view(2)["extras"][1] == counts(pie=1)


def test_mcd_i7_a_player_without_the_cards_drops_no_marble(tmp_path):
    g = arrange(options={"menus": menus_file(tmp_path), **SURE}, menu_top="T2", racks={2: counts(hamburger=1, fish=3)})
    ev = land(g, 3)
    assert g.last_race["marbles"] == [3] and g.scores() == [0, 0, 3] and cites(ev, "MCD-I7", "chute")


def test_mcd_i8_one_rack_must_hold_the_order_even_if_two_together_would(tmp_path):
    g = arrange(options={"menus": menus_file(tmp_path)}, menu_top="T2",
                racks={2: counts(hamburger=2), 3: counts(fish=1)})
    ev = land(g, 3)
    assert cites(ev, "MCD-I8", "unfillable")


def test_mcd_5_4_a_menu_is_read_until_someone_fills_it(tmp_path):
    """MCD-5.4, MCD-I9: by default no bound; players who err 95% of the time still fill the menu in the end."""
    longest = 0
    for seed in range(20):
        g = arrange(seed=seed, options={"menus": menus_file(tmp_path), "errors": 0.95}, menu_top="T2")
        ev = land(g, 3)
        readings = sum(e.kind == "read" for e in ev)
        longest = max(longest, readings)
        assert not any(e.kind == "give-up" for e in ev) and g.stats["given_up"] == 0
        assert cites(ev, "MCD-6.1", "score") and sum(g.scores()) == 3 and g.reading is None
    assert longest > 5          # more readings than the old limit of 5


def test_mcd_i9_max_readings_is_a_named_option_off_by_default(tmp_path):
    g = arrange(options={"menus": menus_file(tmp_path), "errors": 1.0, "max_readings": 5}, menu_top="T2")
    ev = land(g, 3)
    assert sum(e.kind == "read" for e in ev) == g.max_readings == 5
    assert cites(ev, "MCD-I9", "give-up") and g.scores() == [0, 0, 0] and g.current == 2
    assert g.racks[1] == FULL and g.racks[2] == FULL
    assert McDonaldsGame(players=3).max_readings is None
    for bad in (0, -1, 2.5, True, "5"):
        with pytest.raises(ValueError, match="max_readings"):
            McDonaldsGame(players=3, options={"max_readings": bad})
    # a player who always errs could keep a menu going for ever: refused without the bound (MCD-5.4)
    with pytest.raises(ValueError, match="max_readings"):
        McDonaldsGame(players=3, options={"errors": [0.1, 1.0, 0.1]})
    McDonaldsGame(players=3, options={"errors": 1.0, "race": "by_hand"})     # the class decides by hand


def test_mcd_i10_race_options_are_checked_and_seeded():
    for bad in ({"errors": 2}, {"speed": [1, 2]}, {"spread": "wide"}, {"race": "fast"}, {"colour": 1}):
        with pytest.raises(ValueError):
            McDonaldsGame(players=3, options=bad)
    a, b = McDonaldsGame(seed=9), McDonaldsGame(seed=9)
    play(a, [RandomAgent()] * 4)
    play(b, [RandomAgent()] * 4)
    assert a.fingerprint() == b.fingerprint()


def test_mcd_i10_wrong_pulls_are_short_extra_or_a_decoy(tmp_path):
    g = arrange(options={"menus": menus_file(tmp_path), "race": "by_hand"}, menu_top="T1")
    land(g, 3)
    g.apply(2)
    g.apply("no-more")
    vals = g.pending().values
    assert vals[0] == "right"
    assert {"short:bigmac", "extra:pie", "swap:bigmac:fries", "swap:cookies:shake"} <= set(vals)


def test_mcd_i11_by_hand_refuses_a_player_who_cannot_race(tmp_path):
    g = by_hand(tmp_path, menu_top="T2", racks={3: counts()})
    land(g, 3)
    d = g.pending()
    assert d.player == 1 and d.values == (2, "no-more")
    refused(g, 3, "MCD-I11")


def test_mcd_i12_a_trade_partner_refills_too_and_keeps_extras():
    g = arrange(racks={1: counts(pie=2), 2: counts(pie=3, fries=2)}, pile=[])
    land(g, 2)
    g.apply(2)
    g.apply("pie+pie")
    g.apply("fries+fries")
    assert g.racks[1] == counts(pie=3) and g.extras[1] == counts(pie=2)
    assert cites(g.events, "MCD-I12", "trade")


def test_mcd_i13_extras_from_another_players_turn_are_returned_too():
    g = arrange(racks={1: counts(pie=2), 2: counts(pie=3, fries=2)}, pile=[], dice=[])
    land(g, 2)
    g.apply(2)
    g.apply("pie+pie")
    g.apply("fries+fries")
    assert g.current == 2 and g.pending().kind == "extras"
    g.streams.load("dice", [1, 1])
    ev = g.apply("return")
    assert g.scores()[1] == 2 and cites(ev, "MCD-I13")


def test_mcd_i14_a_short_pile_gives_what_it_has():
    g = arrange(racks={1: counts()}, pile=["fish"])
    ev = land(g, 7)
    assert g.racks[0] == counts(fish=1) and g.pile == [] and cites(ev, "MCD-I14")
    g2 = arrange(players=2, racks={1: counts()}, pile=[])
    ev = land(g2, 7)
    assert g2.racks[0] == counts() and cites(ev, "MCD-I14")


def test_mcd_i15_no_trade_when_racks_are_too_small():
    g = arrange(racks={1: counts(pie=1)}, pile=[])
    ev = land(g, 2)
    assert cites(ev, "MCD-I15") and g.current == 2
    g = arrange(racks={2: counts(pie=1), 3: counts()}, pile=[])
    ev = land(g, 2)
    assert g.current == 2 and cites(ev, "MCD-I15")      # nobody else holds 2 cards: no trade, the turn passes


def test_mcd_i16_take_skips_empty_racks():
    g = arrange(players=3, racks={2: counts()}, pile=[])
    land(g, 5)
    assert "Player 3" in g.pending().prompt
    g = arrange(players=3, racks={2: counts(), 3: counts()}, pile=[])
    ev = land(g, 5)
    assert cites(ev, "MCD-I16") and g.current == 2


def test_mcd_i17_the_filler_can_win_in_the_readers_turn(tmp_path):
    g = arrange(options={"menus": menus_file(tmp_path), "speed": [1, 1, 2], **SURE}, menu_top="T2",
                points=[0, 23, 0])
    ev = land(g, 3)
    assert g.is_over() and g.winner() == 2 and cites(ev, "MCD-I17", "win")
    assert g.menus[g.menu_pile[0]].id == "T2"       # the step under way finished


def test_mcd_i18_turn_limit_stops_the_game():
    g = arrange(players=2, points=[3, 5], pile=[])
    g.turn = MAX_TURNS - 1
    land(g, 1)
    assert g.is_over() and g.winner() == 2 and g.stats["hit_turn_limit"]
    assert cites(g.events, "MCD-I18")


def test_mcd_i19_an_unfilled_menu_goes_to_the_bottom(tmp_path):
    g = arrange(options={"menus": menus_file(tmp_path), "errors": 1.0, "max_readings": 5}, menu_top="T2")
    land(g, 3)
    assert g.menus[g.menu_pile[0]].id == "T2" and cites(g.events, "MCD-I19")


# --- agents ---------------------------------------------------------------------------------------------
def test_heuristic_forgets_with_its_chance():
    g = arrange(extras={1: counts(pie=1)})
    d = g.pending()
    import random
    assert McDonaldsHeuristic().choose(g, d, random.Random(1)) == "return"
    assert McDonaldsHeuristic(forget=1.0).choose(g, d, random.Random(1)) == "roll"


def test_mcd_i10_equal_times_go_clockwise_from_the_reader(tmp_path):
    g = arrange(players=4, current=3, options={"menus": menus_file(tmp_path), **SURE}, menu_top="T2")
    land(g, 3)
    assert g.last_race["marbles"] == [4, 1, 2] and g.scores() == [0, 0, 0, 3]


def test_mcd_i20_extras_drawn_or_forgotten_are_their_owners_alone():
    """MCD-7.2, MCD-7.4, MCD-7.5, MCD-I20: cards from the pile that become extras are told only to their receiver
    (the others read how many); extras returned for points are shown; forgotten extras stay unseen."""
    from toolkit.core import make_agents
    seen = set()
    for seed in range(30):
        g = McDonaldsGame(players=3, seed=seed)
        play(g, make_agents("mcdonalds", 3, "forgetful"))
        for e in g.events:
            if e.kind in ("cards", "forget") and e.hidden:
                assert e.seen_by == (e.player,) and "MCD-I20" in e.clauses and not set(e.secret) & set(e.data)
                other = e.player % 3 + 1
                assert e.for_viewer(other).text == e.text and e.for_viewer(e.player).text == e.private_text
                seen.add(e.kind)
            elif e.kind == "extras":
                assert not e.hidden and "extras" in e.data and "MCD-I20" in e.clauses
                seen.add(e.kind)
            elif e.kind == "cards":
                assert "face down" not in e.text           # all drawn cards went into the open rack
    assert seen == {"cards", "forget", "extras"}
