"""The page's gettext in CPython: plural rules as data (no eval) and English fallbacks."""

import pytest

from game.web.words.i18n import Catalog, plural_index
from generator.gamecatalog import catalog_data
from generator.plurals import parse as parse_plural

LOCALES = "locales/{}/LC_MESSAGES/game.po"


@pytest.mark.parametrize("rule, expected", [
    ("(n != 1)", [1, 0, 1, 1, 1]),
    ("(n > 1)", [0, 0, 1, 1, 1]),
    ("0", [0, 0, 0, 0, 0]),
    # Polish-like: three forms, nested ternaries and modulo.
    ("(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)", [2, 0, 1, 1, 2]),
])
def test_plural_rules_evaluate_without_eval(rule, expected):
    tree = parse_plural(rule)
    assert [plural_index(tree, n) for n in (0, 1, 2, 3, 5)] == expected


def test_a_broken_plural_rule_is_refused():
    with pytest.raises(ValueError):
        parse_plural("(n > ")


@pytest.mark.parametrize("lang, one, two", [
    ("en", "1 point", "2 points"), ("fr", "1\u00a0point", "2\u00a0points"), ("vi", "1 điểm", "2 điểm"),
])
def test_real_catalogues_choose_the_right_form(lang, one, two):
    catalog = Catalog(catalog_data(LOCALES.format(lang), lang))
    assert catalog.ngettext("{n} point", "{n} points", 1).replace("{n}", "1") == one
    assert catalog.ngettext("{n} point", "{n} points", 2).replace("{n}", "2") == two
    zero = catalog.ngettext("{n} point", "{n} points", 0)
    assert zero == ("{n} points" if lang == "en" else catalog.ngettext("{n} point", "{n} points", 1))


def test_missing_messages_fall_back_to_english_as_a_whole():
    catalog = Catalog({"lang": "xx", "nplurals": 2, "plural": ["!=", "n", 1],
                       "messages": {"card suit\x04hearts": "cœur"}})
    assert catalog.pgettext("card suit", "hearts") == "cœur"
    assert catalog.pgettext("card suit", "spades") == "spades"
    assert catalog.gettext("Discard") == "Discard"
    assert catalog.ngettext("{n} card", "{n} cards", 3) == "{n} cards"
