"""French mahjong as a PettingZoo AEC environment: four players, claims included.

Agents are ``player_0`` … ``player_3`` (the players; their winds rotate between rounds as
the rules say). While a discard may be claimed, every seat that may claim acts in turn
order (claim or ``pass``), one step each.

**Observation** (``Dict``), built from the acting seat's view only, as PettingZoo's
classic environments do:

- ``observation``: ``uint8`` vector of length :data:`grilles.mahjong.OBSERVATION` (438).
  Tile kinds are the 34 playing kinds (``1m``…``9m``, ``1p``…, ``1s``…, ``1z``…``7z``);
  "seats" go from the viewer in turn order (itself, next, opposite, previous):

  ====  ========================================================================
  0     own concealed tiles, counts by kind (34)
  34    the tile just drawn, one-hot (34)
  68    exposed melds of each seat, tile counts by kind (4 × 34)
  204   discards of each seat, counts by kind (4 × 34)
  340   tiles visible to the seat, by kind (34)
  374   bonus tiles laid out by each seat (4), concealed tiles held (4), calling (4)
  386   live wall left, dead wall left
  388   own wind, one-hot (E, S, W, N)
  392   dominant seat, one-hot by seat
  396   phase: turn, claims, robbing a kong, invocation (one-hot)
  400   the tile that may be claimed or robbed, one-hot (34)
  434   the seat that discarded it or whose turn it is, one-hot by seat
  ====  ========================================================================

- ``action_mask``: ``int8`` of length :data:`grilles.mahjong.ACTIONS` (173), 1 for each
  legal action of the acting agent (all 0 for the others).

**Actions** (``Discrete(173)``): ``0+k`` discard kind ``k``; ``34+k`` discard ``k`` and
declare a calling hand; ``68+k`` kong of ``k``; ``102+k`` chow starting at ``k``;
``136+k`` invoke the Celestial Empire for ``k``; ``170`` pung; ``171`` Mah-jong;
``172`` pass. :meth:`MahjongEnv.action_text` gives the action's text. An illegal action
raises :class:`grilles.IllegalMoveError`.

**Rewards**: at the end of each round every player receives the round's net points
(``reward="net"``, the default; with ``system="advanced"`` the nets of a round add up to
zero), or with ``reward="win_loss"`` the sign of its net (+1, 0, −1). An episode is a
game of ``rounds`` rounds (1 by default); the table's options are keyword arguments.

>>> from grilles.envs.mahjong import MahjongEnv
>>> env = MahjongEnv(rounds=1, system="advanced")
>>> env.reset(seed=3)
>>> returns = dict.fromkeys(env.agents, 0)
>>> for agent in env.agent_iter():
...     obs, reward, termination, truncation, info = env.last()
...     returns[agent] += reward
...     action = None if termination or truncation else int(obs["action_mask"].nonzero()[0][0])
...     env.step(action)
>>> sum(returns.values())
0
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from .._native import MAHJONG_ACTIONS, MAHJONG_OBSERVATION, MahjongGame
from ._aec import TableEnv
from ._seed import fresh_seed

__all__ = ["MahjongEnv", "env"]


class MahjongEnv(TableEnv):
    """French mahjong, four players (see the module's docs for the spaces and rewards).

    Keyword arguments: ``rounds`` (per episode), ``system`` (``simple``, ``advanced``),
    ``flowers``, ``calling``, ``celestial_empire``, ``round_wind``, ``discards``
    (``chinese``, ``japanese``), ``reward`` (``net``, ``win_loss``), ``render_mode``
    (``ansi``).
    """

    metadata = {
        "render_modes": ["ansi"],
        "name": "french_mahjong_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        render_mode: str | None = None,
        *,
        rounds: int = 1,
        reward: str = "net",
        system: str = "simple",
        flowers: bool = True,
        calling: bool = False,
        celestial_empire: bool = True,
        round_wind: bool = False,
        discards: str = "chinese",
    ):
        super().__init__()
        self._table = dict(
            rounds=rounds,
            system=system,
            flowers=flowers,
            calling=calling,
            celestial_empire=celestial_empire,
            round_wind=round_wind,
            discards=discards,
        )
        MahjongGame(**self._table)  # checks the options now
        obs = spaces.Dict(
            {
                "observation": spaces.Box(0, 255, (MAHJONG_OBSERVATION,), np.uint8),
                "action_mask": spaces.Box(0, 1, (MAHJONG_ACTIONS,), np.int8),
            }
        )
        agents = [f"player_{i}" for i in range(4)]
        action = spaces.Discrete(MAHJONG_ACTIONS)
        self._setup(render_mode, reward, ("net", "win_loss"), agents, obs, action)
        self.game: MahjongGame | None = None

    def reset(self, seed=None, options=None):
        self.game = MahjongGame(**self._table, seed=fresh_seed(seed))
        self.game.deal()
        self._new_episode()
        self._select()

    def _select(self):
        seats = self.game.to_act()
        if seats:
            self.agent_selection = self.possible_agents[self.game.player_of(seats[0])]

    def observe(self, agent):
        player = self.possible_agents.index(agent)
        obs, mask = self.game.observe(player)
        if agent != self.agent_selection or self.terminations[agent]:
            mask[:] = 0
        return {"observation": obs, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._start_step(agent)
        self.game.play_index(self.possible_agents.index(agent), int(action))
        if self.game.needs_deal() or self.game.is_finished():
            nets = self.game.last_nets() or [0, 0, 0, 0]
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = int(np.sign(nets[i])) if self._reward == "win_loss" else int(nets[i])
            if self.game.is_finished():
                self.terminations = {a: True for a in self.agents}
            else:
                self.game.deal()
        self._select()
        self._accumulate_rewards()

    @staticmethod
    def action_text(seat: str, action: int) -> str:
        """The text of action index ``action`` for ``seat`` (``"E"``…): ``"E discard 5m"``."""
        return MahjongGame.action_text(seat, action)

    def render(self):
        if self.render_mode is None:
            return None
        lines = [f"round {self.game.round_number}, totals {list(self.game.totals())}"]
        if not self.game.is_over():
            seat = self.game.to_act()[0]
            view = self.game.view(seat)
            lines.append(f"{seat} to act ({view['phase']}), wall {view['live_wall_left']}")
            lines.append("hand: " + " ".join(view["concealed"]))
            for w, s in view["seats"].items():
                lines.append(f"{w}: melds {' '.join(s['melds']) or '-'}; bonus {' '.join(s['bonus']) or '-'}")
            lines.append("discards: " + " ".join(t for _, t in view["discards"]))
        return "\n".join(lines)


def env(**kwargs) -> MahjongEnv:
    """A :class:`MahjongEnv` (the PettingZoo convention)."""
    return MahjongEnv(**kwargs)
