"""Two pseudo-locales, built by `make pseudo` (`python -m generator build --pseudo`) and never
published: every message of the code "translated" by a rule, so a page shows at a glance what a
real translation would break.

- `en-XA`, accented and longer: "Ďîšçáŕđ {card}?" becomes "⟦Ďîšçáŕđ {card}? ôñé ţŵö⟧", about
  40 % longer, as French or German often is. English left on a page is a word of plain ASCII
  letters (a hard-coded string, or a message nobody extracted); text that overflows or is cut
  shows where the brackets are missing.
- `ar-XB`, mirrored right to left: each word in a right-to-left override (U+202E ... U+202C),
  on pages whose direction is right to left (CLDR's for Arabic, whose plural rules it also
  takes: six forms). The table, the fan, the dialogs and the guide must mirror; a word that
  reads left to right is English left on the page.

Placeholders, card chips, Markdown links' targets, code, HTML tags and entities are kept as
written, so every check of generator.checkers passes on them as on a real translation; a
shortcut key, a separator and the letter printed on a card keep their length.
"""

import itertools
import re
from dataclasses import dataclass

from babel.messages.catalog import Catalog

from generator.catalogs import LanguageCatalogs, check_catalog
from generator.config import DOMAINS, Language
from generator.poheader import Header

# Kept as written: placeholders, %-formats, card and key chips, a link's target, inline code,
# HTML tags and entities, Markdown escapes, URLs.
_KEPT = re.compile(r"\{+[^{}\s]*\}+|%\([A-Za-z_]\w*\)[sdifr]|%%|\[\[[^\[\]]*\]\]|\]\([^)]*\)"
                   r"|`[^`]*`|<[^>]*>|&#?\w+;|\\.|https?://\S+")
_ACCENTED = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                          "áƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÁƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
_PADDING = "one two three four five six seven eight nine ten eleven twelve".translate(_ACCENTED).split()
_WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)*")
RLO, PDF = "\u202e", "\u202c"
# Messages that are not words: kept (a key, a separator), or of one length (a card's letter,
# the word that must stay part of "Move left").
_KEEP = {"shortcut", "list separator", "decimal separator"}
_SHORT = {"rank symbol", "arrow button"}


def _pieces(text):
    """(is_text, piece) in order: the words to change, and what is kept as written."""
    at = 0
    for match in _KEPT.finditer(text):
        if match.start() > at:
            yield True, text[at:match.start()]
        yield False, match.group(0)
        at = match.end()
    if at < len(text):
        yield True, text[at:]


def accented(text, longer=True):
    """en-XA: letters accented, and the text ~40 % longer inside ⟦ ⟧ (unless `longer` is False)."""
    out = "".join(piece.translate(_ACCENTED) if is_text else piece for is_text, piece in _pieces(text))
    if not longer or not out.strip():
        return out
    letters = sum(len(piece) for is_text, piece in _pieces(text) if is_text)
    padding, words = "", itertools.cycle(_PADDING)
    while len(padding) < letters * 0.4 - 2:
        padding += " " + next(words)
    # The padding goes before a trailing line break, so a paragraph keeps its shape.
    stripped = out.rstrip("\n")
    return "⟦" + stripped + padding + "⟧" + out[len(stripped):]


def mirrored(text, longer=True):
    """ar-XB: each word of the text in a right-to-left override."""
    return "".join(_WORD.sub(lambda m: RLO + m.group(0) + PDF, piece) if is_text else piece
                   for is_text, piece in _pieces(text))


@dataclass(frozen=True)
class Pseudo:
    language: Language
    locale: str  # the CLDR locale whose plural rules it takes
    transform: object  # text, longer -> text


PSEUDO_LOCALES = (
    Pseudo(Language("en-XA", "en-XA", accented("Pseudo-English", longer=False), "ltr"), "en", accented),
    Pseudo(Language("ar-XB", "ar-XB", mirrored("Pseudo-Bidi"), "rtl"), "ar", mirrored),
)


def translate(pseudo, message, nplurals, plural):
    """The pseudo-translation of one template entry (str, or a tuple of plural forms)."""
    if message.context in _KEEP:
        return message.id
    longer = message.context not in _SHORT
    if isinstance(message.id, str):
        return pseudo.transform(message.id, longer)
    singular, general = (pseudo.transform(text, longer) for text in message.id)
    ones = {plural(1)}
    return tuple(singular if form in ones else general for form in range(nplurals))


def pseudo_catalogs(pseudo, templates, expected):
    """LanguageCatalogs of a pseudo-locale from the code's messages (`templates`: {domain: a
    template Catalog}, generator.sources), checked as a real language's are."""
    from generator.plurals import plural_function

    domains, parsed, warnings = {}, {}, []
    for domain in DOMAINS:
        catalog = Catalog(locale=pseudo.locale, domain=domain, fuzzy=False, charset="utf-8")
        plural = plural_function(catalog.plural_expr, catalog.num_plurals)
        for message in templates[domain]:
            if message.id:
                catalog.add(message.id, translate(pseudo, message, catalog.num_plurals, plural),
                            context=message.context, auto_comments=message.auto_comments)
        path = f"({pseudo.language.code} pseudo-locale) {domain}.po"
        messages, _gaps, _count, found = check_catalog(catalog, path, pseudo.locale,
                                                       expected.get(domain), Header({}))
        domains[domain], parsed[domain] = messages, catalog
        warnings.extend(found)
    return LanguageCatalogs(pseudo.language.code, domains, (), parsed, tuple(warnings))
