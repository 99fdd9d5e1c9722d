"""Every command the player's controls can run and every effect a command asks of the page,
each declared once, beside its handler, by the module that holds it.

A command has a name (the `data-act` of its control, or a shortcut's), a handler (the UI state,
the View on screen and the argument -> an `Outcome`, or None for nothing), and says where it
works:
- `alone`: the page's first bundle carries it out by itself; any other command waits until the
  second bundle is in the page (`App.need`: its screens or effects are there);
- `while_hidden`: it works while a two-player screen hides both hands;
- `in_lobby`: it works on the online lobby, where there is no View;
- `players`: its handler runs a computer player in the page (the coach), whose bundle is
  loaded first.
`tests/web/play/test_registry.py` checks these against the bundle split the build makes.

An effect is what the page does after a command besides drawing (save the preferences, deal a
new match, open an online table...): `perform(app, outcome)` of the module that does it, True
when it drew the screen itself (then the page draws nothing more).

A module of the second bundle declares its commands and effects when it is imported.
Pure Python: no `browser`.
"""

COMMANDS = {}  # name -> Command
EFFECTS = {}  # name -> perform(app, outcome)


class Command:
    __slots__ = ("name", "handler", "alone", "while_hidden", "in_lobby", "players")

    def __init__(self, name, handler, alone, while_hidden, in_lobby, players):
        self.name = name
        self.handler = handler
        self.alone = alone
        self.while_hidden = while_hidden
        self.in_lobby = in_lobby
        self.players = players


def declare(name, handler, alone=False, while_hidden=False, in_lobby=False, players=False):
    """Declare the command `name`; a name declared twice is a mistake (two handlers would
    claim one control)."""
    if name in COMMANDS:
        raise ValueError("the command " + name + " is declared twice")
    COMMANDS[name] = Command(name, handler, alone, while_hidden, in_lobby, players)
    return handler


def command(name, alone=False, while_hidden=False, in_lobby=False, players=False):
    """`@command("pass", alone=True)` over a handler: `declare` it."""
    def declaring(handler):
        return declare(name, handler, alone, while_hidden, in_lobby, players)
    return declaring


def effect(name):
    """`@effect(NEW_MATCH)` over `perform(app, outcome)`: the page does it after a command
    whose Outcome asks for it."""
    def declaring(perform):
        if name in EFFECTS:
            raise ValueError("the effect " + name + " is declared twice")
        EFFECTS[name] = perform
        return perform
    return declaring


def find(name):
    """The command declared as `name`, or None (not declared, or not yet: a command of the
    second bundle before it is in the page)."""
    return COMMANDS.get(name)
