"""The environments pass the ecosystem's own checkers (PettingZoo's api_test and
seed_test, Gymnasium's check_env), render as text, and keep to their documented rewards."""

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import grilles
from grilles.envs.defi import DefiEnv
from grilles.envs.mahjong import MahjongEnv
from grilles.envs.solitaire import SolitaireEnv
from grilles.envs.sudoku import SudokuEnv
from grilles.mahjong import MahjongBot, MahjongGame

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def play_out(env, seed, pick=lambda mask, rng: int(rng.choice(np.flatnonzero(mask)))):
    """Plays an AEC environment to its end with random legal actions; the returns."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    returns = dict.fromkeys(env.possible_agents, 0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        returns[agent] += reward
        env.step(None if termination or truncation else pick(obs["action_mask"], rng))
    return returns


@pytest.mark.parametrize("kwargs", [dict(), dict(rounds=2, system="advanced", calling=True)])
def test_mahjong_env_passes_pettingzoo_checks(kwargs):
    api_test(MahjongEnv(render_mode="ansi", **kwargs), num_cycles=200)
    seed_test(lambda: MahjongEnv(**kwargs), num_cycles=200)


def test_mahjong_env_rewards_are_the_round_nets():
    env = MahjongEnv(rounds=2, system="advanced")
    returns = play_out(env, 5)
    assert sum(returns.values()) == 0
    nets = env.game.totals()
    assert [returns[a] for a in env.possible_agents] == list(nets)
    wl = play_out(MahjongEnv(rounds=1, reward="win_loss", system="advanced"), 5)
    assert set(wl.values()) <= {-1, 0, 1}


def test_mahjong_env_with_expert_opponents():
    """The learner sits at player_0; the three others are expert bots choosing from their own
    seat's view, their choice turned into the environment's action index."""
    env = MahjongEnv(rounds=1, system="advanced")
    env.reset(seed=11)
    experts = {a: MahjongBot("expert", seed=i, playouts=4) for i, a in enumerate(env.possible_agents)}
    rng = np.random.default_rng(11)
    chosen = 0
    for agent in env.agent_iter():
        obs, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        mask = obs["action_mask"]
        if agent == "player_0":
            env.step(int(rng.choice(np.flatnonzero(mask))))
            continue
        seat = env.game.wind_of(env.possible_agents.index(agent))
        action = MahjongGame.action_index(experts[agent].choose(env.game, seat))
        assert mask[action] == 1
        env.step(action)
        chosen += 1
    assert chosen > 0 and env.game.is_finished()


def test_mahjong_env_text_and_errors():
    env = MahjongEnv(render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "to act" in text and "hand:" in text
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(grilles.IllegalMoveError):
        env.step(illegal)
    assert env.action_text("E", 171) == "E mahjong"
    with pytest.raises(ValueError):
        MahjongEnv(reward="elo")
    with pytest.raises(grilles.GrillesError):
        MahjongEnv(discards="korean")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_defi_env_passes_pettingzoo_checks(players):
    api_test(DefiEnv(players=players, render_mode="ansi"), num_cycles=100)
    seed_test(lambda: DefiEnv(players=players), num_cycles=100)


def test_defi_env_rewards_and_options():
    env = DefiEnv(players=2, handicap="off")
    returns = play_out(env, 2)
    assert [returns[a] for a in env.possible_agents] == env.game.totals()
    wl = DefiEnv(players=4, reward="win_loss", teams=True, challenge="express")
    assert set(play_out(wl, 3).values()) <= {-1, 1}
    env = DefiEnv(players=2, render_mode="ansi")
    env.reset(seed=1)
    assert "round 1" in env.render()
    with pytest.raises(ValueError):
        DefiEnv(players=6)
    with pytest.raises(grilles.GrillesError):
        DefiEnv(challenge="blitz")


def test_solitaire_env_passes_check_env_on_several_layouts():
    for layout in ("pyramid", "bridge"):
        check_env(SolitaireEnv(layout, render_mode="ansi"), skip_render_check=False)
    env = SolitaireEnv("turtle", render_mode="ansi")
    obs, info = env.reset(seed=3)
    assert (obs["action_mask"] == info["action_mask"]).all()
    assert (env.action_masks() == obs["action_mask"]).all()
    a = int(np.flatnonzero(obs["action_mask"])[0])
    assert env.action_of(*env.pair(a)) == a
    assert "tiles left" in env.render()


def test_solitaire_env_rewards():
    env = SolitaireEnv("pyramid")
    obs, _ = env.reset(seed=4)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, *_ = env.step(bad)
    assert reward == -1.0
    for a, b in env.board.solve(timeout=30):
        obs, reward, terminated, truncated, info = env.step(env.action_of(a, b))
    assert terminated and reward == 11.0 and info["status"] == "cleared"


def test_sudoku_env_passes_check_env():
    check_env(SudokuEnv(size=4, render_mode="ansi"), skip_render_check=False)
    check_env(SudokuEnv(render_mode="ansi", shaped=True, level="easy"))


def test_sudoku_env_rewards_plain_and_shaped():
    for shaped in (False, True):
        env = SudokuEnv(shaped=shaped)
        obs, info = env.reset(seed=6)
        solution = env.sudoku.solve().cells
        empty = np.flatnonzero(obs["grid"] == 0)
        total, terminated = 0.0, False
        for cell in empty:
            obs, reward, terminated, _, _ = env.step(int(cell) * 9 + solution[cell] - 1)
            total += reward
        assert terminated and env.sudoku.is_complete()
        assert total == (info["score"] if shaped else len(empty))
    env = SudokuEnv(puzzle="12..\n..12\n2...\n...4")
    env.reset()
    _, reward, terminated, _, _ = env.step(0)  # r1c1 is a given: refused
    assert reward == -1.0 and not terminated
    _, reward, terminated, _, _ = env.step(2 * 4 + 3 - 1)  # 3 in r1c3: allowed, wrong
    assert reward == -1.0 and terminated
