"""The two errors the engine raises on bad input."""


class IllegalAction(Exception):
    """An action the rules do not allow now; the message says why. Nothing was changed."""


class CorruptSave(ValueError):
    """Saved data that cannot be restored; the message says what is wrong with it."""
