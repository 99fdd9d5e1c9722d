"""The build pipeline: config -> catalogues -> content -> templates -> game bundle -> precompress -> write."""

import dataclasses
import re
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from markupsafe import Markup

from generator import bundle, offline, precompressed
from generator.anchors import anchor_maps, glossary_links, heading_ids, localize_fragments
from generator.catalogs import load_language
from generator.config import DOMAINS, SOURCE_LANGUAGE, load_config
from generator.content import ContentRenderer, load_sources
from generator.errors import BuildError, machine_error
from generator.firstscreen import screen_for
from generator.headers import HASHED, headers_file, meta_policy
from generator.links import broken_links
from generator.notfound import redirects_file
from generator.pseudo import PSEUDO_LOCALES, pseudo_catalogs
from generator.sitemap import sitemap_xml
from generator.social import IMAGE, card_png, card_svg, description_warnings, og_locale
from generator.sources import source_messages, unextracted_warnings
from generator.static import PUBLISHED, copy_static
from generator.stats import language_coverage
from generator.templates import install_language, make_environment, render
from generator.write import atomic_folder, check_target, write_bytes, write_text

SHOWN_GAPS = 5  # warnings listed per language; `stats` lists the counts per domain
NOT_FOUND = "404"  # the slug of the page the build writes for unknown addresses


@dataclass(frozen=True)
class LanguageReport:
    code: str
    pages: int  # 0 when the language is not published
    coverage: tuple  # generator.stats.Coverage per domain, then the total (as `make stats`)
    gaps: tuple  # generator.catalogs.Gap

    @property
    def percent(self):
        return self.coverage[-1].percent


def page_path(lang, slug):
    """Output path of a page, relative to the site root; the home page is the folder index."""
    return lang + "/" + ("index.html" if slug == "index" else slug + ".html")


def page_url(lang, slug):
    """The page's URL path, percent-encoded (`en/r%C3%A8gles.html` for content/règles.md)."""
    return lang + "/" if slug == "index" else lang + "/" + quote(slug) + ".html"


def build(root, out=None, log=print, warn=print, allow_incomplete=False, pseudo=False):
    """Build the site of the project at `root` into `out` (default root/site); returns reports.

    A language translated below `min_coverage` (site.toml) is left out of the site, unless
    `allow_incomplete`; its report says so (pages == 0). `pseudo`: also the two pseudo-locales
    of generator.pseudo, into root/site-pseudo by default (never the published site). What the
    machine refuses (no space, no permission) is a BuildError too: one line, the previous site
    kept.
    """
    default = Path(root) / (PSEUDO_SITE if pseudo else "site")
    try:
        return _build(root, Path(out) if out is not None else default, log, warn, allow_incomplete, pseudo)
    except OSError as exc:
        raise machine_error(exc, Path(out) if out is not None else default) from None


PSEUDO_SITE = "site-pseudo"


def _build(root, out, log, warn, allow_incomplete, pseudo):
    started = time.perf_counter()
    config = load_config(root)
    check_target(out, config.root)
    if not config.languages or config.languages[0].code != SOURCE_LANGUAGE:
        raise BuildError("no " + SOURCE_LANGUAGE + "/LC_MESSAGES folder: English is the source language",
                         config.locales_dir)
    # Coverage is counted against the messages the code has now, and a message of the code
    # that nobody extracted is named at its line (generator.sources).
    found = source_messages(config)
    for line in unextracted_warnings(config, found):
        warn(line)
    expected = {domain: found[domain].keys() for domain in DOMAINS}
    catalogs = {lang.code: load_language(config, lang.code, expected) for lang in config.languages}
    if pseudo:
        templates = {domain: found[domain].catalog for domain in DOMAINS}
        for fake in PSEUDO_LOCALES:
            catalogs[fake.language.code] = pseudo_catalogs(fake, templates, expected)
        config = dataclasses.replace(config, languages=config.languages + tuple(
            fake.language for fake in PSEUDO_LOCALES))
    for lang_catalogs in catalogs.values():
        for line in lang_catalogs.warnings:
            warn(line)
    coverage = {lang.code: language_coverage(config, lang.code, catalogs[lang.code].parsed, expected)
                for lang in config.languages}
    all_languages = config.languages
    config = _published(config, coverage, allow_incomplete, warn)  # from here on: the site's
    reports = [LanguageReport(lang.code, 0, coverage[lang.code], catalogs[lang.code].gaps)
               for lang in all_languages if lang not in config.languages]
    sources = load_sources(config.content_dir, config.root, warn)
    for source in sources:
        if source.document.slug == NOT_FOUND:
            raise BuildError("a content page named " + NOT_FOUND + " would be overwritten by the "
                             "build's own " + NOT_FOUND + " page (the one shown for unknown "
                             "addresses): rename the file", source.document.path, 1)
    env = make_environment(config.templates_dir, config.root)
    with atomic_folder(out, warn) as work:
        left_out = copy_static(config.templates_dir / "static", work / "static", config.root)
        if left_out:
            warn("warning: not published (only " + " ".join(PUBLISHED) + "; no dotfiles): "
                 + ", ".join(str(path) for path in left_out))
        slugs = [source.document.slug for source in sources]
        render_example = _example_renderer(env)
        english_ids = None  # {slug: its anchors} in English (generator.anchors)
        rendered = {}
        for language in config.languages:
            install_language(env, catalogs[language.code]["site"])
            renderer = ContentRenderer(catalogs[language.code], render_example)
            pages = [renderer.render(source) for source in sources]
            ids = {page.slug: (heading_ids(page.html), page.terms) for page in pages}
            english_ids = english_ids or ids
            maps = anchor_maps(english_ids, ids)
            rendered[language.code] = [
                dataclasses.replace(page, html=Markup(localize_fragments(page.html, page.slug, maps)))
                for page in pages]
        # Each language's game catalogue links the coach's terms to that language's glossary.
        assets = bundle.build_game_assets(work, config.languages,
                                          {lang.code: catalogs[lang.code]["game"] for lang in config.languages},
                                          {code: glossary_links(pages) for code, pages in rendered.items()})
        # The app's icons, then the key of every asset the service worker keeps (icons included).
        colours = offline.write_icons(config.templates_dir / "static", work / "static", config.root)
        app = {"theme": colours.theme, "assets": offline.assets_key(work / "static") if config.offline else None}
        by_slug = {source.document.slug: source for source in sources}
        for language in config.languages:
            install_language(env, catalogs[language.code]["site"])
            pages = rendered[language.code]
            home = next((page for page in pages if page.slug == "index"), pages[0])
            for line in description_warnings(pages, language.code, by_slug,
                                             catalogs[language.code].parsed.get("content"),
                                             config.po_path(language.code, "content")):
                warn(line)
            game = catalogs[language.code]["game"]
            symbols = {rank: game.pgettext("rank symbol", rank) for rank in ("A", "K", "Q", "J")}
            svg = card_svg(config.site_name, home.title, symbols, language.dir, colours)
            write_bytes(work, language.code + "/" + IMAGE, card_png(config.templates_dir, config.root, svg))
            write_text(work, language.code + "/" + offline.MANIFEST,
                       offline.manifest(language, config.base_path, config.site_name,
                                        home.description, colours))
            for page in pages:
                context = _page_context(config, language, page, pages, assets, app)
                write_text(work, page_path(language.code, page.slug), render(env, "page.html", context))
            context = _page_context(config, language, None, pages, assets, app)
            write_text(work, page_path(language.code, NOT_FOUND), render(env, "404.html", context))
            if language.code == config.languages[0].code:
                write_text(work, NOT_FOUND + ".html", render(env, "404.html", context))
            report = LanguageReport(language.code, len(pages) + 1, coverage[language.code],
                                    catalogs[language.code].gaps)
            reports.append(report)
            log(f"{language.code}: {report.pages} pages, " + _coverage_text(config, report))
            _warn_gaps(config, report, warn)
        install_language(env, catalogs[config.languages[0].code]["site"])
        write_text(work, "index.html", render(env, "root.html", _root_context(config)))
        write_text(work, "sitemap.xml", sitemap_xml(_alternates(config, slug) for slug in slugs))
        write_text(work, "_headers", headers_file(sorted(
            "static/" + path.name for path in (work / "static").iterdir() if re.search(HASHED, path.name))))
        write_text(work, "_redirects", redirects_file([lang.code for lang in config.languages],
                                                      config.base_path))
        # What a static host answers when a page asks whether a table server is there (the
        # table server answers this path itself): no 404 in the console of a static site.
        write_text(work, "tables.json", '{"tables": false}\n')
        write_text(work, "robots.txt", "User-agent: *\nAllow: /\nSitemap: " + config.base_url + "sitemap.xml\n")
        write_text(work, offline.WORKER, offline.worker_script(config.templates_dir, config.root, work,
                                                               assets.catalogs, app["assets"]))
        for line in _link_warnings(broken_links(work, config.base_url), sources):
            warn(line)
        precompressed.compress_site(work)
    elapsed = time.perf_counter() - started
    total_pages = sum(r.pages for r in reports) + 1
    log(f"built {len(config.languages)} languages, {total_pages} pages into {out} in {elapsed:.2f} s")
    return reports


def _link_warnings(broken, sources):
    """One warning per broken link, at its line of the content file when it is written there
    (the pages of every language that carry it listed together), else at the page."""
    paths = {source.document.slug: source.document.path for source in sources}
    grouped = {}
    for link in broken:
        where = link.page
        slug = link.page.split("/")[-1].removesuffix(".html")
        if "/" in link.page and slug in paths:
            text = Path(paths[slug]).read_text(encoding="utf-8")
            written = text.find("(" + link.href)
            if written >= 0:
                where = paths[slug] + ":" + str(text.count("\n", 0, written) + 1)
        grouped.setdefault((where, link.href), []).append(link)
    for (where, href), links in grouped.items():
        yield (f"warning: {where}: a link to {href} goes nowhere: {links[0].reason} ("
               + ", ".join(link.page for link in links) + ")")


def _example_renderer(env):
    # The example template words the result in the language installed in `env`; `chips`
    # is the language's card-chip maker.
    def render_example(example, chips):
        return Markup(render(env, "example.html", {
            "example": example, "result": example.settlement, "rules": example.rules,
            "chips": lambda cards: chips(" ".join(card.code for card in cards)),
        }).strip())
    return render_example


def _published(config, coverage, allow_incomplete, warn):
    """The config with only the languages to publish: the source and those at min_coverage."""
    published = []
    for lang in config.languages:
        total = coverage[lang.code][-1]
        if lang.code == SOURCE_LANGUAGE or total.percent >= config.min_coverage or allow_incomplete:
            published.append(lang)
            continue
        warn(f"warning: {lang.code}: not published: {total.percent:.1f}% translated ("
             + ", ".join(f"{row.domain} {row.translated}/{row.total}" for row in coverage[lang.code][:-1])
             + f"), below min_coverage = {config.min_coverage:g} in site.toml; translate it "
             "(make stats) or build with --allow-incomplete")
    return dataclasses.replace(config, languages=tuple(published))


def _coverage_text(config, report):
    if report.code == SOURCE_LANGUAGE:
        return "source language"
    rows = ", ".join(f"{row.domain} {row.percent:.1f}% ({row.translated}/{row.total})"
                     for row in report.coverage[:-1])
    return f"{report.percent:.1f}% translated ({rows})"


def _warn_gaps(config, report, warn):
    for row in report.coverage[:-1]:
        if row.missing:
            warn(f"warning: {config.po_path(report.code, row.domain)}: {row.missing} messages of "
                 "the code are missing, shown in English (make extract update-po)")
    for gap in report.gaps[:SHOWN_GAPS]:
        text = gap.msgid if len(gap.msgid) <= 60 else gap.msgid[:59] + "…"
        warn(f"warning: {gap.path}:{gap.line}: {gap.state}, shown in English: {text!r}")
    if len(report.gaps) > SHOWN_GAPS:
        warn(f"warning: {report.code}: {len(report.gaps) - SHOWN_GAPS} more messages shown in "
             "English (python -m generator stats)")


def _alternates(config, slug):
    """(hreflang, absolute URL) for every language of a page, plus x-default."""
    cluster = [(lang.tag, config.base_url + page_url(lang.code, slug)) for lang in config.languages]
    # The home page's x-default is the root, which picks the visitor's language; other pages
    # default to the source language.
    default = config.base_url if slug == "index" else cluster[0][1]
    return cluster + [("x-default", default)]


def _page_context(config, language, page, pages, assets, app):
    is_404 = page is None
    # 404 pages are served at any URL, so they link from the site's absolute base path.
    root = config.base_path if is_404 else "../"
    here = "404.html" if is_404 else None
    return {
        "csp": meta_policy(),
        "site_name": config.site_name,
        "lang": language,
        "page": page,
        "root": root,
        "canonical": None if is_404 else config.base_url + page_url(language.code, page.slug),
        "alternates": [] if is_404 else _alternates(config, page.slug),
        "nav": [{"slug": p.slug, "title": p.title, "href": root + page_url(language.code, p.slug),
                 "current": page is not None and p.slug == page.slug} for p in pages],
        "switcher": [{"language": other, "current": other.code == language.code,
                      "href": root + (other.code + "/" + here if is_404 else page_url(other.code, page.slug))}
                     for other in config.languages],
        "game": None if is_404 else _game_context(assets, language.code, root, page.slug),
        # The installable app (generator/offline.py): its manifest, icon and colour, and the
        # service worker the start script registers with the key of this build's static files
        # (None: the kill switch, and the start script unregisters any worker it finds).
        "manifest": root + language.code + "/" + offline.MANIFEST,
        "icon": root + "static/" + offline.ICONS[0][0],
        "theme_color": app["theme"],
        "offline": {"worker": root + offline.WORKER, "assets": app["assets"]} if app["assets"] else None,
        "social": None if is_404 else _social(config, language, page.title, page.description),
    }


def _social(config, language, title, description):
    """The Open Graph and Twitter card fields of a page (generator.social): absolute URLs, the
    language's own card image, its locale and the other languages' as alternates."""
    return {"title": title, "description": description,
            "image": config.base_url + language.code + "/" + IMAGE,
            "locale": og_locale(language.code),
            "alternates": [og_locale(other.code) for other in config.languages if other != language]}


def _game_context(assets, code, root, slug):
    """What a page needs from the game bundle stage (generator.bundle.GameAssets): the start
    script, the shim it loads when the game may start, the stylesheet, this language's `game`
    catalogue, the worker the game runs in and the scripts it loads (first the runtime and the
    first bundle, once ready the second bundle and the computer players'), and the game's first
    screen (None: the template's still table)."""
    screens = assets.first_screens.get(code)
    return {"first": screen_for(screens, slug) if screens else None,
            "start": root + assets.start,
            "shim": root + assets.shim if assets.shim else "",
            "styles": [root + path for path in assets.styles], "catalog": root + assets.catalogs[code],
            "worker": root + assets.worker if assets.worker else "",
            "more": root + assets.more if assets.more else "",
            "players": root + assets.players if assets.players else "",
            "worker_scripts": [root + path for path in assets.worker_scripts]}


def _root_context(config):
    return {
        "csp": meta_policy(),
        "site_name": config.site_name,
        "lang": config.languages[0],
        "languages": config.languages,
        "root": "",
        "canonical": config.base_url,
        "alternates": _alternates(config, "index"),
        "social": _social(config, config.languages[0], config.site_name, None),
    }
