"""Every internal link of a built site resolves: its file exists, and its #anchor is an id there.

`broken_links(site, base_url)` reads every page's `href` and `src` attributes: relative ones,
root-relative ones (404 pages link from the site's base path) and absolute ones under
`base_url` (canonical, alternates). Other sites, `mailto:` and the game's own addresses in the
fragment (`#seed=123`, `#train=...`, `#table=...`, read by the page's script) are not checked.
The build warns about each broken link; the tests hold the project's own site to none.
"""

import html
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

_LINK = re.compile(r'\s(?:href|src)="([^"]*)"')
_ID = re.compile(r'\sid="([^"]*)"')
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


@dataclass(frozen=True)
class Broken:
    page: str  # the page holding the link, relative to the site root (e.g. "fr/faq.html")
    href: str  # as written
    reason: str


def broken_links(site, base_url):
    """Broken internal links of the site's HTML pages, in page order."""
    site = Path(site)
    base_path = urlsplit(base_url).path
    pages = {p.relative_to(site).as_posix(): p.read_text(encoding="utf-8")
             for p in sorted(site.rglob("*.html"))}
    ids = {}
    found = []
    for page, text in pages.items():
        for href in dict.fromkeys(html.unescape(h) for h in _LINK.findall(text)):
            reason = _check(site, page, href, base_url, base_path, pages, ids)
            if reason:
                found.append(Broken(page, href, reason))
    return found


def _check(site, page, href, base_url, base_path, pages, ids):
    if href.startswith(base_url):
        path = href[len(base_url):]
    elif href.startswith("//") or _SCHEME.match(href):
        return None  # another site, mailto:
    elif href.startswith("/"):
        if not href.startswith(base_path):
            return "outside the site's base path " + base_path
        path = href[len(base_path):]
    else:
        path = None
    address, _, fragment = (href if path is None else path).partition("#")
    address = address.partition("?")[0]
    if path is None:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page), unquote(address))) \
            if address else page
    else:
        target = posixpath.normpath(unquote(address) or ".")
    if target == ".." or target.startswith("../"):
        return "outside the site"
    if target == "." or address.endswith("/") or (site / target).is_dir():
        target = posixpath.normpath(posixpath.join(target, "index.html"))
    if not (site / target).is_file():
        return "no such file: " + target
    if not fragment or "=" in fragment:
        return None  # the top of the page, or an address for the game
    if target not in ids:
        ids[target] = set(_ID.findall(pages[target])) if target in pages else set()
    if unquote(fragment) not in ids[target]:
        return "no id " + repr(unquote(fragment)) + " in " + target
    return None
