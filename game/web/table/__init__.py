"""Drawing the table: the whole game area's markup from (View, UI state) (`render`), the table
during a hand, the small pieces every screen shares, the coach's marks. Pure Python.
"""
