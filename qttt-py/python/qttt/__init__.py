"""Quantum tic-tac-toe (Allan Goff's rules): an exact, fast engine.

Each move puts a *spooky* mark in two squares at once; when spooky marks
close a cycle it *collapses* and its marks become *classical*; only
classical marks make lines.

>>> import qttt
>>> game = qttt.Game.from_record("58 47 67 59 48 68")
>>> game.phase
Phase.COLLAPSE
>>> [str(a) for a in game.legal_actions()]
['@6', '@8']
>>> end = game.collapse("@8")
>>> end.outcome.winner
Player.X
>>> end.classical(4), end.classical(5)  # a mark's repr is its name
(X5, X1)
>>> game.record  # the old game is unchanged
'58 47 67 59 48 68'
"""

from . import puzzles, types
from ._dataset import dataset, write_dataset
from .reviews import Review, review
from ._qttt import (
    Action,
    ActionValue,
    CollapseChoice,
    CollapseStep,
    ENDINGS,
    Game,
    GameFileError,
    IllegalActionError,
    InvalidActionError,
    LANGUAGES,
    Line,
    Mark,
    MctsOpponent,
    Move,
    NotationError,
    OPPONENTS,
    Outcome,
    PerfectOpponent,
    Phase,
    Player,
    QtttError,
    RandomOpponent,
    RandomStats,
    REASONS,
    RESULTS,
    SCORINGS,
    Solution,
    Solver,
    Symmetry,
    Tablebase,
    TablebaseError,
    __version__,
    parse_games,
    perft,
    random_games,
    random_stats,
    write_games,
)

# The nine marks by name, as a mark's repr writes it: X1 is Mark(1), O2 Mark(2), ...
X1, O2, X3, O4, X5, O6, X7, O8, X9 = (Mark(number) for number in range(1, 10))

__all__ = [
    "Action",
    "ActionValue",
    "CollapseChoice",
    "CollapseStep",
    "ENDINGS",
    "Game",
    "GameFileError",
    "IllegalActionError",
    "InvalidActionError",
    "LANGUAGES",
    "Line",
    "Mark",
    "MctsOpponent",
    "Move",
    "NotationError",
    "OPPONENTS",
    "Outcome",
    "PerfectOpponent",
    "Phase",
    "Player",
    "QtttError",
    "RandomOpponent",
    "RandomStats",
    "REASONS",
    "RESULTS",
    "SCORINGS",
    "Solution",
    "Solver",
    "Symmetry",
    "Tablebase",
    "TablebaseError",
    "__version__",
    "Review",
    "parse_games",
    "perft",
    "puzzles",
    "random_games",
    "random_stats",
    "review",
    "types",
    "dataset",
    "write_dataset",
    "write_games",
    "X1",
    "O2",
    "X3",
    "O4",
    "X5",
    "O6",
    "X7",
    "O8",
    "X9",
]
