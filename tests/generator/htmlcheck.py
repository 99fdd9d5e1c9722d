"""Strict enough HTML reading for tests: balanced tags, links, lang, hreflang, text."""

from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class Page(HTMLParser):
    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors = [], []
        self.tags = []  # (tag, attrs dict)
        self.texts = []
        self.feed(text)
        self.close()
        if self.stack:
            self.errors.append("unclosed: " + ", ".join(self.stack))

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:]} at {self.getpos()}")
            return
        self.stack.pop()

    def handle_data(self, data):
        if data.strip():
            self.texts.append(data.strip())

    def all(self, tag):
        return [attrs for name, attrs in self.tags if name == tag]

    def first(self, tag):
        return self.all(tag)[0]

    @property
    def title(self):
        return self.texts[0]  # <title> is the first text of the document
