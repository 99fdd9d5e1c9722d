"""The current hand of a saved match, replayed move by move: the positions one seat decided in.

A hand review needs each decision of a player as it was: the View that player had just before
the move, and the move. The engine rebuilds them from the save (seed, rules, score sheet and the
hand's actions), never from cards kept anywhere else, so a position shown again is exactly the
one that was played, and a View holds only what that seat could know then.
"""

from game.match import Match


def decisions(saved, seat):
    """[(View, Action)] for each move `seat` made in the current hand of `saved` (a
    `Match.to_dict()`), in order: the View is that seat's just before the move. Moves with a single
    legal choice (drawing from the stock after both players passed the upcard) are left out:
    nothing was decided there. Raises CorruptSave, as `Match.from_dict` does, on a bad save."""
    start = dict(saved)
    start["actions"] = []
    replayed = Match.from_dict(saved)  # the whole save must replay before any of it is shown
    return decisions_from(Match.from_dict(start), replayed.actions, seat)


def decisions_from(match, actions, seat):
    """The same for a match at the start of its hand (a training hand, which has no save) and
    the hand's actions: `match` is played forward, each action checked by the engine."""
    found = []
    for action in actions:
        if match.current_player == seat and len(match.legal_actions()) > 1:
            found.append((match.view(seat), action))
        match.apply(action)
    return found
