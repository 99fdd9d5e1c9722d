"""The store's calls made off the event loop, on one thread of their own.

SQLite blocks: a lock held by another process (a backup, an operator's `sqlite3` shell) made
every request of the server wait while it ran on the event loop. Here the loop only awaits:
other tables keep playing from memory, the status answers, and a write that cannot get the
lock within the store's busy timeout fails as a StoreError for its own table alone.
"""

import asyncio
from concurrent.futures import ThreadPoolExecutor


class Storage:
    def __init__(self, store):
        self.store = store
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="tables-store")

    async def __call__(self, method, *args):
        """`await storage("load", code)`: the store's method, run on the storage thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, getattr(self.store, method), *args)

    def close(self):
        self.executor.shutdown(wait=True)
        self.store.close()
