"""Shared by every suite: each test starts with the page's words in English and leaves no other
language behind (tests install a language's catalogue for the game's words: `game.web.words.i18n`)."""

import pytest

from game.web.words import i18n


@pytest.fixture(autouse=True)
def english_words():
    with i18n.installed(i18n.Catalog(None)):
        yield


def pytest_collection_modifyitems(config, items):
    """The browser tests first, the short CPython ones after: `make test`'s two processes take
    tests from each other's queue ends (xdist's worksteal), so the last tests of the run, when
    one process may wait for the other, are short ones (they were whole browser hands, a tail
    of 90 s)."""
    items.sort(key=lambda item: "tests/browser/" not in item.nodeid)
