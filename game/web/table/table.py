"""The table during a hand: the score bar (score, variant, the score sheet and the menu), the
opponent's face-down cards, the stock and the discard pile, the prompt, the player's hand and
the moves as large buttons beside it.

Drawn from the View of the seat on screen and the UI state only, changing neither. The
opponent's cards are blank backs with no identity and the stock is a count: no hidden card is
ever written into the DOM (the View holds none).
"""

from game.actions import BIG_GIN, DISCARD, DRAW_DISCARD, DRAW_STOCK, GIN, KNOCK, PASS, TAKE_UPCARD
from game.cards import DECK
from game.web.play.state import card_of_key
from game.web.table import hints
from game.web.table.markup import button, card_html, esc, kbd, log_items
from game.web.table.pieces import drawn
from game.web.words import i18n
from game.web.words import text as T
from game.web.words.i18n import N_, _, fmt, pgettext
from game.web.words.keys import key_for

BACK = '<span class="g-back"></span>'


def menu_button():
    return button("menu", classes="g-btn g-menu", attrs=(("aria-haspopup", "dialog"),),
                  inner='<span class="g-burger" aria-hidden="true"></span><span class="g-menu-text">'
                  + esc(_("Menu")) + '</span>')


def render_bar(view, ui):
    """The compact bar above the table: the score, the variant and its knock limit, the score
    sheet and the menu (every setting is in the menu). Over no table (the online lobby): the
    menu only. The same between the hands' ends: kept in the catalogue's memo."""
    if view is None:
        return bar_markup(view, ui)
    rules = view.rules
    key = ("bar" + ui.mode + str(ui.my_seat()) + str(view.scores[0]) + "," + str(view.scores[1]) + rules.name
           + str(rules.knock_limit) + str(rules.oklahoma) + str(view.knock_limit) + str(rules.target) + str(ui.daily))
    return i18n.current().kept(key, bar_markup, view, ui)


def bar_markup(view, ui):
    out = ['<div class="g-bar">']
    if view is None:
        out.append('<p class="g-score">' + esc(T.mode_name("online")) + '</p><div class="g-buttons">'
                   + menu_button() + '</div></div>')
        return "".join(out)
    names, scores, rules = ui.names(), view.scores, view.rules
    # "You" first on every screen (online, the second seat's too); two players on one device:
    # Player 1, then Player 2.
    first = 1 if names[1].kind == "you" else 0
    # Translators: the score bar; {a} and {b} are the players as headings ("You", "The computer",
    # "Player 1"), {x} and {y} their scores, {target} the score that ends the match (100). Keep a
    # separator between a name and its score: "Player 1: 31", never "Player 1 31".
    out.append('<p class="g-score">' + esc(fmt(_("Score – {a}: {x} · {b}: {y} (match to {target})"),
                                                a=T.label(names[first]), x=scores[first], b=T.label(names[1 - first]),
                                                y=scores[1 - first], target=rules.target)) + '</p>')
    out.append('<p class="g-rules">' + esc(T.rules_line(view)) + '</p>')
    if ui.daily is not None:
        out.append(drawn("bar_tag", ui))
    out.append('<div class="g-buttons">')
    out.append(button("sheet", _("Score sheet")))
    out.append(menu_button())
    out.append('</div></div>')
    return "".join(out)


def render_table(scene):
    """The opponent, the piles, the prompt, the hand of the seat on screen with its moves, the log."""
    view, ui, names = scene.view, scene.ui, scene.names
    other = 1 - view.player
    out = []
    # The opponent: face-down cards (no identity anywhere), the count, the cards they took.
    out.append('<section class="g-opponent" aria-label="' + esc(T.label(names[other])) + '">')
    out.append('<h2 class="g-title">' + esc(T.label(names[other])) + ' · '
               + esc(T.cards_count(view.opponent_count)) + '</h2>')
    # The cards they took from the pile are face up in their hand, after its backs: the hand
    # keeps its width and no row comes and goes (a steady table, issue 25).
    out.append(render_fan(view.opponent_count, view.opponent_known, ui.motion == "their_draw"))
    out.append('</section>')
    # The stock and the discard pile.
    out.append('<section class="g-piles" aria-label="' + esc(_("Stock and discard pile")) + '">')
    draw = scene.legal(DRAW_STOCK)
    hint = suggested_move(ui, view)
    hinted = hints.hint_move(view, ui)
    out.append(button("draw_stock", key="stock",
                      classes="g-stock" + suggest_class(hint, DRAW_STOCK) + hints.hinted_class(hinted, (DRAW_STOCK,)),
                      attrs=(("aria-keyshortcuts", key_for("draw_stock") or None),
                             ("aria-disabled", None if draw else "true")),
                      inner='<span class="g-back g-pile-card" aria-hidden="true"></span><span class="g-pile-label">'
                      # Translators: the stock's label; {count} is "31 cards".
                      + esc(fmt(_("Stock: {count}"), count=T.cards_count(view.stock_count))) + '</span>'))
    if view.discard_pile:
        top = view.discard_pile[-1]
        # The pile acts when it can be drawn, and when the selected card can be discarded on it.
        take = scene.legal(TAKE_UPCARD) or scene.legal(DRAW_DISCARD) \
            or (scene.selected is not None and scene.legal(DISCARD, scene.selected))
        # Translators: the discard pile's accessible name; {card} is its top card without article
        # ("7 of hearts", or "Q, queen of hearts": the letter printed on the card, then its name).
        label = fmt(_("Discard pile: {card}"), card=T.card_button_name(top))
        keys = " ".join(k for k in (key_for("draw_discard"), key_for("take_upcard")) if k)
        moved = " g-arrive" if ui.motion == "discard" else ""
        pile_hint = ((suggest_class(hint, DRAW_DISCARD) or suggest_class(hint, TAKE_UPCARD))
                     + hints.hinted_class(hinted, (DRAW_DISCARD, TAKE_UPCARD)))
        out.append(button("pile", classes="g-discard" + pile_hint,
                          attrs=(("aria-keyshortcuts", keys), ("aria-disabled", None if take else "true"),
                                 ("aria-label", label)),
                          # The caption first, as in the name (the stylesheet draws it under the
                          # card), a space between its words and the card's; the card keyed by
                          # itself: a new top card is a new element, whose motion plays.
                          inner='<span class="g-pile-label" aria-hidden="true">' + esc(_("Discard pile")) + '</span> '
                          + card_html(top, "g-pile-card" + moved, key="top-" + top.code)))
    else:
        out.append('<div class="g-discard g-empty">' + esc(_("The discard pile is empty")) + '</div>')
    out.append(button("show_pile", _("Show the whole pile"), "g-btn g-small-btn",
                      attrs=(("aria-keyshortcuts", key_for("show_pile") or None),)))
    out.append('</section>')
    # Whose turn, what to do (and what is possible: knock, gin, big gin, with which discard).
    prompt = T.ONLINE_PROBLEMS["no_opponent"] if scene.waiting else None
    # The prompt has room of its own; a hint is laid over it (never moving the hand).
    out.append('<div class="g-say"><p class="g-prompt">' + esc(_(prompt) if prompt else T.turn_text(view, ui.mode, ui.handover))
               + '</p>' + hints.render_hint(view, ui) + '</div>')
    out.append('<div class="g-seat">')
    out.append(render_hand(scene))
    out.append(render_actions(scene))
    out.append('</div>')
    out.append('<ul class="g-log" aria-hidden="true">' + log_items(ui.log) + '</ul>')
    return "".join(out)


def render_fan(count, known, arrive=False):
    """The opponent's hand: `count` cards, those `known` (taken from the pile) face up after the
    backs, in a fan of fixed width. Each card is put at its place by the stylesheet (`g-atI`),
    so a card drawn or discarded moves no other card; `arrive`: the last back was just drawn."""
    hidden = max(0, count - len(known))
    out = ['<div class="g-fan"><div class="g-backs" aria-hidden="true">' + fan_backs(hidden, arrive) + '</div>']
    if known:
        out.append('<p class="g-known"><span class="g-visually-hidden">' + esc(_("Taken from the discard pile:"))
                   + ' </span>' + "".join(card_html(c, "g-small g-at" + str(hidden + i)) for i, c in enumerate(known))
                   + '</p>')
    out.append('</div>')
    return "".join(out)


# The backs of the opponent's hand by (how many, whether the last just arrived): the same few
# at every move, in every language (a dozen cards at most, two ways each).
_backs = {}


def fan_backs(hidden, arrive):
    key = (hidden, bool(arrive))
    found = _backs.get(key)
    if found is None:
        found = _backs[key] = "".join('<span class="g-back g-at' + str(i) + (' g-arrive' if arrive and i == hidden - 1 else '')
                                      + '"></span>' for i in range(hidden))
    return found


def suggested_move(ui, view):
    """A training hand's suggested move now, (action kind, card index or None), else None."""
    if ui.lesson is None:
        return None
    from game.web.play.lesson import suggested

    return suggested(ui.lesson["lesson"], view)


def suggest_class(hint, kind, card=None):
    """" g-suggest" on the control (or card) of the suggested move, else ""."""
    if hint is None or hint[0] != kind or (card is not None and hint[1] != card):
        return ""
    return " g-suggest"


def can_knock(rules):
    """Whether these rules have a Knock button at all (Straight gin: gin only)."""
    return rules.oklahoma or rules.knock_limit > 0


def render_actions(scene):
    """The moves as large buttons: enabled when the View lists such a move (Knock and Gin
    whatever card is selected: they pick the best discard for it), and the sort button."""
    view, ui = scene.view, scene.ui
    # Two groups, each with room of its own (a steady table): the moves of the phase, then the
    # tools (the hint, the hints' switch, the sort and the reorder buttons).
    out = ['<div class="g-actions"><div class="g-moves">']
    sel = scene.selected
    hint = suggested_move(ui, view)
    if view.phase == "upcard":
        out.append(action_button(_("Take the upcard"), "take_upcard", scene.legal(TAKE_UPCARD),
                                 suggest_class(hint, TAKE_UPCARD).strip()))
        out.append(action_button(_("Pass"), "pass", scene.legal(PASS), hints.hinted_class(hints.hint_move(view, ui), (PASS,)).strip()))
    else:
        if scene.undo:  # the discard just made can be taken back: Undo in Discard's place
            out.append(action_button(_("Undo"), "undo", True))
        else:
            out.append(action_button(_("Discard"), "discard", sel is not None and scene.legal(DISCARD, sel),
                                     suggest_class(hint, DISCARD).strip()))
        if can_knock(view.rules):
            out.append(action_button(pgettext("verb", "Knock"), "knock", scene.legal(KNOCK),
                                     suggest_class(hint, KNOCK).strip()))
        out.append(action_button(_("Gin"), "gin", scene.legal(GIN), suggest_class(hint, GIN).strip()))
        if view.rules.big_gin_bonus is not None:
            out.append(action_button(_("Big gin"), "big_gin", scene.legal(BIG_GIN)))
    out.append(hints.hint_button(view, ui))
    out.append('</div><div class="g-tools">')
    out.append(hints.hints_toggle(view, ui))
    sort_names = {"rank": _("Sort: by rank"), "suit": _("Sort: by suit"), "melds": _("Sort: by melds"),
                  "custom": _("Sort: your order")}
    out.append(action_button(sort_names.get(ui.prefs["sort"], _("Sort: by rank")), "sort", True, "g-sort"))
    # Reordering by pointer or touch: the selected card moves one place per press.
    order = scene.order
    pos = order.index(ui.selected) if ui.selected in order else -1
    out.append(move_button(_("Move left"), "move_left", "\u2190", pos > 0))
    out.append(move_button(_("Move right"), "move_right", "\u2192", 0 <= pos < len(order) - 1))
    out.append('</div></div>')
    return "".join(out)


def action_button(label, act, enabled, extra=""):
    """A move's button; one that cannot act now is `aria-disabled` (dimmed, still pressable:
    its command says why, `platform.controls.on_click`). The same few at every move: kept in
    the catalogue's memo (its shortcut letter is the language's)."""
    key = "act" + act + ("1" if enabled else "0") + extra + "\x00" + label
    return i18n.current().kept(key, action_button_markup, label, act, enabled, extra)


def action_button_markup(label, act, enabled, extra):
    shortcut = key_for(act)
    possible = ' g-possible' if enabled and act in ("knock", "gin", "big_gin") else ''
    return button(act, classes="g-btn g-act" + possible + (" " + extra if extra else ""),
                  attrs=(("aria-keyshortcuts", shortcut or None), ("aria-disabled", None if enabled else "true")),
                  inner=esc(label) + kbd(shortcut))


def move_button(label, act, arrow, enabled):
    """A reorder button: its arrow and a visible word ("Move"), named by its whole label ("Move
    left"), which holds that word; `aria-disabled` as a move's button when it cannot move the
    selected card."""
    key = "move" + act + ("1" if enabled else "0") + arrow + "\x00" + label
    return i18n.current().kept(key, move_button_markup, label, act, arrow, enabled)


def move_button_markup(label, act, arrow, enabled):
    # Translators: the visible word on the two buttons that move the selected card in the hand
    # (under an arrow); it must be part of "Move left" and "Move right" as translated.
    word = pgettext("arrow button", "Move")
    return button(act, classes="g-btn g-act g-move",
                  attrs=(("aria-label", label), ("aria-disabled", None if enabled else "true")),
                  inner='<span class="g-arrow" aria-hidden="true">' + arrow + '</span><span class="g-move-text">'
                  + esc(word) + '</span>')


def render_hand(scene):
    """The seat's hand (cards as toggle buttons, one in the tab order) and its deadwood line,
    in the player's order (`scene.order`)."""
    view, ui = scene.view, scene.ui
    order = scene.order
    hand = [DECK[i] for i in order]
    melded = set()
    for meld in view.arrangement.melds:
        for card in meld:
            melded.add(card.index)
    after = view.discard_deadwood
    selected_index = ui.selected
    hint = suggested_move(ui, view)
    hinted = hints.hint_card(view, ui)
    focus_index = card_of_key(ui.focus)
    if focus_index not in order:
        focus_index = selected_index if selected_index is not None else (hand[0].index if hand else None)
    if ui.mode == "duo":
        # Translators: two players on one device; {number} is 1 or 2 (fr « Main du joueur {number} »).
        title = fmt(_("Player {number}'s hand"), number=view.player + 1)
    else:
        title = _("Your hand")
    out = ['<section class="g-hand-area" aria-label="' + esc(title) + '">']
    out.append('<h2 class="g-title g-visually-hidden">' + esc(title) + '</h2>')
    # The list is named by what it is; how to use it is its description (read after the name).
    out.append('<p class="g-visually-hidden" id="g-hand-keys">'
               + esc(_("Left and Right arrows move; Enter selects; Alt+arrows reorder.")) + '</p>')
    out.append('<ul class="g-hand g-placed g-n' + str(len(hand)) + '" aria-label="' + esc(title)
               + '" aria-describedby="g-hand-keys">')
    for place, card in enumerate(hand):
        index = card.index
        state = str(place) + ("m" if index in melded else "") + ("t" if card is view.taken else "") \
            + ("n" if card is view.drawn else "") + ("a" if card is view.drawn and ui.motion == "draw" else "") \
            + ("h" if hint is not None and hint[1] == index else "") + ("s" if index == hinted else "") \
            + ("p" if selected_index == index else "") + ("f" if index == focus_index else "")
        out.append(hand_item(card, state))
    out.append('</ul>')
    if len(view.hand) == 11 and view.best_discard_deadwood is not None:
        # Translators: under the hand of 11 cards; {n} is the lowest deadwood a discard leaves.
        line = fmt(_("Deadwood after your best discard: {n}"), n=view.best_discard_deadwood)
    else:
        # Translators: under the hand; {n} is its deadwood count.
        line = fmt(_("Deadwood: {n}"), n=view.arrangement.deadwood_points)
    if selected_index is not None and selected_index in after:
        # Translators: after the deadwood line; {card} is a card's name with its article ("the
        # queen of diamonds"), {n} the deadwood left if it is discarded.
        line += " · " + fmt(_("if you discard {card}: {n}"), card=T.the_card(DECK[selected_index]), n=after[selected_index])
    # A new element for each new line (keyed by what it says): a text changed in place, centred,
    # counts as a layout shift.
    out.append('<p class="g-deadwood"><span data-key="dw' + str(len(hand)) + "-" + str(view.arrangement.deadwood_points)
               + "-" + str(selected_index) + '">' + esc(line) + '</span></p>')
    out.append('</section>')
    return "".join(out)


# A card's looks in the hand, by the letter `hand_item`'s state holds: (class, its words in the
# card's name, or None).
# Translators: the words are added to a card's name in the hand ("7 of hearts, in a meld, new").
CARD_STATES = (("m", "g-melded", N_("in a meld")), ("t", "g-taken", N_("just taken, cannot be discarded this turn")),
               ("n", "g-new", N_("new")), ("a", "g-arrive", None), ("h", "g-suggest", None),
               ("s", "g-suggested", N_("Hard's choice")), ("p", "g-selected", None))


def hand_item(card, state):
    """A card of the hand as an item of its list: a toggle button named by the card and what
    is true of it (`state`: its place in the hand, then letters of CARD_STATES, "f" for the card
    in the tab order). Kept in the catalogue's memo: a move changes few cards, and a card's
    markup is most of the table's. The item's class names its place (`g-at3`): the stylesheet
    puts it there by a transform, so a card drawn, discarded or sorted moves the others without
    a layout shift (a steady table, issue 25), and they slide to their new places."""
    return i18n.current().kept("hand" + str(card.index) + "/" + state, hand_item_markup, card, state)


def hand_item_markup(card, state):
    classes = []
    flags = []
    for letter, name, words in CARD_STATES:
        if letter in state:
            classes.append(name)
            if words is not None:
                flags.append(_(words))
    label = T.card_button_name(card) + (", " + ", ".join(flags) if flags else "")
    attrs = (("aria-pressed", "true" if "p" in state else "false"), ("tabindex", "0" if "f" in state else "-1"),
             ("data-card", str(card.index)))
    # Each card's item keyed by the card: sorting moves the same elements.
    place = ""
    for char in state:
        if "0" <= char <= "9":
            place += char
    return ('<li class="g-at' + place + '" data-key="l' + str(card.index) + '">'
            + card_html(card, " ".join(classes), label, "c" + str(card.index), "card", attrs) + '</li>')


def render_handover(scene):
    """The hand-over screen: no card of either hand, a button to reveal the next player's hand;
    while the player who just discarded may take it back, a button to do so (the discard is
    public: it is on the pile)."""
    view = scene.view
    current = view.turn
    undo = ""
    if scene.undo:
        key = key_for("undo")
        # Translators: on the two players' hand-over screen, for the player who just discarded;
        # {card} is a card's name with its article ("the 7 of hearts").
        label = fmt(_("Undo: take back {card}"), card=T.the_card(view.undo))
        undo = button("undo", classes="g-btn", attrs=(("aria-keyshortcuts", key or None),), inner=esc(label) + kbd(key))
    return ('<div class="g-handover"><h2 class="g-title">' + esc(T.pass_device((current if current is not None else 0) + 1))
            + '</h2><p>' + esc(_("The other player should look away: both hands stay hidden until you press "
                                 "“Reveal my hand”."))
            + '</p>' + button("reveal", _("Reveal my hand"), "g-btn g-primary") + undo + '</div>')
