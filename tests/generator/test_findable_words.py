"""Words a reader can find: a typed search (find in page, a search engine) matches what the
page says. U+2011 NON-BREAKING HYPHEN looks like "-" but is another character: the French
FAQ's questions had 37 of them ("Puis‑je"), so Chromium's find-in-page did not match
"Puis-je frapper" typed with a keyboard's hyphen."""

import pytest
from babel.messages.pofile import read_po

from tests.generator.conftest import REPO

LOOK_ALIKES = {"\u2011": "NON-BREAKING HYPHEN (write -)", "\u2010": "HYPHEN (write -)"}


@pytest.mark.parametrize("path", sorted((REPO / "locales").glob("*/LC_MESSAGES/*.po")),
                         ids=lambda p: str(p.relative_to(REPO)))
def test_no_look_alike_hyphen_in_a_translation(path):
    with path.open("rb") as handle:
        found = [(message.lineno, LOOK_ALIKES[char]) for message in read_po(handle) if message.id
                 for form in (message.string if isinstance(message.string, tuple) else (message.string,))
                 for char in LOOK_ALIKES if char in (form or "")]
    assert found == []
