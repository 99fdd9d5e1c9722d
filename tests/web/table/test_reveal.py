"""The knock played out on the table (game.web.table.reveal): drawn from the View's result
alone, the layoffs at their steps in the order laid off, your own hand first."""

import re

from game.actions import DISCARD, DRAW_STOCK, GIN, KNOCK, PASS, Action
from game.match import Match
from game.melds import deadwood_after_each_discard
from game.view import View
from game.web.play.state import Ui
from game.web.table.render import motion
from game.web.table.reveal import render_reveal
from game.web.words import events as EV
from game.web.words import text as T


def greedy(match):
    hand = match.hand
    if hand.phase == "upcard":
        return Action(PASS)
    if hand.phase == "draw":
        return Action(DRAW_STOCK)
    cards = hand.hands[hand.turn]
    after = deadwood_after_each_discard(cards)
    best = min((i for i in range(len(cards)) if cards[i] is not hand.taken), key=lambda i: after[i])
    return Action(DISCARD, cards[best])


def ending(seat, want, kind=KNOCK):
    """(match, action, settlement): the first greedily played match where `seat` may end the
    hand with `kind` and the settlement would pass `want`; the match is before that action."""
    for seed in range(1, 3000):
        match = Match.new(seed)
        for _ in range(80):
            hand = match.hand
            if hand.phase == "over":
                break
            if hand.turn == seat and hand.phase == "discard":
                action = next((a for a in match.legal_actions() if a.kind == kind), None)
                if action is not None:
                    trial = Match.from_dict(match.to_dict())
                    trial.apply(action)
                    if want(trial.hand.end["settlement"]):
                        return match, action, trial.hand.end["settlement"]
            match.apply(greedy(match))
    raise AssertionError("none found")


def ended(knocker, want, kind=KNOCK):
    """(view of seat 0 with the events of the hand's end, its match) of a knock (or `kind`) by
    `knocker` whose settlement passes `want`."""
    match, action, _settlement = ending(knocker, want, kind)
    since = len(match.events)
    match.apply(action)
    return View.of(match, 0, since), match


def cpu_ui():
    ui = Ui()
    ui.mode = "cpu"
    return ui


def seats(html):
    return html.index("g-rv-me"), html.index("g-rv-them")


def test_the_defenders_layoffs_land_on_the_knockers_melds_at_their_steps_in_order():
    for knocker in (0, 1):
        view, _match = ended(knocker, lambda s: len(s.layoff_targets) >= 2)
        ui = cpu_ui()
        ui.motion = motion(view)
        assert ui.motion == "reveal"
        html = render_reveal(view, ui)
        assert 'class="g-reveal g-revealing"' in html
        me, them = seats(html)
        assert me < them  # your own hand first
        knocker_part = html[me:them] if knocker == 0 else html[them:]
        defender_part = html[them:] if knocker == 0 else html[me:them]
        cards = view.result.layoffs
        for step, card in enumerate(cards, 1):
            laid = re.search(r'g-rv-in g-rv-t(\d+)" role="img" data-key="rv-in-' + card.code + '"', knocker_part)
            assert laid and int(laid.group(1)) == step
            assert 'data-key="rv-out-' + card.code + '"' in defender_part
            assert "rv-in-" + card.code not in defender_part
        # The deadwood counts come after the last layoff.
        last = len(cards) + 1
        assert html.count("g-rv-count g-rv-late g-rv-t" + str(last)) == 2


def test_drawn_again_it_is_still_and_the_same_cards_are_where_they_land():
    view, _match = ended(0, lambda s: bool(s.layoff_targets))
    ui = cpu_ui()
    ui.motion = "reveal"
    moving = render_reveal(view, ui)
    ui.motion = None  # any command: the motion is over
    still = render_reveal(view, ui)
    assert "g-revealing" not in still
    assert still == moving.replace(" g-revealing", "")


def test_gin_and_a_dead_hand_have_no_layoffs_and_both_hands_are_whole():
    view, _match = ended(0, lambda s: True, GIN)
    html = render_reveal(view, cpu_ui())
    assert "g-rv-in" not in html and "g-rv-out" not in html
    assert html.count('role="img"') == 20
    assert T.card_name(view.result.knocker_melds[0][0]) in html
    match = Match.new(3)
    while match.hand.phase != "over":  # nobody knocks: the stock runs out
        match.apply(greedy(match))
    dead = View.of(match, 0)
    assert dead.end_kind == "dead" and dead.result is None
    html = render_reveal(dead, cpu_ui())
    assert html.count('role="img"') == 20 and "g-rv-in" not in html


def test_the_layoffs_are_said_in_words_in_the_order_laid_off():
    view, _match = ended(1, lambda s: len(s.layoff_targets) >= 2)
    names = cpu_ui().names()
    said = EV.layoff_text(view, names)
    assert said.startswith("You laid off ")
    positions = [said.index(T.the_card(card)) for card in view.result.layoffs]
    assert positions == sorted(positions)
    hand_over = next(e for e in view.events if e.kind == "hand_over")
    assert EV.event_text(hand_over, view, names) == said + " " + EV.score_line(view, names)
    view, _match = ended(0, lambda s: True, GIN)
    assert EV.layoff_text(view, names) == ""
