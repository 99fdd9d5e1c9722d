"""The moments of the game the second bundle's features take part in, by name: each feature
says what it does then (`@on("match")`), and the App runs them (`run`) once that bundle is in
(`App.need`); no module below the features calls into them.

- "loaded" (app): the game starts, or saved data was cleared: read what the feature keeps;
- "match" (app, table, how): a match is on the table, `how` "dealt" (a new one), "restored"
  (a saved one) or "lesson" (a training hand);
- "move" (app, view): the table changed (`view`, the seat on screen's, brings its events);
- "link" (app, text) -> True when taken: the address names something a feature opens (the
  daily deal, a lesson, an online table), at the start or later;
- "mode" (app, mode) -> True when taken: a mode whose match is not the page's own (online);
- "newcomer" (app, linked): a first visit's first match is on the table.

Pure Python.
"""

HOOKS = {"loaded": [], "match": [], "move": [], "link": [], "mode": [], "newcomer": []}


def on(name):
    """`@on("match")` over a function: it runs at that moment."""
    def declaring(handler):
        HOOKS[name].append(handler)
        return handler
    return declaring


def run(name, *args):
    """Run every handler of `name`, in the order declared."""
    for handler in HOOKS[name]:
        handler(*args)


def taken(name, *args):
    """Run the handlers of `name` until one takes it (returns True); whether one did."""
    for handler in HOOKS[name]:
        if handler(*args):
            return True
    return False
