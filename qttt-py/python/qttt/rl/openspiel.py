"""Quantum tic-tac-toe registered with OpenSpiel as the Python game
``"python_qttt"``: sequential, deterministic, perfect information,
zero-sum, terminal rewards.

>>> import pyspiel
>>> import qttt.rl.openspiel  # registers the game
>>> game = pyspiel.load_game("python_qttt")
>>> state = game.new_initial_state()
>>> len(state.legal_actions()), state.current_player()
(36, 0)

Player 0 is X, player 1 is O; actions are the normative ids 0-53
(``state.action_to_string`` gives the token). The observation tensor is
the encoding of docs/rl.md (183 float32s) from the observing player's
point of view. States serialise through their action history (OpenSpiel's
default); ``state.undone()`` is the state one action earlier (OpenSpiel
offers Python games no undo in place). ``returns()``:
+1 / -1 / 0, or Goff's points with the game parameter ``scoring="goff"``.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from .. import Action, Player
from .. import Game as QtttGame
from . import ACTION_COUNT, OBSERVATION_SIZE, observation

_GAME_TYPE = pyspiel.GameType(
    short_name="python_qttt",
    long_name="Python Quantum Tic-Tac-Toe (qttt engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"scoring": "single"},
)
_GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=ACTION_COUNT,
    max_chance_outcomes=0,
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=13,  # 9 marks and at most 4 collapse choices (MAX_PLIES)
)

# Swapping these blocks turns "mine" into "theirs" (docs/rl.md).
_SWAPS = [(slice(0, 9), slice(9, 18)), (slice(27, 63), slice(63, 99)), (slice(99, 135), slice(135, 171))]


def _encode(game: QtttGame, player: int, out: np.ndarray) -> None:
    """The observation of `game` from `player`'s (0 X, 1 O) point of view into `out`."""
    out[:] = observation(game)
    if bool(out[182]) != (player == 0):  # the encoding's "me" is someone else
        for a, b in _SWAPS:
            out[a], out[b] = out[b].copy(), out[a].copy()
        out[182] = 1.0 - out[182]


class QtttGame_(pyspiel.Game):
    """The OpenSpiel game."""

    def __init__(self, params=None):
        params = params or {}
        super().__init__(_GAME_TYPE, _GAME_INFO, params)
        self.scoring = params.get("scoring", "single")

    def new_initial_state(self):
        return QtttState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(params)


class QtttState(pyspiel.State):
    """A position: the qttt Game inside."""

    def __init__(self, game):
        super().__init__(game)
        self.game = QtttGame()
        self._scoring = game.scoring

    def current_player(self):
        if self.game.is_over:
            return pyspiel.PlayerId.TERMINAL
        return 0 if self.game.current_player == Player.X else 1

    def _legal_actions(self, player):
        return [action.id for action in self.game.legal_actions()]

    def _apply_action(self, action):
        self.game = self.game.apply(int(action))

    def undone(self):
        """A new state one action earlier (None at the start): the undo of a
        Python game. OpenSpiel keeps a state's history in C++ and gives a
        Python game no way to shorten it, so `undo_action` in place is not
        available; replaying the history but its last action is."""
        history = self.history()
        if not history:
            return None
        state = self.get_game().new_initial_state()
        for action in history[:-1]:
            state.apply_action(action)
        return state

    def _action_to_string(self, player, action):
        return Action.from_id(int(action)).token

    def is_terminal(self):
        return self.game.is_over

    def returns(self):
        if not self.game.is_over:
            return [0.0, 0.0]
        x = self.game.result(self._scoring)
        return [x, -x]

    def __str__(self):
        return str(self.game)


class _Observer:
    """The observation tensor (docs/rl.md) and string of a state."""

    def __init__(self, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(OBSERVATION_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        _encode(state.game, player, self.tensor)

    def string_from(self, state, player):
        return state.game.record


pyspiel.register_game(_GAME_TYPE, QtttGame_)
