"""Scripted situations for the company clause tests."""
from collections import Counter

from toolkit.games.fcm.company.practice import CompanyGame


def new(players=2, seed=0, cash=0, **options):
    """A practice game past the reserve cards, waiting for round 1's restructuring."""
    g = CompanyGame(players=players, seed=seed, options={"start_cash": cash, **options})
    for _ in range(players):
        g.apply(200)
    return g


def give(g, seat, where="hand", **cards):
    """Move cards from the piles to a player (keeps the card count whole)."""
    co = g.co.company(seat)
    for card, n in cards.items():
        assert g.co.supply[card] >= n, card
        g.co.supply[card] -= n
        if where == "busy":
            co.busy.extend([card] * n)
        else:
            getattr(co, where)[card] += n


def restructure(g, *texts):
    """Answer every player's restructuring, in seat order."""
    for t in texts:
        assert g.pending().kind == "restructure"
        g.apply(t)


def choose_order(g):
    """Everyone keeps their place in turn order (or takes the first free position)."""
    while g.pending() is not None and g.pending().kind == "turn_order":
        d = g.pending()
        keep = g.co.order.index(d.player) + 1
        g.apply(keep if keep in d.values else d.values[0])


def to_working(g, *texts):
    restructure(g, *texts)
    choose_order(g)


def finish_working(g):
    """Every player stops hiring and training."""
    while g.pending() is not None and g.pending().kind in ("hire", "train"):
        g.apply("done")


def all_cards(g):
    total = Counter(g.co.supply)
    for co in g.co.companies:
        total.update(co.cards())
    return total
