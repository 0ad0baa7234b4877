"""Named styles of play for the strategic agents, and the plan that turns a style into hires and training
(FCM-I75).

A style's ``plan`` lists the cards the chain wants, in the order it wants them. Entry-level cards are
hired; the others are hired at their entry level and trained up step by step. ``assign`` matches the cards
a chain owns to the plan: a card serves the first wish it is, or can still be trained into.

>>> from toolkit.games.fcm.company.employees import default_staff
>>> wishes = assign(STYLES["burgers-billboards"].plan[:6], {"kitchen_trainee": 2, "trainer": 1}, default_staff())
>>> [(w.target, w.card) for w in wishes]
[('marketing_trainee', None), ('kitchen_trainee', 'kitchen_trainee'), ('recruiting_girl', None), ('trainer', 'trainer'), ('burger_cook', 'kitchen_trainee'), ('management_trainee', None)]
"""
from __future__ import annotations

from dataclasses import dataclass

_STEPS: dict = {}           # (id(staff), start, goal) -> training steps: the tree never changes


def steps(staff, start: str, goal: str):
    """``staff.steps`` remembered (asked many times per decision)."""
    key = (id(staff), start, goal)
    if key not in _STEPS:
        _STEPS[key] = staff.steps(start, goal)
    return _STEPS[key]


@dataclass(frozen=True)
class Style:
    """How a chain plays: its food, the campaigns it likes, the cards it wants and how it prices."""

    name: str
    food: str                  # 'burger' or 'pizza'
    kinds: tuple               # campaign kinds, most liked first
    plan: tuple                # wanted cards in order (FCM-I75)
    reserve: int               # the reserve card it lays (FCM-I31)
    cheap: float = 1.0         # how much each $1 off the unit price is worth
    luxury: bool = False       # plays a luxuries manager where rivals are far
    gardens: float = 1.0       # how much a garden (doubled prices, FCM-4.4) counts against a new house
    description: str = ""


#: Every chain opens alike (FCM-I75): a billboard, then a kitchen trainee whose first food meets the billboard's
#: first demand (and brings the free cook of "First burger/pizza produced"), more hands to hire, a trainer.
OPENING = ("marketing_trainee", "kitchen_trainee", "recruiting_girl", "trainer")

STYLES = {s.name: s for s in (
    Style("burgers-billboards", "burger", ("billboard", "mailbox", "airplane", "radio"), OPENING + (
        "burger_cook", "management_trainee", "junior_vice_president", "local_manager", "recruiting_girl",
        "errand_boy", "marketing_trainee", "trainer", "cart_operator", "campaign_manager", "pricing_manager",
        "waitress", "truck_driver", "burger_chef", "zeppelin_pilot", "vice_president", "new_business_developer",
        "brand_manager", "waitress", "coach", "cfo", "marketing_trainee"), 200,
        description="burgers sold through many eternal billboards, drinks fetched from afar"),
    Style("pizza-radio", "pizza", ("radio", "airplane", "mailbox", "billboard"), OPENING + (
        "pizza_cook", "brand_director", "management_trainee", "trainer", "junior_vice_president", "local_manager",
        "campaign_manager", "brand_manager", "recruiting_girl", "errand_boy", "waitress", "cart_operator",
        "pizza_chef", "vice_president", "guru", "marketing_trainee", "truck_driver", "zeppelin_pilot",
        "hr_director", "campaign_manager"), 300,
        description="pizza advertised by radio and airplanes over whole neighbourhoods"),
    Style("price-war", "burger", ("mailbox", "billboard", "airplane", "radio"), OPENING + (
        "pricing_manager", "burger_cook", "management_trainee", "junior_vice_president", "local_manager",
        "waitress", "recruiting_girl", "discount_manager", "trainer", "pricing_manager",
        "recruiting_manager", "hr_director", "errand_boy", "campaign_manager", "waitress", "burger_cook",
        "cart_operator", "vice_president", "discount_manager", "marketing_trainee", "waitress", "brand_manager"),
        100, cheap=3.0, description="the lowest price in town: pricing and discount managers, waitresses to win ties"),
    Style("many-restaurants", "pizza", ("mailbox", "airplane", "billboard", "radio"), OPENING + (
        "pizza_cook", "management_trainee", "junior_vice_president", "local_manager", "recruiting_girl", "trainer",
        "junior_vice_president", "local_manager", "errand_boy", "regional_manager", "executive_vice_president",
        "campaign_manager", "new_business_developer", "waitress", "coach", "cart_operator", "pizza_chef",
        "brand_manager", "truck_driver", "marketing_trainee"), 300,
        description="three restaurants early (local and regional managers) and new houses beside them"),
    Style("gardens-luxury", "burger", ("billboard", "airplane", "mailbox", "radio"), OPENING + (
        "burger_cook", "management_trainee", "junior_vice_president", "local_manager", "new_business_developer",
        "trainer", "luxuries_manager", "coach", "cfo", "errand_boy", "recruiting_girl", "campaign_manager",
        "new_business_developer", "waitress", "cart_operator", "brand_manager", "burger_chef", "guru",
        "marketing_trainee"), 200, luxury=True, gardens=2.0,
        description="gardens (double prices), a luxuries manager where no rival is near, and a CFO"),
)}

#: The styles the default heuristic deals out to the seats.
DEALT = ("burgers-billboards", "pizza-radio", "price-war", "many-restaurants", "gardens-luxury")


def dealt_style(seed: int, seat: int) -> Style:
    """The style the default heuristic plays at ``seat`` in the game with ``seed``: a fixed function of
    public facts, so a replay deals the same styles."""
    k = (seed * 7 + seat * 3 + (seed // 5) * seat) % len(DEALT)
    return STYLES[DEALT[k]]


@dataclass
class Wish:
    """One entry of the plan: the wanted ``target`` card and the owned ``card`` serving it (or None)."""

    index: int
    target: str
    card: str | None = None


def assign(plan, owned, staff, busy=()) -> list[Wish]:
    """Match owned cards to the plan: first the cards that are already what a wish wants, then the cards
    that can still be trained into it (the furthest along first), wishes in plan order. ``busy`` cards (with
    a campaign, never on the beach to be trained) serve only wishes for what they already are."""
    engaged = {}
    for c in busy:
        engaged[c] = engaged.get(c, 0) + 1
    left = {c: n - engaged.get(c, 0) for c, n in owned.items() if n > 0}
    wishes = [Wish(i, t) for i, t in enumerate(plan)]
    for w in wishes:                    # busy cards first: they serve only as what they are
        if engaged.get(w.target, 0) > 0:
            w.card = w.target
            engaged[w.target] -= 1
        elif left.get(w.target, 0) > 0:
            w.card = w.target
            left[w.target] -= 1
    for w in wishes:
        if w.card is not None:
            continue
        best, best_d = None, None
        for c, n in left.items():
            if n <= 0:
                continue
            d = steps(staff, c, w.target)
            if d is not None and (best_d is None or d < best_d):
                best, best_d = c, d
        if best is not None:
            w.card = best
            left[best] -= 1
    return wishes


def entry_for(target: str, staff) -> str:
    """The entry-level card with the fewest training steps to ``target``."""
    best, best_d = None, None
    for e in staff.employees.values():
        if e.entry:
            d = steps(staff, e.id, target)
            if d is not None and (best_d is None or d < best_d):
                best, best_d = e.id, d
    return best


def next_step(card: str, target: str, staff) -> list[str]:
    """The cards ``card`` may be trained into that still lead to ``target``."""
    return [t for t in staff[card].trains_into if steps(staff, t, target) is not None]


__all__ = ["DEALT", "STYLES", "Style", "Wish", "assign", "dealt_style", "entry_for", "next_step"]
