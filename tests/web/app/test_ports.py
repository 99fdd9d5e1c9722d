"""Every implementation of a port has all it declares (game/web/app/ports.py): the bridge's
host (read from its source: it imports the browser), the tests' fake host, and the three
tables."""

import ast
import inspect
from pathlib import Path

import pytest

from game.web.app import ports
from game.web.online.remote import RemoteTable
from game.web.play.tables import LocalTable, TrainingTable
from tests.web.app.fakes import FakeHost, FakeSocket

ROOT = Path(__file__).resolve().parents[3]


def declared(port):
    """The names a port declares: its functions, properties and annotated attributes."""
    names = {name for name, value in vars(port).items()
             if not name.startswith("_") and (inspect.isfunction(value) or isinstance(value, property))}
    return names | set(getattr(port, "__annotations__", {}))


def defined_in_source(path, class_name):
    """The methods and `self.` attributes a class of a file defines (read, not imported)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == class_name)
    found = {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}
    for node in ast.walk(cls):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and getattr(node.value, "id", "") == "self":
            found.add(node.attr)
    return found


def lacking(port, names):
    return sorted(declared(port) - set(names))


@pytest.mark.parametrize("table", [LocalTable, TrainingTable, RemoteTable])
def test_every_table_has_the_verbs_the_app_uses(table):
    source = set(dir(table)) | defined_in_source(Path(inspect.getsourcefile(table)), table.__name__)
    if table is TrainingTable:
        source |= defined_in_source(Path(inspect.getsourcefile(LocalTable)), "LocalTable")
    assert lacking(ports.Table, source) == []


def test_both_hosts_have_what_the_port_declares():
    assert lacking(ports.Host, defined_in_source(ROOT / "game/web/bridge/host.py", "JsHost")) == []
    assert lacking(ports.Host, dir(FakeHost)) == []
    assert lacking(ports.Socket, defined_in_source(ROOT / "game/web/bridge/host.py", "JsSocket")) == []
    assert lacking(ports.Socket, dir(FakeSocket)) == []


def test_the_check_can_fail():
    class Half:
        def view(self, seat):
            return None

    assert "act" in lacking(ports.Table, dir(Half))
