"""Layers point one way: rule modules never import matplotlib, ipywidgets or IPython."""
import subprocess
import sys

import pytest

from toolkit.core.agents import Agent
from toolkit.core.registry import AGENTS, GAMES, game_agents

FORBIDDEN = ("matplotlib", "ipywidgets", "IPython")


def test_rule_modules_import_no_drawing_or_widgets():
    modules = ["toolkit", "toolkit.core"] + [target.split(":")[0] for target in GAMES.values()]
    code = ("import importlib, sys\n"
            f"for m in {modules!r}: importlib.import_module(m)\n"
            f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "", f"rule modules pulled in: {out}"


def test_playing_and_simulating_import_no_drawing():
    code = ("import sys\nfrom toolkit import simulate, new_game\n"
            "simulate('disneyland', games=3, seed=1, players=2, progress=False)\n"
            "print(','.join(m for m in sys.modules if m.split('.')[0] in ('matplotlib', 'ipywidgets')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""


# --- the static import graph -----------------------------------------------------------------------------
# Every module under toolkit/ parsed with ``ast``; an edge for each import that runs when the module is
# imported: top-level statements, also inside top-level if/try/with and class bodies, never inside functions
# (those are the lazy imports of display hooks) nor under ``if TYPE_CHECKING:``.
import ast  # noqa: E402
import re  # noqa: E402
from pathlib import Path  # noqa: E402

import networkx as nx  # noqa: E402

import toolkit  # noqa: E402

ROOT = Path(toolkit.__file__).parent
DISPLAY_PARTS = ("drawing", "widget", "widgets")


def module_files(root=ROOT) -> dict[str, Path]:
    """Dotted module name -> file, for every module under ``root`` (the ``toolkit`` package)."""
    out = {}
    for f in sorted(root.rglob("*.py")):
        parts = (root.name,) + f.relative_to(root).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = f
    return out


def _import_time_statements(body):
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If):
            test = node.test
            if (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
                    isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"):
                yield from _import_time_statements(node.orelse)
            else:
                yield from _import_time_statements(node.body + node.orelse)
        elif isinstance(node, ast.Try):
            yield from _import_time_statements(node.body + node.orelse + node.finalbody
                                               + [s for h in node.handlers for s in h.body])
        elif isinstance(node, (ast.With, ast.ClassDef)):
            yield from _import_time_statements(node.body)


def import_graph(files: dict[str, Path] | None = None) -> nx.DiGraph:
    """Modules as nodes (toolkit modules by dotted name, outside packages by their top-level name); an edge
    a -> b when importing a runs an import of b."""
    files = module_files() if files is None else files
    g = nx.DiGraph()
    g.add_nodes_from(files)
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _import_time_statements(ast.parse(path.read_text(encoding="utf-8"), str(path)).body):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
                full = ".".join(base + ([node.module] if node.module else []))
                targets = [f"{full}.{a.name}" if f"{full}.{a.name}" in files else full for a in node.names]
            for t in targets:
                if t.split(".")[0] != ROOT.name:
                    t = t.split(".")[0]
                elif t not in files:           # `import toolkit.x.y` of a name inside a module: the module
                    while t not in files and "." in t:
                        t = t.rpartition(".")[0]
                g.add_edge(name, t)
    return g


def is_display(module: str) -> bool:
    return any(p in DISPLAY_PARTS or p.endswith(tuple("_" + d for d in DISPLAY_PARTS)) for p in module.split("."))


def is_rule_module(module: str) -> bool:
    return module.split(".")[:2] in (["toolkit", "core"], ["toolkit", "games"]) and not is_display(module)


def import_circles(g: nx.DiGraph) -> list[list[str]]:
    return [sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1 or g.has_edge(*(2 * tuple(c)))]


def drawing_imports(g: nx.DiGraph) -> dict[str, list[str]]:
    """Rule module -> the drawing/widget modules and display libraries it pulls in at import time."""
    out = {}
    for m in g.nodes:
        if is_rule_module(m):
            bad = sorted(d for d in nx.descendants(g, m) if is_display(d) or d in FORBIDDEN)
            if bad:
                out[m] = bad
    return out


def test_the_graph_sees_the_imports_we_know_of():
    g = import_graph()
    assert g.has_edge("toolkit.games.fcm.game.rules", "toolkit.games.fcm.company.phases")
    assert g.has_edge("toolkit.games.fcm.map.drawing", "matplotlib")
    assert not g.has_edge("toolkit.games.fcm.map.board", "toolkit.games.fcm.map.drawing")   # lazy, in _repr_png_
    assert is_rule_module("toolkit.games.fcm.game.dinnertime") and not is_rule_module("toolkit.games.fcm.company.widget")


@pytest.mark.slow
def test_no_circle_of_module_level_imports_anywhere_in_toolkit():
    circles = import_circles(import_graph())
    assert not circles, f"import circles: {circles}"


def test_rule_modules_import_no_drawing_or_widget_module_at_import_time():
    bad = drawing_imports(import_graph())
    assert not bad, f"rule modules that import drawing at import time: {bad}"


# --- every import, lazy ones included ----------------------------------------------------------------------
# An import inside a function still ties two modules: no circle may close through one either. Imports under
# ``if TYPE_CHECKING:`` never run and are left out.
def _every_statement(body):
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If) and ((isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING") or (
                isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING")):
            yield from _every_statement(node.orelse)
        else:
            for field in ("body", "orelse", "finalbody", "handlers"):
                yield from _every_statement([n for n in getattr(node, field, ()) if isinstance(n, ast.AST)])


def full_import_graph() -> nx.DiGraph:
    global _import_time_statements
    module_level, _import_time_statements = _import_time_statements, _every_statement
    try:
        return import_graph()
    finally:
        _import_time_statements = module_level


@pytest.mark.slow
def test_the_full_graph_sees_lazy_imports():
    g = full_import_graph()
    assert g.has_edge("toolkit.core.game", "toolkit.drawing")            # Game._repr_mimebundle_'s Picture
    assert not import_graph().has_edge("toolkit.core.game", "toolkit.drawing")
    assert not g.has_edge("toolkit.games.fcm.map.roads", "toolkit.games.fcm.map.board")   # only for type checking


def test_no_circle_of_imports_lazy_or_not():
    circles = import_circles(full_import_graph())
    assert not circles, f"import circles (counting imports inside functions): {circles}"


# --- the same rooms in every game folder ---------------------------------------------------------------------
GAMES_ROOT = ROOT / "games"


def _home(name: str) -> Path:
    """The folder of a game's rules module (FCM's is game/, beside map/ and company/)."""
    return ROOT.parent.joinpath(*GAMES[name].split(":")[0].split(".")).parent


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_folder_has_the_same_rooms(name):
    home = _home(name)
    folder = GAMES_ROOT / name
    for room in ("rules.py", "agents.py", "drawing.py"):
        assert (home / room).is_file(), f"{name}: no {room} in {home.relative_to(ROOT)}"
    boards = [home / "board.py", folder / "map" / "board.py"]
    assert any(b.is_file() for b in boards), f"{name}: no board.py (data loading and validation)"
    assert (folder / "rules.md").is_file(), f"{name}: no rules.md"
    assert not (home / "data.py").exists(), f"{name}: data loading belongs in board.py"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_lists_the_base_attributes_once_through_game(name):
    """The attributes every game has are named once, in ``Game.ATTRIBUTES``: a game's list starts with that tuple
    and its own names follow; no rules module spells a base name in a tuple of its own."""
    import importlib

    from toolkit.core.game import Game
    module = importlib.import_module(GAMES[name].split(":")[0])
    listed = module._ATTRIBUTES
    assert listed[:len(Game.ATTRIBUTES)] == Game.ATTRIBUTES
    assert len(set(listed)) == len(listed)
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    restated = [(node.lineno, base) for node in ast.walk(tree) if isinstance(node, ast.Tuple)
                for base in ("events", "choices", "timeline")
                if base in [getattr(e, "value", None) for e in node.elts]]
    assert not restated, f"{module.__name__} restates base attributes (line, name): {restated}"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_agent_in_a_rules_module_and_rules_never_import_agents(name):
    module = GAMES[name].split(":")[0]
    tree = ast.parse(module_files()[module].read_text(encoding="utf-8"))
    agents = [c.name for c in ast.walk(tree) if isinstance(c, ast.ClassDef)
              and any(getattr(b, "id", getattr(b, "attr", "")).endswith("Agent") for b in c.bases)]
    assert not agents, f"{module} defines agents {agents}: they belong in agents.py"
    g = full_import_graph()
    own_agents = {target.split(":")[0] for target in AGENTS[name].values() if isinstance(target, str)}
    reached = nx.descendants(g, module)
    assert not reached & own_agents, f"{module} reaches its agents {sorted(reached & own_agents)}"


@pytest.mark.slow
def test_the_registry_names_every_agent_kind_and_each_one_loads():
    for name in GAMES:
        kinds = game_agents(name)
        assert "heuristic" in kinds, name
        for kind, make in kinds.items():
            assert isinstance(make(), Agent), (name, kind)
    # the kinds' modules are named in the registry, never imported by it
    assert not {m for m in import_graph().successors("toolkit.core.registry") if m.startswith("toolkit.games")}


# --- small modules and small classes; visibility decided by the rules ----------------------------------------
LONGEST_CLASS, LONGEST_MODULE = 350, 600


def test_no_class_over_350_lines_and_no_module_over_600_in_toolkit():
    too_long = []
    for module, path in module_files().items():
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > LONGEST_MODULE:
            too_long.append(f"{module}: {text.count(chr(10))} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > LONGEST_CLASS:
                too_long.append(f"{module}.{node.name}: {node.end_lineno - node.lineno + 1} lines")
    assert not too_long, "split these by what they hold (as FCM's game is split by phase): " + "; ".join(too_long)


# a seat compared with the viewer: the rules' view() says what a seat sees, a drawing only draws that view
SEAT_TEST = re.compile(r"viewer\s+(?:not\s+)?in\s*\(\s*None|viewer\s*[!=]=\s*seat\b|\bseat\s*[!=]=\s*viewer\b|"
                       r"\bsees\s*=\s*viewer\b")


def test_drawings_never_decide_what_a_seat_sees():
    found = []
    for module, path in module_files().items():
        if is_display(module):
            for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if SEAT_TEST.search(line):
                    found.append(f"{module}:{k}: {line.strip()}")
    assert not found, "drawings test seats themselves; read the game's view(viewer) instead:\n" + "\n".join(found)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_games_drawing_module_offers_the_game_drawing_protocol(name):
    """The stepper and the futures call ``draw_state`` as ``toolkit.drawing.GameDrawing`` states it, without
    looking at its signature: every game's drawing module must take those arguments."""
    import importlib
    import inspect

    from toolkit.core import game_class
    from toolkit.drawing import GameDrawing
    module = importlib.import_module(game_class(name).drawing_module)
    want = list(inspect.signature(GameDrawing.draw_state).parameters)[1:]       # without ``self``
    got = inspect.signature(module.draw_state).parameters
    assert all(p in got for p in want), f"{module.__name__}.draw_state takes {list(got)}, not all of {want}"
    for p in ("viewer", "ax", "fast", "layout"):
        assert got[p].default == inspect.signature(GameDrawing.draw_state).parameters[p].default, (name, p)
