"""Golden checks of rendered blocks: card chips and a computed worked example, per language."""

import pytest

from generator import build
from tests.generator.conftest import quiet


@pytest.fixture
def site(project):
    build.build(project, project / "site", log=quiet, warn=quiet)
    return project / "site"


def read(site, path):
    return (site / path).read_text(encoding="utf-8")


def test_card_chips_are_named_in_the_page_language(site):
    assert ('<span class="cards"><span class="card red" role="img" aria-label="8 of hearts">8♥</span> '
            '<span class="card red" role="img" aria-label="8 of diamonds">8♦</span> '
            '<span class="card black" role="img" aria-label="8 of spades">8♠</span></span>'
            in read(site, "en/rules.html"))
    assert ('<span class="card red" role="img" aria-label="8 de cœur">8♥</span>'
            in read(site, "fr/rules.html"))
    assert ('<span class="card red" role="img" aria-label="roi de cœur">R♥</span>'
            in read(site, "fr/rules.html"))


def test_translated_blocks_keep_their_markdown(site):
    html = read(site, "fr/rules.html")
    assert '<h2 id="fr-melds">[fr] Melds</h2>' in html
    assert "<li>[fr] Sets have <em>three or four</em> cards.</li>" in html
    assert "<td>[fr] Ace</td>\n<td>[fr] 1 point</td>" in html
    assert "<td>10</td>\n<td>10</td>" in html  # no words, not translated
    assert '<a href="rules.html">[fr] Welcome' not in read(site, "fr/index.html")


def test_worked_example_is_computed_by_the_engine(site):
    html = read(site, "en/rules.html")
    assert "<caption>Knock</caption>" in html
    assert ("The knocker has 3 points of deadwood, the defender 24: the knocker scores the "
            "difference, 21 points.") in html
    laid_off = html.split('<th scope="row">Defender</th>')[1].split("</tr>")[0]
    assert [part.split('"')[0] for part in laid_off.split('aria-label="')[1:]][-4:] == [
        "3 of spades", "7 of spades", "8 of spades", "king of spades"]
    assert "[fr] The knocker has 3 points of deadwood" in read(site, "fr/rules.html")


def test_french_plural_rule_in_the_example(site):
    # "(%(count)s point)" with count 3: French uses the plural form for n > 1.
    assert "[fr] (3 points)" in read(site, "fr/rules.html")
