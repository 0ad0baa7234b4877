"""The floor under the per-turn ratios of issue 32: what a game's decisions cost in the engine's one way to play,
before any rule runs, beside the yardstick's whole tight game.

For The Disneyland Game, The McDonald's Game and Hamburgerspelet (random agents, 4 players): seeded games are first
played by the engine, untimed, taking down every decision asked (its player, kind and options) and which of them
the game made afresh (a game shares some: a roll, a move). Then, by CPU time, the same decisions are gone through
again the way the fast loop goes through them: the game's named streams seeded as the game seeds them, each
decision made afresh where the game made it (from its finished parts, the cheapest way ``Decision`` is made),
answered by ``RandomAgent.choose`` from the seat's stream, recorded, and handed to a rule step that does nothing.
That time per turn over the tight loop's whole turn is the ratio the toolkit would show if every rule cost nothing.
Two parts of it are timed alone: seeding the streams, and making the decisions (the same pass with the taken-down
decisions asked again, none made). The tight loops are the fixed yardsticks, called where they lie
(``benchmarks/yardsticks.py``).

Run: python benchmarks/bench_floor.py [games]      (400 games of each unless given; Hamburgerspelet a tenth)
"""
from __future__ import annotations

import sys
import time

from toolkit.core import make_agents
from toolkit.core.agents import RandomAgent
from toolkit.core.decisions import Decision
from toolkit.core.loop import play_on
from toolkit.core.registry import game_class
from toolkit.core.rng import Streams

import yardsticks

PLAYERS = 4
TIGHT = {"disneyland": "disneyland_tight_board", "mcdonalds": "mcdonalds_tight",
         "hamburgerspelet": "hamburgerspelet_tight"}


def taken_down(name: str, seed: int) -> tuple:
    """Play the game of ``seed`` and return (the names of its streams, turns, every decision as
    (player, kind, prompt, options, clauses, secret, values, made afresh))."""
    game = game_class(name)(players=PLAYERS, seed=seed, log=False)
    agents = make_agents(name, PLAYERS, "random")
    seen, out = set(), []
    while (d := game.pending()) is not None:
        fresh = id(d) not in seen
        seen.add(id(d))
        out.append((d.player, d.kind, d.prompt, d.options, d.clauses, d.secret, d.values, fresh, d))
        play_on(game, agents, limit=1)
    return tuple(game.streams), game.turn, out


def floor_game(seed: int, streams: tuple, decisions: list, choose, make: bool = True) -> list:
    """The taken-down decisions gone through as the fast loop does (``loop._trusted_loop``), no rule applied.
    Returns the answers: the game's own, as the agents draw from the same streams. ``make=False``: no decision is
    made, the taken-down ones are asked again (what a loop without decision objects would save, at most)."""
    made = Streams(seed)
    for s in streams:
        made[s]                                       # seeded when the game first used it
    answers = []
    record = answers.append
    rngs = [None] + [made[f"agent-{s}"] if f"agent-{s}" in made else None for s in range(1, PLAYERS + 1)]

    def step(decision, value):                        # a rule step that does nothing
        return None

    for player, kind, prompt, options, clauses, secret, values, fresh, shared in decisions:
        decision = Decision(player, kind, prompt, options, clauses, secret, values) if fresh and make else shared
        value = decision.only
        if value is None:
            value = choose(None, decision, rngs[decision.player])
        record(value)
        step(decision, value)
    return answers


def measure(name: str, games: int) -> dict:
    played = [taken_down(name, seed) for seed in range(games)]
    turns = sum(t for _, t, _ in played)
    choose = RandomAgent().choose
    tight = yardsticks.module(TIGHT[name])
    cls = game_class(name)
    floors, tights, engines, unmade, seeding = [], [], [], [], []
    for _ in range(3):                                # three rounds of the passes in turn: the least of each
        t = time.process_time()
        for seed, (streams, _, decisions) in enumerate(played):
            floor_game(seed, streams, decisions, choose)
        floors.append((time.process_time() - t) / turns)
        t = time.process_time()
        for seed, (streams, _, decisions) in enumerate(played):
            floor_game(seed, streams, decisions, choose, make=False)
        unmade.append((time.process_time() - t) / turns)
        t = time.process_time()
        for seed, (streams, _, _) in enumerate(played):
            made = Streams(seed)
            for s in streams:
                made[s]
        seeding.append((time.process_time() - t) / turns)
        t = time.process_time()
        tight_turns = sum(tight.play(seed, PLAYERS)[0] for seed in range(games))
        tights.append((time.process_time() - t) / tight_turns)
        t = time.process_time()
        for seed in range(games):                     # the engine itself: the same games, set up and played
            play_on(cls(players=PLAYERS, seed=seed, log=False), make_agents(name, PLAYERS, "random"))
        engines.append((time.process_time() - t) / turns)
    decisions = sum(len(d) for _, _, d in played)
    fresh = sum(sum(1 for x in d if x[7]) for _, _, d in played)
    return {"game": name, "floor_us": min(floors) * 1e6, "tight_us": min(tights) * 1e6, "engine_us": min(engines) * 1e6,
            "unmade_us": min(unmade) * 1e6, "seeding_us": min(seeding) * 1e6,
            "decisions_per_turn": decisions / turns, "fresh_per_turn": fresh / turns,
            "streams": len(played[0][0])}


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    print("The engine's decisions with no rule applied, per turn, against the yardstick's whole tight turn (CPU):")
    for name in TIGHT:
        r = measure(name, games if name != "hamburgerspelet" else max(1, games // 10))
        print(f"  {name:16s} floor {r['floor_us']:.2f} us a turn ({r['decisions_per_turn']:.1f} decisions, "
              f"{r['fresh_per_turn']:.1f} made afresh; {r['streams']} streams seeded a game); tight loop "
              f"{r['tight_us']:.2f} us a turn: the floor alone is {r['floor_us'] / r['tight_us']:.1f}x; the engine "
              f"with its rules {r['engine_us']:.2f} us a turn, {r['engine_us'] / r['tight_us']:.1f}x. Of the floor: "
              f"seeding the streams {r['seeding_us'] / r['tight_us']:.2f}x, making the decisions "
              f"{(r['floor_us'] - r['unmade_us']) / r['tight_us']:.2f}x")


if __name__ == "__main__":
    main()
