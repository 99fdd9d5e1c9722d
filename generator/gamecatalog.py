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


def catalog_data(po_path, lang):
    """The JSON-able catalogue of the `game` domain for one language.

    Missing, empty or fuzzy messages are left out (the UI shows the English source); a plural
    entry with an empty form is left out as a whole. Keys: msgid, or context + "\\x04" + msgid.
    """
    from babel.messages.pofile import read_po

    messages = {}
    nplurals, plural = 2, ["!=", "n", 1]
    if po_path is not None and Path(po_path).is_file():
        with open(po_path, "rb") as handle:
            catalog = read_po(handle, locale=lang)
        nplurals = catalog.num_plurals
        plural = parse_plural(catalog.plural_expr)
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            msgid = message.id if isinstance(message.id, str) else message.id[0]
            key = msgid if not message.context else message.context + "\x04" + msgid
            if isinstance(message.string, tuple):
                if all(message.string):
                    messages[key] = list(message.string)
            elif message.string:
                messages[key] = message.string
    return {"lang": lang, "nplurals": nplurals, "plural": plural, "messages": messages}
