"""Quantum tic-tac-toe as a Gymnasium environment: one agent against a
built-in opponent.

>>> import gymnasium
>>> import qttt.rl.gymnasium  # registers "qttt/Qttt-v0"
>>> env = gymnasium.make("qttt/Qttt-v0", opponent="random", agent="X")
>>> observation, info = env.reset(seed=3)
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((183,), 36)

The agent plays ``agent`` ("X" or "O") against ``opponent``: "random",
"mcts" (with ``playouts``) or "perfect" (which keeps its solver, and so
its table, from episode to episode). Actions are ``Discrete(54)``, the
normative ids; observations a ``Dict`` of ``observation`` (float32, 183, the
encoding of docs/rl.md from the agent's point of view) and ``action_mask``
(int8, 54). The opponent acts within ``step`` (twice when it chooses a
collapse and then moves). Reward at the end: +1 / -1 / 0 for the agent, or
Goff's points with ``scoring="goff"``. An illegal action ends the episode
with reward -1 and ``info["illegal_action"]`` saying why.
``render_mode="ansi"`` returns the text board.
"""

from __future__ import annotations

from typing import Any, Optional

import gymnasium
import numpy as np
from gymnasium import spaces

from .. import OPPONENTS, SCORINGS, Game, IllegalActionError, InvalidActionError, MctsOpponent, PerfectOpponent, Player, QtttError, RandomOpponent
from . import ACTION_COUNT, OBSERVATION_SIZE, action_mask, observation



class QtttEnv(gymnasium.Env):
    """One agent against a built-in opponent (see the module's documentation)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        opponent: str = "random",
        agent: str = "X",
        playouts: int = 2000,
        scoring: str = "single",
        render_mode: Optional[str] = None,
    ) -> None:
        if opponent not in OPPONENTS:
            raise QtttError(f"opponent must be one of {', '.join(OPPONENTS)}, not {opponent!r}")
        if agent not in ("X", "O"):
            raise QtttError(f"agent must be 'X' or 'O', not {agent!r}")
        if scoring not in SCORINGS:
            raise QtttError(f"scoring must be one of {', '.join(SCORINGS)}, not {scoring!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise QtttError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.opponent_kind = opponent
        self.agent = Player.X if agent == "X" else Player.O
        self.playouts = playouts
        self.scoring = scoring
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(ACTION_COUNT)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 2.0, (OBSERVATION_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (ACTION_COUNT,), np.int8),
            }
        )
        self.game = Game()
        self._done = False
        self._opponent = self._make_opponent(0)

    def _make_opponent(self, seed: int) -> Any:
        if self.opponent_kind == "random":
            return RandomOpponent(seed)
        if self.opponent_kind == "mcts":
            return MctsOpponent(self.playouts, seed)
        return PerfectOpponent(seed)

    def _observe(self) -> dict[str, np.ndarray]:
        return {"observation": observation(self.game).copy(), "action_mask": action_mask(self.game)}

    def _opponent_acts(self) -> None:
        while not self.game.is_over and self.game.current_player != self.agent:
            self.game = self.game.apply(self._opponent.choose(self.game))

    def _reward(self) -> float:
        x_points = self.game.result(self.scoring)
        return float(x_points if self.agent == Player.X else -x_points)

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        if seed is not None:
            self._opponent = self._make_opponent(seed)
        self.game = Game()
        self._done = False
        self._opponent_acts()
        return self._observe(), {"record": self.game.record}

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        if self._done:
            raise QtttError("the episode is over: call reset()")
        try:
            self.game = self.game.apply(int(action))
        except (IllegalActionError, InvalidActionError) as error:
            self._done = True  # the game itself is unchanged
            info = {"record": self.game.record, "illegal_action": f"{action}: {error} ({error.reason})"}
            return self._observe(), -1.0, True, False, info
        self._opponent_acts()
        over = self._done = self.game.is_over
        return self._observe(), self._reward() if over else 0.0, over, False, {"record": self.game.record}

    def render(self) -> Optional[str]:
        return str(self.game) if self.render_mode == "ansi" else None


gymnasium.register(id="qttt/Qttt-v0", entry_point="qttt.rl.gymnasium:QtttEnv")
