"""Plural-Forms headers checked as msgfmt and a careful translator would, and evaluated once.

The expression must parse and give, for every n from 0 to 1000, an index of one of the
nplurals forms; nplurals should be what Babel's table (from CLDR) gives for the language, or the
classic gettext count translators use (GETTEXT_PLURALS), else the build warns.

One evaluator for every use: the expression is parsed into a small tree (`parse`) that
`game.web.words.i18n.plural_index` evaluates, in the page (without `eval`) and in the build alike,
so a plural form chosen in a page of the guide is the one the game chooses.
(tests/generator/test_plurals.py checks the tree against gettext's own `c2py`.)
"""

import re

from babel.messages.plurals import get_plural

from game.web.words.i18n import plural_index

# Babel follows CLDR, which gives these languages a third plural form for millions; gettext
# tools and translators use the classic forms, so new catalogues start with these.
GETTEXT_PLURALS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "pt_BR": "nplurals=2; plural=(n > 1);",
    "pt": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "ca": "nplurals=2; plural=(n != 1);",
}
CHECKED = range(0, 1001)


class PluralError(ValueError):
    """What is wrong with a Plural-Forms header, worded for the translator."""


class PluralRule:
    """A checked plural rule: `rule(n)` is the form index; `tree` is what the page evaluates."""

    __slots__ = ("tree", "nplurals")

    def __init__(self, tree, nplurals):
        self.tree = tree
        self.nplurals = nplurals

    def __call__(self, n):
        return plural_index(self.tree, n)


def plural_function(expression, nplurals):
    """The rule (n -> form index), after checking the expression over CHECKED; raises PluralError."""
    try:
        rule = PluralRule(parse(expression), nplurals)
    except (ValueError, RecursionError):
        raise PluralError("the plural expression does not parse") from None
    for n in CHECKED:
        if _divides_by_zero(rule.tree, n):
            raise PluralError(f"the plural expression divides by zero for n = {n}")
        index = rule(n)
        if not 0 <= index < nplurals:
            raise PluralError(f"the plural expression gives form {index} for n = {n}, but "
                              f"nplurals={nplurals} allows 0 to {nplurals - 1}")
    return rule


def _divides_by_zero(tree, n):
    # gettext's C rule divides: x / 0 or x % 0 is an error there (the page's evaluator answers 0).
    if type(tree) is not list:
        return False
    if tree[0] in ("/", "%") and plural_index(tree[2], n) == 0:
        return True
    return any(_divides_by_zero(branch, n) for branch in tree[1:])


def known_rules(lang):
    """(nplurals, expression) pairs translators use for `lang`: CLDR's (from Babel), and the
    classic gettext one where it differs."""
    rule = get_plural(lang)
    rules = [(rule.num_plurals, rule.plural_expr)]
    if lang in GETTEXT_PLURALS:
        count, expression = GETTEXT_PLURALS[lang].split(";")[:2]
        rules.append((int(count.split("=")[1]), expression.split("=", 1)[1].strip()))
    return rules


def expected_counts(lang):
    """The numbers of plural forms a catalogue of `lang` may declare."""
    return {count for count, _ in known_rules(lang)}


def first_difference(function, nplurals, lang):
    """The first n in CHECKED where `function` picks another form than every known rule of
    `lang` with `nplurals` forms (e.g. French 0 written as a plural), or None."""
    others = [PluralRule(parse(expression), count) for count, expression in known_rules(lang)
              if count == nplurals]
    if not others:
        return None
    for n in CHECKED:
        if all(function(n) != other(n) for other in others):
            return n
    return None


def suggested(lang):
    """The Plural-Forms header to suggest for `lang`."""
    if lang in GETTEXT_PLURALS:
        return GETTEXT_PLURALS[lang]
    rule = get_plural(lang)
    return f"nplurals={rule.num_plurals}; plural={rule.plural_expr};"


# --- the expression as a tree --------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(\d+)|(n)|(\|\||&&|==|!=|<=|>=|[<>?:()!%+\-*/]))")
_BINARY = [("||",), ("&&",), ("==", "!="), ("<", "<=", ">", ">="), ("+", "-"), ("*", "/", "%")]


def parse(expression):
    """A gettext plural expression (C syntax) as a tree: ints, "n", [op, a, b], ["?", c, a, b].

    `game.web.words.i18n.plural_index` evaluates the tree; no `eval` anywhere.
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
