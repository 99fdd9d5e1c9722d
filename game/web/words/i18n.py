"""The `game` gettext domain in the page: lookups in a JSON catalogue, English fallback.

The catalogue is written by `generator.gamecatalog.page_catalog`:
`{"lang", "nplurals", "plural", "messages"}` where `plural` is the .po header's plural rule
as a small expression tree (ints, "n", [op, a, b], ["?", cond, a, b], ["!", a]) evaluated
here without `eval`, and `messages` maps msgid (or context + "\\x04" + msgid) to a string or
a list of plural forms (any mapping with `get`: the page's is `game.web.bridge.main.JsMessages`).
Pure Python: no `browser` import, so CPython tests can use it.
"""


def plural_index(tree, n):
    """Evaluate a plural-rule tree for the number n."""
    if type(tree) is int:
        return tree
    if tree == "n":
        return n
    op = tree[0]
    if op == "?":
        return plural_index(tree[2], n) if plural_index(tree[1], n) else plural_index(tree[3], n)
    if op == "!":
        return 0 if plural_index(tree[1], n) else 1
    a = plural_index(tree[1], n)
    if op == "&&":
        return 1 if a and plural_index(tree[2], n) else 0
    if op == "||":
        return 1 if a or plural_index(tree[2], n) else 0
    b = plural_index(tree[2], n)
    if op == "==":
        return 1 if a == b else 0
    if op == "!=":
        return 1 if a != b else 0
    if op == "<":
        return 1 if a < b else 0
    if op == "<=":
        return 1 if a <= b else 0
    if op == ">":
        return 1 if a > b else 0
    if op == ">=":
        return 1 if a >= b else 0
    if op == "%":
        return a % b if b else 0
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        return a // b if b else 0
    raise ValueError("unknown operator in plural rule: " + str(op))


MEMO_SIZE = 4000  # entries of a catalogue's memo: 52 cards in every state a hand shows them in


class Catalog:
    """gettext, ngettext, pgettext, npgettext over one language's messages."""

    def __init__(self, data=None):
        data = data or {}
        self.lang = data.get("lang", "en") if data else "en"
        self.nplurals = data.get("nplurals", 2) if data else 2
        self.plural = data.get("plural", ["!=", "n", 1]) if data else ["!=", "n", 1]
        self.messages = data.get("messages", {}) if data else {}
        # Markup worked out from this catalogue's words and kept for the page's life (`kept`: each
        # card of the hand as drawn, the score bar, the move buttons: game.web.table.table): a
        # move redraws the table, and most of it is the same words as before. Bounded by `remember`.
        self.memo = {}

    def remember(self, key, value):
        """Keep `value` under `key` in `memo` (emptied first once it holds MEMO_SIZE entries)."""
        if len(self.memo) >= MEMO_SIZE:
            self.memo.clear()
        self.memo[key] = value
        return value

    def kept(self, key, make, *args):
        """`make(*args)`, made once while `memo` keeps it under `key`."""
        found = self.memo.get(key)
        return found if found is not None else self.remember(key, make(*args))

    def gettext(self, message):
        text = self.messages.get(message)
        return text if type(text) is str else message

    def pgettext(self, context, message):
        text = self.messages.get(context + "\x04" + message)
        return text if type(text) is str else message

    def npgettext(self, context, singular, plural, n):
        key = singular if context is None else context + "\x04" + singular
        forms = self.messages.get(key)
        if type(forms) is list and len(forms) == self.nplurals:
            index = plural_index(self.plural, n)
            if 0 <= index < len(forms):
                return forms[index]
        return singular if n == 1 else plural

    def ngettext(self, singular, plural, n):
        return self.npgettext(None, singular, plural, n)


_current = [Catalog()]


def install(catalog):
    """Make `catalog` the language of the module-level `_`, `ngettext` and `pgettext`."""
    _current[0] = catalog


def current():
    return _current[0]


class installed:
    """`with installed(catalog):` that catalogue for the block, and the one before it again
    after (the build draws pages in several languages in one process)."""

    def __init__(self, catalog):
        self.catalog = catalog
        self.before = None

    def __enter__(self):
        self.before = current()
        install(self.catalog)
        return self.catalog

    def __exit__(self, *exc_info):
        install(self.before)
        return False


def N_(message):
    """Mark a message for extraction where it is defined (a table at import time, before the
    page's catalogue is installed); translate it with `_` where it is shown."""
    return message


def _(message):
    return _current[0].gettext(message)


def gettext(message):
    return _current[0].gettext(message)


def ngettext(singular, plural, n):
    return _current[0].ngettext(singular, plural, n)


def pgettext(context, message):
    return _current[0].pgettext(context, message)


def npgettext(context, singular, plural, n):
    return _current[0].npgettext(context, singular, plural, n)


def fmt(template, **values):
    """Fill `{name}` placeholders (str.format without its costs and surprises)."""
    for key in values:
        template = template.replace("{" + key + "}", str(values[key]))
    return template
