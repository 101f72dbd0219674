"""Quantum tic-tac-toe as a PettingZoo AEC environment.

>>> from qttt.rl.pettingzoo import env
>>> game = env()
>>> game.reset(seed=1)
>>> game.agent_selection
'X'
>>> observation, reward, termination, truncation, info = game.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((183,), 36)

Agents ``"X"`` and ``"O"``; actions ``Discrete(54)`` (the normative action
ids); observations a ``Dict`` of ``observation`` (float32, 183: the encoding
of docs/rl.md from the point of view of the observing agent's turn) and
``action_mask`` (int8, 54; all zero for the agent not to act). The same
agent may act twice in a row: the player who chooses a collapse also makes
the next move. Rewards when the game ends: +1 / -1 / 0 (RULES.md), or
Goff's points with ``scoring="goff"`` (±1 or ±0.5 when both players have
lines). ``render_mode="ansi"`` returns the text board, ``"svg"`` the SVG
drawing of ``qttt.Game.svg``.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .. import SCORINGS, Game, Player, QtttError
from . import ACTION_COUNT, OBSERVATION_SIZE, action_mask, observation

AGENTS = ["X", "O"]


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual checking wrappers."""
    environment = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


class raw_env(AECEnv):
    """The AEC environment without wrappers (see :func:`env`)."""

    metadata = {"render_modes": ["ansi", "svg"], "name": "qttt_v0", "is_parallelizable": False}

    def __init__(self, render_mode: Optional[str] = None, scoring: str = "single") -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        if scoring not in SCORINGS:
            raise QtttError(f"scoring must be one of {', '.join(SCORINGS)}, not {scoring!r}")
        self.scoring = scoring
        self.possible_agents = AGENTS[:]
        self.action_spaces = {agent: spaces.Discrete(ACTION_COUNT) for agent in AGENTS}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 2.0, (OBSERVATION_SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (ACTION_COUNT,), np.int8),
                }
            )
            for agent in AGENTS
        }
        self.game = Game()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        mask = action_mask(self.game) if agent == self.agent_selection else np.zeros(ACTION_COUNT, np.int8)
        return {"observation": observation(self.game).copy(), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self.game = Game()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = "X"

    def step(self, action: Optional[int]) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        self.game = self.game.apply(int(action))
        self._clear_rewards()
        if self.game.is_over:
            result = self.game.result(self.scoring)  # X's, in points
            self.rewards = {"X": result, "O": -result}
            self.terminations = dict.fromkeys(self.agents, True)
            # Whoever is selected then steps with None to leave, as PettingZoo expects.
        else:
            self.agent_selection = "X" if self.game.current_player == Player.X else "O"
        self._accumulate_rewards()
        if self.render_mode is not None:
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi":
            return str(self.game)
        if self.render_mode == "svg":
            return self.game.svg()
        return None

    def close(self) -> None:
        pass
