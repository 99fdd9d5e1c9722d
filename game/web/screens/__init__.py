"""The screens over or instead of the table: dialogs, the end of a hand, statistics, the daily
deal, the chart. Pure Python.
"""
