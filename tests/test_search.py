"""The search agent (toolkit/core/search.py) and each game's ``determinize``: legal answers, the same
answers for the same seed, and choices that do not move when only facts hidden from the searcher change."""
import random

import pytest

from toolkit.core.loop import agent_step
from toolkit.core import SearchAgent, game_names, make_agents, new_game
from toolkit.core.registry import game_class
from toolkit.core.seating import agent_kinds

PLAYOUTS = {"fcm": 2}          # FCM's playouts (strategic agents, cut after 40 decisions) are long: a few are enough


def small_search(name, **kw):
    return SearchAgent(**{**getattr(game_class(name), "search_options", {}), "playouts": PLAYOUTS.get(name, 12), **kw})


def positions(name, seed, players=2, every=7, limit=None):
    """Positions of a heuristic game (copies), every ``every`` decisions, with a choice of 2 or more."""
    g = new_game(name, players=players, seed=seed, log=False)
    agents = make_agents(name, players, "heuristic")
    out, step = [], 0
    while not g.is_over() and (limit is None or len(out) < limit):
        d = g.pending()
        if step % every == 0 and len(d.values) > 1:
            out.append(g.clone())
        agent_step(g, agents, d)
        step += 1
    return out


def game_positions(name, seeds=(1, 2), limit=6):
    every = 23 if name == "fcm" else 5
    return [p for s in seeds for p in positions(name, s, every=every, limit=limit)]


@pytest.mark.parametrize("name", game_names())
def test_search_is_an_agent_kind_of_every_game(name):
    agent = make_agents(name, 2, "search")[0]
    assert isinstance(agent, SearchAgent)
    assert "search" in agent_kinds(game_class(name))


@pytest.mark.parametrize("name", game_names())
def test_search_answers_legally(name):
    agents = [small_search(name), small_search(name, method="uct", tree_depth=2)]
    for g in game_positions(name, limit=4):
        d = g.pending()
        before = g.fingerprint()
        for agent in agents:
            v = agent.choose(g, d, random.Random(3))
            assert v in d.values
            assert g.fingerprint() == before, "searching must leave the real game as it was"


def test_search_with_a_time_budget_answers():
    g = positions("hamburgerspelet", 1, limit=1)[0]
    d = g.pending()
    assert SearchAgent(playouts=None, time_ms=20).choose(g, d, random.Random(1)) in d.values
    assert SearchAgent(playouts=None, time_ms=20, method="uct").choose(g, d, random.Random(1)) in d.values


@pytest.mark.parametrize("name", ["disneyland", "mcdonalds", "hamburgerspelet"])
def test_search_plays_whole_games(name):
    g = new_game(name, players=2, seed=5, log=False)
    agents = [small_search(name, playouts=4), make_agents(name, 2, "heuristic")[1]]
    while not g.is_over():
        d = g.pending()
        agent_step(g, agents, d)
    assert g.winner() in (1, 2)


@pytest.mark.parametrize("name", game_names())
def test_search_is_deterministic_for_a_seed_and_playouts(name):
    for g in game_positions(name, seeds=(3,), limit=3):
        d = g.pending()
        a = [small_search(name).choose(g, d, random.Random(11)) for _ in range(2)]
        assert a[0] == a[1]


def test_search_needs_a_budget():
    with pytest.raises(ValueError):
        SearchAgent(playouts=None, time_ms=None)
    with pytest.raises(ValueError):
        SearchAgent(playouts=0)
    with pytest.raises(ValueError):
        SearchAgent(method="minimax")
    with pytest.raises(ValueError, match="steps"):
        SearchAgent(steps=0)


def test_a_budget_in_decisions_cuts_long_playouts_only():
    """``steps`` cuts a paired search's playouts where they are long (early in a Disneyland game, a whole game
    each) and leaves a late decision's search as it was: same worlds, same choice."""
    def worlds(agent, g):
        agent.choose(g, g.pending(), random.Random(5))
        return max(n for n, _ in agent.last.values())
    early, late = positions("disneyland", 4, every=3, limit=40)[0], positions("disneyland", 4, every=3)[-1]
    plain, cut = SearchAgent(playouts=120), SearchAgent(playouts=120, steps=6000)
    assert worlds(cut, early) < worlds(plain, early) / 2, "a whole game per playout: steps must cut the worlds"
    assert worlds(cut, late) == worlds(plain, late)
    assert cut.choose(late, late.pending(), random.Random(5)) == plain.choose(late, late.pending(), random.Random(5))


def test_a_budget_in_decisions_holds_for_the_whole_decision():
    """``steps`` bounds what a decision plays out even where the first world's playouts were short and later
    ones long (Disneyland's games end at a chance close): planned at the first world's length alone, searches
    here played out up to 11,146 decisions for ``steps=6000``."""
    agent, most = SearchAgent(playouts=120, steps=6000), 0
    for g in positions("disneyland", 30, every=3):
        agent.choose(g, g.pending(), random.Random(5))
        most = max(most, agent._played)
    assert 3000 < most <= 6000 * 1.1


@pytest.mark.parametrize("tree_depth,max_steps", [(0, None), (2, None), (2, 15)])
def test_a_uct_search_counts_every_decision_it_plays_out(tree_depth, max_steps):
    """A uct search counts the decisions it makes in its believed worlds, in the tree and in the playouts after
    it, as a paired search counts its playouts' (before, the playouts after the tree went uncounted: 0)."""
    class Counted(SearchAgent):
        def believe(self, game, seat, r):
            world = super().believe(game, seat, r)
            worlds.append((world, len(world.choices)))
            return world
    for g in positions("disneyland", 3, every=9)[:3]:
        worlds = []
        agent = Counted(playouts=10, method="uct", tree_depth=tree_depth, max_steps=max_steps)
        agent.choose(g, g.pending(), random.Random(5))
        made = sum(len(w.choices) - start for w, start in worlds)
        assert made > 10 and agent._played == made


# --- determinize ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", game_names())
def test_determinize_keeps_the_viewers_view_and_changes_only_hidden_facts(name):
    changed = 0
    rng = random.Random(4)
    for g in game_positions(name, seeds=(1, 2, 3), limit=8):
        for viewer in range(1, g.players + 1):
            before = g.fingerprint()
            w = g.determinize(viewer, rng)
            assert g.fingerprint() == before, "determinize must not touch the real game"
            assert w.view(viewer) == g.view(viewer)
            if g.pending().player == viewer:      # the viewer's own options; another's may rest on its hidden hand
                assert w.pending().values == g.pending().values
            else:
                assert w.pending().player == g.pending().player
            changed += w.fingerprint() != before
    assert changed > 0, "no hidden fact was ever redrawn"


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_a_determinized_game_plays_on_to_its_end(name):
    for g in game_positions(name, seeds=(6,), limit=2):
        w = g.determinize(g.pending().player, random.Random(1))
        w.quiet()
        agents = make_agents(name, g.players, "heuristic")
        while not w.is_over():
            d = w.pending()
            agent_step(w, agents, d)
        assert w.winner() is not None


def test_mcdonalds_determinize_keeps_every_card():
    for g in game_positions("mcdonalds", seeds=(1, 2, 3)):
        w = g.determinize(g.pending().player, random.Random(2))
        assert w.card_total() == g.card_total()
        assert [sum(x) for x in w.extras] == [sum(x) for x in g.extras]


def test_hamburgerspelet_determinize_keeps_every_tile_and_the_viewers_memory():
    for g in game_positions("hamburgerspelet", seeds=(1, 2, 3)):
        seat = g.pending().player
        w = g.determinize(seat, random.Random(2))
        assert w.tile_count() == g.tile_count()
        for s, t in enumerate(g.known[seat - 1]):
            if t != -1:
                assert w.spots[s] == g.spots[s] == t
        for known in w.known:                    # what others remember matches the redrawn tiles
            assert all(t == -1 or w.spots[s] == t for s, t in enumerate(known))


def test_disneyland_determinize_keeps_the_good_photos_count():
    for g in game_positions("disneyland", seeds=(1, 2, 3)):
        seat = g.pending().player
        w = g.determinize(seat, random.Random(2))
        everywhere = lambda x: sum(x.photo_good[p] for p in x.photo_good)
        assert everywhere(w) == everywhere(g)
        assert w.scores()[seat - 1] == g.scores()[seat - 1]


def test_disneyland_determinize_remembers_the_photos_the_viewer_looked_at():
    """DL-I13: a photo the viewer took from the camera or passed in a wish keeps its face in the other
    player's hand; the photos it never looked at are redrawn (some worlds change their faces)."""
    redrawn = remembered = 0
    for g in positions("disneyland", 3, every=1)[::4]:
        seat = g.pending().player
        theirs = [p for s, held in enumerate(g.held_photos, 1) if s != seat for p in held]
        for w in (g.determinize(seat, random.Random(k)) for k in range(4)):
            for p in theirs:
                if seat in g.photo_seen.get(p, ()):
                    assert w.photo_good[p] == g.photo_good[p]
                    remembered += 1
                else:
                    redrawn += w.photo_good[p] != g.photo_good[p]
    assert remembered and redrawn


# --- the search never looks at what its player may not see -------------------------------------------
def _swap_hidden(name, g, seat, rng):
    """A copy of ``g`` in which two facts hidden from ``seat`` are swapped by hand, or None if there are none."""
    h = g.clone()
    if name == "disneyland":
        piles = [p for p in h.piles.values() if len(set(p)) > 1]
        others = [p for s, held in enumerate(h.held_photos, 1) if s != seat for p in held
                  if seat not in h.photo_seen.get(p, ())]      # a photo the seat has looked at is not hidden
        if others and h.photos and h.photo_good[others[0]] != h.photo_good[h.photos[-1]]:
            a, b = others[0], h.photos[-1]
            h.photo_good = dict(h.photo_good)
            h.photo_good[a], h.photo_good[b] = h.photo_good[b], h.photo_good[a]
        elif piles:
            piles[0][-1], piles[0][0] = piles[0][0], piles[0][-1]
        else:
            return None
        h.recount()
    elif name == "mcdonalds":
        # an extra the seat did not see arrive (drawn from the pile), swapped with a card of the pile
        other = next((s for s in range(1, h.players + 1) if s != seat
                      and sum(h.extras[s - 1]) > sum(h.extras_seen[s - 1])), None)
        if other is not None:
            ext, seen = h.extras[other - 1], h.extras_seen[other - 1]
            i = next(i for i in range(len(ext)) if ext[i] > seen[i])
            k = next((k for k, c in enumerate(h.pile) if c != i), None)
            if k is None:
                return None
            ext[i] -= 1
            ext[h.pile[k]] += 1
            h.pile[k] = i
        elif len(set(h.pile[-3:])) > 1:
            h.pile[-1], h.pile[-2], h.pile[-3] = h.pile[-3], h.pile[-1], h.pile[-2]
        else:
            return None
        h.arranged()
    elif name == "hamburgerspelet":
        mem = h.known[seat - 1]
        hidden = [s for s in h.face_down() if mem[s] == -1 and all(k[s] == -1 for k in h.known)]
        pair = next(((a, b) for a in hidden for b in hidden if h.spots[a] != h.spots[b]), None)
        if pair is None:
            return None
        a, b = pair
        h.spots[a], h.spots[b] = h.spots[b], h.spots[a]
        h.refresh()
    else:                                       # fcm: the reserve card of another player, face down
        others = [c for c in h.co.companies if c.seat != seat and c.reserve is not None]
        if not others or h.breaks or "first_cash_20" in h.co.company(seat).milestones:
            return None
        others[0].reserve = 300 if others[0].reserve != 300 else 100
    assert h.fingerprint() != g.fingerprint() and h.view(seat) == g.view(seat)
    return h


@pytest.mark.slow
@pytest.mark.parametrize("method", ["paired", "uct"])
@pytest.mark.parametrize("name", game_names())
def test_search_choices_do_not_change_when_only_hidden_facts_change(name, method):
    """From seeded positions, change only facts the searching seat cannot see (by hand, and by drawing a
    whole believed state with ``determinize``): the same seed gives the same choice."""
    agent = small_search(name, method=method)
    rng = random.Random(8)
    checked = 0
    for g in game_positions(name, seeds=(1, 2, 4), limit=5):
        d = g.pending()
        seat = d.player
        for h in (_swap_hidden(name, g, seat, rng), g.determinize(seat, rng)):
            if h is None or h.fingerprint() == g.fingerprint():
                continue
            assert h.view(seat) == g.view(seat)
            a = agent.choose(g, d, random.Random(21))
            b = agent.choose(h, h.pending(), random.Random(21))
            assert a == b
            checked += 1
    assert checked >= 3, f"only {checked} positions with hidden facts to change"


def test_the_hidden_facts_test_can_fail():
    """A searcher that peeks (at the real game instead of a believed one) is caught by the same check."""

    class Peeker(SearchAgent):
        def believe(self, game, seat, r):
            return game.clone()                                   # believes the real hidden facts

    agent = Peeker(playouts=30, confidence=0.0)
    differs = 0
    for g in game_positions("mcdonalds", seeds=(1, 2, 3, 4), limit=6):
        d = g.pending()
        h = g.determinize(d.player, random.Random(1))
        differs += agent.choose(g, d, random.Random(2)) != agent.choose(h, h.pending(), random.Random(2))
    assert differs > 0
