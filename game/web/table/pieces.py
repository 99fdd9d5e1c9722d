"""The pieces of the game area that the second bundle's modules draw, registered by name as
each module is imported (as commands register: `game.web.play.registry`), so the render and the
table name them without importing their modules: "dialog:<kind>" -> (title, body markup), "end"
(the end of a hand), "position" (a reviewed decision on the table), "lobby" and "banner" (online
play), "panel" (a lesson's), "bar_tag" and "daily_end" (the daily deal's marks). Pure Python.
"""

PIECES = {}  # name -> the function that draws it


def piece(name):
    """`@piece("dialog:menu")` over the function that draws it; a name registered twice is a
    mistake (two modules would draw one piece)."""
    def declaring(draw):
        if name in PIECES:
            raise ValueError("the piece " + name + " is registered twice")
        PIECES[name] = draw
        return draw
    return declaring


def drawn(name, *args, missing=""):
    """The piece's markup (its function's result), or `missing` when no module registered it
    (its bundle could not be loaded)."""
    draw = PIECES.get(name)
    return draw(*args) if draw is not None else missing
