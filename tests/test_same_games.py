"""Same games: the play loop's fast path for simulations (a trusted agent's answers applied without a second
check, single options answered for it, no events and no score timeline) plays exactly the games of the checked
path (every decision asked of the agent and checked by ``apply``, events on): the same decisions, records and
fingerprints, for many seeds of every game and every built-in agent kind."""
import pytest

from toolkit.core.loop import agent_answer, agent_step
from toolkit.core import make_agents, play
from toolkit.core.agents import Agent, RandomAgent
from toolkit.core.decisions import Decision, Option
from toolkit.core.game import Game
from toolkit.core.errors import IllegalChoice
from toolkit.core.loop import play_on
from toolkit.core.records import make_record
from toolkit.core.registry import game_class, game_names, new_game
from toolkit.core.seating import agent_kinds

SEEDS = {"disneyland": 60, "mcdonalds": 60, "hamburgerspelet": 40, "fcm": 4}


def checked_play(game, agents):
    """The checked path: every decision goes to its agent, every answer through ``apply``."""
    while (d := game.pending()) is not None:
        agent_step(game, agents, d)


# the search agent plays hundreds of playouts a decision: its own tests check it (tests/test_search.py)
CASES = [(name, kind) for name in game_names() for kind in agent_kinds(game_class(name))
         if kind not in ("person", "search")]
# agents that may answer outside the listed options (FCM's strategic agents propose their own structures,
# FCM-I46) are not trusted: the play loop checks them, and one seed shows that path plays the same games too
UNTRUSTED = {("fcm", kind) for kind in ("heuristic", "random", "burgers-billboards", "pizza-radio", "price-war",
                                        "many-restaurants", "gardens-luxury")}


@pytest.mark.slow
@pytest.mark.parametrize("name,kind", CASES)
def test_fast_path_plays_the_checked_games(name, kind):
    cls = game_class(name)
    trusted = all(a.trusted for a in make_agents(name, cls.min_players, kind))
    assert trusted == ((name, kind) not in UNTRUSTED), "the fast path would not be used"
    span = cls.max_players - cls.min_players + 1
    for seed in range(SEEDS[name] if trusted else 1):
        players = cls.min_players + seed % span
        fast = new_game(name, players, seed, log=False)
        assert play(fast, make_agents(name, players, kind)) is None
        slow = new_game(name, players, seed)
        checked_play(slow, make_agents(name, players, kind))
        assert fast.choices == slow.choices, (name, kind, seed)
        assert fast.fingerprint() == slow.fingerprint(), (name, kind, seed)
        assert (fast.scores(), fast.winner(), fast.turn) == (slow.scores(), slow.winner(), slow.turn)
        assert fast.timeline == [] and len(slow.timeline) == slow.turn        # the timeline only when asked
        if seed < 2:
            assert make_record(fast) == make_record(slow)


class Bogus(Agent):
    """An agent written in a notebook (not trusted) that answers something illegal."""

    def choose(self, game, decision, rng):
        return "no such option"


@pytest.mark.parametrize("name", game_names())
def test_untrusted_answers_are_still_checked(name):
    g = new_game(name, 2, 1, log=False)
    with pytest.raises(IllegalChoice):
        play(g, [Bogus(), Bogus()])
    assert g.choices == []


@pytest.mark.parametrize("name", game_names())
def test_a_rule_step_says_the_very_decision_pending_gives(name):
    """A rule step may return the decision asked next (``Game.steps``), and the fast loops then skip
    ``pending()``: it must be the very decision ``pending()`` gives."""
    cls = game_class(name)
    told = 0
    for seed in range(max(1, SEEDS[name] // 4)):
        players = cls.min_players + seed % (cls.max_players - cls.min_players + 1)
        g, agents = new_game(name, players, seed, log=False), make_agents(name, players, "random")
        steps = g.rule_steps()
        while (d := g.pending()) is not None:
            value = agent_answer(g, agents, d)
            g.check(d, value)
            g.choices.append(value)
            said = steps[d.kind](g, d, value)
            if said is not None:       # the same object, or one made afresh with the same contents
                d = g.pending()
                assert said is d or [getattr(said, a) for a in d.__slots__] == [getattr(d, a) for a in d.__slots__], (
                    name, seed, len(g.choices))
                told += 1
    assert told > 0 or cls.steps is None      # a game with steps says the next decision at least at a turn's end


def test_a_game_that_overrides_apply_plays_it_on_the_fast_path_too():
    """A subclass (a rule changed in a notebook) that overrides ``_apply`` of a game with ``steps`` has its own
    ``_apply`` called by the fast loop as by ``apply``: the two paths play the same games."""
    from toolkit.games.disneyland.rules import DisneylandGame
    calls = []

    class Counted(DisneylandGame):
        def _apply(self, decision, value):
            calls.append(decision.kind)
            return super()._apply(decision, value)

    g = Counted(3, 5, log=False)
    assert play(g, make_agents("disneyland", 3, "random")) is None
    assert len(calls) == len(g.choices) > 0
    assert Counted.rule_steps()["roll"] is not DisneylandGame.steps["roll"]
    assert DisneylandGame.rule_steps() is DisneylandGame.steps         # the game itself keeps its fast steps


@pytest.mark.parametrize("name", game_names())
def test_play_on_stops_at_its_limit_counts_its_decisions_and_goes_on_the_same(name):
    """``play_on`` is the loop of ``play`` and of the search's playouts (which cut at a limit and count what they
    played): a game stopped at a limit and played on is the game played through, and the counts add up."""
    cls = game_class(name)
    agents = make_agents(name, cls.min_players, "random")
    whole = new_game(name, cls.min_players, 3, log=False)
    end, made = play_on(whole, agents)
    assert end is None and made == len(whole.choices) > 2
    part = new_game(name, cls.min_players, 3, log=False)
    d, first = play_on(part, agents, limit=made // 2)
    assert first == made // 2 == len(part.choices) and part.choices == whole.choices[:first]
    assert d.kind == part.pending().kind and d.values == part.pending().values
    assert play_on(part, agents, limit=0) == (d, 0)
    assert play_on(part, agents) == (None, made - first) and part.choices == whole.choices


@pytest.mark.parametrize("name", game_names())
def test_play_on_with_the_wrong_number_of_agents_is_refused_before_any_decision(name):
    """Every game opens with decisions of one option (Disneyland's roll) or soon meets one: a table short of a seat,
    or with one too many, is refused with the message ``play`` gives, before the loop answers any of them."""
    cls = game_class(name)
    for seats in (0, cls.min_players - 1, cls.min_players + 1):
        g = new_game(name, cls.min_players, 3, log=False)
        before = g.fingerprint()
        with pytest.raises(ValueError, match=rf"{seats} agents for {cls.min_players} players: give one kind"):
            play_on(g, make_agents(name, cls.min_players + 1, "random")[:seats])
        assert g.choices == [] and g.fingerprint() == before


@pytest.mark.parametrize("name", game_names())
def test_play_on_stopped_at_a_turns_end_is_the_game_played_step_by_step_to_it(name):
    """``until_turn`` (Hamburgerspelet's value search plays its options on to a turn's end, HB-I20): a game played
    on until ``game.turn`` reaches a turn is the game ``play_on`` plays one decision at a time until that turn has
    ended, stopped right after the decision that ended it; a turn already ended plays nothing, a limit cuts first."""
    cls = game_class(name)
    agents = make_agents(name, cls.min_players, "random")
    start = new_game(name, cls.min_players, 7, log=False)
    play_on(start, agents, limit=5)                          # somewhere inside a turn
    for turns in (1, 2, 3):
        end = start.turn + turns
        whole, stepped = start.clone(), start.clone()
        d, made = play_on(whole, agents, until_turn=end)
        n = 0
        while stepped.turn < end and stepped.pending() is not None:
            n += play_on(stepped, agents, limit=1)[1]
        assert made == n > 0 and whole.choices == stepped.choices and whole.fingerprint() == stepped.fingerprint()
        assert whole.turn == end or d is None
        assert d is None or (d.player, d.kind, d.values) == (stepped.pending().player, stepped.pending().kind,
                                                             stepped.pending().values)
    ended = len(whole.choices)
    assert play_on(whole, agents, until_turn=whole.turn)[1] == 0 == play_on(whole, agents, until_turn=0)[1]
    assert len(whole.choices) == ended
    cut = start.clone()
    assert play_on(cut, agents, limit=1, until_turn=start.turn + 3)[1] == 1
    assert cut.choices == whole.choices[:len(start.choices) + 1]


class _TwoTurnsAtOnce(Game):
    """A made-up game whose every decision ends two turns at once (none of the four games does that)."""
    name, title, min_players, max_players = "two-turns", "Two turns at once", 1, 1

    def pending(self):
        return None if self.turn >= 12 else Decision(1, "go", "Go on", [Option("go", "go")], ())

    def _apply(self, decision, value):
        self.turn += 2

    def scores(self):
        return [self.turn]

    def winner(self):
        return 1

    def to_dict(self):
        return {"turn": self.turn}


def test_play_on_does_not_step_over_the_turn_it_stops_at():
    """``until_turn`` stops once ``game.turn`` has reached that turn, even where one decision passed it by."""
    g = _TwoTurnsAtOnce(1, 0)
    d, made = play_on(g, [RandomAgent()], until_turn=5)
    assert (made, g.turn, d.kind) == (3, 6, "go")
    assert play_on(g, [RandomAgent()], until_turn=5)[1] == 0 and g.turn == 6


def test_play_on_refuses_a_turn_that_is_not_a_number():
    """``until_turn`` is compared with ``game.turn``: one that cannot be (a text from a form) is refused before any
    decision is made, not taken as a stop that never comes (the game played on to its end)."""
    g = new_game("disneyland", 2, 1, log=False)
    with pytest.raises(TypeError):
        play_on(g, make_agents("disneyland", 2, "random"), until_turn="3")
    assert g.choices == [] and g.fingerprint() == new_game("disneyland", 2, 1, log=False).fingerprint()


class _Asked(Agent):
    """A trusted agent that notes every decision it is asked."""
    trusted = True

    def __init__(self, inner):
        self.inner, self.asked = inner, []

    def choose(self, game, decision, rng):
        self.asked.append(len(game.choices))
        return self.inner.choose(game, decision, rng)


@pytest.mark.parametrize("name", ["mcdonalds", "hamburgerspelet"])
def test_play_with_a_step_limit_plays_through_play_on_too(name):
    """``play`` with ``max_steps`` is the same loop as without: a trusted agent is not asked the decisions with one
    option (its own loop once asked it every one and checked its answers), and the game is the same."""
    cls = game_class(name)
    whole = new_game(name, cls.min_players, 5, log=False)
    through = [_Asked(a) for a in make_agents(name, cls.min_players, "random")]
    play(whole, through)
    part = new_game(name, cls.min_players, 5, log=False)
    stepped = [_Asked(a) for a in make_agents(name, cls.min_players, "random")]
    while play(part, stepped, max_steps=7) is not None:
        pass
    assert part.choices == whole.choices
    assert [a.asked for a in stepped] == [a.asked for a in through]


class _Untrusted(_Asked):
    """The same agent, not trusted (as an agent written in a notebook is): asked every decision of its seat."""
    trusted = False


@pytest.mark.parametrize("name", game_names())
def test_a_table_with_one_untrusted_seat_plays_the_same_games(name):
    """With one seat untrusted the game is played by the checked loop (every answer through ``apply``): the same
    game as with every seat trusted; the untrusted seat is asked every decision of its seat, single options
    included, and a trusted seat only those where it has a choice, as in the trusted loop."""
    cls = game_class(name)
    for seed in range(2 if name == "fcm" else 6):
        players = cls.min_players
        trusted = [_Asked(a) for a in make_agents(name, players, "random")]
        whole = new_game(name, players, seed, log=False)
        assert play(whole, trusted) is None
        mixed = [_Untrusted(trusted[0].inner)] + [_Asked(a.inner) for a in trusted[1:]]
        checked = new_game(name, players, seed, log=False)
        assert play(checked, mixed) is None
        assert checked.choices == whole.choices, (name, seed)
        assert checked.fingerprint() == whole.fingerprint(), (name, seed)
        assert [a.asked for a in mixed[1:]] == [a.asked for a in trusted[1:]]
        assert mixed[0].asked == _decisions_of(1, name, players, seed, whole.choices), (name, seed)


def _decisions_of(seat, name, players, seed, choices):
    """The indices of the decisions of ``seat`` in the game of ``seed`` that ``choices`` played."""
    g, mine = new_game(name, players, seed, log=False), []
    for k, value in enumerate(choices):
        if g.pending().player == seat:
            mine.append(k)
        g.apply(value)
    return mine
