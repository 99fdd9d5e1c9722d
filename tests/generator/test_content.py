"""Golden checks of rendered blocks: card chips and a computed worked example, per language."""

import re

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
    assert re.search(r"<caption id=\"table-\d+\">Knock</caption>", html)
    assert ("The knocker has 3 points of deadwood, the defender 24: the knocker scores the "
            "difference, 21 points.") in html
    laid_off = html.split('<th scope="row">Defender</th>')[1].split("</tr>")[0]
    assert [part.split('"')[0] for part in laid_off.split('aria-label="')[1:]][-4:] == [
        "3 of spades", "7 of spades", "8 of spades", "king of spades"]
    assert "[fr] The knocker has 3 points of deadwood" in read(site, "fr/rules.html")


def test_french_plural_rule_in_the_example(site):
    # "(%(count)s point)" with count 3: French uses the plural form for n > 1.
    assert "[fr] (3 points)" in read(site, "fr/rules.html")


def test_a_list_in_a_block_quote_is_a_boxed_aside_with_plain_messages(site, project):
    pot = (project / "locales" / "content.pot").read_text(encoding="utf-8")
    assert 'msgid "Ten cards each, melds of *three* or more."' in pot  # the marker is markup
    assert 'msgid "[TOC]"' not in pot  # the table-of-contents marker is not text
    html = read(site, "fr/rules.html")
    assert ('<aside class="box">\n<p>[fr] <strong>In brief</strong></p>\n<ul>\n'
            "<li>[fr] Ten cards each, melds of <em>three</em> or more.</li>\n</ul>\n</aside>") in html


def test_table_of_contents_lists_the_sections_with_ascii_anchors(site):
    html = read(site, "fr/rules.html")
    toc = html.split('<nav aria-label="[fr] Contents" class="toc">')[1].split("</nav>")[0]
    assert '<span class="toctitle">[fr] Contents</span>' in toc
    assert '<a href="#fr-melds">[fr] Melds</a>' in toc and '<a href="#fr-glossary">' in toc
    assert "[fr] In brief" not in toc  # only headings, not the box


def test_ascii_slugs():
    from generator.content import ascii_slug

    assert ascii_slug("Le décompte d’une manche", "-") == "le-decompte-d-une-manche"
    assert ascii_slug("Đánh bài: cách chơi", "-") == "danh-bai-cach-choi"


def test_the_glossary_is_sorted_in_each_languages_order(project):
    from babel.messages.pofile import read_po, write_po

    french = {"**Deadwood:** the cards in no meld.": "**Cartes mortes :** les cartes hors combinaison.",
              "**Deadwood count:** their total value.": "**Carte retournée :** la première carte visible.",
              "**Dealer:** the player who deals.": "**Donneur :** le joueur qui distribue.",
              "**Defender:** the player who did not knock.": "**Défenseur :** le joueur qui n’a pas frappé.",
              "**Stock:** the face-down pile.": "**Talon :** la pile face cachée.",
              "**Upcard:** the first face-up card.": "**Carte :** l’une des 52."}
    path = project / "locales" / "fr" / "LC_MESSAGES" / "content.po"
    with open(path, "rb") as handle:
        catalog = read_po(handle, locale="fr")
    for english, translation in french.items():
        catalog[english].string = translation
    with open(path, "wb") as handle:
        write_po(handle, catalog)
    build.build(project, project / "site", log=quiet, warn=quiet)

    def terms(lang):
        html = read(project / "site", lang + "/rules.html").split("Glossary</h2>")[1]
        return re.findall(r'<li><strong id="([^"]*)">([^<]*)</strong>', html)

    # French order: é sorts with e (Défenseur before Donneur), not after z as in code points.
    assert [term for _anchor, term in terms("fr")] == ["Carte :", "Carte retournée :", "Cartes mortes :",
                                                       "Défenseur :", "Donneur :", "Talon :"]
    # Whole terms first: "Deadwood" before "Deadwood count", although ":" sorts after a space.
    assert [term for _anchor, term in terms("en")] == ["Deadwood:", "Deadwood count:", "Dealer:", "Defender:",
                                                       "Stock:", "Upcard:"]
    # Each entry has its anchor: the glossary heading's and the term's words, in that language.
    assert dict(terms("fr"))["fr-glossary-cartes-mortes"] == "Cartes mortes :"
    assert dict(terms("en"))["glossary-deadwood-count"] == "Deadwood count:"


def test_the_game_catalogue_links_each_term_to_its_languages_glossary_entry(project):
    # The coach links a term's first use to its glossary entry: the build gives each language's
    # game catalogue the links of that language's entries, keyed by the English term.
    from babel.messages.pofile import read_po, write_po

    path = project / "locales" / "fr" / "LC_MESSAGES" / "content.po"
    with open(path, "rb") as handle:
        catalog = read_po(handle, locale="fr")
    catalog["**Deadwood:** the cards in no meld."].string = "**Cartes mortes :** les cartes hors combinaison."
    with open(path, "wb") as handle:
        write_po(handle, catalog)
    assets = {}
    real = build.bundle.build_game_assets

    def keep(out_dir, languages, game_messages, glossary=None):
        assets.update(glossary)
        return real(out_dir, languages, game_messages, glossary)

    build.bundle.build_game_assets = keep
    try:
        build.build(project, project / "site", log=quiet, warn=quiet)
    finally:
        build.bundle.build_game_assets = real
    assert assets["fr"]["deadwood"] == "rules.html#fr-glossary-cartes-mortes"
    assert assets["en"]["deadwood"] == "rules.html#glossary-deadwood"
    assert 'id="fr-glossary-cartes-mortes"' in read(project / "site", "fr/rules.html")
    # A link written with the English anchor names the French entry on the French page.
    from generator.anchors import anchor_maps

    maps = anchor_maps({"rules": ([], {"deadwood": "glossary-deadwood"})},
                       {"rules": ([], {"deadwood": "fr-glossary-cartes-mortes"})})
    assert maps["rules"]["glossary-deadwood"] == "fr-glossary-cartes-mortes"


def test_collation_follows_the_language():
    from generator.collation import sort_key

    assert sorted(["az", "ăn", "an", "ba"], key=sort_key("vi")) == ["an", "az", "ăn", "ba"]
    assert sorted(["Donneur", "Défenseur", "Carte"], key=sort_key("fr")) == ["Carte", "Défenseur", "Donneur"]


def test_a_glossary_heading_that_does_not_exist_is_a_clear_error(project):
    from generator.errors import BuildError

    page = project / "content" / "rules.md"
    page.write_text(page.read_text(encoding="utf-8").replace("glossary: Glossary", "glossary: Lexicon"),
                    encoding="utf-8")
    with pytest.raises(BuildError, match="glossary: Lexicon"):
        build.build(project, project / "site", log=quiet, warn=quiet)
