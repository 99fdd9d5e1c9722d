"""The commands and effects, each declared once beside its handler (game.web.play.registry), held
against what the screens draw and the bundle split the build makes (generator.bundle)."""

import re

import pytest

from game.rules import Rules
from game.web.play import registry
from game.web.play.scene import Scene
from game.web.table.render import render
from game.web.table.table import render_bar, render_handover, render_table
from game.web.words.keys import shortcuts
from generator.modules import package_modules, split
from tests.web.table.test_render import screens

ACT = re.compile(r'data-act="([^"]+)"')


@pytest.fixture(scope="module")
def bundles():
    """(first, second): the module names of the page's two bundles, as the build splits them."""
    # Every command is declared: tests/web/conftest.py imported the second bundle's modules.
    first, second = split(package_modules())
    return set(first), set(second)


def module_of(name):
    return registry.COMMANDS[name].handler.__module__


def drawn(html):
    return set(ACT.findall(html))


def first_screens():
    """Every control the first bundle's screens draw (the table, the bar, the hand-over
    screen), over whole matches of every mode."""
    acts = set()
    for mode in ("cpu", "duo"):
        for _match, view, ui in screens(5, Rules.preset("classic").replace(target=50), mode):
            if ui.dialog is None:
                scene = Scene(view, ui)
                acts |= drawn(render_bar(view, ui) + render_table(scene) + render_handover(scene))
    return acts


def test_every_control_and_every_shortcut_runs_a_declared_command(bundles):
    acts = set()
    for mode in ("cpu", "duo"):
        for _match, view, ui in screens(7, Rules.preset("classic").replace(target=50), mode):
            acts |= drawn(render(view, ui))
    assert len(acts) > 20
    missing = {act for act in acts | set(shortcuts().values()) if registry.find(act) is None}
    assert missing == set()


def test_a_command_carried_out_alone_is_declared_by_the_first_bundle(bundles):
    first, second = bundles
    alone = [name for name, found in registry.COMMANDS.items() if found.alone]
    assert len(alone) > 15
    outside = {name: module_of(name) for name in alone if module_of(name) not in first}
    assert outside == {}


def test_every_command_of_a_first_bundle_screen_is_declared_in_the_first_bundle(bundles):
    """Drawn before the second bundle is in the page, a control's command is known there: it
    runs, or waits for the second bundle (App.need) if it is not `alone`. The coach's hint
    button alone is the second bundle's: it is drawn only once hints are turned on, in the
    menu of the second bundle."""
    first, second = bundles
    acts = first_screens()
    assert {"card", "draw_stock", "pile", "pass", "discard", "menu", "sheet"} <= acts
    declared_later = {act: module_of(act) for act in acts if module_of(act) not in first}
    assert set(declared_later) <= {"hint"}, declared_later




def test_every_effect_is_carried_out_by_a_module_of_the_game():
    """Each effect a command may ask for is carried out by one module (a second declaration of
    one is refused: `test_a_name_declared_twice_is_refused`)."""
    from game.web.play import effects

    named = {value for key, value in vars(effects).items() if key.isupper()}
    # FOCUS_ONLY is how a command is drawn (the focus moves, nothing else), not a deed.
    assert set(registry.EFFECTS) == named - {effects.FOCUS_ONLY}


def test_a_name_declared_twice_is_refused():
    with pytest.raises(ValueError):
        registry.declare("card", lambda ui, view, arg: None)
    registry.effect("test_twice")(print)
    try:
        with pytest.raises(ValueError):
            registry.effect("test_twice")(print)
    finally:
        del registry.EFFECTS["test_twice"]


def test_the_alone_check_can_fail(bundles, monkeypatch):
    """A command declared alone by the second bundle is found."""
    first, second = bundles
    stats = registry.COMMANDS["stats"]
    monkeypatch.setattr(stats, "alone", True)
    with pytest.raises(AssertionError):
        test_a_command_carried_out_alone_is_declared_by_the_first_bundle(bundles)
