"""The build reads only the project's own files: no link out of it, no hidden file, no dangling
link, no page under a name the build writes itself."""

import os

import pytest

from generator import build
from generator.errors import BuildError
from tests.generator.conftest import quiet

PAGE = "---\ntitle: {title}\ndescription: A page.\nnav: 9\n---\n\n{title} text.\n"


@pytest.fixture
def outside(tmp_path):
    secret = tmp_path / "elsewhere" / "secret.txt"
    secret.parent.mkdir()
    secret.write_text("the machine's secret\n")
    page = secret.parent / "notes.md"
    page.write_text(PAGE.format(title="Private notes"))
    return secret.parent


def refused(project, link):
    site = project / "site"
    before = sorted(site.rglob("*")) if site.exists() else None
    with pytest.raises(BuildError, match="outside the project") as info:
        build.build(project, site, log=quiet, warn=quiet)
    assert info.value.path == str(link)
    assert (sorted(site.rglob("*")) if site.exists() else None) == before
    return info.value


@pytest.mark.parametrize("link, target", [
    ("site_templates/static/host.js", "secret.txt"),
    ("content/outside.md", "notes.md"),
    ("locales/fr/LC_MESSAGES/site.po", "secret.txt"),
    ("site_templates/example.html", "secret.txt"),
])
def test_a_link_out_of_the_project_is_refused_with_its_path(project, outside, link, target):
    path = project / link
    if path.exists():
        path.unlink()
    path.symlink_to(outside / target)
    error = refused(project, path)
    assert str(outside / target) in error.message


def test_a_folder_linked_out_of_the_project_is_refused(project, outside):
    (project / "site_templates" / "static" / "fonts").symlink_to(outside)
    # rglob does not walk into a linked folder: nothing of it is read or published.
    build.build(project, project / "site", log=quiet, warn=quiet)
    assert not (project / "site" / "static" / "fonts").exists()
    (project / "content" / "more.md").symlink_to(outside / "notes.md")
    refused(project, project / "content" / "more.md")


def test_a_link_inside_the_project_is_followed(project):
    (project / "site_templates" / "static" / "print.css").symlink_to("site.css")
    site = project / "site"
    build.build(project, site, log=quiet, warn=quiet)
    assert (site / "static" / "print.css").read_text() == (site / "static" / "site.css").read_text()


def test_an_editor_lock_file_and_a_dangling_link_are_skipped(project):
    content = project / "content"
    # What Emacs writes beside a buffer with unsaved changes: a link to nowhere.
    os.symlink("user@host.1234:1700000000", content / ".#rules.md")
    os.symlink("gone.md", content / "moved.md")
    warnings = []
    site = project / "site"
    build.build(project, site, log=quiet, warn=warnings.append)
    assert (site / "en" / "rules.html").is_file()
    assert not (site / "en" / "moved.html").exists() and not list(site.rglob(".#*"))
    [line] = [w for w in warnings if "content" in w and "not published" in w]
    assert str(content / ".#rules.md") in line and str(content / "moved.md") in line


def test_hidden_content_files_are_not_published(project):
    content = project / "content"
    (content / ".draft.md").write_text(PAGE.format(title="Unfinished draft"))
    (content / "..md").write_text(PAGE.format(title="Dots"))
    site = project / "site"
    build.build(project, site, log=quiet, warn=quiet)
    published = [p.name for p in site.rglob("*.html")]
    assert not [name for name in published if name.startswith(".")]
    for page in site.rglob("*.html"):
        assert "Unfinished draft" not in page.read_text(encoding="utf-8")
    assert ".draft" not in (site / "sitemap.xml").read_text()


def test_a_page_named_like_the_builds_own_404_page_is_refused(project):
    page = project / "content" / "404.md"
    page.write_text(PAGE.format(title="Not the 404 page"))
    with pytest.raises(BuildError, match="404") as info:
        build.build(project, project / "site", log=quiet, warn=quiet)
    assert info.value.path == str(page) and info.value.line == 1
    assert "rename" in info.value.message
