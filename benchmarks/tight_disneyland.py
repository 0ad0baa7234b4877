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


class _Question:
    """What a random agent looks at: the values of a decision (one object, reused)."""
    __slots__ = ("values",)


def play_seeded(data, players, seed, points=None):
    """The same rules with the duties every engine of the house has, and nothing more: the toolkit's named,
    seeded streams for ``seed`` ("deck" shuffles, "die" rolls, "agent-<seat>" answers), each answer with more
    than one option asked of an agent object (a ``RandomAgent``), every answer recorded. It plays exactly the
    toolkit's games (``bench_disneyland.py`` checks lengths and points seed by seed), so the toolkit's time over
    this loop's is the cost of the engine itself: state in objects, one method per rule step, decisions, the play
    loop. It repeats ``play`` on purpose: a hook shared by both would slow the bare loop. Returns the number of
    turns; ``points``, when given, receives the players' points."""
    from toolkit.core.agents import RandomAgent
    from toolkit.core.rng import Streams
    kinds, pile_of, piles0, photos0, starts = data
    streams = Streams(seed)
    piles = {c: list(p) for c, p in piles0.items()}
    for p in piles.values():
        streams["deck"].shuffle(p)
    photos = list(photos0)
    streams["deck"].shuffle(photos)
    die = streams["die"].random
    choose, question, rngs, record = RandomAgent().choose, _Question(), [None] * players, []

    def ask(seat, values):                                # seat 0..P-1; a single option needs no agent
        if len(values) == 1:
            value = values[0]
        else:
            rng = rngs[seat]
            if rng is None:
                rng = rngs[seat] = streams[f"agent-{seat + 1}"]
            question.values = values
            value = choose(None, question, rng)
        record.append(value)
        return value

    n = len(kinds)
    pos = starts[:players]
    cards = [[] for _ in range(players)]
    shots = [[] for _ in range(players)]
    score = [0] * players
    clock, seat, turns = 0, 0, 0
    while True:
        record.append("roll")
        start = pos[seat]
        dest = (start + int(die() * 6) + 1) % n
        while dest in pos and dest != start:              # DL-4.4
            dest = (dest + 1) % n
        pos[seat] = dest
        kind = kinds[dest]
        if kind == "draw":
            pile = piles[pile_of[dest]]
            if pile:
                w = pile.pop()
                cards[seat].append(w)
                score[seat] += w
        elif kind == "camera":
            if photos:
                w = photos.pop()
                shots[seat].append(w)
                score[seat] += w
        elif kind == "star":                              # DL-5.3 to DL-5.5 in the engine's order of options
            targets = tuple([t for t in range(players) if t != seat and (cards[t] or shots[t])])
            if targets:
                t = ask(seat, targets)
                wish = ask(seat, tuple([w for w, held in (("photo", shots[t]), ("attraction", cards[t])) if held]))
                held = shots[t] if wish == "photo" else cards[t]
                smile = ask(t, ("smile-left", "smile-right"))
                if ask(seat, ("left", "right")) == smile[6:]:
                    w = held.pop(ask(seat, tuple(range(len(held)))))
                    (shots if wish == "photo" else cards)[seat].append(w)
                    score[t] -= w
                    score[seat] += w
        elif clock < 11:
            clock += 1                                    # DL-5.6
        else:                                             # DL-6.2 / DL-I9: asked from the lander on
            closes = True
            for k in range(players):
                asker = (seat + k) % players
                if ask(asker, ("ask", "pass")) == "ask":
                    hider = seat if asker != seat else (seat + 1) % players
                    smile = ask(hider, ("smile-left", "smile-right"))
                    closes = ask(asker, ("left", "right")) != smile[6:]    # DL-6.4 / DL-6.5
                    break
            if closes:
                if points is not None:
                    points.extend(score)
                return turns + 1
        turns += 1
        seat = (seat + 1) % players
