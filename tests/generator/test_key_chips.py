"""`[[key:COMMAND]]` in the guide prints the game's own shortcut letter for the page's language."""

import pytest

from game.web import i18n
from generator.catalogs import Messages
from generator.content import _check_chips, key_html
from generator.errors import BuildError


def test_the_letter_is_the_game_catalogues():
    french = Messages({("shortcut", "D"): "T"}, lambda n: 0 if n <= 1 else 1)
    before = i18n.current()
    assert key_html("draw_stock", french) == "<kbd>T</kbd>"
    assert key_html("knock", french) == "<kbd>K</kbd>"  # untranslated: the English letter
    assert i18n.current() is before  # the page's catalogue is put back


def test_an_unknown_command_is_a_build_error_naming_the_known_ones():
    with pytest.raises(BuildError, match="draw_stock"):
        _check_chips("key:draw_stok", "content/play.md", 44)
    _check_chips("key:draw_stock", "content/play.md", 44)  # a known one passes
