"""Sudoku of every size and variant (sudoku-core) and its human-style rating (sudoku-grade).

>>> from grilles.sudoku import Sudoku, generate
>>> s = generate(seed=1, level="easy")
>>> s.is_unique()
True
>>> s.grade().level
'easy'
"""

from ._native import (
    Count,
    HumanTime,
    Killer,
    Rating,
    Step,
    Sudoku,
    count_batch,
    generate,
    generate_batch,
    grade_batch,
    solve_batch,
)

__all__ = [
    "Count",
    "HumanTime",
    "Killer",
    "Rating",
    "Step",
    "Sudoku",
    "count_batch",
    "generate",
    "generate_batch",
    "grade_batch",
    "solve_batch",
]
