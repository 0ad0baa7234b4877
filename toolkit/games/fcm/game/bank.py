"""The bank of Food Chain Magnate: paying out at Dinnertime, breaking, and the reserve cards (FCM-4.7;
FCM-I50 to FCM-I53).

Money only moves between the bank and the players; the reserve cards added at the first break are the
only money that enters the game (FCM-I52). After the second break the bank pays on in IOUs: its level may
go below $0, so the total still adds up.

>>> from collections import Counter
>>> ceo_slots_after_break([100, 300, 300, 100])
4
"""
from __future__ import annotations

from collections import Counter

from ..company.state import RESERVE_CARDS
from . import bankruptcy


def ceo_slots_after_break(cards) -> int:
    """The slot number shown most often on the revealed reserve cards; a tie goes to the higher (FCM-I51)."""
    counts = Counter(RESERVE_CARDS[c] for c in cards)
    return max(counts, key=lambda s: (counts[s], s))


def breaks_at(bank: int, amount: int, ruleset: str) -> bool:
    """Does paying ``amount`` break the bank? Original: the bank cannot pay it; Deluxe: it would reach $0
    (FCM-4.7, FCM-I50)."""
    return amount > bank if ruleset == "original" else amount >= bank


def pay(game, seat: int, amount: int, what: str) -> int:
    """The bank pays ``amount`` to ``seat`` (a negative amount: the player pays the bank what they can,
    FCM-I54, and goes bankrupt if that is not all, FCM-I74). Breaks the bank first when it must (FCM-4.7).
    Returns the dollars that moved to the player."""
    co = game.co
    company = co.company(seat)
    if amount <= 0:
        take = min(-amount, company.cash)
        company.cash -= take
        co.bank += take
        if take < -amount and game.bankruptcy == "faq":
            bankruptcy.go_bankrupt(game, seat, -amount, take, what)
        elif take < -amount:
            game.say("short", lambda: f"Player {seat} owes the bank ${-amount} for {what} but has ${take + company.cash}:"
                     f" pays ${take}, the rest is written off.", ("FCM-I54",), seat)
        return -take
    while breaks_at(co.bank, amount, co.ruleset) and game.breaks < game.break_limit:
        break_bank(game, amount)
    co.bank -= amount
    company.cash += amount
    return amount


def break_bank(game, amount: int) -> None:
    """The bank breaks (FCM-4.7): the first time the reserve cards are revealed and added and the CEO slots
    reset; the second time (or the first in the introductory game) the game ends after this Dinnertime."""
    co = game.co
    game.breaks += 1
    rule = "cannot pay" if co.ruleset == "original" else "would reach $0 paying"
    if game.breaks == 1 and not game.intro:
        cards = [c.reserve for c in co.companies]
        total = sum(cards)
        slots = ceo_slots_after_break(cards)
        co.bank += total
        for c in co.companies:
            c.ceo_slots = slots
        game.say("bank-break", lambda: f"The bank {rule} ${amount} (it holds ${co.bank - total}): it breaks for the first time. "
                 "Reserve cards: " + ", ".join(f"Player {c.seat} ${c.reserve} ({RESERVE_CARDS[c.reserve]} slots)" for c in co.companies)
                 + f"; ${total} goes into the bank; from now on every CEO has {slots} slots.",
                 ("FCM-4.7", "FCM-I50", "FCM-I51"), breaks=1, added=total, slots=slots)
    else:
        game.ending = True
        game.say("bank-break", lambda: f"The bank {rule} ${amount} (it holds ${co.bank}): it breaks "
                 + ("(introductory game: the first break ends it)" if game.intro else "for the second time")
                 + ". Dinnertime is finished, paid in IOUs, and then the game ends.",
                 ("FCM-4.7", "FCM-I50", "FCM-I53"), breaks=game.breaks)
