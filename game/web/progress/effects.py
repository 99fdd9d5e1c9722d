"""The App's side of the statistics and the daily deal: today's date, recording finished hands
and matches, and the effects of their commands (export, import, copy, play the daily deal).

The figures and rules are in `game.web.progress.stats` and `game.web.progress.daily`; this module reads
the host's clock, keeps the records in the storage (`saves`), offers the export as a download
and starts matches through the App. Pure Python.
"""

from game.errors import CorruptSave
from game.rules import Rules
from game.web.app import saves, session
from game.web.app.hooks import on
from game.web.play import effects as E
from game.web.play.coaching import hints_in_match
from game.web.play.outcome import open_dialog
from game.web.play.registry import effect
from game.web.play.state import in_progress
from game.web.progress import daily, stats

# Loaded with the second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"


# The match against the computer set aside while the daily deal is played: {save, hints}, the
# values of `storage.SAVE_KEYS["cpu"]` and of the coach's record of that match (as lessons keep
# the player's match, the daily deal keeps it: "Back to your match" restores it).
ASIDE_KEY = "ginrummy.aside"
HINTS_KEY = "ginrummy.hints.cpu"


@on("loaded")
def load(app):
    """Read the statistics and the daily record (at the start, and after clearing saved data)."""
    ui = app.ui
    ui.stats, ui.stats_problem = load_stats(app.store)
    ui.daily_record = load_daily(app.store)
    ui.today = app.host.today()
    ui.aside = app.store.get(ASIDE_KEY) is not None
    ui.here = app.here


@on("match")
def use(app, table, how):
    """A match is on the table (new or restored): is it a daily deal? Then Hard plays it, and
    any other match the level chosen; a daily deal's start is one more try of that day."""
    ui = app.ui
    # A lesson is never a daily deal, whatever its seed (its table keeps its computer's level).
    is_daily = ui.mode == "cpu" and not table.training
    ui.daily = daily.is_daily(table.seed, table.rules.name) if is_daily else None
    if ui.mode == "cpu":
        table.set_level(1, daily.LEVEL if ui.daily is not None else ui.prefs["level"])
    if how == "dealt" and ui.daily is not None:
        daily.start_try(ui.daily_record, ui.daily)
        save_daily(app.store, ui.daily_record)


@on("move")
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
                daily.finish(ui.daily_record, ui.daily, won, view.hands_won[view.player], net,
                             hints_in_match(ui, view.player))
                save_daily(app.store, ui.daily_record)
    if changed:
        save_stats_in(app.store, ui.stats)


@effect(E.SAVE_STATS)
def save_stats(app, outcome):
    save_stats_in(app.store, app.ui.stats)


@effect(E.EXPORT_STATS)
def export_stats(app, outcome):
    """Offer the statistics as a JSON file (a download; nothing leaves the browser otherwise)."""
    year, month, day = app.host.today()
    app.frame.set("download", {"name": "gin-rummy-statistics-" + daily.date_key((year, month, day)) + ".json",
                               "text": app.host.to_json(stats.to_dict(app.ui.stats), 2),
                               "type": "application/json"})


@effect(E.READ_STATS_FILE)
def read_stats_file(app, outcome):
    """The chosen file's text (the shim read it): its JSON (None when it is not JSON) goes to
    "stats_file"."""
    text = app.ui.dialog["file"]
    try:
        data = saves.parse(app.store, text)
    except CorruptSave:
        data = None
    app.command("stats_file", data)
    return True


@effect(E.OPEN_DAILY)
def open_daily(app, outcome):
    from game.web.progress.dailydialog import first_focus

    ui = app.ui
    ui.today = app.host.today()
    open_dialog(ui, "daily")
    ui.dialog["focus"] = first_focus(ui)


@effect(E.PLAY_DAILY)
def play_daily(app, outcome):
    play(app)
    return True


def play(app):
    """Deal today's daily match (against the computer, whatever the mode was)."""
    ui = app.ui
    ui.today = app.host.today()
    if ui.mode != "cpu":
        session.leave_online(app)
        ui.mode = ui.prefs["mode"] = "cpu"
        saves.save_prefs(app.store, ui.prefs)
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
    raw, hints = app.store.get(saves.SAVE_KEYS["cpu"]), app.store.get(HINTS_KEY)
    if raw is None:
        return
    try:
        kept = {"save": saves.parse(app.store, raw), "hints": saves.parse(app.store, hints) if hints is not None else None}
    except CorruptSave:
        return
    app.store.set(ASIDE_KEY, kept)
    ui.aside = True


@effect(E.BACK_TO_MATCH)
def back_to_match(app, outcome):
    """Put the match set aside for the daily deal back on the table, as it was."""
    ui = app.ui
    raw = app.store.get(ASIDE_KEY)
    ui.aside = False
    try:
        kept = saves.parse(app.store, raw) if raw is not None else None
    except CorruptSave:
        kept = None
    app.store.remove(ASIDE_KEY)
    # Storage is the player's to edit: anything but what set_aside writes is not a match.
    if type(kept) is not dict or "save" not in kept or "hints" not in kept:
        return False
    app.store.set(saves.SAVE_KEYS["cpu"], kept["save"])
    if kept["hints"] is not None:
        app.store.set(HINTS_KEY, kept["hints"])
    session.leave_online(app)
    ui.mode = ui.prefs["mode"] = "cpu"
    saves.save_prefs(app.store, ui.prefs)
    app.cancel_timer()
    session.load_mode(app)
    app.schedule()
    app.take_focus()
    return True


@on("link")
def daily_link(app, text):
    """The daily deal's link (its result line's): its dialog, over the player's own match."""
    if text != "#daily":
        return False
    open_daily(app, None)
    app.show(app.view)
    app.take_focus()
    return True


# `ginrummy.stats` holds `stats.to_dict()`, `ginrummy.daily` `daily.to_dict()`. Neither may ever
# break the page: an unreadable value reads as empty (the statistics say so in their dialog)
# and is replaced at the next record.

def load_stats(store):
    """(statistics, unreadable): the stored statistics, or empty ones and True when the stored
    value is not JSON or not statistics this version reads."""
    raw = store.get(saves.STATS_KEY)
    if raw is None:
        return stats.empty(), False
    try:
        return stats.from_dict(saves.parse(store, raw)), False
    except (CorruptSave, stats.StatsError):
        return stats.empty(), True


def save_stats_in(store, value):
    store.set(saves.STATS_KEY, stats.to_dict(value))


def load_daily(store):
    """The daily deal's record (an empty one when the stored value cannot be read)."""
    raw = store.get(saves.DAILY_KEY)
    if raw is None:
        return daily.empty()
    try:
        return daily.from_dict(saves.parse(store, raw))
    except (CorruptSave, ValueError):
        return daily.empty()


def save_daily(store, record):
    store.set(saves.DAILY_KEY, daily.to_dict(record))
