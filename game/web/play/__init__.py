"""The page's own play: its state, the commands the player's inputs run (declared in `registry`),
the effects they ask for, the tables it reads Views from, the computer's pace, the second bundle's
wait, the statistics and daily-deal models, lessons and the coach. Pure Python.
"""
