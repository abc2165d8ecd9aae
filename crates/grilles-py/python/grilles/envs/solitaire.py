"""Mahjong solitaire as a Gymnasium environment, on any layout.

**Observation** (``Dict``), for a layout of ``n`` positions:

- ``tiles``: ``int8`` of length ``n``, the tile kind at each position plus one (1–42; 0
  once removed): kinds are those of :func:`grilles.mahjong.tile_info` (``index``);
- ``free``: ``int8`` of length ``n``, 1 where a tile is free;
- ``action_mask``: ``int8`` of length ``n (n - 1) / 2``, 1 for each pair that may go.

**Actions** (``Discrete(n (n - 1) / 2)``): a pair of positions ``i < j``, numbered in
order (0 is (0, 1), 1 is (0, 2), …); :meth:`SolitaireEnv.pair` and
:meth:`SolitaireEnv.action_of` convert. The mask is also ``info["action_mask"]`` and
:meth:`SolitaireEnv.action_masks` (as masked-action learners expect it).

**Rewards**: +1 for each pair removed, +10 more for clearing the board; a pair that may not
go is refused (the board unchanged) with −1. The episode ends when no pair can go
(cleared or a dead end), and is truncated after ``max_steps`` steps.

Deals are solvable by default (``solvable=False``: a plain shuffle), from the seed of
``reset``; ``layout`` is a built-in name or a :class:`grilles.solitaire.SolitaireLayout`.

>>> from grilles.envs.solitaire import SolitaireEnv
>>> env = SolitaireEnv("pyramid")
>>> obs, info = env.reset(seed=2)
>>> int(obs["tiles"].astype(bool).sum())
144
>>> action = int(obs["action_mask"].nonzero()[0][0])
>>> obs, reward, terminated, truncated, info = env.step(action)
>>> reward
1.0
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .._native import SolitaireBoard, SolitaireLayout
from ._seed import fresh_seed

__all__ = ["SolitaireEnv"]


class SolitaireEnv(gym.Env):
    """Mahjong solitaire on ``layout`` (see the module's docs)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        layout="turtle",
        render_mode: str | None = None,
        *,
        solvable: bool = True,
        max_steps: int = 1000,
    ):
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.layout = layout if isinstance(layout, SolitaireLayout) else SolitaireLayout.builtin(layout)
        self.solvable = solvable
        self.max_steps = max_steps
        n = len(self.layout)
        self._n = n
        self._first, self._second = np.triu_indices(n, k=1)
        self._index = np.full((n, n), -1, dtype=np.int64)
        self._index[self._first, self._second] = np.arange(len(self._first))
        pairs = len(self._first)
        self.observation_space = spaces.Dict(
            {
                "tiles": spaces.Box(0, 42, (n,), np.int8),
                "free": spaces.Box(0, 1, (n,), np.int8),
                "action_mask": spaces.Box(0, 1, (pairs,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(pairs)
        self.board: SolitaireBoard | None = None

    def pair(self, action: int) -> tuple[int, int]:
        """The positions of action ``action``."""
        return int(self._first[action]), int(self._second[action])

    def action_of(self, a: int, b: int) -> int:
        """The action of the pair of positions ``a`` and ``b``."""
        a, b = min(a, b), max(a, b)
        return int(self._index[a, b])

    def action_masks(self) -> np.ndarray:
        """The mask of the pairs that may go now."""
        mask = np.zeros(len(self._first), dtype=np.int8)
        for a, b in self.board.legal_moves():
            mask[self._index[a, b]] = 1
        return mask

    def _obs(self):
        free = np.zeros(self._n, dtype=np.int8)
        free[self.board.free_tiles()] = 1
        return {"tiles": self.board.kinds(), "free": free, "action_mask": self.action_masks()}

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**63))
        self.board = SolitaireBoard.deal(self.layout, seed=fresh_seed(seed), solvable=self.solvable)
        self._steps = 0
        obs = self._obs()
        return obs, {"action_mask": obs["action_mask"]}

    def step(self, action):
        a, b = self.pair(int(action))
        self._steps += 1
        if self.board.is_legal(a, b):
            self.board.play(a, b)
            reward = 1.0 + (10.0 if self.board.is_cleared() else 0.0)
        else:
            reward = -1.0
        obs = self._obs()
        terminated = self.board.is_over()
        truncated = not terminated and self._steps >= self.max_steps
        info = {"action_mask": obs["action_mask"], "status": self.board.status}
        return obs, reward, terminated, truncated, info

    def render(self):
        if self.render_mode is None:
            return None
        return f"{self.board.remaining} tiles left ({self.board.status})\n{self.board.text()}"
