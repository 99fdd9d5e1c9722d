"""Translator workflow: update marks changed messages fuzzy, init-lang, the Make target."""

import os
import subprocess
import sys

import pytest
from babel.messages.pofile import read_po

from generator import workflow
from generator.errors import BuildError
from tests.generator.conftest import REPO, quiet


def catalog(path):
    with open(path, "rb") as handle:
        return read_po(handle)


def test_update_adds_new_messages_and_marks_changed_ones_fuzzy(project):
    page = project / "content" / "faq.md"
    page.write_text(page.read_text(encoding="utf-8")
                    .replace("No: the ace is always low.", "No: the ace is always low, never high.")
                    + "\n## Is there an undo?\n\nNo.\n", encoding="utf-8")
    workflow.extract(project, log=quiet)
    workflow.update(project, log=quiet)
    fr = catalog(project / "locales" / "fr" / "LC_MESSAGES" / "content.po")
    changed = fr.get("No: the ace is always low, never high.")
    assert changed.fuzzy and changed.string == "[fr] No: the ace is always low."
    new = fr.get("Is there an undo?")  # empty, or a fuzzy guess from a similar message
    assert new.string == "" or new.fuzzy
    assert not fr.get("Is the ace high?").fuzzy  # untouched paragraphs stay translated
    assert fr.plural_forms == "nplurals=2; plural=(n > 1);"


def test_extract_and_update_leave_unchanged_files_alone(project):
    # As if the templates were made a minute (or a year) ago: their dates alone are no change.
    for pot in (project / "locales").glob("*.pot"):
        text = pot.read_text(encoding="utf-8")
        line = '"PO-Revision-Date: ' + text.split('"PO-Revision-Date: ')[1].split("\n")[0]
        pot.write_text(text.replace(line, '"PO-Revision-Date: 2020-01-01 00:00+0000\\n"'), encoding="utf-8")
    before = {p: p.read_bytes() for p in (project / "locales").rglob("*.po*")}
    workflow.extract(project, log=quiet)
    workflow.update(project, log=quiet)
    assert {p: p.read_bytes() for p in (project / "locales").rglob("*.po*")} == before


def test_init_lang_via_the_cli(project):
    result = subprocess.run([sys.executable, "-m", "generator", "--root", str(project), "init-lang", "pt_BR"],
                            cwd=REPO, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    for domain in ("site", "content", "game"):
        po = catalog(project / "locales" / "pt_BR" / "LC_MESSAGES" / (domain + ".po"))
        assert str(po.locale) == "pt_BR" and len(po) > 0
        assert all(m.string in ("", ("", "")) for m in po if m.id)


def test_init_lang_refuses_unknown_or_existing_languages(project):
    with pytest.raises(BuildError, match="unknown language code"):
        workflow.init_language(project, "xx", log=quiet)
    with pytest.raises(BuildError, match="already exists"):
        workflow.init_language(project, "fr", log=quiet)


def test_compile_writes_mo_files(project):
    workflow.compile_catalogs(project, log=quiet)
    assert (project / "locales" / "vi" / "LC_MESSAGES" / "game.mo").stat().st_size > 0


def test_make_init_lang_takes_lang_from_the_command_line_only():
    env = dict(os.environ, LANG="C.UTF-8")
    dry = subprocess.run(["make", "-n", "init-lang", "LANG=de"], cwd=REPO, env=env,
                         capture_output=True, text=True)
    assert "LANG=C.UTF-8 .venv/bin/python -m generator init-lang de" in dry.stdout
    refused = subprocess.run(["make", "init-lang"], cwd=REPO, env=env, capture_output=True, text=True)
    assert refused.returncode != 0 and "usage: make init-lang LANG=xx" in refused.stderr


def _header_problems(path):
    """Placeholders left in a catalogue's header, and previous-msgid (`#|`) remains."""
    text = path.read_text(encoding="utf-8")
    header = text.split("\n\n")[0]
    problems = [p for p in workflow.HEADER_PLACEHOLDERS if p in header]
    if path.suffix == ".po":
        lang = path.parent.parent.name
        if '"Language: ' + lang + '\\n"' not in header:
            problems.append("Language is not " + lang)
    problems += [line for line in text.splitlines() if line.startswith(("#|", "# |"))][:3]
    return problems


def test_update_writes_real_headers_and_no_previous_msgids(project):
    page = project / "content" / "rules.md"
    long_paragraph = "A set is three or four cards of the same rank, such as [[8H 8D 8S]]."
    page.write_text(page.read_text(encoding="utf-8").replace(
        long_paragraph, long_paragraph[:-1] + ", or four kings such as [[KH KD KC KS]], which is a"
        " set of four and accepts no layoff at all."), encoding="utf-8")
    for _ in range(2):  # a second run used to turn Babel's `#|` lines into stale comments
        workflow.extract(project, log=quiet)
        workflow.update(project, log=quiet)
    fr = catalog(project / "locales" / "fr" / "LC_MESSAGES" / "content.po")
    changed = [m for m in fr if m.id and m.id.startswith("A set is three or four cards") and m.fuzzy]
    assert changed and changed[0].string.startswith("[fr] A set is")  # still a fuzzy guess
    assert fr.language_team == "Gin Rummy French team"
    for path in sorted((project / "locales").rglob("*.po*")):
        assert _header_problems(path) == [], path


def test_update_puts_placeholder_headers_and_stale_comments_right(project):
    path = project / "locales" / "fr" / "LC_MESSAGES" / "site.po"
    text = path.read_text(encoding="utf-8")
    stale = '# | msgid "" "An old text that Babel kept as a comment"\n#, fuzzy\n'
    text = text.replace("Gin Rummy French team", "fr <LL@li.org>").replace(
        "Last-Translator: Gin Rummy translators", "Last-Translator: FULL NAME <EMAIL@ADDRESS>")
    path.write_text(text.replace('msgid "Melds"', stale + 'msgid "Melds"', 1), encoding="utf-8")
    assert _header_problems(path)  # the check sees it
    workflow.update(project, log=quiet)
    assert _header_problems(path) == []


@pytest.mark.parametrize("path", sorted((REPO / "locales").rglob("*.po*")), ids=lambda p: str(p.relative_to(REPO)))
def test_real_catalogues_have_real_headers_and_no_stale_comments(path):
    assert _header_problems(path) == []
