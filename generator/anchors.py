"""Links to a section work in every language: content writes the English anchor, the build maps it.

A heading's anchor is made from its text in each language (`#le-decompte-d-une-manche`, so it
reads well in the reader's language), so `rules.html#layoffs`, written in the English source,
names no section of `fr/rules.html`. The headings of a page are the same blocks, in the same
order, in every language (a translation keeps its block: generator.checkers.structure), so the
n-th heading's English anchor and its anchor in another language are one map per page, made at
build time; every link of a translated page that names an English anchor is rewritten to that
language's. The table of contents links each page's own anchors already and is left as it is.
"""

import re
from urllib.parse import unquote

_HEADING_ID = re.compile(r'<h[1-6] id="([^"]*)"')
_TOC = re.compile(r'<nav[^>]* class="toc".*?</nav>', re.S)
_FRAGMENT_HREF = re.compile(r'href="([^"#]*)#([^"]*)"')


def heading_ids(html):
    """The anchors of a rendered page's headings, in order."""
    return _HEADING_ID.findall(html)


def anchor_maps(english, translated):
    """{slug: {English anchor: this language's}} from {slug: heading_ids()} of both languages."""
    return {slug: dict(zip(english[slug], translated.get(slug, ()), strict=False)) for slug in english}


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
