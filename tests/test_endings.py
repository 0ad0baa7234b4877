"""Endings that explain themselves (issue 29, part 5): once a game is over, every view shows everything (DL-7.1,
MCD-I22, HB-I22, FCM-I79), in the rules' views and so in ``draw_state(game, viewer=seat)``, and the frame says
each player's final points, in their parts where the game has parts (Disneyland: cards and photos; McDonald's:
orders filled and extras returned).
"""
import importlib
import re

import pytest

from toolkit.core.registry import game_class, game_names
from toolkit.gallery import sample_states

#: (players, seed) of the finished games looked at, by game (FCM games are long: one).
GAMES = {"fcm": ((3, 1),)}
DEFAULT = ((2, 3), (4, 2))


def finished(name):
    for players, seed in GAMES.get(name, DEFAULT):
        [(_, game)] = sample_states(name, players=players, seed=seed, steps=(1.0,))
        assert game.is_over()
        yield game


def drawn_texts(ax) -> list:
    return sorted(t.get_text() for t in ax.texts)


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_a_finished_game_looks_the_same_from_every_seat_as_in_the_class_view(name):
    """DL-7.1, MCD-I22, HB-I22, FCM-I79: at the end each seat's frame writes exactly what the class view writes
    (no "?" photo, no "face down" extras, no grey tile backs, no hidden hand), in both layouts."""
    drawing = importlib.import_module(game_class(name).drawing_module)
    for game in finished(name):
        for layout in ("wide", "tall"):
            shown = drawn_texts(drawing.draw_state(game, layout=layout))
            for seat in range(1, game.players + 1):
                ax = drawing.draw_state(game, viewer=seat, layout=layout)
                assert f"Player {seat}'s view" in ax.get_title().replace("\n", " ")
                assert drawn_texts(ax) == shown, (game.players, layout, seat)


@pytest.mark.parametrize("name", game_names())
def test_a_finished_games_views_hide_nothing(name):
    """The rules' view of every seat at the end holds what the class view holds, wherever the class view shows
    more during the game (photos, extras, the middle's tiles, the hands): the drawings read the view."""
    for game in finished(name):
        whole = game.view(None)
        for seat in range(1, game.players + 1):
            mine = game.view(seat)
            if name == "disneyland":
                assert (mine["held_photos"], mine["good_photos"], mine["scores"]) == \
                       (whole["held_photos"], whole["good_photos"], whole["scores"])
            elif name == "mcdonalds":
                assert mine["extras"] == whole["extras"]
            elif name == "hamburgerspelet":
                assert "?" not in mine["spots"] and "?" not in (mine["hand"] or [])
                assert [s is None for s in mine["spots"]] == [s == -1 for s in whole["spots"]]
            else:
                assert mine["company"]["companies"] == whole["company"]["companies"]


def test_dl_7_1_the_final_points_are_told_in_their_parts():
    """DL-7.1: each player's line at the close gives the points and how many came from cards and from photos,
    summing to the points; in a seat's view as in the class view."""
    from toolkit.games.disneyland.drawing import draw_state
    for game in finished("disneyland"):
        for layout in ("wide", "tall"):
            texts = drawn_texts(draw_state(game, viewer=1, layout=layout))
            for seat in range(1, game.players + 1):
                cards, points = game.card_points(seat), game.scores()[seat - 1]
                said = next(t for t in texts if t.startswith(f"Player {seat}: "))
                if game.held_photos[seat - 1]:
                    assert said in (f"Player {seat}: {points} points ({cards} for cards, {points - cards} for photos)",
                                    f"Player {seat}: {points} points: {cards} cards + {points - cards} photos",
                                    f"Player {seat}: {cards} + {points - cards} photos = {points}"), said
                else:
                    assert said == f"Player {seat}: {points} points (no photos)", said
            assert not any(t == "?" or "+ photos" in t for t in texts)


def test_mcd_6_1_and_7_4_the_final_points_are_told_in_their_parts():
    """MCD-6.1, MCD-7.4: at the end each player's points are told as those for orders filled and those for
    extras returned, summing to the points; every player's extras are shown, none "face down"."""
    from toolkit.games.mcdonalds.drawing import draw_state, point_parts
    for game in finished("mcdonalds"):
        parts = point_parts(game)
        assert parts is not None and [a + b for a, b in parts] == list(game.points)
        assert sum(b for _, b in parts) > 0          # (the games looked at score some extras)
        for layout in ("wide", "tall"):
            texts = drawn_texts(draw_state(game, viewer=2, layout=layout))
            for orders, extras in parts:
                assert f"{orders} for orders\n{extras} for extras" in texts
            assert not any(t.startswith("face") for t in texts)        # (the key says what extras are)


def test_hb_i21_the_middle_is_turned_up_at_the_end():
    """HB-I22: a seat's view of a won game names every tile left in the middle, as the class view does."""
    from toolkit.games.hamburgerspelet.drawing import draw_middle
    for game in finished("hamburgerspelet"):
        left = sum(1 for s in game.spots if s != -1)
        assert left > 0
        codes = [t.get_text() for t in draw_middle(game, viewer=1).texts if re.fullmatch(r"[A-Z]{3}", t.get_text())]
        assert len(codes) == left


def test_fcm_i78_every_hand_is_shown_at_the_end():
    """FCM-I79: once the game is over no line of a seat's frame says a hand or a card is hidden, and every
    chain's cash is told."""
    from toolkit.games.fcm.game.drawing import draw_state
    [game] = finished("fcm")
    for seat in range(1, game.players + 1):
        game.company(seat).hand["waitress"] = 1         # a hand to hide, were it still hidden
    for layout in ("wide", "tall"):
        texts = drawn_texts(draw_state(game, viewer=1, layout=layout))
        assert not any("hidden" in t for t in texts)
        assert sum("Waitress" in t for t in texts) >= game.players
        for seat in range(1, game.players + 1):
            assert any(t.startswith(f"Player {seat}: ${game.company(seat).cash}") for t in texts)
