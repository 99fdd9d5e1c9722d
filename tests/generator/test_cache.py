"""The build cache gives exactly what the work would give, and a broken cache is only slower."""

from generator import cache, compiler, precompressed
from generator.runtime import brython_source

MODULES = {"pkg": ("pkg/__init__.py", "", True),
           "pkg.one": ("pkg/one.py", "def f(x):\n    return [i * x for i in range(3)]\n", False)}


def test_a_cached_compile_is_the_compile(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "CACHE_DIR", tmp_path / "cache")
    runtime = brython_source()
    first = compiler.compile_modules(MODULES, runtime)
    assert list((tmp_path / "cache" / "compiled").iterdir())
    calls = []
    monkeypatch.setattr(compiler, "_compile", lambda *args: calls.append(args))
    assert compiler.compile_modules(MODULES, runtime) == first and calls == []
    changed = dict(MODULES, **{"pkg.one": ("pkg/one.py", "x = 2\n", False)})
    compiler.compile_modules(changed, runtime)
    assert len(calls) == 1  # another source: compiled again


def test_compressed_copies_are_the_same_with_or_without_the_cache(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "CACHE_DIR", tmp_path / "cache")
    page = tmp_path / "page.html"
    page.write_text("<p>gin rami</p>\n" * 200)
    precompressed.compress_files([page])
    cold = {p.name: p.read_bytes() for p in tmp_path.glob("page.html.*")}
    for copy in tmp_path.glob("page.html.*"):
        copy.unlink()
    precompressed.compress_files([page])  # from the cache now
    assert {p.name: p.read_bytes() for p in tmp_path.glob("page.html.*")} == cold
    monkeypatch.setenv("GINRUMMY_BUILD_CACHE", "off")
    precompressed.compress_files([page])
    assert {p.name: p.read_bytes() for p in tmp_path.glob("page.html.*")} == cold


def test_an_unwritable_cache_is_not_an_error(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setattr(cache, "CACHE_DIR", blocked / "cache")
    assert cache.cached("kind", cache.key("x"), lambda: b"value") == b"value"
