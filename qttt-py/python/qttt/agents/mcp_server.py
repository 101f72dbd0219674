"""A Model Context Protocol server (stdio) for playing quantum tic-tac-toe:
a model, or any MCP client, starts a game against a built-in opponent or
another client, looks at the position, lists the actions, plays and reviews
(the extra ``[mcp]``: ``pip install "WHEEL[mcp]"`` with the built wheel, or
``pip install "qttt[mcp]"`` once qttt is on PyPI; the official MCP Python SDK).

    python -m qttt.agents.mcp_server

Tools: ``rules``, ``new_game``, ``position``, ``legal_actions``, ``play`` and
``review``. The server enforces seats and turns: ``new_game`` hands out a
secret seat key per seat a client holds (one against a built-in opponent,
two for a game between clients), ``play`` takes the seat key and refuses it
when it is not that seat's turn; the built-in opponent answers at once. A
refused action is a tool error whose text says why, in the harness's words.
Values are X's points minus O's: ``position`` gives the result once the game
is over and the value under perfect play at every point.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Annotated, Any, Optional, cast

from pydantic import Field

try:
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError('qttt.agents.mcp_server needs the MCP SDK: the extra [mcp] (docs/agents.md)') from error

from .. import SCORINGS, Game, Solver, __version__
from ..types import ScoringName
from .harness import POSITION_FORMS, Harness, Refusal, parse_answer
from .match import BUILT_IN
from .scoring import Scorer


@dataclass
class _Table:
    game: Game
    harness: Harness
    keys: dict  # seat -> seat key, for the seats clients hold
    opponent: Optional[Any] = None  # the built-in opponent of the other seat
    log: list = field(default_factory=list)


class Games:
    """The games a server holds, by id."""

    def __init__(self) -> None:
        self.tables: dict = {}
        self.scorers: dict = {}
        self.solvers: dict = {}

    def table(self, game_id: str) -> _Table:
        """The game ``game_id``; a tool error when there is none."""
        if game_id not in self.tables:
            raise ToolError(f"no game {game_id!r}: start one with new_game")
        return self.tables[game_id]

    def new(self, seat: str, opponent: str, seed: int, scoring: str) -> dict:
        """A new game; the built-in opponent moves first when it plays X."""
        if seat not in ("X", "O"):
            raise ToolError(f"seat is X or O, not {seat!r}")
        if scoring not in SCORINGS:
            raise ToolError(f"scoring is one of {', '.join(SCORINGS)}, not {scoring!r}")
        if opponent != "client" and opponent not in BUILT_IN:
            raise ToolError(f"opponent is one of {', '.join(BUILT_IN)} or client, not {opponent!r}")
        seats = ("X", "O") if opponent == "client" else (seat,)
        keys = {s: secrets.token_hex(8) for s in seats}
        scoring_name = cast(ScoringName, scoring)
        table = _Table(Game(), Harness(scoring=scoring_name), keys,
                       None if opponent == "client" else BUILT_IN[opponent](seed, scoring_name))
        game_id = f"g{len(self.tables) + 1}"
        self.tables[game_id] = table
        self._reply(table)
        return {"game": game_id, "seat_keys": keys, **self.view(game_id)}

    def view(self, game_id: str, form: str = "board") -> dict:
        """The position in one of the harness's forms, who acts, the result
        (None until the game is over) and the value under perfect play (X's
        points minus O's; the result once it is over)."""
        if form not in POSITION_FORMS:
            raise ToolError(f"form is one of {', '.join(POSITION_FORMS)}, not {form!r}")
        table = self.table(game_id)
        game = table.game
        to_act = None if game.current_player is None else str(game.current_player)
        scoring = table.harness.scoring
        result = game.result(scoring)
        solver = self.solvers.setdefault(scoring, Solver(scoring))
        return {"record": game.record, "to_act": to_act, "over": game.is_over,
                "result": result, "value": solver.solve(game).value,
                "text": Harness(position=(form,), scoring=table.harness.scoring).position_text(game)}

    def play(self, game_id: str, seat_key: str, action: str) -> dict:
        """Plays ``action`` (free text; the last legal token counts) for the
        seat whose key this is, then the built-in opponent's answer."""
        table = self.table(game_id)
        seat = next((s for s, k in table.keys.items() if secrets.compare_digest(k, seat_key)), None)
        if seat is None:
            raise ToolError("that seat key holds no seat of this game")
        if table.game.is_over:
            raise ToolError(f"the game is over: {table.game.record}")
        if str(table.game.current_player) != seat:
            raise ToolError(f"it is {table.game.current_player}'s turn, not {seat}'s")
        parsed = parse_answer(table.game, action)
        if isinstance(parsed, Refusal):
            raise ToolError(parsed.message)
        played = [self._apply(table, parsed)]
        played += self._reply(table)
        return {"played": played, **self.view(game_id)}

    def review(self, game_id: str) -> dict:
        """Every action so far scored against perfect play."""
        table = self.table(game_id)
        scoring = table.harness.scoring
        scorer = self.scorers.setdefault(scoring, Scorer(scoring))
        scores, qgn = scorer.review(table.game.record)
        return {"record": table.game.record, "scoring": scoring, "actions": [s.as_dict() for s in scores],
                "game_file": qgn}

    def _apply(self, table: _Table, action: Any) -> str:
        table.game = table.game.apply(action)
        return str(action)

    def _reply(self, table: _Table) -> list:
        played = []
        while table.opponent is not None and not table.game.is_over \
                and str(table.game.current_player) not in table.keys:
            played.append(self._apply(table, table.opponent.choose(table.game)))
        return played


def _enum(*names: str) -> Any:
    """The metadata of a string parameter whose schema lists its values
    (``enum``); the tool itself refuses another value with a message naming
    them."""
    return Field(json_schema_extra={"enum": list(names)})


Scoring = Annotated[str, _enum(*SCORINGS)]
Seat = Annotated[str, _enum("X", "O")]
Opponent = Annotated[str, _enum(*BUILT_IN, "client")]
Form = Annotated[str, _enum(*POSITION_FORMS)]


def build_server() -> MCPServer:
    """The server with its tools, holding its games in memory."""
    server = MCPServer("qttt", version=__version__, log_level="WARNING",
                       instructions="Quantum tic-tac-toe with Allan Goff's rules: call rules first, "
                       "then new_game, then play with your seat's seat_key.")
    games = Games()

    @server.tool()
    def rules(scoring: Scoring = "single") -> str:
        """The complete rules of the game and how a match under `scoring` is scored."""
        if scoring not in SCORINGS:
            raise ToolError(f"scoring is one of {', '.join(SCORINGS)}, not {scoring!r}")
        return Harness(scoring=cast(ScoringName, scoring)).intro()

    @server.tool()
    def new_game(seat: Seat = "X", opponent: Opponent = "perfect", seed: int = 0,
                 scoring: Scoring = "single") -> dict[str, Any]:
        """Starts a game: you play `seat` (X moves first) against the built-in `opponent`
        (random, mcts or perfect; seeded by `seed`), or `opponent="client"` for a game between
        two clients (both seats' keys are returned). Keep your seat's `seat_key` (a secret) for play."""
        return games.new(seat, opponent, seed, scoring)

    @server.tool()
    def position(game: str, form: Form = "board") -> dict[str, Any]:
        """The position of `game` as text (`form`: board, record or json), who acts, `result`
        (null until the game is over) and `value` under perfect play (both X's points minus O's)."""
        return games.view(game, form)

    @server.tool()
    def legal_actions(game: str) -> list[str]:
        """The legal action tokens of `game` (spooky move 15, classical move 7, collapse @5)."""
        return [str(a) for a in games.table(game).game.legal_actions()]

    @server.tool()
    def play(game: str, seat_key: str, action: str) -> dict[str, Any]:
        """Plays `action` (a token such as 15, 7 or @5; free text is fine, its last legal token
        counts) for the seat that `seat_key` (from new_game) holds, then the built-in opponent's reply."""
        return games.play(game, seat_key, action)

    @server.tool()
    def review(game: str) -> dict[str, Any]:
        """Every action of `game` so far scored against perfect play: each player's value
        before and after it, what it lost, the best actions."""
        return games.review(game)

    return server


def main() -> None:
    """Runs the server on stdio."""
    build_server().run("stdio")


if __name__ == "__main__":
    main()
