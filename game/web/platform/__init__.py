"""The page's platform: the only modules that import `browser` or `javascript` (the DOM, timers,
storage, the network, the worker). tests/web/test_boundaries.py keeps it so.
"""
