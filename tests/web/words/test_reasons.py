"""The coach's reasons in words: a chance said as the nearest fraction of a grid, and every kind
of reason worded in every language, whole, with the sentence its facts choose."""

import pytest

from game.cards import parse_card
from game.web.words import coachtext as W
from game.web.words import i18n
from game.web.words import reasons as R
from tests.web.words.test_coachtext import catalogue

LANGS = ("en", "fr", "vi")
FACTS = {"card": parse_card("QS"), "other": parse_card("AH"), "pickup": parse_card("7S"), "now": 17, "after": 7,
         "stock": 20.5, "n": 5, "k": 2, "need": 12, "shape": "run", "chance": 0.3, "undercut": 0.2, "wins": 0.8,
         "points": 12.0, "wait": 3.0, "gin_cards": 3, "live": 6, "late": 25}


@pytest.fixture(autouse=True)
def english():
    previous = i18n.current()
    i18n.install(i18n.Catalog(None))
    yield
    i18n.install(previous)


def test_a_chance_is_the_nearest_fraction_as_odds():
    assert R.chance_parts(0.125) == (1, 8)
    assert R.chance_parts(0.5) == R.chance_parts(0.48) == (1, 2)
    assert R.chance_parts(0.03) == (1, 30) and R.chance_parts(0.024) == (1, 40)
    assert R.chance_parts(0.7) == (2, 3) and R.chance_parts(0.9) == (9, 10)
    assert R.chance_parts(0.0) == (1, 40) and R.chance_parts(1.0) == (19, 20)


@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_is_worded_in_every_language(lang):
    i18n.install(catalogue(lang))
    for kind, reason in R.REASONS.items():
        for upcard in (False, True):
            for shape in ("run", "set", "longer_run", "four"):
                text = W.plain(reason(dict(FACTS, upcard=upcard, shape=shape)))
                assert text and "{" not in text and "[" not in text, (kind, text)
    assert W.plain(R.REASONS["knock"](dict(FACTS, undercut=0.01))) != W.plain(R.REASONS["knock"](FACTS))
    assert W.plain(R.REASONS["stock_for_gin"](dict(FACTS, chance=0.01, upcard=False))) != \
        W.plain(R.REASONS["stock_for_gin"](dict(FACTS, upcard=False)))
