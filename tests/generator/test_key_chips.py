"""`[[key:COMMAND]]` in the guide prints the game's own shortcut letter for the page's language."""

import re

import pytest

from game.web.words import i18n, keys
from generator.bundle import ROOT
from generator.catalogs import Messages, load_language
from generator.config import load_config
from generator.content import ContentRenderer, _check_chips, key_html, load_sources
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


def test_the_faq_and_the_play_page_show_each_language_the_letters_its_game_uses():
    # The FAQ once listed the English letters in every language (in French, D takes from the
    # discard pile there, and K does nothing): both pages now name each key by its chip.
    config = load_config(ROOT)
    sources = {s.document.slug: s for s in load_sources(ROOT / "content")}
    for language in config.languages:
        catalogs = load_language(config, language.code)
        renderer = ContentRenderer(catalogs, render_example=None)
        # Each command's key as the game of this language shows it (`key_html`, as a chip does).
        letters = {command: key_html(command, catalogs["game"]) for command in keys.command_keys() if command != "help"}
        for slug, commands in (("faq", set(letters)), ("play", set(letters))):  # the hint key too
            html = str(renderer.render(sources[slug]).html)
            shown = re.findall(r"<kbd>[^<]*</kbd>", html)
            assert set(shown) == {letters[command] for command in commands}, (language.code, slug)


def test_no_page_of_the_guide_names_a_shortcut_by_a_bare_letter():
    # "Press H" in English becomes « Appuyez sur H » in French, where the key is V: a page
    # names a shortcut by its chip, which prints the letter of the page's language.

    bare = re.compile(r"\b[Pp]ress(?:ing)? [A-Z]\b|^- [A-Z] [a-z]+s\b", re.M)
    for path in sorted((ROOT / "content").glob("*.md")):
        found = bare.findall(path.read_text(encoding="utf-8"))
        assert not found, (path.name, found)
