"""Bankruptcy (FAQ; FCM-I54, FCM-I74): a chain that cannot pay the bank what it owes, for a sale at a unit
price of $0 or less, pays all it has and goes bankrupt; at the end of that Dinnertime it leaves the game.

Its restaurants and eternal campaigns stay on the map (a restaurant of a chain that left serves nobody; an
eternal campaign keeps placing demand); its other campaigns leave with it. It takes no more turns, sells
nothing more, earns no tips or CFO bonus, pays no salaries and cannot win. The option ``bankruptcy="write-off"``
keeps the older reading instead: the debt beyond the chain's cash is written off and the chain plays on.
"""
from __future__ import annotations

from collections import Counter

from ..company.structure import Structure

MODES = ("faq", "write-off")        # FCM-I74: the FAQ's bankruptcy (default), or the old write-off (FCM-I54)


def go_bankrupt(game, seat: int, owed: int, paid: int, what: str) -> None:
    """``seat`` owed ``owed`` for ``what`` and could pay only ``paid`` (all its cash): it is bankrupt now."""
    co = game.co
    co.bankrupt[seat] = co.round
    game.say("bankrupt", lambda: f"Player {seat} owes the bank ${owed} for {what} but has only ${paid}: pays it all and "
             "goes bankrupt; the chain sells nothing more and leaves the game at the end of Dinnertime (the rest of "
             "the debt is lost with it).", ("FCM-I54", "FCM-I74"), seat, owed=owed, paid=paid)


def leave(game, seat: int) -> None:
    """The bankrupt chain leaves (FCM-I74): out of the turn order, its cards out of play, its goods thrown
    away, its non-eternal campaigns off the map; restaurants and eternal campaigns stay."""
    co, fmap = game.co, game.map
    company = co.company(seat)
    if seat in co.order:
        co.order.remove(seat)
    gone = []
    for number in sorted(fmap.campaigns):
        c = fmap.campaigns[number]
        if c.chain == seat and not c.eternal:
            fmap.remove_campaign(number)
            _seat, card = game.busy_chips.pop(str(number))
            if card is not None:
                co.release_busy(seat, card)
            gone.append(number)
    company.hand = company.hand + company.work.counts() + company.beach     # all out of play with the chain
    company.work, company.beach, company.goods = Structure(), Counter(), Counter()
    fmap.drive_ins = fmap.drive_ins - {seat}
    game.say("leave", lambda: f"Player {seat} is bankrupt and leaves the game: its restaurants "
             + (", ".join(r.rid for r in fmap.chain_restaurants(seat)) or "(none)") + " and eternal campaigns stay on the map"
             + (f"; its campaigns {', '.join(f'#{n}' for n in gone)} leave it" if gone else "") + ".",
             ("FCM-I74",), seat, campaigns_removed=gone)


__all__ = ["MODES", "go_bankrupt", "leave"]
