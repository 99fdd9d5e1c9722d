"""The `game` gettext domain as the page reads it: a language's checked messages as JSON-able data.

The build checks every catalogue once (generator.catalogs) and hands the `game` domain's
`Messages` to the bundle stage, which writes each language's JSON with `page_catalog`: the
same entries the build itself looks up (missing, empty, only-space, fuzzy and stale entries
are not in them), and the plural rule as the tree the page evaluates (generator.plurals).
"""

from generator.plurals import parse

ENGLISH_PLURAL = "(n != 1)"


# The context of the entries the build adds to each language's catalogue: "deadwood" ->
# "rules.html#glossaire-points-morts", where the guide's glossary explains the term in that
# language (generator.anchors.glossary_links); the coach links a term's first use to it.
GLOSSARY_LINK = "glossary link"


def page_catalog(lang, messages, glossary=None):
    """{"lang", "nplurals", "plural" (a tree), "messages": {key: str or [forms]}}; a key is the
    msgid, or context + "\x04" + msgid (an empty msgctxt is a context, as in gettext).
    `glossary`: {English term's slug: link} of the language's glossary entries, added as
    `GLOSSARY_LINK` entries."""
    entries = {}
    for (context, msgid), string in messages.items():
        key = msgid if context is None else context + "\x04" + msgid
        entries[key] = list(string) if isinstance(string, tuple) else string
    for term, link in (glossary or {}).items():
        entries[GLOSSARY_LINK + "\x04" + term] = link
    return {"lang": lang, "nplurals": messages.plural.nplurals, "plural": messages.plural.tree,
            "messages": entries}


def catalog_data(po_path, lang, template=None):
    """`page_catalog` of a .po file read and checked as the build does (for tools and tests):
    None or a missing file gives the English catalogue (no translations); with `template`
    (the domain's .pot), entries it does not have are left out."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    from generator.catalogs import Messages, check_catalog, read_catalog
    from generator.plurals import PluralRule

    if po_path is None or not Path(po_path).is_file():
        return page_catalog(lang, Messages({}, PluralRule(parse(ENGLISH_PLURAL), 2)))
    expected = None
    if template is not None and Path(template).is_file():
        with open(template, "rb") as handle:
            expected = {(m.context, m.id) for m in read_po(handle) if m.id}
    messages = check_catalog(read_catalog(po_path, lang, "game"), po_path, lang, expected)[0]
    return page_catalog(lang, messages)
