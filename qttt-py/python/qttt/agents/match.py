"""The match runner: an agent against the built-in opponents (random, MCTS,
perfect play) or another agent, many seeded games, a trace per game as a
line of JSON, and every action scored against perfect play."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import IO, Any, Callable, Mapping, Optional, Sequence, Union

from .. import RESULTS, Game, MctsOpponent, PerfectOpponent, RandomOpponent, parse_games, write_games
from .harness import Agent, Harness
from ..types import ScoringName
from .scoring import MoveScore, Scorer, fit_rating, fit_ratings, points

BUILT_IN: Mapping[str, Callable[[int, ScoringName], Any]] = {
    "random": lambda seed, scoring: RandomOpponent(seed),
    "mcts": lambda seed, scoring: MctsOpponent(seed=seed),
    "perfect": lambda seed, scoring: PerfectOpponent(seed, scoring=scoring),
}
"""The built-in opponents by name, each made from a seed and the match's
scoring: uniform random legal actions, Monte Carlo tree search (2,000
playouts a move) and perfect play under that scoring (the solver, the
fastest win or slowest loss, a seeded choice among equals). They are the
rating's anchors."""

Contestant = Union[str, Agent, Any]
"""Who plays a seat: a name of :data:`BUILT_IN`, an object with
``choose(game) -> Action`` (an opponent), or an :data:`Agent` (asked through
the harness)."""


def _seat(player: Contestant, seed: int, scoring: ScoringName) -> Any:
    if isinstance(player, str):
        if player not in BUILT_IN:
            raise ValueError(f"built-in opponents are {tuple(BUILT_IN)}, not {player!r}")
        return BUILT_IN[player](seed, scoring)
    return player


def _name(player: Contestant) -> str:
    if isinstance(player, str):
        return player
    return getattr(player, "__name__", type(player).__name__)


@dataclass
class GameTrace:
    """One game: who played which seat, every turn (attempts and scores), the
    record, and the result. ``value`` is X's points minus O's (None for an
    unfinished game); ``forfeit`` the seat that forfeited, if any; ``agent``
    the seat of the agent a match evaluates; ``game_file`` the game as an
    annotated game file (docs/gamefile.md: the players, the result, each
    action's value and the mistakes with the best alternatives)."""

    index: int
    seed: int
    scoring: ScoringName
    players: dict
    start: str = ""
    turns: list = field(default_factory=list)
    record: str = ""
    value: Optional[float] = None
    forfeit: Optional[str] = None
    agent: Optional[str] = None
    game_file: str = ""

    def value_for(self, seat: str) -> float:
        """The result for ``seat`` ("X" or "O"): own points minus the other's."""
        assert self.value is not None
        return self.value if seat == "X" else -self.value

    def scores(self, seat: str) -> list:
        """The :class:`MoveScore` of each action ``seat`` played (or forfeited)."""
        return [turn["score"] for turn in self.turns if turn["player"] == seat]

    def as_dict(self) -> dict:
        """The trace as JSON-ready data (one line of the trace file)."""
        turns = [dict(turn, score=turn["score"].as_dict()) for turn in self.turns]
        return {"game": self.index, "seed": self.seed, "scoring": self.scoring, "players": self.players,
                "start": self.start, "record": self.record, "value": self.value, "forfeit": self.forfeit,
                "agent": self.agent, "turns": turns, "game_file": self.game_file}


def play_game(x: Contestant, o: Contestant, *, harness: Harness = Harness(), seed: int = 0, start: str = "",
              scorer: Optional[Scorer] = None, index: int = 0) -> GameTrace:
    """Plays one game from ``start`` (a record; the empty board by default),
    ``x`` against ``o``; a built-in opponent is seeded with ``2 * seed`` as
    X and ``2 * seed + 1`` as O (two built-ins never share a stream). Every
    action is scored by ``scorer`` (a new one for the harness's scoring if
    None). An agent whose every attempt in a turn is refused forfeits: the
    game ends there with a loss for its seat."""
    scorer = scorer or Scorer(harness.scoring)
    seats = {"X": _seat(x, 2 * seed, harness.scoring), "O": _seat(o, 2 * seed + 1, harness.scoring)}
    trace = GameTrace(index, seed, harness.scoring, {"X": _name(x), "O": _name(o)}, start)
    game = Game(start)
    while not game.is_over:
        seat = str(game.current_player)
        player = seats[seat]
        entry: dict = {"ply": game.plies + 1, "player": seat}
        if hasattr(player, "choose"):
            action = player.choose(game)
            entry["attempts"] = []
        else:
            turn = harness.ask(player, game)
            action = turn.action
            entry["attempts"] = [attempt.as_dict() for attempt in turn.attempts]
        entry["action"] = None if action is None else action.token
        trace.turns.append(entry)
        if action is None:
            trace.forfeit = seat
            trace.value = -1.0 if seat == "X" else 1.0
            break
        game = game.apply(action)
    trace.record = game.record
    if trace.value is None:
        trace.value = game.result(harness.scoring)
    scores, qgn = scorer.review(game.record, start, forfeit=trace.forfeit is not None)
    for entry, score in zip(trace.turns, scores):
        entry["score"] = score
    trace.game_file = _game_file(qgn, trace)
    return trace


_TERMINATORS = {value: token for token, value in RESULTS if value is not None}
"""The core's terminator of each value (``qttt.RESULTS``)."""


def _game_file(qgn: str, trace: GameTrace) -> str:
    """The review's annotated game file with the players, the match and the result."""
    (game,) = parse_games(qgn)
    names = {"Event": "qttt.agents match", "Round": str(trace.index + 1), "X": trace.players["X"],
             "O": trace.players["O"]}
    game["tags"].update(names)  # the roster's tags, in their places
    if trace.forfeit is not None:
        game["tags"]["Comment"] = f"{trace.forfeit} forfeits: no legal answer"
    if trace.value is not None:
        game["result"] = _TERMINATORS[trace.value]
    return write_games([game])


@dataclass
class Match:
    """The games of :func:`play_match` and their summary for the agent."""

    agent: str
    scoring: ScoringName
    games: list

    def results(self) -> dict:
        """Per opponent: games, wins, draws, losses, forfeits, the score
        (mean :func:`~qttt.agents.scoring.points`), the agent's actions, the
        share of them that kept the value, the value lost in all, and the
        retries."""
        table: dict = {}
        for trace in self.games:
            seat = trace.agent
            other = trace.players["O" if seat == "X" else "X"]
            row = table.setdefault(other, {"games": 0, "wins": 0, "draws": 0, "losses": 0, "forfeits": 0,
                                           "points": 0.0, "actions": 0, "kept": 0, "lost": 0.0, "retries": 0})
            value = trace.value_for(seat)
            row["games"] += 1
            row["wins" if value > 0 else "losses" if value < 0 else "draws"] += 1
            row["forfeits"] += trace.forfeit == seat
            row["points"] += points(value)
            for turn in trace.turns:
                if turn["player"] == seat:
                    score: MoveScore = turn["score"]
                    row["actions"] += 1
                    row["kept"] += score.kept
                    row["lost"] += score.lost
                    row["retries"] += max(0, len(turn["attempts"]) - 1)
        for row in table.values():
            row["score"] = row["points"] / row["games"]
            row["kept_rate"] = row["kept"] / row["actions"] if row["actions"] else 0.0
        return table

    def kept_rate(self) -> float:
        """The share of all the agent's actions that kept the value."""
        rows = self.results().values()
        actions = sum(row["actions"] for row in rows)
        return sum(row["kept"] for row in rows) / actions if actions else 0.0

    def lost(self) -> float:
        """The value the agent lost over all its actions."""
        return sum(row["lost"] for row in self.results().values())

    def rating(self, anchors: Mapping[str, float]) -> float:
        """The agent's Elo-like rating from its games against the anchors
        (:func:`~qttt.agents.scoring.fit_rating`; ``anchors`` from
        :func:`calibrate`)."""
        results = {name: (row["points"], row["games"]) for name, row in self.results().items() if name in anchors}
        return fit_rating(results, anchors)


def play_match(agent: Contestant, opponents: Sequence[Contestant] = ("random", "mcts", "perfect"), *, games: int = 10,
               seed: int = 0, harness: Harness = Harness(), start: str = "",
               trace: Union[str, IO[str], None] = None, scorer: Optional[Scorer] = None,
               trace_rules: str = "each") -> Match:
    """Plays ``games`` games against each opponent: the agent is X in the
    even-numbered games and O in the odd ones, game ``i`` against an
    opponent is :func:`play_game` with seed ``seed + i``. With ``trace`` (a path or an open
    text file) each game is written as one line of JSON as it ends.
    ``trace_rules="once"`` writes the prompts' opening (the rules and the
    scoring, :meth:`Harness.intro`, the same in every prompt) once, as the
    file's first line ``{"intro": TEXT}``, and every attempt's ``prompt``
    without it (the whole prompt is the intro, a blank line, then that
    text); ``"each"`` (the default) keeps the whole prompt in every attempt."""
    if trace_rules not in ("each", "once"):
        raise ValueError(f"trace_rules is 'each' or 'once', not {trace_rules!r}")
    scorer = scorer or Scorer(harness.scoring)
    out = open(trace, "w", encoding="utf-8") if isinstance(trace, str) else trace
    intro = harness.intro() if trace_rules == "once" else None
    if out is not None and intro is not None:
        out.write(json.dumps({"intro": intro}) + "\n")
    played = []
    try:
        index = 0
        for opponent in opponents:
            for i in range(games):
                x, o = (agent, opponent) if i % 2 == 0 else (opponent, agent)
                game = play_game(x, o, harness=harness, seed=seed + i, start=start, scorer=scorer, index=index)
                game.agent = "X" if i % 2 == 0 else "O"
                index += 1
                played.append(game)
                if out is not None:
                    out.write(json.dumps(_without_intro(game.as_dict(), intro)) + "\n")
                    out.flush()
    finally:
        if isinstance(trace, str) and out is not None:
            out.close()
    return Match(_name(agent), harness.scoring, played)


def _without_intro(line: dict, intro: Optional[str]) -> dict:
    """A trace line with ``intro`` and the blank line after it cut from the
    start of every attempt's prompt (unchanged when ``intro`` is None)."""
    if intro is None:
        return line
    head = intro + "\n\n"
    for turn in line["turns"]:
        for attempt in turn["attempts"]:
            if attempt["prompt"].startswith(head):
                attempt["prompt"] = attempt["prompt"][len(head):]
    return line


def calibrate(games: int = 20, seed: int = 0, scoring: ScoringName = "single") -> dict:
    """The anchors' ratings: every pair of built-in opponents plays ``games``
    games (seats alternating, seeds as in :func:`play_match`), and the
    ratings are fitted with random play pinned at 0
    (:func:`~qttt.agents.scoring.fit_ratings`)."""
    names = list(BUILT_IN)
    table = {}
    scorer = Scorer(scoring)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            match = play_match(a, [b], games=games, seed=seed, harness=Harness(scoring=scoring), scorer=scorer)
            row = match.results()[b]
            table[(a, b)] = (row["points"], row["games"])
    return fit_ratings(table, pinned="random")
