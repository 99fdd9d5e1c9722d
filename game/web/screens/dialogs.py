"""The table's dialogs, each registered by its kind (`game.web.table.pieces`): discard
confirmation, the knock dialog (knock, gin, big gin: its model is `game.web.play.knock`), the
whole discard pile, the score sheet, the keyboard shortcuts, the menu, clearing saved data, a
shared deal, a new game, a replay, a newcomer's welcome. The dialog's state is a dict of the UI
state (`Ui.dialog`): its kind, the focus to return to, and per kind its card, groups, chosen
rules and mode, and its own focus. Pure Python.
"""

from game.cards import DECK
from game.rules import PRESETS, Rules
from game.web.play.knock import GROUPS, declared, knock_cards
from game.web.play.state import LEVELS, LOCAL_MODES, MODES, PACES, in_progress
from game.web.screens.endofhand import render_sheet
from game.web.table.markup import button, card_html, esc, meld_cards
from game.web.table.pieces import piece
from game.web.words import dialogtext as MT
from game.web.words import text as T
from game.web.words.i18n import _, fmt, pgettext
from game.web.words.keys import HELP_KEY, key_for

# Loaded with the page's second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"

@piece("dialog:discard")
def discard_dialog(view, ui):
    card = DECK[ui.dialog["card"]]
    # Translators: {card} is a card's name with its article ("the queen of diamonds", fr « la dame de carreau »).
    question = fmt(_("Discard {card}?"), card=T.the_card(card))
    return _("Discard"), ('<p>' + esc(question) + '</p>'
                          + dialog_buttons([("confirm_discard", _("Discard"), True), ("cancel", _("Cancel"), False)]))


@piece("dialog:pile")
def pile_dialog(view, ui):
    pile = view.discard_pile
    if pile:
        body = ('<p>' + esc(_("From the bottom to the top:")) + '</p><ol class="g-pile-list">'
                + "".join('<li>' + card_html(c, "g-small") + '</li>' for c in pile) + '</ol>')
    else:
        body = '<p>' + esc(_("The discard pile is empty.")) + '</p>'
    return _("The discard pile"), body + dialog_buttons([("cancel", _("Close"), True)])


@piece("dialog:sheet")
def sheet_dialog(view, ui):
    # The dialog's title names the sheet: no caption.
    return _("Score sheet"), (render_sheet(view, ui.names(), ui, caption=False)
                              + dialog_buttons([("cancel", _("Close"), True)]))


@piece("dialog:help")
def help_dialog(view, ui):
    return _("Keyboard shortcuts"), render_shortcuts() + dialog_buttons([("cancel", _("Close"), True)])


@piece("dialog:menu")
def menu_dialog(view, ui):
    return _("Menu"), render_menu(view, ui)


@piece("dialog:clear")
def clear_dialog(view, ui):
    return _("Clear saved data"), (
        '<p>' + esc(_("Delete the saved games, card orders, settings, statistics and daily-deal "
                      "results kept in this browser? A new game will start.")) + '</p>'
        + dialog_buttons([("confirm_clear", _("Clear saved data"), True), ("cancel", _("Cancel"), False)]))


@piece("dialog:seed")
def seed_dialog(view, ui):
    # Translators: {seed} is the seed of a shared link (#seed=123), which deals a whole match.
    said = fmt(_("This link deals a match from seed {seed}. Opening it ends the match in progress, which cannot be "
                 "recovered."), seed=ui.dialog.get("seed"))
    return _("Open the shared deal?"), (
        '<p>' + esc(said) + '</p>'
        + dialog_buttons([("confirm_seed", _("Open the shared deal"), True), ("cancel", _("Keep my match"), False)]))


@piece("dialog:new")
def new_game_dialog(view, ui):
    d = ui.dialog
    body = ""
    if in_progress(view):
        body = '<p class="g-warn">' + esc(_("Starting a new game ends the match in progress.")) + '</p>'
    return _("New game"), (body + render_new_game(d.get("rules", ui.prefs["rules"]), d.get("mode", ui.mode))
                           + dialog_buttons([("start", _("Start"), True), ("cancel", _("Cancel"), False)]))


@piece("dialog:welcome")
def welcome_dialog(view, ui):
    return render_welcome(ui.dialog)


@piece("dialog:replay")
def replay_dialog(view, ui):
    return _("Replay"), ('<p>' + esc(_("Start this match again from its first deal? The same cards will be dealt."))
                         + '</p>' + dialog_buttons([("confirm_replay", _("Replay"), True), ("cancel", _("Cancel"), False)]))


def knock_dialog(view, ui):
    return render_knock_dialog(view, ui.dialog)


for _kind in ("knock", "gin", "big_gin"):
    piece("dialog:" + _kind)(knock_dialog)


def select_field(label, act, choices, chosen):
    """A labelled select of the menu from (value, text) pairs."""
    options = "".join('<option value="' + value + '"' + (' selected' if value == chosen else '') + '>' + esc(text)
                      + '</option>' for value, text in choices)
    return ('<label class="g-field"><span>' + esc(label) + '</span><select data-act="' + act + '" data-key="' + act
            + '">' + options + '</select></label>')


def check_field(label, act, checked):
    return ('<label class="g-field g-check"><input type="checkbox" data-act="' + act + '" data-key="' + act + '"'
            + (' checked' if checked else '') + '> <span>' + esc(label) + '</span></label>')


def render_menu(view, ui):
    """Every setting in one place: the match (new, replay), the opponent, the computer's level
    and pace, the sort, the four-colour deck, the discard confirmation, the rules in play, the
    shortcuts and clearing what the browser keeps."""
    prefs = ui.prefs
    out = ['<div class="g-actions">']
    if ui.mode == "online":  # the seed is the server's: no replay; a new game needs the friend
        acts = (("offer_new", _("Offer a new game")), ("copy_seat", _("Play this seat on another device")),
                ("leave", _("Leave the table"))) if view is not None else ()
        acts += (("help", _("Shortcuts")),)
    else:
        acts = (("new", _("New game")), ("replay", _("Replay")), ("guided", _("Guided first hand")),
                ("help", _("Shortcuts")))
    if ui.aside and ui.mode == "cpu":  # the match set aside for the daily deal
        acts = (("back_to_match", _("Back to your match")),) + acts
    acts += (("daily", _("Daily deal")), ("stats", _("Statistics")))
    for act, label in acts:
        # The seat's link is copied by the page in the click itself (a browser gives the
        # clipboard only there): the button holds it.
        copy = ui.online.get("seat_link") if act == "copy_seat" and ui.online else None
        out.append(button(act, label, attrs=(("data-copy", copy),)))
    out.append('</div><div class="g-settings">')
    modes = [m for m in MODES if m in LOCAL_MODES or ui.online_available or ui.mode == m]
    out.append(select_field(_("Opponent"), "mode", [(m, T.mode_name(m)) for m in modes], ui.mode))
    if ui.mode == "cpu" and ui.daily:
        out.append('<p class="g-field">' + esc(MT.daily_level()) + '</p>')
        out.append(select_field(_("Computer's pace"), "pace", [(p, MT.pace_name(p)) for p in PACES], prefs["pace"]))
    elif ui.mode == "cpu":
        out.append(select_field(_("Computer level"), "level", [(lv, T.level_name(lv)) for lv in LEVELS], prefs["level"]))
        out.append(select_field(_("Computer's pace"), "pace", [(p, MT.pace_name(p)) for p in PACES], prefs["pace"]))
    # The choices under "Sort the hand" (the button on the table says "Sort: by rank").
    sorts = [("rank", pgettext("sort choice", "By rank")), ("suit", pgettext("sort choice", "By suit")),
             ("melds", pgettext("sort choice", "By melds"))]
    if prefs["sort"] == "custom":
        sorts.append(("custom", pgettext("sort choice", "Your order")))
    out.append(select_field(_("Sort the hand"), "pick_sort", sorts, prefs["sort"]))
    out.append(check_field(_("Four-color deck"), "four", prefs["four"]))
    out.append(check_field(_("Confirm each discard in a dialog (otherwise a tap on a card, then on the pile, discards it)"),
                           "ask_discard", prefs["ask_discard"]))
    if ui.mode != "online":  # a friend's score sheet would not show them
        out.append(check_field(_("Hints: show the “What would Hard play?” button (the hints you use are counted on the score sheet)"), "hints",
                               prefs.get("hints", False)))
    out.append('</div>')
    if view is not None:
        rules = view.rules
        # Translators: the menu's line on the rules in play; {variant} is a preset's name ("Classic").
        out.append('<p class="g-rules-full"><strong>' + esc(fmt(_("Rules in play: {variant}."), variant=T.preset_title(rules.name)))
                   + '</strong> ' + esc(MT.rules_summary(rules)) + '</p>')
    # Clearing (it asks first) ends the menu's body, not its footer beside Close: the footer
    # stays on screen, and the two buttons a thumb reaches most were Close and Clear.
    out.append('<p class="g-clear">' + button("clear", _("Clear saved data")) + '</p>')
    out.append('<div class="g-actions">' + button("cancel", _("Close"), "g-btn g-primary") + '</div>')
    return "".join(out)


def dialog_buttons(buttons):
    """A row of dialog buttons from (act, label, primary) triples."""
    out = ['<div class="g-actions">']
    for act, label, primary in buttons:
        out.append(button(act, label, "g-btn g-primary" if primary else "g-btn"))
    out.append('</div>')
    return "".join(out)


def render_shortcuts():
    """The keyboard shortcuts as a definition list (the keys of `game.web.words.keys`, in this language)."""
    keys = [("← →", _("go from card to card in your hand")), (pgettext("keys", "Alt+← → or Shift+← →"), _("move the card to reorder your hand")),
            (pgettext("keys", "Enter, Space"), _("select a card")),
            (pgettext("keys", "Esc"), _("cancel a selection or close a dialog"))]
    for command, text in (("draw_stock", _("draw from the stock")), ("draw_discard", _("take the top card of the discard pile")),
                          ("take_upcard", _("take the upcard")), ("pass", _("pass the upcard")),
                          ("discard", _("discard the selected card")), ("knock", pgettext("verb", "knock")),
                          ("gin", _("go gin")), ("sort", _("change the sort order")), ("next_hand", _("deal the next hand")),
                          ("show_pile", _("show the whole discard pile")),
                          ("undo", _("take back your discard, until the other player moves")),
                          ("hint", _("hint: what Hard would play (turn hints on in the menu)"))):
        if key_for(command):  # none while its shortcut is untranslated and its letter taken (keys.py)
            keys.append((key_for(command), text))
    keys.append((HELP_KEY, _("show this list")))
    return '<dl class="g-keys">' + "".join('<dt><kbd>' + esc(k) + '</kbd></dt><dd>' + esc(v) + '</dd>' for k, v in keys) + '</dl>'


def preset_line(preset):
    """A preset in one line, under its name in the new game's list."""
    lines = {"classic": _("Knock with 10 points or less; a match to 100."),
             "modern": _("Classic, with big gin and end-of-match bonuses."),
             "oklahoma": _("The upcard sets the knock limit; a match to 150."),
             "straight": _("No knocking: only gin ends a hand."),
             "short": _("Classic rules, a quick match to 50.")}
    return lines.get(preset, "")


def preset_text(preset):
    """A preset as a radio button's text: its name, then one line."""
    return ('<span><strong>' + esc(T.preset_title(preset)) + '</strong> <span class="g-radio-text">'
            + esc(preset_line(preset)) + '</span></span>')


def about_rules():
    """The presets' rules in whole sentences, behind "About these rules"."""
    items = "".join('<dt>' + esc(T.preset_title(name)) + '</dt><dd>' + esc(MT.rules_summary(Rules.preset(name))) + '</dd>'
                    for name in PRESETS)
    return ('<details class="g-about-rules"><summary>' + esc(_("About these rules")) + '</summary><dl>' + items
            + '</dl></details>')


def render_new_game(chosen, mode):
    """The new game's choices: the rules presets and the opponent (radio buttons)."""
    body = ['<fieldset><legend>' + esc(_("Rules")) + '</legend>']
    for name in PRESETS:
        body.append('<label class="g-radio"><input type="radio" name="g-rules" value="' + name + '" data-act="pick_rules" data-key="rules-' + name + '"'
                    + (' checked' if name == chosen else '') + '> ' + preset_text(name) + '</label>')
    body.append('</fieldset><fieldset><legend>' + esc(_("Opponent")) + '</legend>')
    for value in LOCAL_MODES:  # a new game in the page (online, the friend is asked: "offer_new")
        label = T.mode_name(value)
        body.append('<label class="g-radio"><input type="radio" name="g-mode" value="' + value + '" data-act="pick_mode" data-key="mode-' + value + '"'
                    + (' checked' if value == mode else '') + '> <span>' + esc(label) + '</span></label>')
    body.append('</fieldset>' + about_rules())
    return "".join(body)


def render_welcome(d):
    """(title, body) of a newcomer's first visit: a guided hand or just playing, the computer's
    level (Easy) and hints (on), both changeable here."""
    out = ['<p>' + esc(_("New to Gin Rummy? A guided hand shows you how to play, one move at a time. Or just play: "
                         "the hints say what a strong player would do.")) + '</p><div class="g-settings">']
    out.append(select_field(_("Computer level"), "welcome_level", [(lv, T.level_name(lv)) for lv in LEVELS], d["level"]))
    out.append(check_field(_("Hints: show the “What would Hard play?” button"), "welcome_hints", d["hints"]))
    out.append('</div>')
    out.append(dialog_buttons([("welcome_guided", _("Play a guided hand"), True), ("welcome_play", _("Just play"), False)]))
    # Translators: the title of the dialog a first visit opens.
    return _("Welcome to Gin Rummy"), "".join(out)


# --- the knock dialog ----------------------------------------------------------------------------

def render_knock_dialog(view, d):
    """(title, body) of the knock, gin or big gin dialog: the engine's best melds and deadwood
    and one button to confirm; "Change melds" opens the meld editor (`render_meld_editor`)."""
    kind = d["kind"]
    titles = {"knock": pgettext("verb", "Knock"), "gin": _("Gin"), "big_gin": _("Big gin")}
    title = titles[kind]
    out = []
    if kind != "big_gin":
        # Translators: {card} is a card's name with its article ("the queen of diamonds").
        out.append('<p>' + esc(fmt(_("Your discard: {card}."), card=T.the_card(DECK[d["card"]]))) + '</p>')
    editing = d.get("edit", False)
    if editing:
        out.append(render_meld_editor(view, d))
    melds, problem, arrangement = declared(view, d)
    summary = []
    number = 0
    for meld in melds:
        number += 1
        # Translators: before the cards of a declared meld; {n} is 1, 2 or 3.
        summary.append('<li>' + esc(fmt(_("Meld {n}:"), n=number)) + ' ' + meld_cards(meld) + '</li>')
    if arrangement is not None and arrangement.deadwood:
        # Translators: the deadwood cards the knocker declares (shown as cards), then their total ("6 points").
        summary.append('<li>' + fmt(esc(_("Deadwood: {cards} ({points})")), cards=meld_cards(arrangement.deadwood, "g-dead"),
                                    points=esc(T.points_text(arrangement.deadwood_points))) + '</li>')
    elif arrangement is not None:
        summary.append('<li>' + esc(_("Deadwood: none.")) + '</li>')
    if not editing:
        out.append('<p>' + esc(_("Your melds, arranged to leave the least deadwood:")) + '</p>')
    out.append('<ul class="g-declared">' + "".join(summary) + '</ul>')
    if problem:
        out.append('<p class="g-problem" role="alert">' + esc(problem) + '</p>')
    confirm = {"knock": _("Confirm the knock"), "gin": _("Confirm gin"), "big_gin": _("Confirm big gin")}[kind]
    other = button("best", _("Best arrangement")) if editing else button("change_melds", _("Change melds"))
    out.append('<div class="g-actions">' + button("confirm_knock", confirm, "g-btn g-primary", disabled=bool(problem))
               + other + button("cancel", _("Cancel")) + '</div>')
    return title, "".join(out)


def render_meld_editor(view, d):
    """The knock dialog's meld editor: a group select per card (deadwood, meld 1-3)."""
    out = ['<p>' + esc(_("Your melds, arranged to leave the least deadwood. To declare different melds, change a "
                         "card's group:")) + '</p>']
    cards = sorted(knock_cards(view, d), key=lambda c: (d["groups"].get(c.index, 0) or 9, c.rank, c.suit))
    out.append('<ul class="g-groups">')
    for c in cards:
        current = d["groups"].get(c.index, 0)
        options = ['<option value="0"' + (' selected' if current == 0 else '') + '>' + esc(_("Deadwood")) + '</option>']
        for number in range(1, GROUPS + 1):
            options.append('<option value="' + str(number) + '"' + (' selected' if current == number else '') + '>'
                           # Translators: a meld of the knock dialog; {n} is 1, 2 or 3.
                           + esc(fmt(_("Meld {n}"), n=number)) + '</option>')
        out.append('<li class="g-group-row">' + card_html(c, "g-small") + ' <label class="g-field">'
                   # Translators: the hidden name of a card's group select in the knock dialog; {card}
                   # is a card's name with its article ("the queen of diamonds").
                   + '<span class="g-visually-hidden">' + esc(fmt(_("Meld or deadwood for {card}"), card=T.the_card(c))) + '</span>'
                   + '<select data-act="group" data-card="' + str(c.index) + '" data-key="g' + str(c.index) + '">'
                   + "".join(options) + '</select></label></li>')
    out.append('</ul>')
    return "".join(out)


# --- two players on one device -------------------------------------------------------------------
