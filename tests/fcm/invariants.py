"""Invariants of the whole FCM game, checked after every step of random games (tests/test_conformance.py)
and of games of every agent kind (tests/fcm/test_playouts.py)."""
from collections import Counter

from toolkit.games.fcm.game.rules import INTRO_BANK_PER_PLAYER

GAMES = 24
HEURISTIC_GAMES = 8     # 5-player strategic games (a second or more each); tests/fcm/test_agents.py plays more


def snapshot(g):
    return {"turn": g.turn, "breaks": g.breaks, "round": g.co.round, "bankrupt": dict(g.co.bankrupt)}


def check_bankrupt(g, before):
    """FCM-I74: a bankrupt chain stays bankrupt, has $0, takes no turns, is out of the turn order, holds no cards
    at work or on the beach and no goods, has no drive-in, keeps only eternal campaigns, is never considered for
    a house after the Dinnertime it went bankrupt in, and cannot win."""
    co, fmap = g.co, g.map
    out = co.bankrupt
    if before is not None:
        assert all(out.get(s) == r for s, r in before["bankrupt"].items()), "a bankrupt chain came back"
    assert sorted(co.order) == co.seats(), "the turn order holds a bankrupt chain or misses a live one"
    d = g.pending()
    assert d is None or d.player not in out, "a bankrupt chain is asked a decision"
    for s, r in out.items():
        c = co.company(s)
        assert c.cash == 0 and not c.work.items and not +c.beach and not +c.goods
        assert s not in fmap.drive_ins
        assert all(camp.eternal for camp in fmap.campaigns.values() if camp.chain == s)
        for rec in g.records:
            if rec["round"] > r:
                assert all(row["seat"] != s for row in rec["chains"]), "a bankrupt chain's restaurants were counted"
    if g.is_over():
        assert g.winner() not in out


def money_expected(g) -> int:
    """FCM-I52: bank + cash is the starting bank, plus the reserve cards after the first break."""
    start = (INTRO_BANK_PER_PLAYER if g.intro else 50) * g.players
    if g.breaks >= 1 and not g.intro:
        start += sum(c.reserve for c in g.co.companies)
    return start


def check(g, before):
    co, fmap = g.co, g.map
    assert co.bank + sum(c.cash for c in co.companies) == money_expected(g), "money created or lost (FCM-I52)"
    assert all(c.cash >= 0 for c in co.companies), "a player's cash below $0 (FCM-I54)"
    if g.breaks < g.break_limit:
        assert co.bank >= 0 or g.breaks >= 1
    # employee cards are neither created nor lost: piles + companies = the cards in play (FCM-I30)
    held = Counter(co.supply)
    for c in co.companies:
        held.update(c.cards())
    assert held == Counter(co.staff.pile_sizes(g.players)), "employee cards created or lost"
    # every campaign on the map has its busy chip, and busy marketeers belong to running campaigns (FCM-3.4, FCM-6.7)
    assert sorted(map(int, g.busy_chips)) == sorted(fmap.campaigns)
    for c in co.companies:
        chips = Counter(card for seat, card in g.busy_chips.values() if seat == c.seat and card is not None)
        assert Counter(c.busy) == chips, "busy marketeers differ from the un-fired busy chips (FCM-I62)"
        assert all(v >= 0 for v in c.goods.values())
        assert len(fmap.chain_restaurants(c.seat)) <= 3                     # FCM-I21
        owned = c.owned()                                                   # FCM-3.n3 counts every card held
        assert all(c.owns(card) == owned[card] for card in co.staff.employees), "one card counted unlike owned()"
    for n, goods in fmap.demand.items():                                    # FCM-6.6
        assert len(goods) <= fmap.houses[n].limit
    assert 0 <= g.breaks <= g.break_limit
    assert g.co.round <= g.max_rounds
    if before is not None:
        assert g.turn >= before["turn"] and g.breaks >= before["breaks"] and g.co.round >= before["round"]
    check_bankrupt(g, before)
    if g.is_over():
        sc = g.scores()
        w = g.winner()
        assert g.end_reason in ("bank", "round limit", "bankrupt")
        assert (g.end_reason == "bankrupt") <= (not co.seats())
        if not co.seats():                                                  # everyone went bankrupt (FCM-I74)
            assert w is None
            return
        live = [sc[s - 1] for s in co.order]
        assert sc[w - 1] == max(live)
        assert w == next(s for s in co.order if sc[s - 1] == max(live))     # ties by turn order (FCM-I53)
        assert (g.end_reason == "bank") == (g.breaks == g.break_limit)


# --- hidden information (tests/test_hidden_information.py; FCM-1.1, FCM-I31, FCM-I39, FCM-I42, FCM-I51) ------
def perturb_hidden(g, seat, rng):
    """Change, in place, a fact ``seat`` cannot see: another player's face-down restructuring choice (FCM-1.1,
    FCM-I42), face-down firing choice (FCM-I39) or reserve card before the bank first breaks (FCM-I31, FCM-I51;
    not when ``seat`` holds "First to have $20", who may look at it). Returns what changed, or None."""
    from toolkit.games.fcm.company.state import RESERVE_CARDS
    co = g.co
    ways = []
    for t in range(1, g.players + 1):
        if t == seat:
            continue
        if co.step == "restructure" and t in co.secret and len(co.structure_options(t)) > 1:
            ways.append(("structure", t))
        if co.step == "fire" and co.secret.get(t):
            ways.append(("fire", t))
        if (co.company(t).reserve is not None and not g.breaks and not g.intro
                and "first_cash_20" not in co.company(seat).milestones):
            ways.append(("reserve", t))
    if not ways:
        return None
    way, t = rng.choice(ways)
    if way == "structure":
        co.secret[t] = rng.choice([v for v in co.structure_options(t) if v != co.secret[t]])
    elif way == "fire":
        co.secret[t].pop()
    else:
        c = co.company(t)
        c.reserve = rng.choice([v for v in sorted(RESERVE_CARDS) if v != c.reserve])
    return f"player {t}'s {way}"


def learns(e, seat) -> bool:
    """Does event ``e`` show ``seat`` a fact hidden before? The structures revealed together (FCM-1.2), the
    firings carried out together (FCM-I39), the reserve cards at the bank's first break (FCM-I51), and the
    reserve cards to the one who claims "First to have $20" (FCM-I42), and everything at the game's end (FCM-I79)."""
    if e.kind == "milestone":
        return e.player == seat and e.data.get("milestone") == "first_cash_20"
    return e.kind in ("structure", "overfill", "fire", "bank-break", "game-end")
