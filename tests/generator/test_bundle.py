"""The game bundle: Python modules found in the package, compiled by Brython's compiler at build time."""

import ast
import json
import textwrap

import pytest

from generator import bundle, compiler, modules
from generator.bundle import bundle_source, bundle_sources
from generator.modules import (
    ENTRY_MODULE,
    GAME_DIR,
    PLAYERS,
    LaterImport,
    Module,
    import_order,
    later_roots,
    package_modules,
    reachable,
    split,
)
from generator.runtime import brython_source, runtime_script, runtime_source

# A stand-in for the runtime's `$game.add`: it keeps what the bundle gives it, each module's
# function as its text (in a list for a package, as the importer finds it).
_ADD = """var kept, __BRYTHON__ = {$game: {add: function (vfs, code, order) {
  var texts = {};
  for (var name in code) {
    var f = code[name];
    texts[name] = Array.isArray(f) ? [typeof f[0] == "function" ? String(f[0]) : null]
                                   : typeof f == "function" ? String(f) : null;
  }
  kept = {vfs: vfs, code: texts, order: order};
}}};
"""


def _added(text):
    """What a bundle gives the runtime when the page runs it: {vfs, code, order}."""
    from py_mini_racer import MiniRacer

    engine = MiniRacer()
    try:
        return json.loads(engine.eval(_ADD + text + "\nJSON.stringify(kept)"))
    finally:
        engine.close()


def _parts(text):
    """The bundle's VFS and its modules' code (the text of each one's function)."""
    added = _added(text)
    return added["vfs"], added["code"]


def test_docstrings_go_and_every_other_line_stays_where_it_was():
    source = textwrap.dedent('''\
        """Module doc,
        on two lines."""
        import os  # é, so positions are bytes


        class A:
            """Class doc."""

            def f(self):
                """Only a docstring."""

            def g(self):  """Same line."""; return 1
        x = "not a docstring"
        ''')
    stripped = modules._strip_docstrings(source, ast.parse(source))
    tree = ast.parse(stripped)
    assert ast.get_docstring(tree) is None
    assert all(ast.get_docstring(n) is None for n in ast.walk(tree)
               if isinstance(n, (ast.ClassDef, ast.FunctionDef)))
    before, after = source.splitlines(), stripped.splitlines()
    assert len(after) == len(before)
    for old, new in zip(before, after, strict=True):
        assert new == old or '"""' in old, (old, new)
    assert "return 1" in after[11] and after[12] == before[12]


def test_every_module_of_the_package_is_found_with_its_file(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "sub" / "__init__.py").write_text("from . import leaf\n")
    (tmp_path / "sub" / "leaf.py").write_text("from pkg.other import x\n")
    (tmp_path / "other.py").write_text("x = 1\n")
    (tmp_path / "unused.py").write_text("y = 2\n")
    modules = package_modules(tmp_path, "pkg")
    assert sorted(modules) == ["pkg", "pkg.other", "pkg.sub", "pkg.sub.leaf", "pkg.unused"]
    assert modules["pkg.sub.leaf"].filename == "pkg/sub/leaf.py"
    assert modules["pkg.sub"].is_package and not modules["pkg.other"].is_package
    assert sorted(reachable(modules, ("pkg.sub",))) == ["pkg", "pkg.other", "pkg.sub", "pkg.sub.leaf"]


def test_the_bundles_hold_compiled_code_for_every_reached_module_and_no_source():
    texts = bundle_sources()
    page, page_code = _parts(texts.first)
    more, more_code = _parts(texts.more)
    worker, worker_code = _parts(texts.players)
    wanted = reachable(package_modules(GAME_DIR), (ENTRY_MODULE,) + later_roots(package_modules(GAME_DIR)))
    assert ENTRY_MODULE in page and "game.ai.hard" in worker and "game.web.screens.dialogs" in more
    assert not set(page) & set(worker) and not set(page) & set(more) and not set(more) & set(worker)
    assert sorted({**page, **more, **worker}) == sorted(wanted) == sorted({**page_code, **more_code, **worker_code})
    # The computer players are the players' bundle only: the game's two others have none of them.
    assert sorted(worker) == sorted(n for n in wanted if any(n == s or n.startswith(s + ".") for s in PLAYERS))
    vfs, precompiled = {**page, **more, **worker}, {**page_code, **more_code, **worker_code}
    text = texts.first + texts.more + texts.players
    for name, module in wanted.items():
        assert vfs[name][:2] == [".py", ""], name  # no Python source shipped
        code = precompiled[name][0] if module.is_package else precompiled[name]
        assert isinstance(precompiled[name], list) == module.is_package
        # A function that returns the module's namespace (the importer calls it, see
        # bundle.MODULE_CALL), and the file tracebacks name.
        namespace = "locals_" + name.replace(".", "_")
        assert code.startswith("function(" + namespace + "){") and code.endswith("return " + namespace + "}")
        assert '"' + module.filename + '"' in code
        for line in module.source.splitlines():
            if line.strip().startswith(("def ", "class ")):
                assert line.strip() not in text, line


def test_the_first_bundle_holds_none_of_the_features_loaded_after_ready():
    modules = package_modules(GAME_DIR)
    first, more = split(modules)
    page, _ = _parts(bundle_source())
    assert sorted(page) == sorted(first)
    # Every module marked BUNDLE = "later", and what only they reach, is in the second bundle, none in the first.
    assert set(later_roots(package_modules(GAME_DIR))) <= set(more) and not set(first) & set(more)
    assert {"game.web.online.remote", "game.web.progress.chart"} <= set(more)
    # What the table needs to be drawn and to take input is in the first.
    assert {ENTRY_MODULE, "game.web.app.app", "game.web.table.table", "game.web.play.commands", "game.web.app.controls",
            "game.web.app.thinker", "game.match"} <= set(first)
    # The first bundle runs alone: what its modules import at module level is in it too.
    for module in first.values():
        assert all(name in first or name not in modules for name in module.eager), module.name


def test_a_first_module_importing_a_later_one_at_module_level_stops_the_build(tmp_path):
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "main.py").write_text("from pkg import table\n\ndef open_menu():\n    from pkg import menu\n")
    (tmp_path / "table.py").write_text("import pkg.cards\n")
    (tmp_path / "cards.py").write_text("")
    (tmp_path / "menu.py").write_text("from pkg import cards, chart\n")
    (tmp_path / "chart.py").write_text("")
    modules = package_modules(tmp_path, "pkg")
    # Imported inside a function: the second bundle, with what only it reaches.
    first, more = split(modules, ("pkg.main",), later=("pkg.menu",), stop=())
    assert sorted(first) == ["pkg", "pkg.cards", "pkg.main", "pkg.table"]
    assert sorted(more) == ["pkg.chart", "pkg.menu"]
    # At module level (even inside a class body or an if): the build stops, naming both.
    (tmp_path / "table.py").write_text("import pkg.cards\n\nif True:\n    class T:\n        from pkg.menu import x\n")
    with pytest.raises(LaterImport, match=r"pkg/table\.py imports pkg\.menu at module level"):
        split(package_modules(tmp_path, "pkg"), ("pkg.main",), later=("pkg.menu",), stop=())


def test_compiled_code_is_the_same_every_build():
    modules = {"pkg.m": ("pkg/m.py", "def f(x):\n    return [y for y in x if y]\n", False)}
    runtime = bundle.brython_source()
    one = compiler.compile_modules(modules, runtime)
    assert one == compiler.compile_modules(modules, runtime)
    assert "locals_pkg_m" in one["pkg.m"]


def test_a_module_the_compiler_refuses_is_named_with_its_line():
    runtime = bundle.brython_source()
    with pytest.raises(compiler.CompileError, match=r"game/bad\.py, line 2: '\(' was never closed"):
        compiler.compile_modules({"game.bad": ("game/bad.py", "x = 1\ndef f(:\n    pass\n", False)},
                                 runtime)


def test_a_stdlib_module_in_python_is_compiled_too(monkeypatch):
    monkeypatch.setattr(bundle, "STDLIB_MODULES", ("keyword",))
    found = bundle.stdlib_modules()
    assert isinstance(found["keyword"], Module) and found["keyword"].filename == "Lib/keyword.py"
    vfs, precompiled = _parts(bundle_source())
    assert vfs["keyword"] == [".py", "", []]
    assert '"Lib/keyword.py"' in precompiled["keyword"]


def test_no_file_of_compiled_code_asks_to_be_compiled_whole_at_once():
    """The worker loads them with importScripts, which compiles on its own thread: Chrome's
    compile hint made it compile every function at once (generator/runtime.py)."""
    texts = bundle_sources()
    runtime = runtime_script(runtime_source(brython_source()))
    for text in (runtime, texts.first, texts.more, texts.players):
        assert "allFunctionsCalledOnLoad" not in text.split("\n", 1)[0]


def test_the_start_imports_each_module_after_those_it_imports_on_import():
    modules = package_modules()
    page = reachable(modules, (ENTRY_MODULE,), stop=PLAYERS)
    order = import_order(page)
    assert order[-1] == ENTRY_MODULE and len(order) == len(set(order))
    seen = set()
    for name in order:
        parts = name.split(".")
        assert all(".".join(parts[:i]) in seen for i in range(1, len(parts))), name
        assert all(dep in seen for dep in page[name].eager if dep in page), name
        seen.add(name)
    # Only what runs on import: a module imported inside a function waits for its call.
    assert "game.web.play.lesson" in page and "game.web.play.lesson" not in order
    assert _added(bundle_source())["order"] == order


def test_the_column_spans_of_tracebacks_go_and_nothing_else():
    code = ("var frame=['f',locals]\nframe.positions = [[11,32,0,39],[35,7,69]]\n"
            "  frame.positions=[[1,2,3]]\nframe.positions = f(x)\n$B.set_lineno(frame,12)\n")
    assert bundle.drop_positions(code) == "var frame=['f',locals]\nframe.positions = f(x)\n$B.set_lineno(frame,12)\n"
    _, precompiled = _parts(bundle_source())
    code = "".join(value[0] if isinstance(value, list) else value for value in precompiled.values())
    assert "frame.positions" not in code and "$B.set_lineno(frame," in code


def test_a_module_says_it_belongs_to_the_second_bundle_where_it_is(tmp_path):
    """`BUNDLE = "later"` makes a module a root of the second bundle; any other value is an
    error naming the file and line."""
    package = tmp_path / "game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "entry.py").write_text("def later():\n    from game import extra\n")
    (package / "extra.py").write_text('import game.deep\n\nBUNDLE = "later"\n')
    (package / "deep.py").write_text("X = 1\n")
    modules = package_modules(package)
    assert later_roots(modules) == ("game.extra",)
    first, second = split(modules, roots=("game.entry",))
    assert set(first) == {"game", "game.entry"} and set(second) == {"game.extra", "game.deep"}
    (package / "extra.py").write_text('BUNDLE = "soon"\n')
    with pytest.raises(ValueError, match=r"game/extra.py:1: BUNDLE can only be \"later\""):
        package_modules(package)
