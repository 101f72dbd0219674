"""Scripted agents: text in, text out, no model. They read the game record
from the prompt (so the harness must show the position as a record or the
JSON view) and answer like a model would, in free text. They test a
pipeline, and give a match's figures something exact to be checked against.
"""

from __future__ import annotations

import json
import random
from typing import Iterable, Optional

from .. import Game, Solver
from ..types import ScoringName
from .harness import Agent


def record_from_prompt(prompt: str) -> str:
    """The game record a harness prompt shows (its last ``Record:`` line, or
    the record of its last ``JSON view:`` line: a conversation's history may
    show earlier positions)."""
    for line in reversed(prompt.splitlines()):
        if line.startswith("Record: "):
            record = line[len("Record: "):]
            return "" if record.startswith("(") else record
        if line.startswith("JSON view: "):
            return json.loads(line[len("JSON view: "):])["record"]
    raise ValueError("the prompt shows no record: give the harness position 'record' or 'json'")


def perfect_agent(scoring: ScoringName = "single", seed: int = 0) -> Agent:
    """Always legal and perfect: one of the solver's optimal actions under
    ``scoring`` (a seeded choice), stated at the end of a sentence."""
    solver = Solver(scoring)
    rng = random.Random(seed)

    def agent(prompt: str) -> str:
        game = Game(record_from_prompt(prompt))
        action = rng.choice(solver.solve(game).optimal_actions)
        return f"After some thought, my action is {action}."

    agent.__name__ = "perfect_agent"
    return agent


def random_agent(seed: int = 0) -> Agent:
    """A uniformly random legal action (seeded)."""
    rng = random.Random(seed)

    def agent(prompt: str) -> str:
        game = Game(record_from_prompt(prompt))
        return f"I pick {rng.choice(game.legal_actions())}"

    agent.__name__ = "random_agent"
    return agent


def nonsense_agent(prompt: str) -> str:
    """Never an action: every answer is refused."""
    return "I would rather talk about the weather."


def needs_retry(agent: Agent, first: str = "I will play 55!") -> Agent:
    """``agent`` after one refused answer on every turn: the first answer of
    a turn is ``first`` (no legal token), the retry is ``agent``'s."""

    def retrying(prompt: str) -> str:
        return agent(prompt) if "Your previous answer was" in prompt else first

    retrying.__name__ = f"needs_retry({getattr(agent, '__name__', 'agent')})"
    return retrying


def script(answers: Iterable[str], name: Optional[str] = None) -> Agent:
    """The given answers in order, one per question."""
    queue = iter(answers)

    def scripted(prompt: str) -> str:
        return next(queue)

    scripted.__name__ = name or "script"
    return scripted
