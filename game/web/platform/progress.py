"""The adapter's side of the statistics and the daily deal: today's date, recording finished
hands and matches, and the effects of their commands (export, import, copy, play the daily deal).

The figures and rules are in pure modules (`game.web.play.stats`, `game.web.play.daily`); this module
only reads the browser's clock and files, writes the storage and the clipboard, and starts
matches through the adapter (`App`).
"""

import javascript
from browser import document, window

from game.rules import Rules
from game.web.platform import session, storage
from game.web.play import daily, stats
from game.web.play import effects as E
from game.web.play.outcome import open_dialog
from game.web.play.registry import effect
from game.web.play.state import in_progress

# Loaded with the page's second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"

# The dialogs are imported on first use, as the adapter does.


# The match against the computer set aside while the daily deal is played: {save, hints}, the
# values of `storage.SAVE_KEYS["cpu"]` and of the coach's record of that match (as lessons keep
# the player's match, the daily deal keeps it: "Back to your match" restores it).
ASIDE_KEY = "ginrummy.aside"
HINTS_KEY = "ginrummy.hints.cpu"


def today():
    """The player's local date, (year, month, day): the daily deal follows their calendar."""
    now = window.Date.new()
    return int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate())


def load(app):
    """Read the statistics and the daily record (at the start, and after clearing saved data)."""
    ui = app.ui
    ui.stats, ui.stats_problem = storage.load_stats()
    ui.daily_record = storage.load_daily()
    ui.today = today()
    ui.aside = storage.store_get(ASIDE_KEY) is not None


def use(app, table):
    """A match is on the table (new or restored): is it a daily deal? Then Hard plays it, and
    any other match the level chosen."""
    ui = app.ui
    # A lesson is never a daily deal, whatever its seed (its table keeps its computer's level).
    is_daily = ui.mode == "cpu" and not table.training
    ui.daily = daily.is_daily(table.seed, table.rules.name) if is_daily else None
    if ui.mode == "cpu":
        table.set_level(1, daily.LEVEL if ui.daily is not None else ui.prefs["level"])


def started(app):
    """A new match was dealt: a daily deal's start is one more try of that day."""
    if app.ui.daily is not None:
        daily.start_try(app.ui.daily_record, app.ui.daily)
        storage.save_daily(app.ui.daily_record)


def after_move(app, view):
    """Count the hand or match the View's events finish (against the computer only): each event
    reaches the person's seat once, and a restored match shows none again."""
    ui = app.ui
    if not stats.counts(ui.mode, app.table):
        return
    key = stats.key_of(app.table.seats[1], app.table.rules.name)
    changed = False
    for event in view.events:
        if event.kind == "hand_over":
            stats.record_hand(ui.stats, key, stats.hand_outcome(view))
            changed = True
        elif event.kind == "match_over":
            won, net = stats.match_outcome(view)
            stats.record_match(ui.stats, key, won, net)
            changed = True
            if ui.daily is not None:
                from game.web.play.coach import hints_in_match  # at the match's end only

                daily.finish(ui.daily_record, ui.daily, won, view.hands_won[view.player], net,
                             hints_in_match(ui, view.player))
                storage.save_daily(ui.daily_record)
    if changed:
        storage.save_stats(ui.stats)


@effect(E.SAVE_STATS)
def save_stats(app, outcome):
    storage.save_stats(app.ui.stats)


@effect(E.EXPORT_STATS)
def export_stats(app, outcome):
    export(app.ui.stats)


@effect(E.READ_STATS_FILE)
def read_stats_file(app, outcome):
    read_file(app, app.ui.dialog["file"])
    return True


@effect(E.OPEN_DAILY)
def open_daily(app, outcome):
    from game.web.screens.dailydialog import first_focus

    ui = app.ui
    ui.today = today()
    open_dialog(ui, "daily")
    ui.dialog["focus"] = first_focus(ui)


@effect(E.PLAY_DAILY)
def play_daily(app, outcome):
    play(app)
    return True


@effect(E.COPY_DAILY)
def copy_daily(app, outcome):
    copy(app)


def play(app):
    """Deal today's daily match (against the computer, whatever the mode was)."""
    ui = app.ui
    ui.today = today()
    if ui.mode != "cpu":
        session.leave_online(app)
        ui.mode = ui.prefs["mode"] = "cpu"
        storage.save_prefs(ui.prefs)
    set_aside(app)
    session.new_match(app, daily.seed_of(ui.today), Rules.preset(daily.PRESET))
    app.take_focus()


def set_aside(app):
    """Keep the match in progress against the computer (not a daily deal, nor a lesson) before
    the daily deal replaces it in the storage."""
    ui = app.ui
    if ui.daily is not None or ui.lesson is not None or app.table is None or app.table.training:
        return
    if not in_progress(app.table.view(0)):
        return
    raw, hints = storage.store_get(storage.SAVE_KEYS["cpu"]), storage.store_get(HINTS_KEY)
    if raw is None:
        return
    try:
        kept = {"save": storage.parse(raw), "hints": storage.parse(hints) if hints is not None else None}
    except storage.CorruptSave:
        return
    ui.aside = storage.store_set(ASIDE_KEY, kept) is not None


@effect(E.BACK_TO_MATCH)
def back_to_match(app, outcome):
    """Put the match set aside for the daily deal back on the table, as it was."""
    ui = app.ui
    raw = storage.store_get(ASIDE_KEY)
    ui.aside = False
    try:
        kept = storage.parse(raw) if raw is not None else None
    except storage.CorruptSave:
        kept = None
    storage.store_remove(ASIDE_KEY)
    # Storage is the player's to edit: anything but what set_aside writes is not a match.
    if type(kept) is not dict or "save" not in kept or "hints" not in kept:
        return False
    storage.store_set(storage.SAVE_KEYS["cpu"], kept["save"])
    if kept["hints"] is not None:
        storage.store_set(HINTS_KEY, kept["hints"])
    session.leave_online(app)
    ui.mode = ui.prefs["mode"] = "cpu"
    storage.save_prefs(ui.prefs)
    app.cancel_timer()
    session.load_mode(app)
    app.schedule()
    app.take_focus()
    return True


def daily_link():
    """The address of the daily deal: this page, opening the daily deal's dialog (`#daily`)."""
    return str(window.location.origin) + str(window.location.pathname) + "#daily"


def open_daily_link(app):
    """The page was opened with the daily deal's link: its dialog, over the player's own match."""
    open_daily(app, None)
    app.show(app.view)
    app.take_focus()


def export(value):
    """Offer the statistics as a JSON file (a download; nothing leaves the browser otherwise)."""
    text = javascript.JSON.stringify(stats.to_dict(value), javascript.NULL, 2)
    blob = window.Blob.new([text], {"type": "application/json"})
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    year, month, day = today()
    link.attrs["download"] = "gin-rummy-statistics-" + daily.date_key((year, month, day)) + ".json"
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(lambda *args: window.URL.revokeObjectURL(url), 1000)


def read_file(app, chosen):
    """Read the chosen file's text, then hand its JSON (None when it is not JSON) to "stats_file"."""
    def loaded(text):
        try:
            data = storage.parse(text)
        except storage.CorruptSave:
            data = None
        app.command("stats_file", data)

    def failed(*args):
        app.command("stats_file", None)

    chosen.text().then(loaded, failed)


def copy(app):
    from game.web.screens.dailydialog import copied, copy_refused, share_line

    ui = app.ui
    date = ui.daily if ui.daily is not None and ui.dialog is None else ui.today
    line = share_line(date, daily.day_of(ui.daily_record, date))
    if line is None:
        return
    line += " " + daily_link()

    def refused(*args):
        app.announce(copy_refused())

    try:
        window.navigator.clipboard.writeText(line).then(lambda *args: app.announce(copied()), refused)
    except Exception:
        refused()
