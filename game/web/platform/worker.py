"""The computer's decisions in the Web Worker (static/game-worker.js imports this module).

A request is plain JSON, made by `LocalTable.decision_request` in the page: the computer level,
the match seed its player is made with and the View of its seat (`View.to_dict`); the answer
is the Action it plays (`Action.to_dict`). The player reads nothing but that View, so its
decision is the one the page would make itself (`LocalTable.step`).

A request {"coach": true, "view": ...} asks for the coach's hint in that View instead
(`game.ai.coach.suggest`, as `Suggestion.to_dict`): the same hint the page would work out, off
its main thread (bench/coach.py times it here).
"""

from game.ai import make_player
from game.view import View


def decide(request):
    """The action, as `Action.to_dict`, that the request's computer level plays from its View;
    for a coach's request, the hint (`Suggestion.to_dict`)."""
    view = View.from_dict(request["view"])
    if "coach" in request:
        from game.ai.coach import suggest

        return suggest(view).to_dict()
    return make_player(request["level"], request["seed"]).choose(view).to_dict()


def answer(text):
    """The worker's entry: a request as JSON text in, its action as JSON text out."""
    import javascript

    return javascript.JSON.stringify(decide(javascript.JSON.parse(text)))
