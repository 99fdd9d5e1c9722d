"""Links to a section work in every language: content writes the English anchor, the build maps it.

A heading's anchor is made from its text in each language (`#le-decompte-d-une-manche`, so it
reads well in the reader's language), so `rules.html#layoffs`, written in the English source,
names no section of `fr/rules.html`. The headings of a page are the same blocks, in the same
order, in every language (a translation keeps its block: generator.checkers.structure), so the
n-th heading's English anchor and its anchor in another language are one map per page, made at
build time; every link of a translated page that names an English anchor is rewritten to that
language's. The table of contents links each page's own anchors already and is left as it is.

The glossary's entries are sorted in each language's order, so their anchors
(`glossaire-points-morts`, generator.content) are mapped by their English term instead: a
link to `rules.html#glossary-deadwood` names the French entry on `fr/rules.html`, and each
language's game catalogue gets the links of its own entries (`glossary_links`) for the coach.
"""

import re
from urllib.parse import quote, unquote

_HEADING_ID = re.compile(r'<h[1-6] id="([^"]*)"')
_TOC = re.compile(r'<nav[^>]* class="toc".*?</nav>', re.S)
_FRAGMENT_HREF = re.compile(r'href="([^"#]*)#([^"]*)"')


def heading_ids(html):
    """The anchors of a rendered page's headings, in order."""
    return _HEADING_ID.findall(html)


def anchor_maps(english, translated):
    """{slug: {English anchor: this language's}} from {slug: (heading_ids(), Page.terms)} of
    both languages: headings by their order, glossary entries by their English term."""
    maps = {}
    for slug, (headings, terms) in english.items():
        local_headings, local_terms = translated.get(slug, ((), {}))
        found = dict(zip(headings, local_headings, strict=False))
        for term, anchor in (terms or {}).items():
            if term in (local_terms or {}):
                found[anchor] = local_terms[term]
        maps[slug] = found
    return maps


def glossary_links(pages):
    """{English term's slug: "rules.html#glossaire-points-morts"}: where each glossary entry of
    these pages (one language's) is, from any page of that language."""
    links = {}
    for page in pages:
        for term, anchor in (page.terms or {}).items():
            links[term] = quote(page.slug) + ".html#" + anchor
    return links


def localize_fragments(html, slug, maps):
    """The page's HTML with each link to an English anchor (`#melds`, `rules.html#melds`) naming
    this language's anchor of the same heading instead."""

    def replace(match):
        target, fragment = match.group(1), match.group(2)
        if target == "":
            page = slug
        elif target.endswith(".html") and "/" not in target:
            page = unquote(target[: -len(".html")])
        else:
            return match.group(0)
        local = maps.get(page, {}).get(fragment)
        return match.group(0) if local is None else 'href="' + target + "#" + local + '"'

    parts, position = [], 0
    for toc in _TOC.finditer(html):
        parts.append(_FRAGMENT_HREF.sub(replace, html[position:toc.start()]))
        parts.append(toc.group(0))
        position = toc.end()
    parts.append(_FRAGMENT_HREF.sub(replace, html[position:]))
    return "".join(parts)
