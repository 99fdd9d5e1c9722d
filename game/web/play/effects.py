"""The effects a command's Outcome may ask of the page, by name: what the page does after a
command besides drawing (save the preferences, deal a new match, open an online table...).
The module that carries one out declares it (`game.web.play.registry.effect`); the handlers that ask
for it name it from here (or through `game.web.play.commands`)."""

NEW_MATCH = "new_match"  # a new match with prefs["rules"] in ui.mode (replay: the same seed)
REPLAY = "replay"
SWITCH_MODE = "switch_mode"  # ui.mode changed: restore that mode's saved match
SAVE_PREFS = "save_prefs"
SAVE = "save"  # the card order changed: save it with the match
LEVEL = "level"  # the computer's level changed
CLEAR_DATA = "clear_data"  # forget every save and preference, then start afresh
OPEN_SEED = "open_seed"  # deal the seed of a shared link (ui.dialog said which) over the match
FOCUS_ONLY = "focus_only"  # nothing to draw again: only move the focus to ui.focus
UNDO = "undo"  # take back the discard of the person at the screen (the table rebuilds the match)
# Online tables (the adapter talks to the server).
OPEN_TABLE = "open_table"  # with ui.lobby["rules"]
JOIN_TABLE = "join_table"  # with ui.lobby["code"]
OFFER = "offer"  # a new game: Outcome.say carries nothing; ui.online["answer"] says accept or not
LEAVE = "leave"  # back to the lobby; the seat key is kept (`GIVE_UP` forgets it)
GIVE_UP = "give_up"  # leave the table for good: the server frees the seat, the key is forgotten
COPY = "copy"  # copy the invitation link
COPY_SEAT = "copy_seat"  # copy a link holding this seat's key (to play it on another device)

# Statistics and the daily deal (game.web.progress.stats, game.web.progress.daily).
SAVE_STATS = "save_stats"  # ui.stats changed: store it
EXPORT_STATS = "export_stats"  # offer ui.stats as a JSON file
READ_STATS_FILE = "read_stats_file"  # read the file chosen (ui.dialog["file"]), then "stats_file"
OPEN_DAILY = "open_daily"  # read today's date, then open the daily deal's dialog
PLAY_DAILY = "play_daily"  # deal today's daily match
BACK_TO_MATCH = "back_to_match"  # restore the match set aside for the daily deal


# Training hands (game.web.play.lesson).
RESTART_LESSON = "restart_lesson"  # deal the lesson on screen again from its first step
LEAVE_LESSON = "leave_lesson"  # back to the player's own match (restored as it was saved)
GUIDED_HAND = "guided_hand"  # open the first guided hand (the menu's button)

# The coach (game.web.play.coach).
REVIEW = "review"  # the adapter fills ui.coach["review"] from the table's decisions
RECORD_HINT = "record_hint"  # keep ui.coach["used"] with the match
