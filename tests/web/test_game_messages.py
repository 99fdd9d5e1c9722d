"""Every message of the game catalogue, rendered in each language with sample values.

Each msgid of locales/game.pot (the messages the code asks for) is looked up in the page's own
catalogue (the JSON `game.web.i18n.Catalog` the browser reads), every plural form included, and
filled with `fmt` from sample values shaped like the code's (card names with their article in
the language, players' names, numbers). What must hold: no placeholder or brace is left, every
placeholder of the English message is used, and every message with a placeholder tells the
translator what it holds.
"""

import re
import unicodedata

import pytest
from babel.messages.pofile import read_po

from game.cards import parse_card
from game.web import i18n
from game.web import text as T
from generator.bundle import catalog_data

LANGS = ("en", "fr", "vi")
TEMPLATE = "locales/game.pot"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
COUNTS = (0, 1, 2, 5, 21, 100)  # every plural form of the three languages


def game_messages():
    with open(TEMPLATE, "rb") as handle:
        return [m for m in read_po(handle) if m.id]


def catalogue(lang):
    path = None if lang == "en" else "locales/" + lang + "/LC_MESSAGES/game.po"
    return i18n.Catalog(catalog_data(path, lang))


def samples():
    """Values like the code's, in the installed language (a placeholder name not listed here
    gets a number, which is what most of them hold)."""
    queen, ace = parse_card("QD"), parse_card("AS")
    return {
        "card": T.the_card(queen), "cards": T.cards_with_articles([ace, queen]), "meld": "5♠ 6♠ 7♠",
        "player": T.capital(T.name(T.Who("player", 2))), "knocker": T.name(T.Who("computer")),
        "defender": T.name(T.Who("player", 1)), "a": T.label(T.Who("you")), "b": T.label(T.Who("computer")),
        "points": T.points_text(25), "count": T.cards_count(31), "variant": T.preset_title("modern"),
        "level": T.level_name("hard"), "code": "K7MQ2X", "rank": "7", "suit": T.card_name(queen),
    }


def rendered(catalog, message, n):
    """(template, text, required): the translation of `message` for the count n, filled with the
    sample values, and the placeholders it must use."""
    values = samples()
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    names = set()
    for text in ids:
        names.update(PLACEHOLDER.findall(text))
    filled = {name: values.get(name, n) for name in names}
    # A plural's singular may leave out the number ("Your last match"): what every form must
    # use is what both English forms use.
    required = set(PLACEHOLDER.findall(ids[0])) & set(PLACEHOLDER.findall(ids[-1]))
    if isinstance(message.id, tuple):
        template = catalog.npgettext(message.context, message.id[0], message.id[1], n)
    elif message.context:
        template = catalog.pgettext(message.context, message.id)
    else:
        template = catalog.gettext(message.id)
    return template, i18n.fmt(template, **filled), required


@pytest.mark.parametrize("lang", LANGS)
def test_every_game_message_renders_whole_in_every_language(lang):
    catalog = catalogue(lang)
    previous = i18n.current()
    i18n.install(catalog)
    problems = []
    try:
        for message in game_messages():
            for n in COUNTS if isinstance(message.id, tuple) else (7,):
                template, text, names = rendered(catalog, message, n)
                used = set(PLACEHOLDER.findall(template))
                if "{" in text or "}" in text:
                    problems.append("left a brace: " + repr(text))
                if names - used:
                    problems.append("drops {" + "}, {".join(sorted(names - used)) + "}: " + repr(template))
    finally:
        i18n.install(previous)
    assert problems == [], lang + ":\n" + "\n".join(problems)


def test_the_check_sees_a_broken_translation():
    """A translation with a misspelt placeholder is caught (the check can fail)."""
    catalog = i18n.Catalog({"lang": "fr", "nplurals": 2, "plural": [">", "n", 1],
                            "messages": {"Discard {card}?": "Défausser {carte}\u202f?"}})
    broken = [m for m in game_messages() if m.id == "Discard {card}?"][0]
    previous = i18n.current()
    i18n.install(catalog)
    try:
        template, text, names = rendered(catalog, broken, 1)
    finally:
        i18n.install(previous)
    assert "{carte}" in text and names - set(PLACEHOLDER.findall(template)) == {"card"}


def test_every_message_with_a_placeholder_tells_the_translator_what_it_holds():
    bare = [m.id for m in game_messages()
            if PLACEHOLDER.search(m.id if isinstance(m.id, str) else m.id[0]) and not m.auto_comments]
    assert bare == [], "add a `# Translators:` comment above: " + repr(bare)


@pytest.mark.parametrize("lang", ("fr", "vi"))
def test_the_translations_follow_the_languages_typography(lang):
    """French: a no-break space before : (U+00A0) and a narrow one before ; ! ? (U+202F) and
    between a number and "points", no straight apostrophe; Vietnamese: precomposed (NFC), no
    space before : ; ! ?."""
    messages = catalogue(lang).messages
    problems = []
    for value in messages.values():
        for text in value if isinstance(value, list) else [value]:
            if lang == "fr":
                if re.search(r"[ \u202f]:|[ \u00a0][;!?]|[0-9}] points?\b", text) or "'" in text:
                    problems.append(text)
            elif unicodedata.normalize("NFC", text) != text or re.search(r"\s[:;!?]", text):
                problems.append(text)
    assert problems == []
