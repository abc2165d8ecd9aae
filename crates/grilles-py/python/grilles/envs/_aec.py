"""What the package's PettingZoo environments share."""

from __future__ import annotations

from pettingzoo import AECEnv


class TableEnv(AECEnv):
    """An AEC environment of players at a table: spaces by agent, the bookkeeping of a new
    episode, text rendering only."""

    def _setup(self, render_mode, reward, rewards, agents, observation, action):
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if reward not in rewards:
            raise ValueError(f"reward must be one of {rewards}, not {reward!r}")
        self.render_mode = render_mode
        self._reward = reward
        self.possible_agents = list(agents)
        self.agents = self.possible_agents[:]
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _new_episode(self):
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}

    def _start_step(self, agent):
        self._cumulative_rewards[agent] = 0
        self.rewards = {a: 0 for a in self.agents}

    def close(self):
        pass
