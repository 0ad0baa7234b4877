"""A tight loop of The Disneyland Game's rules (DL-3 to DL-7) with random players, in plain Python: the yardstick
for the toolkit's speed (``bench_disneyland.py``). Same board data (the packaged board), same choices a random
agent makes (uniform among the legal options, no draw when there is only one); no events, no records, no
checks. It returns the number of turns, counted as the toolkit counts them (the closing turn included)."""
from toolkit.games.disneyland.board import default_board


def board_data(board=None):
    """What the loop needs from the board: the track's kinds and piles, each pile's card points, the photos'."""
    b = board or default_board()
    kinds = [s.kind for s in b.track]
    pile_of = [s.pile for s in b.track]
    piles = {c: [b.card_points[card.kind] for card in cards] for c, cards in b.piles.items()}
    photos = [b.photo_points["good"]] * b.photos["good"] + [b.photo_points["bad"]] * b.photos["bad"]
    starts = [s.index for s in b.track if s.kind == "draw"]
    return kinds, pile_of, piles, photos, starts


def play(data, players, rng):
    kinds, pile_of, piles0, photos0, starts = data
    rand = rng.random
    piles = {c: list(p) for c, p in piles0.items()}
    for p in piles.values():
        rng.shuffle(p)
    photos = list(photos0)
    rng.shuffle(photos)
    n = len(kinds)
    pos = starts[:players]
    cards = [[] for _ in range(players)]        # points of each held card / photo
    shots = [[] for _ in range(players)]
    points = [0] * players
    clock, seat, turns = 0, 0, 0
    while True:
        start = pos[seat]
        dest = (start + int(rand() * 6) + 1) % n
        while dest in pos and dest != start:              # DL-4.4: other trains block
            dest = (dest + 1) % n
        pos[seat] = dest
        kind = kinds[dest]
        if kind == "draw":
            pile = piles[pile_of[dest]]
            if pile:
                w = pile.pop()
                cards[seat].append(w)
                points[seat] += w
        elif kind == "camera":
            if photos:
                w = photos.pop()
                shots[seat].append(w)
                points[seat] += w
        elif kind == "star":
            targets = [t for t in range(players) if t != seat and (cards[t] or shots[t])]
            if targets:
                t = targets[int(rand() * len(targets))] if len(targets) > 1 else targets[0]
                wishes = [h for h in (shots[t], cards[t]) if h]
                held = wishes[int(rand() * len(wishes))] if len(wishes) > 1 else wishes[0]
                smile, pick = rand() < 0.5, rand() < 0.5           # the target hides, the wisher picks
                if smile == pick:
                    w = held.pop(int(rand() * len(held)) if len(held) > 1 else 0)
                    (shots if held is shots[t] else cards)[seat].append(w)
                    points[t] -= w
                    points[seat] += w
        elif clock < 11:
            clock += 1                                          # DL-5.6
        else:                                                   # DL-6.2: 8 o'clock, anyone may keep it open
            closes = True
            for k in range(players):
                if rand() < 0.5:                                # "ask" (the first option)
                    smile, pick = rand() < 0.5, rand() < 0.5    # DL-6.3
                    closes = smile != pick
                    break
            if closes:
                return turns + 1
        turns += 1
        seat = (seat + 1) % players
