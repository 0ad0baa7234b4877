"""Drawings of the whole FCM game: the state (map, demand and every chain), the Dinnertime trace on the map,
the Marketing phase campaign by campaign, the cash timeline with the bank's level and the demand over the
rounds. Every function takes ``ax=None`` and returns the Axes; nothing here decides a rule: the records
come from ``dinnertime.run`` and ``marketing.run_phase``.
"""
from __future__ import annotations

import io

from matplotlib.figure import Figure

from ..map import drawing as md
from .dinnertime import unit_price
from ..map.drawing import PALETTE, chain_colour
from ..map.roads import entrances

PHASE_NAMES = {"setup": "setup", "restaurants": "setup: starting restaurants", "restructure": "1 Restructuring",
               "order": "2 Order of Business", "working": "3 Working 9-5", "payday": "5 Payday",
               "cleanup": "7 Clean-up", "over": "game over"}


def _new_axes(ax, size):
    if ax is not None:
        return ax
    return Figure(figsize=size, dpi=100).add_subplot()


def _centre(squares):
    rs = [s[0] for s in squares]
    cs = [s[1] for s in squares]
    return (min(cs) + max(cs)) / 2, (min(rs) + max(rs)) / 2


def _demand_dots(ax, fmap):
    xs, ys, cs = [], [], []
    for n, goods in sorted(fmap.demand.items()):
        h = fmap.houses[n]
        r1 = max(s[0] for s in h.squares)
        c0 = min(s[1] for s in h.squares)
        for i, g in enumerate(goods):
            xs.append(c0 - 0.3 + 0.4 * i)
            ys.append(r1 + 0.3)
            cs.append(PALETTE[g])
    if xs:
        ax.scatter(xs, ys, s=26, c=cs, edgecolors=PALETTE["ink"], linewidths=0.6, zorder=6)


def player_lines(game, seat: int, viewer=None) -> list[str]:
    """What the side panel says about one chain (hands of others hidden, FCM-I42)."""
    co = game.co
    c = co.company(seat)
    price = unit_price(co, seat)[0]
    goods = ", ".join(f"{n} {g}" for g, n in sorted(c.goods.items()) if n) or "none"
    hand = sum(c.hand.values())
    if viewer is None or viewer == seat:
        hand_text = ", ".join(f"{n} {co.name(k)}" for k, n in sorted(c.hand.items()) if n) or "empty"
    else:
        hand_text = f"{hand} card(s), hidden"
    work = c.work.text(co.staff) or "CEO alone"
    beach = ", ".join(f"{n} {co.name(k)}" for k, n in sorted(c.beach.items()) if n) or "nobody"
    lines = [f"Player {seat}: ${c.cash}   unit price ${price}   sold {game.sales[seat - 1]}",
             f"  at work: {_short(work)}", f"  beach: {_short(beach)}", f"  hand: {_short(hand_text)}",
             f"  busy: {', '.join(co.name(b) for b in c.busy) or 'nobody'};  goods: {goods}",
             _short(f"  milestones: {', '.join(co.ms[m].name.replace('First ', '') for m in c.milestones) or 'none'}", 95)]
    return lines


def _short(text, n=70):
    return text if len(text) <= n else text[: n - 3] + "..."


def draw_state(game, viewer=None, ax=None):
    """The map with restaurants, campaigns and demand, and a panel with the round, phase, bank and every
    chain (cash, price, cards, goods, milestones). ``viewer`` hides other players' hands (FCM-I42)."""
    fmap = game.map
    ax = _new_axes(ax, (fmap.width * 0.3 + 9, max(6, fmap.height * 0.3 + 1)))
    md.draw_map(fmap, ax, title="")
    _demand_dots(ax, fmap)
    co = game.co
    x0 = fmap.width + 1.5
    head = (f"Round {co.round}, {PHASE_NAMES.get(game.phase, game.phase)}   bank ${co.bank}   breaks {game.breaks}"
            f"   turn order {' '.join(map(str, co.order))}")
    ax.text(x0, -0.5, head, fontsize=8, fontweight="bold", va="top", ha="left", parse_math=False)
    y = 1.2
    step = max(1.0, (fmap.height - 1) / (7 * game.players))
    for s in range(1, game.players + 1):
        for i, line in enumerate(player_lines(game, s, viewer)):
            ax.text(x0, y, line, fontsize=6.5 if i else 7.5, va="top", ha="left", parse_math=False,
                    color=chain_colour(s) if i == 0 else PALETTE["ink"], fontweight="bold" if i == 0 else None)
            y += step
        y += step * 0.4
    d = game.pending()
    if d is not None:
        ax.text(x0, y, _short(f"Next: Player {d.player}: {d.prompt}", 90), fontsize=7, va="top", style="italic",
                parse_math=False)
    ax.set_xlim(-0.8, x0 + 30)
    ax.set_ylim(max(fmap.height - 0.2, y + 1), -1.5)
    title = f"Food Chain Magnate, {game.players} players" + ("" if viewer is None else f" (Player {viewer}'s view)")
    ax.set_title(title, fontsize=10)
    return ax


def state_png(game, viewer=None, dpi: int = 80) -> bytes:
    ax = draw_state(game, viewer=viewer)
    buf = io.BytesIO()
    ax.figure.savefig(buf, format="png", dpi=dpi, facecolor="white")
    return buf.getvalue()


def draw_dinnertime(game, records=None, ax=None, title=None):
    """The Dinnertime trace on the map: an arrow from the winner's nearest entrance to each house it served,
    with the dollars; beside each house the price + distance of the chains that could have served it; a
    grey cross on houses nobody could serve (FCM-4.1 to FCM-4.4, FCM-I55)."""
    fmap = game.map
    records = game.records if records is None else records
    ax = _new_axes(ax, (fmap.width * 0.32 + 1.5, fmap.height * 0.32 + 1))
    md.draw_map(fmap, ax, title=title or f"Dinnertime, round {records[0]['round'] if records else game.co.round}")
    for rec in records:
        h = fmap.houses[rec["house"]]
        hx, hy = _centre(h.squares)
        side = [r for r in rec["chains"] if r["candidate"] and r["seat"] != rec["winner"]]
        for i, r in enumerate(side):
            ax.text(hx + 1.4, hy - 0.6 + 0.7 * i, f"{r['sum']}", fontsize=7, color=chain_colour(r["seat"]),
                    fontweight="bold", zorder=7)
        if rec["winner"] is None:
            ax.plot([hx], [hy], marker="x", ms=12, mew=2.5, color="#777777", zorder=7)
            continue
        rest = fmap.restaurants.get(rec["restaurant"])
        if rest is not None:
            ex, ey = min(((e[1], e[0]) for e in entrances(fmap, rest)),
                         key=lambda p: (p[0] - hx) ** 2 + (p[1] - hy) ** 2)
            ax.annotate("", xy=(hx, hy), xytext=(ex, ey), zorder=8,
                        arrowprops=dict(arrowstyle="-|>", color=chain_colour(rec["winner"]), lw=2.2))
        win = next(r for r in rec["chains"] if r["seat"] == rec["winner"])
        ax.text(hx, hy + 1.3, f"{win['price']}+{win['distance']}={win['sum']}  ${rec['income']}", fontsize=7,
                ha="center", color=chain_colour(rec["winner"]), fontweight="bold", zorder=8, parse_math=False,
                bbox=dict(fc="white", ec="none", alpha=0.8, pad=0.5))
    return ax


def draw_marketing_step(game, k: int, ax=None):
    """Campaign ``k`` of the last Marketing phase: its area shaded (if still on the map) and the houses it
    put demand on, with the number of tokens (FCM-6.1 to FCM-6.6)."""
    fmap = game.map
    number, placed = game.marketing_log[k]
    ax = _new_axes(ax, (fmap.width * 0.32 + 1.5, fmap.height * 0.32 + 1))
    md.draw_map(fmap, ax, title=f"Marketing step {k + 1}: campaign #{number} places "
                + (", ".join(f"{n} on house {h}" for h, n in placed.items()) or "nothing"))
    if number in fmap.campaigns:
        c = fmap.campaigns[number]
        md._shade(ax, fmap, md.campaign_area(fmap, number), PALETTE[c.kind], alpha=0.3)
    md._outline_houses(ax, fmap, [int(h) for h in placed], PALETTE["reach"])
    for h, n in placed.items():
        x, y = _centre(fmap.houses[int(h)].squares)
        ax.text(x, y - 1.3, f"+{n}", fontsize=8, ha="center", fontweight="bold", color=PALETTE["reach"], zorder=8)
    _demand_dots(ax, fmap)
    return ax


def draw_cash_timeline(game, ax=None):
    """Each chain's cash after every round, and the bank's level (dashed) (FCM-4.7)."""
    ax = _new_axes(ax, (7, 3.5))
    rounds = [0] + [t for t, _ in game.timeline]
    for s in range(1, game.players + 1):
        cash = [0] + [sc[s - 1] for _, sc in game.timeline]
        ax.plot(rounds, cash, color=chain_colour(s), lw=2, label=f"Player {s}")
    ax.plot(list(range(len(game.bank_log))), game.bank_log, color=PALETTE["ink"], ls="--", lw=1.5, label="bank")
    ax.axhline(0, color="#999999", lw=0.6)
    ax.set_xlabel("round")
    ax.set_ylabel("dollars")
    ax.set_title("Cash per chain and the bank after each round")
    ax.legend(fontsize=8, frameon=False)
    return ax


def draw_demand_over_rounds(game, ax=None):
    """Demand tokens on each house after every Marketing phase, as a grid of houses by rounds (FCM-6.6)."""
    import numpy as np
    log = game.demand_log
    houses = sorted({int(h) for d in log for h in d} | set(game.map.houses))
    grid = np.array([[d.get(str(h), 0) for d in log] for h in houses]) if log else np.zeros((len(houses), 1))
    ax = _new_axes(ax, (7, 0.3 * len(houses) + 1.2))
    im = ax.imshow(grid, aspect="auto", cmap="Oranges", vmin=0, vmax=5)
    ax.set_yticks(range(len(houses)), [f"house {h}" for h in houses], fontsize=7)
    ax.set_xticks(range(grid.shape[1]), [str(k + 1) for k in range(grid.shape[1])], fontsize=7)
    ax.set_xlabel("round (after the Marketing phase)")
    ax.set_title("Demand tokens on the houses")
    ax.figure.colorbar(im, ax=ax, fraction=0.03)
    return ax


def figure_png(ax, dpi: int = 90) -> bytes:
    buf = io.BytesIO()
    ax.figure.savefig(buf, format="png", dpi=dpi, bbox_inches="tight", facecolor="white")
    return buf.getvalue()


__all__ = ["draw_cash_timeline", "draw_demand_over_rounds", "draw_dinnertime", "draw_marketing_step", "draw_state",
           "figure_png", "player_lines", "state_png"]
