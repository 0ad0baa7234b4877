"""Same games: the final fingerprints and step counts of seeded FCM games, pinned as literal values.

Computed from the code before FCM was laid out in subpackages (issue 11); a move of code that changes none of
the rules leaves every value here as it is. Some games also pin a hash of their whole event log (texts, clauses,
data), so the words and clause IDs the players read are pinned too.
"""
import hashlib
import json
import random

import pytest

from toolkit.core import RandomAgent, make_agents
from toolkit.core.registry import game_class, new_game

# (players, seed, agents, options, logged, fingerprint, steps, events hash or "")
GAMES = [
    (4, 300, 'heuristic', None, True, '313938019ce7cf92', 698, 'ea96ddc26db426e2'),
    (4, 301, 'heuristic', None, True, 'd19d08a76f6fb816', 587, '21cafd6ba7507e11'),
    (4, 302, 'heuristic', None, False, '3d412b7f68785e4c', 583, ''),
    (4, 303, 'heuristic', None, False, 'b987c260afa97616', 664, ''),
    (4, 304, 'heuristic', None, False, 'f3e6b037d1bd903a', 792, ''),
    (4, 305, 'heuristic', None, False, '6c9f4b6f85aaf255', 734, ''),
    (4, 306, 'heuristic', None, False, 'fbab3dd87d7e9306', 699, ''),
    (4, 307, 'heuristic', None, False, 'f12bff342df73c83', 670, ''),
    (4, 308, 'heuristic', None, False, '943025446e69279d', 664, ''),
    (4, 309, 'heuristic', None, False, '7aafc2314dce5c89', 699, ''),
    (4, 310, 'heuristic', None, False, 'e86c309fd3a3a367', 617, ''),
    (4, 311, 'heuristic', None, False, 'b3304c499827cbfe', 734, ''),
    (4, 312, 'heuristic', None, False, '3ff2bf6bb11bada1', 620, ''),
    (4, 313, 'heuristic', None, False, '9a69d623db85010c', 617, ''),
    (4, 314, 'heuristic', None, False, '024dc75ebab70a35', 762, ''),
    (4, 315, 'heuristic', None, False, '6cb631c119ac5834', 539, ''),
    (4, 316, 'heuristic', None, False, '961fa229e8568720', 539, ''),
    (4, 317, 'heuristic', None, False, 'a0d3e23baee47677', 817, ''),
    (4, 318, 'heuristic', None, False, '2d90f3ca08e0c2b8', 506, ''),
    (4, 319, 'heuristic', None, False, '52ba81a423b48f7e', 617, ''),
    (4, 400, 'random', None, True, 'e6aa5e25cb042a65', 839, 'a756514ccde9e4fc'),
    (4, 401, 'random', None, True, '94053ddafdadf9f3', 867, 'fb3a8a09b5bd695d'),
    (4, 402, 'random', None, False, '6a91616a9fd63bd7', 823, ''),
    (4, 403, 'random', None, False, 'd9aa51a23a587b48', 880, ''),
    (4, 404, 'random', None, False, 'c4bcd526ec812aca', 853, ''),
    (4, 405, 'random', None, False, 'b5cb56dc1e219055', 841, ''),
    (4, 406, 'random', None, False, '4ca39ee1b28e0674', 833, ''),
    (4, 407, 'random', None, False, '41874733ecc66e6d', 872, ''),
    (4, 408, 'random', None, False, '452bf6fa2d758bc3', 913, ''),
    (4, 409, 'random', None, False, 'c5cb6c0481c50f0c', 836, ''),
    (2, 501, 'heuristic', None, False, 'd608271d3d3212a1', 313, ''),
    (3, 502, 'heuristic', None, False, '8c830b0c046a59a2', 497, ''),
    (5, 503, 'heuristic', None, False, '581946673ad8ae96', 839, ''),
    (2, 504, 'random', None, False, 'd9713c9af00e6f67', 449, ''),
    (3, 505, 'random', None, False, '104a66adc43d558c', 637, ''),
    (4, 506, 'heuristic', {'ruleset': 'deluxe'}, True, '4ecb449cee18e5c0', 539, '8a8456f451729b37'),
    (3, 507, 'random', {'ruleset': 'deluxe'}, False, '5378fad1e26958c2', 624, ''),
    (4, 508, 'heuristic', {'intro': True}, False, '3ab31c6c00f84385', 457, ''),
    (2, 509, 'random', {'intro': True}, False, 'be55d8f8dd6b71cd', 421, ''),
    (3, 510, 'heuristic', {'max_rounds': 5}, False, '19820f2ea50ac616', 93, ''),
    (2, 511, 'heuristic', {'layout': 'K0 Q0'}, False, 'eb38b800d234e3f6', 411, ''),
]

# (players, seed, i, fingerprint, steps) of the practice game (CompanyGame), builders and random agents
COMPANY_GAMES = [
    (2, 920, 0, '28f48893914ca567', 59),
    (2, 921, 1, 'dc9e770c73224cdd', 56),
    (3, 930, 0, '60db15b37be68e23', 98),
    (3, 931, 1, '0eaf64bc45daa1cd', 94),
    (4, 940, 0, 'c9bfbf96b1e1b8c5', 124),
    (4, 941, 1, 'e3225a3dff9ebd0a', 120),
    (5, 950, 0, 'd80ba18c95b9cdac', 148),
    (5, 951, 1, '521eec0634944480', 148),
]


def event_hash(g) -> str:
    lines = (f"{e.step}|{e.kind}|{e.text}|{','.join(e.clauses)}|{e.player}|{sorted(e.data.items())!r}"
             for e in g.events)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


@pytest.mark.parametrize("players,seed,kind,options,logged,fingerprint,steps,events", GAMES)
def test_seeded_fcm_games_end_as_before(players, seed, kind, options, logged, fingerprint, steps, events):
    g = new_game("fcm", players=players, seed=seed, options=options, log=logged)
    agents = make_agents("fcm", players, kind)
    n = 0
    d = g.pending()
    while d is not None:
        g.apply(agents[d.player - 1].choose(g, d, g.streams[f"agent-{d.player}"]))
        n += 1
        d = g.pending()
    assert (g.fingerprint(), n) == (fingerprint, steps)
    if logged:
        assert event_hash(g) == events


@pytest.mark.parametrize("players,seed,i,fingerprint,steps", COMPANY_GAMES)
def test_seeded_company_games_end_as_before(players, seed, i, fingerprint, steps):
    from toolkit.games.fcm.company.practice import BuilderAgent, CompanyGame
    g = CompanyGame(players=players, seed=seed, options={"rounds": 6, "start_cash": 30 * i})
    rng = random.Random(i)
    agents = [BuilderAgent() if (i + s) % 2 else RandomAgent() for s in range(players)]
    n = 0
    while g.pending() is not None:
        d = g.pending()
        g.apply(agents[d.player - 1].choose(g, d, rng))
        n += 1
    assert (g.fingerprint(), n) == (fingerprint, steps)


def test_the_rules_pages_read_as_before():
    clauses = game_class("fcm").clauses()
    digest = hashlib.sha256(json.dumps(clauses, sort_keys=True).encode()).hexdigest()[:16]
    assert (len(clauses), digest) == (111, "77836bbcef6e133f")
