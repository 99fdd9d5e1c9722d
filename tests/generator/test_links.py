"""Every internal link and #anchor of the built site resolves, in every language; links to a
section are written with the English anchor and work in every language."""

import pytest

from generator import build
from generator.config import load_config
from generator.links import broken_links
from tests.generator.conftest import REPO, quiet
from tests.generator.test_bad_input import edit, line_of


@pytest.fixture(scope="module")
def real_site(tmp_path_factory):
    site = tmp_path_factory.mktemp("real") / "site"
    build.build(REPO, site, log=quiet, warn=quiet)
    return site


def test_the_projects_site_has_no_broken_link_or_anchor_in_any_language(real_site):
    config = load_config(REPO)
    assert {lang.code for lang in config.languages} <= {p.name for p in real_site.iterdir()}
    assert broken_links(real_site, config.base_url) == []


def test_the_check_sees_a_broken_link_and_a_broken_anchor(real_site, tmp_path):
    import shutil

    site = tmp_path / "site"
    shutil.copytree(real_site, site)
    page = site / "vi" / "faq.html"
    page.write_text(page.read_text(encoding="utf-8").replace(
        "</main>", '<a href="rules.html#no-such-part">x</a><a href="../fr/gone.html">y</a></main>'),
        encoding="utf-8")
    found = [(b.page, b.href, b.reason) for b in broken_links(site, load_config(REPO).base_url)]
    assert found == [("vi/faq.html", "rules.html#no-such-part", "no id 'no-such-part' in vi/rules.html"),
                     ("vi/faq.html", "../fr/gone.html", "no such file: fr/gone.html")]


def test_a_link_to_a_section_names_that_languages_anchor(project):
    page = project / "content" / "faq.md"
    edit(page, "No: the ace is always low.",
         "No: the ace is always low. See [melds](rules.html#melds) and [above](#is-the-ace-high).")
    warnings = []
    site = project / "site"
    build.build(project, site, log=quiet, warn=warnings.append)
    assert 'href="rules.html#melds"' in (site / "en" / "faq.html").read_text(encoding="utf-8")
    french = (site / "fr" / "faq.html").read_text(encoding="utf-8")
    assert 'href="rules.html#fr-melds"' in french and 'href="#fr-is-the-ace-high"' in french
    assert 'id="fr-melds"' in (site / "fr" / "rules.html").read_text(encoding="utf-8")
    assert not [w for w in warnings if "goes nowhere" in w]


def test_a_broken_link_is_named_at_its_line_of_the_content(project):
    page = project / "content" / "faq.md"
    edit(page, "No: the ace is always low.",
         "No: the ace is always low. [Gone](missing-page.html), [nowhere](#no-such-anchor).")
    warnings = []
    build.build(project, project / "site", log=quiet, warn=warnings.append)
    line = line_of(page, "missing-page.html")
    assert [w for w in warnings if "goes nowhere" in w] == [
        f"warning: {page}:{line}: a link to missing-page.html goes nowhere: no such file: "
        "en/missing-page.html (en/faq.html, fr/faq.html, vi/faq.html)",
        f"warning: {page}:{line}: a link to #no-such-anchor goes nowhere: no id "
        "'no-such-anchor' in en/faq.html (en/faq.html, fr/faq.html, vi/faq.html)"]


def test_what_the_check_reads(tmp_path):
    site = tmp_path / "site"
    (site / "en").mkdir(parents=True)
    (site / "index.html").write_text('<p id="top">')
    (site / "en" / "index.html").write_text(
        '<a href="../">root</a> <a href="/en/#x">abs</a> <a href="https://ex.org/gin/en/">base</a>'
        ' <a href="https://other.example/">other</a> <a href="mailto:a@b.c">mail</a>'
        ' <a href="#seed=12">game</a> <a href="index.html#train=abc">lesson</a>'
        ' <a href="../../up.html">up</a> <a href="/elsewhere/">out</a> <a id="x" href="#top">t</a>'
        ' <img src="/gin/pic.png">')
    found = {(b.href, b.reason) for b in broken_links(site, "https://ex.org/gin/")}
    assert found == {("/en/#x", "outside the site's base path /gin/"),
                     ("../../up.html", "outside the site"), ("/elsewhere/", "outside the site's base path /gin/"),
                     ("#top", "no id 'top' in en/index.html"), ("/gin/pic.png", "no such file: pic.png")}
