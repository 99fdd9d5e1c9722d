"""A translator cannot inject markup: scripts, event handlers and javascript: links."""

from generator import build
from generator.sanitize import safe_url, sanitize, source_tags
from tests.generator.conftest import quiet


def test_sanitize_escapes_unknown_tags_and_drops_attributes():
    text = ('<script>alert(1)</script><img src=x onerror=alert(1)>'
            '<a href="javascript:alert(1)" onclick="x">a</a><em class="x">b</em>')
    assert sanitize(text, {"a", "em"}) == (
        "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"
        "<a>a</a><em>b</em>")


def test_sanitize_keeps_safe_links_and_closes_open_tags():
    assert sanitize('<a href="rules.html">r</a> <a href="https://x.org/?a=1&b=2">x', {"a"}) == (
        '<a href="rules.html">r</a> <a href="https://x.org/?a=1&amp;b=2">x</a>')


def test_only_the_tags_of_the_source_are_allowed():
    assert source_tags("Press <kbd>K</kbd> to <strong>knock</strong> <div>") == {"kbd", "strong"}
    assert sanitize("<strong>frappez</strong> <em>!</em>", {"strong"}) == (
        "<strong>frappez</strong> &lt;em&gt;!&lt;/em&gt;")


def test_safe_url():
    assert all(safe_url(u) for u in ("rules.html", "../fr/", "#x", "https://a.org", "mailto:a@b.c"))
    assert not any(safe_url(u) for u in ("javascript:alert(1)", " JavaScript:x", "java\tscript:x",
                                         "&#106;avascript:x", "data:text/html,x", "vbscript:x"))


def replace_msgstr(po, msgid_start, new):
    lines = po.read_text(encoding="utf-8").split("\n")
    for index, line in enumerate(lines):
        if line.startswith('msgid "' + msgid_start):
            while not lines[index].startswith("msgstr"):
                index += 1
            lines[index] = "msgstr " + new
            end = index + 1
            while end < len(lines) and lines[end].startswith('"'):
                end += 1
            del lines[index + 1:end]
            po.write_text("\n".join(lines), encoding="utf-8")
            return
    raise AssertionError(msgid_start)


def test_hostile_translations_come_out_inert(project):
    content = project / "locales" / "fr" / "LC_MESSAGES" / "content.po"
    replace_msgstr(content, "No: the ace", r'"<script>alert(1)</script> <img src=x onerror=\"alert(2)\"> '
                   r'[clic](javascript:alert(3)) <a href=\"javascript:alert(4)\">a</a>"')
    replace_msgstr(content, "Is the ace high", r'"<b onmouseover=alert(5)>Q</b>"')
    site_po = project / "locales" / "fr" / "LC_MESSAGES" / "site.po"
    replace_msgstr(site_po, "Skip to content", r'"<script>alert(6)</script>\" onfocus=\"alert(7)"')
    replace_msgstr(site_po, "Main menu", r'"x\" onmouseover=\"alert(8)"')
    build.build(project, project / "site", log=quiet, warn=quiet)
    html = (project / "site" / "fr" / "faq.html").read_text(encoding="utf-8")
    for needle in ("<script>alert", "<img", 'href="javascript', "<b ", 'onerror="', 'onfocus="',
                   'onmouseover="', "<a>a"):
        assert needle not in html, needle
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;script&gt;alert(6)&lt;/script&gt;&quot; onfocus=&quot;alert(7)" in html
    assert 'aria-label="x&quot; onmouseover=&quot;alert(8)"' in html
    assert "<a>clic</a>" in html  # the link text stays, its javascript: target is gone
