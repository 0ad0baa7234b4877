"""What a player may not see never reaches that player (issue 12; DL-I13, HB-I16, MCD-I20 and FCM's hidden
facts): in seeded random games of every registered game, at several steps, for each seat, a copy of the game in
which only facts hidden from that seat differ must look the same to that seat: its view, its events, its pending
decisions and its exported record.

Each game's ``tests/<game>/invariants.py`` provides

    def perturb_hidden(game, seat, rng)   # change, in place, facts hidden from ``seat`` (swap two face-down
                                          # photos or tiles, reorder a hidden pile); the change made, or None
    def learns(event, seat) -> bool       # does this event (as the class sees it) show ``seat`` a hidden fact?

After the change both copies go on with the same choices (a secret choice of another seat, such as the hand a
star is hidden in, may differ) until a step whose events differ between the copies shows the seat something
(``learns``): until then everything the seat sees must be identical.
"""
import importlib
import json
import random

import pytest

from toolkit.core import events_frame, game_class, game_names, make_agents, new_game, player_record

SEEDS = {"fcm": 4}            # FCM games are long: fewer seeds (others: GAMES)
AGENT_EVERY = {"fcm": 7}      # FCM has ten agent kinds, strategic ones slow: its agents are asked every 7th step
GAMES = 12
CHECKPOINTS = 4               # steps per game at which each seat is checked
FOLLOW = 80                   # steps followed after a change, at most


def invariants(name):
    return importlib.import_module(f"tests.{name}.invariants")


def seen(g, seat, start=0):
    return [e.to_dict() for e in g.events_for(seat, start)]


def decision_of(g):
    d = g.pending()
    return None if d is None else (d.player, d.kind, d.prompt, tuple((o.value, o.label) for o in d.options),
                                   d.clauses)


def assert_same_to(seat, a, b, start, where):
    assert b.view(seat) == a.view(seat), f"{where}: player {seat}'s view shows a hidden fact"
    assert seen(b, seat, start) == seen(a, seat, start), f"{where}: player {seat}'s events show a hidden fact"
    da, db = decision_of(a), decision_of(b)
    if da is not None and da[0] == seat:
        assert db == da, f"{where}: player {seat}'s decision shows a hidden fact"


def assert_record_clean(g, seat, where):
    """The exported record holds the seat's events and view, and of each event hidden from the seat only the
    public part; neither the seed nor a fingerprint (either tells every hidden fact)."""
    rec = player_record(g, seat)
    assert "seed" not in rec and "seed" not in rec["view"] and "fingerprint" not in json.dumps(rec), where
    assert len(rec["events"]) == len(g.events)
    for raw, out in zip(g.events, rec["events"]):
        assert "secret" not in out and "private_text" not in out, where
        if not raw.visible_to(seat):
            assert out["text"] == raw.text, f"{where}: a private sentence in player {seat}'s record"
            leaked = set(raw.secret or ()) - set(raw.data)
            assert not leaked & set(out), f"{where}: {leaked} in player {seat}'s record ({raw.kind})"


def follow(a, b, seat, rng, where):
    """Play both copies on with the same choices until ``seat`` learns something; compare all the way."""
    inv = invariants(type(a).name)
    start = len(a.events)
    check_exports_at = len(a.choices) + 1 + int(rng.random() * 8)     # a step at which the exports are compared
    for _ in range(FOLLOW):
        d = a.pending()
        if d is None or b.pending() is None:
            return
        va = d.values[int(rng.random() * len(d.values))]
        vb = va
        if d.secret and d.player != seat:        # another seat's secret choice may differ too
            vb = b.pending().values[int(rng.random() * len(b.pending().values))]
        if vb not in b.legal():
            return
        ea, eb = a.apply(va), b.apply(vb)
        pa, pb = a.pending(), b.pending()
        if (pa is None) != (pb is None) or (pa is not None and pa.player != pb.player):
            return          # a secret choice took another number of steps: who decides next is public
        differ = [e.to_dict() for e in ea] != [e.to_dict() for e in eb]
        if differ and any(inv.learns(e, seat) for e in ea + eb):    # the seat sees the worlds part
            return
        assert_same_to(seat, a, b, start, f"{where}, step {len(a.choices)}")
        if len(a.choices) == check_exports_at:
            assert player_record(a, seat) == player_record(b, seat), f"{where}: player {seat}'s record differs"
            assert events_frame(a, seat).equals(events_frame(b, seat)), f"{where}: player {seat}'s frame differs"


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_a_seat_sees_nothing_of_what_is_hidden_from_it(name):
    inv = invariants(name)
    assert hasattr(inv, "perturb_hidden") and hasattr(inv, "learns"), f"tests/{name}/invariants.py lacks them"
    cls = game_class(name)
    sizes = list(range(cls.min_players, cls.max_players + 1))
    changed = 0
    for i in range(SEEDS.get(name, GAMES)):
        players = sizes[i % len(sizes)]
        g = new_game(name, players=players, seed=500 + i)
        rng = random.Random(i)
        # the checkpoints: the start and a few steps along a random game
        stops = {0} | {rng.randrange(1, 300) for _ in range(CHECKPOINTS - 1)}
        for step in range(max(stops) + 1):
            if g.is_over():
                break
            if step in stops:
                for seat in range(1, players + 1):
                    where = f"{name} seed {500 + i}, {players} players, step {step}"
                    b = g.clone()
                    what = inv.perturb_hidden(b, seat, rng)
                    if what is None:
                        continue
                    changed += 1
                    where += f", hidden from player {seat}: {what}"
                    assert b.fingerprint() != g.fingerprint(), f"{where}: the change changed nothing"
                    assert_same_to(seat, g, b, 0, where)
                    assert_record_clean(g, seat, where)
                    assert player_record(b, seat) == player_record(g, seat), where
                    a = g.clone()
                    follow(a, b, seat, random.Random(rng.random()), where)
                    assert_record_clean(a, seat, where)
            d = g.pending()
            g.apply(d.values[int(rng.random() * len(d.values))])
    assert changed >= 10, f"{name}: only {changed} changes of hidden facts were tried"


def test_events_for_checks_the_viewer():
    g = new_game("disneyland", players=2, seed=1)
    with pytest.raises(ValueError):
        g.events_for(3)
    assert [e.text for e in g.events_for(None)] == [e.text for e in g.events]


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_agents_decide_only_on_what_their_seat_may_see(name):
    """Every registered agent kind answers the same when only facts hidden from its seat differ: no agent peeks
    at hidden state through the game object (events, photos, tiles, piles, other players' choices)."""
    from toolkit.core.seating import agent_kinds
    inv = invariants(name)
    cls = game_class(name)
    kinds = sorted(k for k in agent_kinds(cls) if k != "person")
    tried = 0
    for i in range(SEEDS.get(name, GAMES) // 2):
        players = cls.max_players if i % 2 else cls.min_players
        g = new_game(name, players=players, seed=900 + i)
        rng = random.Random(i)
        agents = {k: make_agents(name, players, k)[0] for k in kinds}
        if "search" in agents:       # a small budget: the same believed worlds, short playouts (tests/test_search.py)
            from toolkit.core import SearchAgent
            agents["search"] = SearchAgent(playouts=2 if name == "fcm" else 4, max_steps=40)
        for step in range(400):
            d = g.pending()
            if d is None:
                break
            if len(d.values) > 1 and step % AGENT_EVERY.get(name, 3) == 0:
                b = g.clone()
                what = inv.perturb_hidden(b, d.player, rng)
                if what is not None:
                    for kind, agent in agents.items():
                        s = rng.random()
                        va = agent.choose(g, d, random.Random(s))
                        vb = agent.choose(b, b.pending(), random.Random(s))
                        assert va == vb, (f"{name} seed {900 + i} step {step}: the {kind} agent of player {d.player} "
                                          f"answers {va!r} or {vb!r} depending on a hidden fact ({what})")
                        tried += 1
            g.apply(d.values[int(rng.random() * len(d.values))])
    assert tried >= 20, f"{name}: only {tried} agent decisions were checked"
