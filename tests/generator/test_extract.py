"""The Markdown extractor: one message per block, with line numbers and translator notes."""

import io
import subprocess
import sys

from babel.messages.pofile import read_po

from generator.extract import extract_markdown
from tests.generator.conftest import FIXTURES, REPO


def extract(text, name="content/rules.md"):
    handle = io.BytesIO(text.encode("utf-8"))
    handle.name = name
    return [(line, message, comments) for line, _, message, comments
            in extract_markdown(handle, {}, [], {})]


def test_one_message_per_block_with_its_line():
    text = (FIXTURES / "content" / "rules.md").read_text(encoding="utf-8")
    assert [(line, message) for line, message, _ in extract(text)] == [
        (2, "Gin Rummy rules"),
        (3, "The rules of Gin Rummy, with worked examples."),
        (8, "**In brief**"),
        (10, "Ten cards each, melds of *three* or more."),  # the list marker is markup; [TOC] is not text
        (14, "Melds"),
        (16, "A set is three or four cards of the same rank, such as [[8H 8D 8S]]. "
             "A run needs three cards of one suit in sequence."),
        (19, "Sets have *three or four* cards."),
        (20, "Runs have `three` or more cards: [[4C 5C 6C]]."),
        (22, "Card"), (22, "Value"),
        (24, "Ace"), (24, "1 point"),
        (27, "Glossary"),
        (29, "**Deadwood count:** their total value."),
        (30, "**Deadwood:** the cards in no meld."),
        (31, "**Dealer:** the player who deals."),
        (32, "**Defender:** the player who did not knock."),
        (33, "**Stock:** the face-down pile."),
        (34, "**Upcard:** the first face-up card."),
        (36, "A knock"),
    ]


def test_translator_notes_name_the_kind_of_block():
    text = (FIXTURES / "content" / "rules.md").read_text(encoding="utf-8")
    notes = {message: comments for _, message, comments in extract(text)}
    assert notes["Melds"] == ["heading"]
    assert notes["**In brief**"] == ["boxed aside (a block quote)"]
    assert notes["Ten cards each, melds of *three* or more."] == ["list item"]
    assert notes["Ace"] == ["table cell"]
    assert notes["Sets have *three or four* cards."] == ["list item"]
    assert notes["Runs have `three` or more cards: [[4C 5C 6C]]."] == [
        "list item", "keep each [[...]] card group exactly as written"]


def test_faq_questions_and_answers():
    text = (FIXTURES / "content" / "faq.md").read_text(encoding="utf-8")
    notes = [(message, comments[0]) for _, message, comments in extract(text, "content/faq.md")][2:]
    assert notes == [("Is the ace high?", "FAQ question"),
                     ("No: the ace is always low.", "FAQ answer: paragraph"),
                     ("Can a card be in two melds?", "FAQ question"),
                     ("No. Each card belongs to one meld at most.", "FAQ answer: paragraph")]


def test_pybabel_extract_with_babel_cfg(tmp_path):
    out = tmp_path / "all.pot"
    result = subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F",
                             "babel.cfg", "-o", str(out), "-c", "Translators:", "."],
                            cwd=REPO, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    with open(out, "rb") as handle:
        catalog = read_po(handle)
    files = {path.split("/")[0] for message in catalog for path, _ in message.locations}
    assert {"content", "site_templates", "game"} <= files
    assert catalog.get("{rank} of {suit}", context="card name") is not None


def test_the_real_templates_extract_cleanly(project):
    from generator import workflow

    workflow.extract(project, log=lambda *a: None)
    with open(project / "locales" / "site.pot", "rb") as handle:
        catalog = read_po(handle)
    assert catalog.get("Skip to content") is not None
    plural = catalog.get(("(%(count)s point)", "(%(count)s points)"))
    assert plural is not None and "python-format" in plural.flags
