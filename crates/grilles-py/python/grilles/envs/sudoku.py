"""Single-player sudoku as a Gymnasium environment: fill a cell with a digit.

**Observation** (``Dict``), for an N×N grid:

- ``grid``: ``uint8`` of length N², the values row by row (0 empty);
- ``action_mask``: ``int8`` of length N³, 1 for each (cell, digit) the rules allow now
  (the digit is a candidate of the empty cell).

**Actions** (``Discrete(N³)``): ``cell * N + digit - 1``, ``cell = row * N + column``.

**Rewards**: +1 for a digit of the solution; a digit the rules allow but the solution does
not ends the episode with −1 (the grid can no longer be solved); a move the rules refuse
leaves the grid unchanged with −1. With ``shaped=True`` a right digit earns instead the
grader's cost of that cell (sudoku-grade's base + rank × (candidates − 1), from the
puzzle's rating), so that an episode solved whole earns the puzzle's score and hard cells
pay more. The episode ends when the grid is full, and is truncated after ``max_steps``.

Puzzles are generated from the seed of ``reset`` (``size``, ``level``, ``symmetry``), or
fixed by ``puzzle`` (a one-line grid with one solution).

>>> from grilles.envs.sudoku import SudokuEnv
>>> env = SudokuEnv(size=4)
>>> obs, info = env.reset(seed=1)
>>> obs["grid"].shape, int(env.action_space.n)
((16,), 64)
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .._native import Sudoku, generate
from ._seed import fresh_seed

__all__ = ["SudokuEnv"]


class SudokuEnv(gym.Env):
    """One player fills a sudoku (see the module's docs)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        render_mode: str | None = None,
        *,
        size: int = 9,
        level: str | None = None,
        symmetry: str = "none",
        puzzle: str | None = None,
        shaped: bool = False,
        max_steps: int = 2000,
    ):
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self._fixed = Sudoku(puzzle) if puzzle is not None else None
        if self._fixed is not None:
            size = self._fixed.size
        generate(size, seed=0, symmetry=symmetry)  # checks the options now
        self.size, self.level, self.symmetry = size, level, symmetry
        self.shaped = shaped
        self.max_steps = max_steps
        cells = size * size
        self.observation_space = spaces.Dict(
            {
                "grid": spaces.Box(0, size, (cells,), np.uint8),
                "action_mask": spaces.Box(0, 1, (cells * size,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(cells * size)

    def action_masks(self) -> np.ndarray:
        """The mask of the moves the rules allow now."""
        n = self.size
        mask = np.zeros(n * n * n, dtype=np.int8)
        for r, c, v in self.sudoku.legal_moves():
            if v:
                mask[(r * n + c) * n + v - 1] = 1
        return mask

    def _obs(self):
        return {"grid": self.sudoku.to_numpy(), "action_mask": self.action_masks()}

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if self._fixed is not None:
            self.sudoku = self._fixed.__copy__()
        else:
            if seed is None:
                seed = int(self.np_random.integers(2**63))
            self.sudoku = generate(self.size, seed=fresh_seed(seed), level=self.level, symmetry=self.symmetry)
        rating = self.sudoku.grade()
        self.solution = np.frombuffer(rating.solution.encode(), dtype=np.uint8)
        self._costs = {(r, c): cost for r, c, _d, _m, cost in rating.placements}
        self._steps = 0
        obs = self._obs()
        return obs, {"action_mask": obs["action_mask"], "score": rating.score}

    def _right(self, cell: int, digit: int) -> bool:
        symbol = self.solution[cell]
        value = symbol - 48 if symbol <= 57 else symbol - 55
        return int(value) == digit

    def step(self, action):
        n = self.size
        cell, d = divmod(int(action), n)
        r, c = divmod(cell, n)
        self._steps += 1
        terminated = False
        legal = self.sudoku.get(r, c) == 0 and (d + 1) in self.sudoku.candidates(r, c)
        if not legal:
            reward = -1.0
        elif self._right(cell, d + 1):
            self.sudoku.play(r, c, d + 1)
            reward = float(self._costs.get((r, c), 1)) if self.shaped else 1.0
            terminated = self.sudoku.is_complete()
        else:
            self.sudoku.play(r, c, d + 1)
            reward, terminated = -1.0, True
        obs = self._obs()
        truncated = not terminated and self._steps >= self.max_steps
        return obs, reward, terminated, truncated, {"action_mask": obs["action_mask"]}

    def render(self):
        if self.render_mode is None:
            return None
        return self.sudoku.ascii()
