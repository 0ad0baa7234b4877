"""Benchmark of the FCM map layer on a full 5x4 map (5 chains, 3 restaurants each, all 8 house tiles):
building the road graph, one dinnertime's worth of distance queries (every house to every chain), the
route search for buyers, and redrawing the map. A plain script: ``python benchmarks/bench_fcm_map.py``."""
import random
import statistics
import time

import matplotlib

matplotlib.use("Agg")

from toolkit.core import Streams  # noqa: E402
from toolkit.games.fcm.map import drawing as map_drawing, placement, roads  # noqa: E402
from toolkit.games.fcm.map.board import assemble_map  # noqa: E402


def full_map(seed):
    m = assemble_map(5, Streams(seed)["map"])
    rng = random.Random(seed)
    for chain in range(1, 6):
        for _ in range(3):
            legal = placement.legal_restaurants(m, chain, "regional")
            if legal:
                top, corner = rng.choice(legal)
                placement.place_regional_restaurant(m, chain, top, corner)
    for number in m.tileset.house_tiles:
        legal = placement.legal_new_houses(m, number)
        if legal:
            top, side = rng.choice(legal)
            placement.place_new_house(m, number, top, side)
    return m


def timed(fn, repeat):
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def main():
    maps = [full_map(seed) for seed in range(5)]
    build = []
    for m in maps:
        m._roads = None
        build += timed(lambda: m.roads, 1)
    first, warm, pairs = [], [], 0
    for m in maps:
        first += timed(lambda: roads.dinnertime_distances(m), 1)   # fills the per-entrance caches
        warm += timed(lambda: roads.dinnertime_distances(m), 50)
        pairs = max(pairs, len(roads.dinnertime_distances(m)))
    house_chain = []
    for m in maps:
        houses = sorted(m.houses)
        house_chain += timed(lambda: [roads.chain_distance(m, ch, h) for h in houses for ch in range(1, 6)], 50)
    buyers = []
    for m in maps:
        rests = list(m.restaurants.values())
        buyers += timed(lambda: (m._routes.clear(), [roads.buyer_options(m, r, 3) for r in rests]), 3)
    draw = []
    for m in maps:
        draw += timed(lambda: map_drawing.draw_map(m).figure.canvas.draw(), 5)
    ms = 1000
    print(f"FCM map benchmark: 5 random 5x4 maps, 5 chains x 3 restaurants, up to {pairs} house-chain pairs")
    print(f"  build road graph + contraction + all-pairs hops: median {statistics.median(build) * ms:.2f} ms")
    print(f"  dinnertime distances, first call (fills caches): median {statistics.median(first) * ms:.3f} ms")
    print(f"  dinnertime distances, graph built:               median {statistics.median(warm) * ms:.3f} ms")
    print(f"  same via chain_distance per house and chain:     median {statistics.median(house_chain) * ms:.3f} ms")
    print(f"  buyer_options, range 3, all 15 restaurants:   median {statistics.median(buyers) * ms:.1f} ms "
          "(each route search; asked again, a map and its copies answer from what they found)")
    print(f"  draw_map + render (Agg):                         median {statistics.median(draw) * ms:.1f} ms")


if __name__ == "__main__":
    main()
