"""Every screen drawn in CPython from (View, UI state): no hidden card, nothing changed."""

import copy
import re

import pytest

from game.match import Match
from game.rng import Rng
from game.rules import Rules
from game.web import i18n
from game.web import text as T
from game.web.dialogs import FIRST_FOCUS
from game.web.render import attributes, render
from game.web.state import Ui
from game.web.tables import HUMAN, LocalTable
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
