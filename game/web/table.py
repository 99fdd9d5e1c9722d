"""The table during a hand: the bar (buttons, options, rules, score), the opponent's face-down
cards, the stock and the discard pile, the prompt, the action buttons and the player's hand.

Drawn from the View of the seat on screen and the UI state only, changing neither. The
opponent's cards are blank backs with no identity and the stock is a count: no hidden card is
ever written into the DOM (the View holds none).
"""

from game.actions import BIG_GIN, DISCARD, DRAW_DISCARD, DRAW_STOCK, GIN, KNOCK, PASS, TAKE_UPCARD
from game.cards import DECK
from game.web import text as T
from game.web.i18n import _, fmt, pgettext
from game.web.markup import card_html, esc, log_items
from game.web.state import LEVELS, legal


def render_bar(view, ui):
    """The bar above the table: game buttons, opponent, level, four colours, rules, score."""
    mode, prefs, names = ui.mode, ui.prefs, ui.names()
    level_options = "".join(
        '<option value="' + lv + '"' + (' selected' if lv == prefs["level"] else '') + '>'
        + esc(T.level_name(lv)) + '</option>' for lv in LEVELS)
    mode_options = "".join(
        '<option value="' + value + '"' + (' selected' if mode == value else '') + '>' + esc(label) + '</option>'
        for value, label in T.opponents(ui.online_available or mode == "online"))
    out = ['<div class="g-bar">']
    out.append('<div class="g-buttons">')
    if mode == "online":
        if view is not None:
            out.append('<button type="button" class="g-btn" data-act="offer_new" data-key="new">'
                       + esc(_("Offer a new game")) + '</button>')
        out.append('<button type="button" class="g-btn" data-act="leave" data-key="leave">'
                   + esc(_("Leave the table")) + '</button>')
    else:
        out.append('<button type="button" class="g-btn" data-act="new" data-key="new">' + esc(_("New game")) + '</button>')
        out.append('<button type="button" class="g-btn" data-act="replay" data-key="replay">' + esc(_("Replay")) + '</button>')
    out.append('<button type="button" class="g-btn" data-act="sheet" data-key="sheet">' + esc(_("Score sheet")) + '</button>')
    out.append('<button type="button" class="g-btn" data-act="help" data-key="help" aria-keyshortcuts="?">'
               + esc(_("Shortcuts")) + '</button>')
    out.append('</div><div class="g-options">')
    out.append('<label class="g-field">' + esc(_("Opponent")) + ' <select data-act="mode" data-key="mode">'
               + mode_options + '</select></label>')
    if mode == "cpu":
        out.append('<label class="g-field">' + esc(_("Computer level")) + ' <select data-act="level" data-key="level">'
                   + level_options + '</select></label>')
    out.append('<label class="g-field g-check"><input type="checkbox" data-act="four" data-key="four"'
               + (' checked' if prefs["four"] else '') + '> ' + esc(_("Four-color deck")) + '</label>')
    out.append('</div>')
    if view is None:  # an online table not opened or joined yet
        out.append('</div>')
        return "".join(out)
    scores = view.scores
    rules = view.rules
    out.append('<p class="g-rules">' + esc(fmt(_("{variant}: {summary}"), variant=T.preset_title(rules.name),
                                                summary=T.rules_summary(rules))) + '</p>')
    out.append('<p class="g-score">' + esc(fmt(_("Score: {a} {x}, {b} {y} (game to {target})"),
                                                a=T.capital(names[0]), x=scores[0], b=names[1], y=scores[1],
                                                target=rules.target)) + '</p>')
    out.append('</div>')
    return "".join(out)


def render_table(view, ui):
    """The opponent, the piles, the prompt, the actions, the hand of the seat on screen, the log."""
    names = ui.names()
    other = 1 - view.player
    out = []
    # The opponent: face-down cards (no identity anywhere), the count, the cards they took.
    out.append('<section class="g-opponent" aria-label="' + esc(T.capital(names[other])) + '">')
    out.append('<h2 class="g-title">' + esc(T.capital(names[other])) + ' · '
               + esc(T.cards_count(view.opponent_count)) + '</h2>')
    out.append('<div class="g-backs" aria-hidden="true">' + '<span class="g-back"></span>' * view.opponent_count + '</div>')
    if view.opponent_known:
        out.append('<p class="g-known">' + esc(_("Taken from the discard pile:")) + ' '
                   + "".join(card_html(c, "g-small") for c in view.opponent_known) + '</p>')
    out.append('</section>')
    # The stock and the discard pile.
    out.append('<section class="g-piles" aria-label="' + esc(_("Stock and discard pile")) + '">')
    draw = legal(ui, view, DRAW_STOCK)
    out.append('<button type="button" class="g-stock" data-act="draw_stock" data-key="stock" aria-keyshortcuts="D"'
               + ('' if draw else ' aria-disabled="true"') + '><span class="g-back" aria-hidden="true"></span>'
               '<span class="g-pile-label">' + esc(fmt(_("Stock: {count}"), count=T.cards_count(view.stock_count)))
               + '</span></button>')
    if view.discard_pile:
        top = view.discard_pile[-1]
        take = legal(ui, view, TAKE_UPCARD) or legal(ui, view, DRAW_DISCARD)
        label = fmt(_("Discard pile: {card}"), card=T.card_name(top))
        out.append('<button type="button" class="g-discard" data-act="pile" data-key="pile" aria-keyshortcuts="P U"'
                   + ('' if take else ' aria-disabled="true"') + ' aria-label="' + esc(label) + '">'
                   + card_html(top) + '<span class="g-pile-label" aria-hidden="true">'
                   + esc(_("Discard pile")) + '</span></button>')
    else:
        out.append('<div class="g-discard g-empty">' + esc(_("The discard pile is empty")) + '</div>')
    out.append('<button type="button" class="g-btn" data-act="show_pile" data-key="show_pile" aria-keyshortcuts="H">'
               + esc(_("Show the whole pile")) + '</button>')
    out.append('</section>')
    # Whose turn, what to do.
    out.append('<p class="g-prompt">' + esc(T.turn_text(view, ui.mode, ui.handover)) + '</p>')
    out.append(render_actions(view, ui))
    out.append(render_hand(view, ui))
    out.append('<ul class="g-log" aria-hidden="true">' + log_items(ui.log) + '</ul>')
    return "".join(out)


def render_actions(view, ui):
    """The action buttons (enabled only for the View's legal actions) and the sort button."""
    out = ['<div class="g-actions">']
    sel = DECK[ui.selected] if ui.selected is not None else None
    if view.phase == "upcard":
        out.append(action_button(_("Take the upcard"), "take_upcard", legal(ui, view, TAKE_UPCARD), "U"))
        out.append(action_button(_("Pass"), "pass", legal(ui, view, PASS), "S"))
    else:
        out.append(action_button(_("Discard"), "discard", sel is not None and legal(ui, view, DISCARD, sel), "X"))
        out.append(action_button(pgettext("verb", "Knock"), "knock", sel is not None and legal(ui, view, KNOCK, sel), "K"))
        out.append(action_button(_("Gin"), "gin", sel is not None and legal(ui, view, GIN, sel), "G"))
        if view.rules.big_gin_bonus is not None:
            out.append(action_button(_("Big gin"), "big_gin", legal(ui, view, BIG_GIN), None))
    sort_names = {"rank": _("Sort: by rank"), "suit": _("Sort: by suit"), "melds": _("Sort: by melds")}
    out.append('<button type="button" class="g-btn" data-act="sort" data-key="sort" aria-keyshortcuts="O">'
               + esc(sort_names.get(ui.prefs["sort"], _("Sort: by rank"))) + '</button>')
    out.append('</div>')
    return "".join(out)


def action_button(label, act, enabled, shortcut):
    return ('<button type="button" class="g-btn g-act" data-act="' + act + '" data-key="' + act + '"'
            + (' aria-keyshortcuts="' + shortcut + '"' if shortcut else '')
            + ('' if enabled else ' disabled') + '>' + esc(label)
            + (' <kbd aria-hidden="true">' + shortcut + '</kbd>' if shortcut else '') + '</button>')


def render_hand(view, ui):
    """The seat's hand (cards as toggle buttons, one in the tab order) and its deadwood line,
    in the order of `ui.order` (kept in step by `Ui.sync_order`)."""
    order = ui.order[view.player]
    hand = [DECK[i] for i in order]
    melded = set()
    for meld in view.arrangement.melds:
        for card in meld:
            melded.add(card.index)
    after = view.discard_deadwood
    selected_index = ui.selected
    focus = ui.focus
    if focus is None or not focus.startswith("c") or int(focus[1:]) not in order:
        focus_index = selected_index if selected_index is not None else (hand[0].index if hand else None)
    else:
        focus_index = int(focus[1:])
    title = _("Your hand") if ui.mode != "duo" else fmt(_("Hand of {player}"), player=ui.names()[view.player])
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
        if card is view.drawn:
            classes.append("g-new")
            flags.append(_("new"))
        selected = selected_index == card.index
        if selected:
            classes.append("g-selected")
        label = T.card_name(card) + (", " + ", ".join(flags) if flags else "")
        attrs = ' aria-pressed="' + ("true" if selected else "false") + '" tabindex="' + ("0" if card.index == focus_index else "-1") + '" data-card="' + str(card.index) + '"'
        out.append('<li>' + card_html(card, " ".join(classes), label, "c" + str(card.index), "card", attrs) + '</li>')
    out.append('</ul>')
    if selected_index is not None and order:
        # Reordering by pointer or touch: the selected card moves one place per press.
        pos = order.index(selected_index) if selected_index in order else -1
        out.append('<div class="g-reorder">'
                   + action_button(_("Move left"), "move_left", pos > 0, None)
                   + action_button(_("Move right"), "move_right", 0 <= pos < len(order) - 1, None)
                   + '</div>')
    if len(view.hand) == 11 and view.best_discard_deadwood is not None:
        line = fmt(_("Deadwood after your best discard: {n}"), n=view.best_discard_deadwood)
    else:
        line = fmt(_("Deadwood: {n}"), n=view.arrangement.deadwood_points)
    if selected_index is not None and selected_index in after:
        line += " · " + fmt(_("after discarding the {card}: {n}"), card=T.card_name(DECK[selected_index]), n=after[selected_index])
    out.append('<p class="g-deadwood">' + esc(line) + '</p>')
    out.append('</section>')
    return "".join(out)
