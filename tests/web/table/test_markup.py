"""The small pieces of markup every screen shares (game.web.table.markup): buttons are made in
one place, escaped by construction."""

from pathlib import Path

from game.web.table.markup import button, esc, kbd
from game.web.table.table import action_button, move_button
from game.web.words import escaping, i18n
from generator.gamecatalog import catalog_data

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


def test_escaped_texts_are_kept_within_their_bound():
    assert esc('a "<b>" & \'c\'') == "a &quot;&lt;b&gt;&quot; &amp; &#39;c&#39;"
    assert esc(42) == "42" and esc('a "<b>" & \'c\'') == "a &quot;&lt;b&gt;&quot; &amp; &#39;c&#39;"
    for n in range(escaping.ESCAPED_SIZE + 10):
        assert esc("<" + str(n)) == "&lt;" + str(n)
    assert 0 < len(escaping._escaped) <= escaping.ESCAPED_SIZE


def test_the_moves_buttons_kept_from_move_to_move_are_the_languages_own():
    """The move buttons are kept in the catalogue's memo between moves: another language's
    catalogue draws its own words and shortcut letters, never the first language's."""
    english = action_button("Pass", "pass", True) + move_button("Move left", "move_left", "<", False)
    assert english == action_button("Pass", "pass", True) + move_button("Move left", "move_left", "<", False)
    assert 'aria-keyshortcuts="S"' in english and ">Move</span>" in english
    assert action_button("Pass", "pass", False) != action_button("Pass", "pass", True)
    french = catalog_data(str(ROOT / "locales/fr/LC_MESSAGES/game.po"), "fr")
    with i18n.installed(i18n.Catalog(french)):
        theirs = action_button(i18n._("Pass"), "pass", True) + move_button("", "move_left", "<", False)
    assert 'aria-keyshortcuts="P"' in theirs and "Passer" in theirs and ">Déplacer</span>" in theirs
