"""A small throw-away project (fixture content, the real templates and engine) to build."""

import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from generator import bundle, pofile, workflow
from generator.bundle import GameAssets

REPO = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"

# Real French words for the card names, so chips can be checked against known text.
FRENCH_GAME = {
    ("card name", "{rank} of {suit}"): "{rank} de {suit}",
    ("card suit", "hearts"): "cœur",
    ("card suit", "diamonds"): "carreau",
    ("card suit", "spades"): "pique",
    ("card suit", "clubs"): "trèfle",
    ("card rank", "king"): "roi",
    ("rank symbol", "K"): "R",
}


def pseudo(lang, text):
    """A translation that keeps every placeholder: "[fr] " + source."""
    return "[" + lang + "] " + text


def fill_catalog(path, lang, words=None):
    """Translate every message of a .po: `words[(context, msgid)]` or a pseudo-translation."""
    with open(path, "rb") as handle:
        catalog = read_po(handle, locale=lang)
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            # One form (Vietnamese) is the general one: msgid_plural's, which holds every placeholder.
            forms = [pseudo(lang, message.id[0])] + [pseudo(lang, message.id[1])] * max(1, catalog.num_plurals - 1)
            message.string = tuple(forms[-catalog.num_plurals:])
        elif message.context == "shortcut":
            message.string = message.id  # a key is one letter (generator.checkers.shortcuts)
        else:
            message.string = (words or {}).get((message.context, message.id), pseudo(lang, message.id))
    Path(path).write_bytes(pofile.dumps(catalog, path))  # as `make update-po` writes it


def fake_game_assets(out_dir, languages, game_messages=None, glossary=None):
    """Stand-in for the game bundle stage (tested on its own): same fields, tiny files."""
    static = Path(out_dir) / "static"
    static.mkdir(parents=True, exist_ok=True)
    for name in ("brython.js", "game.js", "game-more.js", "game-ai.js", "game-worker.js", "game-start.js",
                 "game-shim.js", "game.css"):
        (static / ("fake-" + name)).write_text("/* test */\n")
    codes = [getattr(lang, "code", lang) for lang in languages]
    for code in codes:
        (static / ("fake-game-" + code + ".json")).write_text("{}\n")
    return GameAssets(brython="static/fake-brython.js", bundle="static/fake-game.js",
                      start="static/fake-game-start.js", css="static/fake-game.css",
                      catalogs={code: "static/fake-game-" + code + ".json" for code in codes},
                      worker="static/fake-game-worker.js", players="static/fake-game-ai.js",
                      more="static/fake-game-more.js", shim="static/fake-game-shim.js")


@pytest.fixture(scope="session")
def project_template(tmp_path_factory):
    root = tmp_path_factory.mktemp("template")
    for name in ("site.toml", "babel.cfg"):
        shutil.copy(REPO / name, root / name)
    shutil.copytree(REPO / "site_templates", root / "site_templates")
    shutil.copytree(FIXTURES / "content", root / "content")
    (root / "game").symlink_to(REPO / "game")  # the game domain's sources (card names)
    (root / "generator").symlink_to(REPO / "generator")  # the table of contents' title
    (root / "locales").mkdir()
    workflow.extract(root, log=lambda *a: None)
    for code in ("en", "fr", "vi"):
        workflow.init_language(root, code, log=lambda *a: None)
    for code in ("fr", "vi"):
        for domain in ("site", "content", "game"):
            words = FRENCH_GAME if (code, domain) == ("fr", "game") else None
            fill_catalog(root / "locales" / code / "LC_MESSAGES" / (domain + ".po"), code, words)
    return root


@pytest.fixture
def project(project_template, tmp_path, monkeypatch):
    """A fresh copy of the fixture project, fully translated in fr and vi (pseudo-French)."""
    root = tmp_path / "project"
    shutil.copytree(project_template, root, symlinks=True)
    monkeypatch.setattr(bundle, "build_game_assets", fake_game_assets)
    return root


def quiet(*args, **kwargs):
    pass
