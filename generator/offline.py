"""Playing offline and from the home screen (issue 26): the service worker, the web app
manifests and their icons, written by the build from the files it wrote.

- `sw.js` at the site's root, one file for every language: each language's pages register it
  with their folder as its scope (`/fr/`), so a visitor's phone keeps one language's pages, the
  game's files and that language's catalogue (`Precache`), never the others'. Its code is
  `site_templates/sw.js`, plain JavaScript with no library; the build fills in `OFFLINE` (the
  build's key, the files of each language) and minifies it. Browsers fetch it again on every
  visit, bypassing their HTTP cache, and install it anew when a byte changed: a new build is a
  new key, so a new cache.
- `<lang>/manifest.webmanifest`: the installable app of that language (its start page, the
  table's colours, the icons).
- `static/icon-192.png`, `icon-512.png`, `icon-maskable-512.png`: the favicon drawn on the
  felt at build time by resvg (`icons`).
- With `offline = false` in site.toml, the kill switch: `sw.js` is a worker that deletes its
  caches and unregisters itself, and the pages name no worker (their start script unregisters
  any it finds), so every visitor's browser drops it on their next visit.
"""

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

from generator.errors import BuildError
from generator.projectfiles import check_inside
from generator.readtext import read_text

WORKER = "sw.js"  # at the root: the most a worker's scope may cover is its own folder
WORKER_TEMPLATE = "sw.js"  # in site_templates/
MANIFEST = "manifest.webmanifest"  # in each language's folder
PLACEHOLDER = "/*OFFLINE*/null"  # the template's one line the build fills in
# (file under static/, size in px, purpose, share of the side the card takes). "any": the card
# on the felt, full size; "maskable": launchers cut such an icon to a circle or a squircle,
# which keeps the middle 80 %, so the card is smaller.
ICONS = (("icon-192.png", 192, "any", 0.86), ("icon-512.png", 512, "any", 0.86),
         ("icon-maskable-512.png", 512, "maskable", 0.62))
# The colours of the table, read where they are defined: the page's top bar (site.css
# --accent, the browser's bar above it when installed) and the felt (game.css --g-felt, the
# splash screen and the icons' ground).
COLOURS = (("theme", "site.css", "--accent"), ("background", "game.css", "--g-felt"))
# The build's precompressed copies: the same files, which a server picks itself.
_SKIPPED = re.compile(r"(\.br|\.gz)$")


@dataclass(frozen=True)
class Colours:
    theme: str
    background: str


def colours(static_dir):
    """The table's colours, from the stylesheets of `site_templates/static` (one home each)."""
    found = {}
    for field, name, prop in COLOURS:
        path = Path(static_dir) / name
        match = re.search(re.escape(prop) + r"\s*:\s*(#[0-9a-fA-F]{3,8})\s*;", read_text(path))
        if match is None:
            raise BuildError(prop + " (a #hex colour) is missing: the web app manifest takes its "
                             + field + " colour from it", path)
        found[field] = match.group(1).lower()
    return Colours(**found)


def icon_svg(favicon, ground, share):
    """The favicon centred on a square of `ground`, the card taking `share` of its side: the
    favicon's own <svg> nested in the icon's, placed by the x, y, width and height it is given."""
    size = 100
    inner = size * share
    at = (size - inner) / 2
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}">'
            f'<rect width="{size}" height="{size}" fill="{ground}"/>'
            f'<svg x="{at:g}" y="{at:g}" width="{inner:g}" height="{inner:g}"'
            + favicon.strip()[len("<svg"):] + '</svg>')


def icons(favicon, ground):
    """{file name: PNG bytes} of ICONS. resvg (the resvg-py wheel: the Rust renderer, no system
    library) draws the SVG; the same version draws the same bytes, so builds stay identical."""
    import resvg_py

    if not favicon.lstrip().startswith("<svg "):
        raise BuildError("the favicon must start with <svg ...> for the app icons to be drawn")
    out = {}
    for name, size, _purpose, share in ICONS:
        svg = icon_svg(favicon, ground, share)
        try:
            out[name] = bytes(resvg_py.svg_to_bytes(svg_string=svg, width=size, height=size,
                                                    skip_system_fonts=True))
        except ValueError as exc:
            raise BuildError("the favicon could not be drawn as an app icon: " + str(exc)) from None
    return out


def write_icons(templates_static, static_out, root):
    """Draw the icons from `favicon.svg` into the site's static folder; returns the Colours."""
    path = Path(templates_static) / "favicon.svg"
    check_inside(path, root)
    found = colours(templates_static)
    for name, data in icons(read_text(path), found.background).items():
        (Path(static_out) / name).write_bytes(data)
    return found


def manifest(lang, base_path, site_name, description, found):
    """The web app manifest of one language, as JSON text. Its URLs are relative to the
    manifest (in the language's folder), but for `id`, which browsers resolve against the
    origin alone: the language's folder from the site's `base_path`, one app per language."""
    data = {
        "id": base_path + lang.code + "/",
        "name": site_name,
        "short_name": site_name[:12],
        "description": description,
        "lang": lang.tag,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": found.theme,
        "background_color": found.background,
        "icons": [{"src": "../static/" + name, "sizes": f"{size}x{size}", "type": "image/png",
                   "purpose": purpose} for name, size, purpose, _share in ICONS],
    }
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def assets_key(static_dir):
    """The hash of every file under `static_dir` (names and bytes): pages carry it, and a new
    worker whose key differs tells an open page that a new version of the game is ready."""
    return _digest(static_dir, sorted(_files(static_dir)))


@dataclass(frozen=True)
class Precache:
    """What the worker keeps: the files every language needs, and each language's own."""

    shared: tuple  # paths under the site's root: static/...
    languages: dict  # code: (its pages as addressed: "fr/", "fr/rules.html"; manifest; catalogue)


def precache(site_dir, catalogs):
    """The files each language's worker keeps, from what the build wrote into `site_dir`: the
    static folder, each language's catalogue (`catalogs`: {code: "static/..."}, the game
    bundle stage's) for that language only, and each language's pages (the index page as its
    folder, the address a visitor opens, its 404 page as itself: the worker shows it offline
    for an address of the folder it does not keep) and manifest."""
    site = Path(site_dir)
    shared = tuple("static/" + path for path in sorted(_files(site / "static"))
                   if "static/" + path not in catalogs.values())
    languages = {}
    for code, catalog in catalogs.items():
        pages = [code + "/" + ("" if path == "index.html" else path)
                 for path in sorted(_files(site / code)) if path.endswith(".html") and path != "404.html"]
        missing = [code + "/404.html"] if (site / code / "404.html").is_file() else []
        languages[code] = tuple(pages + missing + [code + "/" + MANIFEST, catalog])
    return Precache(shared, languages)


def worker_script(templates_dir, root, site_dir, catalogs, assets):
    """The text of sw.js: the template with its data (minified); `assets` (the pages'
    `assets_key`) None: the kill switch."""
    from generator.bundle import minify_js

    path = Path(templates_dir) / WORKER_TEMPLATE
    check_inside(path, root)
    text = read_text(path)
    if text.count(PLACEHOLDER) != 1:
        raise BuildError("the worker's template must hold " + PLACEHOLDER + " exactly once", path)
    if assets is not None:
        files = precache(site_dir, catalogs)
        listed = list(files.shared) + [path for paths in files.languages.values() for path in paths]
        data = {"build": _digest(site_dir, listed, pages=True), "assets": assets,
                "shared": files.shared, "languages": files.languages}
    else:
        data = {"retire": True}
    return minify_js(text.replace(PLACEHOLDER, json.dumps(data, sort_keys=True, separators=(",", ":"))))


def _files(folder):
    folder = Path(folder)
    if not folder.is_dir():
        return []
    return [p.relative_to(folder).as_posix() for p in folder.rglob("*")
            if p.is_file() and not _SKIPPED.search(p.name)]


def _digest(folder, paths, pages=False):
    digest = hashlib.sha256()
    for path in paths:
        file = Path(folder) / path
        if pages and path.endswith("/"):
            file = file / "index.html"
        digest.update(path.encode("utf-8") + b"\0" + file.read_bytes() + b"\0")
    return digest.hexdigest()[:12]
