"""Which houses a marketing campaign reaches (FCM-6.2 to FCM-6.5) and how it places demand (FCM-6.6).

A house is reached when any of its squares, garden included, is reached (FCM-I14).

>>> from toolkit.games.fcm.map.board import map_from_layout, Campaign
>>> m = map_from_layout([["H0", "Q0"]])
>>> m.put_campaign(Campaign(15, "billboard", ((3, 0),), chain=0, good="beer", duration=2))
>>> campaign_reach(m, 15), run_campaign(m, 15), m.demand
([13], {13: 1}, {13: ['beer']})
"""
from __future__ import annotations

from typing import NamedTuple

from .board import BRIDGE, ROAD, TILE, FcmMap

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _houses_touching(fmap: FcmMap, squares) -> list:
    """Numbers of the houses with a house or garden square among ``squares``, in order."""
    return sorted({h.number for h in map(fmap.house_at, set(squares)) if h is not None})


def billboard_reach(fmap: FcmMap, squares) -> list:
    """Houses with a square or garden square orthogonally next to a billboard square; diagonals do not
    count (FCM-6.2)."""
    near = {(r + dr, c + dc) for r, c in squares for dr, dc in STEPS}
    return _houses_touching(fmap, near)


def mailbox_blocks(fmap: FcmMap) -> dict:
    """``{square: block number}`` for every square that is not road: blocks are the areas bounded by roads
    and the map edge, found by a 4-neighbour flood fill; houses and restaurants do not bound them
    (FCM-6.3, FCM-I15). Computed once per map (roads never change)."""
    net = fmap.roads
    if net.block_memo is None:
        blocks, k = {}, 0
        for r in range(fmap.height):
            for c in range(fmap.width):
                if (r, c) in blocks or fmap.terrain[r][c] in (ROAD, BRIDGE):
                    continue
                blocks[(r, c)] = k
                todo = [(r, c)]
                while todo:
                    a, b = todo.pop()
                    for dr, dc in STEPS:
                        q = (a + dr, b + dc)
                        if q not in blocks and fmap.on_map(q) and fmap.terrain[q[0]][q[1]] not in (ROAD, BRIDGE):
                            blocks[q] = k
                            todo.append(q)
                k += 1
        net.block_memo = blocks
    return net.block_memo


def mailbox_reach(fmap: FcmMap, squares) -> list:
    """Houses with any square in the same block as the mailbox (FCM-6.3)."""
    blocks = mailbox_blocks(fmap)
    mine = {blocks[s] for s in squares if s in blocks}
    return [n for n, house in _houses_by_part(fmap) if not mine.isdisjoint(house.blocks)]


def airplane_reach(fmap: FcmMap, side: str, lines) -> list:
    """Houses with any square or garden square in the flown rows (side 'w' or 'e') or columns (side 'n' or
    's') (FCM-6.4)."""
    lines = set(lines)
    across = side in ("w", "e")
    return [n for n, house in _houses_by_part(fmap) if not lines.isdisjoint(house.rows if across else house.cols)]


def radio_tiles(fmap: FcmMap, squares) -> list:
    """The radio's tile and the up to 8 tiles around it (FCM-6.5)."""
    tiles = {fmap.tile_of(s) for s in squares}
    return [(tr, tc) for tr in range(fmap.rows) for tc in range(fmap.cols)
            if any(abs(tr - a) <= 1 and abs(tc - b) <= 1 for a, b in tiles)]


def radio_reach(fmap: FcmMap, squares) -> list:
    """Houses with any square on the radio's tile or the 8 around it (FCM-6.5)."""
    tiles = set(radio_tiles(fmap, squares))
    return [n for n, house in _houses_by_part(fmap) if not tiles.isdisjoint(house.tiles)]


class _HouseParts(NamedTuple):
    """What of a house, garden included, a campaign can reach: its mailbox blocks, rows, columns and tiles."""
    blocks: frozenset
    rows: frozenset
    cols: frozenset
    tiles: frozenset


def _houses_by_part(fmap: FcmMap) -> list:
    """``(number, _HouseParts)`` of every house in number order, remembered while the houses stand as they are
    (``FcmMap.reach_answer``): a campaign's reach asks of every house, and the agents weigh many places."""
    def parts():
        blocks = mailbox_blocks(fmap)
        return [(n, _HouseParts(frozenset(blocks.get(s) for s in h.all_squares), frozenset(r for r, _ in h.all_squares),
                                frozenset(c for _, c in h.all_squares),
                                frozenset((r // TILE, c // TILE) for r, c in h.all_squares)))
                for n, h in sorted(fmap.houses.items())]
    return fmap.reach_answer(("house parts",), parts)


def campaign_reach(fmap: FcmMap, number: int) -> list:
    """House numbers reached by the campaign on the map with this number (FCM-6.2 to FCM-6.5)."""
    c = fmap.campaigns[number]
    if c.kind == "billboard":
        return billboard_reach(fmap, c.squares)
    if c.kind == "mailbox":
        return mailbox_reach(fmap, c.squares)
    if c.kind == "airplane":
        return airplane_reach(fmap, c.side, c.lines)
    return radio_reach(fmap, c.squares)


def run_campaign(fmap: FcmMap, number: int, per_house: int = 1) -> dict:
    """Put ``per_house`` demand tokens of the campaign's good on each house it reaches, as many as fit; a
    full house is skipped (FCM-6.2 to FCM-6.6; ``per_house=2`` for radios with the milestone, FCM-6.n2).
    Returns ``{house: tokens placed}`` for houses that took any."""
    c = fmap.campaigns[number]
    placed = {}
    for n in campaign_reach(fmap, number):
        k = fmap.add_demand(n, c.good, per_house)
        if k:
            placed[n] = k
    return placed


def run_campaigns(fmap: FcmMap, radio_milestone=()) -> list:
    """Run every campaign on the map in printed number order, lowest first (FCM-6.1); radios of the chains in
    ``radio_milestone`` put 2 tokens per house (FCM-6.n2). Returns ``[(number, {house: placed}), ...]``.
    Taking goods off the campaigns afterwards (FCM-6.7) is the engine's part."""
    out = []
    for number in sorted(fmap.campaigns):
        c = fmap.campaigns[number]
        per = 2 if c.kind == "radio" and c.chain in radio_milestone else 1
        out.append((number, run_campaign(fmap, number, per)))
    return out
