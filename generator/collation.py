"""Sorting words in a language's own alphabetical order (CLDR collation, through ICU)."""

import icu


def sort_key(lang):
    """A key function for `sorted` in the order of `lang` (e.g. French é with e, Vietnamese ă after a)."""
    return icu.Collator.createInstance(icu.Locale(lang)).getSortKey
