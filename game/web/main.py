from browser import document, window
from game.match import Match
from game.web import i18n
import sys
root = document["game"]
data = window.__gameCatalog
root.text = "hello " + str(Match.new(123).view(0).hand) + " " + str(type(data)) + " " + str(data.lang if data else None)
window.console.log(str([k for k in sys.modules]))
root.attrs["data-ready"] = "true"
