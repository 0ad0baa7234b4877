"""Marketing in the whole game: placing campaigns in Working 9-5 (FCM-3.4) and running them in the
Marketing phase (FCM-6), composed from the map layer's ``placement`` and ``reach`` (FCM-I60 to FCM-I63).

A campaign is chosen in four small decisions: the tile, where it goes, the good and the duration. The
busy chip of a campaign is its tile number; ``game.busy_chips`` maps it to [seat, marketeer],
or [seat, None] once that marketeer has been fired for want of money (FCM-I62).
"""
from __future__ import annotations

from ..map import reach
from ....core.errors import IllegalChoice
from ..map.placement import MARKETEERS, campaign_places, campaign_squares, check_airplane
from ..map.board import Campaign, SIDES
from . import words

GOODS = ("burger", "pizza", "lemonade", "beer", "soda")
KIND_MILESTONE = {"billboard": "first_billboard", "airplane": "first_airplane", "radio": "first_radio"}
GOOD_MILESTONE = {"burger": "first_burger_marketed", "pizza": "first_pizza_marketed", "lemonade": "first_drink_marketed",
                  "beer": "first_drink_marketed", "soda": "first_drink_marketed"}


def marketeer_name(card: str) -> str:
    """The map layer's name of a marketeer card ('marketing_trainee' -> 'marketing trainee')."""
    return card.replace("_", " ")


def free_tiles(game, card: str) -> list[int]:
    """Marketing tiles in play, not on the map, of a kind ``card`` may place (FCM-3.4, FCM-I18)."""
    kinds, _ = MARKETEERS[marketeer_name(card)]
    ts = game.map.tileset
    return [n for n in ts.marketing_for(game.players) if n not in game.map.campaigns and ts.marketing[n].kind in kinds]


def reached(fmap, number: int, value: str) -> tuple:
    """Houses a campaign of tile ``number`` placed at ``value`` would reach (FCM-6.2 to 6.5), remembered while
    the houses stand as they are (``FcmMap.reach_answer``): tiles of one kind and size reach alike."""
    tile = fmap.tileset.marketing[number]
    return fmap.reach_answer((tile.kind, tile.size, value), lambda: tuple(_reach(fmap, tile, number, value)))


def _reach(fmap, tile, number: int, value: str) -> list:
    if tile.kind == "airplane":
        side, first = value.split()
        return reach.airplane_reach(fmap, side, range(int(first), int(first) + tile.size[1]))
    top, turned = parse_place(value)
    squares = campaign_squares(fmap, number, top, turned)
    kinds = {"billboard": reach.billboard_reach, "mailbox": reach.mailbox_reach, "radio": reach.radio_reach}
    return kinds[tile.kind](fmap, squares)


def parse_place(value: str):
    head, *rest = value.split()
    r, c = head.split(",")
    return (int(r), int(c)), bool(rest)


def places(game, seat: int, card: str, number: int) -> list[str]:
    """Every legal place of tile ``number`` for this marketeer, as option values: 'row,col' (turned: 'row,col
    turned') for map tiles, 'side first-line' for airplanes (FCM-3.4, FCM-I16, FCM-I18)."""
    fmap = game.map
    kind = fmap.tileset.marketing[number].kind
    name = marketeer_name(card)
    if kind != "airplane":
        return [f"{r},{c}" + (" turned" if turned else "") for (r, c), turned in
                fmap.remembered(("campaign places", seat, number, name),
                                lambda: tuple(campaign_places(fmap, seat, number, name)))]
    out = []
    span = fmap.tileset.marketing[number].size[1]
    for side in SIDES:
        length = fmap.height if side in ("w", "e") else fmap.width
        for first in range(0, length - span + 1):
            try:
                check_airplane(fmap, seat, number, side, first, name, 1, game.co.ruleset)
            except IllegalChoice:
                continue
            out.append(f"{side} {first}")
    return out


def eternal_now(game, seat: int, number: int) -> bool:
    """Campaigns of a holder of "First billboard placed" are eternal, the billboard that claims it included
    (FCM-6.n1, FCM-I61)."""
    co = game.co
    if co.has(seat, "first_billboard"):
        return True
    return game.map.tileset.marketing[number].kind == "billboard" and co.can_claim(seat, "first_billboard")


def place(game, seat: int, card: str, number: int, where: str, good: str, duration: int) -> Campaign:
    """Put the campaign on the map, make the marketeer busy with chip ``number`` and claim the marketing
    milestones (FCM-3.4, FCM-I60)."""
    fmap, co = game.map, game.co
    kind = fmap.tileset.marketing[number].kind
    eternal = eternal_now(game, seat, number)
    if eternal:
        duration = 1
    if kind == "airplane":
        side, first = where.split()
        span = fmap.tileset.marketing[number].size[1]
        c = Campaign(number, "airplane", (), seat, good, duration, eternal, side, tuple(range(int(first), int(first) + span)))
    else:
        top, turned = parse_place(where)
        c = Campaign(number, kind, campaign_squares(fmap, number, top, turned), seat, good, duration, eternal)
    fmap.put_campaign(c)
    co.make_busy(seat, card)
    game.busy_chips[str(number)] = [seat, card]
    game.say("campaign", lambda: f"Player {seat}'s {co.name(card)} places {kind} #{number} at {words.campaign_place(where)}, "
             + f"advertising {good} " + ("for ever (eternal)" if eternal else f"for {words.count(duration, 'round')}")
             + f"; it reaches {words.houses(reached(fmap, number, where))}. The {co.name(card)} is busy while it runs.",
             ("FCM-3.4", "FCM-I60") + (("FCM-6.n1",) if eternal else ()), seat, number=number, tile_kind=kind, good=good)
    if kind in KIND_MILESTONE:
        co.claim(seat, KIND_MILESTONE[kind], ("FCM-3.4",))
    co.claim(seat, GOOD_MILESTONE[good], ("FCM-3.4",))
    return c


def run_phase(game) -> list:
    """Phase 6 (FCM-6.1 to 6.7): campaigns in number order place demand; then each loses a good, and an
    ended campaign leaves the map and its marketeer comes back. Returns ``[(number, {house: placed}), ...]``."""
    fmap, co = game.map, game.co
    game.say("phase", lambda: f"Round {co.round}, phase 6: Marketing campaigns, in number order.", ("FCM-0.2", "FCM-6.1"))
    out = []
    for number in sorted(fmap.campaigns):
        c = fmap.campaigns[number]
        per = 2 if c.kind == "radio" and co.has(c.chain, "first_radio") else 1
        placed = reach.run_campaign(fmap, number, per)
        out.append((number, placed))
        clause = {"billboard": "FCM-6.2", "mailbox": "FCM-6.3", "airplane": "FCM-6.4", "radio": "FCM-6.5"}[c.kind]
        game.say("demand", lambda: f"Campaign #{number} ({c.kind}, Player {c.chain}, {c.good}) "
                 + (("places " + ", ".join(f"{k} on house {h}" for h, k in placed.items())) if placed else "places no demand")
                 + (" (radio milestone: 2 per house)" if per == 2 else "") + ".",
                 ("FCM-6.1", clause, "FCM-6.6") + (("FCM-6.n2",) if per == 2 else ()), c.chain, number=number, placed={str(h): k for h, k in placed.items()})
        if c.eternal:
            continue
        left = c.duration - 1
        if left > 0:
            fmap.put_campaign(Campaign(c.number, c.kind, c.squares, c.chain, c.good, left, c.eternal, c.side, c.lines))
            continue
        fmap.remove_campaign(number)
        seat, card = game.busy_chips.pop(str(number))
        back = card is not None           # None: this campaign's own marketeer was fired (FCM-I62)
        if back:
            co.release_busy(seat, card)
        game.say("campaign-end", lambda: f"Campaign #{number} has run out and leaves the map; "
                 + (f"Player {seat}'s {co.name(card)} comes back" + (" to the beach." if co.ruleset == "deluxe" else " to the hand.")
                    if back else "its marketeer was fired earlier: nobody comes back."), ("FCM-6.7", "FCM-I62"), seat, number=number)
    game.demand_log.append({str(n): len(v) for n, v in sorted(fmap.demand.items()) if v})
    return out


def demand_after_step(game, k: int) -> dict:
    """``{house: goods}`` as it stood after step ``k`` of the last Marketing phase (``game.marketing_log``): the
    tokens the later steps placed taken off the end of each house's row (tokens are kept in the order they
    arrived, FCM-I9)."""
    later = {}
    for _, placed in game.marketing_log[k + 1:]:
        for h, n in placed.items():
            later[int(h)] = later.get(int(h), 0) + n
    out = {}
    for h, goods in game.map.demand.items():
        keep = len(goods) - later.get(h, 0)
        if keep > 0:
            out[h] = goods[:keep]
    return out
