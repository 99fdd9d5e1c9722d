"""The layers keep to their side: the page and the computer read Views, never the match."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# What a Hand or a Match holds that only the engine may read.
INTERNALS = {"hands", "known", "passes", "previous", "current_player", "check_declaration"}
ENGINE_NAMES = {"match", "hand"}  # names that would hold the engine's objects
# Who may hold a Match: the table (the match lives there) and the storage (saves replay it);
# the arena (CPython only) runs matches between computer players.
MATCH_HOLDERS = {"game/web/play/tables.py", "game/web/app/saves.py", "game/ai/arena.py"}
ENGINE_STATE = {"game.match", "game.hand", "game.save", "game.replay"}  # game.replay rebuilds a hand


def modules(folder):
    return sorted(p for p in (ROOT / folder).rglob("*.py"))


def relative(path):
    return str(path.relative_to(ROOT))


def problems(source, name="module.py"):
    """Where `source` reads engine state: (line, what)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            if node.attr in INTERNALS:
                found.append((node.lineno, "." + node.attr))
            elif isinstance(node.value, ast.Name) and node.value.id in ENGINE_NAMES:
                found.append((node.lineno, node.value.id + "." + node.attr))
        if isinstance(node, ast.ImportFrom) and node.module in ENGINE_STATE:
            found.append((node.lineno, "import " + node.module))
    return found


@pytest.mark.parametrize("path", [p for p in modules("game/web") + modules("game/ai")
                                  if relative(p) not in MATCH_HOLDERS], ids=relative)
def test_no_engine_internals_outside_the_engine(path):
    assert problems(path.read_text(encoding="utf-8")) == [], relative(path)


def test_the_check_can_fail():
    assert problems("x = match.hand.hands[0]") == [(1, ".hands"), (1, "match.hand")]
    assert problems("from game.match import Match") == [(1, "import game.match")]
    assert problems("n = view.stock_count") == []


# The coach (hints and hand reviews) reads Views only: the engine rebuilds the review's
# positions (game.replay, called by the table), and the coach and its words see the Views.
COACH = ("game/ai/coach.py", "game/ai/review.py", "game/ai/estimate.py", "game/web/words/coachtext.py",
         "game/web/words/reasons.py", "game/web/play/coaching.py", "game/web/coach/commands.py",
         "game/web/coach/markup.py", "game/web/coach/record.py")


@pytest.mark.parametrize("name", COACH)
def test_the_coach_reads_only_views(name):
    path = ROOT / name
    assert path.exists(), name
    assert name not in MATCH_HOLDERS
    assert problems(path.read_text(encoding="utf-8")) == [], name


def test_the_coach_check_can_fail():
    assert problems("from game.replay import decisions") == [(1, "import game.replay")]


# Only the worker's bridge touches the browser (Brython's `browser` and `javascript` modules):
# everything else of game/web is plain Python, tested in CPython.
PLATFORM = "game/web/bridge/"
BROWSER_MODULES = ("browser", "javascript")


def browser_imports(source):
    """The lines that import the browser's modules, at module level or in a function."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module] if isinstance(node, ast.ImportFrom) and node.module else []
        found += [(node.lineno, name) for name in names if name.split(".")[0] in BROWSER_MODULES]
    return sorted(found)


@pytest.mark.parametrize("path", [p for p in modules("game") if not relative(p).startswith(PLATFORM)],
                         ids=relative)
def test_only_the_bridge_imports_the_browser(path):
    assert browser_imports(path.read_text(encoding="utf-8")) == [], relative(path)


def test_the_bridge_check_can_fail():
    assert browser_imports("def f():\n    import javascript\nfrom browser import window\n") \
        == [(2, "javascript"), (3, "browser")]
    assert any(browser_imports(p.read_text(encoding="utf-8")) for p in modules(PLATFORM))


# No module of the game, the build or the server too long to read in one sitting.
LONGEST = 450


@pytest.mark.parametrize("path", [p for folder in ("game", "generator", "server") for p in modules(folder)],
                         ids=relative)
def test_every_module_reads_in_one_sitting(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= LONGEST, f"{relative(path)}: {lines} lines (at most {LONGEST}: split it by what it does)"
