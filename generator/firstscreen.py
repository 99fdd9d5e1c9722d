"""The game's first screen, drawn at build time: the table of a real deal in the page's HTML.

A page's first paint then shows the table itself, not a placeholder, and nothing moves when
the game takes over: `first_screen(catalog, seed)` draws, in CPython, with the page language's
`game` catalogue, exactly what `game.web.app.app.App` draws for a new visitor (no saved match,
default preferences) dealt `seed`, with the same pure functions (`game.web.table.render`). The page
names the seed (`#game[data-first-seed]`) and the App deals it for a first match, so its first
drawing is this markup again (tests/browser/test_first_screen.py). The page names the inputs
of the drawing too (`data-first-key`, a hash of `render.drawing_key`): when the App's are the
same, it keeps this screen without drawing it (its first drawing is the page's longest task
on a phone); else it draws and keeps this screen if the markup is the same (`data-first-hash`).

Every page would show the same deal for a whole build; the pages take turns over a few seeds
(`screen_for`), each one a deal the person opens (their move first: the screen stays as it
is until they play).
"""

import hashlib
from dataclasses import dataclass, field

from game.web.table.render import markup_hash

# How many deals the pages of one language share out.
SCREENS = 3
FIRST_CANDIDATE = 1001  # the first seed tried (any seed would do; fixed so builds are identical)


@dataclass(frozen=True)
class FirstScreen:
    """The seed, the markup of the game's `.g-main` and the `data-*` attributes of `#game`."""

    seed: int
    html: str
    attributes: dict = field(default_factory=dict)


def _draw(seed):
    from game.rules import Rules
    from game.web.play.state import Ui, default_prefs
    from game.web.play.tables import LocalTable
    from game.web.table.render import attributes, drawing_key, render

    ui = Ui(default_prefs())
    ui.more = "waiting"  # the page draws its first screen before its second bundle is in
    table = LocalTable.new(seed, Rules.preset(ui.prefs["rules"]), ui.seats())
    view = table.view(ui.seat(table.turn))
    ui.sync_order(view)
    return view, ui, render(view, ui), {**attributes(view, ui), "data-first-key": markup_hash(drawing_key(view, ui))}


def first_screens(catalog, count=SCREENS):
    """`count` first screens in this catalogue's language (`generator.gamecatalog.page_catalog`),
    for the first seeds from FIRST_CANDIDATE on whose deal the person moves first."""
    from game.web.words import i18n

    with i18n.installed(i18n.Catalog(catalog)):
        found = []
        seed = FIRST_CANDIDATE
        while len(found) < count:
            view, ui, html, attrs = _draw(seed)
            if view.turn is not None and ui.is_human(view.turn):
                found.append(FirstScreen(seed, html, {**attrs, "data-seed": str(seed),
                                                      "data-first-hash": markup_hash(html)}))
            seed += 1
        return found


def screen_for(screens, slug):
    """The screen a page shows: chosen by its slug, so each page keeps its deal build to build."""
    return screens[int(hashlib.sha256(slug.encode("utf-8")).hexdigest(), 16) % len(screens)]
