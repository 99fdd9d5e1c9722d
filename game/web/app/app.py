"""The game's composition root, in the page's Web Worker: it takes the shim's messages and wires
the parts that each do one thing:

- `controls.Controls` turns the player's inputs (plain data) into commands;
- `screen.Screen` draws a View into the task's frame (markup, focus, what is said);
- `loader.Loader` waits for the game's second bundle and runs what needs it;
- `pacer.Pacer` paces the computer's moves (`thinker.Thinker` decides them);
- `store.Store` is the worker's copy of the browser's storage (`saves`: what is kept in it);
- the table (`tables.LocalTable`, or online `remote.RemoteTable`) holds the match.

The flow of a move: a tap or key -> the shim (answered in the event's frame, forwarded) ->
`App.receive` -> `controls` -> `App.command` -> a command (`game.web.play.commands`, declared in
`game.web.play.registry`) -> an Action sent to the table -> the engine -> the table's listener
`App.on_table_change` -> the View of the seat on screen -> `Screen.draw` -> the frame, sent at
the end of the task (`frames.Frame.flush`). The App reads nothing of the match but Views, and
announces the public events the View brings. Pure Python: `host` is the worker's facilities
and `post` sends a frame to the shim (`ports`).
"""

from game.errors import IllegalAction
from game.web.app import address, hooks, saves, session
from game.web.app.controls import ANSWERED_BY_SHIM, Controls
from game.web.app.frames import Frame
from game.web.app.screen import Screen
from game.web.app.store import Store
from game.web.app.thinker import Thinker
from game.web.play import effects as E
from game.web.play import registry
from game.web.play.loader import FAILED, LOADED, Loader
from game.web.play.pacer import Pacer
from game.web.play.state import LASTING_DIALOGS, Ui, card_of_key, default_prefs
from game.web.table import render
from game.web.table.render import needs_more
from game.web.words import events as EV
from game.web.words import text as T
from game.web.words.i18n import _
from game.web.words.keys import shortcuts


class App:
    """`start` is the shim's first message: `attrs` #game's data attributes, `storage` the
    game's stored texts, `hash` the address's fragment, `page` the page's address parts, and
    the URLs of the second bundle (`more`) and the computer players' (`players`)."""

    def __init__(self, host, post, start):
        self.host = host
        self.frame = Frame(post)
        self.attrs = start.get("attrs") or {}
        self.page = start.get("page") or {}
        self.hash = start.get("hash") or ""
        self.store = Store(start.get("storage"), self.frame, host)
        self.ui = Ui(default_prefs())
        self.ui.more = "waiting"  # the second bundle (`loader`)
        # The page's address without its fragment (the daily deal's link is this page's).
        self.here = (self.page.get("origin") or "") + (self.page.get("pathname") or "")
        self.table = None
        self.view = None  # the View on screen
        self.connection = None  # an online table's socket (game.web.online.network.Connection)
        self.taking = False  # the player just sent a move: its result takes the focus
        self.drawing = False  # False until `ready`: start-up computes the first View, draws it then
        self.shown = False  # the first drawing is made (the shim was told the game is ready)
        self.drawn_daily = None  # the daily deal (ui.daily) the drawing on screen marks
        self.controls = Controls()
        self.screen = Screen(self.frame, self.attrs.get("data-first-key"), host.markup_hash)
        self.more_url = start.get("more") or ""
        self.loader = Loader(fetch=self.fetch_more, next_task=host.next_task, on_state=self.more_state,
                             on_busy=self.mark_busy, on_done=self.more_done, on_failed=self.more_failed)
        self.thinker = Thinker(host, start.get("players") or "")
        self.pacer = Pacer(timers=host, pace=lambda: saves.pace(self.store, self.ui.prefs), table=lambda: self.table,
                           thinker=lambda: self.thinker, more_waiting=self.loader.waiting,
                           wait_for_more=lambda then: self.need(then, busy=False, otherwise=then),
                           on_busy=self.mark_busy, on_played=self.record_decision, on_failed=self.players_failed)

    # --- start-up ------------------------------------------------------------------------------

    def start(self):
        """Read the preferences and the link, restore or deal the match and make its View, then
        draw it and take input (`ready`). The first screen the build drew is there meanwhile."""
        if saves.load_prefs(self.store, self.ui.prefs):
            # Translators: the preferences are the menu's choices (level, sort order, rules, ...).
            self.ui.notice = _("Your settings could not be read, so the defaults have been restored.")
        self.need(lambda: hooks.run("loaded", self), busy=False)
        self.ui.mode = self.ui.prefs["mode"]
        if address.names_a_table(self.hash):
            self.ui.mode = "online"
        if address.lesson_code(self.hash) is not None or self.ui.mode == "online":
            # A lesson and an online table are drawn by the second bundle: the game is ready
            # once it is in (if it cannot be loaded: the player's own game, with a notice).
            self.need(self.start_linked, otherwise=self.start_own)
        else:
            self.start_own()

    def start_linked(self):
        """Start-up with a lesson's link or an online table (the second bundle's): open it, else
        the player's own match; then draw it."""
        if not hooks.taken("link", self, self.hash):
            session.load_mode(self, address.hash_seed(self.hash), ask=True, first=self.first_seed())
        self.ready()

    def start_own(self, *args):
        if self.ui.mode == "online":  # the link's table, without the second bundle
            self.ui.mode = self.ui.prefs["mode"] if self.ui.prefs["mode"] != "online" else "cpu"
        bad_link = address.bad_seed_link(self.hash)  # before the match shown names itself there
        session.load_mode(self, address.hash_seed(self.hash), ask=True, first=self.first_seed())
        if bad_link:
            self.ui.notice = address.bad_seed_notice()
            session.set_hash(self)
        self.ready()

    def ready(self, *args):
        """Draw the first View (the shim takes input once it is drawn: `show`); then load the
        second bundle, then the computer players."""
        self.drawing = True
        self.show(self.view)
        self.pacer.schedule()
        self.need(lambda: self.thinker.load_players(lambda loaded: None), busy=False)

    # --- the second bundle (generator/bundle.py), loaded once the game is ready -----------------

    def need(self, then, busy=True, otherwise=None):
        """Run `then` once the second bundle is in (`Loader.need`)."""
        self.loader.need(then, busy, otherwise)

    def fetch_more(self, loaded, failed):
        if not self.more_url:
            self.host.next_task(failed)
            return
        self.host.load_script(self.more_url, loaded, failed)

    def more_state(self, state):
        self.frame.attrs({"data-more-state": state})
        self.ui.more = state if state in (LOADED, FAILED) else "waiting"
        if state == LOADED:
            # Its modules declare the commands, effects, screens and hooks of the features.
            self.host.import_later()

    def more_done(self):
        """All that waited for the bundle ran. Of what it works out at start-up, the table draws
        one thing: the daily deal's mark in the bar (`progress.use`); drawn again only when it
        changed."""
        if self.view is not None and self.drawing and self.ui.daily != self.drawn_daily:
            self.show(self.view)

    def more_failed(self, first):
        """The second bundle could not be loaded: a notice says so, and the table plays on with
        what it has."""
        if first:
            self.host.warn("Gin Rummy: the game's second bundle could not be loaded: " + (self.more_url or "none named"))
        self.ui.dialog = None
        self.ui.notice = _("Part of the game could not be loaded: the menu, the dialogs and the end-of-hand "
                           "screen are missing, and your discards are made without confirmation. Reload the "
                           "page to get them back.")
        if self.table is not None:
            self.show(self.view)

    # --- the shim's messages ----------------------------------------------------------------------

    def receive(self, message):
        """One message of the shim's (static/game-shim.js): an input, the address changed,
        another tab's storage write, a write the browser did not make."""
        self.frame.answered()  # the shim counts what it told the worker until its frame comes
        handler = RECEIVE.get(message.get("type"))
        if handler is not None:
            handler(self, message)

    def on_input(self, message):
        """An input of the player's (`controls`): its commands, in order."""
        if self.pacer.following:  # the player plays here now: this tab drives the match again
            self.pacer.follow(False)
        focus = message.get("focus")
        if focus:
            self.ui.focus = focus  # where a dialog opened now returns the focus
        for name, arg in self.controls.commands(self.ui, message):
            self.command(name, arg)
        self.mark_busy()

    def on_hash(self, message):
        """A shared `#seed=` link opened in a tab that already shows the game: deal that seed;
        a `#table=` invitation: join that table (once the second bundle is in)."""
        self.hash = str(message.get("hash") or "")
        self.need(lambda: self.links().hash_changed(self))

    def on_storage(self, message):
        """Another tab of this site wrote to the browser's storage."""
        key = message.get("key")
        if self.store.changed(key, message.get("value")):
            session.changed_elsewhere(self, key)

    def on_stored(self, message):
        """A write of this tab's that the shim did not make: another tab's save was there
        (`stale`), or the browser refused it."""
        key = message.get("key")
        if message.get("refused"):
            self.store.refused(key, message.get("current"))
            if saves.is_save_of(self.ui.mode, key):
                session.refused(self)
        elif self.store.changed(key, message.get("current")):
            session.changed_elsewhere(self, key)

    # --- commands --------------------------------------------------------------------------------

    def command(self, name, arg=None):
        """Run one command and carry out its outcome: effects, the action, the announcement.
        A command of the second bundle's features, and any command while the table waits for
        that bundle, runs once it is in."""
        from game.web.play import commands

        found = registry.find(name)
        if (found is None or not found.alone or self.loader.holding()) and self.ui.more != "loaded":
            self.need(lambda: self.command(name, arg))
            return
        if found is not None and found.players and not self.thinker.players_loaded:
            # The coach runs Hard: the computer players' bundle first, then the command.
            self.thinker.load_players(lambda loaded: self.command(name, arg) if loaded else self.players_failed())
            return
        ui = self.ui
        ui.motion = None
        outcome = commands.run(name, ui, self.view, arg)
        drawn = False
        for wanted in outcome.effects:  # each done by the module that declared it
            perform = registry.EFFECTS.get(wanted)
            if perform is not None and perform(self, outcome):
                drawn = True
        if drawn:
            return
        if outcome.action is not None:
            self.send(outcome.action)
        elif E.FOCUS_ONLY in outcome.effects:
            if name not in ANSWERED_BY_SHIM:
                self.move_focus()
        else:
            self.show(self.view, True)
        if ui.dialog is None and self.table is not None and ui.mode != "online" \
                and address.hash_seed(self.hash) != self.table.seed:
            session.set_hash(self)  # a shared deal was refused: the address names the match shown
        self.announce(outcome.say)

    def links(self):
        """What a link opened in a tab that shows the game does (game.web.app.matches, second bundle)."""
        from game.web.app import matches

        return matches

    def site_root(self):
        """The path from this page to the site's root, as the page's catalogue link has it."""
        link = self.attrs.get("data-catalog") or ""
        return link.split("static/")[0] if "static/" in link else "/"

    def lang(self):
        return self.attrs.get("data-lang") or "en"

    def first_seed(self):
        """The deal the page's first screen shows (drawn by the build): a first match deals it,
        so the game's first drawing is that screen again and nothing moves."""
        text = self.attrs.get("data-first-seed") or ""
        return int(text) if text.isdigit() else None

    def send(self, action):
        """Send the seat on screen's action to the table; a refusal is said in words."""
        seat = self.view.player
        if self.table.waiting:  # the server has not answered the last move yet
            return
        self.taking = True
        try:
            self.table.act(seat, action)
            self.schedule()  # an online table keeps the page busy until the server answers
        except IllegalAction as refused:
            self.show(self.view, True)
            self.announce(T.refusal(refused.reason, refused.details))

    def set_hash(self, text):
        """Name `text` in the address (the shim replaces it: no new history entry)."""
        self.hash = text.strip()
        self.frame.set("hash", text)

    # --- the table changed -------------------------------------------------------------------------

    def on_table_change(self):
        """After any move: save, switch the screen in two-player mode, announce, draw, pace.
        (An online table also changes when only the friend's presence or an offer does: the
        selection and an open dialog stay then.)"""
        ui = self.ui
        before = self.view
        turn = self.table.turn
        if before is not None and before.turn is not None:
            ui.last_seat = before.turn
        seat = ui.seat(turn)
        if before is None or before.event_count != self.table.event_count(seat):
            ui.selected = None
            theirs = before is not None and before.turn is not None and not ui.is_human(before.turn)
            if not (theirs and ui.dialog and ui.dialog["kind"] in LASTING_DIALOGS):
                ui.dialog = None
        if not session.save(self):
            return  # another tab played this match on: this tab catches up instead
        if ui.mode == "duo" and turn is not None and (before is None or turn != before.turn) and not ui.taking_back:
            ui.handover = True
            ui.log = []  # the next player must not read the previous one's moves of their cards
        if ui.mode == "duo" and before is not None and before.turn is None:
            ui.handover = True
        declined = False
        if ui.online is not None:
            ui.online["opponent"] = self.table.opponent()
            declined = ui.online["offer"] == "mine" and self.table.offer() is None \
                and ui.online.get("answer") is not False  # withdrawn by this player: no word
            ui.online["offer"] = self.table.offer()
            ui.online["grace"] = self.table.grace
            if self.view is None:
                ui.fresh_hand()
        view = self.table.view(seat)
        self.need(lambda: hooks.run("move", self, view), busy=False)
        messages = [EV.event_text(event, view, ui.names()) for event in view.events]
        if declined and not any(event.kind == "deal" for event in view.events):  # no new game came
            messages.append(_("Your friend declined the new game."))
        if ui.handover:
            messages.append(T.turn_text(view, ui.mode, True))
        elif ui.lesson is not None:
            from game.web.play import lesson as lessons

            messages.append(lessons.step_news(ui.lesson, view))
        elif view.turn == view.player and view.turn is not None:
            messages.append(T.prompt(view))
        if view.drawn is not None:
            ui.focus = "c" + str(view.drawn.index)
        elif card_of_key(ui.focus) is None:
            ui.focus = None
        ui.motion = render.motion(view)
        self.show(view, self.taking)
        self.taking = False
        self.announce(" ".join(m for m in messages if m))
        self.schedule()

    # --- the computer (`pacer`) and the busy mark -----------------------------------------------

    def schedule(self):
        self.pacer.schedule()

    def cancel_timer(self):
        self.pacer.cancel()

    def mark_busy(self):
        """data-busy: a computer move is pending, the server has not answered, or something
        waits for the second bundle (data-waiting: the table itself waits for it, and the
        cursor says so). The shim adds its own: an input on its way, a focus waiting for its
        frame. The page's tests and benchmarks read it as "the page has settled"."""
        holding = self.loader.holding()
        waiting = self.table is not None and self.table.waiting
        busy = self.loader.pending() or self.pacer.busy() or waiting
        self.frame.attrs({"data-busy": "true" if busy else "false", "data-waiting": "true" if holding else "false"})

    def players_failed(self):
        self.ui.notice = _("The computer player could not be loaded. Reload the page to play on.")
        self.show(self.view)

    def record_decision(self):
        if self.table.decisions:
            self.frame.set("decision", self.table.decisions[-1])

    # --- drawing (`screen`) -------------------------------------------------------------------------

    def refresh(self):
        """Draw the seat on screen from a fresh View (a match just started or restored)."""
        self.show(self.table.view(self.ui.seat(self.table.turn)))

    def show(self, view, take=False):
        """Draw the view (once the page is ready); a screen of the second bundle waits for it."""
        self.view = view
        if not self.drawing:
            return
        if self.ui.more == "waiting" and (self.loader.holding() or needs_more(view, self.ui)):
            # Without the second bundle (it could not be loaded), drawn with what there is.
            self.need(lambda: self.show(self.view, take), otherwise=lambda: self.show(self.view, take))
            return
        self.drawn_daily = self.ui.daily
        if view is not None:
            self.ui.sync_order(view)  # the hand's order as shown is the commands' (a card moved)
        self.screen.draw(view, self.ui, self.table.seed if self.table is not None else None, take)
        if not self.shown:  # the first drawing: the shim takes input from now on
            self.shown = True
            self.frame.set("ready", True)
            self.frame.set("keys", shortcuts())

    def take_focus(self):
        self.screen.take_focus(self.view, self.ui)

    def move_focus(self):
        self.screen.move_focus(self.ui)

    def announce(self, message):
        self.screen.announce(self.ui, message)

    def flush(self):
        """The end of a task of the worker's: the busy mark, then the frame goes to the shim."""
        self.mark_busy()
        self.frame.flush()


RECEIVE = {"input": App.on_input, "hash": App.on_hash, "storage": App.on_storage, "stored": App.on_stored}
