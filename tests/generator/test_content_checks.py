"""Content as writers slip: comments, a misspelt example fence, a key written twice, a hand of 11
cards, setext headings, page names that are not plain ASCII, an image from another site."""

import xml.etree.ElementTree as ET

import pytest

from generator import build
from tests.generator.conftest import quiet
from tests.generator.test_bad_input import assert_refused, edit, line_of, snapshot

EXAMPLE = "```gin-example\nknocker: 4S 5S 6S KH KD KC JH JD JC 3H\ndefender: 3S 7S 7H 7D 7C 8S KS QD 9D 5C\n```"


@pytest.fixture
def built(project):
    site = project / "site"
    build.build(project, site, log=quiet, warn=quiet)
    return project, site, snapshot(site)


def test_html_comments_are_neither_published_nor_sent_to_translators(built):
    root, site, _ = built
    page = root / "content" / "faq.md"
    edit(page, "No: the ace is always low.",
         "No: the ace <!-- SECRET_INLINE --> is always low.\n\n<!-- SECRET_BLOCK: ask legal\n"
         "about this -->\n\n```text\n<!-- kept: code -->\n```")
    build.build(root, site, log=quiet, warn=quiet)
    for lang in ("en", "fr"):
        html = (site / lang / "faq.html").read_text(encoding="utf-8")
        assert "SECRET" not in html and html.count("&lt;!--") == 1  # the one in the code block
    assert "the ace is always low." in (site / "en" / "faq.html").read_text(encoding="utf-8")
    assert "&lt;!-- kept: code --&gt;" in (site / "en" / "faq.html").read_text(encoding="utf-8")
    from generator.workflow import extract

    extract(root, log=quiet)
    pot = (root / "locales" / "content.pot").read_text(encoding="utf-8")
    assert "SECRET" not in pot and 'msgid "No: the ace is always low."' in pot


def test_an_unclosed_comment_is_refused_at_its_line(built):
    root, site, before = built
    page = root / "content" / "faq.md"
    edit(page, "No: the ace is always low.", "No: the ace <!-- unfinished note is always low.")
    assert_refused(root, site, before, page, line_of(page, "unfinished note"), "never closed")


@pytest.mark.parametrize("info", ["gin-exmaple", "gin_example", "Gin-Example", "gin-examples",
                                  "gin-example knock", "ginexample"])
def test_a_misspelt_example_fence_is_refused(built, info):
    root, site, before = built
    page = root / "content" / "rules.md"
    edit(page, "```gin-example\nknocker", "```" + info + "\nknocker")
    assert_refused(root, site, before, page, line_of(page, "```" + info),
                   "did you mean ```gin-example")


@pytest.mark.parametrize("info", ["text", "python", "", "gin"])
def test_other_code_blocks_stay_code_blocks(built, info):
    root, site, _ = built
    page = root / "content" / "faq.md"
    edit(page, "No: the ace is always low.", "No: the ace is always low.\n\n```" + info + "\nZZ\n```")
    build.build(root, site, log=quiet, warn=quiet)
    assert "ZZ" in (site / "en" / "faq.html").read_text(encoding="utf-8")


def test_a_key_written_twice_in_an_example_is_refused_at_the_second(built):
    root, site, before = built
    page = root / "content" / "rules.md"
    edit(page, "defender: 3S 7S", "knocker: AH 2H 3H 4H 5H 6H 7H 8H 9H TH\ndefender: 3S 7S")
    first = line_of(page, "knocker: 4S")
    assert_refused(root, site, before, page, line_of(page, "knocker: AH"),
                   rf"`knocker:` twice \(first at line {first}\)")


def test_a_knocker_with_eleven_cards_is_told_the_card_count(built):
    root, site, before = built
    page = root / "content" / "rules.md"
    edit(page, "knocker: 4S 5S 6S KH KD KC JH JD JC 3H", "knocker: 4S 5S 6S KH KD KC JH JD JC 3H AD")
    assert_refused(root, site, before, page, line_of(page, "knocker: 4S"),
                   "the knocker holds 11 cards, but a knocker holds 10 after discarding")


@pytest.mark.parametrize("underline", ["=====", "---", "-"])
def test_a_setext_heading_is_refused_at_its_underline(built, underline):
    root, site, before = built
    page = root / "content" / "faq.md"
    edit(page, "No: the ace is always low.", "A heading\n" + underline)
    assert_refused(root, site, before, page, line_of(page, "A heading") + 1, "setext heading")


@pytest.mark.parametrize("image", [
    "![ext](https://evil.example/p.png)",  # weak 10: published, then blocked by the CSP
    "![ext](//evil.example/p.png)",
    "![ext][logo]\n\n[logo]: http://evil.example/p.png",
])
def test_an_image_from_another_site_is_refused_at_its_line(built, image):
    root, site, before = built
    page = root / "content" / "faq.md"
    edit(page, "No: the ace is always low.", "No: the ace is always low. " + image)
    assert_refused(root, site, before, page, line_of(page, "No: the ace is always low."),
                   "an image from another site .*img-src 'self' data:")


def test_the_sites_own_images_are_published(built):
    root, site, _ = built
    page = root / "content" / "faq.md"
    edit(page, "No: the ace is always low.", "No: the ace is always low. ![a](static/a.png)")
    build.build(root, site, log=quiet, warn=quiet)
    assert '<img alt="a" src="static/a.png">' in (site / "en" / "faq.html").read_text(encoding="utf-8")


def test_a_rule_after_a_blank_line_is_a_rule(built):
    root, site, _ = built
    edit(root / "content" / "faq.md", "No: the ace is always low.", "No: the ace is always low.\n\n---")
    build.build(root, site, log=quiet, warn=quiet)
    assert "<hr>" in (site / "en" / "faq.html").read_text(encoding="utf-8")


PAGE = "---\ntitle: {title}\ndescription: A page.\nnav: 9\n---\n\nSome text.\n"


def test_page_urls_are_percent_encoded(built):
    root, site, _ = built
    (root / "content" / "règles.md").write_text(PAGE.format(title="Accents"), encoding="utf-8")
    (root / "content" / "my page.md").write_text(PAGE.format(title="Spaced"), encoding="utf-8")
    build.build(root, site, log=quiet, warn=quiet)
    assert (site / "fr" / "règles.html").is_file() and (site / "fr" / "my page.html").is_file()
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    tree = ET.parse(site / "sitemap.xml").getroot()
    urls = [u.find("s:loc", ns).text for u in tree.findall("s:url", ns)]
    urls += [link.get("href") for link in tree.iter("{http://www.w3.org/1999/xhtml}link")]
    assert "https://ginrummy.example.org/fr/r%C3%A8gles.html" in urls
    assert "https://ginrummy.example.org/vi/my%20page.html" in urls
    assert all(url.isascii() and " " not in url for url in urls)
    html = (site / "en" / "rules.html").read_text(encoding="utf-8")
    assert 'href="../en/r%C3%A8gles.html"' in html and 'href="../en/my%20page.html"' in html
