"""The words of online play that the table server's answers and the network call for."""

from game.web.words import text as T
from game.web.words.i18n import _

# Loaded with the second bundle, once the game is ready (generator/modules.py).
BUNDLE = "later"


def online_problem(reason):
    """The player's sentence for a table server's refusal or a network problem."""
    return _(T.ONLINE_PROBLEMS.get(reason) or T.ONLINE_PROBLEMS["no_server"])
