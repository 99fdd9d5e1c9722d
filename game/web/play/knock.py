"""The knock dialog's model (knock, gin, big gin): the cards the knocker declares, the groups
the dialog starts from (the engine's best arrangement; big gin: `arrange_all`), and what the
player's groups declare, checked by the engine (`game.scoring.check_declaration`, on the View's
cards and knock limit) before the action can be confirmed. The dialog's state is `Ui.dialog`:
its kind, its card (the discard) and its groups (card index -> 0 for deadwood or a meld
number). Its markup is `game.web.screens.dialogs`'. Pure Python.
"""

from game.errors import IllegalAction
from game.melds import arrange_all, best_arrangement
from game.scoring import check_declaration
from game.web.words import dialogtext as MT

GROUPS = 3  # meld groups offered in the knock dialog (10 or 11 cards hold at most 3 melds)


def knock_cards(view, d):
    """The cards the knocker declares: the hand without the discard (big gin: all of it)."""
    hand = view.hand
    if d["kind"] == "big_gin":
        return list(hand)
    return [c for c in hand if c.index != d["card"]]


def prefill(view, d):
    """Set the dialog's groups to the engine's best arrangement (big gin: `arrange_all`)."""
    cards = knock_cards(view, d)
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


def declared(view, d):
    """(melds, problem, arrangement) of the groups in the knock dialog, validated by the engine."""
    cards = knock_cards(view, d)
    melds = []
    for number in range(1, GROUPS + 1):
        group = [c for c in cards if d["groups"].get(c.index) == number]
        if group:
            melds.append(group)
    try:
        arrangement = check_declaration(cards, melds, d["kind"], view.knock_limit)
    except IllegalAction as problem:
        return melds, MT.declaration_problem(problem, melds), None
    return melds, None, arrangement
