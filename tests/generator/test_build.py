"""Build the fixture project and check every page of every language."""

import posixpath
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator import build
from generator.errors import BuildError
from generator.headers import meta_policy
from tests.generator.conftest import quiet
from tests.generator.htmlcheck import Page

BASE = "https://ginrummy.example.org/"
LANGS = ("en", "fr", "vi")
SLUGS = ("index", "rules", "faq")


def build_site(root, out=None):
    out = out or root / "site"
    build.build(root, out, log=quiet, warn=quiet)
    return out


def pages(site):
    return {p.relative_to(site).as_posix(): Page(p.read_text(encoding="utf-8"))
            for p in sorted(site.rglob("*.html"))}


@pytest.fixture
def site(project):
    return build_site(project)


def test_every_page_is_well_formed_with_lang_csp_and_no_inline_code(site):
    found = pages(site)
    assert set(found) == {"index.html", "404.html"} | {
        f"{lang}/{name}" for lang in LANGS for name in ("index.html", "rules.html", "faq.html", "404.html")}
    for path, page in found.items():
        assert page.errors == [], path
        html = page.first("html")
        expected = path.split("/")[0] if "/" in path else "en"
        assert html["lang"] == expected, path
        csp = [m for m in page.all("meta") if m.get("http-equiv") == "Content-Security-Policy"]
        assert [m["content"] for m in csp] == [meta_policy()], path
        assert all("src" in s for s in page.all("script")), path  # no inline script
        assert page.all("style") == [] and not any("style" in a for _, a in page.tags), path
        assert not any(k.startswith("on") for _, a in page.tags for k in a), path


def test_hreflang_alternates_are_reciprocal_and_canonical_is_absolute(site):
    found = pages(site)
    clusters = {}
    for lang in LANGS:
        for slug in SLUGS:
            path = f"{lang}/{'index' if slug == 'index' else slug}.html"
            page = found[path]
            canonical = [a["href"] for a in page.all("link") if a.get("rel") == "canonical"]
            url = BASE + (f"{lang}/" if slug == "index" else path)
            assert canonical == [url]
            alternates = {a["hreflang"]: a["href"] for a in page.all("link") if a.get("rel") == "alternate"}
            assert set(alternates) == {"en", "fr", "vi", "x-default"}
            assert alternates[lang] == url
            clusters.setdefault(slug, []).append(alternates)
    for slug, group in clusters.items():
        assert all(alt == group[0] for alt in group), slug  # every page lists the same cluster
    assert clusters["index"][0]["x-default"] == BASE
    assert clusters["rules"][0]["x-default"] == BASE + "en/rules.html"


def test_no_broken_internal_link(site):
    for path, page in pages(site).items():
        for tag, attr in (("a", "href"), ("link", "href"), ("script", "src")):
            for attrs in page.all(tag):
                url = attrs.get(attr)
                if not url or url.startswith(("http://", "https://", "mailto:", "#")):
                    continue
                url = url.split("#")[0]
                if url.startswith("/"):  # 404 pages link from the base path "/"
                    target = url.lstrip("/")
                else:
                    target = posixpath.normpath(posixpath.join(posixpath.dirname(path), url))
                if url.endswith("/") or target in ("", "."):
                    target = posixpath.join(target, "index.html")
                assert (site / target).is_file(), f"{path}: {url}"


def test_titles_descriptions_and_switcher_are_translated(site):
    found = pages(site)
    assert found["en/rules.html"].title == "Gin Rummy rules · Gin Rummy"
    assert found["fr/rules.html"].title == "[fr] Gin Rummy rules · Gin Rummy"
    assert found["vi/faq.html"].title == "[vi] FAQ · Gin Rummy"
    description = [m["content"] for m in found["fr/rules.html"].all("meta") if m.get("name") == "description"]
    assert description == ["[fr] The rules of Gin Rummy, with worked examples."]
    switcher = [(a["lang"], a["href"]) for a in found["fr/faq.html"].all("a") if "data-lang" in a]
    assert switcher == [("en", "../en/faq.html"), ("fr", "../fr/faq.html"), ("vi", "../vi/faq.html")]
    names = [t for t in found["vi/faq.html"].texts if t in ("English", "français", "Tiếng Việt")]
    assert names == ["English", "français", "Tiếng Việt"]


def test_no_untranslated_ui_string_on_translated_pages(site, project):
    from babel.messages.pofile import read_po

    with open(project / "locales" / "site.pot", "rb") as handle:
        ui = [m.id for m in read_po(handle) if m.id and isinstance(m.id, str) and "%" not in m.id]
    for lang in ("fr", "vi"):
        for path in sorted((site / lang).glob("*.html")):
            # The article is content-domain text (it may quote a UI word in a link).
            frame = re.sub(r"<article.*?</article>", "", path.read_text(encoding="utf-8"), flags=re.S)
            leftover = [t for t in Page(frame).texts if t in ui]
            assert leftover == [], path


def test_game_slot_on_every_content_page(site):
    for path, page in pages(site).items():
        slots = [a for a in page.all("div") if a.get("id") == "game"]
        assert len(slots) == (0 if path.endswith("404.html") or path == "index.html" else 1), path


def test_sitemap_lists_every_page_with_alternates(site):
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    root = ET.parse(site / "sitemap.xml").getroot()
    urls = root.findall("s:url", ns)
    locs = {u.find("s:loc", ns).text for u in urls}
    assert len(urls) == len(LANGS) * len(SLUGS) == len(locs)
    assert BASE + "fr/rules.html" in locs and BASE + "vi/" in locs
    for url in urls:
        links = {link.get("hreflang") for link in url.findall("x:link", ns)}
        assert links == {"en", "fr", "vi", "x-default"}


def test_root_page_redirect_is_a_static_script_with_plain_links(site):
    page = Page((site / "index.html").read_text(encoding="utf-8"))
    assert [s["src"] for s in page.all("script")] == ["static/lang.js"]
    assert page.first("html")["data-languages"] == "en fr vi"
    assert [a["href"] for a in page.all("a")] == ["en/", "fr/", "vi/"]
    script = (site / "static" / "lang.js").read_text()
    assert "navigator.languages" in script and "localStorage" in script


def test_two_builds_are_byte_identical(project, tmp_path):
    first = build_site(project, tmp_path / "one")
    second = build_site(project, tmp_path / "two")
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file())
    for name in files:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_a_new_language_needs_no_code_change(project):
    from generator import workflow
    from tests.generator.conftest import fill_catalog

    workflow.init_language(project, "de", log=quiet)
    for domain in ("site", "content", "game"):
        fill_catalog(project / "locales" / "de" / "LC_MESSAGES" / (domain + ".po"), "de")
    site = build_site(project)
    page = Page((site / "de" / "rules.html").read_text(encoding="utf-8"))
    assert page.first("html")["lang"] == "de"
    assert page.title == "[de] Gin Rummy rules · Gin Rummy"
    assert "Deutsch" in Page((site / "en" / "rules.html").read_text(encoding="utf-8")).texts


def test_the_real_project_builds_twice_identically(tmp_path):
    # The whole pipeline on the repository itself, game bundle included.
    root = Path(__file__).resolve().parents[2]
    one, two = build_site(root, tmp_path / "one"), build_site(root, tmp_path / "two")
    assert (one / "en" / "rules.html").is_file() and (one / "vi" / "faq.html").is_file()
    files = sorted(p.relative_to(one) for p in one.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(two) for p in two.rglob("*") if p.is_file())
    assert all((one / f).read_bytes() == (two / f).read_bytes() for f in files)
    # French typography survives the pipeline: no-break spaces before the tall punctuation.
    faq = (one / "fr" / "faq.html").read_text(encoding="utf-8")
    assert "\u00a0:" in faq and "\u202f?" in faq
    assert " :</" not in faq


def test_missing_source_language_is_an_error(project):
    import shutil

    shutil.rmtree(project / "locales" / "en")
    with pytest.raises(BuildError, match="source language"):
        build_site(project)
