"""The single-key shortcuts come from each language's catalogue, and no two commands share one."""

from pathlib import Path

import pytest

from game.web.play.registry import COMMANDS
from game.web.words import i18n
from game.web.words.keys import command_keys, key_for, shortcuts
from generator.gamecatalog import catalog_data

ROOT = Path(__file__).resolve().parents[3]
LANGS = sorted(p.name for p in (ROOT / "locales").iterdir() if (p / "LC_MESSAGES" / "game.po").exists())


def install(lang):
    path = ROOT / "locales" / lang / "LC_MESSAGES" / "game.po"
    i18n.install(i18n.Catalog(catalog_data(str(path), lang)))


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.install(i18n.Catalog(None))


@pytest.mark.parametrize("lang", LANGS)
def test_no_two_commands_share_a_key(lang):
    install(lang)
    keys = command_keys()
    assert all(len(key) == 1 and key == key.lower() and not key.isspace() for key in keys.values()), keys
    shared = {key: [name for name in keys if keys[name] == key] for key in keys.values()}
    assert {key: names for key, names in shared.items() if len(names) > 1} == {}
    assert set(shortcuts().values()) <= set(COMMANDS)


def test_the_letters_are_each_languages_own():
    install("fr")
    french = command_keys()
    install("vi")
    vietnamese = command_keys()
    i18n.install(i18n.Catalog(None))
    english = command_keys()
    assert english["draw_stock"] == "d" and key_for("draw_stock") == "D"
    assert french["draw_stock"] == "t"  # « talon »
    assert vietnamese["draw_stock"] == "b"  # "bốc"
    assert french != english and vietnamese != english


def test_a_translated_letter_that_is_an_untranslated_command_s_english_one_keeps_it():
    """draw_discard translated as D, draw_stock untranslated (still English D): draw_stock has
    no key until translated (the build warns), never two commands on one key."""
    i18n.install(i18n.Catalog({"lang": "xx", "nplurals": 2, "plural": ["!=", "n", 1],
                               "messages": {"shortcut\x04P": "D"}}))
    keys = command_keys()
    assert keys["draw_discard"] == "d" and "draw_stock" not in keys
