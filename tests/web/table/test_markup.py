"""The small pieces of markup every screen shares (game.web.table.markup): buttons are made in
one place, escaped by construction."""

from pathlib import Path

from game.web.table.markup import button, kbd

ROOT = Path(__file__).resolve().parents[3]


def test_a_button_escapes_its_words_and_every_attribute():
    html = button("discard", 'Discard "the <Q>"', attrs=(("aria-keyshortcuts", '"'), ("title", None)))
    assert html == ('<button type="button" class="g-btn" data-act="discard" data-key="discard" '
                    'aria-keyshortcuts="&quot;">Discard &quot;the &lt;Q&gt;&quot;</button>')
    assert button("x", "y", key="", disabled=True) == '<button type="button" class="g-btn" data-act="x" disabled>y</button>'
    assert button(None, "waiting", key="offer-end", disabled=True) \
        == '<button type="button" class="g-btn" data-key="offer-end" disabled>waiting</button>'
    assert kbd("<") == ' <kbd aria-hidden="true">&lt;</kbd>' and kbd("") == ""


def test_no_other_module_writes_a_button():
    """Every button of the game is `markup.button` (40 literal buttons in 11 modules were written
    by hand, one of which forgot to escape its shortcut)."""
    written = [str(path.relative_to(ROOT)) for path in sorted((ROOT / "game/web").rglob("*.py"))
               if "<button" in path.read_text(encoding="utf-8") and path.name != "markup.py"]
    assert written == []
