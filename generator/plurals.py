"""Plural-Forms headers checked as msgfmt and a careful translator would.

The expression must compile and give, for every n from 0 to 1000, an index of one of the
nplurals forms; nplurals should be what Babel's table (from CLDR) gives for the language, or the
classic gettext count translators use (GETTEXT_PLURALS), else the build warns.
"""

import gettext

from babel.messages.plurals import get_plural

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


def plural_function(expression, nplurals):
    """n -> form index, after checking the expression over CHECKED; raises PluralError."""
    try:
        function = gettext.c2py(expression)
    except (ValueError, SyntaxError, RecursionError):
        raise PluralError("the plural expression does not parse") from None
    for n in CHECKED:
        try:
            index = function(n)
        except ZeroDivisionError:
            raise PluralError(f"the plural expression divides by zero for n = {n}") from None
        if not 0 <= index < nplurals:
            raise PluralError(f"the plural expression gives form {index} for n = {n}, but "
                              f"nplurals={nplurals} allows 0 to {nplurals - 1}")
    return function


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
    others = [gettext.c2py(expression) for count, expression in known_rules(lang) if count == nplurals]
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
