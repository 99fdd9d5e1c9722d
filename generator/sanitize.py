"""Keep translators' text from becoming markup: escape it, except a few inline tags the source had.

The build refuses a translation with a tag, link target or image its English source does not
have (generator.checkers.structure); this is the second line of defence, for what reaches a
page. A translation may only use the inline tags (em, strong, code, a, br...) its source uses:
the Ammonia sanitizer (nh3) keeps those, a link's href only when it is http(s), mailto, a
relative path or a #fragment, and drops every other tag and attribute. Text whose source has no
tag is escaped whole, quotes included, so it is safe in an attribute too.
"""

import html
import re

import nh3

INLINE_TAGS = frozenset({"em", "strong", "code", "a", "br", "kbd", "abbr"})
URL_SCHEMES = frozenset({"http", "https", "mailto"})
_TAG_NAME = re.compile(r"</?\s*([A-Za-z][A-Za-z0-9]*)")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")


def safe_url(url):
    """True for http(s) and mailto URLs, relative paths and fragments; never javascript: etc."""
    # Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
    cleaned = re.sub(r"[\x00-\x20\x7f]", "", html.unescape(url))
    scheme = _SCHEME.match(cleaned)
    return scheme is None or scheme.group(1).lower() in URL_SCHEMES


def source_tags(text):
    """The whitelisted inline tags a source text uses."""
    return {name.lower() for name in _TAG_NAME.findall(text)} & INLINE_TAGS


def sanitize(text, allowed):
    """`text` as safe HTML, keeping only tags in `allowed` (with a safe href on links)."""
    if not set("<>&\"'") & set(text):
        return text
    if not allowed:
        return html.escape(text, quote=True)
    return nh3.clean(text, tags=set(allowed), attributes={"a": {"href"}} if "a" in allowed else {},
                     url_schemes=set(URL_SCHEMES), link_rel=None, strip_comments=True)
