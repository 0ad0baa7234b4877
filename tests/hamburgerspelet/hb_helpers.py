"""Arranging Hamburgerspelet positions by hand for the clause tests, without creating or losing tiles."""
from toolkit.games.hamburgerspelet.rules import EMPTY, HamburgerGame


def new(players=2, seed=0, **options):
    return HamburgerGame(players=players, seed=seed, options=options)


def ing(g, key):
    return g.board.index_of(key)


def put(g, spot, key):
    """Swap tiles so that ``spot`` holds ``key`` (taken from another spot in the middle)."""
    i = ing(g, key)
    if g.spots[spot] == i:
        return
    other = next(s for s, t in enumerate(g.spots) if t == i and s != spot)
    g.spots[spot], g.spots[other] = g.spots[other], g.spots[spot]


def give(g, seat, keys, avoid=()):
    """Move one tile of each of ``keys`` from the middle onto ``seat``'s card."""
    for key in keys:
        i = ing(g, key)
        s = next(s for s, t in enumerate(g.spots) if t == i and s not in avoid)
        g.spots[s] = EMPTY
        g.cards[seat - 1][i] = True
    g.refresh()


def place_chefs(g, seat, a, b):
    g.chefs[seat - 1] = [a, b]


def roll(g, d1, d2, *later):
    """Set the dice of the roll waiting to be moved, and load the dice with ``later`` faces for later rolls."""
    g.dice = (d1, d2)
    if later:
        g.streams.load("dice", later)
    g.refresh()


def square_of(g, kind, ingredient=None, colour=None):
    """The first square of a kind (and ingredient or colour)."""
    for sq in g.board.loop:
        if sq.kind == kind and (ingredient is None or sq.ingredient == ing(g, ingredient)) and \
                (colour is None or sq.colour == colour):
            return sq.index
    raise LookupError(kind)


def clauses(events):
    return {c for e in events for c in e.clauses}


EIGHT = ["cucumber", "onion", "ketchup", "mayonnaise", "cheese", "meat", "tomato", "lettuce"]
