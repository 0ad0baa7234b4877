"""FCM map drawings show each campaign's rounds left (FCM-6.7; "∞" for an eternal campaign, FCM-6.n1): the
count drawn on every campaign tile is the number of Marketing phases in which the game goes on to run that
campaign, read off the later events, and it overlaps no other text."""
import matplotlib.pyplot as plt
import pytest

from tests.legibility import OVERLAP_PX, draw
from toolkit.core import History, make_agents, new_game, play
from toolkit.games.fcm.game.drawing import draw_state
from toolkit.games.fcm.map.drawing import ETERNAL, map_key

GAMES = (  # (players, seed, options): the intro game has no milestones, so its campaigns end (FCM-I68)
    (4, 1, {"intro": True}), (3, 2, {"intro": True}), (3, 3, {}))


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[0]}p-seed{g[1]}-{'intro' if g[2] else 'full'}")
def played(request):
    players, seed, options = request.param
    h = History(new_game("fcm", players=players, seed=seed, options=options))
    play(None, make_agents("fcm", players, "heuristic"), history=h, max_steps=1500)
    return h


def runs_after(h, k: int) -> dict:
    """{campaign: (times it runs after step k, whether it then ended)} from the events of the later steps."""
    runs, ended = {}, set()
    for step in range(k + 1, len(h)):
        for e in h.events_at(step):
            n = e.data.get("number")
            if n is None or n in ended:
                continue
            if e.kind == "demand":
                runs[n] = runs.get(n, 0) + 1
            elif e.kind == "campaign-end":
                ended.add(n)
    return {n: (runs.get(n, 0), n in ended) for n in set(runs) | ended}


def mid_game_steps(h, count: int = 3) -> list:
    """Steps in the game's second and third quarters with the most campaigns on the map."""
    span = range(len(h) // 4, 3 * len(h) // 4)
    return sorted(sorted(span, key=lambda k: -len(h[k].map.campaigns))[:1] + list(span)[::len(span) // count][:count])


def drawn_counts(ax) -> dict:
    return {int(t.get_gid().split("#")[1]): t for t in ax.texts if (t.get_gid() or "").startswith("rounds left #")}


def overlaps(ax, badges) -> list:
    """The badges' texts that overlap another text drawn in the figure (as the legibility contract measures)."""
    texts, renderer = draw(ax.figure)
    mine = {id(t) for t in badges}
    out = []
    for a in texts:
        if id(a) not in mine:
            continue
        ba = a.get_window_extent(renderer)
        for b in texts:
            bb = b.get_window_extent(renderer)
            if b is not a and min(ba.x1, bb.x1) - max(ba.x0, bb.x0) > OVERLAP_PX \
                    and min(ba.y1, bb.y1) - max(ba.y0, bb.y0) > OVERLAP_PX:
                out.append((a.get_gid(), b.get_text()))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("layout", ("tall", "wide"))
def test_FCM_6_7_each_campaign_shows_the_rounds_it_still_runs(played, layout):
    seen = 0
    for k in mid_game_steps(played):
        state = played[k]
        ax = draw_state(state, layout=layout)
        drawn, later = drawn_counts(ax), runs_after(played, k)
        assert set(drawn) == set(state.map.campaigns), k
        for n, c in state.map.campaigns.items():
            text = drawn[n].get_text()
            ran, ended = later.get(n, (0, False))
            if c.eternal:
                assert text == ETERNAL and not ended, (k, n)
            elif ended:                 # it ran exactly as many more times as drawn, then left the map
                assert text == str(ran), (k, n, text, ran)
            else:                       # the game ended (or its chain went bankrupt) first
                assert int(text) >= ran, (k, n, text, ran)
            seen += 1
        assert not overlaps(ax, drawn.values()), k
        plt.close(ax.figure)
    assert seen


def test_the_key_says_what_the_count_means():
    badge = [item for item in map_key() if item.shape == "c"]
    assert len(badge) == 1 and "rounds left" in badge[0].label and ETERNAL in badge[0].label
