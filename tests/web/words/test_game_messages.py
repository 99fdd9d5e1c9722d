"""Every message of the game catalogue, rendered in each language with sample values.

Each msgid of locales/game.pot (the messages the code asks for) is looked up in the page's own
catalogue (the JSON `game.web.words.i18n.Catalog` the browser reads), every plural form included, and
filled with `fmt` from sample values shaped like the code's (card names with their article in
the language, players' names, numbers). What must hold: no placeholder or brace is left, every
placeholder of the English message is used, and every message with a placeholder tells the
translator what it holds. Vietnamese, rendered by the code itself: each card a sentence names
reads "lá Q bích", its classifier once.
"""

import re
import unicodedata
from types import SimpleNamespace

import pytest
from babel.messages.pofile import read_po

from game.actions import Action, Event
from game.cards import parse_card
from game.web.play import hand as H
from game.web.play import lesson as L
from game.web.play.state import Ui
from game.web.words import coachtext as CT
from game.web.words import events as EV
from game.web.words import i18n
from game.web.words import text as T
from generator.gamecatalog import catalog_data
from tests.web.play.test_lesson import learner_steps

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



# --- Vietnamese: a card in a sentence comes with its classifier ---------------------------------

QUEEN, ACE, SEVEN = parse_card("QS"), parse_card("AH"), parse_card("7S")


def sentences_with_cards():
    """(sentence, cards it may name) for the sentences that name cards with `text.the_card`,
    rendered in the installed language by the code that says them, with an ace, a queen and a
    7 (hearts and spades): the event lines, the endings hint, every coach reason (from the
    pile and as the upcard) and the review's lines, a move in the hand, the knock dialog's
    and the deadwood line's words, a layoff, and every lesson step."""
    you, computer = T.Who("you"), T.Who("computer")
    said = []
    for names in ([you, computer], [computer, you]):  # you, then the computer, move
        for kind in ("take_upcard", "draw_discard", "discard", "knock", "undercut", "gin"):
            said.append((EV.move_text(Event(kind, 0, QUEEN), names, 0), [QUEEN]))
    said.append((EV.move_text(Event("draw_stock", 0), [you, computer], 0, SEVEN), [SEVEN]))
    for kind in ("gin", "knock"):
        for cards in ([ACE], [ACE, QUEEN, SEVEN]):
            view = SimpleNamespace(legal_actions=[Action(kind, c) for c in cards],
                                   discard_deadwood={c.index: 3 for c in cards})
            said.append((" ".join(T.possible_endings(view)), cards))
    facts = {"card": QUEEN, "other": ACE, "pickup": SEVEN, "now": 17, "after": 7, "stock": 20.5, "n": 5, "k": 2,
             "need": 12, "shape": "run", "chance": 0.3, "undercut": 0.2, "wins": 0.8, "points": 12.0, "wait": 3.0,
             "gin_cards": 3, "live": 6, "late": 25}
    for reason in CT.REASONS.values():
        for upcard in (False, True):
            said.append((CT.plain(reason(dict(facts, upcard=upcard))), [QUEEN, ACE, SEVEN]))
    for action in (Action("discard", QUEEN), Action("knock", QUEEN)):
        decision = SimpleNamespace(view=SimpleNamespace(discard_deadwood={QUEEN.index: 4}, player=0), played=action)
        said.append((CT.plain(CT.played_text(decision, [you, computer])), [QUEEN]))
    ui = Ui()
    ui.order = {0: [QUEEN.index, ACE.index]}
    said.append((H.move_card(ui, SimpleNamespace(player=0), (QUEEN.index, 1)).say, [QUEEN]))
    for template in ("Discard {card}?", "Your discard: {card}.", "Meld or deadwood for {card}",
                     "if you discard {card}: {n}"):
        said.append((i18n.fmt(i18n._(template), card=T.the_card(QUEEN), n=3), [QUEEN]))
    said.append((T.capital(i18n.fmt(i18n._("{card} laid off on {meld}"), card=T.the_card(SEVEN), meld="5♠ 6♠")),
                 [SEVEN]))
    for step, view in learner_steps():
        said.append((L.words(step, view), step.cards))
    return said


def classifier_problems(sentence, cards):
    """What is wrong with the way a Vietnamese sentence names `cards` (with the Vietnamese
    catalogue installed): each card must be there, and each time its bare name ("Q bích") is
    read it must follow « lá » exactly once ("lá Q bích", never "Q bích" alone nor "lá lá Q
    bích")."""
    problems = ["lá lá: " + sentence] if "lá lá" in sentence.lower() else []
    for card in cards:
        name = T.card_name(card)
        places = [m.start() for m in re.finditer(re.escape(name.lower()), sentence.lower())]
        if not places:
            problems.append("no " + name + ": " + sentence)
        for place in places:
            before = sentence[:place].lower()
            if not before.endswith("lá ") or before.endswith("lá lá "):
                problems.append(name + " without one « lá » before it: " + sentence)
    return problems


def in_vietnamese(check):
    previous = i18n.current()
    i18n.install(catalogue("vi"))
    try:
        return check()
    finally:
        i18n.install(previous)


def test_vietnamese_names_each_card_in_a_sentence_with_one_classifier():
    """Bạn đã bốc lá 7 bích từ nọc. / Bỏ lá Q bích: … / Có thể gin nếu bỏ lá át cơ. The card
    comes with « lá » from the `card with article` messages, so no sentence adds its own; the
    cards a sentence names are those its English names."""
    english = [(source, [c for c in cards if T.card_name(c) in source])  # "the queen of spades" holds "queen of spades"
               for source, cards in sentences_with_cards()]
    unnamed = {source for source, named in english if not named}
    assert unnamed == {CT.REASONS["stock_only"]({}), CT.REASONS["big_gin"]({})}  # the two reasons with no card

    def check():
        problems = []
        for (sentence, _cards), (_source, named) in zip(sentences_with_cards(), english, strict=True):
            problems.extend(classifier_problems(sentence, named))
        # The bare name, in brackets or after a colon, takes no classifier.
        bare = [T.prompt(SimpleNamespace(phase="upcard", discard_pile=[QUEEN])),
                H.toggle(Ui(), SimpleNamespace(discard_deadwood={QUEEN.index: 5}), QUEEN.index).say]
        return problems, bare, [T.the_card(card) for card in (QUEEN, ACE, SEVEN)]
    problems, bare, names = in_vietnamese(check)
    assert problems == [], "\n".join(problems)
    assert names == ["lá Q bích", "lá át cơ", "lá 7 bích"]
    assert bare == ["Hãy lấy lá lật (Q bích) hoặc bỏ qua.", "Đã chọn: Q bích. Điểm bài lẻ nếu bỏ lá này: 5."]


def test_the_classifier_check_sees_a_missing_or_doubled_la():
    found = in_vietnamese(lambda: [
        classifier_problems("Bạn đã bốc lá Q bích từ nọc.", [QUEEN]),
        classifier_problems("Lá 7 bích được gửi vào 5♠ 6♠", [SEVEN]),
        classifier_problems("Bạn đã bốc Q bích từ nọc.", [QUEEN]),
        classifier_problems("Hãy lấy lá lật, lá lá Q bích.", [QUEEN]),
        classifier_problems("Bỏ lá Q bích: bỏ át cơ sẽ giảm thêm 2 điểm.", [QUEEN, ACE]),
        classifier_problems("Bỏ lá Q bích.", [QUEEN, ACE]),
    ])
    assert [len(problems) for problems in found] == [0, 0, 1, 2, 1, 1]
