"""The game in the page: renders the engine's view of the seat on screen, sends actions.

Every rule (legal moves, melds, deadwood, layoffs, scores) comes from the engine; this module
only draws what `Match.view(seat)` says and turns clicks and keys into `Action`s. The opponent's
cards and the stock are never written into the DOM before the engine reveals them.
"""

import javascript
from browser import document, window

from game.actions import (
    BIG_GIN,
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    GIN,
    KNOCK,
    NEXT_HAND,
    PASS,
    TAKE_UPCARD,
    Action,
)
from game.cards import DECK
from game.errors import CorruptSave, IllegalAction
from game.match import Match
from game.melds import arrange_all, best_arrangement, deadwood_after_each_discard
from game.rules import PRESETS, Rules
from game.web import text as T
from game.web.i18n import _, fmt, pgettext

JSON = javascript.JSON
SAVE_KEYS = {"cpu": "ginrummy.save.cpu", "duo": "ginrummy.save.duo"}
PREFS_KEY = "ginrummy.prefs"
PACE_KEY = "ginrummy.pace"  # milliseconds between the computer's moves (tests speed it up)
LEVELS = ("easy", "medium", "hard")
SORTS = ("rank", "suit", "melds")
CPU = 1  # the computer's seat; the person plays seat 0
GROUPS = 3  # meld groups offered in the knock dialog (10 or 11 cards hold at most 3 melds)


def esc(value):
    return (str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def now():
    return window.performance.now()


def store_get(key):
    try:
        raw = window.localStorage.getItem(key)
    except Exception:
        return None
    if raw is None or raw is javascript.NULL or raw is javascript.UNDEFINED:
        return None
    return raw


def store_set(key, value):
    try:
        window.localStorage.setItem(key, JSON.stringify(value))
    except Exception:
        pass


def load_player(level, seed):
    # Imported on first use: compiling the computer players is the biggest part of the bundle,
    # and the page is ready for the player before the computer needs them (see warm_up).
    from game.ai import make_player

    return make_player(level, seed)


def suit_class(card):
    return "s" + "cdhs"[card.suit]


class App:
    def __init__(self, root):
        self.root = root
        self.lang = root.attrs["data-lang"] if "data-lang" in root.attrs else "en"
        self.prefs = {"level": "medium", "four": False, "sort": "rank", "rules": "classic", "mode": "cpu"}
        self.match = None
        self.mode = "cpu"
        self.player = None
        self.order = {0: [], 1: []}
        self.selected = None
        self.focus = None
        self.dialog = None
        self.groups = {}
        self.handover = False
        self.notice = None
        self.log = []
        self.timer = None
        self.decisions = []
        self.new_card = None
        self.last_seat = 0  # the seat that acted last (whose hand a two-player screen shows)
        self._cache_key = None
        self._cache = None
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

    # --- start, saves, preferences ------------------------------------------------------------

    def start(self):
        raw = store_get(PREFS_KEY)
        if raw is not None:
            try:
                prefs = JSON.parse(raw)
                if isinstance(prefs, dict):
                    for key in self.prefs:
                        if key in prefs and type(prefs[key]) is type(self.prefs[key]):
                            self.prefs[key] = prefs[key]
            except Exception:
                pass
        if self.prefs["level"] not in LEVELS:
            self.prefs["level"] = "medium"
        if self.prefs["sort"] not in SORTS and self.prefs["sort"] != "custom":
            self.prefs["sort"] = "rank"
        if self.prefs["rules"] not in PRESETS:
            self.prefs["rules"] = "classic"
        if self.prefs["mode"] not in SAVE_KEYS:
            self.prefs["mode"] = "cpu"
        self.mode = self.prefs["mode"]
        self.load_mode(self.hash_seed())
        self.root.attrs["data-ready"] = "true"
        self.schedule()
        window.setTimeout(self.warm_up, 0)

    def warm_up(self, *args):
        """Compile the computer players once the page is ready, before their first move."""
        if self.mode == "cpu" and self.player is None:
            self.player = load_player(self.prefs["level"], self.match.seed)

    def hash_seed(self):
        text = str(window.location.hash or "")
        if text.startswith("#seed="):
            digits = text[6:]
            if digits.isdigit() and len(digits) <= 15:
                return int(digits)
        return None

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
        raw = store_get(SAVE_KEYS[self.mode])
        if raw is not None:
            try:
                data = JSON.parse(raw)
                match = Match.from_dict(data["match"] if isinstance(data, dict) and "match" in data else data)
                if isinstance(data, dict) and isinstance(data.get("order"), dict):
                    self.restore_order(data["order"])
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

    def restore_order(self, order):
        for seat in (0, 1):
            codes = order.get(str(seat))
            if isinstance(codes, list):
                self.order[seat] = [card.index for card in DECK if card.code in codes]
                self.order[seat].sort(key=lambda i, codes=codes: codes.index(DECK[i].code))

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

    def save(self):
        order = {}
        for seat in (0, 1):
            order[str(seat)] = [DECK[i].code for i in self.order[seat]]
        store_set(SAVE_KEYS[self.mode], {"match": self.match.to_dict(), "order": order})

    def save_prefs(self):
        store_set(PREFS_KEY, self.prefs)

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

    # --- playing ------------------------------------------------------------------------------

    def legal(self, kind, card=None):
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

    # --- the computer, paced by timers ----------------------------------------------------------

    def pace(self):
        raw = store_get(PACE_KEY)
        if raw is not None and str(raw).isdigit():
            return int(str(raw))
        return 900

    def schedule(self):
        if self.mode != "cpu" or self.match.current_player != CPU or self.timer is not None:
            self.root.attrs["data-busy"] = "false"
            return
        self.root.attrs["data-busy"] = "true"
        self.timer = window.setTimeout(self.computer_step, self.pace())

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
            log[0].html = "".join("<li>" + esc(m) + "</li>" for m in self.log)

    # --- the hand on screen --------------------------------------------------------------------------

    def shown_hand(self, seat, hand):
        """The cards of `hand` in the player's order (sorted, or as they arranged them)."""
        sort = self.prefs["sort"]
        if sort == "melds":
            arrangement = arrange_all(hand)
            ordered = []
            for meld in arrangement.melds:
                ordered.extend(meld)
            rest = sorted(arrangement.deadwood, key=lambda c: (c.rank, c.suit))
            ordered.extend(rest)
            self.order[seat] = [c.index for c in ordered]
        elif sort in ("rank", "suit"):
            if sort == "rank":
                ordered = sorted(hand, key=lambda c: (c.rank, c.suit))
            else:
                ordered = sorted(hand, key=lambda c: (c.suit, c.rank))
            self.order[seat] = [c.index for c in ordered]
        else:
            indexes = [c.index for c in hand]
            kept = [i for i in self.order[seat] if i in indexes]
            for i in indexes:
                if i not in kept:
                    kept.append(i)
            self.order[seat] = kept
        return [DECK[i] for i in self.order[seat]]

    def analysis(self, hand):
        """Melded cards (best arrangement), live deadwood, deadwood after each discard."""
        key = ",".join(str(c.index) for c in sorted(hand))
        if key == self._cache_key:
            return self._cache
        melded = set()
        arrangement = arrange_all(hand)
        for meld in arrangement.melds:
            for card in meld:
                melded.add(card.index)
        if len(hand) == 11:
            after = deadwood_after_each_discard(hand)
            by_card = {}
            for i in range(len(hand)):
                by_card[hand[i].index] = after[i]
            live = min(after)
        else:
            by_card = {}
            live = arrangement.deadwood_points
        self._cache_key = key
        self._cache = (melded, live, by_card)
        return self._cache

    # --- rendering ------------------------------------------------------------------------------------

    def render(self):
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
        parts = [self.render_bar()]
        if self.notice:
            parts.append('<div class="g-notice" role="alert"><p>' + esc(self.notice) + '</p>'
                         '<button type="button" class="g-btn" data-act="dismiss" data-key="dismiss">'
                         + esc(_("Dismiss")) + '</button></div>')
        inert = ' inert' if self.dialog else ''
        if self.handover:
            parts.append('<div class="g-table"' + inert + '>' + self.render_handover() + '</div>')
        elif match.phase in ("hand_over", "match_over"):
            parts.append('<div class="g-table"' + inert + '>' + self.render_end() + '</div>')
        else:
            parts.append('<div class="g-table"' + inert + '>' + self.render_table() + '</div>')
        if self.dialog:
            parts.append(self.render_dialog())
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

    def render_bar(self):
        match = self.match
        names = self.names()
        scores = match.scores
        level_options = "".join(
            '<option value="' + lv + '"' + (' selected' if lv == self.prefs["level"] else '') + '>'
            + esc(self.level_name(lv)) + '</option>' for lv in LEVELS)
        mode_options = (
            '<option value="cpu"' + (' selected' if self.mode == "cpu" else '') + '>'
            + esc(_("Against the computer")) + '</option>'
            '<option value="duo"' + (' selected' if self.mode == "duo" else '') + '>'
            + esc(_("Two players on this device")) + '</option>')
        out = ['<div class="g-bar">']
        out.append('<div class="g-buttons">')
        out.append('<button type="button" class="g-btn" data-act="new" data-key="new">' + esc(_("New game")) + '</button>')
        out.append('<button type="button" class="g-btn" data-act="replay" data-key="replay">' + esc(_("Replay")) + '</button>')
        out.append('<button type="button" class="g-btn" data-act="sheet" data-key="sheet">' + esc(_("Score sheet")) + '</button>')
        out.append('<button type="button" class="g-btn" data-act="help" data-key="help" aria-keyshortcuts="?">'
                   + esc(_("Shortcuts")) + '</button>')
        out.append('</div><div class="g-options">')
        out.append('<label class="g-field">' + esc(_("Opponent")) + ' <select data-act="mode" data-key="mode">'
                   + mode_options + '</select></label>')
        if self.mode == "cpu":
            out.append('<label class="g-field">' + esc(_("Computer level")) + ' <select data-act="level" data-key="level">'
                       + level_options + '</select></label>')
        out.append('<label class="g-field g-check"><input type="checkbox" data-act="four" data-key="four"'
                   + (' checked' if self.prefs["four"] else '') + '> ' + esc(_("Four-color deck")) + '</label>')
        out.append('</div>')
        rules = match.rules
        out.append('<p class="g-rules">' + esc(fmt(_("{variant}: {summary}"), variant=T.preset_title(rules.name),
                                                    summary=T.rules_summary(rules))) + '</p>')
        out.append('<p class="g-score">' + esc(fmt(_("Score: {a} {x}, {b} {y} (game to {target})"),
                                                    a=T.capital(names[0]), x=scores[0], b=names[1], y=scores[1],
                                                    target=rules.target)) + '</p>')
        out.append('</div>')
        return "".join(out)

    def level_name(self, level):
        if level == "easy":
            return pgettext("level", "Easy")
        if level == "medium":
            return pgettext("level", "Medium")
        return pgettext("level", "Hard")

    def render_handover(self):
        current = self.match.current_player
        name = T.name_player((current if current is not None else 0) + 1)
        return ('<div class="g-handover"><h2 class="g-title">' + esc(fmt(_("Pass the device to {player}."), player=name))
                + '</h2><p>' + esc(_("The other player should look away. Nobody's cards are shown until then."))
                + '</p><button type="button" class="g-btn g-primary" data-act="reveal" data-key="reveal">'
                + esc(_("Reveal my hand")) + '</button></div>')

    def card_html(self, card, extra_class="", label=None, key=None, act=None, attrs=""):
        cls = "g-card " + suit_class(card) + (" " + extra_class if extra_class else "")
        label = label or T.card_name(card)
        inner = ('<span class="g-rank" aria-hidden="true">' + esc(T.card_label(card)[:-1]) + '</span>'
                 '<span class="g-suit" aria-hidden="true">' + esc(T.card_label(card)[-1:]) + '</span>')
        if act:
            return ('<button type="button" class="' + cls + '" data-act="' + act + '"'
                    + (' data-key="' + key + '"' if key else '') + ' aria-label="' + esc(label) + '"' + attrs + '>'
                    + inner + '</button>')
        return '<span class="' + cls + '" role="img" aria-label="' + esc(label) + '">' + inner + '</span>'

    def render_table(self):
        match = self.match
        seat = self.seat()
        view = match.view(seat)
        names = self.names()
        other = 1 - seat
        out = []
        # The opponent: face-down cards (no identity anywhere), the count, the cards they took.
        out.append('<section class="g-opponent" aria-label="' + esc(T.capital(names[other])) + '">')
        out.append('<h2 class="g-title">' + esc(T.capital(names[other])) + ' · '
                   + esc(T.cards_count(view.opponent_count)) + '</h2>')
        out.append('<div class="g-backs" aria-hidden="true">' + '<span class="g-back"></span>' * view.opponent_count + '</div>')
        if view.opponent_known:
            out.append('<p class="g-known">' + esc(_("Taken from the discard pile:")) + ' '
                       + "".join(self.card_html(c, "g-small") for c in view.opponent_known) + '</p>')
        out.append('</section>')
        # The stock and the discard pile.
        out.append('<section class="g-piles" aria-label="' + esc(_("Stock and discard pile")) + '">')
        draw = self.legal(DRAW_STOCK)
        out.append('<button type="button" class="g-stock" data-act="draw_stock" data-key="stock" aria-keyshortcuts="D"'
                   + ('' if draw else ' aria-disabled="true"') + '><span class="g-back" aria-hidden="true"></span>'
                   '<span class="g-pile-label">' + esc(fmt(_("Stock: {count}"), count=T.cards_count(view.stock_count)))
                   + '</span></button>')
        if view.discard_pile:
            top = view.discard_pile[-1]
            take = self.legal(TAKE_UPCARD) or self.legal(DRAW_DISCARD)
            label = fmt(_("Discard pile: {card}"), card=T.card_name(top))
            out.append('<button type="button" class="g-discard" data-act="pile" data-key="pile" aria-keyshortcuts="P U"'
                       + ('' if take else ' aria-disabled="true"') + ' aria-label="' + esc(label) + '">'
                       + self.card_html(top) + '<span class="g-pile-label" aria-hidden="true">'
                       + esc(_("Discard pile")) + '</span></button>')
        else:
            out.append('<div class="g-discard g-empty">' + esc(_("The discard pile is empty")) + '</div>')
        out.append('<button type="button" class="g-btn" data-act="show_pile" data-key="show_pile" aria-keyshortcuts="H">'
                   + esc(_("Show the whole pile")) + '</button>')
        out.append('</section>')
        # Whose turn, what to do.
        out.append('<p class="g-prompt">' + esc(self.turn_text()) + '</p>')
        out.append(self.render_actions(view))
        out.append(self.render_hand(seat, view))
        out.append('<ul class="g-log" aria-hidden="true">' + "".join("<li>" + esc(m) + "</li>" for m in self.log) + '</ul>')
        return "".join(out)

    def render_actions(self, view):
        out = ['<div class="g-actions">']
        sel = DECK[self.selected] if self.selected is not None else None
        if self.match.phase == "upcard":
            out.append(self.button(_("Take the upcard"), "take_upcard", self.legal(TAKE_UPCARD), "U"))
            out.append(self.button(_("Pass"), "pass", self.legal(PASS), "S"))
        else:
            can_discard = sel is not None and self.legal(DISCARD, sel)
            out.append(self.button(_("Discard"), "discard", can_discard, "X"))
            out.append(self.button(pgettext("verb", "Knock"), "knock", sel is not None and self.legal(KNOCK, sel), "K"))
            out.append(self.button(_("Gin"), "gin", sel is not None and self.legal(GIN, sel), "G"))
            if self.match.rules.big_gin_bonus is not None:
                out.append(self.button(_("Big gin"), "big_gin", self.legal(BIG_GIN), None))
        sort_names = {"rank": _("Sort: by rank"), "suit": _("Sort: by suit"), "melds": _("Sort: by melds")}
        out.append('<button type="button" class="g-btn" data-act="sort" data-key="sort" aria-keyshortcuts="O">'
                   + esc(sort_names.get(self.prefs["sort"], _("Sort: by rank"))) + '</button>')
        out.append('</div>')
        return "".join(out)

    def button(self, label, act, enabled, shortcut):
        return ('<button type="button" class="g-btn g-act" data-act="' + act + '" data-key="' + act + '"'
                + (' aria-keyshortcuts="' + shortcut + '"' if shortcut else '')
                + ('' if enabled else ' disabled') + '>' + esc(label)
                + (' <kbd aria-hidden="true">' + shortcut + '</kbd>' if shortcut else '') + '</button>')

    def render_hand(self, seat, view):
        hand = self.shown_hand(seat, view.hand)
        melded, live, after = self.analysis(view.hand)
        names = self.names()
        if self.focus is None or not self.focus.startswith("c") or int(self.focus[1:]) not in [c.index for c in hand]:
            focus_index = self.selected if self.selected is not None else (hand[0].index if hand else None)
        else:
            focus_index = int(self.focus[1:])
        title = _("Your hand") if self.mode == "cpu" else fmt(_("Hand of {player}"), player=names[seat])
        out = ['<section class="g-hand-area" aria-label="' + esc(title) + '">']
        out.append('<h2 class="g-title">' + esc(title) + '</h2>')
        out.append('<ul class="g-hand" aria-label="' + esc(_("Left and Right arrows move; Enter selects; Alt+arrows reorder.")) + '">')
        for card in hand:
            flags = []
            classes = []
            if card.index in melded:
                classes.append("g-melded")
                flags.append(_("in a meld"))
            if card is view.taken:
                classes.append("g-taken")
                flags.append(_("just taken, cannot be discarded this turn"))
            if self.new_card is card:
                classes.append("g-new")
                flags.append(_("new"))
            selected = self.selected == card.index
            if selected:
                classes.append("g-selected")
            label = T.card_name(card) + (", " + ", ".join(flags) if flags else "")
            attrs = ' aria-pressed="' + ("true" if selected else "false") + '" tabindex="' + ("0" if card.index == focus_index else "-1") + '" data-card="' + str(card.index) + '"'
            out.append('<li>' + self.card_html(card, " ".join(classes), label, "c" + str(card.index), "card", attrs) + '</li>')
        out.append('</ul>')
        if len(view.hand) == 11:
            line = fmt(_("Deadwood after your best discard: {n}"), n=live)
        else:
            line = fmt(_("Deadwood: {n}"), n=live)
        if self.selected is not None and self.selected in after:
            line += " · " + fmt(_("after discarding the {card}: {n}"), card=T.card_name(DECK[self.selected]), n=after[self.selected])
        out.append('<p class="g-deadwood">' + esc(line) + '</p>')
        out.append('</section>')
        return "".join(out)

    def render_meld_cards(self, cards, extra=""):
        return '<span class="g-meld ' + extra + '">' + "".join(self.card_html(c, "g-small") for c in cards) + '</span>'

    def render_end(self):
        match = self.match
        names = self.names()
        hand = match.hand
        end = hand.end
        out = ['<div class="g-end">']
        title = _("End of the match") if match.is_over else _("End of the hand")
        out.append('<h2 class="g-title">' + esc(title) + '</h2>')
        out.append('<p class="g-scoreline">' + esc(T.score_line(end, names, match.rules)) + '</p>')
        result = end["settlement"] if end else None
        if result is not None:
            knocker = end["knocker"]
            sides = [(knocker, result.knocker_melds, result.knocker_deadwood_cards, result.knocker_deadwood, []),
                     (1 - knocker, result.defender_melds, result.defender_deadwood_cards, result.defender_deadwood,
                      result.layoff_targets)]
        else:
            sides = []
            for seat in (0, 1):
                arrangement = best_arrangement(hand.hands[seat])
                sides.append((seat, arrangement.melds, arrangement.deadwood, arrangement.deadwood_points, []))
        for seat, melds, dead_cards, dead, layoffs in sides:
            out.append('<section class="g-spread"><h3>' + esc(T.capital(names[seat])) + '</h3>')
            out.append('<p class="g-melds">' + esc(_("Melds:")) + ' '
                       + ("".join(self.render_meld_cards(m) for m in melds) if melds else esc(_("none"))) + '</p>')
            if layoffs:
                out.append('<ol class="g-layoffs" aria-label="' + esc(_("Layoffs")) + '">')
                step = 0
                for card, target in layoffs:
                    step += 1
                    meld = result.knocker_melds[target] if 0 <= target < len(result.knocker_melds) else []
                    out.append('<li class="g-step g-d' + str(min(step, 9)) + '">'
                               + esc(fmt(_("{card} laid off on {meld}"), card=T.card_name(card),
                                         meld=", ".join(T.card_label(c) for c in meld))) + '</li>')
                out.append('</ol>')
            out.append('<p class="g-melds">' + esc(_("Deadwood:")) + ' '
                       + (self.render_meld_cards(dead_cards, "g-dead") if dead_cards else esc(_("none")))
                       + ' = ' + esc(T.points_text(dead)) + '</p></section>')
        out.append(self.render_sheet())
        if match.is_over:
            out.append(self.render_totals())
            out.append('<div class="g-actions">'
                       + '<button type="button" class="g-btn g-primary" data-act="new" data-key="new-end">' + esc(_("New game")) + '</button>'
                       + '<button type="button" class="g-btn" data-act="replay" data-key="replay-end">' + esc(_("Replay")) + '</button></div>')
        else:
            out.append('<div class="g-actions"><button type="button" class="g-btn g-primary" data-act="next_hand" data-key="next_hand" aria-keyshortcuts="N">'
                       + esc(_("Next hand")) + ' <kbd aria-hidden="true">N</kbd></button></div>')
        out.append('</div>')
        return "".join(out)

    def render_sheet(self):
        match = self.match
        names = self.names()
        lines = match.sheet
        kinds = {"knock": pgettext("verb", "Knock"), "undercut": _("Undercut"), "gin": _("Gin"),
                 "big_gin": _("Big gin"), "dead": _("Dead hand")}
        out = ['<table class="g-sheet"><caption>' + esc(_("Score sheet")) + '</caption><thead><tr><th scope="col">'
               + esc(_("Hand")) + '</th><th scope="col">' + esc(_("Result")) + '</th><th scope="col">'
               + esc(T.capital(names[0])) + '</th><th scope="col">' + esc(T.capital(names[1])) + '</th></tr></thead><tbody>']
        for line in lines:
            winner = line["winner"]
            result = kinds.get(line["kind"], line["kind"])
            if winner is not None:
                result += " · " + fmt(_("+{n} for {player}"), n=line["points"], player=names[winner])
            out.append('<tr><td>' + str(line["hand"]) + '</td><td>' + esc(result) + '</td><td>'
                       + str(line["scores"][0]) + '</td><td>' + str(line["scores"][1]) + '</td></tr>')
        if not lines:
            out.append('<tr><td colspan="4">' + esc(_("No hand finished yet.")) + '</td></tr>')
        out.append('</tbody></table>')
        return "".join(out)

    def render_totals(self):
        match = self.match
        totals = match.totals
        names = self.names()
        if not totals:
            return ""
        rows = [("points", _("Hand points")), ("box", _("Hands won bonus")), ("game", _("Game bonus")),
                ("shutout", _("Shutout")), ("total", _("Total"))]
        out = ['<table class="g-sheet"><caption>' + esc(_("Final totals")) + '</caption><thead><tr><th scope="col"></th><th scope="col">'
               + esc(T.capital(names[0])) + '</th><th scope="col">' + esc(T.capital(names[1])) + '</th></tr></thead><tbody>']
        for key, label in rows:
            out.append('<tr><th scope="row">' + esc(label) + '</th><td>' + str(totals[0][key]) + '</td><td>'
                       + str(totals[1][key]) + '</td></tr>')
        out.append('</tbody></table>')
        out.append('<p class="g-winner">' + esc(self.match_result_text()) + '</p>')
        return "".join(out)

    # --- dialogs ---------------------------------------------------------------------------------------

    def open_dialog(self, kind, **extra):
        self.dialog = {"kind": kind, "return": self.focus}
        self.dialog.update(extra)
        self.render()

    def close_dialog(self):
        if self.dialog:
            self.focus = self.dialog.get("return", self.focus)
        self.dialog = None
        self.render()

    def render_dialog(self):
        d = self.dialog
        kind = d["kind"]
        body = []
        if kind == "discard":
            card = DECK[d["card"]]
            title = _("Discard")
            body.append('<p>' + esc(fmt(_("Discard the {card}?"), card=T.card_name(card))) + '</p>')
            body.append(self.dialog_buttons([("confirm_discard", _("Discard"), True), ("cancel", _("Cancel"), False)]))
            d.setdefault("focus", "confirm_discard")
        elif kind in ("knock", "gin", "big_gin"):
            title, parts = self.render_knock_dialog(d)
            body.append(parts)
        elif kind == "pile":
            title = _("The discard pile")
            pile = self.match.hand.discard
            body.append('<p>' + esc(_("From the bottom to the top:")) + '</p><ol class="g-pile-list">'
                        + "".join('<li>' + self.card_html(c, "g-small") + '</li>' for c in pile) + '</ol>')
            body.append(self.dialog_buttons([("cancel", _("Close"), True)]))
            d.setdefault("focus", "cancel")
        elif kind == "sheet":
            title = _("Score sheet")
            body.append(self.render_sheet())
            body.append(self.dialog_buttons([("cancel", _("Close"), True)]))
            d.setdefault("focus", "cancel")
        elif kind == "help":
            title = _("Keyboard shortcuts")
            keys = [("← →", _("move in your hand")), ("Alt+← →", _("move the card (reorder)")),
                    (pgettext("keys", "Enter, Space"), _("select a card")),
                    (pgettext("keys", "Esc"), _("cancel a selection or a dialog")),
                    ("D", _("draw from the stock")), ("P", _("take the top of the discard pile")),
                    ("U", _("take the upcard")), ("S", _("pass the upcard")), ("X", _("discard the selected card")),
                    ("K", pgettext("verb", "knock")), ("G", _("gin")), ("O", _("change the sort order")),
                    ("N", _("next hand")), ("H", _("show the whole discard pile")), ("?", _("this list"))]
            body.append('<dl class="g-keys">' + "".join('<dt><kbd>' + esc(k) + '</kbd></dt><dd>' + esc(v) + '</dd>' for k, v in keys) + '</dl>')
            body.append(self.dialog_buttons([("cancel", _("Close"), True)]))
            d.setdefault("focus", "cancel")
        elif kind == "new":
            title = _("New game")
            chosen = d.get("rules", self.prefs["rules"])
            mode = d.get("mode", self.mode)
            body.append('<fieldset><legend>' + esc(_("Rules")) + '</legend>')
            for name in PRESETS:
                rules = Rules.preset(name)
                body.append('<label class="g-radio"><input type="radio" name="g-rules" value="' + name + '" data-act="pick_rules" data-key="rules-' + name + '"'
                            + (' checked' if name == chosen else '') + '> <span><strong>' + esc(T.preset_title(name)) + '</strong>: '
                            + esc(T.rules_summary(rules)) + '</span></label>')
            body.append('</fieldset><fieldset><legend>' + esc(_("Opponent")) + '</legend>')
            for value, label in (("cpu", _("Against the computer")), ("duo", _("Two players on this device"))):
                body.append('<label class="g-radio"><input type="radio" name="g-mode" value="' + value + '" data-act="pick_mode" data-key="mode-' + value + '"'
                            + (' checked' if value == mode else '') + '> <span>' + esc(label) + '</span></label>')
            body.append('</fieldset>')
            body.append(self.dialog_buttons([("start", _("Start"), True), ("cancel", _("Cancel"), False)]))
            d.setdefault("focus", "start")
        elif kind == "replay":
            title = _("Replay")
            body.append('<p>' + esc(_("Start this match again from its first deal? The same cards will be dealt.")) + '</p>')
            body.append(self.dialog_buttons([("confirm_replay", _("Replay"), True), ("cancel", _("Cancel"), False)]))
            d.setdefault("focus", "confirm_replay")
        else:
            title = ""
        return ('<div class="g-overlay"><div class="g-dialog" role="dialog" aria-modal="true" aria-labelledby="g-dialog-title">'
                '<h2 class="g-title" id="g-dialog-title">' + esc(title) + '</h2>' + "".join(body) + '</div></div>')

    def dialog_buttons(self, buttons):
        out = ['<div class="g-actions">']
        for act, label, primary in buttons:
            out.append('<button type="button" class="g-btn' + (' g-primary' if primary else '') + '" data-act="' + act
                       + '" data-key="' + act + '">' + esc(label) + '</button>')
        out.append('</div>')
        return "".join(out)

    def knock_cards(self, d):
        hand = self.match.hand.hands[self.match.current_player]
        if d["kind"] == "big_gin":
            return list(hand)
        return [c for c in hand if c.index != d["card"]]

    def prefill(self, d):
        cards = self.knock_cards(d)
        arrangement = arrange_all(cards) if d["kind"] == "big_gin" else best_arrangement(cards)
        groups = {}
        for c in cards:
            groups[c.index] = 0
        number = 0
        for meld in arrangement.melds:
            number += 1
            for c in meld:
                groups[c.index] = number
        d["groups"] = groups

    def declared(self, d):
        """(melds, problem, arrangement) of the groups in the knock dialog, validated by the engine."""
        cards = self.knock_cards(d)
        melds = []
        for number in range(1, GROUPS + 1):
            group = [c for c in cards if d["groups"].get(c.index) == number]
            if group:
                melds.append(group)
        card = DECK[d["card"]] if d["kind"] != "big_gin" else None
        try:
            arrangement = self.match.check_declaration(Action(d["kind"], card, melds))
        except IllegalAction as problem:
            return melds, T.declaration_problem(problem, melds), None
        return melds, None, arrangement

    def render_knock_dialog(self, d):
        kind = d["kind"]
        if "groups" not in d:
            self.prefill(d)
        titles = {"knock": pgettext("verb", "Knock"), "gin": _("Gin"), "big_gin": _("Big gin")}
        title = titles[kind]
        out = []
        if kind != "big_gin":
            out.append('<p>' + esc(fmt(_("Your discard: the {card}."), card=T.card_name(DECK[d["card"]]))) + '</p>')
        out.append('<p>' + esc(_("Your melds (the best arrangement; change a card's group to declare other melds):")) + '</p>')
        cards = sorted(self.knock_cards(d), key=lambda c: (d["groups"].get(c.index, 0) or 9, c.suit, c.rank))
        out.append('<ul class="g-groups">')
        for c in cards:
            current = d["groups"].get(c.index, 0)
            options = ['<option value="0"' + (' selected' if current == 0 else '') + '>' + esc(_("Deadwood")) + '</option>']
            for number in range(1, GROUPS + 1):
                options.append('<option value="' + str(number) + '"' + (' selected' if current == number else '') + '>'
                               + esc(fmt(_("Meld {n}"), n=number)) + '</option>')
            out.append('<li class="g-group-row">' + self.card_html(c, "g-small") + ' <label class="g-field">'
                       + '<span class="g-visually-hidden">' + esc(fmt(_("Group of the {card}"), card=T.card_name(c))) + '</span>'
                       + '<select data-act="group" data-card="' + str(c.index) + '" data-key="g' + str(c.index) + '">'
                       + "".join(options) + '</select></label></li>')
        out.append('</ul>')
        melds, problem, arrangement = self.declared(d)
        summary = []
        number = 0
        for meld in melds:
            number += 1
            summary.append('<li>' + esc(fmt(_("Meld {n}:"), n=number)) + ' ' + self.render_meld_cards(meld) + '</li>')
        if arrangement is not None:
            summary.append('<li>' + esc(_("Deadwood:")) + ' ' + esc(T.points_text(arrangement.deadwood_points)) + '</li>')
        out.append('<ul class="g-declared">' + "".join(summary) + '</ul>')
        if problem:
            out.append('<p class="g-problem" role="alert">' + esc(problem) + '</p>')
        confirm = {"knock": _("Confirm the knock"), "gin": _("Confirm gin"), "big_gin": _("Confirm big gin")}[kind]
        out.append('<div class="g-actions"><button type="button" class="g-btn g-primary" data-act="confirm_knock" data-key="confirm_knock"'
                   + (' disabled' if problem else '') + '>' + esc(confirm) + '</button>'
                   + '<button type="button" class="g-btn" data-act="best" data-key="best">' + esc(_("Best arrangement")) + '</button>'
                   + '<button type="button" class="g-btn" data-act="cancel" data-key="cancel">' + esc(_("Cancel")) + '</button></div>')
        d.setdefault("focus", "confirm_knock" if not problem else "cancel")
        return title, "".join(out)

    # --- input ------------------------------------------------------------------------------------------

    def on_change(self, ev):
        target = ev.target
        act = target.attrs["data-act"] if "data-act" in target.attrs else None
        if act == "level":
            self.prefs["level"] = target.value
            self.save_prefs()
            self.player = None
            self.focus = "level"
            self.render()
            self.announce(fmt(_("Computer level: {level}."), level=self.level_name(target.value)))
        elif act == "four":
            self.prefs["four"] = bool(target.checked)
            self.save_prefs()
            self.focus = "four"
            self.render()
        elif act == "mode":
            self.switch_mode(target.value)
        elif act == "group" and self.dialog:
            self.dialog["groups"][int(target.attrs["data-card"])] = int(target.value)
            self.dialog["focus"] = "g" + target.attrs["data-card"]
            self.render()
        elif act == "pick_rules" and self.dialog:
            self.dialog["rules"] = target.value
            self.dialog["focus"] = "rules-" + target.value
        elif act == "pick_mode" and self.dialog:
            self.dialog["mode"] = target.value
            self.dialog["focus"] = "mode-" + target.value

    def switch_mode(self, mode):
        if mode not in SAVE_KEYS or mode == self.mode:
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

    def on_click(self, ev):
        target = ev.target.closest("[data-act]")
        if target is None or not self.root.contains(target):
            return
        if target.tagName in ("SELECT", "INPUT", "OPTION"):
            return
        if "disabled" in target.attrs or target.getAttribute("aria-disabled") == "true":
            return
        act = target.attrs["data-act"]
        if act == "card":
            self.toggle(int(target.attrs["data-card"]))
        else:
            self.command(act)

    def toggle(self, index):
        if self.handover or self.dialog:
            return
        self.selected = None if self.selected == index else index
        self.focus = "c" + str(index)
        self.render()
        if self.selected is not None:
            seat = self.seat()
            hand = self.match.hand.hands[seat]
            melded, live, after = self.analysis(hand)
            message = fmt(_("Selected: {card}."), card=T.card_name(DECK[index]))
            if index in after:
                message += " " + fmt(_("Deadwood after discarding it: {n}."), n=after[index])
            self.announce(message)

    def command(self, act):
        """A button or a shortcut; every move still needs the engine's legal action."""
        sel = DECK[self.selected] if self.selected is not None else None
        if act == "draw_stock":
            action = self.legal(DRAW_STOCK)
            if action:
                self.act(action)
        elif act == "pile":
            action = self.legal(TAKE_UPCARD) or self.legal(DRAW_DISCARD)
            if action:
                self.act(action)
        elif act == "take_upcard":
            action = self.legal(TAKE_UPCARD)
            if action:
                self.act(action)
        elif act == "draw_discard":
            action = self.legal(DRAW_DISCARD)
            if action:
                self.act(action)
        elif act == "pass":
            action = self.legal(PASS)
            if action:
                self.act(action)
        elif act == "discard":
            if sel is None:
                self.announce(_("Select a card first."))
            elif self.legal(DISCARD, sel):
                self.open_dialog("discard", card=sel.index)
            else:
                self.announce(_("You may not discard the card you just took from the discard pile."))
        elif act == "confirm_discard":
            card = DECK[self.dialog["card"]]
            action = self.legal(DISCARD, card)
            self.dialog = None
            if action:
                self.act(action)
        elif act in ("knock", "gin"):
            kind = KNOCK if act == "knock" else GIN
            if sel is None:
                self.announce(_("Select the card to discard first."))
            elif self.legal(kind, sel):
                self.open_dialog(act, card=sel.index)
            elif act == "knock" and self.legal(GIN, sel):
                self.open_dialog("gin", card=sel.index)
            else:
                self.announce(_("You cannot do that with this discard."))
        elif act == "big_gin":
            if self.legal(BIG_GIN):
                self.open_dialog("big_gin", card=None)
        elif act == "best" and self.dialog:
            self.prefill(self.dialog)
            self.dialog["focus"] = "best"
            self.render()
        elif act == "confirm_knock" and self.dialog:
            d = self.dialog
            melds, problem, arrangement = self.declared(d)
            if problem:
                return
            kinds = {"knock": KNOCK, "gin": GIN, "big_gin": BIG_GIN}
            card = DECK[d["card"]] if d.get("card") is not None else None
            self.dialog = None
            self.act(Action(kinds[d["kind"]], card, melds))
        elif act == "next_hand":
            if self.match.phase == "hand_over":
                self.focus = None
                self.act(Action(NEXT_HAND))
        elif act == "sort":
            self.prefs["sort"] = SORTS[(SORTS.index(self.prefs["sort"]) + 1) % len(SORTS)] if self.prefs["sort"] in SORTS else "rank"
            self.save_prefs()
            self.focus = self.focus or "sort"
            self.render()
            names = {"rank": _("Sorted by rank."), "suit": _("Sorted by suit."), "melds": _("Sorted by melds.")}
            self.announce(names[self.prefs["sort"]])
        elif act == "show_pile":
            self.open_dialog("pile")
        elif act == "sheet":
            self.open_dialog("sheet")
        elif act == "help":
            self.open_dialog("help")
        elif act == "new":
            self.open_dialog("new")
        elif act == "start" and self.dialog:
            rules = self.dialog.get("rules", self.prefs["rules"])
            mode = self.dialog.get("mode", self.mode)
            self.prefs["rules"] = rules
            self.dialog = None
            if mode != self.mode:
                self.mode = mode
                self.prefs["mode"] = mode
            self.save_prefs()
            self.focus = None
            self.new_match(None, Rules.preset(rules))
        elif act == "replay":
            self.open_dialog("replay")
        elif act == "confirm_replay":
            self.dialog = None
            self.focus = None
            self.new_match(self.match.seed, self.match.rules)
        elif act == "reveal":
            self.handover = False
            self.focus = None
            self.render()
            self.announce(self.turn_text())
        elif act == "dismiss":
            self.notice = None
            self.focus = None
            self.render()
        elif act == "cancel":
            self.close_dialog()

    def on_key(self, ev):
        if ev.ctrlKey or ev.metaKey:
            return
        target = ev.target
        tag = target.tagName if target else ""
        inside = target is not None and self.root.contains(target)
        if not inside and tag != "BODY":
            return
        key = ev.key
        if key == "Escape":
            if self.dialog:
                ev.preventDefault()
                self.close_dialog()
            elif self.selected is not None:
                ev.preventDefault()
                index = self.selected
                self.selected = None
                self.focus = "c" + str(index)
                self.render()
                self.announce(_("Selection cancelled."))
            return
        if self.dialog or tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        if key in ("ArrowLeft", "ArrowRight") and target is not None and "data-card" in target.attrs:
            ev.preventDefault()
            self.move_focus(int(target.attrs["data-card"]), -1 if key == "ArrowLeft" else 1, ev.altKey or ev.shiftKey)
            return
        if ev.altKey:
            return
        shortcuts = {"d": "draw_stock", "p": "draw_discard", "u": "take_upcard", "s": "pass", "x": "discard",
                     "k": "knock", "g": "gin", "o": "sort", "n": "next_hand", "h": "show_pile", "?": "help"}
        lower = key.lower() if len(key) == 1 else key
        if lower in shortcuts:
            if self.handover and lower != "?":
                return
            ev.preventDefault()
            self.command(shortcuts[lower])

    def move_focus(self, index, step, reorder):
        seat = self.seat()
        order = self.order[seat]
        if index not in order:
            return
        pos = order.index(index)
        new = pos + step
        if new < 0 or new >= len(order):
            return
        if reorder:
            order[pos], order[new] = order[new], order[pos]
            self.prefs["sort"] = "custom"
            self.save()
            self.focus = "c" + str(index)
            self.render()
            self.announce(fmt(_("Moved the {card} to position {n}."), card=T.card_name(DECK[index]), n=new + 1))
        else:
            self.focus = "c" + str(order[new])
            found = self.main.select('[data-key="c' + str(order[new]) + '"]')
            for el in self.main.select(".g-hand .g-card"):
                el.attrs["tabindex"] = "-1"
            if found:
                found[0].attrs["tabindex"] = "0"
                found[0].focus()
