"""The catalogues in GNU gettext's own format: a translator's tool (msgcat, msgmerge, polib,
translate-toolkit) saves them unchanged, and `make update-po` after any of them changes nothing;
GNU msgfmt's checks pass on every one. GNU gettext missing is a failure, never a skip
(`make check` installs it first: tests/ensure-system)."""

import difflib
import io
import shutil
import subprocess

import polib
import pytest
from babel.messages.pofile import read_po
from translate.storage import pypo

from generator import pofile, workflow
from generator.errors import BuildError
from tests.generator.conftest import REPO, quiet

LOCALES = REPO / "locales"
CATALOGUES = sorted(LOCALES.glob("*/LC_MESSAGES/*.po")) + sorted(LOCALES.glob("*.pot"))
PO_FILES = [path for path in CATALOGUES if path.suffix == ".po"]


def name(path):
    return str(path.relative_to(REPO))


def run(*command, data=None):
    """A GNU gettext program's output (its absence fails the test with the package to install)."""
    result = subprocess.run([pofile.tool(command[0]), *command[1:]], input=data,
                            capture_output=True, check=False)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout


def first_difference(expected, got):
    lines = difflib.unified_diff(expected.decode().splitlines(), got.decode().splitlines(),
                                 "catalogue", "rewritten", lineterm="", n=1)
    changed = [line for line in lines if line[:1] in "+-@"]
    return f"{len(changed)} lines differ, first: " + "\n".join(changed[:8])


def entries(data):
    """Every live entry as Babel reads it: key -> (translation, flags, comments, locations);
    a comment's words, whatever lines a tool wrapped it on (polib wraps `#.` lines at 78)."""
    catalog = read_po(io.BytesIO(data))
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)):
            (m.string if isinstance(m.string, str) else tuple(m.string), sorted(m.flags),
             " ".join(m.auto_comments), " ".join(m.user_comments), sorted(m.locations))
            for m in catalog if m.id}


def copy_project(tmp_path):
    """What `make update-po` reads: site.toml and locales/."""
    shutil.copy(REPO / "site.toml", tmp_path / "site.toml")
    shutil.copytree(LOCALES, tmp_path / "locales")
    return tmp_path


def assert_same_catalogues(root):
    for path in CATALOGUES:
        got = (root / path.relative_to(REPO)).read_bytes()
        assert got == path.read_bytes(), name(path) + ": " + first_difference(path.read_bytes(), got)


@pytest.mark.parametrize("path", CATALOGUES, ids=name)
def test_msgcat_writes_every_catalogue_byte_for_byte(path):
    assert run("msgcat", "--output-file=-", str(path)) == path.read_bytes(), \
        first_difference(path.read_bytes(), run("msgcat", "--output-file=-", str(path)))


@pytest.mark.parametrize("path", PO_FILES, ids=name)
def test_msgmerge_with_the_template_changes_nothing(path):
    template = LOCALES / (path.stem + ".pot")
    merged = run("msgmerge", "--quiet", "--output-file=-", str(path), str(template))
    assert merged == path.read_bytes(), first_difference(path.read_bytes(), merged)


@pytest.mark.parametrize("path", CATALOGUES, ids=name)
def test_msgfmt_checks_pass(path):
    """--check-format (placeholders of every python-format and python-brace-format entry),
    --check-header (.po files) and --check-domain."""
    assert pofile.msgfmt_check(path) == []


def test_a_polib_save_then_update_po_gives_back_every_byte(tmp_path):
    root = copy_project(tmp_path)
    rewritten = 0
    for path in PO_FILES:
        copy = root / path.relative_to(REPO)
        catalogue = polib.pofile(str(copy))
        catalogue.save(str(copy))  # polib wraps its own way (textwrap at 78, hyphens)
        rewritten += copy.read_bytes() != path.read_bytes()
        assert entries(copy.read_bytes()) == entries(path.read_bytes()), name(path)
    assert rewritten  # else this test would prove nothing
    workflow.update(root, log=quiet)
    assert_same_catalogues(root)


def test_translate_toolkit_keeps_the_files_and_update_po_puts_its_wrapping_right(tmp_path):
    """Weblate's engine keeps every entry it does not change as it was; the entries it changes
    it wraps with its own imitation of gettext, which `make update-po` puts right."""
    root = copy_project(tmp_path)
    for path in PO_FILES:
        data = path.read_bytes()
        store = pypo.pofile(data)
        assert bytes(store) == data, name(path) + ": " + first_difference(data, bytes(store))
        for unit in store.units:
            if not unit.isheader() and unit.istranslated():
                strings = unit.target.strings if unit.hasplural() else unit.target
                unit.target = ["·"] if unit.hasplural() else "·"  # a change, then undone
                unit.target = strings
        copy = root / path.relative_to(REPO)
        copy.write_bytes(bytes(store))
        assert entries(copy.read_bytes()) == entries(data), name(path)
    workflow.update(root, log=quiet)
    assert_same_catalogues(root)


def test_update_drops_obsolete_entries_and_fuzzy_flags_of_empty_entries(project):
    path = project / "locales" / "en" / "LC_MESSAGES" / "site.po"
    text = path.read_text(encoding="utf-8")
    first = text.index('\n\n#: ') + 2
    text = (text[:first] + "#, fuzzy\n" + text[first:]
            + '\n#~ msgid "Melds"\n#~ msgstr ""\n\n#~ msgid "A removed line"\n#~ msgstr ""\n')
    path.write_text(text, encoding="utf-8")
    fr = project / "locales" / "fr" / "LC_MESSAGES" / "site.po"
    fr.write_text(fr.read_text(encoding="utf-8") + '\n#~ msgid "Old"\n#~ msgstr "Ancien"\n',
                  encoding="utf-8")
    workflow.update(project, log=quiet)
    for catalogue in (path, fr):
        after = catalogue.read_text(encoding="utf-8")
        assert "#~" not in after
        assert pofile.msgfmt_check(catalogue) == []
    assert "#, fuzzy" not in path.read_text(encoding="utf-8")


def test_a_fuzzy_translation_keeps_its_flag(project):
    path = project / "locales" / "fr" / "LC_MESSAGES" / "site.po"
    text = path.read_text(encoding="utf-8")
    first = text.index('\n\n#: ') + 2
    path.write_text(text[:first] + "#, fuzzy\n" + text[first:], encoding="utf-8")
    workflow.update(project, log=quiet)
    assert path.read_text(encoding="utf-8").count("#, fuzzy") == 1


def test_without_gnu_gettext_writing_a_catalogue_says_what_to_install(monkeypatch, project):
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(BuildError, match="msgcat is needed .* apt-get install gettext"):
        workflow.update(project, log=quiet)


def test_ensure_system_installs_or_names_gettext(tmp_path):
    bin_dir = tmp_path / "bin"  # a PATH with `id` but no apt-get
    bin_dir.mkdir()
    (bin_dir / "id").symlink_to("/usr/bin/id")
    env = {"PATH": str(bin_dir), "MSGFMT": "/nonexistent/msgfmt", "CHROMIUM": "/usr/bin/id",
           "NGINX": "/usr/bin/id"}
    script = str(REPO / "tests" / "ensure-system")
    for mode in ("gettext", "all"):
        result = subprocess.run(["/bin/bash", script, mode], capture_output=True, text=True, env=env)
        assert result.returncode == 1
        assert result.stderr.strip().endswith("run: sudo apt-get install gettext")
    env["MSGFMT"] = "/usr/bin/id"
    env["CHROMIUM"] = "/nonexistent/chromium"
    result = subprocess.run(["/bin/bash", script, "gettext"], capture_output=True, text=True, env=env)
    assert (result.returncode, result.stderr) == (0, "")  # `make check` needs no browser
