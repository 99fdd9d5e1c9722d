"""Catalogues as real tools write them: empty contexts, entries the template lacks, blank
translations, the header (Language, fuzzy, a look-alike line), line endings, tabs, stray
braces, and `pybabel compile` on the checkout."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator import build, stats
from generator.config import load_config
from generator.gamecatalog import catalog_data
from tests.generator.conftest import REPO, quiet
from tests.generator.test_bad_input import assert_refused, edit, line_of


@pytest.fixture
def built(project):
    from tests.generator.test_bad_input import snapshot

    site = project / "site"
    build.build(project, site, log=quiet, warn=quiet)
    return project, site, snapshot(site)


def po_of(root, lang, domain):
    return root / "locales" / lang / "LC_MESSAGES" / (domain + ".po")


def game_json(root, lang="fr"):
    """What the browser gets for the `game` domain (as generator.bundle calls it)."""
    return catalog_data(po_of(root, lang, "game"), lang, root / "locales" / "game.pot")["messages"]


def built_with_warnings(root, site):
    warnings = []
    build.build(root, site, log=quiet, warn=warnings.append)
    return warnings


def fr_coverage(root, domain):
    [row] = [r for r in stats.language_coverage(load_config(root), "fr") if r.domain == domain]
    return row


def test_an_empty_context_beside_the_real_entry_changes_nothing(built):
    root, site, _ = built
    po = po_of(root, "fr", "game")
    po.write_text(po.read_text(encoding="utf-8")
                  + '\nmsgctxt ""\nmsgid "New game"\nmsgstr "EVIL_EMPTYCTX"\n', encoding="utf-8")
    warnings = built_with_warnings(root, site)
    assert game_json(root)["New game"] == "[fr] New game"
    assert not [value for value in game_json(root).values() if "EVIL" in str(value)]
    line = len(po.read_text(encoding="utf-8").splitlines()) - 1
    assert any(w.startswith(f"warning: {po}:{line}: msgctxt '' msgid 'New game' is not in game.pot")
               for w in warnings), warnings
    assert fr_coverage(root, "game").percent == 100.0


def test_an_entry_moved_to_the_empty_context_is_missing_everywhere(built):
    root, site, _ = built
    po = po_of(root, "fr", "game")
    edit(po, 'msgid "New game"\n', 'msgctxt ""\nmsgid "New game"\n')
    warnings = built_with_warnings(root, site)
    assert "New game" not in game_json(root) and "\x04New game" not in game_json(root)
    assert fr_coverage(root, "game").missing == 1
    line = line_of(po, 'msgid "New game"')
    assert any(f"{po}:{line}: msgctxt ''" in w for w in warnings)


def test_entries_the_template_lacks_are_not_shipped_and_are_named(built):
    root, site, _ = built
    po = po_of(root, "fr", "game")
    stale = "".join(f'\nmsgid "STALE_PROBE_{n:04d}"\nmsgstr "x"\n' for n in range(40))
    po.write_text(po.read_text(encoding="utf-8") + stale
                  + '\nmsgctxt "Shortcut"\nmsgid "D"\nmsgstr "T"\n', encoding="utf-8")
    warnings = built_with_warnings(root, site)
    assert not [key for key in game_json(root) if "STALE" in key or key.startswith("Shortcut\x04")]
    named = [w for w in warnings if "is not in game.pot" in w]
    assert len(named) == 5 and f"{po}:{line_of(po, 'STALE_PROBE_0000')}:" in named[0]
    assert f"warning: {po}: 36 more entries not in game.pot, not published" in "\n".join(warnings)


@pytest.mark.parametrize("domain, msgid, page, english", [
    ("site", "Main menu", "fr/rules.html", 'aria-label="Main menu"'),
    ("content", "Melds", "fr/rules.html", '<h2 id="melds">Melds</h2>'),
])
def test_a_translation_of_spaces_is_shown_in_english_and_counted_untranslated(built, domain, msgid,
                                                                            page, english):
    root, site, _ = built
    po = po_of(root, "fr", domain)
    edit(po, f'msgstr "[fr] {msgid}"', 'msgstr " "')
    warnings = built_with_warnings(root, site)
    assert english in (site / page).read_text(encoding="utf-8")
    line = line_of(po, 'msgid "' + msgid + '"')
    assert f"warning: {po}:{line}: only spaces, shown in English: {msgid!r}" in warnings
    row = fr_coverage(root, domain)
    assert row.untranslated == 1 and row.percent < 100


def test_a_game_translation_of_spaces_is_not_shipped(built):
    root, site, _ = built
    edit(po_of(root, "fr", "game"), 'msgstr "[fr] Score sheet"', 'msgstr "  "')
    build.build(root, site, log=quiet, warn=quiet)
    assert "Score sheet" not in game_json(root)


@pytest.mark.parametrize("value, match", [
    ("vi", "the header says Language: vi, but the file is in the fr folder"),
    ("zz", "Language: 'zz' is not a language code"),
    ("../../etc/passwd", "Language: '../../etc/passwd' is not a language code"),
])
def test_the_language_header_must_name_the_folders_language(built, value, match):
    root, site, before = built
    po = po_of(root, "fr", "content")
    edit(po, '"Language: fr\\n"', f'"Language: {value}\\n"')
    assert_refused(root, site, before, po, line_of(po, '"Language:'), match)


def test_a_vietnamese_catalogue_saved_into_the_french_folder_is_refused(built):
    root, site, before = built
    shutil.copy(po_of(root, "vi", "content"), po_of(root, "fr", "content"))
    po = po_of(root, "fr", "content")
    assert_refused(root, site, before, po, line_of(po, '"Language:'), "Language: vi")


def test_a_regional_language_header_is_the_folders_language(built):
    root, site, _ = built
    edit(po_of(root, "fr", "game"), '"Language: fr\\n"', '"Language: fr_FR\\n"')
    build.build(root, site, log=quiet, warn=quiet)


def test_a_fuzzy_header_is_published_with_a_warning(built):
    root, site, _ = built
    po = po_of(root, "fr", "site")
    edit(po, 'msgid ""\nmsgstr ""\n', '#, fuzzy\nmsgid ""\nmsgstr ""\n')
    warnings = built_with_warnings(root, site)
    assert [w for w in warnings if "header entry" in w] == [
        f"warning: {po}:{line_of(po, '#, fuzzy')}: the header entry (msgid \"\") is marked fuzzy: "
        "the build uses the catalogue, but pybabel compile skips it; check the header and "
        "delete the fuzzy flag"]
    assert "[fr] Main menu" in (site / "fr" / "rules.html").read_text(encoding="utf-8")


def test_a_continuation_line_that_looks_like_a_header_field_is_text(built):
    root, site, _ = built
    edit(po_of(root, "fr", "game"), 'msgstr "[fr] Score sheet"',
         'msgstr ""\n"[fr] Score sheet "\n"Plural-Forms: nplurals=0; plural=0;"')
    build.build(root, site, log=quiet, warn=quiet)
    assert game_json(root)["Score sheet"] == "[fr] Score sheet Plural-Forms: nplurals=0; plural=0;"


def test_a_long_plural_forms_header_wrapped_over_two_lines_is_one_field(built):
    root, site, _ = built
    po = po_of(root, "fr", "site")
    edit(po, '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"',
         '"Plural-Forms: nplurals=2; "\n"plural=(n > 1);\\n"')
    assert built_with_warnings(root, site) == [w for w in built_with_warnings(root, site)
                                               if "Plural-Forms" not in w]


def test_cr_only_line_endings_are_refused_with_the_right_advice(built):
    root, site, before = built
    po = po_of(root, "fr", "site")
    po.write_bytes(po.read_bytes().replace(b"\n", b"\r"))
    with pytest.raises(Exception, match="lone CR") as info:
        build.build(root, site, log=quiet, warn=quiet)
    assert info.value.line == 1 and "make update-po" not in str(info.value)


def test_crlf_line_endings_are_fine(built):
    root, site, _ = built
    po = po_of(root, "fr", "site")
    po.write_bytes(po.read_bytes().replace(b"\n", b"\r\n"))
    build.build(root, site, log=quiet, warn=quiet)
    assert "[fr] Main menu" in (site / "fr" / "rules.html").read_text(encoding="utf-8")


def test_a_tab_between_keyword_and_string_is_accepted_as_gettext_does(built):
    root, site, _ = built
    edit(po_of(root, "fr", "site"), 'msgstr "[fr] Main menu"', 'msgstr\t"[fr] Main menu tab"')
    build.build(root, site, log=quiet, warn=quiet)
    assert "[fr] Main menu tab" in (site / "fr" / "rules.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("bad, shown", [
    ("{card} {0}", "{0}"), ("{ {card}", "{"), ("{card} }", "}"), ("{card.__class__}", "{card.__class__}"),
    ("{card} {card:>999999999}", "{card:>999999999}"), ("{card} {}", "{}"),
])
def test_positional_attribute_format_and_lone_braces_are_refused(built, bad, shown):
    root, site, before = built
    po = po_of(root, "fr", "game")
    edit(po, 'msgstr "[fr] Discard pile: {card}"', f'msgstr "{bad}"')
    assert_refused(root, site, before, po, line_of(po, 'msgid "Discard pile: {card}"'),
                   r"placeholder mismatch.*not in the source: .*" + re.escape(shown))


@pytest.mark.parametrize("domain", ["game", "site", "content"])
def test_pybabel_compile_passes_on_the_checkouts_catalogues(tmp_path, domain):
    shutil.copytree(REPO / "locales", tmp_path / "locales")
    pybabel = [str(Path(sys.executable).with_name("pybabel"))]
    result = subprocess.run(pybabel + ["compile", "-D", domain, "-d", str(tmp_path / "locales")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "error" not in result.stderr.lower(), result.stderr


def test_pybabel_compile_runs_our_checkers(tmp_path):
    shutil.copytree(REPO / "locales", tmp_path / "locales")
    po = tmp_path / "locales" / "fr" / "LC_MESSAGES" / "game.po"
    text = po.read_text(encoding="utf-8")
    [translation] = [line for line in text.split("\n")
                     if line.startswith('msgstr "') and "{card}" in line][:1]
    po.write_text(text.replace(translation, translation.replace("{card}", "{0}"), 1), encoding="utf-8")
    pybabel = [str(Path(sys.executable).with_name("pybabel"))]
    result = subprocess.run(pybabel + ["compile", "-D", "game", "-d", str(tmp_path / "locales")],
                            capture_output=True, text=True)
    assert result.returncode == 1 and "placeholder mismatch" in result.stderr


def test_a_link_title_the_source_does_not_have_is_refused(built):
    root, site, before = built
    po = po_of(root, "fr", "content")
    text = po.read_text(encoding="utf-8")
    [translation] = [line for line in text.split("\n") if "(rules.html)" in line and line.startswith("msgstr")][:1]
    edit(po, translation, translation.replace("(rules.html)", '(rules.html \\"javascript:alert(1)\\") <javascript:alert(1)>'))
    assert_refused(root, site, before, po, line_of(po, 'msgid "Welcome! Read the [rules](rules.html)'),
                   "a link target the source does not have: rules.html \"javascript:alert")
