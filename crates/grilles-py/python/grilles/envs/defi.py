"""Défi Sudoku as a PettingZoo AEC environment, 2 to 5 players.

Agents are ``player_0`` … ``player_{n-1}`` in the game's initial order; the player to act
enters digits until the turn's quota is used (one step per digit), then the next one.

**Observation** (``Dict``), what every player sees (the grid, never the solution):

- ``observation``: ``int16`` vector of length ``81 + 6 + n``: the cells row by row (0
  empty, 1–9), then the round, the turn's quota, the digits left this turn, whether the
  round's completion bonus was taken, the empty cells, the observing player's index, then
  every player's total;
- ``action_mask``: ``int8`` of length 729, 1 for each legal entry of the acting agent
  (every digit of every empty cell: a wrong digit is legal, corrected, and scores
  nothing); all 0 for the others.

**Actions** (``Discrete(729)``): ``cell * 9 + digit - 1``, ``cell = row * 9 + column``. An
illegal action raises :class:`grilles.IllegalMoveError`.

**Rewards**: ``reward="points"`` (the default): each entry's points (face value, bonuses,
handicap) go to its player when played; ``reward="win_loss"``: at the end, +1 to each
leader (each player of the leading team with ``teams=True``), −1 to the others. The
game's options (``challenge``, ``handicap``, ``teams``, ``final_order``) are keyword
arguments; ``puzzle`` fixes the puzzle (else one is generated from the seed).

>>> from grilles.envs.defi import DefiEnv
>>> env = DefiEnv(players=3, challenge="express")
>>> env.reset(seed=1)
>>> env.agent_selection
'player_0'
>>> obs, *_ = env.last()
>>> int(obs["action_mask"].sum()) == 9 * int((obs["observation"][:81] == 0).sum())
True
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from .._native import DefiGame
from ._aec import TableEnv
from ._seed import fresh_seed

__all__ = ["DefiEnv", "env"]

_INFO = 6


class DefiEnv(TableEnv):
    """Défi Sudoku for ``players`` players (see the module's docs)."""

    metadata = {
        "render_modes": ["ansi"],
        "name": "defi_sudoku_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        render_mode: str | None = None,
        *,
        players: int = 2,
        reward: str = "points",
        puzzle: str | None = None,
        challenge: str = "regular",
        handicap: str = "on",
        teams: bool = False,
        final_order: str = "increasing",
    ):
        super().__init__()
        if not 2 <= players <= 5:
            raise ValueError(f"players must be 2 to 5, not {players}")
        self._puzzle = puzzle
        self._options = dict(
            challenge=challenge, handicap=handicap, teams=teams, final_order=final_order
        )
        agents = [f"player_{i}" for i in range(players)]
        DefiGame(puzzle, agents, **self._options)  # checks the options now
        obs = spaces.Dict(
            {
                "observation": spaces.Box(0, 1000, (81 + _INFO + players,), np.int16),
                "action_mask": spaces.Box(0, 1, (729,), np.int8),
            }
        )
        self._setup(render_mode, reward, ("points", "win_loss"), agents, obs, spaces.Discrete(729))
        self.game: DefiGame | None = None

    def reset(self, seed=None, options=None):
        self.game = DefiGame(
            self._puzzle, self.possible_agents, seed=fresh_seed(seed), **self._options
        )
        self._new_episode()
        self.agent_selection = self.possible_agents[self.game.to_act()[0]]

    def observe(self, agent):
        g = self.game
        me = self.possible_agents.index(agent)
        cells = g.cells
        info = [
            min(g.round, 1000),
            g.quota,
            g.digits_left,
            int(g.bonus_taken),
            g.empty_cells,
            me,
        ]
        obs = np.array(cells + info + [min(t, 1000) for t in g.totals()], dtype=np.int16)
        mask = np.zeros(729, dtype=np.int8)
        if agent == self.agent_selection and not g.is_over():
            empty = np.flatnonzero(np.array(cells) == 0)
            for d in range(9):
                mask[empty * 9 + d] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._start_step(agent)
        action = int(action)
        cell, digit = divmod(action, 9)
        row, col = divmod(cell, 9)
        player = self.possible_agents.index(agent)
        report = self.game.play(player, row, col, digit + 1)
        if self._reward == "points":
            self.rewards[agent] = int(report["points"]) + int(report.get("bonus", 0))
        if self.game.is_over():
            if self._reward == "win_loss":
                leaders = set(self.game.leaders())
                for i, a in enumerate(self.possible_agents):
                    self.rewards[a] = 1 if i in leaders else -1
            self.terminations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[self.game.to_act()[0]]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            return None
        g = self.game
        head = f"round {g.round}, totals {g.totals()}"
        if not g.is_over():
            head += f", {self.agent_selection} to enter {g.digits_left} of {g.quota}"
        return head + "\n" + str(g)


def env(**kwargs) -> DefiEnv:
    """A :class:`DefiEnv` (the PettingZoo convention)."""
    return DefiEnv(**kwargs)
