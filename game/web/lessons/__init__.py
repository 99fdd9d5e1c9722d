"""Training hands (the guided hand, the rules guide's positions) and a newcomer's welcome: their
commands, the App's side, the lesson's panel (the second bundle's). Pure Python."""
