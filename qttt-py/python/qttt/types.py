"""The shared vocabulary as types: the reason codes of errors, the scoring
names and the kinds of action, as ``typing.Literal`` aliases.

They list the values of ``qttt.REASONS``, ``qttt.SCORINGS`` and
``qttt.OPPONENTS``, which come
from the Rust core; the tests check that the lists agree, so a reason added
to the core cannot be forgotten here.
"""

from __future__ import annotations

from typing import Literal, TypedDict

ReasonCode = Literal[
    "invalid_action_id",
    "malformed_token",
    "same_square_twice",
    "game_over",
    "collapse_pending",
    "no_collapse_pending",
    "square_classical",
    "classical_move_not_allowed",
    "spooky_move_on_last_square",
    "not_collapse_option",
    "wrong_action_kind",
]
"""Why an action was refused: ``InvalidActionError.reason``,
``IllegalActionError.reason`` and ``NotationError.reason``."""

ScoringName = Literal["single", "goff", "complete"]

LanguageTag = str
"""A language of the drawing's captions, one of ``qttt.LANGUAGES`` (the
locale files the module is built with): ``Game.svg(lang=...)``."""
"""How finished games are scored: RULES.md's single result, Goff's points,
or lines for both players drawn."""

OpponentName = Literal["random", "mcts", "perfect"]
"""The kinds of computer opponent (``qttt.OPPONENTS``): ``RandomOpponent``,
``MctsOpponent``, ``PerfectOpponent``."""

ActionKind = Literal["spooky", "classical", "collapse"]
"""``Action.kind``."""

class RandomGameCounts(TypedDict):
    """What ``random_games(n)`` returns: X's wins, O's wins and the draws."""

    X: int
    """Games X won."""
    O: int
    """Games O won."""
    draw: int
    """Drawn games."""

__all__ = ["ActionKind", "LanguageTag", "RandomGameCounts", "ReasonCode", "ScoringName"]
