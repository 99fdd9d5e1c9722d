"""Computer players. `make_player(name, seed)` returns an object whose `choose(view)` returns
an action for that view: one of `view.legal_actions`, or a knock with declared melds.

Players read only the `View` of their seat (never the match), and their random choices come from
`game.rng.Rng(seed, stream)` with a stream made of public data, so a decision is a function of
(seed, view). Nothing here imports the standard library: it runs in the page under Brython.
"""

from game.ai.easy import EasyPlayer
from game.ai.hard import HardPlayer
from game.ai.medium import MediumPlayer
from game.ai.simple import SimplePlayer

LEVELS = ("easy", "medium", "hard")
NAMES = ("simple", "easy", "medium", "hard")

_CLASSES = {"simple": SimplePlayer, "easy": EasyPlayer, "medium": MediumPlayer, "hard": HardPlayer}


def make_player(name, seed=0):
    """A computer player: "simple" (the research baseline), "easy", "medium" or "hard"."""
    if name not in _CLASSES:
        raise ValueError("unknown computer player " + repr(name) + "; choose from " + ", ".join(NAMES))
    return _CLASSES[name](seed)
