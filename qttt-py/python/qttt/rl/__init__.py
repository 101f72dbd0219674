"""Reinforcement learning and game research on the qttt engine.

Needs numpy (``pip install qttt[rl]``, which also brings PettingZoo and
Gymnasium; OpenSpiel: ``pip install qttt[openspiel]``).

- :func:`observation` and :func:`action_mask`: the fixed-size encoding of a
  position from the point of view of the player to act (183 float32s,
  computed in Rust; the layout is in docs/rl.md) and the legal actions as a
  mask over the 54 action ids.
- :class:`BatchEnv`: many games stepped together in Rust, without the
  interpreter lock, for training throughput.
- :func:`solve_batch`: exact labels for many positions at once (values,
  optimal actions, every action's value), on several threads in Rust.
- :mod:`qttt.rl.pettingzoo` (an AEC environment), :mod:`qttt.rl.gymnasium`
  (one agent against a built-in opponent) and :mod:`qttt.rl.openspiel` (the
  game registered with pyspiel).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional, Union

try:
    import numpy as np
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError("qttt.rl needs numpy: pip install qttt[rl]") from error

from .. import Game, QtttError
from .._qttt import BatchEnv as _BatchEnv
from .._qttt import _legal_mask, _observation, _solve_batch
from ..types import ScoringName

OBSERVATION_SIZE = 183
"""The length of :func:`observation`'s vector."""
ACTION_COUNT = 54
"""The number of action ids (0-53)."""

_BITS = np.arange(ACTION_COUNT, dtype=np.uint64)


def observation(game: Game) -> np.ndarray:
    """The observation of ``game`` from the point of view of the player to
    act: a read-only float32 array of 183 (layout: docs/rl.md)."""
    return np.frombuffer(_observation(game), dtype="<f4")


def action_mask(game: Game) -> np.ndarray:
    """The legal actions as an int8 array of 54: 1 where the id is legal."""
    mask = np.uint64(_legal_mask(game))
    return ((mask >> _BITS) & np.uint64(1)).astype(np.int8)


class BatchEnv:
    """``n`` games stepped together in Rust, with the interpreter lock
    released: self-play at engine speed.

    >>> env = BatchEnv(4, seed=1)
    >>> obs, mask = env.reset()
    >>> obs.shape, mask.shape, int(mask[0].sum())
    ((4, 183), (4, 54), 36)
    >>> obs, mask, rewards, dones = env.step(env.sample())
    >>> rewards.tolist(), dones.tolist()
    ([0.0, 0.0, 0.0, 0.0], [False, False, False, False])

    ``step(actions)`` applies ``actions[i]`` (an action id) to game ``i``;
    every action is checked first, and an illegal one raises
    :class:`qttt.IllegalActionError` naming the game, with no game moved.
    ``rewards[i]`` is for the player who acted, when the action ends game
    ``i`` (+1 a win, -1 a loss, 0 a draw; with ``scoring="goff"`` also
    ±0.5); a finished game starts again at once, so its observation is then
    the empty board's and ``dones[i]`` is True. Observations are float32
    ``(n, 183)``, masks int8 ``(n, 54)``, rewards float32 ``(n,)``, dones
    bool ``(n,)``.
    """

    def __init__(self, n: int, seed: int = 0, scoring: str = "single") -> None:
        self._env = _BatchEnv(n, seed, scoring)
        self.n = n

    def _arrays(self, obs: bytes, masks: bytes) -> tuple[np.ndarray, np.ndarray]:
        return (
            np.frombuffer(obs, dtype="<f4").reshape(self.n, OBSERVATION_SIZE),
            np.frombuffer(masks, dtype=np.int8).reshape(self.n, ACTION_COUNT),
        )

    def reset(self) -> tuple[np.ndarray, np.ndarray]:
        """Every game back to the empty board: (observations, masks)."""
        return self._arrays(*self._env.reset())

    def step(self, actions: np.ndarray | bytes) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """One action id per game: (observations, masks, rewards, dones)."""
        if not isinstance(actions, bytes):
            actions = np.asarray(actions)
            if actions.shape != (self.n,):
                raise QtttError(f"step needs {self.n} action ids, not an array of shape {actions.shape}")
            if actions.size and (actions.min() < 0 or actions.max() > 255):
                raise QtttError("action ids are 0 to 53")
            actions = actions.astype(np.uint8).tobytes()
        obs, masks, rewards, dones = self._env.step(actions)
        return (
            *self._arrays(obs, masks),
            np.frombuffer(rewards, dtype="<f4"),
            np.frombuffer(dones, dtype=np.uint8).astype(bool),
        )

    def sample(self) -> np.ndarray:
        """A uniformly random legal action id for each game (seeded)."""
        return np.frombuffer(self._env.sample(), dtype=np.uint8)

    def records(self) -> list[str]:
        """The games' records as they stand."""
        return self._env.records()


@dataclass(frozen=True)
class SolvedBatch:
    """The labels of :func:`solve_batch`, one row per game. Values are from
    X's side (X's points minus O's: 1, 1/2, 0, -1/2, -1), as everywhere in
    qttt; ``value * mover`` is the value for the player to act, the side
    :func:`observation` is seen from."""

    value: np.ndarray
    """float32 ``(n,)``: the value under perfect play, from X's side."""
    end_move: np.ndarray
    """uint8 ``(n,)``: the marks on the board when the game ends under optimal play."""
    optimal: np.ndarray
    """int8 ``(n, 54)``: 1 where the action id is optimal (as :func:`action_mask`)."""
    action_values: Optional[np.ndarray]
    """float32 ``(n, 54)``: the value (X's side) after each action id; NaN where it is not legal
    (None when :func:`solve_batch` was asked for no action values)."""
    mover: np.ndarray
    """int8 ``(n,)``: 1 when X acts, -1 when O acts, 0 when the game is over."""


def solve_batch(
    games: Iterable[Union[Game, str]],
    scoring: ScoringName = "single",
    *,
    threads: Optional[int] = None,
    table_limit: Optional[int] = None,
    opening_book: bool = True,
    action_values: bool = True,
) -> SolvedBatch:
    """Exact labels for many positions at once: each game (a :class:`qttt.Game`
    or a record) solved under ``scoring`` in Rust, on ``threads`` threads
    (default: one per core) without the interpreter lock, each thread with a
    solver of its own bounded to ``table_limit`` positions (as
    :class:`qttt.Solver`; memory grows by one table per thread). Ctrl-C
    stops it with KeyboardInterrupt. ``action_values=False`` skips the
    actions' values, which solve every action's position as well (about
    ten times the work of the values and optimal actions alone).

    >>> labels = solve_batch(["58 47 67 59 48 68", "12 12 @2 35 35 @5 46 46 @6 78 79 89"])
    >>> labels.value.tolist(), labels.mover.tolist()
    ([1.0, 0.0], [1, -1])
    >>> [np.flatnonzero(row).tolist() for row in labels.optimal]  # @8 (id 52); @9 (id 53)
    [[52], [53]]
    >>> labels.action_values[1, [52, 53]].tolist()                # O's @8 gives X the line
    [1.0, 0.0]
    """
    value, end_move, optimal, values, mover = _solve_batch(
        games, scoring, threads=threads, table_limit=table_limit, opening_book=opening_book,
        action_values=action_values,
    )
    n = len(end_move)
    masks = np.frombuffer(optimal, dtype="<u8")
    return SolvedBatch(
        np.frombuffer(value, dtype="<f4"),
        np.frombuffer(end_move, dtype=np.uint8),
        ((masks[:, None] >> _BITS) & np.uint64(1)).astype(np.int8).reshape(n, ACTION_COUNT),
        np.frombuffer(values, dtype="<f4").reshape(n, ACTION_COUNT) if action_values else None,
        np.frombuffer(mover, dtype=np.int8),
    )


__all__ = ["ACTION_COUNT", "OBSERVATION_SIZE", "BatchEnv", "SolvedBatch", "action_mask", "observation", "solve_batch"]
