"""Text made safe to put in markup: every text from the catalogue or the engine goes through
`esc` on its way into the game area's markup (the table's, the screens', the coach's words).
Pure Python."""

# Texts already escaped: a table's drawing escapes the same few hundred (names, classes, labels)
# at every move, and in the page five replacements cost more than a lookup. Bounded: emptied
# once it holds ESCAPED_SIZE texts.
ESCAPED_SIZE = 2000
_escaped = {}


def esc(value):
    text = value if type(value) is str else str(value)
    found = _escaped.get(text)
    if found is None:
        if len(_escaped) >= ESCAPED_SIZE:
            _escaped.clear()
        found = _escaped[text] = (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                                  .replace('"', "&quot;").replace("'", "&#39;"))
    return found
