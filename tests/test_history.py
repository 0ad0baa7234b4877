"""The light history (events kept once, a copy every few steps, agents' draws counted) gives exactly the states
a history of full copies gives: same fingerprints, events, choices, timelines and generators, at every step,
after forks at random steps, stepping in any order."""
import random

import pytest

from toolkit.core.loop import agent_step
from toolkit.core.registry import game_agents
from toolkit.core import GameOver, History, IllegalChoice, RandomAgent, game_class, game_names, make_agents, new_game
from toolkit.core.agents import Agent, PersonAgent, WaitingForPerson
from toolkit.core.history import _words_drawn


class FullCopies:
    """The plain history the light one must equal: a full copy of the state per step."""

    def __init__(self, game):
        self.states = [game.clone()]

    def push_agent(self, agent):
        nxt = self.states[-1].clone()
        d = nxt.pending()
        nxt.apply(agent.choose(nxt, d, nxt.streams[f"agent-{d.player}"]))
        self.states.append(nxt)

    def fork(self, k):
        f = FullCopies.__new__(FullCopies)
        f.states = self.states[:k] + [self.states[k].clone()]
        return f


def same(a, b):
    """Equal states, generators included."""
    return (a.fingerprint() == b.fingerprint() and a.choices == b.choices and a.timeline == b.timeline
            and [e.to_dict() for e in a.events] == [e.to_dict() for e in b.events]
            and {n: r.getstate() for n, r in a.streams.items()}
            == {n: r.getstate() for n, r in b.streams.items()})


def both(name, players, seed, agents, steps, every):
    g = new_game(name, players=players, seed=seed)
    light, full = History(g, every=every), FullCopies(g)
    for _ in range(steps):
        if light.game.is_over():
            break
        d = light.game.pending()
        light.push_agent(agents[d.player - 1])
        full.push_agent(agents[d.player - 1])
    return light, full


def agent_sets(name, players):
    """Random agents, and the game's first own kind (heuristic, fading-memory, forgetful)."""
    kinds = sorted(game_agents(name))
    return [make_agents(name, players, "random")] + [make_agents(name, players, k) for k in kinds[:1]]


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_every_step_equals_a_full_copy_in_any_order(name):
    cls = game_class(name)
    for seed in range(2):
        players = [cls.min_players, cls.max_players][seed % 2]
        for agents in agent_sets(name, players):
            light, full = both(name, players, seed, agents, steps=120, every=7)
            assert len(light) == len(full.states)
            order = list(range(len(light)))
            random.Random(seed).shuffle(order)
            for k in order + list(range(len(light)))[::-1]:
                assert same(light[k], full.states[k]), (name, seed, k)
            for k in range(len(light)):
                before = 0 if k == 0 else len(full.states[k - 1].events)
                assert [e.to_dict() for e in light.events_at(k)] == \
                       [e.to_dict() for e in full.states[k].events_for(None, before)]
                for seat in range(1, players + 1):
                    assert [e.to_dict() for e in light.events_at(k, seat)] == \
                           [e.to_dict() for e in full.states[k].events_for(seat, before)]


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_forks_at_random_steps_replay_the_original(name):
    """A fork with the same agents goes exactly the way the original went; with other answers it equals a fork
    of full copies, and the original never changes."""
    cls = game_class(name)
    players = cls.min_players
    agents = make_agents(name, players, "random")
    light, full = both(name, players, 11, agents, steps=150, every=5)
    ends = [s.fingerprint() for s in full.states]
    pick = random.Random(3)
    for k in sorted(pick.sample(range(len(light)), 6)):
        f, ff = light.fork(k), full.fork(k)
        assert len(f) == k + 1 and same(f.game, full.states[k])
        while len(f) < len(light):
            f.push_agent(agents[f.game.pending().player - 1])
        assert [s.fingerprint() for s in f.states] == ends
        # another way: a different seat's agent kind answers
        f2 = light.fork(k)
        other = [RandomAgent()] * players
        for _ in range(20):
            if f2.game.is_over():
                break
            d = f2.game.pending()
            f2.push_agent(other[d.player - 1])
            ff.push_agent(other[d.player - 1])
        for j in range(len(f2)):
            assert same(f2[j], ff.states[j])
    assert [s.fingerprint() for s in light.states] == ends


def test_a_whole_game_and_pushed_answers():
    """A whole game with answers pushed by hand (no agent) and by agents, mixed."""
    g = new_game("disneyland", players=3, seed=8)
    light = History(g, every=4)
    full = [g.clone()]
    agents = make_agents("disneyland", 3, "heuristic")
    i = 0
    while not light.game.is_over():
        if i % 3:
            light.push_agent(agents[light.game.pending().player - 1])
            nxt = full[-1].clone()
            d = nxt.pending()
            agent_step(nxt, agents, d)
        else:
            v = light.game.legal()[-1]
            light.push(v)
            nxt = full[-1].clone()
            nxt.apply(v)
        full.append(nxt)
        i += 1
    assert light.game.is_over() and all(same(light[k], full[k]) for k in range(len(light)))
    assert light[-1] is light.game and len(light[2:5]) == 3
    with pytest.raises(GameOver):
        light.push_agent(agents[0])
    with pytest.raises(IndexError):
        light[len(light)]


def test_a_refused_or_waiting_answer_changes_nothing():
    g = new_game("disneyland", players=2, seed=2)
    h = History(g)

    class Bad(Agent):
        def choose(self, game, decision, rng):
            rng.random()                    # draws, then answers something illegal
            return "no such answer"

    class Draws(Agent):
        def choose(self, game, decision, rng):
            rng.random()
            raise WaitingForPerson(decision)

    before = h.game.clone()
    for agent in (Bad(), Draws(), PersonAgent()):
        with pytest.raises((IllegalChoice, WaitingForPerson)):
            h.push_agent(agent)
        assert len(h) == 1 and same(h.game, before)
    with pytest.raises(IllegalChoice):
        h.push("no such answer")
    assert len(h) == 1 and same(h.game, before)


def test_generator_moves_are_counted_in_words():
    r = random.Random(5)
    for draws in (0, 1, 3, 311, 312, 313, 700, 1200):
        a = r.getstate()
        for _ in range(draws):
            r.random()                      # two words each
        assert _words_drawn(a, r.getstate()) == 2 * draws
    a = r.getstate()
    r.gauss(0, 1)
    assert _words_drawn(a, r.getstate()) is None       # kept whole instead
    a = r.getstate()
    r.getrandbits(32 * 5000)                            # many blocks: kept whole too
    assert _words_drawn(a, r.getstate()) is None


def test_bad_every_is_refused():
    with pytest.raises(ValueError, match="every"):
        History(new_game("disneyland", players=2, seed=1), every=0)


@pytest.mark.parametrize("name", game_names())
def test_a_notebook_subclass_keeps_its_own_attributes_in_copies_and_histories(name):
    """A rule changed in a notebook may keep a count of its own on the game: clones, believed worlds and the
    states a stepper rebuilds keep it, and a copy's count is its own (the games copy their listed attributes by
    name, and a subclass's beyond them too)."""
    cls = game_class(name)

    class Counted(cls):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.answers_seen = []

        def _apply(self, decision, value):
            self.answers_seen.append(value)
            return super()._apply(decision, value)

    players = cls.min_players
    h = History(Counted(players, 3), every=4)
    g, agents = h.game, make_agents(name, players, "random")
    for _ in range(9):
        h.push_agent(agents[g.pending().player - 1])
    assert g.answers_seen == g.choices
    copy_ = g.clone()
    copy_.answers_seen.append("only in the copy")
    assert g.answers_seen == g.choices
    for k in (0, 5, 9):
        assert h[k].answers_seen == g.choices[:k], k
    world = g.determinize(1, random.Random(0))
    assert world.answers_seen == g.choices and world.answers_seen is not g.answers_seen


@pytest.mark.parametrize("name", game_names())
def test_a_history_of_a_game_already_under_way_rebuilds_every_step(name):
    """Issue 35 item 9: ``History(game)`` for a game past step 0 rebuilt each earlier step from the game's first
    decisions, and every one raised ``IllegalChoice``. Step 0 is now the game as given, in all four games."""
    cls = game_class(name)
    g = new_game(name, players=cls.min_players, seed=4)
    agents = make_agents(name, cls.min_players, "random")
    for _ in range(25):
        d = g.pending()
        agent_step(g, agents, d)
    light, full = History(g, every=4), FullCopies(g)
    for _ in range(30):
        if light.game.is_over():
            break
        d = light.game.pending()
        light.push_agent(agents[d.player - 1])
        full.push_agent(agents[d.player - 1])
    assert len(light) == len(full.states) > 20
    for k in list(range(len(light)))[::-1]:
        assert same(light[k], full.states[k]), (name, k)
        assert len(light[k].choices) == 25 + k
    fork = light.fork(10)
    assert same(fork[10], full.states[10]) and same(fork[3], full.states[3])
