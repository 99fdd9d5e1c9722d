"""The browser adapter: the one place that owns the page's events, timers, storage and focus.

The flow: a click, key or choice -> a command (`game.web.commands`) -> an Action sent to the
Table (`game.web.tables`) -> the engine -> the View of the seat on screen -> the markup
(`game.web.render`) -> the DOM. The adapter reads nothing of the match but Views; the table
tells it when anything changed, and it announces the public events the View brings.
"""

import javascript
from browser import document, window

from game.errors import CorruptSave, IllegalAction
from game.rules import Rules
from game.web import storage
from game.web import text as T
from game.web.i18n import _
from game.web.markup import log_items
from game.web.render import attributes, drawing_key, fallback_focus, needs_more, render
from game.web.state import LASTING_DIALOGS, Ui, card_of_key, default_prefs, in_progress
from game.web.tables import LocalTable

# Commands whose handler runs a computer player in the page (the coach: Hard's hint and the
# review of a hand): the players' bundle is loaded before they run.
NEEDS_PLAYERS = ("hint", "review")


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


def _progress():
    """The statistics and the daily deal (game.web.progress, in the page's second bundle)."""
    from game.web import progress

    return progress


def _features():
    """Lessons, the coach's record, online tables, links (game.web.features, second bundle)."""
    from game.web import features

    return features


class App:
    def __init__(self, root):
        self.root = root
        self.ui = Ui(default_prefs())
        self.table = None
        self.view = None  # the View on screen
        self.timer = None
        self.thinker = None  # the computer's worker (game.web.thinker), started once the page is ready
        self.asking = None  # the decision request the worker is answering
        self.connection = None  # an online table's socket (game.web.online.Connection)
        self.taking = False  # the player just sent a move: its result takes the focus
        self.ui.more = "waiting"  # the page's second bundle (App.need)
        self.queue = []  # what waits for it: (then, busy, otherwise)
        self.inputs = []  # the player's commands to run, once the frame answering them is painted
        self.to_focus = None  # the element to focus in the next frame (`focus_in_frame`)
        # Another tab plays this match: this one shows its moves but leaves the computer's to
        # it, until the player plays here (`went_on_elsewhere`, `input`).
        self.following = False
        self.drawn_daily = None  # the daily deal (ui.daily) the drawing on screen marks
        self.dragged = False  # a card was just dragged: the click ending the drag is not a tap
        self.last_click = None  # (card, time) of the last click on a card: a double one discards
        self.drawing = False  # False until `ready`: start-up computes the first View, draws it later
        # The first screen the build drew (generator/firstscreen.py) is kept, not redrawn, when
        # the game's first drawing is the same markup (its hash): the page's largest paint
        # stays the first one, and nothing is laid out twice.
        self.first_hash = root.attrs["data-first-hash"] if "data-first-hash" in root.attrs else None
        # ... and not even drawn when the inputs of the first drawing are the build's (their hash).
        self.first_key = root.attrs["data-first-key"] if "data-first-key" in root.attrs else None
        drawn = root.select(".g-main.g-waiting") if self.first_hash else []
        if drawn and root.select(".g-live"):
            self.live = root.select(".g-live")[0]
            self.main = drawn[0]
            self.main.classList.remove("g-waiting")
            self.main.removeAttribute("inert")
        else:
            self.first_hash = self.first_key = None
            root.clear()
            self.live = document.createElement("div")
            self.live.className = "g-live"
            self.live.attrs["aria-live"] = "polite"
            self.live.attrs["role"] = "status"
            self.main = document.createElement("div")
            self.main.className = "g-main"
            root.appendChild(self.live)
            root.appendChild(self.main)
        root.bind("click", self.on_click)
        root.bind("change", self.on_change)
        root.bind("pointerdown", self.on_pointerdown)
        document.bind("keydown", self.on_key)
        window.bind("hashchange", self.on_hashchange)
        window.bind("storage", self.on_storage)

    # --- start, saves, modes ------------------------------------------------------------------

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
        if "#table=" in str(window.location.hash or ""):
            self.ui.mode = "online"
        if lesson_code() is not None or self.ui.mode == "online":
            # A lesson and an online table are drawn by the second bundle: the game is ready
            # once it is in (if it cannot be loaded: the player's own game, with a notice).
            self.need(lambda: _features().start_linked(self), otherwise=self.start_own)
        else:
            next_task(self.start_own)

    def start_own(self, *args):
        if self.ui.mode == "online":  # the link's table, without the second bundle
            self.ui.mode = self.ui.prefs["mode"] if self.ui.prefs["mode"] != "online" else "cpu"
        self.load_mode(hash_seed(), ask=True, first=self.first_seed())
        if bad_seed_link():
            self.ui.notice = bad_seed_notice()
            self.set_hash()
        next_task(self.ready)

    def ready(self, *args):
        """Draw the first View and take input (the first screen the build drew is there until
        then), then warm up, in a task of its own."""
        self.drawing = True
        self.show(self.view)
        self.root.attrs["data-ready"] = "true"
        self.schedule()
        next_task(self.warm_up)

    def warm_up(self, *args):
        """Once the page is ready, a task at a time: run the input's modules before the player
        needs them, start the computer's worker; once the page's second bundle is in, run its
        dialogs' modules too, and ask whether a table server answers (the menu offers online
        play then)."""
        from game.web import commands  # noqa: F401

        def controls():
            from game.web import controls  # noqa: F401

            next_task(thinker)

        def thinker():
            self.start_thinker()
            self.need(self.warm_dialogs, busy=False)
            self.need(self.warm_end, busy=False)
            self.need(self.warmed, busy=False)

        next_task(controls)

    def warm_dialogs(self):
        from game.web import dialogs  # noqa: F401 (run before the player needs it)

    def warm_end(self):
        from game.web import endofhand  # noqa: F401 (run before the player needs it)

    def warmed(self):
        from game.web import online

        online.check_server(self.site_root(), lambda available: _features().server_answered(self, available))

    # --- the page's second bundle (generator/bundle.py LATER), loaded once the game is ready ---

    def need(self, then, busy=True, otherwise=None):
        """Run `then` once the page's second bundle (the dialogs, the end of a hand, the coach,
        lessons, statistics, the daily deal, online play) is in the page: now if it is, else
        when it arrives, in the order asked. `busy`: the table waits for it meanwhile
        (data-busy, a progress cursor), and every command asked meanwhile waits behind it, so
        no click or key is lost. If it cannot be loaded: `otherwise` (when given) runs instead,
        and a notice says what is missing."""
        more = self.ui.more
        if more == "loaded" and not self.queue:
            then()
            return
        if more == "failed":
            if otherwise is not None:
                otherwise()
            elif busy:
                self.more_failed()
            return
        if not self.queue:
            next_task(self.load_more)
        self.queue.append((then, busy, otherwise))
        self.mark_busy()

    def holding(self):
        """Whether something waits for the second bundle with the table busy."""
        return any(busy for then, busy, otherwise in self.queue)

    def load_more(self):
        """Append the second bundle's script to the page (once), as the worker's bundle is."""
        if "data-more-state" in self.root.attrs:
            return
        url = self.root.attrs["data-more"] if "data-more" in self.root.attrs else ""
        self.root.attrs["data-more-state"] = "loading"
        if not url:
            window.setTimeout(self.more_failed, 0)
            return
        script = document.createElement("script")
        script.bind("load", self.more_loaded)
        script.bind("error", self.more_failed)
        script.src = url
        document.head.appendChild(script)

    def more_loaded(self, *args):
        self.ui.more = self.root.attrs["data-more-state"] = "loaded"
        self.run_queue()

    def run_queue(self, *args):
        """What waited for the second bundle, in order, one a task (what is asked meanwhile
        waits behind it: `need`)."""
        if self.queue:
            then, busy, otherwise = self.queue.pop(0)
            then()
            if self.queue:
                next_task(self.run_queue)
                return
        self.mark_busy()
        # Of what the second bundle works out at start-up, the table draws one thing: the daily
        # deal's mark in the bar (`progress.use`). Drawn again only when it changed (a full
        # drawing to compare costs a long task on a slow phone).
        if self.view is not None and self.drawing and self.ui.daily != self.drawn_daily:
            self.show(self.view)

    def more_failed(self, *args):
        """The second bundle could not be loaded: what waited for it is dropped (or its
        `otherwise` runs), a notice says so, and the table plays on with what it has."""
        first = self.ui.more != "failed"
        self.ui.more = self.root.attrs["data-more-state"] = "failed"
        queue, self.queue = self.queue, []
        for _then, _busy, otherwise in queue:
            if otherwise is not None:
                otherwise()
        if first:
            window.console.warn("Gin Rummy: the page's second bundle could not be loaded: "
                                + str(self.root.attrs["data-more"] if "data-more" in self.root.attrs else "none named"))
        self.ui.dialog = None
        self.ui.notice = _("Part of the game could not be loaded: the menu, the dialogs and the end-of-hand "
                           "screen are missing, and your discards are made without confirmation. Reload the "
                           "page to get them back.")
        self.mark_busy()
        if self.table is not None:
            self.show(self.view)

    def start_thinker(self):
        if self.thinker is None:
            from game.web.thinker import Thinker

            self.thinker = Thinker(self.root)

    def on_hashchange(self, ev):
        """A shared `#seed=` link opened in a tab that already shows the game: deal that seed;
        a `#table=` invitation: join that table (once the second bundle is in the page)."""
        self.need(lambda: _features().hash_changed(self))

    def first_seed(self):
        """The deal the page's first screen shows (drawn by the build): a first match deals it,
        so the game's first drawing is that screen again and nothing moves."""
        text = self.root.attrs["data-first-seed"] if "data-first-seed" in self.root.attrs else ""
        return int(text) if text.isdigit() else None

    def load_mode(self, seed=None, ask=False, first=None):
        """Restore this mode's saved match (or start one, dealing `seed`, else `first`, else a
        random deal; a `#seed=` in the URL wins, after asking (`ask`) when the saved match is
        in progress); online, go back to the table of the invitation link or the last one (or
        open the lobby)."""
        self.forget()
        self.leave_online()
        ui = self.ui
        ui.lesson = None
        if ui.mode == "online":
            from game.web import online

            _features().go_online(self, online.table_from_hash() or online.last_table())
            return
        table = None
        try:
            table, order = storage.load_table(ui.mode, ui.seats(), now)
        except CorruptSave as exc:
            # The reason is for whoever debugs it (in English, on the console), not a fragment of
            # English in the player's sentence.
            ui.notice = _("Your saved game could not be restored, so a new game has started.")
            window.console.warn("Gin Rummy: the saved game was not restored: " + str(exc))
        offer = None
        if table is not None and seed is not None and table.seed != seed:
            if ask and in_progress(table.view(ui.seat(table.turn))):
                offer = seed
            else:
                table = None
        if table is None:
            self.new_match(seed if seed is not None else first, Rules.preset(ui.prefs["rules"]), announce=False)
            return
        ui.order.update(order)
        self.use(table)
        self.need(lambda: _features().load_hints(self), busy=False)
        ui.handover = ui.mode == "duo" and self.table.turn is not None
        self.refresh()
        if offer is not None:
            from game.web import commands

            commands.run("offer_seed", ui, self.view, offer)
            self.show(self.view)
        else:
            self.set_hash()
        self.announce(T.turn_text(self.view, ui.mode, ui.handover))

    def new_match(self, seed=None, rules=None, announce=True):
        if seed is None:
            seed = int(window.Math.floor(window.Math.random() * 2147483647))
        rules = rules or self.table.rules
        ui = self.ui
        self.cancel_timer()
        self.forget()
        ui.fresh_hand()
        ui.lesson = None
        self.use(LocalTable.new(seed, rules, ui.seats(), now))
        self.need(lambda: _progress().started(self), busy=False)
        if self.drawing:
            self.keep_deal()
            self.dealt(announce)
        else:
            # Start-up (before `ready` draws): the deal is a task, saving it the next one and
            # its first View the one after (both queued before `ready`): each is short on a
            # slow phone.
            next_task(self.keep_deal)
            next_task(lambda: self.dealt(announce))

    def keep_deal(self):
        """A new match is on the table: save it and link to it."""
        self.save()
        self.need(lambda: _features().save_hints(self), busy=False)
        self.set_hash()

    def dealt(self, announce):
        """A new match is on the table and kept: make its View (and draw it)."""
        ui = self.ui
        ui.handover = ui.mode == "duo"
        self.refresh()
        if announce:
            self.announce(_("New game.") + " " + T.turn_text(self.view, ui.mode, ui.handover))
        self.schedule()

    def use(self, table):
        self.table = table
        table.listen(self.on_table_change)
        self.ui.coach = {"hint": None, "used": {}, "review": None}  # another match: nothing of the last one
        self.need(lambda: _progress().use(self, table) if table is self.table else None, busy=False)

    # (Lessons, the coach's record of hints, online tables: game.web.features.)

    def leave_online(self):
        if self.connection is not None:
            self.connection.close()
        self.connection = None
        self.ui.online = None

    def forget(self):
        """Clear what was said about another match: its cards may be hidden in this one."""
        self.ui.log = []
        self.live.text = ""

    def set_hash(self):
        if self.ui.lesson is not None:
            text = "#train=" + self.ui.lesson["code"]
        elif self.ui.mode == "online":
            text = "#table=" + self.ui.online["code"] if self.ui.online else " "
        else:
            text = "#seed=" + str(self.table.seed)
        try:
            window.history.replaceState(javascript.NULL, "", text)
        except JavascriptError:  # noqa: F821 (a Brython builtin) e.g. history refused in a sandbox
            pass

    def save(self):
        """Save the match (an online table is kept by the server; a lesson is not kept). False
        when another tab has played this match on since this one last saw it: nothing is
        written, and this tab is brought up to date (`went_on_elsewhere`)."""
        saved = self.table.to_dict()
        if saved is None:
            return True
        done = storage.save_match(self.ui.mode, saved, self.ui.order)
        if done == storage.SAVE_STALE:
            self.cancel_timer()
            next_task(self.went_on_elsewhere)
            return False
        if done == storage.SAVE_REFUSED and not self.ui.unsaved_told:
            self.ui.unsaved_told = True  # once a page: the player has been told
            # Translators: the browser refused to store the game (its storage is full or blocked).
            self.ui.notice = _("Your progress is not being saved: this browser will not store it (its "
                               "storage may be full, or blocked for this site). You can play on, but "
                               "closing or reloading this page will lose the match.")
        return True

    def on_storage(self, ev):
        """Another tab of this site wrote to the browser's storage: when it played this tab's
        match on, this tab shows the match as it now stands rather than play on from an older
        position (whose next save would overwrite the other tab's moves)."""
        if storage.changed_elsewhere(self.ui.mode, ev.key, ev.newValue) and self.ui.lesson is None:
            self.cancel_timer()
            self.went_on_elsewhere()

    def went_on_elsewhere(self):
        """Show this mode's save as another tab left it, and say why the table changed. That
        tab plays the computer's moves meanwhile (two tabs playing them would overwrite each
        other's), until the player plays here."""
        self.following = True
        self.ui.dialog = None
        self.load_mode()
        self.ui.notice = _("This match went on in another tab, so this tab now shows it as it stands there.")
        self.show(self.view)
        self.schedule()

    # --- input -----------------------------------------------------------------------------------

    # Imported on first use (warm_up imports it once the page is ready): the first screen
    # does not need it.

    def on_click(self, ev):
        from game.web import controls

        controls.on_click(self, ev)

    def on_change(self, ev):
        from game.web import controls

        controls.on_change(self, ev)

    def on_key(self, ev):
        from game.web import controls

        controls.on_key(self, ev)

    def on_pointerdown(self, ev):
        from game.web import controls

        controls.on_pointerdown(self, ev)

    def input(self, name, arg=None, target=None):
        """A command of the player's click, tap or key (`target`: the element it was on). The
        screen answers in this very frame (`press`: the card lifts, the button or the pile
        lights); the command runs once that frame is painted, in a task of its own, and the
        inputs that come meanwhile run after it in their order. `name` may be a function of the
        UI state giving (name, arg) or None, decided when its turn comes (a key's meaning hangs
        on the dialog the inputs before it open or close). Moving the focus along the hand is
        its own answer: alone, it runs at once."""
        if self.following:  # the player plays here now: this tab drives the match again
            self.following = False
            self.schedule()
        command = getattr(name, "command", None) if callable(name) else name
        if command in AT_ONCE and not self.inputs:
            self.inputs.append((name, arg))
            self.run_inputs()
            return
        press(self.main, command, target)
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
                for el in self.main.select(".g-pressed"):
                    el.classList.remove("g-pressed")
            self.mark_busy()

    def command(self, name, arg=None):
        """Run one command and carry out its outcome: effects, the action, the announcement.
        A command of the second bundle's features, and any command while the table waits for
        that bundle, runs once it is in the page."""
        from game.web import commands

        if name not in commands.ALONE or self.holding():
            if self.ui.more != "loaded":
                self.need(lambda: self.command(name, arg))
                return
        if name in NEEDS_PLAYERS and not (self.thinker is not None and self.thinker.players_loaded):
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
        effects = outcome.effects
        if commands.SAVE_PREFS in effects:
            storage.save_prefs(ui.prefs)
        if commands.SAVE in effects:
            self.save()
        if commands.LEVEL in effects:
            self.table.set_level(1, ui.prefs["level"])
        if name not in commands.ALONE and _features().effect(self, outcome):
            return
        if outcome.action is not None:
            self.send(outcome.action)
        elif commands.FOCUS_ONLY in effects:
            self.move_focus()
        else:
            self.show(self.view, True)
        if ui.dialog is None and self.table is not None and ui.mode != "online" and hash_seed() != self.table.seed:
            self.set_hash()  # a shared deal was refused: the address names the match shown
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
        if not self.save():
            return  # another tab played this match on: this tab catches up instead
        if ui.mode == "duo" and turn is not None and (before is None or turn != before.turn):
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
        messages = [T.event_text(event, view, ui.names()) for event in view.events]
        if declined and not any(event.kind == "deal" for event in view.events):  # no new game came
            messages.append(_("Your friend declined the new game."))
        if ui.handover:
            messages.append(T.turn_text(view, ui.mode, True))
        elif ui.lesson is not None:
            from game.web import lesson as lessons

            messages.append(lessons.step_news(ui.lesson, view))
        elif view.turn == view.player and view.turn is not None:
            messages.append(T.prompt(view))
        if view.drawn is not None:
            ui.focus = "c" + str(view.drawn.index)
        elif card_of_key(ui.focus) is None:
            ui.focus = None
        ui.motion = motion(view)
        self.show(view, self.taking)
        self.taking = False
        self.announce(" ".join(m for m in messages if m))
        self.schedule()

    # --- the computer, paced by timers -------------------------------------------------------------

    def schedule(self):
        """Pace the computer's next move, if it must move (data-busy says so to the tests). Its
        first move waits for the second bundle: a daily deal is played by Hard, which
        `progress.use` says (if it cannot be loaded, the computer plays the chosen level)."""
        if self.timer is not None or self.asking is not None or self.following:
            self.mark_busy()
            return
        if self.computer_waits():
            # Not `busy`: the table is drawn meanwhile (a shared deal the computer opens showed
            # the build's first screen until the bundle came) and what the player may do on the
            # computer's turn is not held back; data-busy says it is pending.
            self.need(self.schedule, busy=False, otherwise=self.schedule)
            return
        if self.table is not None and self.table.computer_to_move() is not None:
            self.timer = window.setTimeout(self.computer_step, storage.pace(self.ui.prefs))
        self.mark_busy()

    def mark_busy(self):
        """data-busy: a computer move is pending, the server has not answered, or the table
        waits for the page's second bundle (data-waiting: then the cursor says so too)."""
        holding = self.holding()
        computer = self.timer is not None or self.asking is not None or self.computer_waits()
        waiting = self.table is not None and self.table.waiting
        busy = holding or computer or waiting or bool(self.inputs) or self.to_focus is not None
        self.root.attrs["data-busy"] = "true" if busy else "false"
        self.root.attrs["data-waiting"] = "true" if holding else "false"

    def computer_waits(self):
        """Whether the computer's move waits for the second bundle (`schedule`)."""
        return self.ui.more == "waiting" and self.table is not None and self.table.computer_to_move() is not None

    def cancel_timer(self):
        """No computer move pending any more (the worker's answer to a request is ignored)."""
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
        self.asking = None

    def computer_step(self, *args):
        """Ask the worker for the computer's move; the page goes on meanwhile."""
        self.timer = None
        self.start_thinker()
        table = self.table
        request = table.decision_request()
        if request is None:  # the mode changed meanwhile: nothing to do
            self.schedule()
            return
        self.asking = request
        self.thinker.ask(request, lambda action, ms: self.decided(table, request, action, ms))

    def decided(self, table, request, action, ms):
        if self.asking is not request or table is not self.table:
            return  # another match, mode or level meanwhile: that request is forgotten
        if action is None:  # no worker: the page decides (still asking: nothing else is scheduled)
            self.thinker.load_players(lambda loaded: self.decide_here(table, request, loaded))
            return
        self.asking = None
        if table.play_decision(request, action, ms):
            self.record_decision()
        else:
            self.schedule()

    def players_failed(self):
        self.ui.notice = _("The computer player could not be loaded. Reload the page to play on.")
        self.show(self.view)

    def decide_here(self, table, request, loaded):
        """The computer's move made in the page (the worker failed), once its players are loaded."""
        if self.asking is not request or table is not self.table:
            return
        self.asking = None
        if not loaded:
            self.mark_busy()
            self.players_failed()
            return
        if table.step() is None:
            self.schedule()
            return
        self.record_decision()

    def record_decision(self):
        record = getattr(window, "gameRecordDecision", None)
        if record is not None and self.table.decisions:
            record(self.table.decisions[-1])

    # --- drawing ---------------------------------------------------------------------------------

    def refresh(self):
        """Draw the seat on screen from a fresh View (a match just started or restored)."""
        self.show(self.table.view(self.ui.seat(self.table.turn)))

    def show(self, view, take=False):
        """Draw the view; the focus follows into the new markup when it was in the game (or
        `take`: a command of the player), and is never left on the page's body."""
        self.view = view
        if not self.drawing:
            return
        ui = self.ui
        if ui.more == "waiting" and (self.holding() or needs_more(view, ui)):
            # A screen of the second bundle (or one behind a command that waits for it).
            self.need(lambda: self.show(self.view, take))
            return
        active = document.activeElement
        inside = active is not None and self.root.contains(active)
        # Redrawn for a move of the other side (not a command of the player's): the focus stays
        # on the control it was on, when it is still there (a player who tabbed to Sort while
        # the computer played is left on Sort, not sent to a card).
        kept = active.attrs["data-key"] if inside and not take and "data-key" in active.attrs else None
        take = take or inside
        if view is not None:
            ui.sync_order(view)
        root = self.root
        for key, value in attributes(view, ui).items():
            root.attrs[key] = value
        root.attrs["data-seed"] = str(self.table.seed) if self.table is not None and self.table.seed is not None else ""
        if ui.prefs["four"]:
            root.classList.add("four-colour")
        else:
            root.classList.remove("four-colour")
        self.drawn_daily = ui.daily
        if self.first_key is not None and window.gameMarkupHash(drawing_key(view, ui)) == self.first_key:
            root.attrs["data-first-screen"] = "kept"  # drawn by the build from the same inputs
        else:
            html = render(view, ui)
            if self.first_hash is None or window.gameMarkupHash(html) != self.first_hash:
                # Only what changed is touched (the start script's patch): the browser lays out
                # only that, and the focused card or an open dialog's scroll stays as it was.
                window.gamePatch(self.main, html)
        self.first_hash = self.first_key = None  # the first drawing only
        if take:
            # The focused element gone with the drawing (a dialog closed, a card played): the
            # focus is given back at once, never left on the page's body for a frame (a screen
            # reader would announce the page). Else it moves with the next frame.
            lost = inside and not self.root.contains(document.activeElement)
            self.take_focus(kept, at_once=lost)
        record = getattr(window, "gameRecordDraw", None)  # the latency benchmark's (bench/latency.py)
        if record is not None:
            record()

    def take_focus(self, kept=None, at_once=False):
        """Focus `kept` (the control the focus was on, still there), else ui.focus (a dialog:
        its own), else the screen's sensible control."""
        key = self.ui.focus
        if self.ui.dialog:
            key = self.ui.dialog.get("focus", key)
            kept = None
        elif self.ui.handover:
            key = "reveal"  # two players: the next one's first press reveals their hand
            kept = None
        keys = [k for k in (kept, key) if k]
        choices = ['[data-key="' + k + '"]' for k in keys] + fallback_focus(self.view, self.ui)
        for selector in choices:
            for el in self.main.select(selector):
                if "disabled" not in el.attrs:
                    if at_once:
                        self.to_focus = None
                        focus(el)
                    else:
                        self.focus_in_frame(el)
                    return

    def focus_in_frame(self, el):
        """Focus `el` in the next frame, before it is painted: the browser then lays the page
        out once for the frame, not also now for the focus (which forces it at once)."""
        if el is document.activeElement:
            self.to_focus = None
            return
        if self.to_focus is None:
            in_frame(self.focus_now)
        self.to_focus = el
        self.mark_busy()

    def focus_now(self, *args):
        el, self.to_focus = self.to_focus, None
        if el is not None and el.isConnected:
            focus(el)
        self.mark_busy()

    def move_focus(self):
        """Only the focus moved (arrows in the hand, a radio button): no new drawing."""
        key = self.ui.focus
        if card_of_key(key) is not None:
            for el in self.main.select(".g-hand .g-card"):
                el.attrs["tabindex"] = "-1"
        found = self.main.select('[data-key="' + key + '"]') if key else []
        if found:
            found[0].attrs["tabindex"] = "0"
            focus(found[0])

    def announce(self, message):
        if not message:
            return
        self.ui.say(message)
        self.live.text = message
        log = document.select(".g-log")
        if log:
            log[0].html = log_items(self.ui.log)


def bad_seed_notice():
    # Translators: the link's "#seed=..." (the number its deals come from) is not a valid number.
    return _("This link does not name a valid match, so your own match is shown.")


def motion(view):
    """The move the View's events bring, for one short animation: "draw" (this seat drew from
    the stock), "their_draw" (the opponent drew), "discard" (a card reached the pile)."""
    found = None
    for event in view.events:
        if event.kind == "discard":
            found = "discard"
        elif event.kind in ("draw_stock", "draw_discard", "take_upcard"):
            found = "draw" if event.player == view.player and view.drawn is not None else "their_draw"
    return found


# The commands that answer by themselves at once: the arrows only move the focus in the hand,
# and Escape closes a dialog as the key is pressed (a key typed next is not the dialog's).
AT_ONCE = ("focus_card", "escape")


def press(main, name, target):
    """The screen's answer to an input in the frame of the event, before the command runs: the
    card tapped or selected lifts (or drops), the button, the stock or the pile pressed lights.
    The command's drawing then puts the table right (`App.show`)."""
    if name == "card" and target is not None:
        chosen = target.getAttribute("aria-pressed") != "true"
        for el in main.select(".g-hand .g-selected"):
            el.classList.remove("g-selected")
            el.attrs["aria-pressed"] = "false"
        if chosen:
            target.classList.add("g-selected")
            target.attrs["aria-pressed"] = "true"
        return
    if name is None:
        return
    if target is None:
        found = main.select('[data-act="' + name + '"]')
        target = found[0] if found else None
    if target is not None and target.tagName not in ("SELECT", "INPUT", "OPTION"):
        target.classList.add("g-pressed")


def in_frame(then):
    """Run `then` at the next frame, before it is painted; in a tab the browser does not paint
    (in the background), after a tenth of a second."""
    done = []

    def once(*args):
        if not done:
            done.append(True)
            then()

    window.requestAnimationFrame(once)
    window.setTimeout(once, 100)


def after_frame(then):
    """Run `then` in a task of its own once the next frame is painted."""
    in_frame(lambda: next_task(then))


def focus(el):
    """Focus without scrolling the page (the table is already in view). Not the element that has
    the focus already (focusing makes the browser lay out the page at once)."""
    if el is not document.activeElement:
        el.focus({"preventScroll": True})


def lesson_code():
    """The training hand the address names (`#train=...`), else None. (Read here, not in
    game.web.lesson: a page without one never loads the lessons.)"""
    text = str(window.location.hash or "")
    if text.startswith("#train="):
        return text[7:][:80]
    return None


def bad_seed_link():
    """Whether the address names a deal that cannot be one (`#seed=-1`, `#seed=<script>`, 16
    digits and more): the page then deals its own and says why the link's is not shown."""
    return str(window.location.hash or "").startswith("#seed=") and hash_seed() is None


def hash_seed():
    text = str(window.location.hash or "")
    if text.startswith("#seed="):
        digits = text[6:]
        if digits.isdigit() and len(digits) <= 15:
            return int(digits)
    return None
