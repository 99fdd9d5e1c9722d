"""The game area on the page: drawing a View into `#game`, the focus, the live region, and the
answer an input gets in its own frame.

A platform module (it imports `browser`): what it draws is `game.web.table.render`'s pure markup,
which it patches into the page (the start script's `gamePatch`: only what changed is touched);
where the focus goes is `render.fallback_focus`'s choice. The adapter (`game.web.platform.app`) tells it
when to draw.
"""

from browser import document, window

from game.web.play.state import card_of_key
from game.web.table.markup import log_items
from game.web.table.render import attributes, drawing_key, fallback_focus, render


class Screen:
    """`#game`'s live region and main area, and the first screen the build drew there."""

    def __init__(self, root, on_busy):
        self.root = root
        self.on_busy = on_busy  # the busy mark may have changed (a focus waits for its frame)
        self.to_focus = None  # the element to focus in the next frame (`focus_in_frame`)
        # The first screen the build drew (generator/firstscreen.py) is kept, not redrawn, when
        # the game's first drawing is the same markup (its hash): the page's largest paint
        # stays the first one, and nothing is laid out twice.
        self.first_hash = root.attrs["data-first-hash"] if "data-first-hash" in root.attrs else None
        # ... and not even drawn when the inputs of the first drawing are the build's (their hash).
        self.first_key = root.attrs["data-first-key"] if "data-first-key" in root.attrs else None
        drawn = root.select(".g-main.g-waiting") if self.first_hash else []
        if drawn and root.select(".g-live"):
            self.live = root.select(".g-live")[0]
            self.main = drawn[0]
            self.main.classList.remove("g-waiting")
            self.main.removeAttribute("inert")
        else:
            self.first_hash = self.first_key = None
            root.clear()
            self.live = document.createElement("div")
            self.live.className = "g-live"
            self.live.attrs["aria-live"] = "polite"
            self.live.attrs["role"] = "status"
            self.main = document.createElement("div")
            self.main.className = "g-main"
            root.appendChild(self.live)
            root.appendChild(self.main)

    def draw(self, view, ui, seed, take=False):
        """Draw (view, ui); the focus follows into the new markup when it was in the game (or
        `take`: a command of the player), and is never left on the page's body."""
        active = document.activeElement
        inside = active is not None and self.root.contains(active)
        # Redrawn for a move of the other side (not a command of the player's): the focus stays
        # on the control it was on, when it is still there (a player who tabbed to Sort while
        # the computer played is left on Sort, not sent to a card).
        kept = active.attrs["data-key"] if inside and not take and "data-key" in active.attrs else None
        take = take or inside
        if view is not None:
            ui.sync_order(view)
        root = self.root
        for key, value in attributes(view, ui).items():
            root.attrs[key] = value
        root.attrs["data-seed"] = "" if seed is None else str(seed)
        if ui.prefs["four"]:
            root.classList.add("four-colour")
        else:
            root.classList.remove("four-colour")
        if self.first_key is not None and window.gameMarkupHash(drawing_key(view, ui)) == self.first_key:
            root.attrs["data-first-screen"] = "kept"  # drawn by the build from the same inputs
        else:
            html = render(view, ui)
            if self.first_hash is None or window.gameMarkupHash(html) != self.first_hash:
                # Only what changed is touched: the browser lays out only that, and the focused
                # card or an open dialog's scroll stays as it was.
                window.gamePatch(self.main, html)
        if ui.motion == "reveal":
            place_layoffs(self.main)
            bring_into_view(self.main, ".g-end")
        self.first_hash = self.first_key = None  # the first drawing only
        if take:
            # The focused element gone with the drawing (a dialog closed, a card played): the
            # focus is given back at once, never left on the page's body for a frame (a screen
            # reader would announce the page). Else it moves with the next frame.
            lost = inside and not self.root.contains(document.activeElement)
            self.take_focus(view, ui, kept, at_once=lost)
        record = getattr(window, "gameRecordDraw", None)  # the latency benchmark's (bench/latency.py)
        if record is not None:
            record()

    def take_focus(self, view, ui, kept=None, at_once=False):
        """Focus `kept` (the control the focus was on, still there), else ui.focus (a dialog:
        its own), else the screen's sensible control."""
        key = ui.focus
        if ui.dialog:
            key = ui.dialog.get("focus", key)
            kept = None
        elif ui.handover:
            key = "reveal"  # two players: the next one's first press reveals their hand
            kept = None
        keys = [k for k in (kept, key) if k]
        choices = ['[data-key="' + k + '"]' for k in keys] + fallback_focus(view, ui)
        for selector in choices:
            for el in self.main.select(selector):
                if "disabled" not in el.attrs:
                    if at_once:
                        self.to_focus = None
                        focus(el)
                    else:
                        self.focus_in_frame(el)
                    return

    def focus_in_frame(self, el):
        """Focus `el` in the next frame, before it is painted: the browser then lays the page
        out once for the frame, not also now for the focus (which forces it at once)."""
        if el is document.activeElement:
            self.to_focus = None
            return
        if self.to_focus is None:
            in_frame(self.focus_now)
        self.to_focus = el
        self.on_busy()

    def focus_now(self, *args):
        el, self.to_focus = self.to_focus, None
        if el is not None and el.isConnected:
            focus(el)
        self.on_busy()

    def move_focus(self, ui):
        """Only the focus moved (arrows in the hand, a radio button): no new drawing."""
        key = ui.focus
        if card_of_key(key) is not None:
            for el in self.main.select(".g-hand .g-card"):
                el.attrs["tabindex"] = "-1"
        found = self.main.select('[data-key="' + key + '"]') if key else []
        if found:
            found[0].attrs["tabindex"] = "0"
            focus(found[0])

    def announce(self, ui, message):
        """Say `message` in the live region and keep it in the visible log."""
        if not message:
            return
        ui.say(message)
        self.live.text = message
        log = document.select(".g-log")
        if log:
            # Replaced, not patched: new lines are new elements, which the browser never counts
            # as a layout shift (the same lines with other words were: tests/browser/test_steady.py).
            log[0].html = log_items(ui.log)

    def forget(self):
        """Nothing said stays in the live region (another match's cards may be hidden in this one)."""
        self.live.text = ""

    def press(self, name, target):
        """The screen's answer to an input in the frame of the event, before the command runs:
        the card tapped or selected lifts (or drops), the button, the stock or the pile pressed
        lights. The command's drawing then puts the table right."""
        if name == "card" and target is not None:
            chosen = target.getAttribute("aria-pressed") != "true"
            for el in self.main.select(".g-hand .g-selected"):
                el.classList.remove("g-selected")
                el.attrs["aria-pressed"] = "false"
            if chosen:
                target.classList.add("g-selected")
                target.attrs["aria-pressed"] = "true"
            return
        if name is None:
            return
        if target is None:
            found = self.main.select('[data-act="' + name + '"]')
            target = found[0] if found else None
        if target is not None and target.tagName not in ("SELECT", "INPUT", "OPTION"):
            target.classList.add("g-pressed")

    def unpress(self):
        """A control lit by an input that drew nothing (ignored, or the focus only) goes out."""
        for el in self.main.select(".g-pressed"):
            el.classList.remove("g-pressed")


def in_frame(then):
    """Run `then` at the next frame, before it is painted; in a tab the browser does not paint
    (in the background), after a tenth of a second."""
    done = []

    def once(*args):
        if not done:
            done.append(True)
            then()

    window.requestAnimationFrame(once)
    window.setTimeout(once, 100)


def focus(el):
    """Focus without scrolling the page (the table is already in view). Not the element that has
    the focus already (focusing makes the browser lay out the page at once)."""
    if el is not document.activeElement:
        el.focus({"preventScroll": True})


def place_layoffs(main):
    """The knock played out (game.web.table.reveal): each card laid off starts from the place
    it leaves in the defender's row, its offset given to the stylesheet's motion as custom
    properties (the CSSOM: allowed by the CSP). Measured without the transforms in play: the
    card from its offset parent, the place it leaves by its slot."""
    for card in main.select(".g-revealing .g-rv-in"):
        key = card.attrs["data-key"] if "data-key" in card.attrs else ""
        left = main.select('[data-key="rv-out-' + key[len("rv-in-"):] + '"]')
        parent = card.offsetParent
        if not key or not left or parent is None:
            continue
        slot = left[0].parentElement.getBoundingClientRect()
        box = parent.getBoundingClientRect()
        card.style.setProperty("--g-rv-x", str(round(slot.left - box.left - parent.clientLeft - card.offsetLeft)) + "px")
        card.style.setProperty("--g-rv-y", str(round(slot.top - box.top - parent.clientTop - card.offsetTop)) + "px")


def bring_into_view(main, selector):
    """Scroll the page up to the element's top when it starts above the screen (the hand played
    out: the player knocked from the buttons under the hand, and the hands are above)."""
    found = main.select(selector)
    if found:
        top = found[0].getBoundingClientRect().top
        if top < 0:
            window.scrollBy(0, top - 8)
