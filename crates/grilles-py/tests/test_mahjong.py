"""grilles.mahjong: tiles, hands and scores, payments, distances, the table, views,
records, bots, simulations; errors as the package's exceptions."""

import json

import numpy as np
import pytest

import grilles
from grilles.mahjong import (
    ACTIONS,
    BOTS,
    OBSERVATION,
    MahjongBot,
    MahjongGame,
    parse_tiles,
    score_hand,
    settle,
    simulate,
    tile_info,
    tiles_away,
    useful_tiles,
    waits,
)


def test_tiles():
    assert parse_tiles("789s 123m 55z") == ["1m", "2m", "3m", "7s", "8s", "9s", "5z", "5z"]
    info = tile_info("3f")
    assert info["class"] == "bonus" and info["index"] >= 34
    assert tile_info("1m")["english"]
    with pytest.raises(grilles.ParseError):
        parse_tiles("0m")
    with pytest.raises(grilles.ParseError):
        tile_info("9z")


def test_scores_are_itemised():
    s = score_hand("123m 456p 789s 11z [777z] 1f", seat="E", dominant="E", winning_tile="3m", self_drawn=True)
    assert (s.points, s.doubles, s.total) == (34, 2, 272)
    assert str(s).splitlines()[-1] == "points 34 doubles 2 score 272"
    assert any("dragons" in line for line in s.lines)
    assert len(s.items()) == len(s.lines)
    assert s.limit_hand is None
    losing = score_hand("123m 456p 78s 11z [777z]", seat="S", dominant="E")
    assert losing.total >= 0
    advanced = score_hand("123m 456p 789s 11z [777z]", winning_tile="3m", system="advanced")
    assert advanced.total > 0
    with pytest.raises(grilles.ParseError):
        score_hand("123m [12p]")
    with pytest.raises(grilles.GrillesError):
        score_hand("123m 456p 789s 11z [777z]", winning_tile="9p")  # not in the hand
    with pytest.raises(grilles.ParseError):
        score_hand("123m 456p 789s 11z [777z]", seat="X")
    with pytest.raises(grilles.GrillesError):
        score_hand("123m", system="modern")


def test_payments():
    r = settle({"E": 100, "S": 250, "W": 40, "N": 10}, winner="E")
    assert r["nets"]["W"] == -380 and sum(r["nets"].values()) == 0
    assert all(len(t) == 3 for t in r["transfers"])
    draw = settle([("E", 10), ("S", 20), ("W", 30), ("N", 40)])
    assert sum(draw["nets"].values()) == 0
    with pytest.raises(grilles.GrillesError):
        settle([("E", 10), ("E", 20), ("W", 30), ("N", 40)])


def test_distances_and_waits():
    assert tiles_away("23m 456p 789s 111z 55z") == 1
    assert waits("23m 456p 789s 111z 55z") == ["1m", "4m"]
    assert waits("147m 258p 369s 1234z") == []
    assert "1m" in useful_tiles("23m 456p 789s 111z 55z")
    with pytest.raises(grilles.ParseError):
        tiles_away("1x")


def test_a_round_by_hand_views_and_illegal_actions():
    g = MahjongGame(["Ann", "Bob", "Cy", "Di"], rounds=1, seed=11)
    assert g.players == ["Ann", "Bob", "Cy", "Di"] and g.needs_deal()
    with pytest.raises(grilles.GrillesError, match="deal"):
        g.view("E")
    g.deal()
    seat = g.to_act()[0]
    view = g.view(seat)
    assert len(view["concealed"]) == 14 and view["legal_actions"] == g.legal_actions(seat)
    other = [w for w in "ESWN" if w != seat][0]
    assert len(g.view(other)["concealed"]) == 13 and g.legal_actions(other) == []
    with pytest.raises(grilles.IllegalMoveError):
        g.play(f"{other} discard {g.view(other)['concealed'][0]}")
    with pytest.raises(grilles.ParseError):
        g.play("E shout")
    with pytest.raises(grilles.IllegalMoveError):
        g.check(f"{other} pass")
    action = g.legal_actions(seat)[0]
    g.check(action)
    g.play(action)
    assert g.undo() == action
    g.play(action)
    assert g.winds().count(None) == 0 and g.wind_of(g.player_of(seat)) == seat


def test_games_with_bots_records_and_nets():
    g = MahjongGame(rounds=2, system="advanced", seed=4)
    g.play_bots(["efficient", "scorer", "random", "expert"], seed=4, playouts=4)
    assert g.is_finished() and g.is_over() and len(json.loads(g.record())["rounds"]) == 2
    assert sum(g.totals()) == 0
    nets = g.last_nets()
    assert nets is not None and sum(nets) == 0
    assert g.last_round()["outcome"] is not None
    again = MahjongGame.replay(g.record())
    assert again.totals() == g.totals() and again.record() == g.record()
    same = MahjongGame(rounds=2, system="advanced", seed=4)
    same.play_bots(["efficient", "scorer", "random", "expert"], seed=4, playouts=4)
    assert same.totals() == g.totals()
    with pytest.raises(grilles.GrillesError):
        MahjongGame(rounds=1).play_bots(["random"] * 3)
    with pytest.raises(grilles.GrillesError):
        MahjongGame(rounds=1).play_bots(["oracle"] * 4)


def test_tampered_records_raise_record_errors():
    g = MahjongGame(rounds=1, seed=2)
    g.play_bots(["random"] * 4, seed=2)
    record = json.loads(g.record())
    record["totals"][0] += 10
    with pytest.raises(grilles.RecordError):
        MahjongGame.replay(json.dumps(record))
    record = json.loads(g.record())
    record["rounds"][0]["actions"][0] = "E discard 9z"
    with pytest.raises(grilles.RecordError):
        MahjongGame.replay(json.dumps(record))
    with pytest.raises(grilles.RecordError):
        MahjongGame.replay('{"seed": 1')


def test_table_options():
    for kwargs in [
        dict(flowers=False),
        dict(calling=True),
        dict(celestial_empire=False),
        dict(round_wind=True),
        dict(discards="japanese"),
    ]:
        g = MahjongGame(rounds=1, seed=1, **kwargs)
        g.play_bots(["efficient"] * 4, seed=1)
        assert g.is_finished()
    with pytest.raises(grilles.GrillesError):
        MahjongGame(rounds=0)
    with pytest.raises(grilles.GrillesError):
        MahjongGame(discards="korean")


def test_observations_and_action_indices():
    g = MahjongGame(rounds=1, seed=6)
    g.deal()
    seat = g.to_act()[0]
    player = g.player_of(seat)
    obs, mask = g.observe(player)
    assert obs.shape == (OBSERVATION,) and obs.dtype == np.uint8
    assert mask.shape == (ACTIONS,) and mask.dtype == np.int8
    assert obs[:34].sum() == 13 or obs[:34].sum() == 14
    legal = {MahjongGame.action_index(a) for a in g.legal_actions(seat)}
    assert set(np.flatnonzero(mask)) == legal
    for i in legal:
        assert MahjongGame.action_index(MahjongGame.action_text(seat, i)) == i
    other = (player + 1) % 4
    assert g.observe(other)[1].sum() == 0
    g.play_index(player, min(legal))
    with pytest.raises(grilles.GrillesError):
        g.play_index(player, ACTIONS)
    with pytest.raises(grilles.GrillesError):
        MahjongGame.action_text("E", 10_000)


def test_observation_is_from_the_view_only():
    # Two deals that differ only in another seat's hidden tiles give the same observation.
    a = MahjongGame(rounds=1, seed=8)
    a.deal()
    seat = a.to_act()[0]
    me = a.player_of(seat)
    obs, _ = a.observe(me)
    view = a.view(seat)
    counts = np.zeros(34, dtype=int)
    for t in view["concealed"]:
        counts[tile_info(t)["index"]] += 1
    assert list(obs[:34]) == list(counts)
    assert obs[:34].sum() <= 14


def test_bots_choose_legal_actions():
    g = MahjongGame(rounds=1, seed=3)
    g.deal()
    for name in BOTS:
        bot = MahjongBot(name, seed=1, playouts=4)
        seat = g.to_act()[0]
        assert bot.name == name and bot.choose(g, seat) in g.legal_actions(seat)
    idle = [w for w in "ESWN" if w not in g.to_act()][0]
    with pytest.raises(grilles.GrillesError):
        MahjongBot("random").choose(g, idle)
    with pytest.raises(grilles.GrillesError):
        MahjongBot("oracle")


def test_simulation_is_seeded_by_game():
    rows = simulate(["efficient", "random", "scorer", "random"], seed=5, count=3, rounds=1)
    assert [i for i, _ in rows] == [0, 1, 2]
    assert rows[1:] == simulate(["efficient", "random", "scorer", "random"], seed=5, start=1, count=2, rounds=1, threads=1)
    with pytest.raises(grilles.GrillesError):
        simulate(["random"] * 4, seed=2**64 - 1, count=2)
