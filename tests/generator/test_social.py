"""What a shared link shows (generator/social.py): every page's Open Graph and Twitter card
tags in its language, each language's card image, and descriptions a results page shows whole."""

import html
import re
import struct

import pytest
from babel.messages.pofile import read_po

from generator import build
from generator.social import DESCRIPTION_LIMIT, og_locale
from tests.generator.conftest import REPO, quiet

BASE = "https://ginrummy.example.org/"


def metas(page_html):
    """{property or name: [content, ...]} of a page's <meta> tags."""
    found = {}
    for key, value in re.findall(r'<meta (?:property|name)="([^"]+)" content="([^"]*)">', page_html):
        found.setdefault(key, []).append(html.unescape(value))
    return found


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@pytest.fixture
def site(project):
    build.build(project, project / "site", log=quiet, warn=quiet)
    return project / "site"


@pytest.mark.parametrize("lang, locale, others", [("en", "en_US", ["fr_FR", "vi_VN"]),
                                                  ("fr", "fr_FR", ["en_US", "vi_VN"]),
                                                  ("vi", "vi_VN", ["en_US", "fr_FR"])])
def test_every_page_has_its_language_s_card_tags(site, lang, locale, others):
    for page in ("index.html", "rules.html", "faq.html"):
        tags = metas((site / lang / page).read_text(encoding="utf-8"))
        assert tags["og:description"] == tags["description"] == tags["twitter:description"], page
        assert tags["og:title"] == tags["twitter:title"] and tags["og:title"][0], page
        assert tags["og:url"] == [BASE + lang + "/" + ("" if page == "index.html" else page)]
        assert tags["og:image"] == tags["twitter:image"] == [BASE + lang + "/share.png"]
        assert (tags["og:locale"], tags["og:locale:alternate"]) == ([locale], others)
        assert tags["twitter:card"] == ["summary_large_image"]
        assert tags["og:image:width"] == ["1200"] and tags["og:image:height"] == ["630"]
        if lang != "en":  # the fixture's translations are "[fr] " + the English
            assert all(t.startswith("[" + lang + "]") for t in tags["og:title"] + tags["og:image:alt"]), page


def test_the_root_page_has_a_description_and_card_tags(site):
    tags = metas((site / "index.html").read_text(encoding="utf-8"))
    [description] = tags["description"]
    assert 50 < len(description) <= DESCRIPTION_LIMIT and tags["og:description"] == [description]
    assert tags["og:url"] == [BASE] and tags["og:image"] == [BASE + "en/share.png"]


def test_each_language_has_its_own_card_image_drawn_the_same_every_time(project, site):
    images = {lang: (site / lang / "share.png").read_bytes() for lang in ("en", "fr", "vi")}
    assert {png_size(data) for data in images.values()} == {(1200, 630)}
    assert len(set(images.values())) == 3
    build.build(project, project / "again", log=quiet, warn=quiet)
    assert (project / "again" / "fr" / "share.png").read_bytes() == images["fr"]
    assert "share.png" not in (site / "sw.js").read_text(encoding="utf-8")  # not kept offline


def test_a_description_too_long_for_a_results_page_is_named_at_its_line(project):
    po = project / "locales" / "fr" / "LC_MESSAGES" / "content.po"
    text = po.read_text(encoding="utf-8")
    long = "[fr]" + " Une très longue description." * 7
    text = text.replace('msgstr "[fr] Play Gin Rummy in your browser."', f'msgstr "{long}"')
    po.write_text(text, encoding="utf-8")
    warnings = []
    build.build(project, project / "site", log=quiet, warn=warnings.append)
    line = text[:text.index('msgid "Play Gin Rummy in your browser."')].count("\n") + 1  # the entry's
    assert long in text and [w for w in warnings if w.startswith(f"warning: {po}:{line}: the fr description of index "
                                                f"is {len(long)} characters")], warnings


def test_the_checkout_s_descriptions_fit_a_results_page():
    too_long = []
    for path in sorted((REPO / "locales").glob("*/LC_MESSAGES/content.po")):
        with path.open("rb") as handle:
            for message in read_po(handle):
                if any(note.startswith("meta description") for note in message.auto_comments):
                    for text in (message.id, message.string):
                        if len(text) > DESCRIPTION_LIMIT:
                            too_long.append((str(path), message.lineno, len(text)))
    assert too_long == []


def test_open_graph_locales():
    assert [og_locale(c) for c in ("fr", "vi", "en", "pt_BR", "en-XA", "ar")] == [
        "fr_FR", "vi_VN", "en_US", "pt_BR", "en_XA", "ar_EG"]
