"""The store's calls made off the event loop, on one thread of their own, and writes grouped.

SQLite blocks: a lock held by another process (a backup, an operator's `sqlite3` shell) made
every request of the server wait while it ran on the event loop. Here the loop only awaits:
other tables keep playing from memory, the status answers, and a write that cannot get the
lock within the store's busy timeout fails as a StoreError for the tables it carried.

Writes are grouped: the tables' saves waiting while one group is being committed go together
in the next one, a single transaction (one commit, one hand-over to the storage thread, for as
many moves as came in meanwhile): under load the cost per move falls instead of queueing.
"""

import asyncio
from concurrent.futures import ThreadPoolExecutor


class Storage:
    def __init__(self, store):
        self.store = store
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="tables-store")
        self.waiting = []  # (record, future) of saves for the next group
        self.writing = False

    async def __call__(self, method, *args):
        """`await storage("load", code)`: the store's method, run on the storage thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, getattr(self.store, method), *args)

    async def save(self, record):
        """Write a table whole, in the next group of writes; StoreError if that group fails."""
        future = asyncio.get_running_loop().create_future()
        self.waiting.append((record, future))
        if not self.writing:
            self.writing = True
            asyncio.get_running_loop().create_task(self._write_groups())
        await future

    async def _write_groups(self):
        loop = asyncio.get_running_loop()
        try:
            while self.waiting:
                group, self.waiting = self.waiting, []
                try:
                    await loop.run_in_executor(self.executor, self.store.save_all,
                                               [record for record, _ in group])
                except Exception as exc:  # StoreError, or a bug: every table of the group is told
                    for _, future in group:
                        if not future.done():
                            future.set_exception(exc)
                    continue
                for _, future in group:
                    if not future.done():
                        future.set_result(None)
        finally:
            self.writing = False

    def close(self):
        self.executor.shutdown(wait=True)
        self.store.close()
