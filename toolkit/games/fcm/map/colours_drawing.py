"""The colours of a Food Chain Magnate map and its chains (style lives here, never in the rules)."""
from __future__ import annotations

from ....drawing import PLAYER_COLOURS

#: Colours of everything on the map (style lives here, never in the rules).
PALETTE = {
    "road": "#6e6e6e", "bridge": "#9a9a9a", "empty": "#f3efe2", "house": "#d8b48a", "garden": "#8cc46c",
    # the goods, Okabe-Ito where they allow: apart for colour-blind eyes too
    "beer": "#E69F00", "lemonade": "#F0E442", "soda": "#56B4E9", "burger": "#6B3E1E", "pizza": "#D55E00",
    "tile border": "#b9b2a0", "ink": "#222222", "radio": "#9467bd", "airplane": "#17a2b8",
    "mailbox": "#8c564b", "billboard": "#e377c2", "range": "#2ca02c", "route": "#d62728", "reach": "#ff7f0e",
}
CHAIN_COLOURS = PLAYER_COLOURS        # chains (seats) 1..5: the shared Okabe-Ito player palette


def chain_colour(chain: int) -> str:
    return CHAIN_COLOURS[(chain - 1) % len(CHAIN_COLOURS)]
