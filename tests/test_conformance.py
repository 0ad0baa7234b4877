"""Random play over every registered game (OpenSpiel style): thousands of seeded games, invariants after every
step. Each game may add its own invariants in ``tests/<game>/invariants.py``:

    GAMES = 2000                      # how many seeded games to play (default 300)
    def snapshot(game)                # optional: what ``check`` needs of the state before a step (cheap!)
    def check(game, before) -> None   # called after every step with the snapshot taken before it (None at
                                      # the start); raise AssertionError on a violation
"""
import importlib
import random

import pytest

from toolkit.core.loop import agent_answer
from toolkit.core.registry import game_agents
from toolkit.core import GameOver, IllegalChoice, RandomAgent, game_class, game_names, make_agents, new_game

MAX_STEPS = 20000


def invariants(name):
    try:
        return importlib.import_module(f"tests.{name}.invariants")
    except ModuleNotFoundError:
        return None


def players_of(name):
    cls = game_class(name)
    return list(range(cls.min_players, cls.max_players + 1))


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_random_games_keep_the_invariants(name):
    inv = invariants(name)
    n = getattr(inv, "GAMES", 300)
    sizes = players_of(name)
    ended = 0
    for i in range(n):
        players = sizes[i % len(sizes)]
        g = new_game(name, players=players, seed=1000 + i)
        agents = [RandomAgent()] * players
        before = None
        if inv:
            inv.check(g, None)
        for step in range(MAX_STEPS):
            d = g.pending()
            if d is None:
                break
            assert 1 <= d.player <= players and d.options, f"{name} seed {1000 + i}: empty decision"
            assert len(set(d.values)) == len(d.values), "options must be distinct"
            if inv is not None and hasattr(inv, "snapshot"):
                before = inv.snapshot(g)
            value = agent_answer(g, agents, d)
            g.apply(value)
            if inv:
                inv.check(g, before)
        assert g.is_over(), f"{name} seed {1000 + i} did not end within {MAX_STEPS} decisions"
        assert g.legal() == () and g.winner() in range(1, players + 1)
        assert len(g.scores()) == players
        ended += 1
    assert ended == n


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_every_game_replays_and_clones_identically(name):
    for seed in range(5):
        players = players_of(name)[-1]
        a = new_game(name, players=players, seed=seed)
        agents = make_agents(name, players, "random")
        from toolkit.core import play
        play(a, agents)
        b = new_game(name, players=players, seed=seed)
        for v in a.choices:
            b.apply(v)
        assert a.fingerprint() == b.fingerprint()
        c = a.clone()
        assert c.fingerprint() == a.fingerprint()
        with pytest.raises(GameOver):
            c.apply(a.choices[-1])


@pytest.mark.parametrize("name", game_names())
def test_refused_choices_leave_every_game_unchanged(name):
    rng = random.Random(7)
    players = players_of(name)[0]
    g = new_game(name, players=players, seed=21)
    agents = [RandomAgent()] * players
    refused = 0
    while not g.is_over() and refused < 60:
        d = g.pending()
        before = (g.fingerprint(), len(g.events), list(g.choices))
        for bad in ("no such option", 10 ** 9, -1, 2.0, True, None, ["roll"]):
            if bad in d.values and type(bad) in (str, int):
                continue
            with pytest.raises(IllegalChoice) as info:
                g.apply(bad)
            assert info.value.clauses, "a refusal must cite a clause"
            assert (g.fingerprint(), len(g.events), list(g.choices)) == before
        refused += 1
        g.apply(agents[0].choose(g, d, rng))
    assert refused > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_heuristic_agents_finish_games(name):
    kinds = game_agents(name)
    assert "heuristic" in kinds, f"{name} needs a heuristic agent"
    from toolkit.core import play
    for seed in range(getattr(invariants(name), "HEURISTIC_GAMES", 20)):
        players = players_of(name)[-1]
        g = new_game(name, players=players, seed=seed)
        assert play(g, make_agents(name, players, "heuristic")) is None and g.is_over()


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_every_game_saves_and_replays_its_record_file(name, tmp_path):
    from toolkit.core import load_record, play, replay, save_record
    players = players_of(name)[-1]
    g = new_game(name, players=players, seed=31)
    play(g, make_agents(name, players, "heuristic"))
    path = save_record(g, tmp_path / f"{name}.json")
    data = load_record(path)
    assert data["game"] == name and len(data["decisions"]) == len(g.choices)
    again = replay(path, expect_game=name)
    assert again.fingerprint() == g.fingerprint() and again.scores() == g.scores()


@pytest.mark.parametrize("name", game_names())
def test_a_fork_replays_the_original_from_the_same_step(name):
    """Agents draw on a copy, never on a stored state, so a fork with the same agents goes the same way."""
    from toolkit.core import History, play
    players = players_of(name)[0]
    agents = make_agents(name, players, "random")
    h = History(new_game(name, players=players, seed=41))
    play(None, agents, history=h, max_steps=60)
    k = len(h) // 2
    f = h.fork(k)
    play(None, agents, history=f, max_steps=len(h) - 1 - k)
    assert [s.fingerprint() for s in f.states] == [s.fingerprint() for s in h.states]


@pytest.mark.parametrize("name", game_names())
def test_a_players_view_does_not_carry_the_seed(name):
    """The seed would let a player recompute every shuffle; the class view may show it, a player's may not."""
    g = new_game(name, players=players_of(name)[0], seed=5)
    assert "seed" not in g.view(1)
