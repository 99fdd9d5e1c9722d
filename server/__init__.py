"""The table server: two people play one match from their own devices (CPython only).

The same `game` engine is the only authority; each seat receives only its own View. Modules:
`codes` (table codes, seat keys), `store` (SQLite), `room` (one table's logic, clock passed in),
`tables` (the registry, rate limits, expiry), `seats` (what one seat is sent), `protocol` (the
WebSocket messages), `app` (the Starlette application), `__main__` (the command line), `dev`
(`--dev`, what `make serve` runs: rebuild the site on every change and reload the open pages).
"""
