"""A tight loop of The McDonald's Game's rules (MCD-1 to MCD-8, the race drawn as MCD-I10 draws it) with random
players, in plain Python: the yardstick for the toolkit's speed (``bench_mcdonalds.py``). Same board and menus
(the packaged files), the same default race (speed 4, spread 0.35, errors 0.1), the same choices a random agent
makes (uniform among the legal options in the engine's order, no draw for a single option). The two pure helpers
that list options (``pairs``, ``wrong_pulls``) come from the rules module. Returns the number of turns."""
import math

from toolkit.games.mcdonalds.data import CARDS_PER_FOOD, FOOD_INDEX, SLOT, default_board, default_menus
from toolkit.games.mcdonalds.rules import DEFAULT_RACE, MAX_TURNS, N, TARGET, pairs, wrong_pulls


def board_data():
    b, menus = default_board(), default_menus()
    track = [(s.kind, s.cards) for s in b.track]
    menus = [(m.order, m.size, sorted(FOOD_INDEX[x] for x in m.printed_items())) for m in menus]
    return track, list(b.corners), menus


def play(data, players, rng):
    track, corners, menus = data
    rand, gauss = rng.random, rng.gauss

    def pick(options):
        return options[0] if len(options) == 1 else options[int(rand() * len(options))]

    racks = [[SLOT] * N for _ in range(players)]
    extras = [[0] * N for _ in range(players)]
    pile = [i for i in range(N) for _ in range(CARDS_PER_FOOD - SLOT * players)]
    rng.shuffle(pile)
    menu_pile = list(range(len(menus)))
    rng.shuffle(menu_pile)
    pos = corners[:players]
    points = [0] * players
    speed, spread, errors = DEFAULT_RACE["speed"], DEFAULT_RACE["spread"], DEFAULT_RACE["errors"]

    def receive(s, cards):                                 # MCD-7.1, MCD-7.2
        rack, ext = racks[s], extras[s]
        for i in cards:
            if rack[i] < SLOT:
                rack[i] += 1
            else:
                ext[i] += 1

    def others(s):
        return [(s + k) % players for k in range(1, players)]

    roll = [int(rand() * 6) + int(rand() * 6) + 2 for _ in range(players)]   # MCD-3.1: highest roll starts
    rolling = list(range(players))
    while True:
        best = max(roll[s] for s in rolling)
        rolling = [s for s in rolling if roll[s] == best]
        if len(rolling) == 1:
            break
        for s in rolling:
            roll[s] = int(rand() * 6) + int(rand() * 6) + 2
    seat, turns = rolling[0], 0
    while True:
        ext = extras[seat]
        if sum(ext):                                       # MCD-7.3 to 7.5: return the extras (or forget)
            gain = sum(ext[i] for i in range(N) if racks[seat][i] == SLOT) if pick(("return", "roll")) == "return" else 0
            pile[:0] = [i for i in range(N) for _ in range(ext[i])]
            extras[seat] = [0] * N
            points[seat] += gain
        if points[seat] < TARGET:
            pos[seat] = (pos[seat] + int(rand() * 6) + int(rand() * 6) + 2) % len(track)     # MCD-3.2
            kind, n = track[pos[seat]]
            if kind == "menu":                             # MCD-3.6, MCD-4, MCD-5, MCD-6
                m = menu_pile.pop()
                order, size, printed = menus[m]
                needs = [(i, k) for i, k in enumerate(order) if k]
                able = [s for s in others(seat) if all(racks[s][i] >= k for i, k in needs)]
                factor = math.sqrt(size / 3)
                while able:
                    drops = []
                    for k, s in enumerate(able):
                        t = speed * factor * math.exp(spread * gauss(0.0, 1.0))
                        pull = order
                        if rand() < errors:
                            wrong = wrong_pulls(order, racks[s], printed)
                            if wrong:
                                pull = wrong[int(rand() * len(wrong))][2]
                        drops.append((t, k, s, pull))
                    drops.sort()
                    winner = next((s for _, _, s, pull in drops if pull == order), None)
                    if winner is not None:
                        points[winner] += size             # MCD-6.1; the others' cards go back
                        rack = racks[winner]
                        for i in range(N):
                            rack[i] -= order[i]
                        receive(seat, [i for i in range(N) for _ in range(order[i])])      # MCD-6.2
                        break
                menu_pile.insert(0, m)                     # MCD-6.3
            elif kind == "help":                           # MCD-3.4
                partners = [s for s in others(seat) if sum(racks[s]) >= 2] if sum(racks[seat]) >= 2 else []
                if partners:
                    p = pick(partners + ["no-trade"])
                    if p != "no-trade":
                        give, take = pick(pairs(racks[seat])), pick(pairs(racks[p]))
                        for i in give:
                            racks[seat][i] -= 1
                        for i in take:
                            racks[p][i] -= 1
                        receive(seat, take)
                        receive(p, give)
            elif kind == "take":                           # MCD-3.5
                for v in others(seat):
                    if sum(racks[v]):
                        i = pick([i for i in range(N) if racks[v][i]])
                        racks[v][i] -= 1
                        receive(seat, [i])
            else:                                          # MCD-3.3
                receive(seat, [pile.pop() for _ in range(min(n, len(pile)))])
        turns += 1
        if max(points) >= TARGET or turns >= MAX_TURNS:    # MCD-8.1, MCD-I18
            return turns
        seat = (seat + 1) % players
