"""The planner agent (planner.py, HB-I18): legal, deterministic for a seed, blind to what its player may not see
(HB-I11, HB-I16), and the three things it does differently from the keen agent (HB-4.6, HB-I5)."""
import random

import pytest

from toolkit.core.loop import play_on
from toolkit.games.hamburgerspelet.keen import KeenAgent
from toolkit.games.hamburgerspelet.planner import PlannerAgent
from toolkit.games.hamburgerspelet.rules import NOT_SEEN, HamburgerGame
from toolkit.games.hamburgerspelet.search import PlannerSearchAgent, ValueSearchAgent
from toolkit.games.hamburgerspelet.value import value

from .test_keen import _play, same_answers_when_hidden_facts_change
from .test_keen import _positions as keen_positions
from .hb_helpers import give, ing, put, roll, square_of


def test_planner_plays_whole_games_legally_with_every_seat_count():
    """HB-7.1: games of the planner against the heuristic end with a full card, every answer legal."""
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 2)):
        g = _play(seed, ["planner"] + ["heuristic"] * (players - 1), players)
        assert g.is_over() and g.scores()[g.winner() - 1] == g.n_ingredients


def test_planner_is_deterministic_for_a_seed():
    a, b = _play(5, ["planner", "heuristic"]), _play(5, ["planner", "heuristic"])
    assert a.choices == b.choices and a.fingerprint() == b.fingerprint()
    assert _play(6, ["planner", "heuristic"]).choices != a.choices


def _positions(seed, every=4):
    return keen_positions(seed, every, kind="planner")


@pytest.mark.parametrize("agent", [PlannerAgent(), PlannerSearchAgent(playouts=8), ValueSearchAgent(worlds=8)],
                         ids=["planner", "planner-search", "search"])
def test_choices_do_not_change_when_only_hidden_facts_change(agent):
    """HB-I11, HB-I16: with tiles nobody has seen swapped, or a whole believed state drawn for the seat (the
    other player's memory of what the tiles are redrawn, which spots it saw kept), the same seed gives the same
    answer, at every kind of decision met."""
    kinds = same_answers_when_hidden_facts_change(agent, _positions(7)[::2] + _positions(8)[::2])
    assert len(kinds) >= 20 and {"move", "take"} <= set(kinds)


def _move_position():
    """Seat 1 to move with a 2 and a 5: chef 1 reaches an ingredient square it needs with the 2, chef 2 a
    hamburger square with the 5; nothing remembered, so either landing is a blind take."""
    g = HamburgerGame(players=2, seed=4, log=False)
    n = len(g.board.loop)
    burger, spot = square_of(g, "hamburger"), square_of(g, "ingredient", "cheese")
    g.chefs[0] = [(spot - 2) % n, (burger - 5) % n]
    roll(g, 2, 5)
    return g, ing(g, "cheese")


def test_planner_looks_first_where_a_miss_still_helps():
    """HB-4.6, HB-I3: the second chef moves after the first chef's square is dealt with. A blind take on the
    ingredient square first, if it misses, shows a tile that the hamburger square then takes for sure when the
    card may take it (HB-5.3); the other order wastes that look. The keen agent values both orders alike."""
    g, _ = _move_position()
    d = g.pending()
    assert {"1-2", "2-5"} <= set(d.values)
    agent = PlannerAgent(ahead=0.0)
    assert agent._move(g, 1, ("2-5", "1-2"), random.Random(1)) == "1-2"
    assert agent._move(g, 1, ("1-2", "2-5"), random.Random(1)) == "1-2"
    keen = KeenAgent(ahead=0.0)
    picks = {keen._move(g, 1, ("2-5", "1-2"), random.Random(r)) for r in range(20)}
    assert picks == {"1-2", "2-5"}          # a tie broken at random: the order is not valued


def test_planner_values_a_sure_second_landing_after_a_first_look():
    """The value of a roll in order: ingredient square first (chance p of keeping it, else a tile seen that the
    hamburger square may take) is worth more than the two squares' chances added."""
    g, i = _move_position()
    agent = PlannerAgent()
    mem = g.known[0]
    ctx = agent._context(g, 1, mem)
    outcomes = agent._first_landing(g, 1, g.board.loop[(g.chefs[0][0] + 2) % len(g.board.loop)], ctx, mem)
    assert abs(sum(p for p, *_ in outcomes) - 1.0) < 1e-9
    kept = sum(p for p, gain, *_ in outcomes if gain)
    assert abs(kept - ctx[2][i]) < 1e-9
    burger = g.board.loop[(g.chefs[0][1] + 5) % len(g.board.loop)]
    value = sum(p * (gain + agent._worth(g, 1, burger, (w, f, ctx[2]))) for p, gain, w, f in outcomes)
    assert value > 3 * (kept + agent._worth(g, 1, burger, ctx))


def test_blind_take_prefers_spots_nobody_else_has_seen_when_the_other_could_keep_the_hope():
    """HB-I5, HB-I16 (which spots a player saw is public): a player who remembers a tile its card may take
    takes it at its next chance, so a spot it has seen and left lying seldom holds one. Hoping for a cheese the
    other player lacks, the planner takes from a spot that player has not seen; if the other player's card
    already holds cheese, its seen spots are where the rest (tiles it may not take: cheese among them) lie."""
    g = HamburgerGame(players=2, seed=6, log=False)
    cheese = ing(g, "cheese")
    seen = g.face_down()[:12]
    for s in seen:
        g.known[1][s] = g.spots[s]           # seat 2 has looked at these spots (their tiles are not read)
    g.stage = ("take", cheese, "square")
    g._decision = g._next_decision()
    d = g.pending()
    agent = PlannerAgent()
    picks = {agent.choose(g, d, random.Random(r)) for r in range(10)}
    assert picks and not picks & set(seen)
    give(g, 2, ["cheese"], avoid=seen)
    g.stage = ("take", cheese, "square")
    g._decision = g._next_decision()
    d = g.pending()
    picks = {agent.choose(g, d, random.Random(r)) for r in range(10)}
    assert picks <= set(seen)


def test_planner_takes_first_a_remembered_tile_the_other_player_could_keep():
    """Of two wanted tiles it remembers, the planner takes at its kitchen the one the other player has seen and
    could keep (that player would take it at its next chance); the heuristic takes the first spot."""
    g = HamburgerGame(players=2, seed=9, log=False)
    a, b = g.face_down()[0], g.face_down()[5]
    put(g, a, "onion")
    put(g, b, "tomato")
    g.known[0][a], g.known[0][b] = ing(g, "onion"), ing(g, "tomato")
    g.known[1][b] = ing(g, "tomato")        # seat 2 saw the tomato and lacks it
    g.stage = ("take", -1, "kitchen")
    g._decision = g._next_decision()
    d = g.pending()
    assert PlannerAgent().choose(g, d, random.Random(1)) == b
    assert KeenAgent().choose(g, d, random.Random(1)) == a
    g.known[1][b] = NOT_SEEN
    assert PlannerAgent().choose(g, d, random.Random(1)) == a


def test_hb_i20_the_value_rises_with_an_ingredient_on_the_card_and_falls_with_the_others():
    """HB-I20: the fitted win chance is a chance, higher with one more ingredient on the player's own card,
    lower with one more on the other's, and a wanted tile remembered is worth less than the tile on the card."""
    g = _positions(7)[3]                          # a seeded position in the middle of a game
    seat = g.pending().player
    other = 3 - seat
    key = next(x.key for i, x in enumerate(g.board.ingredients) if i != g.bun and not g.cards[0][i]
               and not g.cards[1][i] and i not in g.known[seat - 1])
    base = value(g, seat)
    assert 0.0 < base < 1.0
    mine, theirs, seen = g.clone(), g.clone(), g.clone()
    give(mine, seat, [key])
    give(theirs, other, [key])
    spot = next(s for s, t in enumerate(seen.spots) if t == ing(seen, key))
    seen.known[seat - 1][spot] = ing(seen, key)
    for h in (mine, theirs, seen):
        h.refresh()
    assert value(theirs, seat) < base < value(seen, seat) < value(mine, seat)


@pytest.mark.parametrize("depth", [1, 2])
def test_hb_i20_search_plays_each_option_to_the_turns_end_as_play_on_step_by_step(depth):
    """HB-I20: the value search plays each way of moving on to the end of ``depth`` turns (the planner in its seat,
    the heuristic in the other) through ``play_on``: the same game as ``play_on`` one decision at a time until the
    turns have ended, stopped where the turn passed on (or the game ended), valued from the side of who moved last."""
    agent = ValueSearchAgent(worlds=2, depth=depth)
    moves = [g for g in _positions(9, every=2) if g.pending().kind == "move"][:5]
    assert len(moves) == 5
    for g in moves:
        d = g.pending()
        seat, end = d.player, g.turn + depth
        agents = [agent.own if s == seat else agent.other for s in (1, 2)]
        for v in d.values:
            x, y = g.clone(), g.clone()
            x.apply(v)
            y.apply(v)
            got = agent._to_turn_end(x, seat, agents, end, random.Random(3))
            r = random.Random(3)
            while y.turn < end and y.pending() is not None:
                play_on(y, agents, [r, r], 1)
            assert x.choices == y.choices and x.fingerprint() == y.fingerprint()
            if y.over:
                assert got == (1.0 if y.winner() == seat else 0.0)
                continue
            mover = seat if depth == 1 else 3 - seat           # whose turn ended last
            assert y.turn == end and y.current == 3 - mover
            p = value(y, mover, None, mover == seat)
            assert got == (p if mover == seat else 1.0 - p)
