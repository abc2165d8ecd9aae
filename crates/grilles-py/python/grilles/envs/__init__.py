"""Environments in the ecosystem's standard shapes (PettingZoo and Gymnasium are optional
dependencies: ``pip install grilles[envs]``).

- :class:`grilles.envs.mahjong.MahjongEnv`: PettingZoo AEC, French mahjong, four seats;
- :class:`grilles.envs.defi.DefiEnv`: PettingZoo AEC, Défi Sudoku, 2 to 5 players;
- :class:`grilles.envs.solitaire.SolitaireEnv`: Gymnasium, mahjong solitaire;
- :class:`grilles.envs.sudoku.SudokuEnv`: Gymnasium, one player fills a sudoku.
"""

__all__: list = []
