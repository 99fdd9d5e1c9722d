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
