"""The game package's modules as the build reads them, and how the page's bundles split them.

`package_modules` reads every module of `game/` (its source less docstrings, its imports, those
run on import); `reachable` follows imports from roots; `split` divides the page's modules into
the bundle that makes the table ready and the second one, loaded once it is: a module says it
belongs to the second by a top-level `BUNDLE = "later"` (declared where the module is, read
here), and the second bundle is what only those modules reach. `import_order` is the order the
worker imports the first bundle's modules in. Pure Python.
"""

import ast
from dataclasses import dataclass
from pathlib import Path

GAME_DIR = Path(__file__).resolve().parent.parent / "game"

# The module the game's Web Worker imports (static/game-worker.js): it makes the game.
ENTRY_MODULE = "game.web.bridge.main"
# The computer players: the game's first two bundles leave them out; they are the players'
# bundle, which the worker loads once the game is ready (`game.web.app.thinker`).
PLAYERS = ("game.ai",)


class LaterImport(ValueError):
    """A module of the first bundle imports one of the second at module level."""


@dataclass(frozen=True)
class Module:
    """One Python module of the bundle: the name it is imported by, the file tracebacks name,
    its source (line numbers as in that file) and the modules it imports."""

    name: str
    filename: str
    source: str
    imports: tuple = ()
    is_package: bool = False
    eager: tuple = ()  # the imports run when the module itself runs (not inside a function)
    later: bool = False  # marked `BUNDLE = "later"`: a root of the page's second bundle


def _run_on_import(tree):
    """The nodes of a module that run when it is imported: all but function bodies."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))


def _imports(nodes, module, is_package):
    """The absolute names of the modules these nodes import (to find what the entry reaches)."""
    found = set()
    package = module if is_package else module.rpartition(".")[0]
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            found.add(base)
            for alias in node.names:
                if alias.name != "*":
                    # `from game import cardnames` imports the module game.cardnames (kept
                    # only when such a module exists: see `reachable`).
                    found.add(base + "." + alias.name if base else alias.name)
    return tuple(sorted(found))


def _strip_docstrings(source, tree):
    """The source without its docstrings, every other line where it was (tracebacks name the
    lines of the file): a docstring becomes `pass` followed by as many empty lines.

    Positions are in UTF-8 bytes, as the ast gives them."""
    lines = source.encode("utf-8").splitlines(keepends=True)
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                spans.append(body[0].value)
    # From the end, so earlier positions stay valid.
    for doc in sorted(spans, key=lambda n: (n.lineno, n.col_offset), reverse=True):
        first, last = doc.lineno - 1, doc.end_lineno - 1
        head = lines[first][: doc.col_offset]
        tail = lines[last][doc.end_col_offset:]
        lines[first: last + 1] = [head + b"pass" + tail] + [b"\n"] * (last - first)
    return b"".join(lines).decode("utf-8")


def package_modules(package_dir=None, name="game"):
    """Every module of a package as a `Module`, read from its files (none listed by hand).

    Filenames are `name/...` (e.g. `game/web/bridge/main.py`); docstrings are dropped (smaller
    bundle), line numbers kept."""
    modules = {}
    for path in sorted(Path(package_dir or GAME_DIR).rglob("*.py")):
        rel = path.relative_to(package_dir or GAME_DIR)
        if "__pycache__" in rel.parts or any(part.startswith(".") for part in rel.parts):
            continue
        parts = [name] + list(rel.with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        module = ".".join(parts)
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source, str(path))
        modules[module] = Module(module, name + "/" + rel.as_posix(), _strip_docstrings(source, tree),
                                 _imports(ast.walk(tree), module, is_package), is_package,
                                 _imports(_run_on_import(tree), module, is_package),
                                 _marked_later(tree, name + "/" + rel.as_posix()))
    return modules


def _marked_later(tree, filename):
    """Whether the module says `BUNDLE = "later"` at its top level: it is loaded with the page's
    second bundle, once the game is ready. Any other value is a mistake, named at its line."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["BUNDLE"]:
            if isinstance(node.value, ast.Constant) and node.value.value == "later":
                return True
            raise ValueError(filename + ":" + str(node.lineno) + ': BUNDLE can only be "later" (the page\'s '
                             "second bundle); a module without it is in the first one")
    return False


def later_roots(modules):
    """The roots of the page's second bundle: the modules marked `BUNDLE = "later"`."""
    return tuple(name for name, module in modules.items() if isinstance(module, Module) and module.later)


def reachable(modules, roots=(ENTRY_MODULE,), stop=()):
    """The modules that the roots import, directly or not (with their packages), less the
    packages or modules named in `stop` and what only they import."""

    def stopped(name):
        return any(name == s or name.startswith(s + ".") for s in stop)

    seen = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        candidates = [name]
        parts = name.split(".")
        for i in range(1, len(parts)):
            candidates.append(".".join(parts[:i]))  # importing a.b.c runs a and a.b first
        for candidate in candidates:
            if candidate in modules and candidate not in seen and not stopped(candidate):
                seen.add(candidate)
                todo.extend(modules[candidate].imports)
    return {name: modules[name] for name in sorted(seen)}


def import_order(modules, entry=ENTRY_MODULE):
    """The modules the entry's import runs, each after those it imports on import (packages
    first): the start script imports them in this order, a few per task, so no one task holds
    the page long; the entry comes last. Imports inside functions run later, when called."""
    order, seen = [], set()

    def visit(name):
        if name in seen or name not in modules:
            return
        seen.add(name)
        parts = name.split(".")
        for i in range(1, len(parts)):
            visit(".".join(parts[:i]))
        module = modules[name]
        for dependency in module.eager if isinstance(module, Module) else ():
            visit(dependency)
        order.append(name)

    visit(entry)
    return order


def split(modules, roots=(ENTRY_MODULE,), later=None, stop=PLAYERS):
    """The page's modules in two parts, (first, second): what the roots reach without going
    through the `later` roots (default: the modules marked `BUNDLE = "later"`), then what only
    those reach (both less `stop`).

    A first module that imports a second one at module level (the first bundle would not run
    without the second) raises `LaterImport`, naming both modules."""
    later = later_roots(modules) if later is None else later
    first = reachable(modules, roots, stop=tuple(stop) + tuple(later))
    # The later roots are run by name once their bundle is in (nothing of the first imports
    # the features: they register themselves), so they are roots of the second bundle too.
    second = {name: m for name, m in reachable(modules, tuple(roots) + tuple(later), stop=stop).items()
              if name not in first}
    for module in first.values():
        for imported in module.eager:
            if imported in second:
                raise LaterImport(module.filename + " imports " + imported + " at module level, but "
                                  + imported + " is in the page's second bundle, loaded after the game "
                                  "is ready (it is marked BUNDLE = \"later\"): import it inside the function "
                                  "that needs it, run once it is loaded (App.need), or move what the "
                                  "first screen needs out of it")
    return first, second
