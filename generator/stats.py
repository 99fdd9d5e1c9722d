"""Translation coverage per language and domain, counted against the messages the code has
(generator.sources), not the `.pot`: a message nobody extracted yet counts as untranslated.
Fuzzy, or only spaces, counts as not translated."""

from dataclasses import dataclass

from generator.catalogs import read_catalog
from generator.checkers import shown_in_english
from generator.config import DOMAINS, SOURCE_LANGUAGE, load_config
from generator.sources import source_messages


@dataclass(frozen=True)
class Coverage:
    lang: str
    domain: str  # or "total"
    translated: int
    fuzzy: int
    untranslated: int  # empty in the .po, or missing from it
    missing: int = 0  # of `untranslated`: in the code, not in the .po (`make extract update-po`)

    @property
    def total(self):
        return self.translated + self.fuzzy + self.untranslated

    @property
    def percent(self):
        return 100.0 * self.translated / self.total if self.total else 100.0


def expected_messages(config):
    """{domain: the (context, id) keys of the messages the code has now}."""
    return {domain: found.keys() for domain, found in source_messages(config).items()}


def coverage(config, lang, domain, catalog=None, expected=None):
    """Counts one .po against the code's messages: one the .po lacks is untranslated.
    `catalog` and `expected` (a domain's expected_messages) save reading the files and the
    sources again when the caller has them."""
    if catalog is None:
        catalog = read_catalog(config.po_path(lang, domain), lang)
    if expected is None:
        expected = expected_messages(config)[domain]
    translated = fuzzy = untranslated = 0
    present = set()
    for message in catalog:
        if not message.id:
            continue
        key = (message.context, message.id)
        if key not in expected:
            continue  # no longer in the sources: `make extract update-po` will remove it
        present.add(key)
        if message.fuzzy:
            fuzzy += 1
        elif not shown_in_english(message):
            translated += 1
        else:
            untranslated += 1
    missing = len(expected - present)
    return Coverage(lang, domain, translated, fuzzy, untranslated + missing, missing)


def language_coverage(config, lang, parsed=None, expected=None):
    """Per-domain Coverage values followed by the language's total; `parsed` and `expected`
    are optional {domain: catalogue} and {domain: expected_messages()}."""
    expected = expected or expected_messages(config)
    rows = [coverage(config, lang, domain, (parsed or {}).get(domain), expected[domain])
            for domain in DOMAINS]
    rows.append(Coverage(lang, "total", sum(r.translated for r in rows), sum(r.fuzzy for r in rows),
                         sum(r.untranslated for r in rows), sum(r.missing for r in rows)))
    return rows


def stats(root, strict=False, log=print):
    """Print the table; return the shipped languages below 100% (a failure when `strict`)."""
    config = load_config(root)
    expected = expected_messages(config)
    log(f"{'language':<10}{'domain':<9}{'translated':>11}{'fuzzy':>7}{'untranslated':>14}{'coverage':>10}")
    incomplete = []
    for lang in config.languages:
        if lang.code == SOURCE_LANGUAGE:
            log(f"{lang.code:<10}{'(source language: English text is the msgid)'}")
            continue
        for row in language_coverage(config, lang.code, expected=expected):
            log(f"{lang.code:<10}{row.domain:<9}{row.translated:>11}{row.fuzzy:>7}"
                f"{row.untranslated:>14}{row.percent:>9.1f}%")
            if row.domain == "total" and row.translated < row.total:
                incomplete.append(lang.code)
    if strict and incomplete:
        log("strict: below 100%: " + ", ".join(incomplete))
    return incomplete
