"""`--out` never destroys: only a folder the build made itself is replaced."""

import subprocess
import sys
from pathlib import Path

import pytest

from generator import build
from generator.errors import BuildError
from generator.write import MARKER, atomic_folder, check_target, remove_stale
from tests.generator.conftest import REPO, quiet


def tree(folder):
    return {p.relative_to(folder): p.read_bytes() for p in Path(folder).rglob("*") if p.is_file()}


def test_a_built_site_carries_the_marker_and_is_replaced_by_the_next_build(project):
    site = project / "site"
    build.build(project, site, log=quiet, warn=quiet)
    assert (site / MARKER).is_file()
    (site / "en" / "old-page.html").write_text("stale")
    build.build(project, site, log=quiet, warn=quiet)
    assert not (site / "en" / "old-page.html").exists()


@pytest.mark.parametrize("name", ["docs", "content", "locales/fr", "site_templates/static/x"])
def test_refuses_the_project_source_folders(project, name):
    (project / "docs").mkdir(exist_ok=True)
    (project / "docs" / "untracked.md").write_text("precious")
    before = tree(project)
    with pytest.raises(BuildError, match="refusing"):
        build.build(project, project / name, log=quiet, warn=quiet)
    assert tree(project) == before


def test_refuses_the_project_root_and_its_parents(project):
    before = tree(project)
    for target in (project, project.parent):
        with pytest.raises(BuildError, match="holding the project"):
            build.build(project, target, log=quiet, warn=quiet)
    assert tree(project) == before


def test_refuses_home_and_filesystem_root(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    for target in (tmp_path / "home", Path("/")):
        with pytest.raises(BuildError, match="refusing to build into " + str(target)):
            check_target(target, tmp_path / "project")


def test_refuses_a_non_empty_folder_it_did_not_make(project, tmp_path):
    other = tmp_path / "mine"
    other.mkdir()
    (other / ".env").write_text("SECRET=1")
    with pytest.raises(BuildError, match="did not make") as info:
        build.build(project, other, log=quiet, warn=quiet)
    assert info.value.path == str(other.resolve())
    assert tree(other) == {Path(".env"): b"SECRET=1"}
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("mine.")) == []


def test_accepts_a_new_or_empty_folder(project, tmp_path):
    (tmp_path / "empty").mkdir()
    for target in (tmp_path / "empty", tmp_path / "new" / "site"):
        build.build(project, target, log=quiet, warn=quiet)
        assert (target / "en" / "rules.html").is_file()


def test_refuses_a_file(project, tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(BuildError, match="file, not a folder"):
        build.build(project, tmp_path / "file", log=quiet, warn=quiet)


def test_cli_refuses_with_one_line_and_exit_1(project):
    (project / "docs").mkdir()
    (project / "docs" / "notes.md").write_text("precious")
    result = subprocess.run([sys.executable, "-m", "generator", "--root", str(project), "build",
                             "--out", str(project / "docs")], capture_output=True, text=True, cwd=REPO)
    assert result.returncode == 1
    assert result.stderr.startswith("error: " + str((project / "docs").resolve()) + ": refusing")
    assert (project / "docs" / "notes.md").read_text() == "precious"


def test_leftovers_of_killed_builds_are_removed_by_the_next_build(project, tmp_path):
    from generator.write import _lock

    tmp_path = tmp_path / "out"
    site = tmp_path / "site"
    killed = tmp_path / "site.build-abc123"
    killed.mkdir(parents=True)
    (killed / MARKER).write_text("x")
    half_swapped = tmp_path / "site.old-xyz" / "site"
    half_swapped.mkdir(parents=True)
    (half_swapped / MARKER).write_text("x")
    running = tmp_path / "site.build-running"  # a parallel build in progress (it holds the lock)
    running.mkdir()
    (running / MARKER).write_text("x")
    foreign = tmp_path / "site.build-notes"  # someone's own folder: no marker, left alone
    foreign.mkdir()
    with _lock(running, wait=True):
        build.build(project, site, log=quiet, warn=quiet)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site", "site.build-notes",
                                                          "site.build-running"]


def test_a_failed_build_leaves_no_work_folder(tmp_path):
    target = tmp_path / "site"
    with pytest.raises(RuntimeError), atomic_folder(target):
        raise RuntimeError("boom")
    assert list(tmp_path.iterdir()) == []
    remove_stale(target)  # nothing to do, no error
