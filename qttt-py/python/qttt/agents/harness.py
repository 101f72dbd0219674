"""The text harness: the prompt an agent reads, the parser of its answer,
and the retries.

An *agent* is any callable from text to text (a prompt in, an answer out).
:class:`Harness` writes the prompt (the rules, the scoring, the position in
the chosen forms, optionally the legal actions), reads an action token out
of free text with the engine's own token parser, and asks again with a
refusal message when the answer holds no legal token, at most
``error_allowance`` times.
"""

from __future__ import annotations

import re
import string
import time
from dataclasses import dataclass, field
from importlib import resources
from typing import Callable, Optional, Sequence, Union

from .. import LANGUAGES, SCORINGS, Action, Game, QtttError
from ..svg import message
from ..types import ScoringName

Agent = Callable[[str], str]
"""An agent: a prompt in, an answer out (a language model, a person, a script)."""

POSITION_FORMS = ("board", "record", "json")
"""The forms of the position a prompt can show: the text board
(``str(game)``), the game record, and the JSON view (``game.view()``)."""


def scoring_text(scoring: ScoringName, language: str = "en") -> str:
    """The sentence that tells the agent how the match is scored, in
    ``language`` (one of :data:`qttt.LANGUAGES`), from the locale files
    (``agents-scoring-SCORING``), as every other text shown in a language."""
    if scoring == "single":
        return message(language, "agents-scoring-single")
    if scoring == "goff":
        return message(language, "agents-scoring-goff")
    if scoring == "complete":
        return message(language, "agents-scoring-complete")
    raise ValueError(f"scorings are {SCORINGS}, not {scoring!r}")


SCORING_TEXT = {scoring: scoring_text(scoring) for scoring in SCORINGS}
"""The English sentence per scoring name (``qttt.SCORINGS``) that tells the
agent how the match is scored (:func:`scoring_text` gives the other
languages)."""


_STRIP = string.punctuation.replace("@", "") + "\u2018\u2019\u201c\u201d"


RULES_LANGUAGES = LANGUAGES
"""The languages of :func:`rules_text`: English (RULES.md), and the Dutch,
Russian, Danish and German rule texts RULES.md was written from."""


def rules_text(language: str = "en") -> str:
    """The rules an agent reads. ``"en"`` (the default): the rule sections of
    RULES.md, verbatim (shipped with the package as ``qttt/agents/rules.md``;
    a test keeps them in step). ``"nl"``, ``"ru"``, ``"da"``, ``"de"``: the
    original rule text in that language (the project's ``docs/seeds/``,
    shipped as ``qttt/agents/rules/LANGUAGE.txt``; a test keeps them the
    same). The scoring's sentence follows the same language
    (:func:`scoring_text`); the rest of the prompt (the position, the turn)
    stays in English, in the notation of RULES.md."""
    if language not in RULES_LANGUAGES:
        raise ValueError(f"rule languages are {RULES_LANGUAGES}, not {language!r}")
    name = "rules.md" if language == "en" else f"rules/{language}.txt"
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


@dataclass(frozen=True)
class Refusal:
    """Why an answer was not played: ``message`` is what the agent reads
    next; ``token`` the last token found (None when there was none) and
    ``reason`` the engine's code (``"no_token"`` when there was no token)."""

    message: str
    token: Optional[str]
    reason: str


def parse_answer(game: Game, answer: str) -> Union[Action, Refusal]:
    """The action an answer names, or a :class:`Refusal`.

    The answer is split at whitespace, each word stripped of surrounding
    punctuation (``@`` excepted), and each word given to the engine's token
    parser (``qttt.Action``); words it refuses as malformed are ignored. The
    *last* parsed token that is legal in ``game`` is the answer (a model
    that reasons aloud ends with its choice). With no legal token, the
    refusal names the last action token with the engine's reason why it is
    illegal here, or else the last token-shaped word that is no action
    (such as ``55``) with the engine's reason; with neither, it says how an
    action is written."""
    tokens = []
    last_refused: Optional[tuple[str, QtttError]] = None
    for word in answer.split():
        word = word.strip(_STRIP)
        try:
            tokens.append(Action(word))
        except QtttError as refused:
            if getattr(refused, "reason", None) != "malformed_token":
                last_refused = (word, refused)  # token-shaped but not an action, such as 55
    for action in reversed(tokens):
        if game.is_legal(action):
            return action
    if tokens:
        try:
            game.apply(tokens[-1])
        except QtttError as illegal:
            last_refused = (tokens[-1].token, illegal)
    if last_refused is not None:
        word, error = last_refused
        reason = getattr(error, "reason", "illegal")
        return Refusal(f"Your action {word} is not legal here: {error}.", word, reason)
    return Refusal(
        "Your answer holds no action token. Write a spooky move as its two squares (15), "
        "the classical ninth move as its square (7), a collapse choice as @ and the square (@5).",
        None,
        "no_token",
    )


_LEGEND = re.compile(r" +[1-9] [1-9] [1-9]$")


def board_text(game: Game) -> str:
    """The engine's text board (``str(game)``) with its legend of square
    numbers moved from beside the first row's lines, where it could be read
    as those lines' squares, to a line of its own under the board."""
    lines = [_LEGEND.sub("", line) for line in str(game).splitlines()]
    return "\n".join(lines) + "\nSquares are numbered 1 2 3 (top row), 4 5 6 (middle row), 7 8 9 (bottom row)."


@dataclass
class Attempt:
    """One question to the agent: the prompt, the answer, how long the
    answer took (seconds, wall clock) and the refusal (None if played)."""

    prompt: str
    answer: str
    seconds: float
    refusal: Optional[Refusal] = None

    def as_dict(self) -> dict:
        """The attempt as JSON-ready data."""
        refusal = None if self.refusal is None else {
            "message": self.refusal.message, "token": self.refusal.token, "reason": self.refusal.reason}
        return {"prompt": self.prompt, "answer": self.answer, "seconds": self.seconds, "refusal": refusal}


@dataclass
class Turn:
    """An agent's turn: its attempts and the action played (None when every
    attempt was refused: the agent forfeits the game)."""

    attempts: list = field(default_factory=list)
    action: Optional[Action] = None

    @property
    def retries(self) -> int:
        """Attempts after the first."""
        return max(0, len(self.attempts) - 1)


@dataclass(frozen=True)
class Harness:
    """How an agent is asked for an action.

    ``position``: which forms of the position the prompt shows, any of
    :data:`POSITION_FORMS` in the order given. ``list_legal``: whether the
    legal actions are listed. ``error_allowance``: how many refused answers a
    turn may have before the agent forfeits (0: the first refusal
    forfeits). ``scoring``: the scoring named in the prompt (and used by the
    match's scores). ``rules``: the rule text (default :func:`rules_text`
    in ``language``, one of :data:`RULES_LANGUAGES`, English by default;
    the scoring's sentence is in ``language`` too).
    """

    position: Sequence[str] = ("board", "record")
    list_legal: bool = True
    error_allowance: int = 1
    scoring: ScoringName = "single"
    rules: Optional[str] = None
    language: str = "en"

    def __post_init__(self) -> None:
        if self.language not in RULES_LANGUAGES:
            raise ValueError(f"rule languages are {RULES_LANGUAGES}, not {self.language!r}")
        unknown = [form for form in self.position if form not in POSITION_FORMS]
        if unknown or not self.position:
            raise ValueError(f"position forms are {POSITION_FORMS}, not {list(self.position)}")
        if self.scoring not in SCORINGS:
            raise ValueError(f"scorings are {SCORINGS}, not {self.scoring!r}")
        if self.error_allowance < 0:
            raise ValueError("error_allowance must be 0 or more")

    def position_text(self, game: Game) -> str:
        """The position in the chosen forms."""
        parts = []
        for form in self.position:
            if form == "board":
                parts.append(f"The board:\n{board_text(game)}")
            elif form == "record":
                parts.append(f"Record: {game.record or '(empty board, no action yet)'}")
            else:
                parts.append(f"JSON view: {game.view()}")
        return "\n\n".join(parts)

    def intro(self) -> str:
        """What the prompt opens with: the rules and the match's scoring."""
        scoring = scoring_text(self.scoring, self.language)
        return f"{self.rules or rules_text(self.language)}\n\n{scoring}"

    def turn_text(self, game: Game, refusals: Sequence[tuple[str, Refusal]] = ()) -> str:
        """The part of the prompt about this turn: who acts and what, the
        position, the legal actions if listed, the earlier (answer,
        refusal) pairs of this turn quoted back, and how to answer."""
        player = game.current_player
        if player is None:
            raise ValueError("the game is over: no one is to act")
        if game.collapse_options is not None:
            a, b = game.collapse_options
            task = f"{game.collapsing_mark} closed a cycle: you choose where it lands, @{a} or @{b}."
        else:
            task = f"You place mark {player}{game.move_number}."
        lines = [f"You play {player}. {task}", self.position_text(game)]
        if self.list_legal:
            lines.append("Legal actions: " + " ".join(str(a) for a in game.legal_actions()))
        for answer, refusal in refusals:
            lines.append(f"Your previous answer was:\n{answer}\n{refusal.message}")
        lines.append("Answer with one action token; the last legal token in your answer is played.")
        return "\n\n".join(lines)

    def prompt(self, game: Game, refusals: Sequence[tuple[str, Refusal]] = ()) -> str:
        """The whole prompt for the player to act in ``game``:
        :meth:`intro` and :meth:`turn_text`."""
        return f"{self.intro()}\n\n{self.turn_text(game, refusals)}"

    def ask(self, agent: Agent, game: Game) -> Turn:
        """Asks ``agent`` for an action in ``game``, retrying after each
        refusal at most ``error_allowance`` times."""
        turn = Turn()
        refusals: list = []
        while len(turn.attempts) <= self.error_allowance:
            prompt = self.prompt(game, refusals)
            start = time.perf_counter()
            answer = agent(prompt)
            seconds = time.perf_counter() - start
            if not isinstance(answer, str):
                raise TypeError(f"an agent answers a str, not {type(answer).__name__}")
            parsed = parse_answer(game, answer)
            if isinstance(parsed, Refusal):
                turn.attempts.append(Attempt(prompt, answer, seconds, parsed))
                refusals.append((answer, parsed))
                continue
            turn.attempts.append(Attempt(prompt, answer, seconds))
            turn.action = parsed
            break
        return turn

