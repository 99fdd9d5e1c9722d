"""The game's first screen drawn at build time: a real deal, in the page's language."""

from game.cards import DECK
from game.match import Match
from game.web.words import i18n
from game.web.words.text import card_name
from generator.bundle import ROOT
from generator.firstscreen import first_screens, screen_for
from generator.gamecatalog import catalog_data


def test_each_screen_is_the_deal_of_its_seed_with_the_person_to_move():
    screens = first_screens(catalog_data(None, "en"))
    assert len({s.seed for s in screens}) == len(screens) == 3
    for screen in screens:
        match = Match.new(screen.seed)
        assert match.current_player == 0  # the person opens: the screen waits for them
        hand = match.view(0).hand
        for card in hand:
            assert 'data-card="' + str(card.index) + '"' in screen.html
        assert sum(('data-card="' + str(c.index) + '"') in screen.html for c in DECK) == len(hand)
        assert screen.attributes["data-turn"] == "me" and screen.attributes["data-seed"] == str(screen.seed)


def test_a_screen_is_in_its_catalogue_s_language_and_the_english_default_comes_back():
    french = catalog_data(ROOT / "locales" / "fr" / "LC_MESSAGES" / "game.po", "fr")
    with i18n.installed(i18n.Catalog(None)):  # whatever an earlier test left installed
        screen = first_screens(french, 1)[0]
        assert "Défausse" in screen.html or "défausse" in screen.html
        assert "Discard pile" not in screen.html
        assert i18n.gettext("Discard pile") == "Discard pile"  # the build's own words are English again
        assert card_name(DECK[0])  # and the catalogue installed is a working one


def test_each_page_keeps_its_screen():
    screens = first_screens(catalog_data(None, "en"))
    assert screen_for(screens, "rules") is screen_for(screens, "rules")
    assert len({screen_for(screens, slug).seed for slug in ("index", "rules", "faq", "play", "howto")}) > 1


def test_the_markup_hash_is_fnv1a_over_utf16_units():
    from generator.firstscreen import markup_hash

    assert markup_hash("") == "811c9dc5" and markup_hash("a") == "e40c292c"  # FNV-1a's own values
    assert markup_hash("♠") != markup_hash("\x60\x26")  # one unit 0x2660, not two bytes
    assert len({markup_hash(s.html) for s in first_screens(catalog_data(None, "en"))}) == 3
