"""Layers point one way: rule modules never import matplotlib, ipywidgets or IPython."""
import subprocess
import sys

from toolkit.core.registry import GAMES

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


def test_no_circle_of_module_level_imports_anywhere_in_toolkit():
    circles = import_circles(import_graph())
    assert not circles, f"import circles: {circles}"


def test_rule_modules_import_no_drawing_or_widget_module_at_import_time():
    bad = drawing_imports(import_graph())
    assert not bad, f"rule modules that import drawing at import time: {bad}"
