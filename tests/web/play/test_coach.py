"""The coach in the page (CPython): the hint and its setting, the review of a hand and its
positions on the table, the hints on the score sheet; nothing shown that the player may not know."""

import re

import pytest

from game import replay
from game.actions import DRAW_STOCK, NEXT_HAND, PASS, Action
from game.ai import make_player
from game.ai.coach import suggest
from game.ai.review import review
from game.cards import DECK
from game.rules import Rules
from game.web.play import coaching as coach
from game.web.play import commands as C
from game.web.play import effects as E
from game.web.play import outcome as O
from game.web.play.state import Ui
from game.web.play.tables import HUMAN, LocalTable
from game.web.table.markup import esc
from game.web.table.render import render
from game.web.words import coachtext as W
from game.web.words import i18n
from game.web.words import text as T


@pytest.fixture(autouse=True)
def english():
    i18n.install(i18n.Catalog(None))


def setup(seed=11, mode="cpu", hints=True):
    table = LocalTable.new(seed, Rules.preset("classic"), [HUMAN, "hard" if mode == "cpu" else HUMAN])
    ui = Ui()
    ui.mode = mode
    ui.prefs["hints"] = hints
    return table, ui


def my_view(table, ui):
    view = table.view(0)
    ui.sync_order(view)
    return view


def until_my_turn(table):
    while table.computer_to_move() is not None:
        table.step()


def test_hints_are_off_by_default_and_refused_online():
    assert Ui().prefs["hints"] is False
    table, ui = setup(hints=False)
    until_my_turn(table)
    view = my_view(table, ui)
    outcome = C.run("hint", ui, view)
    assert outcome.say == "Hints are off: you can turn them on in the menu." and ui.coach["hint"] is None
    assert 'data-act="hint"' not in render(view, ui)
    ui.mode = "online"
    ui.prefs["hints"] = True
    assert C.run("hint", ui, view).say == "Hints are not offered at an online table."


def test_the_hint_is_hards_move_in_words_counted_once_per_position():
    table, ui = setup()
    until_my_turn(table)
    view = my_view(table, ui)
    assert 'data-act="hint"' in render(view, ui)
    outcome = C.run("hint", ui, view)
    expected = W.plain(W.hint_text(suggest(view)))
    assert outcome.say == expected and E.RECORD_HINT in outcome.effects
    assert re.sub(r"<[^>]+>", "", re.search(r'<span class="g-hint-text">(.*?)</span>', render(view, ui)).group(1)) \
        == esc(expected)
    again = C.run("hint", ui, view)
    assert again.say == expected and E.RECORD_HINT not in again.effects
    assert ui.coach["used"] == {"1": [1, 0]}
    # A card hint marks the card in the hand; the hint is gone once the position changes.
    hard = suggest(view).action
    table.act(0, hard)
    until_my_turn(table)
    view = my_view(table, ui)
    if view.phase == "discard":
        C.run("hint", ui, view)
        card = suggest(view).action.card
        html = render(view, ui)
        assert re.search(r'class="g-card [^"]*g-suggested[^"]*" data-act="card" data-key="c' + str(card.index) + '"', html)
        assert ui.coach["used"]["1"] == [2, 0]
    table.act(0, suggest(view).action)
    until_my_turn(table)
    assert "g-hint-text" not in render(my_view(table, ui), ui)


def test_a_hint_to_draw_or_pass_marks_its_pile_or_button():
    # A discard hint marks its card; a pickup hint marked nothing (seen by a new player: "Draw
    # from the stock…" with no pile outlined). Each deal's first hint is Hard's pickup move.
    marks = {"draw_stock": r'class="g-stock[^"]*g-suggested', "draw_discard": r'class="g-discard[^"]*g-suggested',
             "take_upcard": r'class="g-discard[^"]*g-suggested', "pass": r'class="g-btn g-act g-suggested" data-act="pass"'}
    seen = set()
    for seed in range(1, 40):
        table, ui = setup(seed=seed)
        until_my_turn(table)
        for _ in range(2):  # the upcard offer (take or pass), then perhaps a draw
            view = my_view(table, ui)
            assert "g-suggested" not in render(view, ui)  # nothing marked before a hint is asked
            C.run("hint", ui, view)
            kind = suggest(view).action.kind
            html = render(view, ui)
            if kind in marks:
                assert re.search(marks[kind], html), kind
                assert html.count("g-suggested") == 1, kind  # that pile or button only
                seen.add(kind)
            table.act(0, suggest(view).action)
            until_my_turn(table)
        if seen == set(marks):
            break
    assert seen == set(marks)


def test_a_hint_on_the_score_sheet():
    table, ui = setup(seed=3)
    until_my_turn(table)
    C.run("hint", ui, my_view(table, ui))
    while table.match.hand.phase != "over":
        if table.turn == 0:
            table.act(0, suggest(table.view(0)).action)
        until_my_turn(table)
    html = render(my_view(table, ui), ui)
    assert "You used 1 hint." in html
    assert coach.read_used(coach.used_data(ui, table.seed), table.seed) == {"1": [1, 0]}
    assert coach.read_used(coach.used_data(ui, table.seed), table.seed + 1) == {}
    assert coach.read_used({"seed": table.seed, "used": {"1": [1, "x"]}}, table.seed) == {}


def play_badly(seed):
    """A hand where the person passes every upcard and discards the highest card it may."""
    table, ui = setup(seed=seed, hints=False)
    while table.match.hand.phase != "over":
        until_my_turn(table)
        if table.match.hand.phase == "over":
            break
        view = table.view(0)
        if view.phase == "upcard":
            table.act(0, Action(PASS))
        elif view.phase == "draw":
            table.act(0, Action(DRAW_STOCK))
        else:
            moves = [a for a in view.legal_actions if a.kind == "discard"]
            table.act(0, max(moves, key=lambda a: (a.card.value, a.card.rank)))
        until_my_turn(table)
    return table, ui


def named_cards(html):
    found = set()
    for card in DECK:
        for text in (T.card_name(card), T.card_label(card)):
            if re.search(r"(?<![\w])" + re.escape(text) + r"(?![\w])", html):
                found.add(card.index)
    return found


def test_the_review_lists_what_hard_would_change_and_shows_each_position():
    for seed in range(1, 30):
        table, ui = play_badly(seed)
        view = my_view(table, ui)
        if view.phase == "hand_over":
            break
    assert 'data-act="review"' in render(view, ui)
    outcome = C.run("review", ui, view)
    assert E.REVIEW in outcome.effects and ui.dialog["kind"] == "review"
    assert "Working out the review" in render(view, ui)
    coach.fill_review(ui, view, table.hand_decisions(0, replay))
    items = ui.coach["review"]["items"]
    assert items and [d.number for d in items] == [d.number for d in review(table.hand_decisions(0, replay))]
    html = render(view, ui)
    assert W.review_summary(items, len(table.hand_decisions(0, replay))) in html
    assert html.count('data-act="review_step"') == len(items)
    # Revealed at the end of the hand: both hands and the pile; never a card left in the stock.
    stock = {c.index for c in table.match.hand.stock}
    assert not named_cards(html) & stock
    for k in range(len(items)):
        C.run("review_step", ui, view, k)
        assert ui.dialog is None
        shown = render(view, ui)
        step = items[k]
        assert "g-reviewing" in shown and W.linked([W.played_text(step, ui.names())])[0] in shown
        assert 'data-act="card"' not in shown  # the cards are images: nothing can be played there
        assert sorted(named_cards(re.findall(r'<ul class="g-hand[^"]*">(.*?)</ul>', shown)[0])) == sorted(
            c.index for c in step.view.hand)
        assert not named_cards(shown) & stock
        assert T.cards_count(step.view.stock_count) in shown
    C.run("review_next", ui, view)  # past the last one: nothing changes
    C.run("review_close", ui, view)
    assert "g-reviewing" not in render(view, ui) and ui.coach["review"]["step"] is None
    # The next hand forgets the review.
    C.run("review_step", ui, view, 0)
    table.act(0, Action(NEXT_HAND))
    assert "g-reviewing" not in render(my_view(table, ui), ui)


def test_no_review_between_two_players_on_one_device():
    table, ui = setup(seed=4, mode="duo")
    rng_player = make_player("medium", 1)
    while table.match.hand.phase != "over":
        seat = table.turn
        table.act(seat, rng_player.choose(table.view(seat)))
    view = table.view(0)
    assert 'data-act="review"' not in render(view, ui)
    assert C.run("review", ui, view) is O.NOTHING


def test_the_hint_button_waits_for_the_players_turn():
    table, ui = setup(seed=2)
    while table.turn == 0:  # the person passes until the computer must move
        table.act(0, Action(PASS) if table.view(0).phase == "upcard" else Action(DRAW_STOCK))
        if table.view(0).phase == "discard":
            table.act(0, next(a for a in table.view(0).legal_actions if a.kind == "discard"))
    view = my_view(table, ui)
    assert view.turn != view.player
    assert re.search(r'data-act="hint" data-key="hint"[^>]* aria-disabled="true"', render(view, ui))  # pressable: it says why
    assert C.run("hint", ui, view).say == "Hints are available only on your turn."


def test_the_hint_links_its_first_term_to_the_glossary_of_the_pages_language():
    data = {"messages": {W.GLOSSARY_LINK + "\x04deadwood": "rules.html#glossary-deadwood"}}
    i18n.install(i18n.Catalog(data))
    for seed in range(1, 30):
        table, ui = setup(seed=seed)
        until_my_turn(table)
        view = my_view(table, ui)
        outcome = C.run("hint", ui, view)
        if "deadwood" in outcome.say:
            break
    html = render(view, ui)
    hint = re.search(r'<span class="g-hint-text">(.*?)</span></p>', html).group(1)
    assert hint.count('<a class="g-term" href="rules.html#glossary-deadwood">deadwood</a>') == 1
    assert "<" not in outcome.say and "[" not in outcome.say


def test_the_review_marks_the_pile_or_pass_it_names_and_its_legend_says_only_that():
    # A draw from the stock or a pass, Hard's or the player's, is marked on the table as a card is
    # (the legend promised a ring that was not drawn when Hard's move was the stock or a pass).
    seen = set()
    for seed in range(1, 40):
        table, ui = play_badly(seed)
        view = my_view(table, ui)
        if view.phase != "hand_over":
            continue
        C.run("review", ui, view)
        coach.fill_review(ui, view, table.hand_decisions(0, replay))
        for k, item in enumerate(ui.coach["review"]["items"]):
            moves = {item.played.kind, item.suggestion.action.kind}
            C.run("review_step", ui, view, k)
            shown = render(view, ui)
            assert "Hard&#39;s choice has a blue ring; yours has a dashed outline." in shown
            if "draw_stock" in moves:
                stock = re.search(r'<div class="g-stock([^"]*)"', shown).group(1)
                assert ("g-suggested" in stock) == (item.suggestion.action.kind == "draw_stock")
                assert ("g-played" in stock) == (item.played.kind == "draw_stock")
                seen.add("draw_stock")
            if "pass" in moves:
                mark = re.search(r'<span class="g-btn g-act g-pass-mark([^"]*)"', shown).group(1)
                assert ("g-suggested" in mark) == (item.suggestion.action.kind == "pass")
                seen.add("pass")
        if seen == {"draw_stock", "pass"}:
            break
    assert seen == {"draw_stock", "pass"}
