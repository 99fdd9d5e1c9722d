"""Brython's runtime as the page runs it: brython.js without its compiler, patched, in parts."""

import json

import pytest

from generator import runtime
from generator.bundle import module_function


def test_the_shipped_runtime_is_brython_without_its_compiler():
    full = runtime.brython_source()
    shipped = runtime.runtime_source(full)
    assert "$B.Parser=function" in full and "$B.Parser=function" not in shipped
    assert "$B.$__import__=function" in shipped and "$B.loadBrythonPackage=function" in shipped
    # Its code generator and the builtins' docstrings go too; the name lookups compiled modules
    # call stay.
    assert ".prototype.to_js=function" in full and ".prototype.to_js=function" not in shipped
    assert "$B.resolve_in_scopes=function" in shipped and "$B.resolve_local=function" in shipped
    assert "var docs={" in full and "var docs={" not in shipped and "in docs)" not in shipped
    assert len(shipped) < 0.6 * len(full)
    with pytest.raises(ValueError, match="compiler chain"):
        runtime.runtime_source(full.replace(runtime.COMPILER_START, ""))
    with pytest.raises(ValueError, match="code generator"):
        runtime.runtime_source(full.replace(runtime.CODEGEN_START, ""))
    with pytest.raises(ValueError, match="docstrings"):
        runtime.runtime_source(full.replace(runtime.DOCS_START, ""))


def test_the_importer_calls_a_module_given_as_a_function_and_still_runs_one_given_as_text():
    from py_mini_racer import MiniRacer

    full = runtime.brython_source()
    shipped = runtime.runtime_source(full)
    assert runtime.MODULE_CALL in full and runtime.MODULE_CALL not in shipped
    assert shipped.count(runtime.MODULE_CALL_FUNCTION) == 1
    with pytest.raises(ValueError, match="MODULE_CALL"):
        runtime.runtime_source(full.replace(runtime.MODULE_CALL, runtime.MODULE_CALL.replace("new Function", "Function")))
    # The patched lines, run as the importer runs them, on a module of each kind.
    run = ("function (mod_js, prefix, parent_id, mod) {\n" + runtime.MODULE_CALL_FUNCTION + "mod); return $module; }")
    engine = MiniRacer()
    try:
        engine.eval("var run = " + run)
        given = module_function("pkg.m", "var locals_pkg_m={x: mod_arg}")
        assert given == "function(locals_pkg_m){\nvar locals_pkg_m={x: mod_arg}\nreturn locals_pkg_m}"
        engine.eval("var mod_arg = 7")
        assert engine.eval("run(" + given + ", 'locals_', 'pkg_m', null).x") == 7
        assert engine.eval("run('var locals_pkg_m={x: 8}\\n', 'locals_', 'pkg_m', null).x") == 8
    finally:
        engine.close()


def test_the_time_zone_is_worked_out_when_read_and_is_the_same_value():
    from py_mini_racer import MiniRacer

    full = runtime.brython_source()
    shipped = runtime.runtime_source(full)
    assert runtime.TIME_ZONE in full and runtime.TIME_ZONE not in shipped and runtime.TIME_ZONE_ON_DEMAND in shipped
    with pytest.raises(ValueError, match="TIME_ZONE"):
        runtime.runtime_source(full.replace(runtime.TIME_ZONE, runtime.TIME_ZONE.replace("var date", "let date")))
    engine = MiniRacer()
    try:
        engine.eval("var $B = {language: 'en-US'}, eager = {language: 'en-US'};"
                    "(function ($B) {" + runtime.TIME_ZONE + "})(eager);"
                    "(function ($B) {" + runtime.TIME_ZONE_ON_DEMAND + "})($B);")
        # Not read at start by a walk over the runtime's properties...
        assert engine.eval("Object.keys($B).join()") == "language"
        # ... and, once read, the value brython.js would have worked out, kept as a plain property.
        assert engine.eval("$B.tz_name === eager.tz_name && $B.tz_name.length > 0")
        assert engine.eval("Object.getOwnPropertyDescriptor($B, 'tz_name').value === eager.tz_name")
    finally:
        engine.close()


def test_the_builtin_types_are_finalized_one_part_each_in_the_same_order():
    from py_mini_racer import MiniRacer

    full = runtime.brython_source()
    shipped = runtime.runtime_source(full)
    assert runtime.FINALIZE_TYPES in full and runtime.FINALIZE_TYPES not in shipped
    with pytest.raises(ValueError, match="FINALIZE_TYPES"):
        runtime.runtime_source(full.replace(runtime.FINALIZE_TYPES, runtime.FINALIZE_TYPES.replace("var cls", "let cls")))
    engine = MiniRacer()
    try:
        engine.eval("var done = [], $B = {builtin_types: {int: 'int', str: 'str'}, created_types: {cell: 'cell'},"
                    "  finalize_type: function (cls) { done.push(cls) }, $parts: [function () { done.push('next part') }]};"
                    "(function () {" + runtime.FINALIZE_TYPES_IN_PARTS + "})();")
        assert engine.eval("done.length") == 0 and engine.eval("$B.$parts.length") == 4
        engine.eval("while ($B.$parts.length) { $B.$parts.shift()() }")
        assert engine.eval("done.join()") == "int,str,cell,next part"
    finally:
        engine.close()


def test_the_runtime_runs_in_parts_each_of_which_compiles_on_its_own():
    from py_mini_racer import MiniRacer

    shipped = runtime.runtime_source(runtime.brython_source())
    script = runtime.runtime_script(shipped)
    head = script[: script.index("__BRYTHON__.$parts = [")]
    assert 'var __BRYTHON__=globalThis.__BRYTHON__' in head and "(function($B){" not in head
    parts = [part for part in shipped[len(head):].split(runtime.PART_SEPARATOR) if part.strip()]
    assert len(parts) > 20 and max(map(len, parts)) < 0.1 * len(shipped)
    engine = MiniRacer()
    try:
        # brython.js is strict code (its first statement): each part is compiled as such.
        for part in parts:
            engine.eval("new Function(" + json.dumps('"use strict";\n' + part) + "); 1")
        engine.eval(runtime.RUNNER.replace("(__BRYTHON__)", "(globalThis.B = {$parts: [], loadBrythonPackage() {}})"))
        assert engine.eval("typeof B.$game.run") == "function"
    finally:
        engine.close()
    assert script.count("function () {\n") >= len(parts) and script.endswith(runtime.RUNNER)
    with pytest.raises(ValueError, match="parts"):
        runtime.runtime_script(shipped.replace(runtime.FIRST_PART, "\n(function(X){"))
