"""The computer's decisions, in the worker beside the rest of the game: the computer players'
bundle is loaded when first needed (`load_players`: the page is ready before the computer moves),
then each decision is made in a task of its own, so the frame of the move before it goes out
first. A decision request is plain JSON (`LocalTable.decision_request`: the computer level, the
seed its player is made with, the View of its seat); the answer is the Action it plays.

Pure Python: the host loads the bundle and runs the tasks (`ports.Host`).
"""

from game.actions import Action
from game.view import View


def decide(request):
    """The action, as `Action.to_dict`, that the request's computer level plays from its View;
    for a coach's request ({"coach": true, "view": ...}), the hint (`Suggestion.to_dict`)."""
    from game.ai import make_player

    view = View.from_dict(request["view"])
    if "coach" in request:
        from game.ai.coach import suggest

        return suggest(view).to_dict()
    return make_player(request["level"], request["seed"]).choose(view).to_dict()


class Thinker:
    """`host` loads scripts, runs tasks and reads the clock; `players` is the URL of the computer
    players' bundle ("" when the page names none: no computer can move)."""

    def __init__(self, host, players):
        self.host = host
        self.players = players
        self.players_loaded = False
        self.loading = []  # callbacks waiting for the bundle
        self.broken = False  # the bundle could not be loaded

    def load_players(self, done):
        """`done(True)` once the players' bundle is in the worker, `done(False)` if it cannot be."""
        if self.players_loaded or self.broken:
            done(self.players_loaded)
            return
        self.loading.append(done)
        if len(self.loading) > 1:
            return
        if not self.players:
            self.host.next_task(lambda: self.loaded(False))
            return
        self.host.load_script(self.players, lambda: self.loaded(True), lambda: self.loaded(False))

    def loaded(self, ok):
        self.players_loaded = ok
        self.broken = not ok
        if not ok:
            self.host.warn("Gin Rummy: the computer players could not be loaded: " + (self.players or "none named"))
        waiting, self.loading = self.loading, []
        for done in waiting:
            done(ok)

    def ask(self, request, callback):
        """`callback(action, ms)` with the Action the request's player chooses and the time it
        took, in a task of its own; (None, 0) when the players cannot be loaded."""
        def when_loaded(ok):
            if not ok:
                callback(None, 0)
                return
            self.host.next_task(lambda: self.answer(request, callback))
        self.load_players(when_loaded)

    def answer(self, request, callback):
        started = self.host.now()
        action = Action.from_dict(decide(request))
        callback(action, self.host.now() - started)
