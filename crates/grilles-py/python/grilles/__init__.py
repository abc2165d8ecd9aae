"""Grilles & Tuiles: sudoku, Défi Sudoku, mahjong solitaire and French mahjong engines.

The games live in submodules: :mod:`grilles.sudoku`, :mod:`grilles.defi`,
:mod:`grilles.solitaire`, :mod:`grilles.mahjong`; the PettingZoo and Gymnasium
environments in :mod:`grilles.envs`; the Ray batch jobs in :mod:`grilles.ray_jobs`.

Every error of the package is a :class:`GrillesError`, itself a :class:`ValueError`,
carrying the engine's message:

>>> import grilles
>>> from grilles.sudoku import Sudoku
>>> try:
...     Sudoku("12.4.")
... except grilles.ParseError as e:
...     print(e)
5 cells: expected 16, 36, 64, 81, 144, 256, 625 or another square of 1..=25
>>> issubclass(grilles.GrillesError, ValueError)
True
"""

from ._native import (
    GrillesError,
    IllegalMoveError,
    Interrupted,
    NoSolutionError,
    ParseError,
    RecordError,
)

__version__ = "0.1.0"

__all__ = [
    "GrillesError",
    "IllegalMoveError",
    "Interrupted",
    "NoSolutionError",
    "ParseError",
    "RecordError",
]
