"""The coach: the hint's and the review's commands, their screens, and the hints kept with a
match (the second bundle's). Pure Python."""
