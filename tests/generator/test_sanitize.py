"""A translator cannot inject markup: scripts, event handlers and javascript: links."""

import json
import re

import pytest

from generator import build
from generator.config import load_config, safe_base_url
from generator.errors import BuildError
from generator.sanitize import safe_url, sanitize, source_tags
from tests.generator.conftest import quiet


def test_sanitize_drops_unknown_tags_attributes_and_unsafe_links():
    text = ('<script>alert(1)</script><img src=x onerror=alert(1)>'
            '<a href="javascript:alert(1)" onclick="x">a</a><em class="x">b</em>')
    assert sanitize(text, {"a", "em"}) == "<a>a</a><em>b</em>"


def test_sanitize_keeps_safe_links_and_closes_open_tags():
    assert sanitize('<a href="rules.html">r</a> <a href="https://x.org/?a=1&b=2">x', {"a"}) == (
        '<a href="rules.html">r</a> <a href="https://x.org/?a=1&amp;b=2">x</a>')
    assert sanitize('<a href="java\tscript:x">j</a> <a href="&#106;avascript:x">k</a>', {"a"}) == (
        "<a>j</a> <a>k</a>")


def test_only_the_tags_of_the_source_are_allowed():
    assert source_tags("Press <kbd>K</kbd> to <strong>knock</strong> <div>") == {"kbd", "strong"}
    assert sanitize("<strong>frappez</strong> <em>!</em>", {"strong"}) == (
        "<strong>frappez</strong> !")


def test_text_without_source_tags_is_escaped_whole_quotes_included():
    assert sanitize('x" onmouseover="alert(8)', set()) == "x&quot; onmouseover=&quot;alert(8)"
    assert sanitize("<b>", set()) == "&lt;b&gt;"


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


HOSTILE = [
    ("content", "No: the ace", r'"<script>alert(1)</script>"', "HTML the source does not have: <script>"),
    ("content", "No: the ace", r'"x <img src=x onerror=\"alert(2)\">"', "HTML the source does not have: <img>"),
    ("content", "No: the ace", r'"[clic](javascript:alert(3))"', "a link target the source does not have: javascript:alert"),
    ("content", "No: the ace", r'"x <a href=\"javascript:alert(4)\">a</a>"', "HTML the source does not have: <a>"),
    ("content", "Is the ace high", r'"<b onmouseover=alert(5)>Q</b>"', "HTML the source does not have: <b>"),
    ("content", "No: the ace", r'"x <!-- hidden -->"', "HTML the source does not have: <!--"),
    ("site", "Skip to content", r'"<script>alert(6)</script>"', "HTML the source does not have: <script>"),
    # Weak 8 of the reliability review: built with no word, shown as typed by the page.
    ("game", "Play a friend online", r'"Défausse <img src=x onerror=alert(1)>"', "HTML the source does not have: <img>"),
]


@pytest.mark.parametrize("domain, msgid, bad, match", HOSTILE)
def test_hostile_translations_are_refused_at_their_line(project, domain, msgid, bad, match):
    po = project / "locales" / "fr" / "LC_MESSAGES" / (domain + ".po")
    replace_msgstr(po, msgid, bad)
    with pytest.raises(BuildError, match=re.escape(match)) as info:
        build.build(project, project / "site", log=quiet, warn=quiet)
    assert info.value.path == str(po)
    lines = po.read_text(encoding="utf-8").splitlines()
    assert lines[info.value.line - 1].startswith('msgid "' + msgid)


def test_hostile_text_without_tags_comes_out_inert(project):
    site_po = project / "locales" / "fr" / "LC_MESSAGES" / "site.po"
    replace_msgstr(site_po, "Main menu", r'"x\" onmouseover=\"alert(8)"')
    content = project / "locales" / "fr" / "LC_MESSAGES" / "content.po"
    replace_msgstr(content, "No: the ace", r'"a < b & c > d \"q\""')
    build.build(project, project / "site", log=quiet, warn=quiet)
    html = (project / "site" / "fr" / "faq.html").read_text(encoding="utf-8")
    assert 'aria-label="x&quot; onmouseover=&quot;alert(8)"' in html
    assert "a &lt; b &amp; c &gt; d" in html


@pytest.mark.parametrize("url", [
    'https://x.example/"><script>alert(1)</script>',  # weak 12: accepted, escaped everywhere
    "https://x.example/a b/", "https://x.example/'x/", "https://x.example/<b>/",
    "https://x.example/\\n/", "https://x.example/\x07/",
])
def test_a_base_url_with_quotes_angle_brackets_or_spaces_is_refused(project, url):
    toml = project / "site.toml"
    text = re.sub(r'(?m)^base_url = .*$', lambda _: "base_url = " + json.dumps(url),
                  toml.read_text(encoding="utf-8"))
    toml.write_text(text, encoding="utf-8")
    with pytest.raises(BuildError, match="base_url may not hold") as info:
        load_config(project)
    assert info.value.path == str(toml) and "\n" not in str(info.value)


def test_a_plain_base_url_with_a_path_is_taken():
    assert safe_base_url("https://x.example/games/gin%20rummy/") is None
