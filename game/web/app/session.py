"""The match on the page's table as the player's session keeps it: restoring a mode's saved
match (or dealing one), saving it after every move, keeping two tabs from overwriting each
other, and naming it in the address. Functions of the App (`game.web.app.app.App`). Pure Python.
"""

from game.errors import CorruptSave, IllegalAction
from game.rules import Rules
from game.web.app import address, hooks, saves
from game.web.play import effects as E
from game.web.play import registry
from game.web.play.state import in_progress
from game.web.play.tables import LocalTable
from game.web.words import text as T
from game.web.words.i18n import _


def load_mode(app, seed=None, ask=False, first=None):
    """Restore this mode's saved match (or start one, dealing `seed`, else `first`, else a
    random deal; a `#seed=` in the URL wins, after asking (`ask`) when the saved match is
    in progress); online, go back to the table of the invitation link or the last one (or
    open the lobby)."""
    forget(app)
    leave_online(app)
    ui = app.ui
    ui.lesson = None
    if first is not None and app.hash == "#daily":  # the daily deal's link (its result line)
        app.need(lambda: hooks.taken("link", app, "#daily"), busy=False)
        first = None if saves.newcomer(app.store) else first  # no welcome over it
    if ui.mode == "online":  # a match the page does not hold (the second bundle's)
        app.need(lambda: hooks.taken("mode", app, ui.mode))
        return
    table = None
    try:
        table, order = saves.load_table(app.store, ui.mode, ui.seats(), app.host.now)
    except CorruptSave as exc:
        # The reason is for whoever debugs it (in English, on the console), not a fragment of
        # English in the player's sentence.
        ui.notice = _("Your saved game could not be restored, so a new game has started.")
        app.host.warn("Gin Rummy: the saved game was not restored: " + str(exc))
    offer = None
    if table is not None and seed is not None and table.seed != seed:
        if ask and in_progress(table.view(ui.seat(table.turn))):
            offer = seed
        else:
            table = None
    if table is None:
        newcomer = first is not None and ui.mode == "cpu" and saves.newcomer(app.store)
        new_match(app, seed if seed is not None else first, Rules.preset(ui.prefs["rules"]), announce=False)
        if newcomer:  # offered a guided hand or a random first deal, once the dialogs are in
            app.need(lambda: hooks.run("newcomer", app, seed is not None), busy=False)
        return
    ui.order.update(order)
    use(app, table, "restored")
    ui.handover = ui.mode == "duo" and app.table.turn is not None
    app.refresh()
    if offer is not None:
        from game.web.play import commands

        commands.run("offer_seed", ui, app.view, offer)
        app.show(app.view)
    else:
        set_hash(app)
    app.announce(T.turn_text(app.view, ui.mode, ui.handover))


def new_match(app, seed=None, rules=None, announce=True):
    if seed is None:
        seed = int(app.host.random() * 2147483647)
    rules = rules or app.table.rules
    ui = app.ui
    app.cancel_timer()
    forget(app)
    ui.fresh_hand()
    ui.lesson = None
    use(app, LocalTable.new(seed, rules, ui.seats(), app.host.now), "dealt")
    if app.drawing:
        keep_deal(app)
    else:  # at the start: the first frame goes to the page before the deal is written down
        app.host.next_task(lambda: keep_deal(app))
    dealt(app, announce)


def keep_deal(app):
    """A new match is on the table: save it and link to it."""
    save(app)
    set_hash(app)


def dealt(app, announce):
    """A new match is on the table and kept: make its View (and draw it)."""
    ui = app.ui
    ui.handover = ui.mode == "duo"
    app.refresh()
    if announce:
        app.announce(_("New game.") + " " + T.turn_text(app.view, ui.mode, ui.handover))
    app.schedule()


def use(app, table, how):
    """Put `table` on the page: `how` "dealt" (a new match), "restored" (a saved one), "lesson"
    or "online"; the features hear of it once the second bundle is in (the "match" hook)."""
    app.table = table
    table.listen(app.on_table_change)
    app.ui.coach = {"hint": None, "used": {}, "review": None}  # another match: nothing of the last one
    app.need(lambda: hooks.run("match", app, table, how) if table is app.table else None, busy=False)


def leave_online(app):
    if app.connection is not None:
        app.connection.close()
    app.connection = None
    app.ui.online = None


def forget(app):
    """Clear what was said about another match: its cards may be hidden in this one."""
    app.ui.log = []
    app.screen.forget()


def set_hash(app):
    app.set_hash(address.shown(app.ui, app.table))


def save(app):
    """Save the match (an online table is kept by the server; a lesson is not kept). False
    when another tab has played this match on since this one last saw it: nothing is
    written, and this tab is brought up to date (`went_on_elsewhere`)."""
    saved = app.table.to_dict()
    if saved is None:
        return True
    if saves.save_match(app.store, app.ui.mode, saved, app.ui.order) == saves.SAVE_STALE:
        app.cancel_timer()
        app.host.next_task(lambda: went_on_elsewhere(app))
        return False
    return True


def refused(app):
    """The browser would not store the match (told by the shim, after the write)."""
    if not app.ui.unsaved_told:
        app.ui.unsaved_told = True  # once a page: the player has been told
        # Translators: the browser refused to store the game (its storage is full or blocked).
        app.ui.notice = _("Your progress is not being saved: this browser will not store it (its "
                          "storage may be full, or blocked for this site). You can play on, but "
                          "closing or reloading this page will lose the match.")
        if app.table is not None:
            app.show(app.view)


def changed_elsewhere(app, key):
    """Another tab wrote this tab's save (or this tab's write found another tab's there): when
    it played this tab's match on, this tab shows the match as it now stands rather than play
    on from an older position (whose next save would overwrite the other tab's moves)."""
    if saves.is_save_of(app.ui.mode, key) and app.ui.lesson is None:
        app.cancel_timer()
        went_on_elsewhere(app)


def went_on_elsewhere(app):
    """Show this mode's save as another tab left it, and say why the table changed. That
    tab plays the computer's moves meanwhile (two tabs playing them would overwrite each
    other's), until the player plays here."""
    app.pacer.follow(True)
    app.ui.dialog = None
    load_mode(app)
    app.ui.notice = _("This match went on in another tab, so this tab now shows it as it stands there.")
    app.show(app.view)
    app.schedule()


# --- the effects of the table's own commands ------------------------------------------------------

@registry.effect(E.SAVE_PREFS)
def save_prefs(app, outcome):
    saves.save_prefs(app.store, app.ui.prefs)


@registry.effect(E.SAVE)
def save_order(app, outcome):
    save(app)  # the card order changed: it is kept with the match


@registry.effect(E.UNDO)
def undo(app, outcome):
    """Take back the discard of the person at the screen (two players on one device: of the one
    who discarded, still holding it): the computer's move, paced or being decided, is
    forgotten first; the table's change is drawn and said as any move's (`on_table_change`,
    with no hand-over: the same person plays on). Refused (the other side moved first): said."""
    ui = app.ui
    seat = ui.my_seat()
    if seat is None:
        seat = 1 - app.view.turn
    if app.table.waiting:  # the server has not answered the last message yet
        return True
    app.cancel_timer()
    app.taking = True
    hidden, ui.handover, ui.taking_back = ui.handover, False, True
    try:
        app.table.undo(seat)
    except IllegalAction as refused_move:
        app.taking, ui.handover = False, hidden
        app.show(app.view, True)
        app.announce(T.refusal(refused_move.reason, refused_move.details))
        app.schedule()
    finally:
        ui.taking_back = False
    return True


@registry.effect(E.LEVEL)
def level(app, outcome):
    app.table.set_level(1, app.ui.prefs["level"])
