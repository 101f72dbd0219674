"""Language-model players: a text harness, a match runner, and exact scores
against perfect play. Pure Python on the engine; no dependency beyond
``qttt`` itself (the TextArena environment and the MCP server need
``pip install "qttt[textarena]"`` and ``"qttt[mcp]"``).

An agent is any callable from text to text:

>>> from qttt.agents import Harness, play_match, scripted
>>> match = play_match(scripted.random_agent(seed=1), ["random"], games=2)
>>> sorted(match.results()["random"])[:3]
['actions', 'draws', 'forfeits']

- :class:`Harness`: the prompt (the rules from RULES.md, the scoring, the
  position as a board, a record or the JSON view, the legal actions), the
  tolerant parser :func:`parse_answer`, and the retries (``error_allowance``).
- :func:`play_match`, :func:`play_game`: seeded games against the built-in
  opponents (:data:`BUILT_IN`) or another agent, one JSON line of trace per
  game; :class:`Match` sums them up.
- :mod:`qttt.agents.scoring`: each action's loss under perfect play (the
  core's review, ``qttt.review``), and the Elo-like rating anchored to the
  built-in opponents (:func:`calibrate`).
- :mod:`qttt.agents.report`: a match as a table and a chart in a notebook.
- :mod:`qttt.agents.scripted`: agents without a model, for tests.
"""

from . import scoring, scripted
from .harness import (
    POSITION_FORMS,
    RULES_LANGUAGES,
    SCORING_TEXT,
    Agent,
    Attempt,
    Harness,
    Refusal,
    Turn,
    parse_answer,
    rules_text,
    scoring_text,
)
from .match import BUILT_IN, GameTrace, Match, calibrate, play_game, play_match
from .scoring import MoveScore, Scorer

__all__ = [
    "Agent",
    "Attempt",
    "BUILT_IN",
    "GameTrace",
    "Harness",
    "Match",
    "MoveScore",
    "POSITION_FORMS",
    "RULES_LANGUAGES",
    "Refusal",
    "SCORING_TEXT",
    "Scorer",
    "Turn",
    "calibrate",
    "parse_answer",
    "play_game",
    "play_match",
    "rules_text",
    "scoring_text",
    "scoring",
    "scripted",
]
