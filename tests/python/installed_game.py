"""Plays the worked example of docs/RULES.md with the installed module (a wheel or the sdist)."""

import qttt

game = qttt.Game("58 47 67 59 48 68 @8")
assert game.outcome.winner is qttt.Player.X
print("the installed module played:", game.record)
