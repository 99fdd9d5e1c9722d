"""What the page's address says (a shared deal `#seed=`, a training hand `#train=`) and what it
shows (the match on the table, `show`), and the page's clock and tasks.

A platform module (it imports `browser`); the adapter (`game.web.platform.app`) and the second bundle's
features (`game.web.platform.features`) read and write the address through it.
"""

import javascript
from browser import window

from game.web.words.i18n import _


def now():
    return window.performance.now()


def next_task(then):
    """Run `then` soon, in a task of its own: start-up and what follows it are a chain of short
    tasks, so the page answers in between and none of them holds it long. The start script's
    message channel (no 4 ms timer clamp); a timer where there is none."""
    schedule = getattr(window, "gameNextTask", None)
    if schedule is None:
        window.setTimeout(then, 0)
    else:
        schedule(then)


def hash_text():
    return str(window.location.hash or "")


def hash_seed():
    """The deal a `#seed=N` address names (at most 15 digits), else None."""
    text = hash_text()
    if text.startswith("#seed="):
        digits = text[6:]
        if digits.isdigit() and len(digits) <= 15:
            return int(digits)
    return None


def bad_seed_link():
    """Whether the address names a deal that cannot be one (`#seed=-1`, `#seed=<script>`, 16
    digits and more): the page then deals its own and says why the link's is not shown."""
    return hash_text().startswith("#seed=") and hash_seed() is None


def bad_seed_notice():
    # Translators: the link's "#seed=..." (the number its deals come from) is not a valid number.
    return _("This link does not name a valid match, so your own match is shown.")


def lesson_code():
    """The training hand the address names (`#train=...`), else None. (Read here, not in
    game.web.play.lesson: a page without one never loads the lessons.)"""
    text = hash_text()
    if text.startswith("#train="):
        return text[7:][:80]
    return None


def names_a_table():
    return "#table=" in hash_text()


def show(ui, table):
    """Name in the address what the table shows: the lesson, the online table or the deal, so
    that a reload or a shared link comes back to it."""
    if ui.lesson is not None:
        text = "#train=" + ui.lesson["code"]
    elif ui.mode == "online":
        text = "#table=" + ui.online["code"] if ui.online else " "
    else:
        text = "#seed=" + str(table.seed)
    try:
        window.history.replaceState(javascript.NULL, "", text)
    except JavascriptError:  # noqa: F821 (a Brython builtin) e.g. history refused in a sandbox
        pass
