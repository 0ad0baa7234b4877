"""A tight loop of Hamburgerspelet's rules (HB-3 to HB-7) with random players, in plain Python: the yardstick
for the toolkit's speed (``bench_hamburgerspelet.py``). Same board data (the packaged board), same choices a
random agent makes (uniform among the legal options in the engine's order, no draw when there is only one).
Random players use no memory, so the loop keeps no record of who saw which tile (the toolkit keeps it, HB-I11,
for the agents and views that need it). It returns the number of turns, counted as the toolkit counts them."""
from toolkit.games.hamburgerspelet.board import default_board


def board_data(board=None):
    b = board or default_board()
    loop = [(sq.kind, sq.ingredient, sq.index) for sq in b.loop]
    tiles = [i for i in range(len(b.ingredients)) for _ in range(b.copies)]
    return loop, tiles, list(b.kitchens), b.bun, len(b.ingredients)


def play(data, players, rng):
    loop, tiles0, kitchens, bun, n = data
    rand = rng.random

    def pick(options):
        return options[0] if len(options) == 1 else options[int(rand() * len(options))]

    spots = list(tiles0)
    rng.shuffle(spots)
    EMPTY = -1
    cards = [[False] * n for _ in range(players)]
    held = [0] * players
    chefs = [[kitchens[s], kitchens[s]] for s in range(players)]
    owner = {kitchens[s]: s for s in range(players)}
    size = len(loop)
    seat, turns = 0, 0

    def can_keep(s, ing):                                   # HB-6.1, HB-6.2
        return not cards[s][ing] and (ing != bun or held[s] == n - 1)

    def put_back(tile):                                     # HB-5.6: on a free spot of the player's choice
        spots[pick([k for k, t in enumerate(spots) if t == EMPTY])] = tile

    def keep(s, ing):                                       # True when the card is full (HB-7.1)
        cards[s][ing] = True
        held[s] += 1
        return held[s] == n

    def take(s, want, why):                                 # HB-5.1, HB-5.3, HB-5.4; True on a win
        down = [k for k, t in enumerate(spots) if t != EMPTY]
        if why == "square" and cards[s][want]:
            down.append(None)                               # "pass" (HB-5.2)
        spot = pick(down)
        if spot is None:
            return False
        tile = spots[spot]
        spots[spot] = EMPTY
        if can_keep(s, tile) and (why == "kitchen" or tile == want):
            return keep(s, tile)
        put_back(tile)
        return False

    def land(s, square):                                    # True on a win
        kind, ing, index = loop[square]
        if kind == "ingredient":
            return take(s, ing, "square")
        if kind == "hamburger":
            wanted = [i for i in range(n) if not cards[s][i] and (i != bun or held[s] == n - 1)]
            return take(s, pick(wanted), "hamburger")
        o = owner.get(index)
        if o == s:
            return take(s, EMPTY, "kitchen")
        if o is None or held[o] == 0:
            return False
        ing = pick([i for i in range(n) if cards[o][i]])     # HB-5.5: steal
        cards[o][ing] = False
        held[o] -= 1
        if can_keep(s, ing) and pick(("keep", "back")) == "keep":
            return keep(s, ing)
        put_back(ing)
        return False

    while True:
        d1, d2 = int(rand() * 6) + 1, int(rand() * 6) + 1   # HB-4.2
        steps = (d1,) if d1 == d2 else (min(d1, d2), max(d1, d2))
        chef, k = pick([(c, st) for c in (0, 1) for st in steps])      # HB-4.6
        pos = chefs[seat]
        pos[chef] = (pos[chef] + k) % size
        if land(seat, pos[chef]):
            return turns + 1
        other = 1 - chef
        pos[other] = (pos[other] + (d2 if k == d1 else d1)) % size
        if land(seat, pos[other]):
            return turns + 1
        if d1 != d2:                                        # HB-4.4: a double rolls again
            turns += 1
            seat = (seat + 1) % players
