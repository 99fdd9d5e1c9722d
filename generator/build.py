"""The build pipeline: config -> catalogues -> content -> templates -> game bundle -> precompress -> write."""

import time
from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from generator import bundle, precompressed
from generator.catalogs import load_language
from generator.config import SOURCE_LANGUAGE, load_config
from generator.content import ContentRenderer, load_sources
from generator.errors import BuildError
from generator.sitemap import sitemap_xml
from generator.templates import install_language, make_environment, render
from generator.write import atomic_folder, copy_tree, write_text

CSP = ("default-src 'self'; script-src 'self' 'unsafe-eval'; worker-src 'self' blob:; "
       "style-src 'self'; img-src 'self' data:")
SHOWN_GAPS = 5  # warnings listed per language; `stats` lists the counts per domain


@dataclass(frozen=True)
class LanguageReport:
    code: str
    pages: int
    strings: int
    translated: int
    gaps: tuple  # generator.catalogs.Gap

    @property
    def coverage(self):
        return 100.0 * self.translated / self.strings if self.strings else 100.0


def page_path(lang, slug):
    """Output path of a page, relative to the site root; the home page is the folder index."""
    return lang + "/" + ("index.html" if slug == "index" else slug + ".html")


def page_url(lang, slug):
    return lang + "/" if slug == "index" else page_path(lang, slug)


def build(root, out=None, log=print, warn=print):
    """Build the site of the project at `root` into `out` (default root/site); returns reports."""
    started = time.perf_counter()
    config = load_config(root)
    out = Path(out) if out is not None else config.root / "site"
    if not config.languages or config.languages[0].code != SOURCE_LANGUAGE:
        raise BuildError("no " + SOURCE_LANGUAGE + "/LC_MESSAGES folder: English is the source language",
                         config.locales_dir)
    catalogs = {lang.code: load_language(config, lang.code) for lang in config.languages}
    sources = load_sources(config.content_dir)
    env = make_environment(config.templates_dir)
    reports = []
    with atomic_folder(out) as work:
        copy_tree(config.templates_dir / "static", work / "static")
        assets = bundle.build_game_assets(work, config.languages, locales_dir=config.locales_dir)
        slugs = [source.document.slug for source in sources]
        render_example = _example_renderer(env)
        for language in config.languages:
            install_language(env, catalogs[language.code]["site"])
            renderer = ContentRenderer(catalogs[language.code], render_example)
            pages = [renderer.render(source) for source in sources]
            for page in pages:
                context = _page_context(config, language, page, pages, assets)
                write_text(work, page_path(language.code, page.slug), render(env, "page.html", context))
            context = _page_context(config, language, None, pages, assets)
            write_text(work, language.code + "/404.html", render(env, "404.html", context))
            if language.code == config.languages[0].code:
                write_text(work, "404.html", render(env, "404.html", context))
            report = LanguageReport(language.code, len(pages) + 1, catalogs[language.code].total,
                                    catalogs[language.code].translated, catalogs[language.code].gaps)
            reports.append(report)
            log(f"{language.code}: {report.pages} pages, {report.strings} strings, "
                f"{report.coverage:.0f}% translated")
            _warn_gaps(report, warn)
        install_language(env, catalogs[config.languages[0].code]["site"])
        write_text(work, "index.html", render(env, "root.html", _root_context(config)))
        write_text(work, "sitemap.xml", sitemap_xml(_alternates(config, slug) for slug in slugs))
        write_text(work, "robots.txt", "User-agent: *\nAllow: /\nSitemap: " + config.base_url + "sitemap.xml\n")
        precompressed.compress_site(work)
    elapsed = time.perf_counter() - started
    total_pages = sum(r.pages for r in reports) + 1
    log(f"built {len(reports)} languages, {total_pages} pages into {out} in {elapsed:.2f} s")
    return reports


def _example_renderer(env):
    # The example template words the result in the language installed in `env`; `chips`
    # is the language's card-chip maker.
    def render_example(example, chips):
        return Markup(render(env, "example.html", {
            "example": example, "result": example.settlement, "rules": example.rules,
            "chips": lambda cards: chips(" ".join(card.code for card in cards)),
        }).strip())
    return render_example


def _warn_gaps(report, warn):
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


def _page_context(config, language, page, pages, assets):
    is_404 = page is None
    # 404 pages are served at any URL, so they link from the site's absolute base path.
    root = config.base_path if is_404 else "../"
    here = "404.html" if is_404 else None
    return {
        "csp": CSP,
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
        "game": None if is_404 else _game_context(assets, language.code, root),
    }


def _game_context(assets, code, root):
    """What a page needs from the game bundle stage (generator.bundle.GameAssets): the
    scripts in load order, the stylesheet and this language's `game` catalogue."""
    return {"scripts": [root + path for path in assets.scripts],
            "styles": [root + path for path in assets.styles], "catalog": root + assets.catalogs[code]}


def _root_context(config):
    return {
        "csp": CSP,
        "site_name": config.site_name,
        "lang": config.languages[0],
        "languages": config.languages,
        "root": "",
        "canonical": config.base_url,
        "alternates": _alternates(config, "index"),
    }
