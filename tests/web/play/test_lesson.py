"""The training hands' words and panel (game.web.play.lesson), in CPython: every step of every lesson
(the guided hand and each worked example of the guide) has its sentence in en, fr and vi, naming
its cards with their article, the panel follows the script and says when the hand left it, and a
training table is never saved."""

import re
from pathlib import Path

import pytest

from game import replay
from game.actions import DISCARD, DRAW_DISCARD, DRAW_STOCK, GIN, KNOCK, PASS, TAKE_UPCARD, Action
from game.ai import make_player
from game.cards import parse_cards
from game.training import GUIDED, LEARNER, Step, from_example
from game.web.lessons.markup import render_lesson
from game.web.play import commands as C
from game.web.play import effects as E
from game.web.play.lesson import (
    BAD_LINKS,
    WORDS,
    bad_link,
    step_news,
    step_text,
    suggested,
    words,
)
from game.web.play.state import Ui
from game.web.play.tables import TrainingTable
from game.web.table.render import render
from game.web.words import i18n
from game.web.words import text as T
from generator.gamecatalog import catalog_data

ROOT = Path(__file__).resolve().parents[3]
LOCALES = str(ROOT / "locales/{}/LC_MESSAGES/game.po")


def guide_examples():
    """The (knocker, defender) cards of every gin-example block of the rules guide."""
    text = (ROOT / "content" / "rules.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```gin-example\n(.*?)```", text, re.S)
    found = []
    for block in blocks:
        fields = dict(line.split(":", 1) for line in block.strip().splitlines())
        found.append((parse_cards(fields["knocker"]), parse_cards(fields["defender"])))
    return found


def lessons():
    four = from_example(parse_cards("QH QD QC QS 5S 6S 7S AD 2H 3D"), parse_cards("8S JH JD JC 6D 5C KC 5D 9C 2C"))
    return [GUIDED, four] + [from_example(k, d) for k, d in guide_examples()]


def install(lang):
    i18n.install(i18n.Catalog(None if lang == "en" else catalog_data(LOCALES.format(lang), lang)))


@pytest.fixture(autouse=True)
def english():
    install("en")
    yield
    install("en")


def played(lesson, steps):
    """A lesson's table after its first `steps` steps (the computer's as its player chooses)."""
    table = TrainingTable(lesson)
    computer = make_player(lesson.level, lesson.position.seed)
    for step in lesson.steps[:steps]:
        seat = table.turn
        action = step.action if seat == LEARNER else computer.choose(table.match.view(seat))
        table.act(seat, action)
    return table


def lesson_ui(lesson):
    ui = Ui()
    ui.lesson = {"code": lesson.name, "lesson": lesson}
    return ui


def test_the_guide_has_five_examples_and_each_is_a_lesson():
    assert len(guide_examples()) == 5


def played_steps():
    """(step, the learner's View of that moment) for every learner step of every lesson, the
    script played against the lesson's computer."""
    found = []
    for lesson in lessons():
        table = TrainingTable(lesson)
        computer = make_player(lesson.level, lesson.position.seed)
        for step in lesson.steps:
            seat = table.turn
            if seat == LEARNER:
                found.append((step, table.view(LEARNER)))
                action = step.action
            else:
                action = computer.choose(table.match.view(seat))
            table.act(seat, action)
    return found


@pytest.mark.parametrize("lang", ["en", "fr", "vi"])
def test_every_learner_step_of_every_lesson_has_its_sentence(lang):
    for step, view in played_steps():
        assert (step.action.kind, step.say) in WORDS
        install("en")
        english = [words(step, view), words(step, None)]  # None: recalled off the script
        install(lang)
        for sentence, source in zip((words(step, view), words(step, None)), english, strict=True):
            assert "{" not in sentence and sentence.endswith(".")
            assert (sentence != source) == (lang != "en")


# One step of each kind with other cards than the lessons' (an ace, queens, 7s; hearts and
# spades), so each rank's article is read in a sentence of each kind (« l’as », « la dame »).
OTHER_CARDS = {
    (TAKE_UPCARD, "run"): "AH 2H 3H", (TAKE_UPCARD, "set"): "QS QH QD", (TAKE_UPCARD, "four"): "7S 7H 7D 7C",
    (DRAW_DISCARD, "set"): "AS AH AC", (DISCARD, "high"): "QH", (DISCARD, "not_taken"): "7S AS",
    (DRAW_STOCK, "no_use"): "AH", (KNOCK, "low"): "QS AH 2H 3H 7S", (KNOCK, "example"): "AS",
    (GIN, "example"): "7H",
}


def learner_steps():
    """(step, view) for every learner step of every lesson, as played (the View of that moment)
    and as recalled off the script (None), then one step of each kind with OTHER_CARDS."""
    found = []
    for step, view in played_steps():
        found += [(step, view), (step, None)]
    for (kind, say), codes in OTHER_CARDS.items():
        cards = parse_cards(codes)
        found.append((Step(Action(kind, cards[0] if kind in (DISCARD, KNOCK, GIN) else None), say, cards), None))
    return found


def test_the_other_cards_cover_every_kind_of_step():
    assert set(OTHER_CARDS) == set(WORDS)


@pytest.mark.parametrize("lang", ["en", "fr", "vi"])
def test_lesson_sentences_name_their_cards_with_the_article(lang):
    install(lang)
    said = []
    for step, view in learner_steps():
        sentence = words(step, view)
        said.append(sentence)
        for card in step.cards:
            assert T.the_card(card) in sentence, (T.the_card(card), sentence)
            assert T.the_card(card) != T.card_name(card)  # vi: the classifier, "lá Q rô"
        if lang == "vi":
            assert "lá lá" not in sentence.lower(), sentence
    text = " ".join(said)
    expected = {"en": ["the queen of clubs", "the ace of hearts", "the 7 of spades", "the jack of spades"],
                "fr": ["la dame de trèfle", "l’as de cœur", "le 7 de pique", "le valet de pique"],
                "vi": ["lá Q chuồn", "lá át cơ", "lá 7 bích", "lá J bích"]}[lang]
    assert [name for name in expected if name not in text] == []


@pytest.mark.parametrize("lang", ["fr", "vi"])
def test_no_lesson_sentence_puts_a_card_in_brackets_or_after_la_carte(lang):
    install(lang)
    for step, view in learner_steps():
        sentence = words(step, view)
        bracketed = " ".join(re.findall(r"\(([^()]*)\)", sentence))
        for card in step.cards:
            for name in (T.card_name(card), T.the_card(card)):
                assert name not in bracketed, sentence
                assert "la carte " + name not in sentence, sentence


def test_no_french_lesson_sentence_says_de_le_or_a_le():
    install("fr")
    for step, view in learner_steps():
        sentence = words(step, view)
        assert not re.search(r"\b(?:de|à) le\b", sentence), sentence


@pytest.mark.parametrize("lang", ["fr", "vi"])
def test_bad_links_are_worded_for_every_reason(lang):
    install(lang)
    for reason, english in BAD_LINKS.items():
        assert bad_link(reason) != english
    assert bad_link("anything else") == bad_link("unknown")


def test_the_panel_follows_the_script_and_outlines_the_suggested_move():
    ui = lesson_ui(GUIDED)
    table = played(GUIDED, 0)
    view = table.view(LEARNER)
    html = render(view, ui)
    assert 'class="g-lesson"' in html and 'data-step="0"' in html
    assert words(GUIDED.steps[0], view) in html.replace("&#39;", "'")
    assert suggested(GUIDED, view) == ("take_upcard", None)
    assert html.count("g-suggest") == 2  # the pile and the Take the upcard button
    table = played(GUIDED, 2)  # the learner discarded: the computer's turn
    view = table.view(LEARNER)
    assert suggested(GUIDED, view) is None
    assert "The computer is playing its turn" in render_lesson(view, ui)
    table = played(GUIDED, 5)  # discard the 9 of spades: the card and the Discard button
    view = table.view(LEARNER)
    assert suggested(GUIDED, view) == ("discard", parse_cards("9S")[0].index)
    ui.sync_order(view)  # the page puts the hand in the player's order before drawing it
    html = render(view, ui)
    assert re.search(r'g-card[^"]*g-suggest[^"]*" data-act="card" data-key="c' + str(parse_cards("9S")[0].index), html)
    end = played(GUIDED, len(GUIDED.steps)).view(LEARNER)
    html = render(end, ui)
    assert 'data-step="' + str(len(GUIDED.steps)) + '"' in html and "whole hand" in html
    assert 'data-act="next_hand"' not in html  # a training is one hand


def test_off_the_script_the_panel_says_so_and_recalls_the_suggestion():
    ui = lesson_ui(GUIDED)
    table = TrainingTable(GUIDED)
    table.act(LEARNER, Action(PASS))
    view = table.view(LEARNER)
    html = render_lesson(view, ui)
    assert 'data-step="off"' in html and "You played a different move" in html
    assert "g-lesson-was" in html and "makes a run" in html
    assert suggested(GUIDED, view) is None


def test_the_panel_is_announced_once_when_it_says_the_same_again():
    # Off the script the panel says the same after each of the computer's moves: a screen
    # reader hears it once, and a new sentence (the computer's turn, a step) as it comes.
    state = {"code": "guided", "lesson": GUIDED}
    table = TrainingTable(GUIDED)
    first = step_news(state, table.view(LEARNER))
    assert first == step_text(GUIDED, table.view(LEARNER)) and step_news(state, table.view(LEARNER)) == ""
    table.act(LEARNER, Action(PASS))
    off = step_news(state, table.view(LEARNER))
    assert off.startswith("You played a different move")
    computer = make_player(GUIDED.level, GUIDED.position.seed)
    table.act(table.turn, computer.choose(table.match.view(table.turn)))
    assert step_news(state, table.view(LEARNER)) == ""


def test_a_training_table_is_never_saved_and_keeps_its_computer():
    table = TrainingTable(GUIDED)
    assert table.to_dict() is None and table.training
    table.set_level(1, "hard")
    assert table.seats == ["human", GUIDED.level]


def test_the_lesson_commands_work_only_in_a_lesson():
    ui = Ui()
    view = TrainingTable(GUIDED).view(LEARNER)
    assert C.run("lesson_restart", ui, view).effects == ()
    assert C.run("lesson_leave", ui, view).effects == ()
    assert C.run("guided", ui, view).effects == (E.GUIDED_HAND,)
    ui = lesson_ui(GUIDED)
    assert C.run("lesson_restart", ui, view).effects == (E.RESTART_LESSON,)
    assert C.run("lesson_leave", ui, view).effects == (E.LEAVE_LESSON,)


def test_a_lesson_can_be_reviewed_its_positions_rebuilt_from_the_lesson_s_deal():
    # A training hand has no save: the review replays it from the lesson's own deal, and each
    # position is exactly the View the learner had before the move.
    table = TrainingTable(GUIDED)
    computer = make_player(GUIDED.level, GUIDED.position.seed)
    seen = []
    for step in GUIDED.steps:
        seat = table.turn
        view = table.match.view(seat)
        action = step.action if seat == LEARNER else computer.choose(view)
        if seat == LEARNER and len(view.legal_actions) > 1:
            seen.append((view.to_dict(), action))
        table.act(seat, action)
    assert table.view(LEARNER).phase == "hand_over"
    rebuilt = [(view.to_dict(), action) for view, action in table.hand_decisions(LEARNER, replay)]
    assert rebuilt == seen and len(seen) >= 5
