"""A seeded generator of broken data files: it takes a JSON tree and changes it the ways a careless or hostile
editor would (a key deleted, a type changed, a negative or huge number, a reference to nothing, an empty list,
deep nesting, a duplicate, an unknown key...). Used by tests/test_data_files.py and benchmarks/soak.py.

>>> import random
>>> tree, what = mutate({"a": [1, 2]}, random.Random(1))
>>> isinstance(what, str) and tree != {"a": [1, 2]}
True
"""
from __future__ import annotations

import copy
import json

ODD_VALUES = (None, True, False, "", "x", "nosuch", 0, -1, 1.5, -2.5, 10**9, 2**63, 10**30, [], {}, [[]],
              {"x": 1}, "\x00\x1b[2J", "a" * 300, 1e308)


def nodes(tree, at=()):
    """Every (path, value) in ``tree``, the root first."""
    out, todo = [], [(at, tree)]
    while todo:
        path, v = todo.pop()
        out.append((path, v))
        if isinstance(v, dict):
            todo.extend((path + (k,), x) for k, x in v.items())
        elif isinstance(v, list):
            todo.extend((path + (i,), x) for i, x in enumerate(v))
    return out


def _set(tree, path, value):
    if not path:
        return value
    parent = tree
    for k in path[:-1]:
        parent = parent[k]
    parent[path[-1]] = value
    return tree


def _deep(levels: int, inner=0):
    v = inner
    for _ in range(levels):
        v = [v]
    return v


def _one(tree, rng):
    """Apply one random change to ``tree`` (in place where possible); returns (tree, description)."""
    all_nodes = nodes(tree)
    path, value = all_nodes[rng.randrange(len(all_nodes))]
    where = "/".join(map(str, path)) or "(top)"
    parent = None
    if path:
        parent = tree
        for k in path[:-1]:
            parent = parent[k]
    kinds = ["retype", "odd"]
    if path:
        kinds.append("delete")
    if isinstance(value, bool):
        kinds.append("flip")
    elif isinstance(value, int):
        kinds += ["negative", "huge", "nudge", "zero"]
    elif isinstance(value, float):
        kinds += ["negative", "huge"]
    elif isinstance(value, str):
        kinds += ["unknown reference", "reference elsewhere", "empty string"]
    elif isinstance(value, list):
        kinds += ["empty list", "duplicate", "drop items", "swap", "deep nesting", "many items"]
    elif isinstance(value, dict):
        kinds += ["unknown key", "empty object", "deep nesting"]
    kind = rng.choice(kinds)
    if kind == "delete":
        del parent[path[-1]]
        return tree, f"delete {where}"
    if kind == "retype":
        new = rng.choice([json.dumps(value)[:20], [value], {"value": value}, None])
    elif kind == "odd":
        new = copy.deepcopy(rng.choice(ODD_VALUES))
    elif kind == "flip":
        new = not value
    elif kind == "negative":
        new = -abs(value) - rng.choice([0, 1, 10**9])
    elif kind == "huge":
        new = rng.choice([10**6, 10**9, 2**63, 10**30, 1e300])
    elif kind == "nudge":
        new = value + rng.choice([-2, -1, 1, 2])
    elif kind == "zero":
        new = 0
    elif kind == "unknown reference":
        new = value + "-nosuch"
    elif kind == "reference elsewhere":
        strings = [v for _, v in all_nodes if isinstance(v, str)]
        new = rng.choice(strings)
    elif kind == "empty string":
        new = ""
    elif kind == "empty list":
        new = []
    elif kind == "duplicate":
        new = value + [rng.choice(value)] if value else [value]     # shared, not copied: loaders only read
    elif kind == "drop items":
        new = value[:rng.randrange(len(value))] if value else value
    elif kind == "swap":
        new = list(value)
        if len(new) > 1:
            i, j = rng.sample(range(len(new)), 2)
            new[i], new[j] = new[j], new[i]
    elif kind == "many items":
        new = value * rng.choice([2, 5, 50]) if value else [0] * 1000
    elif kind == "unknown key":
        new = dict(value, **{rng.choice(["extra", "Track", "cards ", "notes"]): rng.choice(ODD_VALUES)})
    elif kind == "empty object":
        new = {}
    else:   # deep nesting
        new = _deep(rng.choice([40, 300]), value)
    return _set(tree, path, new), f"{kind} at {where}"


def mutate(tree, rng, most: int = 3):
    """A mutated deep copy of ``tree`` (1 to ``most`` changes) and what was done, for messages."""
    tree = copy.deepcopy(tree)
    done = []
    for _ in range(rng.randint(1, most)):
        tree, what = _one(tree, rng)
        done.append(what)
    return tree, "; ".join(done)
