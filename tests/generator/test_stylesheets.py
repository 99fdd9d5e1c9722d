"""Rules the site's stylesheets keep: a hover effect only on a device that can hover (on a
touch screen :hover sticks to the last element tapped: a card of the hand stayed lifted)."""

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "site_templates" / "static"
SHEETS = sorted(STATIC.glob("*.css"))


def rules_with_their_blocks(css):
    """(selector, enclosing at-rules) of every style rule of `css`."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found, stack, start = [], [], 0
    for match in re.finditer(r"[{}]", css):
        if match.group() == "{":
            head = css[start:match.start()].strip()
            if not head.startswith("@"):
                found.append((head, tuple(stack)))
            stack.append(head)
        else:
            stack.pop()
        start = match.end()
    return found


def test_the_reader_sees_nested_rules():
    rules = rules_with_their_blocks("a:hover { x: 1; } @media (hover: hover) { b:hover { y: 2; } }")
    assert rules == [("a:hover", ()), ("b:hover", ("@media (hover: hover)",))]


@pytest.mark.parametrize("sheet", SHEETS, ids=[s.name for s in SHEETS])
def test_hover_effects_only_where_a_pointer_hovers(sheet):
    bare = [selector for selector, blocks in rules_with_their_blocks(sheet.read_text(encoding="utf-8"))
            if ":hover" in selector and "@media (hover: hover)" not in blocks]
    assert bare == []


def test_a_touch_screen_shows_no_shortcut_letters():
    rules = rules_with_their_blocks((STATIC / "game.css").read_text(encoding="utf-8"))
    assert (".g-btn kbd", ("@media (hover: none) and (pointer: coarse)",)) in rules


# A card's printed face does not mirror: its corner indices, its court figure, its marks.
CARD_FACE = re.compile(r"\.g-idx|\.g-court|\.g-card\.g-melded::after|\.g-card\.g-suggested::before")
PHYSICAL = re.compile(r"(?<![\w-])(?:(?:margin|padding|border)-(?:left|right)|left|right)\s*:"
                      r"|text-align\s*:\s*(?:left|right)|float\s*:\s*(?:left|right)")


def declarations(css):
    """(selector, declarations) of every style rule of `css`, comments dropped."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return re.findall(r"([^{}]+)\{([^{}]*)\}", css)


@pytest.mark.parametrize("sheet", SHEETS, ids=[s.name for s in SHEETS])
def test_only_logical_properties_so_right_to_left_mirrors(sheet):
    """margin-inline-start, inset-inline, text-align: start...: a right-to-left language's pages
    mirror by their `dir` alone (tests/browser/test_pseudo.py looks at them)."""
    physical = [(selector.strip(), found) for selector, body in declarations(sheet.read_text(encoding="utf-8"))
                for found in PHYSICAL.findall(body) if not CARD_FACE.search(selector)]
    assert physical == []
