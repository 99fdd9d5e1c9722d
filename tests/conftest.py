"""Shared by every suite: each test starts with the page's words in English and leaves no other
language behind (tests install a language's catalogue for the game's words: `game.web.words.i18n`)."""

import pytest

from game.web.words import i18n


@pytest.fixture(autouse=True)
def english_words():
    with i18n.installed(i18n.Catalog(None)):
        yield
