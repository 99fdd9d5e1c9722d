"""The game in the page: the `App` holds the state of the screen and runs the flow.

Every rule (legal moves, melds, deadwood, layoffs, scores) comes from the engine; the UI only
draws what `Match.view(seat)` says and turns clicks and keys into `Action`s. The opponent's
cards and the stock are never written into the DOM before the engine reveals them.

The `App` starts a match or restores it, applies actions (`act`), paces the computer's moves,
switches modes, announces what happened, and draws the page (`render`) from the screens of
`table` (a hand in play), `endofhand` (a finished hand), `dialogs` (dialogs and the hand-over
screen); `controls` turns input into commands; `storage` keeps preferences and saves.
"""

import javascript
from browser import document, window

from game.actions import DRAW_DISCARD, DRAW_STOCK, NEXT_HAND, TAKE_UPCARD
from game.errors import CorruptSave, IllegalAction
from game.match import Match
from game.rules import Rules
from game.web import storage
from game.web import text as T
from game.web.i18n import _, fmt
from game.web.markup import esc, log_items
from game.web.table import render_bar, render_table

CPU = 1  # the computer's seat; the person plays seat 0


def now():
    return window.performance.now()


def load_player(level, seed):
    # Imported on first use: compiling the computer players is the biggest part of the bundle,
    # and the page is ready for the player before the computer needs them (see warm_up).
    from game.ai import make_player

    return make_player(level, seed)


class App:
    def __init__(self, root):
        self.root = root
        self.lang = root.attrs["data-lang"] if "data-lang" in root.attrs else "en"
        self.prefs = storage.default_prefs()
        self.match = None
        self.mode = "cpu"
        self.player = None
        self.order = {0: [], 1: []}  # seat -> card indexes in the order shown
        self.selected = None  # index of the selected card
        self.focus = None  # data-key of the element to focus after a render
        self.dialog = None  # the open dialog's state (see game.web.dialogs)
        self.groups = {}
        self.handover = False
        self.notice = None
        self.log = []
        self.timer = None
        self.decisions = []
        self.new_card = None
        self.last_seat = 0  # the seat that acted last (whose hand a two-player screen shows)
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
        document.bind("keydown", self.on_key)
        window.bind("hashchange", self.on_hashchange)

    # --- input (game.web.controls) ---------------------------------------------------------------

    # The input, dialog and end-of-hand modules are imported on first use (warm_up imports them
    # once the page is ready): what the first screen does not need is not compiled before it.

    def on_click(self, ev):
        from game.web import controls

        controls.on_click(self, ev)

    def on_change(self, ev):
        from game.web import controls

        controls.on_change(self, ev)

    def on_key(self, ev):
        from game.web import controls

        controls.on_key(self, ev)

    # --- start, saves, preferences, modes ----------------------------------------------------------

    def start(self):
        storage.load_prefs(self.prefs)
        self.mode = self.prefs["mode"]
        self.load_mode(self.hash_seed())
        self.root.attrs["data-ready"] = "true"
        self.schedule()
        window.setTimeout(self.warm_up, 0)

    def warm_up(self, *args):
        """Compile what the first screen did not need (input, dialogs, the end of a hand, the
        computer players) once the page is ready, before the player or the computer needs it."""
        from game.web import controls, dialogs, endofhand  # noqa: F401

        if self.mode == "cpu" and self.player is None:
            self.player = load_player(self.prefs["level"], self.match.seed)

    def hash_seed(self):
        text = str(window.location.hash or "")
        if text.startswith("#seed="):
            digits = text[6:]
            if digits.isdigit() and len(digits) <= 15:
                return int(digits)
        return None

    def on_hashchange(self, ev):
        """A shared `#seed=` link opened in a tab that already shows the game: deal that seed."""
        seed = self.hash_seed()
        if seed is not None and seed != self.match.seed:
            self.cancel_timer()
            self.load_mode(seed)
            self.schedule()

    def set_hash(self):
        try:
            window.history.replaceState(javascript.NULL, "", "#seed=" + str(self.match.seed))
        except Exception:
            pass

    def forget(self):
        """Clear what was said about another match: its cards may be hidden in this one."""
        self.log = []
        self.live.text = ""

    def load_mode(self, seed=None):
        """Restore this mode's saved match (or start one; a `#seed=` in the URL wins)."""
        self.forget()
        match = None
        try:
            match, order = storage.load_match(self.mode)
            if order:
                self.order.update(order)
        except Exception as exc:
            detail = str(exc) if isinstance(exc, CorruptSave) else ""
            self.notice = _("Your saved game could not be restored, so a new game has started.")
            if detail:
                self.notice += " (" + detail + ")"
            match = None
        if match is not None and seed is not None and match.seed != seed:
            match = None
        if match is None:
            self.new_match(seed, Rules.preset(self.prefs["rules"]), announce=False)
        else:
            self.match = match
            self.player = None
            self.handover = self.mode == "duo" and match.current_player is not None
            self.set_hash()
            self.render()
            self.announce(self.turn_text())

    def new_match(self, seed=None, rules=None, announce=True):
        if seed is None:
            seed = int(window.Math.floor(window.Math.random() * 2147483647))
        rules = rules or self.match.rules
        self.cancel_timer()
        self.forget()
        self.match = Match.new(seed, rules)
        self.player = None
        self.order = {0: [], 1: []}
        self.selected = None
        self.dialog = None
        self.new_card = None
        self.handover = self.mode == "duo"
        self.save()
        self.set_hash()
        self.render()
        if announce:
            self.announce(_("New game.") + " " + self.turn_text())
        self.schedule()

    def switch_mode(self, mode):
        if mode not in storage.SAVE_KEYS or mode == self.mode:
            return
        self.cancel_timer()
        self.mode = mode
        self.prefs["mode"] = mode
        self.save_prefs()
        self.order = {0: [], 1: []}
        self.selected = None
        self.dialog = None
        self.focus = "mode"
        self.load_mode()
        self.schedule()

    def save(self):
        storage.save_match(self.mode, self.match, self.order)

    def save_prefs(self):
        storage.save_prefs(self.prefs)

    # --- who is who ---------------------------------------------------------------------------

    def names(self):
        if self.mode == "cpu":
            return [T.name_you(), T.name_computer()]
        return [T.name_player(1), T.name_player(2)]

    def seat(self):
        """The seat whose hand is on screen."""
        if self.mode == "cpu":
            return 0
        current = self.match.current_player
        if current is None:
            return self.last_seat
        return current

    def is_human(self, seat):
        return self.mode == "duo" or seat != CPU

    def turn_text(self):
        match = self.match
        current = match.current_player
        if current is None:
            if match.is_over:
                return _("The match is over.")
            return _("The hand is over.")
        if self.mode == "cpu":
            if current == CPU:
                return _("The computer's turn.")
            return _("Your turn.") + " " + self.prompt()
        if self.handover:
            return fmt(_("Pass the device to {player}."), player=T.name_player(current + 1))
        return fmt(_("{player}, your turn."), player=T.name_player(current + 1)) + " " + self.prompt()

    def prompt(self):
        match = self.match
        phase = match.phase
        if phase == "upcard":
            return fmt(_("Take the upcard ({card}) or pass."), card=T.card_name(match.hand.discard[-1]))
        if phase == "draw":
            kinds = [action.kind for action in match.legal_actions()]
            if DRAW_DISCARD not in kinds:
                return _("Draw a card from the stock.")
            return _("Draw a card from the stock or the discard pile.")
        if phase == "discard":
            return _("Select a card, then discard it, or knock.")
        return ""

    def match_result_text(self):
        match = self.match
        names = self.names()
        winner = match.winner
        totals = match.totals
        if winner is None or totals is None:
            return ""
        a, b = totals[winner]["total"], totals[1 - winner]["total"]
        if self.mode == "cpu" and winner != CPU:
            return fmt(_("You win the match, {a} to {b}."), a=a, b=b)
        return fmt(_("{player} wins the match, {a} to {b}."), player=T.capital(names[winner]), a=a, b=b)

    # --- playing ------------------------------------------------------------------------------

    def legal(self, kind, card=None):
        """The engine's legal action of this kind (and card), if the person on screen may take it."""
        if self.match.current_player is None and kind != NEXT_HAND:
            return None
        if kind != NEXT_HAND and not self.is_human(self.match.current_player):
            return None
        if self.handover:
            return None
        for action in self.match.legal_actions():
            if action.kind == kind and (card is None or action.card is card):
                return action
        return None

    def act(self, action):
        match = self.match
        actor = match.current_player
        before = list(match.hand.hands[actor]) if actor is not None else []
        try:
            events = match.apply(action)
        except IllegalAction:
            self.announce(_("That move is not allowed now."))
            return
        if actor is not None:
            self.last_seat = actor
        names = self.names()
        me = self.seat() if self.mode == "cpu" else actor
        new = None
        if action.kind in (DRAW_STOCK, DRAW_DISCARD, TAKE_UPCARD) and actor is not None:
            for card in match.hand.hands[actor]:
                if card not in before:
                    new = card
            self.new_card = new if self.is_human(actor) else self.new_card
        elif action.kind == NEXT_HAND:
            self.new_card = None
            self.order = {0: [], 1: []}
        else:
            if self.is_human(actor) if actor is not None else True:
                self.new_card = None
        messages = []
        for event in events:
            if event.kind == "hand_over":
                end = match.hand.end
                messages.append(T.score_line(end, names, match.rules))
            elif event.kind == "match_over":
                messages.append(self.match_result_text())
            else:
                # Two players share the screen: a card drawn from the stock is never named.
                named = new if self.mode == "cpu" and actor == 0 else None
                messages.append(T.event_text(event, names, me, named))
        self.selected = None
        self.dialog = None
        if self.mode == "duo" and match.current_player is not None and match.current_player != actor:
            self.handover = True
        if action.kind == NEXT_HAND and self.mode == "duo":
            self.handover = True
        self.save()
        if match.current_player is not None and self.is_human(match.current_player) and not self.handover:
            messages.append(self.prompt())
        elif self.handover:
            # The next player must not read the previous one's moves of their own cards.
            self.log = []
            messages = [m for m in messages if m] + [self.turn_text()]
        if new is not None and self.is_human(actor):
            self.focus = "c" + str(new.index)
        elif self.focus is None or not self.focus.startswith("c"):
            self.focus = None
        self.render()
        self.announce(" ".join(m for m in messages if m))
        self.schedule()

    # --- the computer, paced by timers ----------------------------------------------------------

    def schedule(self):
        if self.mode != "cpu" or self.match.current_player != CPU or self.timer is not None:
            self.root.attrs["data-busy"] = "false"
            return
        self.root.attrs["data-busy"] = "true"
        self.timer = window.setTimeout(self.computer_step, storage.pace())

    def cancel_timer(self):
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None

    def computer_step(self, *args):
        self.timer = None
        if self.mode != "cpu" or self.match.current_player != CPU:
            self.schedule()
            return
        if self.player is None:
            self.player = load_player(self.prefs["level"], self.match.seed)
        view = self.match.view(CPU)
        started = now()
        action = self.player.choose(view)
        elapsed = now() - started
        self.decisions.append(elapsed)
        try:
            window.gameRecordDecision(elapsed)
        except Exception:
            pass
        self.act(action)

    # --- announcements ----------------------------------------------------------------------------

    def announce(self, message):
        if not message:
            return
        self.log.append(message)
        self.log = self.log[-4:]
        self.live.text = message
        log = document.select(".g-log")
        if log:
            log[0].html = log_items(self.log)

    # --- dialogs ----------------------------------------------------------------------------------

    def open_dialog(self, kind, **extra):
        self.dialog = {"kind": kind, "return": self.focus}
        self.dialog.update(extra)
        self.render()

    def close_dialog(self):
        if self.dialog:
            self.focus = self.dialog.get("return", self.focus)
        self.dialog = None
        self.render()

    # --- the page ---------------------------------------------------------------------------------

    def render(self):
        """Draw the whole page: the bar, a notice, the table (or the hand-over or end-of-hand
        screen, inert under a dialog) and the open dialog; then restore the focus."""
        match = self.match
        root = self.root
        root.attrs["data-mode"] = self.mode
        root.attrs["data-phase"] = match.phase
        root.attrs["data-seed"] = str(match.seed)
        root.attrs["data-handover"] = "true" if self.handover else "false"
        current = match.current_player
        if current is None:
            turn = "none"
        elif self.is_human(current):
            turn = "me"
        else:
            turn = "other"
        root.attrs["data-turn"] = turn
        if self.prefs["four"]:
            root.classList.add("four-colour")
        else:
            root.classList.remove("four-colour")
        names = self.names()
        parts = [render_bar(match, self.mode, self.prefs, names)]
        if self.notice:
            parts.append('<div class="g-notice" role="alert"><p>' + esc(self.notice) + '</p>'
                         '<button type="button" class="g-btn" data-act="dismiss" data-key="dismiss">'
                         + esc(_("Dismiss")) + '</button></div>')
        inert = ' inert' if self.dialog else ''
        if self.handover:
            from game.web.dialogs import render_handover

            parts.append('<div class="g-table"' + inert + '>' + render_handover(match) + '</div>')
        elif match.phase in ("hand_over", "match_over"):
            from game.web.endofhand import render_end

            result = self.match_result_text() if match.is_over else ""
            parts.append('<div class="g-table"' + inert + '>' + render_end(match, names, result) + '</div>')
        else:
            parts.append('<div class="g-table"' + inert + '>' + render_table(self) + '</div>')
        if self.dialog:
            from game.web.dialogs import render_dialog

            parts.append(render_dialog(self.dialog, match, self.prefs, self.mode, names))
        self.main.html = "".join(parts)
        self.restore_focus()

    def restore_focus(self):
        key = self.focus
        if self.dialog:
            key = self.dialog.get("focus", key)
        if not key:
            return
        found = self.main.select('[data-key="' + key + '"]')
        if found:
            try:
                found[0].focus()
            except Exception:
                pass
