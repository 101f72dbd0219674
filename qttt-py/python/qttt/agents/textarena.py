"""Quantum tic-tac-toe with Allan Goff's rules as a TextArena environment
(``pip install "qttt[textarena]"``).

TextArena's own ``QuantumTicTacToe-v0`` collapses a cycle by itself and
differs from Goff's rules; this one is the engine's game: the opponent of
the player who closed a cycle chooses the collapse, lines for both players
are decided by the earlier line, and the chooser then moves. Importing the
module registers it:

>>> import textarena as ta
>>> import qttt.agents.textarena
>>> env = ta.make("QuantumTicTacToeGoff-v0")
>>> env.reset(num_players=2, seed=0)
>>> player, observation = env.get_observation()
>>> player, "You play X. You place mark X1." in observation
(0, True)

Player 0 is X and player 1 is O. An action is parsed by
:func:`qttt.agents.parse_answer` (a token anywhere in free text); a refused
answer costs one of ``error_allowance`` retries, after which the player
loses (TextArena's ``TwoPlayerState``). Rewards are each player's points
minus the opponent's under the harness's scoring: 1 and -1, 0 for a draw,
and 1/2 and -1/2 for lines of both players under ``scoring="goff"``.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

try:
    import textarena as ta
    from textarena.envs import BOARDGAME_WRAPPERS, DEFAULT_WRAPPERS
    from textarena.envs.registration import ENV_REGISTRY, register_with_versions
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError('qttt.agents.textarena needs TextArena: pip install "qttt[textarena]"') from error

from .. import Game, Player
from ..types import ScoringName
from .harness import Harness, Refusal, parse_answer

ENV_ID = "QuantumTicTacToeGoff-v0"
"""The registered id (also ``-train`` with TextArena's board-game wrappers
and ``-raw`` without wrappers appended)."""



def final_reason(game: Game, value: float, scoring: str) -> str:
    """Who won and how, for TextArena's final reason: the verdict under
    ``scoring`` (``value``: X's points minus O's), the lines with the
    highest subscript of each (which decides under the earlier-line rule)
    and the record."""
    if value == 0:
        verdict = "The game is a draw"
    else:
        verdict = f"{'X' if value > 0 else 'O'} wins" + (" by half a point" if abs(value) == 0.5 else "")
    outcome = game.outcome
    lines = ", ".join(f"{line.player} {'-'.join(map(str, line.squares))} (highest {line.highest})"
                      for line in outcome.lines) if outcome is not None else ""
    how = f"lines: {lines}" if lines else "no line: the board is full"
    return f"{verdict} under the {scoring} scoring ({how}). Record: {game.record}"

class QuantumTicTacToeGoffEnv(ta.Env):
    """The environment: the harness's prompt split into TextArena
    observations (the rules and scoring once, the position each turn)."""

    def __init__(self, scoring: ScoringName = "single", position: Sequence[str] = ("board", "record"),
                 list_legal: bool = True, error_allowance: int = 1) -> None:
        super().__init__()
        self.harness = Harness(position=tuple(position), list_legal=list_legal,
                               error_allowance=error_allowance, scoring=scoring)
        self.game = Game()

    def reset(self, num_players: int, seed: Optional[int] = None) -> None:
        """A new game from the empty board (the seed is TextArena's; the game has no chance)."""
        self.game = Game()
        self.state = ta.TwoPlayerState(num_players=num_players, seed=seed, max_turns=100,
                                       error_allowance=self.harness.error_allowance)
        self.state.reset(game_state={"record": ""}, player_prompt_function=self._prompt,
                         role_mapping={0: "Player 0 (X)", 1: "Player 1 (O)"})
        self._show_turn()

    def _prompt(self, player_id: int, game_state: dict) -> str:
        seat = "X" if player_id == 0 else "O"
        return f"{self.harness.intro()}\n\nYou are player {player_id} and play {seat}."

    def _show_turn(self) -> None:
        player = 0 if self.game.current_player == Player.X else 1
        self.state.add_observation(to_id=player, message=self.harness.turn_text(self.game),
                                   observation_type=ta.ObservationType.GAME_BOARD)

    def step(self, action: str) -> tuple[bool, Any]:
        """Plays the current player's answer (free text)."""
        mover = self.state.current_player_id
        self.state.add_observation(from_id=mover, message=action, observation_type=ta.ObservationType.PLAYER_ACTION)
        parsed = parse_answer(self.game, action)
        if isinstance(parsed, Refusal):
            self.state.set_invalid_move(reason=parsed.message)
            if not self.state.done:
                self._show_turn()
            return self.state.step()
        self.game = self.game.apply(parsed)
        self.state.game_state["record"] = self.game.record
        self.state.add_observation(message=f"Player {mover} ({'X' if mover == 0 else 'O'}) played {parsed}.",
                                   observation_type=ta.ObservationType.GAME_ACTION_DESCRIPTION)
        if self.game.is_over:
            value = self.game.result(self.harness.scoring)
            assert value is not None
            reason = final_reason(self.game, value, self.harness.scoring)
            if value == 0:
                self.state.set_draw(reason=reason)
            else:
                self.state.set_winner(player_id=0 if value > 0 else 1, reason=reason)
                if abs(value) != 1:  # Goff's points for lines of both players
                    self.state.rewards = {0: value, 1: -value}
            return self.state.step()
        following = 0 if self.game.current_player == Player.X else 1
        self._show_turn()
        return self.state.step(rotate_player=following != mover)


if ENV_ID not in ENV_REGISTRY:
    register_with_versions(id=ENV_ID, entry_point=f"{__name__}:QuantumTicTacToeGoffEnv",
                           wrappers={"default": DEFAULT_WRAPPERS, "-train": BOARDGAME_WRAPPERS})
