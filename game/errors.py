"""The two errors the engine raises on bad input."""


class IllegalAction(Exception):
    """An action the rules do not allow now; the message says why. Nothing was changed.

    `reason` names the rule for a UI that words it in the player's language (e.g.
    "over_limit" with details deadwood=12, limit=10); the message is the English wording.
    """

    def __init__(self, message, reason="illegal", **details):
        super().__init__(message)
        self.reason = reason
        self.details = details


class CorruptSave(ValueError):
    """Saved data that cannot be restored; the message says what is wrong with it."""


def described(value):
    """A short description of any value for an error message: small numbers, None, booleans
    and the start of a string as written, anything else by its type ("a list"). Never the whole
    of a big value, and nothing of the value's own code is run."""
    kind = type(value)
    if value is None or kind is bool or kind is float or (kind is int and -10 ** 15 < value < 10 ** 15):
        return repr(value)
    if kind is int:
        return "an int of " + str(value.bit_length()) + " bits"
    if kind is str:
        return repr(value if len(value) <= 40 else value[:40] + "...")
    name = kind.__name__
    return ("an " if name[:1] in "aeiouAEIOU" else "a ") + name
