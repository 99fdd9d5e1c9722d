"""The App's ports, declared once: what the worker's host gives it, what a socket does, and the
verbs every table shares (boardgame.io's declared transport, in Python's terms). The bridge's
`JsHost`, the tests' `FakeHost`, `LocalTable`, `TrainingTable` and `RemoteTable` are held to
them by tests/web/app/test_ports.py. Documentation and a contract: nothing in the game imports
this module (it is not shipped).
"""

from typing import Protocol


class Host(Protocol):
    """The worker's facilities. Every callback it runs is a task of the App's, followed by the
    App's flush (its frame goes to the shim)."""

    def task(self, then): """`then` as a callback of the browser's."""
    def next_task(self, then): """Run `then` soon, in a task of its own."""
    def later(self, then, ms): """Run `then` in `ms`; a handle for `cancel`."""
    def every(self, then, ms): """Run `then` every `ms`; a handle for `cancel`."""
    def cancel(self, handle): """Forget a `later` or an `every`."""
    def now(self): """Milliseconds on a clock that only goes forward."""
    def today(self): """The player's date, (year, month, day)."""
    def random(self): """A number in [0, 1)."""
    def online(self): """Whether the browser has a network."""
    def to_json(self, value, indent=None): """JSON text."""
    def from_json(self, text): """The value of JSON text; ValueError when it is not JSON."""
    def warn(self, text): """A line on the console, for whoever debugs."""
    def markup_hash(self, text): """`game.web.table.render.markup_hash` of the text."""
    def absolute(self, url, base): """`url` resolved against `base`."""
    def encode_uri(self, text): """A URI component."""
    def decode_uri(self, text): """A URI component's text ("" when malformed)."""
    def fetch(self, method, url, body, done): """`done(status, text)`; (0, None) without an answer."""
    def socket(self, url, on_open, on_message, on_close): """A `Socket` to `url`."""
    def load_script(self, url, loaded, failed): """Run the script at `url` in the worker."""
    def import_later(self): """Run the modules of the bundles loaded since the start."""


class Socket(Protocol):
    def is_open(self): """Whether messages can be sent."""
    def send(self, text): """Send JSON text."""
    def close(self): """Close it without hearing of it."""


class Table(Protocol):
    """What the App reads and asks of the table on screen: the page's match (`LocalTable`), a
    lesson's (`TrainingTable`) or the server's (`RemoteTable`)."""

    training: bool  # a lesson's: neither saved nor counted
    waiting: bool  # a move was sent and not answered yet

    @property
    def turn(self): """The seat to move; None between hands."""
    @property
    def rules(self): """The match's `Rules`."""
    def listen(self, listener): """`listener()` after every change."""
    def view(self, seat): """The seat's View, with the events it has not been shown."""
    def event_count(self, seat): """A count that grows with every move."""
    def act(self, seat, action): """Play the seat's action (IllegalAction, named, when not listed)."""
    def undo(self, seat): """Take back the seat's discard while the other side has not moved."""
    def set_level(self, seat, level): """Another computer level for a computer seat."""
    def computer_to_move(self): """The computer seat that must move now, or None."""
    def step(self): """One decision of that seat's, made here (None: none to make)."""
    def to_dict(self): """What to save (None: kept elsewhere, or never)."""
