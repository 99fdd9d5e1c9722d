"""The output folder under faults: builds swapping at once, a site never absent, a full disk, no
permission, a path under a file, a missing source file, source folders of every kind."""

import errno
import os

import pytest

from generator import build, precompressed, write
from generator.errors import BuildError
from generator.write import atomic_folder
from tests.generator.conftest import quiet


def fill(folder, text):
    (folder / "index.html").write_text(text)


def leftovers(target):
    return sorted(p.name for p in target.parent.iterdir() if p.name != target.name)


@pytest.fixture
def site(tmp_path):
    target = tmp_path / "out" / "site"
    with atomic_folder(target) as work:
        fill(work, "first")
    return target


def watch_swaps(monkeypatch, after):
    """Call `after(name)` once each of the swap's steps returned or failed."""
    def wrap(name, function):
        def step(*args, **kwargs):
            try:
                return function(*args, **kwargs)
            finally:
                after(name)
        return step

    for name in ("rename", "replace"):
        monkeypatch.setattr(os, name, wrap(name, getattr(os, name)))
    if hasattr(write, "exchange"):
        monkeypatch.setattr(write, "exchange", wrap("exchange", write.exchange))


def test_the_site_is_there_after_every_step_of_a_swap(site, monkeypatch):
    seen = []
    watch_swaps(monkeypatch, lambda name: seen.append((name, (site / "index.html").is_file())))
    with atomic_folder(site) as work:
        fill(work, "second")
    assert seen and all(present for _, present in seen), seen
    assert (site / "index.html").read_text() == "second" and leftovers(site) == []


def test_builds_into_one_folder_take_turns_to_swap(site, monkeypatch):
    import threading

    waiting = threading.Event()
    real_lock = write._lock

    def lock(folder, wait):
        if folder == site.parent:
            waiting.set()  # the build is at the swap: it needs the folder's lock
        return real_lock(folder, wait)

    monkeypatch.setattr(write, "_lock", lock)

    def other_build():
        with atomic_folder(site) as work:
            fill(work, "other")

    with real_lock(site.parent, wait=True):  # another build is swapping now
        thread = threading.Thread(target=other_build)
        thread.start()
        assert waiting.wait(10)
        assert (site / "index.html").read_text() == "first"  # it waits for its turn
    thread.join(10)
    assert (site / "index.html").read_text() == "other" and leftovers(site) == []


def test_without_an_atomic_exchange_the_swap_is_two_renames_under_a_lock(site, monkeypatch):
    locked = []
    monkeypatch.setattr(write, "exchange", lambda first, second: False)
    real_lock = write._lock

    def lock(folder, wait):
        locked.append(folder)
        return real_lock(folder, wait)

    monkeypatch.setattr(write, "_lock", lock)
    with atomic_folder(site) as work:
        fill(work, "second")
    assert site.parent in locked
    assert (site / "index.html").read_text() == "second" and leftovers(site) == []


def denied(*args):
    raise PermissionError(errno.EACCES, "Permission denied", str(args[-1]))


@pytest.mark.parametrize("atomic", [True, False])
def test_no_permission_to_replace_the_site_is_one_message_and_leaves_nothing(project, monkeypatch, atomic):
    site = project / "site"
    build.build(project, site, log=quiet, warn=quiet)
    before = sorted(p.relative_to(site) for p in site.rglob("*"))
    monkeypatch.setattr(write, "exchange", denied if atomic else (lambda first, second: False))
    if not atomic:
        real_replace = os.replace
        monkeypatch.setattr(os, "replace", lambda a, b: denied(a, b) if str(a) == str(site) else real_replace(a, b))
    with pytest.raises(BuildError, match="permission denied: make the folder writable") as info:
        build.build(project, site, log=quiet, warn=quiet)
    assert info.value.path == str(site) and "previous site is kept" in info.value.message
    assert sorted(p.relative_to(site) for p in site.rglob("*")) == before
    assert leftovers(site) == sorted(p.name for p in project.iterdir() if p.name != "site")


def test_a_full_disk_is_one_message_and_leaves_nothing(project, monkeypatch):
    site = project / "site"
    build.build(project, site, log=quiet, warn=quiet)

    def full(folder):
        raise OSError(errno.ENOSPC, "No space left on device", str(folder / "en" / "rules.html.br"))

    monkeypatch.setattr(precompressed, "compress_site", full)
    with pytest.raises(BuildError, match="no space left on the disk: free some space") as info:
        build.build(project, site, log=quiet, warn=quiet)
    assert info.value.path == str(site)
    assert not [p for p in project.iterdir() if ".build-" in p.name or ".old-" in p.name]
    assert (site / "en" / "rules.html").is_file()


def test_an_unreadable_source_names_the_file(project, monkeypatch):
    page = project / "content" / "faq.md"
    real = type(page).read_bytes

    def read_bytes(path):
        if path == page:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(type(page), "read_bytes", read_bytes)
    with pytest.raises(BuildError, match="permission denied: make the file readable") as info:
        build.build(project, project / "site", log=quiet, warn=quiet)
    assert info.value.path == str(page)


def test_out_under_a_file_is_refused(project, tmp_path):
    (tmp_path / "afile").write_text("x")
    with pytest.raises(BuildError, match="which is a file, not a folder") as info:
        build.build(project, tmp_path / "afile" / "site", log=quiet, warn=quiet)
    assert str(tmp_path / "afile") in info.value.message
    assert (tmp_path / "afile").read_text() == "x"


def test_a_missing_start_script_names_the_source_file(project):
    script = project / "site_templates" / "static" / "game-start.js"
    script.unlink()
    with pytest.raises(BuildError, match="start script is missing") as info:
        build.build(project, project / "site", log=quiet, warn=quiet)
    assert info.value.path == str(script)
    assert "git checkout -- site_templates/static/game-start.js" in info.value.message


def test_an_empty_folder_left_by_a_failed_swap_is_removed_by_the_next_build(project):
    (project / "site.old-abcd1234").mkdir()
    (project / "site.old-notes").mkdir()
    (project / "site.old-notes" / "mine.txt").write_text("kept")
    build.build(project, project / "site", log=quiet, warn=quiet)
    assert not (project / "site.old-abcd1234").exists()
    assert (project / "site.old-notes" / "mine.txt").read_text() == "kept"


@pytest.mark.parametrize("out", ["server/x", ".ci/x", ".cache/build", "bench/x", "tests/x", "docs/x",
                                 "tools/x", "server"])
def test_a_folder_of_the_projects_sources_is_refused(project, out):
    for folder in ("server", "bench", "tests", "tools"):
        (project / folder).mkdir(exist_ok=True)
        (project / folder / "__init__.py").write_text("")
    with pytest.raises(BuildError, match="refusing to build into the project's"):
        build.build(project, project / out, log=quiet, warn=quiet)
    assert not (project / out).exists() or out == "server"


def test_a_new_folder_in_the_project_is_fine(project):
    build.build(project, project / "build" / "site", log=quiet, warn=quiet)
    assert (project / "build" / "site" / "en" / "rules.html").is_file()
