"""Bad input never produces a bad site: one error naming file and line, previous site kept."""

import re
import subprocess
import sys

import pytest

from generator import build
from generator.errors import BuildError
from tests.generator.conftest import REPO, quiet


@pytest.fixture
def built(project):
    """The project with a good site already built; returns (root, site, snapshot)."""
    site = project / "site"
    build.build(project, site, log=quiet, warn=quiet)
    return project, site, snapshot(site)


def snapshot(site):
    return {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path, needle):
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(needle)


def assert_refused(root, site, before, path, line, match):
    with pytest.raises(BuildError, match=match) as info:
        build.build(root, site, log=quiet, warn=quiet)
    assert info.value.path is not None and info.value.path.endswith(str(path.relative_to(root)))
    assert info.value.line == line
    assert snapshot(site) == before
    assert [p.name for p in site.parent.iterdir() if p.name.startswith(("site.build-", "site.old-"))] == []


@pytest.mark.parametrize("bad, match", [
    ('msgstr "[fr] Skip to content"\nmsgstr "again"', "msgstr twice"),
    ('msgstr "[fr] Skip to content', "quoted"),
    ('msgstr [fr] Skip to content', "quoted"),
    ('msgstr "[fr] Skip to content"\ngarbage', "quoted"),
    ('msgstr[0] "[fr] Skip to content"', "without msgid_plural"),
])
def test_po_syntax_error(built, bad, match):
    root, site, before = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "site.po"
    edit(po, 'msgstr "[fr] Skip to content"', bad)
    line = line_of(po, bad.split("\n")[-1])
    assert_refused(root, site, before, po, line, "invalid .po syntax: .*" + match)


def test_placeholder_mismatch(built):
    root, site, before = built
    po = root / "locales" / "vi" / "LC_MESSAGES" / "game.po"
    edit(po, 'msgstr "[vi] {rank} of {suit}"', 'msgstr "[vi] {rank} of {suti}"')
    line = line_of(po, 'msgid "{rank} of {suit}"')
    assert_refused(root, site, before, po, line, r"placeholder mismatch.*\{suti\}.*missing: \{suit\}")


def test_card_chips_in_a_translation_must_match_the_source(built):
    root, site, before = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "content.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace("[fr] Runs have `three` or more cards: [[4C 5C 6C]].",
                               "[fr] Runs have `three` or more cards: [[4C 5C 7C]]."), encoding="utf-8")
    line = line_of(po, 'msgid "Runs have `three`')
    assert_refused(root, site, before, po, line, r"placeholder mismatch.*\[\[4C 5C 7C\]\]")


def test_plural_placeholder_mismatch(built):
    root, site, before = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "site.po"
    edit(po, 'msgstr[1] "[fr] (%(count)s points)"', 'msgstr[1] "[fr] (%(nombre)s points)"')
    line = line_of(po, 'msgid "(%(count)s point)"')
    assert_refused(root, site, before, po, line, "placeholder mismatch")


def test_template_syntax_error(built):
    root, site, before = built
    template = root / "site_templates" / "404.html"
    edit(template, "{% block main %}", "{% block main %}\n{% if %}")
    assert_refused(root, site, before, template, line_of(template, "{% if %}"), "template syntax error")


def test_template_runtime_error(built):
    root, site, before = built
    template = root / "site_templates" / "page.html"
    edit(template, "<h1>{{ page.title }}</h1>", "<h1>{{ page.no_such_field }}</h1>")
    assert_refused(root, site, before, template, line_of(template, "no_such_field"), "template error")


def test_malformed_front_matter(built):
    root, site, before = built
    page = root / "content" / "faq.md"
    edit(page, "nav: 3\n---", "nav: 3\nthis line has no colon\n---")
    assert_refused(root, site, before, page, line_of(page, "no colon"), "front matter")


def test_unclosed_front_matter(built):
    root, site, before = built
    page = root / "content" / "faq.md"
    page.write_text("---\ntitle: FAQ\ndescription: Questions.\n", encoding="utf-8")
    assert_refused(root, site, before, page, 1, "not closed")


def test_gin_example_with_a_bad_card(built):
    root, site, before = built
    page = root / "content" / "rules.md"
    edit(page, "defender: 3S 7S", "defender: 3S 1X")
    assert_refused(root, site, before, page, line_of(page, "defender: 3S 1X"), "not a card: '1X'")


def test_gin_example_with_an_illegal_knock(built):
    root, site, before = built
    page = root / "content" / "rules.md"
    edit(page, "knocker: 4S 5S 6S KH KD KC JH JD JC 3H", "knocker: 4S 5S 9S KH KD KC JH JD JC 3H")
    assert_refused(root, site, before, page, line_of(page, "```gin-example"), "cannot be settled")


def test_bad_card_chip(built):
    root, site, before = built
    page = root / "content" / "rules.md"
    edit(page, "[[8H 8D 8S]]", "[[8H 8D 8Z]]")
    assert_refused(root, site, before, page, line_of(page, "8Z"), "card chip")


def test_unclosed_fence(built):
    root, site, before = built
    page = root / "content" / "rules.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.rstrip().removesuffix("```") + "\n", encoding="utf-8")
    assert_refused(root, site, before, page, line_of(page, "```gin-example"), "never closed")


def test_stray_percent_in_a_template_translation(built):
    root, site, before = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "site.po"
    edit(po, 'msgstr "[fr] Skip to content"', 'msgstr "[fr] 100 % content"')
    assert_refused(root, site, before, po, line_of(po, 'msgid "Skip to content"'), "%")


def test_cli_prints_one_error_line_and_exits_non_zero(built):
    root, site, before = built
    page = root / "content" / "rules.md"
    edit(page, "[[8H 8D 8S]]", "[[8H 8D 8Z]]")
    result = subprocess.run([sys.executable, "-m", "generator", "--root", str(root), "build"],
                            capture_output=True, text=True, cwd=REPO)
    assert result.returncode == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert errors == [f"error: {page}:{line_of(page, '8Z')}: card chip [[8H 8D 8Z]]: "
                      "not a card: '8Z' (expected a rank A 2-9 T/10 J Q K and a suit C D H S, e.g. 7H)"]
    assert snapshot(site) == before


def test_content_that_is_not_utf8_names_the_file_and_line(built):
    root, site, before = built
    page = root / "content" / "faq.md"
    page.write_bytes(page.read_bytes().replace(b"No: the ace", "Non : l’as".encode("cp1252")))
    assert_refused(root, site, before, page, line_of_bytes(page, b"l\x92as"),
                   r"not UTF-8 \(byte 0x92 at column 8\): save the file as UTF-8")


def test_content_with_a_byte_order_mark_says_so(built):
    root, site, before = built
    page = root / "content" / "faq.md"
    page.write_bytes(b"\xef\xbb\xbf" + page.read_bytes())
    assert_refused(root, site, before, page, 1, "byte-order mark")


def line_of_bytes(path, needle):
    return next(n for n, line in enumerate(path.read_bytes().split(b"\n"), 1) if needle in line)


# --- catalogues checked as a translator's tools do it (issue 8, item 2) ----------------------

@pytest.mark.parametrize("domain", ["site", "game"])
@pytest.mark.parametrize("rule, match", [
    ("plural=n;", r"gives form 2 for n = 2, but nplurals=2 allows 0 to 1"),
    ("plural=(n-5);", r"gives form -5 for n = 0"),
    ("plural=(n/0);", r"divides by zero for n = 0"),
    ("plural=(n > ;", r"does not parse"),
])
def test_a_plural_rule_giving_a_bad_index_is_refused_at_the_header(built, domain, rule, match):
    root, site, before = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / (domain + ".po")
    edit(po, "nplurals=2; plural=(n > 1);", "nplurals=2; " + rule)
    assert_refused(root, site, before, po, line_of(po, '"Plural-Forms:'),
                   "invalid Plural-Forms header .*" + match + r".*write 'nplurals=2; plural=\(n > 1\);'")


@pytest.mark.parametrize("rule", ["plural=" + "(" * 3000 + "n" + ")" * 3000 + ";",
                                  "plural=(n > 1);" + " " * 2000 + "x"])
def test_a_huge_plural_forms_header_is_refused_in_a_short_line(built, rule):
    # Weak 11: the error echoed the whole header, one line of about 6,000 characters.
    root, site, before = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "game.po"
    edit(po, "nplurals=2; plural=(n > 1);", "nplurals=2; " + rule)
    assert_refused(root, site, before, po, line_of(po, '"Plural-Forms:'), "invalid Plural-Forms header")
    with pytest.raises(BuildError) as info:
        build.build(root, site, log=quiet, warn=quiet)
    assert len(str(info.value)) < 400 + len(str(po)), str(info.value)[:500]


def test_an_unusual_number_of_plural_forms_is_a_warning(built):
    root, site, _ = built
    po = root / "locales" / "vi" / "LC_MESSAGES" / "site.po"
    edit(po, "nplurals=1; plural=0;", "nplurals=2; plural=(n != 1);")
    text = po.read_text(encoding="utf-8")
    # Give each plural entry its second form, so only the count is unusual.
    po.write_text(re.sub(r'(msgstr\[0\] ("[^\n]*"))\n', r'\1\nmsgstr[1] \2\n', text), encoding="utf-8")
    warnings = []
    build.build(root, site, log=quiet, warn=warnings.append)
    header = line_of(po, '"Plural-Forms:')
    assert [w for w in warnings if "nplurals" in w] == [
        f"warning: {po}:{header}: nplurals=2, but vi has 1 plural forms "
        "(CLDR); expected e.g. 'nplurals=1; plural=0;'"]


def test_more_forms_than_nplurals_is_refused(built):
    root, site, before = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "site.po"
    edit(po, 'msgstr[1] "[fr] (%(count)s points)"',
         'msgstr[1] "[fr] (%(count)s points)"\nmsgstr[2] "[fr] (%(count)s points)"')
    assert_refused(root, site, before, po, line_of(po, 'msgstr[2]'),
                   r"msgstr\[2\], but the Plural-Forms header says nplurals=2")


def test_a_duplicate_msgid_is_refused_at_the_second(built):
    root, site, before = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "site.po"
    first = line_of(po, 'msgid "Skip to content"')
    po.write_text(po.read_text(encoding="utf-8")
                  + '\nmsgid "Skip to content"\nmsgstr "[fr] again"\n', encoding="utf-8")
    last = len(po.read_text(encoding="utf-8").splitlines()) - 1
    assert_refused(root, site, before, po, last, rf"duplicate msgid \(first at line {first}\)")


def test_the_same_msgid_in_two_contexts_is_not_a_duplicate(built):
    root, site, _ = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "site.po"
    po.write_text(po.read_text(encoding="utf-8")
                  + '\nmsgctxt "other"\nmsgid "Skip to content"\nmsgstr "[fr] again"\n', encoding="utf-8")
    build.build(root, site, log=quiet, warn=quiet)


def test_an_unknown_escape_is_refused(built):
    root, site, before = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "site.po"
    edit(po, 'msgstr "[fr] Skip to content"', 'msgstr "[fr] Skip\\q to content"')
    assert_refused(root, site, before, po, line_of(po, "Skip\\q"), r"unknown escape \\q")


@pytest.mark.parametrize("bad", ["{{rank}} of {suit}", "{rank} of {suit}}", "{rank} of suit"])
def test_brace_placeholders_must_be_written_as_in_the_source(built, bad):
    root, site, before = built
    po = root / "locales" / "vi" / "LC_MESSAGES" / "game.po"
    edit(po, 'msgstr "[vi] {rank} of {suit}"', 'msgstr "[vi] ' + bad + '"')
    assert_refused(root, site, before, po, line_of(po, 'msgid "{rank} of {suit}"'),
                   "placeholder mismatch")


def test_brace_placeholders_are_checked_in_every_plural_form(built):
    root, site, before = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "game.po"
    edit(po, 'msgstr[0] "[fr] {n} card"', 'msgstr[0] "[fr] {{n}} card"')
    assert_refused(root, site, before, po, line_of(po, 'msgid "{n} card"'),
                   r"placeholder mismatch.*not in the source: \{\{n\}\}")


def test_a_catalogue_that_is_not_utf8_names_the_line(built):
    root, site, before = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "site.po"
    po.write_bytes(po.read_bytes().replace(b'msgstr "[fr] Skip to content"', b'msgstr "[fr] \xe9"'))
    assert_refused(root, site, before, po, line_of_bytes(po, b"\xe9"), "not UTF-8")


# --- a translation cannot change the page's structure (issue 8, item 3) ----------------------

@pytest.mark.parametrize("bad, match", [
    ("# Welcome!", "would make a heading of plain text"),
    ("- Welcome!", "would make a list item of plain text"),
    ("1. Welcome!", "would make a list item of plain text"),
    ("> Welcome!", "would make a quote of plain text"),
    ("--- ", "would make a horizontal rule of plain text"),
    ("```", "would make a code block of plain text"),
    ("[x]: https://evil.example/", "would make a link definition of plain text"),
    ("Welcome! ![logo](https://evil.example/x.png)", "an image the source does not have"),
    ("Read the [rules](https://evil.example/) or the [FAQ](faq.html).",
     "a link target the source does not have: https://evil.example/"),
    ("Read <https://evil.example/>", "a link target the source does not have"),
    ("Welcome <div>!</div>", "HTML the source does not have: <div>"),
])
def test_a_translation_cannot_change_the_block_or_add_images_links_or_html(built, bad, match):
    root, site, before = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "content.po"
    msgid = 'msgid "Welcome! Read the [rules](rules.html) or the [FAQ](faq.html)."'
    text = po.read_text(encoding="utf-8")
    start = text.index(msgid)
    end = text.index("\n\n", start)
    po.write_text(text[:start] + msgid + '\nmsgstr "' + bad + '"' + text[end:], encoding="utf-8")
    assert_refused(root, site, before, po, line_of(po, msgid), re.escape(match))


def test_an_escaped_mark_and_the_source_links_are_fine(built):
    root, site, _ = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "content.po"
    edit(po, 'msgstr "[fr] Welcome! Read the [rules](rules.html) or the [FAQ](faq.html)."',
         'msgstr "\\\\# 1 : lisez les [règles](rules.html), puis la [FAQ](faq.html)."')
    build.build(root, site, log=quiet, warn=quiet)
    html = (site / "fr" / "index.html").read_text(encoding="utf-8")
    assert "<p># 1 : lisez les <a href=\"rules.html\">règles</a>" in html


def test_a_bar_in_a_translated_table_cell_is_escaped_and_the_table_stays(built):
    root, site, _ = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "content.po"
    edit(po, 'msgstr "[fr] Ace"', 'msgstr "As | un"')
    edit(po, 'msgstr "[fr] Card"', 'msgstr "Carte `a|b`"')
    build.build(root, site, log=quiet, warn=quiet)
    html = (site / "fr" / "rules.html").read_text(encoding="utf-8")
    assert "<th>Carte <code>a|b</code></th>" in html
    assert "<td>As | un</td>\n<td>[fr] 1 point</td>" in html


@pytest.mark.parametrize("old, new, match", [
    (b"nplurals=2; plural=(n > 1);", b"plural=(n > 1);", "invalid Plural-Forms header 'plural=.n > 1.;'"),
    (b"nplurals=2;", b"nplurals=0;", "with N at least 1"),
    (b"nplurals=2;", b"nplurals=two;", "invalid Plural-Forms header"),
    (b"charset=UTF-8", b"charset=latin-1", "declares charset=latin-1: save the file as UTF-8"),
])
def test_a_bad_header_is_refused_at_its_line(built, old, new, match):
    root, site, before = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "site.po"
    data = po.read_bytes()
    assert old in data
    po.write_bytes(data.replace(old, new, 1))
    assert_refused(root, site, before, po, line_of_bytes(po, new), match)


def test_a_catalogue_with_a_byte_order_mark_says_so(built):
    root, site, before = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "game.po"
    po.write_bytes(b"\xef\xbb\xbf" + po.read_bytes())
    assert_refused(root, site, before, po, 1, "byte-order mark")


@pytest.mark.parametrize("name", ["site.toml", "site_templates/404.html"])
def test_other_sources_that_are_not_utf8_name_the_file_and_line(built, name):
    root, site, before = built
    path = root / name
    path.write_bytes(path.read_bytes() + "# caf\xe9\n".encode("latin-1"))
    with pytest.raises(BuildError, match=r"not UTF-8 \(byte 0xe9 at column 6\)") as info:
        build.build(root, site, log=quiet, warn=quiet)
    assert info.value.path == str(path)
    assert info.value.line == len(path.read_bytes().split(b"\n")) - 1
    assert snapshot(site) == before


def test_make_extract_names_a_content_file_that_is_not_utf8(built):
    from generator import workflow

    root, _, _ = built
    page = root / "content" / "faq.md"
    page.write_bytes(page.read_bytes() + "caf\xe9\n".encode("latin-1"))
    with pytest.raises(BuildError, match="not UTF-8") as info:
        workflow.extract(root, log=quiet)
    assert info.value.path.endswith("faq.md")


def test_a_table_cell_may_start_with_a_mark(built):
    root, site, _ = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "content.po"
    edit(po, 'msgstr "[fr] 1 point"', 'msgstr "+ 1 point"')
    build.build(root, site, log=quiet, warn=quiet)
    assert "<td>+ 1 point</td>" in (site / "fr" / "rules.html").read_text(encoding="utf-8")


def test_a_plural_rule_unlike_the_languages_is_a_warning(built):
    # In range, so the build goes on, but French "0 cartes" would read wrong: say so.
    root, site, _ = built
    po = root / "locales" / "fr" / "LC_MESSAGES" / "game.po"
    edit(po, "nplurals=2; plural=(n > 1);", "nplurals=2; plural=(n != 1);")
    warnings = []
    build.build(root, site, log=quiet, warn=warnings.append)
    assert [w for w in warnings if "plural rule" in w] == [
        f"warning: {po}:{line_of(po, 'Plural-Forms')}: the plural rule gives form 1 for n = 0, "
        "unlike fr's usual rule 'nplurals=2; plural=(n > 1);'"]
