"""The statistics and the daily deal: their models, dialogs, chart, commands and the App's side
(the second bundle's). Pure Python."""
