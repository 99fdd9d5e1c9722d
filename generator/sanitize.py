"""Keep translators' text from becoming markup: escape it, except a few inline tags the source had.

A translation may only use the inline tags (em, strong, code, a, br...) its English source
uses; any other tag, every attribute but a link's href, and any href that is not http(s),
mailto, a relative path or a #fragment come out as escaped text or are dropped.
"""

import html
import re
from html.parser import HTMLParser

INLINE_TAGS = frozenset({"em", "strong", "code", "a", "br", "kbd", "abbr"})
_VOID = frozenset({"br"})
_TAG_NAME = re.compile(r"</?\s*([A-Za-z][A-Za-z0-9]*)")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")


def safe_url(url):
    """True for http(s) and mailto URLs, relative paths and fragments; never javascript: etc."""
    # Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
    cleaned = re.sub(r"[\x00-\x20\x7f]", "", html.unescape(url))
    scheme = _SCHEME.match(cleaned)
    return scheme is None or scheme.group(1).lower() in ("http", "https", "mailto")


def source_tags(text):
    """The whitelisted inline tags a source text uses."""
    return {name.lower() for name in _TAG_NAME.findall(text)} & INLINE_TAGS


def sanitize(text, allowed):
    """HTML-escape `text`, keeping only tags in `allowed` (with a safe href on links)."""
    if "<" not in text and "&" not in text and ">" not in text and '"' not in text and "'" not in text:
        return text
    if not allowed:
        return html.escape(text, quote=True)
    parser = _Sanitizer(allowed)
    parser.feed(text)
    parser.close()
    return parser.result()


class _Sanitizer(HTMLParser):
    def __init__(self, allowed):
        super().__init__(convert_charrefs=True)
        self.allowed = allowed
        self.out = []
        self.open = []

    def handle_starttag(self, tag, attrs):
        if tag not in self.allowed:
            self.out.append(html.escape(self.get_starttag_text(), quote=True))
            return
        kept = ""
        if tag == "a":
            href = dict(attrs).get("href")
            if href is not None and safe_url(href):
                kept = ' href="' + html.escape(href, quote=True) + '"'
        self.out.append("<" + tag + kept + ">")
        if tag not in _VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag in self.allowed and tag not in _VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag in self.open:
            # Close whatever the translator left open inside, so tags always nest.
            while self.open:
                name = self.open.pop()
                self.out.append("</" + name + ">")
                if name == tag:
                    break
        elif tag not in _VOID:
            self.out.append(html.escape("</" + tag + ">"))

    def handle_data(self, data):
        self.out.append(html.escape(data, quote=True))

    def handle_comment(self, data):
        self.out.append(html.escape("<!--" + data + "-->"))

    def handle_decl(self, decl):
        self.out.append(html.escape("<!" + decl + ">"))

    def handle_pi(self, data):
        self.out.append(html.escape("<?" + data + ">"))

    def unknown_decl(self, data):
        self.out.append(html.escape("<![" + data + "]>"))

    def result(self):
        self.out.extend("</" + name + ">" for name in reversed(self.open))
        self.open = []
        return "".join(self.out)
