"""The `game` gettext domain as the page reads it: `catalog_data(po_path, lang)`, JSON-able.

The plural rule of the .po header is parsed into a small expression tree (`parse_plural`) that
`game.web.i18n.plural_index` evaluates in the page without `eval`.
"""
import re
from pathlib import Path

_TOKEN = re.compile(r"\s*(?:(\d+)|(n)|(\|\||&&|==|!=|<=|>=|[<>?:()!%+\-*/]))")
_BINARY = [("||",), ("&&",), ("==", "!="), ("<", "<=", ">", ">="), ("+", "-"), ("*", "/", "%")]


def parse_plural(expression):
    """A gettext plural expression (C syntax) as a tree: ints, "n", [op, a, b], ["?", c, a, b].

    `game.web.i18n.plural_index` evaluates the tree; no `eval` anywhere.
    """
    tokens = []
    pos = 0
    text = expression.strip().rstrip(";")
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if not match or match.end() == pos:
            raise ValueError("bad plural expression: " + repr(expression))
        number, var, op = match.groups()
        tokens.append(int(number) if number is not None else (var or op))
        pos = match.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    tokens.append(None)
    index = [0]

    def peek():
        return tokens[index[0]]

    def take():
        token = tokens[index[0]]
        index[0] += 1
        return token

    def ternary():
        cond = binary(0)
        if peek() == "?":
            take()
            yes = ternary()
            if take() != ":":
                raise ValueError("bad plural expression: " + repr(expression))
            no = ternary()
            return ["?", cond, yes, no]
        return cond

    def binary(level):
        if level == len(_BINARY):
            return unary()
        left = binary(level + 1)
        while peek() in _BINARY[level]:
            op = take()
            left = [op, left, binary(level + 1)]
        return left

    def unary():
        token = take()
        if token == "!":
            return ["!", unary()]
        if token == "(":
            inner = ternary()
            if take() != ")":
                raise ValueError("bad plural expression: " + repr(expression))
            return inner
        if isinstance(token, int) or token == "n":
            return token
        raise ValueError("bad plural expression: " + repr(expression))

    tree = ternary()
    if peek() is not None:
        raise ValueError("bad plural expression: " + repr(expression))
    return tree


def catalog_data(po_path, lang, template=None):
    """The JSON-able catalogue of the `game` domain for one language.

    Missing, empty (or only spaces) or fuzzy messages are left out (the UI shows the English
    source); a plural entry with an empty form is left out as a whole; with `template` (the
    domain's .pot), so is every entry it does not have: only what the game can look up
    reaches the browser. Keys: msgid, or context + "\\x04" + msgid (an empty msgctxt is a
    context, as in gettext).
    """
    from babel.messages.pofile import read_po

    from generator.checkers import shown_in_english

    messages = {}
    nplurals, plural = 2, ["!=", "n", 1]
    expected = None
    if template is not None and Path(template).is_file():
        with open(template, "rb") as handle:
            expected = {(m.context, m.id) for m in read_po(handle) if m.id}
    if po_path is not None and Path(po_path).is_file():
        with open(po_path, "rb") as handle:
            catalog = read_po(handle, locale=lang)
        nplurals = catalog.num_plurals
        plural = parse_plural(catalog.plural_expr)
        for message in catalog:
            if not message.id or shown_in_english(message):
                continue
            if expected is not None and (message.context, message.id) not in expected:
                continue
            msgid = message.id if isinstance(message.id, str) else message.id[0]
            key = msgid if message.context is None else message.context + "\x04" + msgid
            string = message.string
            messages[key] = list(string) if isinstance(string, tuple) else string
    return {"lang": lang, "nplurals": nplurals, "plural": plural, "messages": messages}
