"""The browser adapter, the page's composition root: it owns the page's events and wires the
parts that each do one thing:

- `screen.Screen` draws a View into `#game` (patching what changed), moves the focus, speaks;
- `loader.Loader` waits for the page's second bundle and runs what needs it;
- `pacer.Pacer` paces the computer's moves (decided in the Web Worker: `thinker`);
- `storage` keeps the match and the preferences, `address` reads and shows the link;
- the table (`tables.LocalTable`, or online `remote.RemoteTable`) holds the match.

The flow of a move: a click, key or choice -> `controls` -> `App.input` (the screen answers in
the event's frame) -> `App.command` (after that frame) -> a command (`game.web.play.commands`,
declared in `game.web.play.registry`) -> an Action sent to the table -> the engine -> the table's
listener `App.on_table_change` -> the View of the seat on screen -> `Screen.draw`. The adapter
reads nothing of the match but Views, and announces the public events the View brings.
"""

from browser import document, window

from game.errors import IllegalAction
from game.web.platform import address, session, storage
from game.web.platform.address import hash_seed, next_task
from game.web.platform.screen import Screen, in_frame
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


def _progress():
    """The statistics and the daily deal (game.web.platform.progress, in the page's second bundle)."""
    from game.web.platform import progress

    return progress


def _controls():
    """The page's input (imported on first use: warm_up imports it once the page is ready, and
    the first screen does not need it)."""
    from game.web.platform import controls

    return controls


def _features():
    """Lessons, the coach's record, online tables, links (game.web.platform.features, second bundle)."""
    from game.web.platform import features

    return features


class Timers:
    """The page's timers, as the pacer takes them."""

    def later(self, then, ms):
        return window.setTimeout(then, ms)

    def cancel(self, handle):
        window.clearTimeout(handle)


class App:
    def __init__(self, root):
        self.root = root
        self.ui = Ui(default_prefs())
        self.ui.more = "waiting"  # the page's second bundle (`loader`)
        self.table = None
        self.view = None  # the View on screen
        self.thinker = None  # the computer's worker (game.web.platform.thinker), started once the page is ready
        self.connection = None  # an online table's socket (game.web.platform.network.Connection)
        self.taking = False  # the player just sent a move: its result takes the focus
        self.inputs = []  # the player's commands to run, once the frame answering them is painted
        self.drawn_daily = None  # the daily deal (ui.daily) the drawing on screen marks
        self.dragged = False  # a card was just dragged: the click ending the drag is not a tap
        self.last_click = None  # (card, time) of the last click on a card: a double one discards
        self.drawing = False  # False until `ready`: start-up computes the first View, draws it later
        self.screen = Screen(root, self.mark_busy)
        self.main = self.screen.main
        self.loader = Loader(self.fetch_more, next_task, self.more_state, self.mark_busy, self.more_done,
                             self.more_failed)
        self.pacer = Pacer(Timers(), lambda: storage.pace(self.ui.prefs), lambda: self.table, self.start_thinker,
                           self.loader.waiting, lambda then: self.need(then, busy=False, otherwise=then),
                           self.mark_busy, self.record_decision, self.players_failed)
        root.bind("click", lambda ev: _controls().on_click(self, ev))
        root.bind("change", lambda ev: _controls().on_change(self, ev))
        root.bind("pointerdown", lambda ev: _controls().on_pointerdown(self, ev))
        document.bind("keydown", lambda ev: _controls().on_key(self, ev))
        window.bind("hashchange", self.on_hashchange)
        window.bind("storage", lambda ev: session.on_storage(self, ev))

    # --- start-up ------------------------------------------------------------------------------

    def start(self):
        """Start-up, in tasks of their own (`next_task`): this one reads the preferences and
        the link; the next restores or deals the match and makes its View (`start_own`); then
        `ready` draws it and takes input; then `warm_up`. The first screen the build drew is
        there meanwhile."""
        if storage.load_prefs(self.ui.prefs):
            # Translators: the preferences are the menu's choices (level, sort order, rules, ...).
            self.ui.notice = _("Your settings could not be read, so the defaults have been restored.")
        self.need(lambda: _progress().load(self), busy=False)
        self.ui.mode = self.ui.prefs["mode"]
        if address.names_a_table():
            self.ui.mode = "online"
        if address.lesson_code() is not None or self.ui.mode == "online":
            # A lesson and an online table are drawn by the second bundle: the game is ready
            # once it is in (if it cannot be loaded: the player's own game, with a notice).
            self.need(lambda: _features().start_linked(self), otherwise=self.start_own)
        else:
            next_task(self.start_own)

    def start_own(self, *args):
        if self.ui.mode == "online":  # the link's table, without the second bundle
            self.ui.mode = self.ui.prefs["mode"] if self.ui.prefs["mode"] != "online" else "cpu"
        session.load_mode(self, hash_seed(), ask=True, first=self.first_seed())
        if address.bad_seed_link():
            self.ui.notice = address.bad_seed_notice()
            session.set_hash(self)
        next_task(self.ready)

    def ready(self, *args):
        """Draw the first View and take input (the first screen the build drew is there until
        then), then warm up, in a task of its own."""
        self.drawing = True
        self.show(self.view)
        self.root.attrs["data-ready"] = "true"
        self.pacer.schedule()
        next_task(self.warm_up)

    def warm_up(self, *args):
        """Once the page is ready, a task at a time: run the input's modules before the player
        needs them, start the computer's worker; once the page's second bundle is in, run its
        dialogs' modules too, and ask whether a table server answers (the menu offers online
        play then)."""
        from game.web.play import commands  # noqa: F401

        def controls():
            from game.web.platform import controls  # noqa: F401

            next_task(thinker)

        def thinker():
            self.start_thinker()
            self.need(self.warm_dialogs, busy=False)
            self.need(self.warm_end, busy=False)
            self.need(self.warmed, busy=False)

        next_task(controls)

    def warm_dialogs(self):
        from game.web.screens import dialogs  # noqa: F401 (run before the player needs it)

    def warm_end(self):
        from game.web.screens import endofhand  # noqa: F401 (run before the player needs it)

    def warmed(self):
        from game.web.platform import network as online

        online.check_server(self.site_root(), lambda available: _features().server_answered(self, available))

    # --- the page's second bundle (generator/bundle.py), loaded once the game is ready --------

    def need(self, then, busy=True, otherwise=None):
        """Run `then` once the page's second bundle is in (`Loader.need`)."""
        self.loader.need(then, busy, otherwise)

    def fetch_more(self, loaded, failed):
        """Append the second bundle's script to the page, as the worker's bundle is."""
        url = self.root.attrs["data-more"] if "data-more" in self.root.attrs else ""
        if not url:
            window.setTimeout(failed, 0)
            return
        script = document.createElement("script")
        script.bind("load", loaded)
        script.bind("error", failed)
        script.src = url
        document.head.appendChild(script)

    def more_state(self, state):
        self.root.attrs["data-more-state"] = state
        self.ui.more = state if state in (LOADED, FAILED) else "waiting"
        if state == LOADED:
            _features()  # its modules declare the effects of the second bundle's commands

    def more_done(self):
        """All that waited for the bundle ran. Of what it works out at start-up, the table draws
        one thing: the daily deal's mark in the bar (`progress.use`); drawn again only when it
        changed (a full drawing to compare costs a long task on a slow phone)."""
        if self.view is not None and self.drawing and self.ui.daily != self.drawn_daily:
            self.show(self.view)

    def more_failed(self, first):
        """The second bundle could not be loaded: a notice says so, and the table plays on with
        what it has."""
        if first:
            window.console.warn("Gin Rummy: the page's second bundle could not be loaded: "
                                + str(self.root.attrs["data-more"] if "data-more" in self.root.attrs else "none named"))
        self.ui.dialog = None
        self.ui.notice = _("Part of the game could not be loaded: the menu, the dialogs and the end-of-hand "
                           "screen are missing, and your discards are made without confirmation. Reload the "
                           "page to get them back.")
        if self.table is not None:
            self.show(self.view)

    def start_thinker(self):
        if self.thinker is None:
            from game.web.platform.thinker import Thinker

            self.thinker = Thinker(self.root)
        return self.thinker

    # --- matches, saves, modes ------------------------------------------------------------------

    def on_hashchange(self, ev):
        """A shared `#seed=` link opened in a tab that already shows the game: deal that seed;
        a `#table=` invitation: join that table (once the second bundle is in the page)."""
        self.need(lambda: _features().hash_changed(self))

    def first_seed(self):
        """The deal the page's first screen shows (drawn by the build): a first match deals it,
        so the game's first drawing is that screen again and nothing moves."""
        text = self.root.attrs["data-first-seed"] if "data-first-seed" in self.root.attrs else ""
        return int(text) if text.isdigit() else None

    # --- input -----------------------------------------------------------------------------------

    def input(self, name, arg=None, target=None):
        """A command of the player's click, tap or key (`target`: the element it was on). The
        screen answers in this very frame (`press`: the card lifts, the button or the pile
        lights); the command runs once that frame is painted, in a task of its own, and the
        inputs that come meanwhile run after it in their order. `name` may be a function of the
        UI state giving (name, arg) or None, decided when its turn comes (a key's meaning hangs
        on the dialog the inputs before it open or close). Moving the focus along the hand is
        its own answer: alone, it runs at once."""
        if self.pacer.following:  # the player plays here now: this tab drives the match again
            self.pacer.follow(False)
        command = getattr(name, "command", None) if callable(name) else name
        if command in AT_ONCE and not self.inputs:
            self.inputs.append((name, arg))
            self.run_inputs()
            return
        self.screen.press(command, target)
        self.inputs.append((name, arg))
        if len(self.inputs) == 1:
            after_frame(self.run_inputs)
        self.mark_busy()

    def run_inputs(self, *args):
        name, arg = self.inputs[0]
        try:
            if callable(name):
                decided = name(self.ui)
                name, arg = decided if decided is not None else (None, None)
            if name is not None:
                self.command(name, arg)
        finally:
            self.inputs.pop(0)
            if self.inputs:
                next_task(self.run_inputs)
            else:  # a control lit by an input that drew nothing (ignored, or the focus only)
                self.screen.unpress()
            self.mark_busy()

    def command(self, name, arg=None):
        """Run one command and carry out its outcome: effects, the action, the announcement.
        A command of the second bundle's features, and any command while the table waits for
        that bundle, runs once it is in the page."""
        from game.web.play import commands

        found = registry.find(name)
        if (found is None or not found.alone or self.loader.holding()) and self.ui.more != "loaded":
            self.need(lambda: self.command(name, arg))
            return
        if found is not None and found.players and not (self.thinker is not None and self.thinker.players_loaded):
            # The coach runs Hard in the page: load the computer players' bundle first (the
            # worker's, from the browser's cache), then run the command.
            self.start_thinker()
            self.thinker.load_players(lambda loaded: self.command(name, arg) if loaded else self.players_failed())
            return
        ui = self.ui
        ui.motion = None
        active = document.activeElement
        if active is not None and self.main.contains(active) and "data-key" in active.attrs:
            ui.focus = active.attrs["data-key"]  # where a dialog opened now returns the focus
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
            self.move_focus()
        else:
            self.show(self.view, True)
        if ui.dialog is None and self.table is not None and ui.mode != "online" and hash_seed() != self.table.seed:
            session.set_hash(self)  # a shared deal was refused: the address names the match shown
        self.announce(outcome.say)

    def site_root(self):
        """The path from this page to the site's root, as the page's catalogue link has it."""
        link = self.root.attrs["data-catalog"] if "data-catalog" in self.root.attrs else ""
        return link.split("static/")[0] if "static/" in link else "/"

    def lang(self):
        return self.root.attrs["data-lang"] if "data-lang" in self.root.attrs else "en"

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
        self.need(lambda: _progress().after_move(self, view), busy=False)
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
        """data-busy: a computer move is pending, the server has not answered, an input or a
        focus waits for its frame, or the table waits for the page's second bundle (data-waiting:
        then the cursor says so too)."""
        holding = self.loader.holding()
        waiting = self.table is not None and self.table.waiting
        busy = holding or self.pacer.busy() or waiting or bool(self.inputs) or self.screen.to_focus is not None
        self.root.attrs["data-busy"] = "true" if busy else "false"
        self.root.attrs["data-waiting"] = "true" if holding else "false"

    def players_failed(self):
        self.ui.notice = _("The computer player could not be loaded. Reload the page to play on.")
        self.show(self.view)

    def record_decision(self):
        record = getattr(window, "gameRecordDecision", None)
        if record is not None and self.table.decisions:
            record(self.table.decisions[-1])

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
            self.need(lambda: self.show(self.view, take))
            return
        self.drawn_daily = self.ui.daily
        self.screen.draw(view, self.ui, self.table.seed if self.table is not None else None, take)

    def take_focus(self):
        self.screen.take_focus(self.view, self.ui)

    def move_focus(self):
        self.screen.move_focus(self.ui)

    def announce(self, message):
        self.screen.announce(self.ui, message)


# The commands that answer by themselves at once: the arrows only move the focus in the hand,
# and Escape closes a dialog as the key is pressed (a key typed next is not the dialog's).
AT_ONCE = ("focus_card", "escape")


def after_frame(then):
    """Run `then` in a task of its own once the next frame is painted."""
    in_frame(lambda: next_task(then))
