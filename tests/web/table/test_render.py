"""Every screen drawn in CPython from (View, UI state): no hidden card, nothing changed."""

import copy
import html as html_lib
import re

import pytest

from game.cards import DECK
from game.match import Match
from game.rng import Rng
from game.rules import Rules
from game.web.play.commands import run
from game.web.play.outcome import FIRST_FOCUS
from game.web.play.state import Ui
from game.web.play.tables import HUMAN, LocalTable
from game.web.table.markup import card_face
from game.web.table.render import _plain, attributes, drawing_key, render
from game.web.words import events as EV
from game.web.words import i18n
from game.web.words import text as T
from tests.game.test_match import half_greedy


@pytest.fixture(autouse=True)
def english():
    i18n.install(i18n.Catalog(None))


def hidden(match, seat):
    hand = match.hand
    if hand.phase == "over":
        return list(hand.stock)
    known = set(hand.known[1 - seat])
    return [c for c in hand.hands[1 - seat] if c not in known] + list(hand.stock)


def screens(seed, rules, mode):
    """(match, view, ui) at every step of a random match, with each dialog open in turn."""
    table = LocalTable.new(seed, rules, [HUMAN, HUMAN])
    rng = Rng(seed, 3)
    ui = Ui()
    ui.mode = mode
    while True:
        seat = ui.seat(table.turn)
        view = table.view(seat)
        ui.sync_order(view)
        ui.selected = view.hand[rng.below(len(view.hand))].index
        kinds = (None, "pile", "sheet", "help", "new", "replay") if rng.below(8) == 0 else (None,)
        for kind in kinds:
            ui.dialog = None if kind is None else {"kind": kind, "return": None, "focus": FIRST_FOCUS[kind]}
            yield table.match, view, ui
        ui.dialog = None
        if view.phase == "match_over":
            return
        ui.last_seat = seat if table.turn is not None else ui.last_seat
        table.act(table.turn if table.turn is not None else seat,
                  half_greedy(table.match, table.match.legal_actions(), rng))


@pytest.mark.parametrize("mode", ["cpu", "duo"])
def test_no_screen_names_a_hidden_card_and_drawing_changes_nothing(mode):
    count = 0
    for match, view, ui in screens(21, Rules.preset("classic").replace(target=60), mode):
        before = copy.deepcopy(vars(ui))
        html = render(view, ui)
        assert vars(ui) == before
        for card in hidden(match, view.player):
            for text in (T.card_name(card), T.card_label(card)):
                assert not re.search(r"(?<![\w])" + re.escape(text) + r"(?![\w])", html), (text, view.phase)
        assert attributes(view, ui)["data-phase"] == view.phase
        count += 1
    assert count > 60


def test_the_buttons_enabled_are_the_views_legal_actions():
    match = Match.new(24)
    table = LocalTable(match, [HUMAN, HUMAN])
    ui = Ui()
    ui.mode = "duo"
    view = table.view(table.turn)
    ui.sync_order(view)
    html = render(view, ui)
    assert re.search(r'data-act="take_upcard"[^>]*>', html).group(0).count("disabled") == 0
    assert 'aria-disabled="true"' in re.search(r'<button[^>]*data-act="draw_stock"[^>]*>', html).group(0)
    ui.handover = True
    html = render(view, ui)
    assert "g-handover" in html and 'data-act="card"' not in html


def first_screen(seed, rules, want, mode="duo"):
    """The first (view, ui) of a random match for which `want(view)` holds, nothing selected."""
    for _match, view, ui in screens(seed, rules, mode):
        if want(view) and not ui.dialog:
            ui.selected = None
            return view, ui
    raise AssertionError("no such screen")


def kinds(view):
    return {a.kind for a in view.legal_actions}


def test_the_prompt_names_the_discards_that_allow_a_knock_and_knock_is_lit_before_any_selection():
    view, ui = first_screen(21, Rules.preset("classic"), lambda v: "knock" in kinds(v))
    knock_cards = [a.card for a in view.legal_actions if a.kind == "knock"]
    prompt = T.prompt(view)
    assert "knock by discarding" in prompt
    for card in knock_cards:
        assert T.card_name(card) in prompt
    html = render(view, ui)
    assert "disabled" not in re.search(r'<button[^>]*data-act="knock"[^>]*>', html).group(0)


def test_straight_has_no_knock_button_and_never_says_knock():
    view, ui = first_screen(5, Rules.preset("straight"), lambda v: v.phase == "discard")
    html = render(view, ui)
    assert 'data-act="knock"' not in html and 'data-act="gin"' in html
    assert "knock" not in T.prompt(view).lower()


def test_oklahoma_shows_this_hands_knock_limit():
    view, ui = first_screen(8, Rules.preset("oklahoma"), lambda v: v.phase == "draw" and v.knock_limit > 0)
    bar = re.search(r'<p class="g-rules">(.*?)</p>', render(view, ui)).group(1)
    assert "knock with " + str(view.knock_limit) + " points or less this hand" in bar


def meld_spans(html):
    return re.findall(r'<span class="g-meld ">(.*?)</span></span></span>(?=<span class="g-meld|</p>)', html)


def test_the_end_of_a_hand_draws_layoffs_inside_their_meld_in_order_then_the_result():
    for seed in range(1, 60):
        try:
            view, ui = first_screen(seed, Rules.preset("classic").replace(target=60),
                                    lambda v: v.result is not None and v.result.layoff_targets)
        except AssertionError:
            continue
        break
    html = render(view, ui)
    # The hands played out on the table come first, then the result, then the score sheet.
    banner = html.index('class="g-banner"')
    assert html.index("g-reveal") < banner < html.index("g-sheet")
    for card, _target in view.result.layoff_targets:
        # The laid-off card is drawn among the knocker's melds, marked and named as laid off.
        assert re.search(r'g-laid[^"]*" role="img"(?: data-key="[^"]*")?(?: data-from="[^"]*")? aria-label="'
                         + re.escape(T.card_name(card) + ", laid off"), html)
    for meld in view.result.knocker_melds + view.result.defender_melds:
        names = [T.card_name(c) for c in sorted(meld, key=lambda c: (c.rank, c.suit))]
        positions = [html.index('aria-label="' + name) for name in names]
        assert positions == sorted(positions), "a meld drawn out of order: " + ", ".join(names)


def match_end(preset, **changes):
    return first_screen(3, Rules.preset(preset).replace(target=40, **changes), lambda v: v.phase == "match_over")


def totals_rows(html):
    table = re.search(r'<table class="g-sheet g-totals">.*?</table>', html)
    return re.findall(r'<tr><th scope="row">(.*?)</th>', table.group()) if table else None


def test_the_match_winner_and_totals_come_after_the_last_hand_played_out():
    view, ui = match_end("modern")
    html = render(view, ui)
    winner = html.index(EV.match_result(view, ui.names())[:20])
    assert html.index("g-reveal") < winner < html.index("Final totals") < html.index('data-act="new"') < html.index('<table class="g-sheet">')


@pytest.mark.parametrize("preset", ["classic", "straight", "short"])
def test_rules_without_end_bonuses_show_no_bonus_rows(preset):
    # The menu says "No bonus at the end of the match": the end of the match shows no
    # "Box bonus 0 · Game bonus 0 · Shutout 0", and the banner gives the one score there is.
    view, ui = match_end(preset)
    html = render(view, ui)
    assert totals_rows(html) is None
    assert not any(label in html for label in ("Box bonus", "Game bonus", "Shutout"))
    assert "These rules have no end-of-match bonuses: the hand points are the final score." in html
    points = [view.totals[view.winner]["points"], view.totals[1 - view.winner]["points"]]
    assert EV.match_result(view, ui.names()).endswith(", {} to {}.".format(*points))


@pytest.mark.parametrize("changes, rows", [
    ({}, ["Hand points", "Box bonus", "Game bonus", "Shutout (hand points doubled)", "Total"]),
    ({"box_bonus": 0, "shutout": "none"}, ["Hand points", "Game bonus", "Total"]),
    ({"game_bonus": 0, "shutout": "bonus", "shutout_bonus": 50}, ["Hand points", "Box bonus", "Shutout bonus", "Total"]),
])
def test_the_totals_show_a_row_for_each_bonus_the_rules_give(changes, rows):
    view, ui = match_end("modern", **changes)
    html = render(view, ui)
    assert totals_rows(html) == rows
    mine, theirs = view.totals[view.winner], view.totals[1 - view.winner]
    assert EV.match_result(view, ui.names()).endswith(
        ", {} to {} in hand points; with the bonuses, the final totals are {} to {}.".format(
            mine["points"], theirs["points"], mine["total"], theirs["total"]))


def test_numbers_and_their_headings_align_alike_in_the_sheet_and_the_totals():
    """Every column of numbers, its heading included, is marked g-num (right-aligned, tabular
    figures) in both tables of the end of a match, and no other column is."""
    view, ui = match_end("modern")
    tables = re.findall(r'<table class="g-sheet[^"]*">.*?</table>', render(view, ui))
    assert len(tables) == 2
    for table in tables:
        rows = [re.findall(r'<(t[hd])([^>]*)>(.*?)</t[hd]>', row) for row in re.findall(r"<tr>(.*?)</tr>", table)]
        body = [row for row in rows[1:] if len(row) == len(rows[0])]
        assert body
        for column in range(len(rows[0])):
            numeric = all(re.fullmatch(r"-?\d+", cells[column][2]) for cells in body)
            marked = ['class="g-num"' in cells[column][1] for cells in [rows[0]] + body]
            assert marked == [numeric] * len(marked), (table[:60], column)


def test_a_focus_key_starting_with_c_that_is_no_card_draws_fine():
    view, ui = first_screen(4, Rules.preset("classic"), lambda v: v.phase == "discard")
    for key in ("confirm_discard", "cancel", "c", "c99"):
        ui.focus = key
        assert 'tabindex="0"' in render(view, ui)


# --- label in name (WCAG 2.5.3) -------------------------------------------------------------------

BUTTON = re.compile(r'<button [^>]*aria-label="([^"]*)"[^>]*>(.*?)</button>')


def words(text):
    """Lower-case words of letters and digits, as axe's label-content-name-mismatch splits them
    (symbols such as the suits are no words)."""
    return re.sub(r"[^\w]|_", " ", html_lib.unescape(text).lower()).split()


@pytest.mark.parametrize("lang", ["en", "fr", "vi"])
def test_every_button_names_the_words_it_shows_in_order(lang):
    """A speech-input user says what a button shows: its visible words (a card's printed index,
    "Discard pile" over the top card) come in its name in the same order, and a card's visible
    text is its label once, not the index repeated in both corners and the centre."""
    from tests.web.words.test_game_messages import catalogue

    i18n.install(catalogue(lang))
    checked = set()
    for _match, view, ui in screens(8, Rules.preset("classic").replace(target=60), "cpu"):
        for name, inside in BUTTON.findall(render(view, ui)):
            shown = words(re.sub(r"<[^>]+>", " ", inside))
            named = words(name)
            assert any(named[i:i + len(shown)] == shown for i in range(len(named) - len(shown) + 1)), (name, shown)
            checked.add(name)
    assert len(checked) > 40
    for card in DECK:
        face = card_face(card)
        assert html_lib.unescape(re.sub(r"<[^>]+>", "", face)) == T.card_label(card)


def _first(seed=1001, prefs=None):
    ui = Ui(prefs)
    table = LocalTable.new(seed, Rules.preset("classic"), ui.seats())
    view = table.view(0)
    ui.sync_order(view)
    return table, view, ui


def test_the_drawing_key_is_the_same_for_the_same_inputs_and_their_markup_too():
    _, view, ui = _first()
    _, again, ui_again = _first()
    assert drawing_key(view, ui) == drawing_key(again, ui_again)
    assert render(view, ui) == render(again, ui_again)


@pytest.mark.parametrize("change", [
    lambda ui: ui.prefs.update(sort="suit"), lambda ui: ui.prefs.update(four=True),
    lambda ui: setattr(ui, "selected", 40), lambda ui: setattr(ui, "notice", "Saved game lost"),
    lambda ui: setattr(ui, "mode", "duo"), lambda ui: ui.order[0].reverse(),
    lambda ui: setattr(ui, "daily", (2026, 12, 1)), lambda ui: setattr(ui, "more", "failed"),
])
def test_any_change_of_the_ui_state_changes_the_key(change):
    _, view, ui = _first()
    before = drawing_key(view, ui)
    change(ui)
    assert drawing_key(view, ui) != before


def test_another_view_or_language_changes_the_key():
    table, view, ui = _first()
    key = drawing_key(view, ui)
    assert drawing_key(_first(1002)[1], ui) != key
    table.act(0, view.legal_actions[0])
    assert drawing_key(table.view(0), ui) != key
    i18n.install(i18n.Catalog({"lang": "fr", "messages": {}}))
    assert drawing_key(view, ui) != key


def test_no_two_values_give_the_same_key_text():
    values = [["a", "b"], ['a"b'], ["ab"], ["astrb"], ["a", "str1:b"], [1, 2], [12], ["1", 2], [True], ["True"], [None], ["None"],
              [[]], [[], []], [{}], {"a": "b"}, {"ab": ""}, [1.5], ["1.5"], (1, 2)]
    texts = []
    for value in values:
        out = []
        _plain(value, out)
        texts.append("".join(out))
    assert len(set(texts[:-1])) == len(texts) - 1
    assert texts[-1] == texts[values.index([1, 2])]  # a tuple is a list, as JSON has it


def test_a_field_that_is_no_plain_value_never_matches_a_plain_one():
    _, view, ui = _first()
    key = drawing_key(view, ui)
    ui.lesson = object()
    assert drawing_key(view, ui) != key


def test_the_score_bar_names_you_first_on_either_seat_and_player_1_first_on_one_device():
    # Online, the second seat read "Your friend: 0 · You: 0" while the first read "You: 0 · …".
    table = LocalTable.new(7, Rules.preset("classic"), [HUMAN, HUMAN])
    bars = {}
    for mode, seat in (("online", 0), ("online", 1), ("duo", 0), ("cpu", 0)):
        ui = Ui()
        ui.mode = mode
        ui.online = {"code": "ABC", "seat": seat, "status": "open", "opponent": "here", "offer": None,
                     "answer": None, "invite": "x"} if mode == "online" else None
        view = table.view(seat)
        ui.sync_order(view)
        bars[mode, seat] = re.search(r'<p class="g-score">([^<]*)</p>', render(view, ui)).group(1)
    assert bars["online", 0].startswith("Score – You: 0 · Your friend: 0")
    assert bars["online", 1].startswith("Score – You: 0 · Your friend: 0")
    assert bars["duo", 0].startswith("Score – Player 1: 0 · Player 2: 0")
    assert bars["cpu", 0].startswith("Score – You: 0 · The computer: 0")


def test_the_menus_footer_holds_close_alone_and_clearing_ends_its_body():
    view, ui = Match.new(3).view(0), Ui()
    run("menu", ui, view)
    html = render(view, ui)
    footer = html[html.rindex('<div class="g-actions">'):]
    assert 'data-act="cancel"' in footer and 'data-act="clear"' not in footer
    assert html.index('data-act="clear"') > html.index('data-act="ask_discard"')


def test_kept_markup_draws_what_a_fresh_drawing_does_in_each_language():
    """The hand's cards and the bar are kept in the catalogue's memo (game.web.table.table): every
    screen of a match draws the same markup with the memo as with an empty one, and a card
    kept in one language is never shown in another."""
    from tests.web.words.test_game_messages import catalogue

    for lang in ("en", "fr", "vi"):
        i18n.install(catalogue(lang))
        drawn = 0
        for _match, view, ui in screens(8, Rules.preset("classic").replace(target=60), "cpu"):
            kept = render(view, ui)
            i18n.current().memo.clear()
            assert render(view, ui) == kept
            drawn += 1
        assert drawn > 20 and i18n.current().memo
    i18n.install(catalogue("fr"))
    french = render(*_first()[1:])
    i18n.install(catalogue("en"))
    assert render(*_first()[1:]) != french and "Your hand" in render(*_first()[1:])


def test_a_catalogues_memo_is_bounded():
    catalog = i18n.Catalog(None)
    for n in range(i18n.MEMO_SIZE + 10):
        assert catalog.remember(str(n), n) == n
    assert 0 < len(catalog.memo) <= i18n.MEMO_SIZE


def test_undo_takes_the_discard_buttons_place_and_moves_that_cannot_act_are_only_aria_disabled():
    from game.actions import DISCARD, Action

    match = Match.new(24)
    table = LocalTable(match, [HUMAN, "easy"])
    ui = Ui()
    while not (table.turn == 0 and table.view(0).phase == "discard"):
        seat = table.turn
        view = table.view(seat)
        table.act(seat, next(a for a in view.legal_actions if a.kind in ("pass", "draw_stock", DISCARD)))
    view = table.view(0)
    ui.sync_order(view)
    html = render(view, ui)
    assert 'data-act="undo"' not in html and 'data-act="discard"' in html
    knock = re.search(r'<button[^>]*data-act="knock"[^>]*>', html).group(0)
    assert 'aria-disabled="true"' in knock and " disabled" not in knock  # pressable: it says why
    table.act(0, Action(DISCARD, next(a.card for a in view.legal_actions if a.kind == DISCARD)))
    view = table.view(0)
    html = render(view, ui)
    undo = re.search(r'<button[^>]*data-act="undo"[^>]*>', html).group(0)
    assert 'aria-disabled' not in undo and 'data-act="discard"' not in html
    assert html.index('data-act="undo"') < html.index('data-act="knock"')  # in Discard's place
    table.step()  # the computer draws: nothing to take back
    assert 'data-act="undo"' not in render(table.view(0), ui)


def test_the_hand_over_screen_offers_the_undo_to_the_player_who_discarded():
    from game.actions import DISCARD, Action

    table = LocalTable(Match.new(24), [HUMAN, HUMAN])
    ui = Ui()
    ui.mode = "duo"
    while table.view(table.turn).phase != "discard":
        seat = table.turn
        table.act(seat, next(a for a in table.view(seat).legal_actions if a.kind in ("pass", "draw_stock")))
    seat = table.turn
    card = next(a.card for a in table.view(seat).legal_actions if a.kind == DISCARD)
    table.act(seat, Action(DISCARD, card))
    ui.handover = True
    html = render(table.view(table.turn), ui)
    assert "g-handover" in html and 'data-act="undo"' in html and T.the_card(card) in html
    ui.handover = False
    view = table.view(table.turn)
    ui.sync_order(view)
    assert 'data-act="undo"' not in render(view, ui)


def test_the_pile_is_pressable_once_a_card_it_may_take_is_selected():
    match = Match.new(24)
    table = LocalTable(match, [HUMAN, HUMAN])
    ui = Ui()
    ui.mode = "duo"
    while table.view(table.turn).phase != "discard":
        seat = table.turn
        table.act(seat, next(a for a in table.view(seat).legal_actions if a.kind in ("pass", "draw_stock")))
    view = table.view(table.turn)
    ui.sync_order(view)

    def pile():
        return re.search(r'<button[^>]*data-act="pile"[^>]*>', render(view, ui)).group(0)

    assert 'aria-disabled="true"' in pile()  # nothing selected: pressed, it says what to do
    ui.selected = next(a.card for a in view.legal_actions if a.kind == "discard").index
    assert "aria-disabled" not in pile()


def test_the_opponents_backs_kept_between_moves_are_those_of_the_count_and_the_arrival():
    from game.web.table.table import fan_backs, render_fan

    arriving, still = fan_backs(3, True), fan_backs(3, False)
    assert arriving.count('class="g-back') == 3 and arriving.count("g-arrive") == 1
    assert 'g-at2 g-arrive' in arriving and "g-arrive" not in still
    assert fan_backs(3, True) == arriving and fan_backs(0, False) == ""
    assert render_fan(10, [], arrive=True).count('class="g-back g-at') == 10


@pytest.mark.parametrize("mode, name", [("cpu", "Your hand"), ("duo", "Player 1's hand")])
def test_the_hand_is_named_by_what_it_is_and_described_by_its_keys(mode, name):
    """A list's accessible name is the hand ("Your hand"), not a usage hint: the keys are its
    description (aria-describedby), which screen readers read after the name."""
    table = LocalTable.new(5, Rules.preset("classic"), [HUMAN, HUMAN])
    ui = Ui()
    ui.mode = mode
    view = table.view(0)
    ui.sync_order(view)
    html = render(view, ui)
    [hand] = re.findall(r'<ul class="g-hand[^"]*"[^>]*>', html)
    assert 'aria-label="' + name.replace("'", "&#39;") + '"' in hand
    [described] = re.findall(r'aria-describedby="([^"]+)"', hand)
    [keys] = re.findall(r'<p [^>]*id="' + described + r'"[^>]*>([^<]*)</p>', html)
    assert keys == "Left and Right arrows move; Enter selects; Alt+arrows reorder."
    assert html.count('id="' + described + '"') == 1
