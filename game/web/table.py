"""The table during a hand: the bar (buttons, options, rules, score), the opponent's face-down
cards, the stock and the discard pile, the prompt, the action buttons and the player's hand.

The opponent's cards are blank backs with no identity and the stock is a count: no hidden card
is ever written into the DOM. The functions that draw the whole table read the `App` (its match,
mode, preferences, selection, focus and card order) but change nothing except the order of the
hand on screen (`App.order`).
"""

from game.actions import BIG_GIN, DISCARD, DRAW_DISCARD, DRAW_STOCK, GIN, KNOCK, PASS, TAKE_UPCARD
from game.cards import DECK
from game.melds import arrange_all, deadwood_after_each_discard
from game.web import text as T
from game.web.i18n import _, fmt, pgettext
from game.web.markup import card_html, esc, log_items
from game.web.storage import LEVELS

_analysis = [None, None]  # the key of the last hand analysed, and its analysis


def level_name(level):
    if level == "easy":
        return pgettext("level", "Easy")
    if level == "medium":
        return pgettext("level", "Medium")
    return pgettext("level", "Hard")


def render_bar(match, mode, prefs, names):
    """The bar above the table: game buttons, opponent, level, four colours, rules, score."""
    scores = match.scores
    level_options = "".join(
        '<option value="' + lv + '"' + (' selected' if lv == prefs["level"] else '') + '>'
        + esc(level_name(lv)) + '</option>' for lv in LEVELS)
    mode_options = (
        '<option value="cpu"' + (' selected' if mode == "cpu" else '') + '>'
        + esc(_("Against the computer")) + '</option>'
        '<option value="duo"' + (' selected' if mode == "duo" else '') + '>'
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
    if mode == "cpu":
        out.append('<label class="g-field">' + esc(_("Computer level")) + ' <select data-act="level" data-key="level">'
                   + level_options + '</select></label>')
    out.append('<label class="g-field g-check"><input type="checkbox" data-act="four" data-key="four"'
               + (' checked' if prefs["four"] else '') + '> ' + esc(_("Four-color deck")) + '</label>')
    out.append('</div>')
    rules = match.rules
    out.append('<p class="g-rules">' + esc(fmt(_("{variant}: {summary}"), variant=T.preset_title(rules.name),
                                                summary=T.rules_summary(rules))) + '</p>')
    out.append('<p class="g-score">' + esc(fmt(_("Score: {a} {x}, {b} {y} (game to {target})"),
                                                a=T.capital(names[0]), x=scores[0], b=names[1], y=scores[1],
                                                target=rules.target)) + '</p>')
    out.append('</div>')
    return "".join(out)


def render_table(app):
    """The opponent, the piles, the prompt, the actions, the hand of the seat on screen, the log."""
    match = app.match
    seat = app.seat()
    view = match.view(seat)
    names = app.names()
    other = 1 - seat
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
    draw = app.legal(DRAW_STOCK)
    out.append('<button type="button" class="g-stock" data-act="draw_stock" data-key="stock" aria-keyshortcuts="D"'
               + ('' if draw else ' aria-disabled="true"') + '><span class="g-back" aria-hidden="true"></span>'
               '<span class="g-pile-label">' + esc(fmt(_("Stock: {count}"), count=T.cards_count(view.stock_count)))
               + '</span></button>')
    if view.discard_pile:
        top = view.discard_pile[-1]
        take = app.legal(TAKE_UPCARD) or app.legal(DRAW_DISCARD)
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
    out.append('<p class="g-prompt">' + esc(app.turn_text()) + '</p>')
    out.append(render_actions(app))
    out.append(render_hand(app, seat, view))
    out.append('<ul class="g-log" aria-hidden="true">' + log_items(app.log) + '</ul>')
    return "".join(out)


def render_actions(app):
    """The action buttons (enabled only for the engine's legal actions) and the sort button."""
    out = ['<div class="g-actions">']
    sel = DECK[app.selected] if app.selected is not None else None
    if app.match.phase == "upcard":
        out.append(action_button(_("Take the upcard"), "take_upcard", app.legal(TAKE_UPCARD), "U"))
        out.append(action_button(_("Pass"), "pass", app.legal(PASS), "S"))
    else:
        can_discard = sel is not None and app.legal(DISCARD, sel)
        out.append(action_button(_("Discard"), "discard", can_discard, "X"))
        out.append(action_button(pgettext("verb", "Knock"), "knock", sel is not None and app.legal(KNOCK, sel), "K"))
        out.append(action_button(_("Gin"), "gin", sel is not None and app.legal(GIN, sel), "G"))
        if app.match.rules.big_gin_bonus is not None:
            out.append(action_button(_("Big gin"), "big_gin", app.legal(BIG_GIN), None))
    sort_names = {"rank": _("Sort: by rank"), "suit": _("Sort: by suit"), "melds": _("Sort: by melds")}
    out.append('<button type="button" class="g-btn" data-act="sort" data-key="sort" aria-keyshortcuts="O">'
               + esc(sort_names.get(app.prefs["sort"], _("Sort: by rank"))) + '</button>')
    out.append('</div>')
    return "".join(out)


def action_button(label, act, enabled, shortcut):
    return ('<button type="button" class="g-btn g-act" data-act="' + act + '" data-key="' + act + '"'
            + (' aria-keyshortcuts="' + shortcut + '"' if shortcut else '')
            + ('' if enabled else ' disabled') + '>' + esc(label)
            + (' <kbd aria-hidden="true">' + shortcut + '</kbd>' if shortcut else '') + '</button>')


def shown_order(sort, order, hand):
    """The indexes of `hand`'s cards in the player's order: sorted by `sort`, or (custom) as
    they arranged them in `order`, new cards at the end."""
    if sort == "melds":
        arrangement = arrange_all(hand)
        ordered = []
        for meld in arrangement.melds:
            ordered.extend(meld)
        rest = sorted(arrangement.deadwood, key=lambda c: (c.rank, c.suit))
        ordered.extend(rest)
        return [c.index for c in ordered]
    if sort in ("rank", "suit"):
        if sort == "rank":
            ordered = sorted(hand, key=lambda c: (c.rank, c.suit))
        else:
            ordered = sorted(hand, key=lambda c: (c.suit, c.rank))
        return [c.index for c in ordered]
    indexes = [c.index for c in hand]
    kept = [i for i in order if i in indexes]
    for i in indexes:
        if i not in kept:
            kept.append(i)
    return kept


def analysis(hand):
    """Melded cards (best arrangement), live deadwood, deadwood after each discard.

    The last result is kept: every render and selection asks again about the same hand.
    """
    key = ",".join(str(c.index) for c in sorted(hand))
    if key == _analysis[0]:
        return _analysis[1]
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
    _analysis[0] = key
    _analysis[1] = (melded, live, by_card)
    return _analysis[1]


def render_hand(app, seat, view):
    """The seat's hand (cards as toggle buttons, one in the tab order) and its deadwood line."""
    app.order[seat] = shown_order(app.prefs["sort"], app.order[seat], view.hand)
    hand = [DECK[i] for i in app.order[seat]]
    melded, live, after = analysis(view.hand)
    names = app.names()
    selected_index = app.selected
    focus = app.focus
    if focus is None or not focus.startswith("c") or int(focus[1:]) not in [c.index for c in hand]:
        focus_index = selected_index if selected_index is not None else (hand[0].index if hand else None)
    else:
        focus_index = int(focus[1:])
    title = _("Your hand") if app.mode == "cpu" else fmt(_("Hand of {player}"), player=names[seat])
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
        if app.new_card is card:
            classes.append("g-new")
            flags.append(_("new"))
        selected = selected_index == card.index
        if selected:
            classes.append("g-selected")
        label = T.card_name(card) + (", " + ", ".join(flags) if flags else "")
        attrs = ' aria-pressed="' + ("true" if selected else "false") + '" tabindex="' + ("0" if card.index == focus_index else "-1") + '" data-card="' + str(card.index) + '"'
        out.append('<li>' + card_html(card, " ".join(classes), label, "c" + str(card.index), "card", attrs) + '</li>')
    out.append('</ul>')
    if selected_index is not None and app.order[seat]:
        # Reordering by pointer or touch: the selected card moves one place per press.
        order = app.order[seat]
        pos = order.index(selected_index) if selected_index in order else -1
        out.append('<div class="g-reorder">'
                   + action_button(_("Move left"), "move_left", pos > 0, None)
                   + action_button(_("Move right"), "move_right", 0 <= pos < len(order) - 1, None)
                   + '</div>')
    if len(view.hand) == 11:
        line = fmt(_("Deadwood after your best discard: {n}"), n=live)
    else:
        line = fmt(_("Deadwood: {n}"), n=live)
    if selected_index is not None and selected_index in after:
        line += " · " + fmt(_("after discarding the {card}: {n}"), card=T.card_name(DECK[selected_index]), n=after[selected_index])
    out.append('<p class="g-deadwood">' + esc(line) + '</p>')
    out.append('</section>')
    return "".join(out)
