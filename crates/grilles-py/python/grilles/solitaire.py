"""Mahjong solitaire (mahjong-solitaire): layouts, deals, moves, hints, the solver, pictures.

>>> from grilles.solitaire import SolitaireBoard, SolitaireLayout
>>> board = SolitaireBoard.deal(SolitaireLayout.builtin("pyramid"), seed=1)
>>> moves = board.solve(timeout=30)
>>> for a, b in moves:
...     board.play(a, b)
>>> board.status
'cleared'
"""

from ._native import SOLITAIRE_LAYOUTS as LAYOUTS
from ._native import SolitaireBoard, SolitaireLayout
from ._native import solitaire_deal_results as deal_results

__all__ = ["LAYOUTS", "SolitaireBoard", "SolitaireLayout", "deal_results"]
