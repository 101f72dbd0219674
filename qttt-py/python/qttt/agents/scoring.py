"""Exact scores: what each action lost under perfect play, and an Elo-like
rating anchored to the built-in opponents.

The scores are the core's review (``qttt.review``): a position's value is
the points of a player minus the opponent's under perfect play from there
(1, 1/2, 0, -1/2 or -1; the halves only under Goff's scoring). Seen from the
player who acts, an action's *loss* is the position's value before it minus
the value after it, both from that player's side: 0 when the action kept
the value (it is one of the optimal actions), 1 for a win given away to a
draw or a draw given away to a loss, 2 for a win turned into a loss, and
1/2 steps under Goff's scoring (a full point turned into the half point of
the later line).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional

from .. import Action, Game, Solver, review
from ..types import ScoringName


def side(value: float, seat: str) -> float:
    """``value`` (X's points minus O's) seen from ``seat`` ("X" or "O")."""
    return value if seat == "X" else 0.0 - value  # 0.0 - 0.0 is 0.0, where -0.0 would print as -0.0


@dataclass(frozen=True)
class MoveScore:
    """One action scored against perfect play, from the side of the player
    who acted: ``before`` and ``after`` are that player's values (own points
    minus the opponent's) before and after the action, ``best`` the optimal
    actions' tokens, ``verdict`` the review's (``"kept"``,
    ``"win_given_away"``, ``"draw_given_away"``, ``"half_point_lost"``) or
    ``"forfeit"``. ``ply`` counts actions from the empty board, from 1. A
    forfeit (``action`` None) is scored as the loss it is (``after`` -1)."""

    ply: int
    player: str
    action: Optional[str]
    before: float
    after: float
    best: tuple
    verdict: str

    @property
    def lost(self) -> float:
        """The value the action gave away (0 if it kept it)."""
        return self.before - self.after

    @property
    def kept(self) -> bool:
        """Whether the action kept the value (a forfeit never does, even in a
        lost position, where it loses nothing more)."""
        return self.verdict == "kept"

    def as_dict(self) -> dict:
        """The score as JSON-ready data."""
        return {"ply": self.ply, "player": self.player, "action": self.action, "before": self.before,
                "after": self.after, "lost": self.lost, "kept": self.kept, "verdict": self.verdict,
                "best": list(self.best)}


class Scorer:
    """Scores games by the core's review under ``scoring`` (a name of
    ``qttt.SCORINGS``)."""

    def __init__(self, scoring: ScoringName = "single") -> None:
        self.scoring = scoring
        self._solver = Solver(scoring)
        """One solver for every review: each game's opening is solved once."""

    def review(self, record: str, start: str = "", forfeit: bool = False) -> tuple:
        """Every action of ``record`` played after ``start`` scored (and, with
        ``forfeit``, the forfeit of the player to act at its end), and the
        review's annotated game file."""
        game = Game(record)
        reviewed = review(game, first=len(start.split()), solver=self._solver)
        scores = []
        for step in reviewed.steps:
            seat = step["player"]
            scores.append(MoveScore(step["ply"], seat, step["action"], side(step["before"], seat),
                                    side(step["after"], seat), tuple(step["best"]), step["verdict"]))
        if forfeit:
            player = game.current_player
            if player is None:
                raise ValueError("the game is over: no one is left to forfeit")
            solution = self._solver.solve(game)
            scores.append(MoveScore(game.plies + 1, str(player), None, side(solution.value, str(player)), -1.0,
                                    tuple(a.token for a in solution.optimal_actions), "forfeit"))
        return scores, reviewed.to_qgn()

    def score(self, game: Game, action: Optional[Action]) -> MoveScore:
        """One action (None: a forfeit) of the player to act in ``game``, scored."""
        if action is None:
            return self.review(game.record, game.record, forfeit=True)[0][0]
        return self.review(game.apply(action).record, game.record)[0][0]

    def score_record(self, record: str, start: str = "") -> list:
        """Every action of ``record`` (played after ``start``) scored."""
        return self.review(record, start)[0]


def expected(rating: float, other: float) -> float:
    """Elo's expected score of a player rated ``rating`` against ``other``:
    ``1 / (1 + 10 ** ((other - rating) / 400))``."""
    return 1.0 / (1.0 + 10.0 ** ((other - rating) / 400.0))


def fit_rating(results: Mapping[str, tuple], anchors: Mapping[str, float]) -> float:
    """The rating that makes the expected scores against fixed ``anchors``
    sum to the scores obtained (the maximum-likelihood Elo rating).

    ``results`` maps an anchor's name to ``(points, games)``, points being
    1 a win, 1/2 a draw, 0 a loss summed over the games (a half win under
    Goff's scoring counts 3/4). One virtual draw is added against every
    anchor played, so that winning or losing every game still gives a
    finite rating (it pulls a rating from few games toward the anchors)."""
    played = {name: (points + 0.5, games + 1) for name, (points, games) in results.items() if games}
    if not played:
        raise ValueError("no games against an anchor")

    def surplus(rating: float) -> float:
        return sum(points - games * expected(rating, anchors[name]) for name, (points, games) in played.items())

    low, high = min(anchors.values()) - 4000.0, max(anchors.values()) + 4000.0
    for _ in range(100):
        middle = (low + high) / 2
        if surplus(middle) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def fit_ratings(table: Mapping[tuple, tuple], pinned: str, iterations: int = 200) -> dict:
    """Ratings of every player in ``table`` (``(a, b) -> (points of a, games)``)
    with ``pinned`` at 0, each the :func:`fit_rating` of its results against
    the others, repeated until they settle."""
    players = sorted({name for pair in table for name in pair})
    ratings = {name: 0.0 for name in players}
    for _ in range(iterations):
        for name in players:
            if name == pinned:
                continue
            results: dict = {}
            for (a, b), (points, games) in table.items():
                if a == name:
                    results[b] = _add(results.get(b), points, games)
                elif b == name:
                    results[a] = _add(results.get(a), games - points, games)
            others = {other: ratings[other] for other in results}
            ratings[name] = fit_rating(results, others)
    return ratings


def _add(old: Optional[tuple], points: float, games: int) -> tuple:
    return (points, games) if old is None else (old[0] + points, old[1] + games)


def points(value: float) -> float:
    """A game's score for the rating from its value for one side (own points
    minus the opponent's): ``(1 + value) / 2``, so 1 a win, 1/2 a draw, 0 a
    loss, 3/4 and 1/4 for the lines of both players under Goff's scoring."""
    return (1.0 + value) / 2.0


__all__ = ["MoveScore", "Scorer", "expected", "fit_rating", "fit_ratings", "points", "side"]
