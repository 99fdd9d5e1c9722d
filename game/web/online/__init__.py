"""Playing a friend online, the page's side apart from the network (`platform.network`): the
table on the server as the page sees it, and the lobby's screen. Pure Python.
"""
