"""The one error a build or a translator command reports: a message about a file and line."""


class BuildError(Exception):
    """Bad input: the site is not written; `str()` is `path:line: message` for the terminal."""

    def __init__(self, message, path=None, line=None):
        super().__init__(message)
        self.message = message
        self.path = str(path) if path is not None else None
        self.line = line

    def __str__(self):
        where = self.path or ""
        if self.path and self.line:
            where += ":" + str(self.line)
        return where + ": " + self.message if where else self.message
