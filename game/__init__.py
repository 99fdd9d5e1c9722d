"""Gin Rummy: the rules engine, the computer players and the browser UI.

The core modules (cards, rng, melds, layoffs, rules, scoring, actions, hand, match, view, save,
cardnames) are pure Python with no I/O and no costly standard-library import, so the same code
runs in CPython and, in the page, under Brython. Import the module you need; this package
imports nothing on purpose, to keep start-up in the browser cheap.
"""
