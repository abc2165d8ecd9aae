"""Défi Sudoku (defi-sudoku): the competitive sudoku game for 2 to 5 players.

A game is played entry by entry (player, row, column, digit); the rules' options are
keyword arguments; records replay; bots enter only what they deduce.

>>> from grilles.defi import DefiGame, simulate
>>> g = DefiGame(players=["Ann", "Bob", "Cy"], seed=4, challenge="express", handicap="balanced")
>>> g.play_bots(["greedy", "blocking", "search"], seed=2)
>>> len(g.totals())
3
>>> simulate(["blocking", "blocking"], games=4, seed=1)["games"]
4
"""

from ._native import DEFI_BOTS as BOTS
from ._native import DefiBot, DefiGame
from ._native import defi_game_results as game_results
from ._native import defi_simulate as simulate
from ._native import defi_solved_puzzle as solved_puzzle

__all__ = ["BOTS", "DefiBot", "DefiGame", "game_results", "simulate", "solved_puzzle"]
