"""Exact scores: what each action lost under perfect play, and an Elo-like
rating anchored to the built-in opponents.

Values are the solver's (``qttt.Solver``): a position's value is X's points
minus O's under perfect play from there (1, 1/2, 0, -1/2 or -1; the halves
only under Goff's scoring). Seen from the player who acts, an action's
*loss* is the position's value before it minus the value after it, both
from that player's side: 0 when the action kept the value (it is one of
the optimal actions), 1 for a win given away to a draw or a draw given
away to a loss, 2 for a win turned into a loss, and 1/2 steps under Goff's
scoring (a full point turned into the half point of the later line).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional

from .. import Action, Game, Player, Solver
from ..types import ScoringName

OUTCOMES = {1.0: "win", 0.5: "win on the earlier line", 0.0: "draw", -0.5: "loss on the later line", -1.0: "loss"}
"""The name of each value, seen from one player."""


def side(value: float, player: Player) -> float:
    """``value`` (X's points minus O's) seen from ``player``."""
    return value if player == Player.X else -value


@dataclass(frozen=True)
class MoveScore:
    """One action scored against perfect play, from the side of the player
    who acted: ``before`` and ``after`` are that player's values (own points
    minus the opponent's) before and after the action, ``lost`` is
    ``before - after``, ``best`` the optimal actions' tokens. A forfeit
    (``action`` None) is scored as the loss it is (``after`` -1)."""

    ply: int
    player: str
    action: Optional[str]
    before: float
    after: float
    best: tuple

    @property
    def lost(self) -> float:
        """The value the action gave away (0 if it kept it)."""
        return self.before - self.after

    @property
    def kept(self) -> bool:
        """Whether the action kept the value (a forfeit never does, even in a
        lost position, where it loses nothing more)."""
        return self.lost == 0 and self.action is not None

    @property
    def verdict(self) -> str:
        """"kept", "forfeit", or what turned into what, e.g. "win -> draw"."""
        if self.action is None:
            return "forfeit"
        if self.kept:
            return "kept"
        return f"{OUTCOMES[self.before]} -> {OUTCOMES[self.after]}"

    def as_dict(self) -> dict:
        """The score as JSON-ready data."""
        return {"ply": self.ply, "player": self.player, "action": self.action, "before": self.before,
                "after": self.after, "lost": self.lost, "kept": self.kept, "verdict": self.verdict,
                "best": list(self.best)}


class Scorer:
    """Scores actions with one solver whose table is kept from call to call
    (``scoring`` is a name of ``qttt.SCORINGS``)."""

    def __init__(self, scoring: ScoringName = "single", solver: Optional[Solver] = None) -> None:
        self.solver = solver if solver is not None else Solver(scoring)
        self.scoring = self.solver.scoring

    def value(self, game: Game) -> float:
        """X's points minus O's under perfect play from ``game``."""
        return self.solver.solve(game).value

    def score(self, game: Game, action: Optional[Action]) -> MoveScore:
        """Scores ``action`` (None: a forfeit) by the player to act in ``game``."""
        player = game.current_player
        if player is None:
            raise ValueError("the game is over: there is no action to score")
        solution = self.solver.solve(game)
        before = side(solution.value, player)
        after = -1.0 if action is None else side(self.value(game.apply(action)), player)
        return MoveScore(game.plies, str(player), None if action is None else action.token, before, after,
                         tuple(a.token for a in solution.optimal_actions))

    def score_record(self, record: str, start: str = "") -> list:
        """Every action of ``record`` (played after ``start``) scored."""
        game = Game(start)
        scores = []
        for token in record.split()[len(start.split()):]:
            action = Action(token)
            scores.append(self.score(game, action))
            game = game.apply(action)
        return scores


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


__all__ = ["MoveScore", "OUTCOMES", "Scorer", "expected", "fit_rating", "fit_ratings", "points", "side"]
