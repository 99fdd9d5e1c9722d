"""The guide's structure as screen readers and validators read it: a box's title is a heading;
every table has a caption and sits in a scrolling box named by it, no two alike; a worked
example's figure ends with its caption (the Nu checker's one markup error was a <p> after it)."""

import re

import pytest

from generator import build
from generator.tables import scrolling_tables
from tests.generator.conftest import quiet


@pytest.fixture
def rules(project):
    po = project / "locales" / "fr" / "LC_MESSAGES" / "content.po"
    text = po.read_text(encoding="utf-8")
    assert 'msgstr "[fr] **In brief**"' in text
    po.write_text(text.replace('msgstr "[fr] **In brief**"', 'msgstr "**En bref**"'), encoding="utf-8")
    build.build(project, project / "site", log=quiet, warn=quiet)
    return {lang: (project / "site" / lang / "rules.html").read_text(encoding="utf-8") for lang in ("en", "fr")}


def test_a_box_title_is_a_heading_under_its_section(rules):
    assert '<aside class="box">\n<h2 class="box-title">In brief</h2>' in rules["en"]
    assert '<h2 class="box-title">En bref</h2>' in rules["fr"]
    assert "<p><strong>In brief</strong></p>" not in rules["en"]
    # Not in the table of contents, and no anchor: the headings' anchors map by their order.
    toc = re.search(r'<nav [^>]*class="toc".*?</nav>', rules["en"], re.S).group(0)
    assert "In brief" not in toc and 'id="in-brief"' not in rules["en"]


def test_every_table_has_a_caption_and_a_box_of_its_own_name(rules):
    for lang, page in rules.items():
        boxes = re.findall(r'<div class="table-scroll" role="group" tabindex="0" aria-labelledby="([^"]+)">'
                           r"<table>\s*<caption[^>]*>", page)
        assert len(boxes) == page.count("<table>") == 2, lang
        names = []
        for labelled_by in boxes:
            texts = [re.sub(r"<[^>]+>", "", re.search(r'id="' + ref + r'"[^>]*>(.*?)</(?:caption|p)>',
                                                      page, re.S).group(1)).strip() for ref in labelled_by.split()]
            names.append(" ".join(" ".join(texts).split()))
        assert len(set(names)) == len(names) and all(names), names
        assert 'aria-label="Table"' not in page
    # The card values' table is named by its section ("Melds"), for screen readers only.
    assert '<caption class="visually-hidden" id="table-1">Melds</caption>' in rules["en"]


def test_a_worked_example_ends_with_its_caption_holding_the_play_link(rules):
    figure = re.search(r'<figure class="example">.*?</figure>', rules["en"], re.S).group(0)
    children = re.findall(r"<(div|table|figcaption|p)\b", re.sub(r"<figcaption>.*?</figcaption>",
                                                                 "<figcaption>", figure, flags=re.S))
    assert children[-1] == "figcaption" and "p" not in children
    caption = re.search(r"<figcaption>(.*?)</figcaption>", figure, re.S).group(1)
    assert '<p class="example-play"><a href="index.html#train=' in caption


def test_tables_without_a_heading_before_them_still_get_a_box():
    html = scrolling_tables("<table>\n<tr><td>1</td></tr>\n</table><table><caption>X</caption></table>")
    assert html.count('class="table-scroll"') == 2 and 'aria-labelledby="table-2"' in html
