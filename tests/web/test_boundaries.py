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
MATCH_HOLDERS = {"game/web/tables.py", "game/web/storage.py", "game/ai/arena.py"}
ENGINE_STATE = {"game.match", "game.hand", "game.save", "game.replay"}  # game.replay rebuilds a hand


def modules(folder):
    return sorted(p for p in (ROOT / folder).glob("*.py"))


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
COACH = ("game/ai/coach.py", "game/ai/review.py", "game/ai/estimate.py", "game/web/coachtext.py", "game/web/reasons.py",
         "game/web/coach.py")


@pytest.mark.parametrize("name", COACH)
def test_the_coach_reads_only_views(name):
    path = ROOT / name
    assert path.exists(), name
    assert name not in MATCH_HOLDERS
    assert problems(path.read_text(encoding="utf-8")) == [], name


def test_the_coach_check_can_fail():
    assert problems("from game.replay import decisions") == [(1, "import game.replay")]
