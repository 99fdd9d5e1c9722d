"""The single-key shortcuts, one letter per command, in the page's language.

Each letter comes from the `game` catalogue (context "shortcut"), so a French or Vietnamese
player presses the first letter of their own word ("T" for « talon », "B" for "bốc"). Only a
letter is ever a key (`is_key`): anything else gives the English letter, so a key is safe in
any attribute. The build refuses a catalogue whose letters are not each one letter or where
two translated commands share one (generator.checkers.shortcuts). A command still on its
English letter (its shortcut fuzzy or untranslated: a new English command, say) whose letter a
translated command of the language has gets no key until it is translated, and the build says
which message to translate.
"""

from game.web.words import i18n

HELP_KEY = "?"
_cache = [None, None]  # (catalogue, {command: key}) of the last catalogue asked about


def letters(pgettext):
    """{command: its letter as written} by this `pgettext`: the page catalogue's
    (i18n.pgettext), or `english`'s. The calls stay literal: the extractor reads them."""
    return {
        # Translators: the key that draws a card from the stock (one letter of your language's
        # word; the shortcuts of a language must all differ: see the other "shortcut" messages).
        "draw_stock": pgettext("shortcut", "D"),
        # Translators: the key that takes the top card of the discard pile (one letter).
        "draw_discard": pgettext("shortcut", "P"),
        # Translators: the key that takes the upcard during the first offer (one letter).
        "take_upcard": pgettext("shortcut", "U"),
        # Translators: the key that passes the upcard (one letter).
        "pass": pgettext("shortcut", "S"),
        # Translators: the key that discards the selected card (one letter).
        "discard": pgettext("shortcut", "X"),
        # Translators: the key that knocks with the selected card (one letter).
        "knock": pgettext("shortcut", "K"),
        # Translators: the key that goes gin with the selected card (one letter).
        "gin": pgettext("shortcut", "G"),
        # Translators: the key that changes the sort order of the hand (one letter).
        "sort": pgettext("shortcut", "O"),
        # Translators: the key that deals the next hand (one letter).
        "next_hand": pgettext("shortcut", "N"),
        # Translators: the key that shows the whole discard pile (one letter).
        "show_pile": pgettext("shortcut", "H"),
        # Translators: the key that asks "What would Hard play?", the coach's hint (one letter).
        "hint": pgettext("shortcut", "W"),
        # Translators: the key that takes back the discard just made, until the other player
        # moves (one letter; English Z as in the usual Ctrl+Z).
        "undo": pgettext("shortcut", "Z"),
    }


def english(context, message):
    """A pgettext that gives the source's letter."""
    return message


def is_key(text):
    """A usable key: exactly one letter, also one letter in upper case (not "ß"); "?" is the
    help's own key."""
    return len(text) == 1 and text.isalpha() and len(text.upper()) == 1


def command_keys():
    """{command: its key (lower case)} in the page's language; "?" lists the shortcuts."""
    catalog = i18n.current()
    if _cache[0] is not catalog:
        source = letters(english)
        keys = {}
        for name, letter in letters(i18n.pgettext).items():
            keys[name] = (letter if is_key(letter) else source[name]).lower()
        translated = {key for name, key in keys.items() if key != source[name].lower()}
        keys = {name: key for name, key in keys.items()
                if key != source[name].lower() or key not in translated}
        keys["help"] = HELP_KEY
        _cache[0], _cache[1] = catalog, keys
    return _cache[1]



def key_for(command):
    """The key of a command as shown on its button ("D"), or None."""
    key = command_keys().get(command)
    return key.upper() if key else None


def shortcuts():
    """{key: command} for the keydown listener."""
    found = {}
    for name, key in command_keys().items():
        found[key] = name
    return found
