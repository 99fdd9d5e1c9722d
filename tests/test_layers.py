"""The house's layers are one-way, and its modules stay small enough to read in one sitting.

    server -> generator -> game.web -> game.ai -> game (the engine, the table, the wire)

A module may import its own layer and the layers to its right, never to its left, whether the
import is at module level or inside a function (a lazy import is still a dependency). No two
modules import each other, even through others and inside functions. Within the game in the
page, the rooms import only downward; both are import-linter's contracts too
([tool.importlinter] in pyproject.toml, run by `make lint`), held here as tests that can fail.
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
    """Each module's imports of the house's modules, inside functions too."""
    known = modules()
    return {name: sorted({imported for _, imported in imports(path)
                          if imported in known and imported != name})
            for name, path in known.items() if name.startswith(prefix)}


def test_the_cycle_check_can_fail():
    assert cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]
    assert cycles({"a": ["b"], "b": []}) == []


@pytest.mark.parametrize("package", PACKAGES + ("bench",))
def test_no_import_cycle_even_inside_functions(package):
    assert cycles(module_graph(package)) == []


def _contracts(root):
    """import-linter's verdict on the project at `root` (its pyproject.toml's contracts):
    (kept, broken) contract names."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", "from importlinter.cli import lint_imports_command; "
                           "lint_imports_command()", "--no-cache"], cwd=root, capture_output=True, text=True)
    lines = done.stdout.splitlines()
    return ([line[:-5] for line in lines if line.endswith(" KEPT")],
            [line[:-7] for line in lines if line.endswith(" BROKEN")], done.returncode)


def test_the_import_contracts_are_kept():
    kept, broken, code = _contracts(ROOT)
    assert broken == [] and code == 0 and len(kept) == 2


def test_the_import_contracts_can_fail_even_on_an_import_inside_a_function(tmp_path):
    """A copy of the page's rooms where a room low in the order imports one above it inside a
    function, and one module imports another that imports it back."""
    import shutil

    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    for package in PACKAGES + ("bench",):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    words = tmp_path / "game/web/words/text.py"
    words.write_text(words.read_text() + "\n\ndef upward():\n    from game.web.app import app  # noqa\n")
    rng = tmp_path / "game/rng.py"
    rng.write_text(rng.read_text() + "\n\ndef back():\n    from game import deals  # noqa\n")
    deals = tmp_path / "game/deals.py"
    assert "from game.rng import" in deals.read_text()
    kept, broken, code = _contracts(tmp_path)
    assert code != 0 and len(broken) == 2, (kept, broken)


def _module_file(name):
    """The file of one of the house's modules (a package's __init__), or None."""
    base = ROOT / name.replace(".", "/")
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def missing(path):
    """[(line, import)] of the house's names a file imports that do not exist (a module moved
    away: an import inside a function would only fail when it runs, in the page)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom) or node.level or not node.module \
                or node.module.split(".")[0] not in PACKAGES + ("bench",):
            continue
        module = _module_file(node.module)
        if module is None:
            found.append((node.lineno, node.module))
            continue
        defined = {getattr(n, "name", None) for n in ast.parse(module.read_text(encoding="utf-8")).body}
        for target in ast.parse(module.read_text(encoding="utf-8")).body:
            if isinstance(target, (ast.Assign, ast.AnnAssign)):
                targets = target.targets if isinstance(target, ast.Assign) else [target.target]
                defined |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
            elif isinstance(target, (ast.Import, ast.ImportFrom)):
                defined |= {(a.asname or a.name).split(".")[0] for a in target.names}
        for alias in node.names:
            if alias.name not in defined and _module_file(node.module + "." + alias.name) is None:
                found.append((node.lineno, node.module + "." + alias.name))
    return found


@pytest.mark.parametrize("name", sorted(n for n in modules() if n.startswith("game.")))
def test_every_import_of_the_game_names_what_exists(name):
    assert missing(modules()[name]) == [], name


def test_the_missing_import_check_can_fail(tmp_path):
    fake = tmp_path / "m.py"
    fake.write_text("def f():\n    from game.web.app import progress\n    from game.cards import DECK, NOPE\n")
    assert missing(fake) == [(2, "game.web.app.progress"), (3, "game.cards.NOPE")]
