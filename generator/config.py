"""Site settings (`site.toml`) and the project layout the other stages read from."""

import tomllib
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from babel import Locale, UnknownLocaleError

from generator.errors import BuildError
from generator.projectfiles import check_inside
from generator.readtext import read_text

DOMAINS = ("site", "content", "game")
SOURCE_LANGUAGE = "en"
DEFAULT_MIN_COVERAGE = 80


@dataclass(frozen=True)
class Language:
    code: str  # folder name under locales/, e.g. "fr" or "pt_BR"
    tag: str  # BCP 47 tag for lang/hreflang attributes, e.g. "pt-BR"
    name: str  # the language's name in its own tongue, e.g. "français"
    dir: str = "ltr"  # the script's direction, "ltr" or "rtl" (CLDR's character order, via Babel)


@dataclass(frozen=True)
class Config:
    root: Path
    base_url: str  # absolute, ends with "/"
    site_name: str
    languages: tuple  # of Language, the source language first
    min_coverage: float = DEFAULT_MIN_COVERAGE  # % translated a language needs to be published
    offline: bool = True  # the service worker (generator/offline.py); False: the kill switch

    @property
    def base_path(self):
        """The URL path the site lives under ("/" or "/gin/"): 404 pages link from it."""
        return urlsplit(self.base_url).path

    @property
    def content_dir(self):
        return self.root / "content"

    @property
    def locales_dir(self):
        return self.root / "locales"

    @property
    def templates_dir(self):
        return self.root / "site_templates"

    def po_path(self, lang, domain):
        return self.locales_dir / lang / "LC_MESSAGES" / (domain + ".po")

    def pot_path(self, domain):
        return self.locales_dir / (domain + ".pot")


def safe_base_url(url):
    """What a base_url may not hold, in words (None: it is a plain URL). It is written into
    every page and the sitemap, escaped there; but a URL with quotes, angle brackets, spaces or
    control characters is a mistake (or worse), never an address."""
    for char in url:
        if char.isspace() or ord(char) < 32 or ord(char) == 127:
            return "a space or a control character"
        if char in "\"'<>`\\":
            return f"the character {char!r}"
    return None


def load_config(root):
    """Read `root/site.toml` and list the languages (the folders of `root/locales/`)."""
    root = Path(root)
    path = root / "site.toml"
    if path.exists():
        check_inside(path, root)
    try:
        data = tomllib.loads(read_text(path))
    except FileNotFoundError:
        raise BuildError("missing site configuration", path) from None
    except tomllib.TOMLDecodeError as exc:
        raise BuildError("invalid TOML: " + str(exc), path) from None
    base_url = data.get("base_url", "")
    parts = urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise BuildError("base_url must be an absolute http(s) URL, got " + repr(base_url), path)
    problem = safe_base_url(base_url)
    if problem:
        raise BuildError(f"base_url may not hold {problem} (got {base_url[:80]!r}): "
                         "percent-encode it (a space is %20)", path)
    if not base_url.endswith("/"):
        base_url += "/"
    site_name = data.get("site_name")
    if not isinstance(site_name, str) or not site_name:
        raise BuildError("site_name must be a non-empty string", path)
    min_coverage = data.get("min_coverage", DEFAULT_MIN_COVERAGE)
    if isinstance(min_coverage, bool) or not isinstance(min_coverage, int | float) \
            or not 0 <= min_coverage <= 100:
        raise BuildError("min_coverage must be a percentage from 0 to 100, got "
                         + repr(min_coverage), path)
    offline = data.get("offline", True)
    if not isinstance(offline, bool):
        raise BuildError("offline must be true or false, got " + repr(offline), path)
    return Config(root, base_url, site_name, find_languages(root / "locales"), min_coverage, offline)


def find_languages(locales_dir):
    """Every folder of locales/ holding LC_MESSAGES is a language; the source language first.

    A build needs the source language (see generator.build); extracting does not.
    """
    codes = sorted(p.parent.name for p in Path(locales_dir).glob("*/LC_MESSAGES") if p.is_dir())
    if SOURCE_LANGUAGE in codes:
        codes.remove(SOURCE_LANGUAGE)
        codes.insert(0, SOURCE_LANGUAGE)
    return tuple(language(code) for code in codes)


def language(code):
    """The Language for a locales/ folder name; unknown codes are an error, not a guess."""
    try:
        locale = Locale.parse(code)
    except (ValueError, UnknownLocaleError):
        raise BuildError("unknown language code " + repr(code) + " (expected e.g. de, pt_BR)") from None
    direction = "rtl" if locale.character_order == "right-to-left" else "ltr"
    return Language(code, code.replace("_", "-"), locale.get_display_name(locale), direction)
