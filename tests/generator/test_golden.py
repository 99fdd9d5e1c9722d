"""Golden output: a small fixture site (English and French, one page with a table and a
worked example) built and compared file by file with the committed tree tests/generator/golden/.

Any change to what the generator writes shows up here as a diff to review. After an intended
change, regenerate the tree with `make golden` (GOLDEN_UPDATE=1) and commit it with the change.
Files under static/ are copies of site_templates/static/ and the (stand-in) game bundle: only
their names are compared, so styling work does not churn the tree; so are the .br/.gz copies.
"""

import os
import shutil
from pathlib import Path

from generator import build, bundle, workflow
from tests.generator.conftest import (
    FIXTURES,
    FRENCH_GAME,
    REPO,
    fake_game_assets,
    fill_catalog,
    quiet,
)

GOLDEN = Path(__file__).resolve().parent / "golden"


def make_project(root):
    for name in ("site.toml", "babel.cfg"):
        shutil.copy(REPO / name, root / name)
    shutil.copytree(REPO / "site_templates", root / "site_templates")
    shutil.copytree(FIXTURES / "golden" / "content", root / "content")
    (root / "game").symlink_to(REPO / "game")  # the game domain's sources (card names)
    (root / "locales").mkdir()
    workflow.extract(root, log=quiet)
    for code in ("en", "fr"):
        workflow.init_language(root, code, log=quiet)
    for domain in ("site", "content", "game"):
        fill_catalog(root / "locales" / "fr" / "LC_MESSAGES" / (domain + ".po"), "fr",
                     FRENCH_GAME if domain == "game" else None)
    return root


def files(site):
    """{relative path: bytes, or None for files compared by name only: static files, the
    precompressed copies and the card images (binary; tests/generator/test_precompressed.py and
    test_social.py check what they hold)}."""
    return {p.relative_to(site).as_posix(): None if p.relative_to(site).parts[0] == "static"
            or p.suffix in (".br", ".gz", ".png") else p.read_bytes()
            for p in sorted(site.rglob("*")) if p.is_file()}


def test_the_fixture_site_matches_the_golden_tree(tmp_path, monkeypatch):
    monkeypatch.setattr(bundle, "build_game_assets", fake_game_assets)
    root = tmp_path / "project"
    root.mkdir()
    site = tmp_path / "site"
    build.build(make_project(root), site, log=quiet, warn=quiet)
    built = files(site)
    if os.environ.get("GOLDEN_UPDATE"):
        shutil.rmtree(GOLDEN, ignore_errors=True)
        for name, data in built.items():
            (GOLDEN / name).parent.mkdir(parents=True, exist_ok=True)
            (GOLDEN / name).write_bytes(data if data is not None else b"")
    golden = files(GOLDEN)
    assert sorted(built) == sorted(golden), "files differ: run `make golden` if intended"
    for name, data in built.items():
        if data is not None:
            assert data.decode("utf-8") == golden[name].decode("utf-8"), name
