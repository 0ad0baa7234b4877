"""What the core's seams would cost a fast Disneyland game, measured in one process, interleaved (issue 31).

Issue 31 asked for the turn's sentences to be handed to the core as functions (no ``if self.log:`` at the call
sites), for the die to be rolled through ``rng.roll`` and for the turn to be counted through ``Game.end_turn``. Each
is a call that the guarded and written-out forms avoid in a fast run (``log=False``), where no sentence is wanted.
This script plays the same seeded games, random agents, 4 players, with the game as it is and with variants making
one of those calls in the turn's step (``Turn._take_turn``) or end (``Turn._end_turn``), and prints CPU
microseconds a turn for each, alternating the order from round to round.

Run: python benchmarks/bench_seams.py [rounds]
"""
import sys
import time

from toolkit.core import make_agents, play
from toolkit.core.rng import roll as roll_die
from toolkit.games.disneyland.rules import DisneylandGame
from toolkit.games.disneyland.turn import ROLL, Turn


def say(game, kind, sentence, clauses, player=None, **data):
    """An ``emit`` taking its sentence as a function, called only when the game keeps events."""
    if game.log:
        game.emit(kind, sentence(), clauses, player, **data)


def _take_turn_telling(self, decision=None, value="roll"):
    """``Turn._take_turn`` with its two sentences handed over as functions, unguarded."""
    seat, pos = self.current, self.pos
    roll = int(self.streams["die"].random() * 6) + 1
    start = pos[seat - 1]
    dest = (start + roll) % self.board.spaces
    while dest in pos and dest != start:
        dest = (dest + 1) % self.board.spaces
    pos[seat - 1] = dest
    say(self, "roll", lambda: f"Player {seat} rolls a {roll}.", ("DL-4.1",), seat, roll=roll)
    if (dest - start - roll) % self.board.spaces:
        say(self, "move", lambda: f"Player {seat}'s train goes on to space {dest}.",
            ("DL-4.2", "DL-4.4", "DL-I12", "DL-4.3"), seat, to=dest)
    else:
        say(self, "move", lambda: f"Player {seat}'s train moves {roll} to space {dest}.", ("DL-4.2", "DL-4.3"),
            seat, to=dest)
    return self._space_rules[dest](self, seat, self.board.track[dest])


def _take_turn_rolling(self, decision=None, value="roll"):
    """``Turn._take_turn`` with the die rolled through ``rng.roll``."""
    seat, pos = self.current, self.pos
    roll = roll_die(self.streams["die"])
    start = pos[seat - 1]
    dest = (start + roll) % self.board.spaces
    while dest in pos and dest != start:
        dest = (dest + 1) % self.board.spaces
    pos[seat - 1] = dest
    if self.log:
        self._move_events(seat, roll, start, dest)
    return self._space_rules[dest](self, seat, self.board.track[dest])


def _end_turn_calling(self):
    """``Turn._end_turn`` counting the turn through ``Game.end_turn`` in a fast run too."""
    self.end_turn()
    self.current = seat = self.current % self.players + 1
    self.stage = ROLL
    return self._asked.roll[seat]


def variant(take_turn=Turn._take_turn, **methods):
    """The game with its turn step replaced (its own ``steps``, so the fast loops play it too) and ``methods``."""
    steps = dict(DisneylandGame.steps, roll=take_turn)
    return type("Variant", (DisneylandGame,), {"steps": steps, **methods})


GAMES = {"as it is": DisneylandGame, "sentences as functions, unguarded": variant(_take_turn_telling),
         "die through rng.roll": variant(_take_turn_rolling),
         "turn counted through Game.end_turn": variant(_end_turn=_end_turn_calling)}


def us_per_turn(cls, n, seed):
    seats = make_agents("disneyland", 4, "random")
    turns, c = 0, time.process_time()
    for s in range(seed, seed + n):
        g = cls(4, s, log=False)
        play(g, seats)
        turns += g.turn
    return 1e6 * (time.process_time() - c) / turns, turns


def main(rounds=5, n=2000):
    assert Turn._take_turn is DisneylandGame.steps["roll"], "the game's turn step moved: update the variants"
    for cls in GAMES.values():
        us_per_turn(cls, 20, 0)                      # warm up
    times = {name: [] for name in GAMES}
    for r in range(rounds):
        order = list(GAMES) if r % 2 == 0 else list(reversed(GAMES))
        turns = set()
        for name in order:
            t, k = us_per_turn(GAMES[name], n, 1000 * r)
            times[name].append(t)
            turns.add(k)
        assert len(turns) == 1, "the variants played other games"
    base = sorted(times["as it is"])[rounds // 2]
    print(f"Disneyland, 4 random players, {n} games a round, {rounds} rounds, CPU microseconds a turn (median):")
    for name, ts in times.items():
        med = sorted(ts)[rounds // 2]
        print(f"  {name:36} {med:6.2f}   {100 * (med / base - 1):+5.1f}%   rounds: "
              + " ".join(f"{t:.2f}" for t in ts))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
