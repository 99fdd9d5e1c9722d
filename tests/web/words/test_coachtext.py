"""The coach's words: glossary terms linked on their first use in the page's language, their
marks kept by every translation, and no coach sentence with more than one number."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game.web.words import coachtext as W
from game.web.words import i18n
from generator.gamecatalog import catalog_data

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def english():
    previous = i18n.current()
    i18n.install(i18n.Catalog(None))
    yield
    i18n.install(previous)


def catalogue(lang, links=None):
    data = catalog_data(ROOT / "locales" / lang / "LC_MESSAGES" / "game.po", lang, ROOT / "locales" / "game.pot")
    for term, link in (links or {}).items():
        data["messages"][W.GLOSSARY_LINK + "\x04" + term] = link
    return i18n.Catalog(data)


def test_a_term_is_linked_on_its_first_use_only():
    i18n.install(catalogue("fr", {"deadwood-count": "rules.html#glossaire-points-morts",
                                  "undercut": "rules.html#glossaire-contre"}))
    texts = ["Vos [points morts](deadwood-count) & vos [points morts](deadwood-count).",
             "Un <b>[contre](undercut)</b> et des [ajouts](lay-off)."]
    assert W.linked(texts) == [
        'Vos <a class="g-term" href="rules.html#glossaire-points-morts">points morts</a> &amp; vos points morts.',
        'Un &lt;b&gt;<a class="g-term" href="rules.html#glossaire-contre">contre</a>&lt;/b&gt; et des ajouts.']
    assert W.plain(texts[1]) == "Un <b>contre</b> et des ajouts."
    assert W.terms(texts[0]) == ["deadwood-count", "deadwood-count"]


def coach_messages(lang):
    """(msgid, translation) of the coach's messages (a hint, a line of the hand review)."""
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / "game.po", "rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        notes = " ".join(message.auto_comments)
        if message.id and ("a hint" in notes or "in the hand review" in notes):
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for i, string in enumerate(strings):
                yield ids[min(i, len(ids) - 1)], string


def glossary_terms():
    """The slugs of the English terms of the guide's glossary (the keys of the links)."""
    from generator.content import ascii_slug

    text = (ROOT / "content" / "rules.md").read_text(encoding="utf-8").split("## Glossary")[1]
    return {ascii_slug(term, "-") for term in re.findall(r"^- \*\*(.+?):\*\*", text, re.M)}


@pytest.mark.parametrize("lang", ("fr", "vi"))
def test_each_translation_keeps_the_marks_of_its_terms(lang):
    known = glossary_terms()
    assert {"deadwood", "deadwood-count", "undercut", "lay-off"} <= known
    checked = 0
    for msgid, string in coach_messages(lang):
        assert string, msgid
        assert len(W.terms(string)) == len(W.terms(msgid)), (msgid, string)
        assert set(W.terms(string)) <= known, string
        assert "[" not in W.plain(string) and "](" not in W.plain(string), string
        checked += 1
    assert checked > 40


NUMBERS = ("{after}", "{now}", "{n}", "{k}", "{x}", "{m}", "{late}", "{need}")


def test_no_coach_sentence_holds_more_than_one_number():
    # "about {k} times in {n}" is one number: a chance.
    found = 0
    for msgid, _string in coach_messages("fr"):
        for sentence in re.split(r"(?<=[.;])\s", re.sub(r"\{k\} times? in \{n\}", "{chance}", msgid)):
            assert sum(sentence.count(p) for p in NUMBERS) + sentence.count("{chance}") <= 1, sentence
            found += 1
    assert found > 40
