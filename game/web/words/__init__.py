"""The game's words in the page's language: the catalogue (`i18n`), every sentence of the game
and of its second bundle's screens, the coach's words, the shortcut keys. Pure Python.
"""
