"""One row per game, holding what replays it: the game, seed, players, agents, options (and the arm of a study).

Agents are written as specs: a kind name (``"heuristic"``) or a kind with its parameters
(``{"kind": "fading-memory", "half_life": 20}``); one spec stands for every seat, a list gives one per seat.
In a row they are text (a kind name, or JSON), so that a CSV file of rows replays as well as a DataFrame.
"""
from __future__ import annotations

import inspect
import json
import math

from .agents import Agent
from .errors import ToolkitError
from .play import play
from .registry import game_class
from .seating import agent_kinds, check_seat_count

REPLAY_COLUMNS = ("game", "agents", "options")


class GameFailed(ToolkitError):
    """A game of a simulation raised: names the game, arm and seed, so that it can be replayed alone."""

    def __init__(self, game: str, arm, seed: int, problem: str, detail: str = ""):
        where = f"{game} seed {seed}" + (f", arm {arm!r}" if arm is not None else "")
        super().__init__(f"{where}: {problem}")
        self.game, self.arm, self.seed, self.problem, self.detail = game, arm, seed, problem, detail

    def __reduce__(self):             # crosses process and Dask boundaries intact
        return GameFailed, (self.game, self.arm, self.seed, self.problem, self.detail)


class RowMismatch(ToolkitError):
    """A replayed row did not give the game the row describes."""


def _spec_of(cls, agent):
    """The spec of one seat's agent: a kind name, or a dict of the kind and its parameters."""
    kinds = agent_kinds(cls)
    if isinstance(agent, str):
        if agent not in kinds:
            raise ValueError(f"unknown agent {agent!r} for {cls.name}; known: {', '.join(sorted(kinds))}")
        spec = agent
    elif isinstance(agent, dict):
        if agent.get("kind") not in kinds:
            raise ValueError(f"agent spec {agent!r} needs a 'kind' among: {', '.join(sorted(kinds))}")
        spec = dict(agent)
    elif isinstance(agent, Agent):
        # an instance is written as its kind and public parameters, and must rebuild to the same agent
        params = {k: v for k, v in vars(agent).items() if not k.startswith("_")}
        spec = {"kind": agent.name, **params} if params else agent.name
        if kinds.get(agent.name) is not type(agent):
            raise ValueError(f"agent {agent!r} is not a registered kind of {cls.name}: a row could not replay it; "
                             f"give a kind name or {{'kind': ..., parameters}}")
    else:
        raise ValueError(f"an agent is a kind name, a {{'kind': ...}} spec or an Agent, not {agent!r}")
    if spec == "person" or (isinstance(spec, dict) and spec["kind"] == "person"):
        raise ValueError("a person agent cannot play in a simulation: nobody would answer")
    try:
        rebuilt = build_agent(kinds, spec)
    except TypeError as e:
        raise ValueError(f"agent spec {spec!r}: {e}; {_parameters(kinds, spec)}") from None
    if isinstance(agent, Agent) and vars(rebuilt) != vars(agent):
        raise ValueError(f"agent {agent!r} does not rebuild from its parameters: a row could not replay it")
    try:
        json.dumps(spec)        # a row keeps the spec as JSON text
    except (TypeError, ValueError):
        raise ValueError(f"agent spec {spec!r} is not JSON data: a row could not keep it") from None
    return spec


def _parameters(kinds: dict, spec) -> str:
    """What the spec's kind takes, for a refused spec's message."""
    kind = spec if isinstance(spec, str) else spec["kind"]
    try:
        names = [p for p in inspect.signature(kinds[kind]).parameters if p not in ("self", "args", "kwargs")]
    except (TypeError, ValueError):
        return f"see help() of the {kind!r} agent"
    return f"{kind!r} takes {', '.join(names)}" if names else f"{kind!r} takes no parameters"


def build_agent(kinds: dict, spec) -> Agent:
    if isinstance(spec, str):
        return kinds[spec]()
    params = {k: v for k, v in spec.items() if k != "kind"}
    return kinds[spec["kind"]](**params)


def agent_specs(game, players: int, agents) -> list:
    """One spec per seat, checked: every one builds an agent of the game.

    >>> agent_specs("hamburgerspelet", 2, ["no-memory", {"kind": "fading-memory", "half_life": 20}])
    ['no-memory', {'kind': 'fading-memory', 'half_life': 20}]
    """
    cls = game if isinstance(game, type) else game_class(game)
    if isinstance(agents, (str, dict, Agent)):
        per_seat = [agents] * players
    elif isinstance(agents, (list, tuple)):
        per_seat = list(agents)
    else:
        raise ValueError(f"agents must be an agent kind (such as 'random'), a spec dict ({{'kind': ...}}), an "
                         f"agent, or a list of those, one per seat; not {agents!r}")
    check_seat_count(per_seat, players)
    return [_spec_of(cls, a) for a in per_seat]


def build_agents(game, specs) -> list[Agent]:
    """Fresh agents from per-seat specs (every game gets its own, so no agent carries anything over)."""
    cls = game if isinstance(game, type) else game_class(game)
    kinds = agent_kinds(cls)
    return [build_agent(kinds, s) for s in specs]


def agents_text(specs: list) -> str:
    """Specs as row text: one kind name when every seat plays it, otherwise JSON.

    >>> agents_text(["heuristic", "heuristic"]), agents_text(["heuristic", "random"])
    ('heuristic', '["heuristic","random"]')
    """
    if all(s == specs[0] for s in specs):
        return specs[0] if isinstance(specs[0], str) else _json(specs[0])
    return _json(specs)


def options_text(options: dict | None) -> str:
    return _json(dict(sorted((options or {}).items())))


def _json(x) -> str:
    return json.dumps(x, separators=(",", ":"))


def _read_agents(text, players: int) -> list:
    if isinstance(text, str) and text[:1] in "[{":
        text = json.loads(text)
    return [text] * players if isinstance(text, (str, dict)) else list(text)


def row_setup(row) -> dict:
    """The game's setup from a row (a dict, a pandas Series or a CSV row): game, players, seed, agents (per-seat
    specs) and options."""
    get = row.get if hasattr(row, "get") else row.__getitem__
    try:
        game, players, seed = get("game"), get("players"), get("seed")
        agents, options = get("agents"), get("options")
    except KeyError as e:
        raise ValueError(f"a row needs the columns seed, players, game, agents and options; missing {e}") from None
    if any(v is None for v in (game, players, seed, agents)):
        raise ValueError("a row needs the columns seed, players, game, agents and options")
    players, seed = int(players), int(seed)
    if isinstance(options, str):
        options = json.loads(options)
    elif options is None or (isinstance(options, float) and math.isnan(options)):
        options = {}
    return {"game": str(game), "players": players, "seed": seed, "agents": _read_agents(agents, players),
            "options": dict(options)}


def check_row(game, row) -> None:
    """Raise ``RowMismatch`` unless ``game`` ended as the row says (winner, turns, scores)."""
    get = row.get if hasattr(row, "get") else row.__getitem__
    said = {"winner": get("winner"), "turns": get("turns")}
    said.update({f"score_{s}": get(f"score_{s}") for s in range(1, game.players + 1)})
    now = {"winner": game.winner(), "turns": game.turn}
    now.update({f"score_{s}": v for s, v in enumerate(game.scores(), 1)})
    for k, v in said.items():
        if _missing(v):
            v = None
        if v is not None and now[k] is not None and float(v) == float(now[k]):
            continue
        if v is None and now[k] is None:
            continue
        shown = "none" if v is None else (v.item() if hasattr(v, "item") else v)    # a plain number, not np.int64(1)
        raise RowMismatch(f"{game.name} seed {game.seed}: the replayed game has {k} {now[k]!r}, the row says {shown!r} "
                          "(another toolkit version, board or agent?)")


def _missing(v) -> bool:
    """None, NaN, an empty CSV cell, or pandas' NA (a typed row's missing winner or seat)."""
    return v is None or (isinstance(v, float) and math.isnan(v)) or type(v).__name__ == "NAType" or v == ""


def replay_row(row):
    """The game of one row, played again from its seed with the same agents, and checked against the row.

    >>> from toolkit import simulate
    >>> row = simulate("mcdonalds", games=1, seed=4, players=2, agents="heuristic", progress=False).iloc[0]
    >>> replay_row(row).scores() == [row.score_1, row.score_2]
    True
    """
    setup = row_setup(row)
    cls = game_class(setup["game"])
    game = cls(players=setup["players"], seed=setup["seed"], options=setup["options"])
    if play(game, build_agents(cls, setup["agents"])) is not None:
        raise ValueError("a person agent cannot replay a row")
    check_row(game, row)
    return game


def game_row(game, arm: str | None, agents: str, options: str) -> dict:
    """The row of a finished game: its outcome, the game's own summary columns, and what replays it."""
    row = {} if arm is None else {"arm": arm}
    scores = game.scores()
    row.update(seed=game.seed, players=game.players, winner=game.winner(), turns=game.turn)
    for i, s in enumerate(scores, 1):
        row[f"score_{i}"] = s
    top = sorted(scores, reverse=True)
    row["margin"] = top[0] - top[1]            # the winner's lead over the next best
    row.update(game.summary())
    row.update(game=game.name, agents=agents, options=options)
    return row


__all__ = ["GameFailed", "REPLAY_COLUMNS", "RowMismatch", "agent_specs", "agents_text", "build_agents", "check_row",
           "game_row", "options_text", "replay_row", "row_setup"]
