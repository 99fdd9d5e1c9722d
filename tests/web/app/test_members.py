"""The composition root's interface, read from the source: what the game's modules ask of the
`App` (as `app.` in the features' effects and hooks, `self.` in the App) exists, even on a path
no test runs."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
APP = ROOT / "game/web/app/app.py"


def app_members(source):
    """The methods of `App` and the attributes its methods set on `self`."""
    tree = ast.parse(source)
    app = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "App")
    found = {n.name for n in app.body if isinstance(n, ast.FunctionDef)}
    for node in ast.walk(app):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) \
                and isinstance(node.value, ast.Name) and node.value.id == "self":
            found.add(node.attr)
    return found


def asked(source, name):
    """[(line, attribute)] of `name.attribute` in the source (`app.show`, `self.pacer`)."""
    return [(n.lineno, n.attr) for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == name]


def unknown(members):
    found = []
    for path in sorted((ROOT / "game/web").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        names = ("self", "app") if path == APP else ("app",)
        found += [(str(path.relative_to(ROOT)), line, attr) for name in names
                  for line, attr in asked(source, name) if attr not in members]
    return found


def test_what_the_page_asks_of_the_app_exists():
    assert unknown(app_members(APP.read_text(encoding="utf-8"))) == []


def test_the_check_can_fail():
    members = app_members(APP.read_text(encoding="utf-8"))
    assert "show" in members and "pacer" in members
    assert ("game/web/online/effects.py" in {path for path, _line, _attr in unknown(members - {"show"})})
