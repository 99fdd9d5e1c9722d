"""The house's layers are one-way, and its modules stay small enough to read in one sitting.

    server -> generator -> game.web -> game.ai -> game (the engine, the table, the wire)

A module may import its own layer and the layers to its right, never to its left, whether the
import is at module level or inside a function (a lazy import is still a dependency). No
package has an import cycle at module level.
"""

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("game", "game.ai", "game.web", "generator", "server")  # from the bottom up
PACKAGES = ("game", "generator", "server")


def module_name(path):
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@functools.cache
def modules():
    return {module_name(path): path for package in PACKAGES
            for path in sorted((ROOT / package).rglob("*.py"))}


def layer(name):
    """The index in LAYERS of the deepest layer `name` belongs to (None: not ours)."""
    found = None
    for number, prefix in enumerate(LAYERS):
        if name == prefix or name.startswith(prefix + "."):
            if found is None or len(prefix) > len(LAYERS[found]):
                found = number
    return found


@functools.cache
def imports(path, module_level_only=False):
    """(line, imported module) of every import in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if module_level_only else ast.walk(tree)
    found = []
    for node in nodes:
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            found += [(node.lineno, node.module + "." + alias.name) for alias in node.names]
    return found


def upward(name, path):
    """Imports of a module from a layer above its own: [(line, imported)]."""
    own = layer(name)
    return [(line, imported) for line, imported in imports(path)
            if layer(imported) is not None and layer(imported) > own]


@pytest.mark.parametrize("name", sorted(modules()))
def test_no_module_imports_a_layer_above_its_own(name):
    assert upward(name, modules()[name]) == [], name


def test_the_layer_check_can_fail(tmp_path):
    fake = tmp_path / "m.py"
    fake.write_text("from game.web import text\n\ndef f():\n    import server.app\n")
    assert upward("game.match", fake) == [(1, "game.web"), (1, "game.web.text"), (4, "server.app")]
    assert upward("server.app", fake) == []


def cycles(graph):
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def module_graph(prefix):
    known = modules()
    return {name: sorted({imported for _, imported in imports(path, module_level_only=True)
                          if imported in known and imported != name})
            for name, path in known.items() if name.startswith(prefix)}


def test_the_cycle_check_can_fail():
    assert cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]
    assert cycles({"a": ["b"], "b": []}) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle_at_module_level(package):
    assert cycles(module_graph(package)) == []
