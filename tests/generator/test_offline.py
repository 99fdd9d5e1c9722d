"""generator.offline: the service worker, the manifests and the icons the build writes, and the
worker's script run in V8 (mini-racer, as the build's compiler) against a stand-in `self`."""

import json
import struct
import zlib

import pytest
from py_mini_racer import MiniRacer

from generator import build, offline
from generator.config import language
from generator.errors import BuildError
from tests.generator.conftest import REPO, quiet

STATIC = REPO / "site_templates" / "static"


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def png_pixels(data):
    """The RGBA rows of a PNG of 8-bit RGBA (what resvg writes), filters undone."""
    width, height = png_size(data)
    assert data[24:26] == b"\x08\x06", "8-bit RGBA"
    raw, at = b"", 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"IDAT":
            raw += data[at + 8:at + 8 + length]
        at += 12 + length
    raw = zlib.decompress(raw)
    rows, previous, stride = [], bytearray(width * 4), width * 4
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - 4] if x >= 4 else 0
            up, corner = previous[x], previous[x - 4] if x >= 4 else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                guess = min((abs(p - left), 0, left), (abs(p - up), 1, up), (abs(p - corner), 2, corner))[2]
                line[x] = (line[x] + guess) & 255
        rows.append(bytes(line))
        previous = line
    return rows


def pixel(rows, x, y):
    return tuple(rows[y][x * 4:x * 4 + 4])


def test_the_icons_are_the_favicon_on_the_felt_at_their_sizes():
    found = offline.colours(STATIC)
    assert found == offline.Colours(theme="#0b5d3b", background="#1d5c3c")
    icons = offline.icons((STATIC / "favicon.svg").read_text(encoding="utf-8"), found.background)
    assert sorted(icons) == ["icon-192.png", "icon-512.png", "icon-maskable-512.png"]
    for name, size, _purpose, _share in offline.ICONS:
        assert png_size(icons[name]) == (size, size)
        rows = png_pixels(icons[name])
        assert pixel(rows, 1, 1) == (0x1d, 0x5c, 0x3c, 255)  # the felt in the corner
        middle = pixel(rows, size // 2, size // 2)
        assert middle[0] > 150 and middle[1] < 80  # the red spade in the middle of the card
    # The maskable icon keeps the card inside the middle 80 % a launcher's mask keeps.
    rows = png_pixels(icons["icon-maskable-512.png"])
    assert pixel(rows, 512 // 2, int(512 * 0.11)) == (0x1d, 0x5c, 0x3c, 255)
    assert icons == offline.icons((STATIC / "favicon.svg").read_text(encoding="utf-8"), found.background)


def test_a_stylesheet_without_the_colour_is_named(tmp_path):
    (tmp_path / "site.css").write_text(":root { --ink: #000; }\n", encoding="utf-8")
    (tmp_path / "game.css").write_text(":root { --g-felt: #1d5c3c; }\n", encoding="utf-8")
    with pytest.raises(BuildError, match="--accent") as caught:
        offline.colours(tmp_path)
    assert caught.value.path == str(tmp_path / "site.css")


def test_a_favicon_that_cannot_be_drawn_is_a_build_error():
    with pytest.raises(BuildError, match="could not be drawn"):
        offline.icons('<svg xmlns="http://www.w3.org/2000/svg" width="1" width="2"></svg>', "#000")
    with pytest.raises(BuildError, match="must start with <svg"):
        offline.icons("<?xml version='1.0'?><svg/>", "#000")


def test_the_manifest_of_a_language():
    data = json.loads(offline.manifest(language("vi"), "/gin/", "Gin Rummy", "Chơi gin rummy",
                                       offline.Colours("#0b5d3b", "#1d5c3c")))
    assert data["id"] == "/gin/vi/"  # resolved against the origin: one app per language
    assert (data["start_url"], data["scope"], data["display"], data["lang"]) == ("./", "./", "standalone", "vi")
    assert (data["theme_color"], data["background_color"]) == ("#0b5d3b", "#1d5c3c")
    assert data["description"] == "Chơi gin rummy" and data["short_name"] == "Gin Rummy"
    assert {(icon["sizes"], icon["purpose"]) for icon in data["icons"]} == {
        ("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    assert all(icon["src"].startswith("../static/icon-") for icon in data["icons"])


def _site(tmp_path):
    site = tmp_path / "site"
    for path in ("static/brython.0123456789.js", "static/brython.0123456789.js.br", "static/site.css",
                 "static/game-en.aaaaaaaaaa.json", "static/game-fr.bbbbbbbbbb.json",
                 "en/index.html", "en/rules.html", "en/404.html", "en/index.html.gz",
                 "en/manifest.webmanifest", "fr/index.html", "fr/404.html", "fr/manifest.webmanifest",
                 "index.html", "404.html", "tables.json", "_headers", "sw.js"):
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_text(path, encoding="utf-8")
    return site


CATALOGS = {"en": "static/game-en.aaaaaaaaaa.json", "fr": "static/game-fr.bbbbbbbbbb.json"}


def test_each_language_keeps_its_pages_and_catalogue_and_the_shared_files(tmp_path):
    files = offline.precache(_site(tmp_path), CATALOGS)
    assert files.shared == ("static/brython.0123456789.js", "static/site.css")
    assert files.languages == {
        "en": ("en/", "en/rules.html", "en/404.html", "en/manifest.webmanifest", "static/game-en.aaaaaaaaaa.json"),
        "fr": ("fr/", "fr/404.html", "fr/manifest.webmanifest", "static/game-fr.bbbbbbbbbb.json")}
    listed = files.shared + files.languages["en"] + files.languages["fr"]
    assert not [path for path in listed if path.startswith(("api/", "ws/", "__dev/", "tables.json"))]


def test_the_build_key_follows_every_listed_file(tmp_path):
    site = _site(tmp_path)

    def data():
        text = offline.worker_script(REPO / "site_templates", REPO, site, CATALOGS, "k")
        return json.loads(text.split("var OFFLINE=", 1)[1].split(";var PREFIX", 1)[0])

    first = data()
    assert first["assets"] == "k" and first["languages"]["fr"][0] == "fr/"
    (site / "404.html").write_text("changed", encoding="utf-8")  # the root's: not kept, same key
    assert data()["build"] == first["build"]
    (site / "fr" / "404.html").write_text("changed", encoding="utf-8")  # kept: shown offline
    second = data()
    assert second["build"] != first["build"]
    (site / "fr" / "index.html").write_text("changed", encoding="utf-8")
    assert data()["build"] != second["build"]


def test_a_template_without_its_placeholder_is_refused(tmp_path):
    (tmp_path / "sw.js").write_text("var OFFLINE = {};\n", encoding="utf-8")
    with pytest.raises(BuildError, match="exactly once"):
        offline.worker_script(tmp_path, tmp_path, _site(tmp_path), CATALOGS, "k")


# The worker's script in V8 with a stand-in service worker global: which events it listens to,
# and what its fetch handler answers (respondWith called or not).
HARNESS = """
var listeners = {};
var self = {location: {href: "https://example.org/gin/sw.js"},
            registration: {scope: SCOPE, unregister: function () {}},
            addEventListener: function (name, f) { listeners[name] = f; },
            skipWaiting: function () {}, clients: {}};
var URL = function (href, base) {
  var full = base ? base.replace(/[^/]*$/, "") + href.replace(/^\\.\\//, "") : href;
  var origin = full.match(/^https?:\\/\\/[^/]+/)[0];
  var rest = full.slice(origin.length).split(/[?#]/)[0];
  this.href = full; this.origin = origin; this.pathname = rest;
};
var pending = {then: function () { return pending; }};
var caches = {match: function () { return pending; }, open: function () { return pending; }};
var fetch = function () { return pending; };
var setTimeout = function () {}, clearTimeout = function () {};
function answered(url, mode) {
  var said = false;
  listeners.fetch({request: {method: "GET", url: url, mode: mode || "no-cors"},
                   respondWith: function () { said = true; }});
  return said;
}
"""


def _worker(tmp_path, scope, assets="k"):
    ctx = MiniRacer()
    ctx.eval("var SCOPE = " + json.dumps(scope) + ";" + HARNESS)
    ctx.eval(offline.worker_script(REPO / "site_templates", REPO, _site(tmp_path), CATALOGS, assets))
    return ctx


def test_the_worker_answers_only_its_language_and_the_listed_files(tmp_path):
    ctx = _worker(tmp_path, "https://example.org/gin/fr/")
    assert sorted(ctx.eval("Object.keys(listeners)")) == ["activate", "fetch", "install"]
    base = "https://example.org/gin/"
    for url, mode, expected in (
            (base + "fr/", "navigate", True), (base + "fr/index.html?x=1", "navigate", True),
            (base + "static/brython.0123456789.js", None, True), (base + "static/site.css", None, True),
            (base + "static/game-fr.bbbbbbbbbb.json", None, True),
            # Named by its hash: from whichever cache holds it, else the network.
            (base + "static/game-en.aaaaaaaaaa.json", None, True),
            (base + "static/game-start.ffffffffff.js", None, True),
            (base + "static/other.js", None, False),
            (base + "en/rules.html", "navigate", False), (base + "fr/404.html", "navigate", True),
            # Offline, an address of the folder it does not keep shows its 404 page.
            (base + "fr/nope.html", "navigate", True), (base + "fr/nope.png", None, False),
            (base + "tables.json", None, False), ("https://example.org/api/tables", None, False),
            (base + "api/tables", None, False), (base + "__dev/reload.js", None, False),
            ("https://example.org/ws/table", None, False), ("https://other.example/gin/fr/", "navigate", False)):
        assert ctx.eval(f"answered({json.dumps(url)}, {json.dumps(mode)})") is expected, url


def test_the_kill_switch_worker_answers_nothing_and_removes_itself(tmp_path):
    ctx = _worker(tmp_path, "https://example.org/gin/fr/", assets=None)
    assert sorted(ctx.eval("Object.keys(listeners)")) == ["activate", "install"]


def test_the_build_writes_the_worker_manifests_and_icons(project):
    site = project / "site"
    build.build(project, site, log=quiet, warn=quiet)
    text = (site / "sw.js").read_text(encoding="utf-8")
    data = json.loads(text.split("var OFFLINE=", 1)[1].split(";var PREFIX", 1)[0])
    assert "en/" in data["languages"]["en"] and "retire" not in data
    for code in ("en", "fr", "vi"):
        data = json.loads((site / code / offline.MANIFEST).read_text(encoding="utf-8"))
        assert data["id"] == "/" + code + "/" and data["lang"] == code
        page = (site / code / "index.html").read_text(encoding="utf-8")
        assert f'<link rel="manifest" href="../{code}/manifest.webmanifest">' in page
        assert 'data-offline="../sw.js" data-assets="' + offline.assets_key(site / "static") + '"' in page
    for name, size, _purpose, _share in offline.ICONS:
        assert png_size((site / "static" / name).read_bytes()) == (size, size)


def test_offline_false_is_the_kill_switch(project):
    toml = project / "site.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("offline = true", "offline = false"),
                    encoding="utf-8")
    site = project / "site"
    build.build(project, site, log=quiet, warn=quiet)
    assert '{"retire":true}' in (site / "sw.js").read_text(encoding="utf-8")
    page = (site / "fr" / "index.html").read_text(encoding="utf-8")
    assert "data-offline" not in page and 'class="update-note"' not in page
    assert (site / "fr" / offline.MANIFEST).exists()  # still installable


def test_offline_must_be_true_or_false(project):
    toml = project / "site.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("offline = true", 'offline = "no"'),
                    encoding="utf-8")
    with pytest.raises(BuildError, match="offline must be true or false"):
        build.build(project, project / "site", log=quiet, warn=quiet)
