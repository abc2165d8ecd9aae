//! What can go wrong on the Défi Sudoku screen, in one typed error.

use defi_sudoku::sudoku_grade::ParseMethodError;
use defi_sudoku::{PlayError, ReplayError, SetupError, SolvedPuzzleError};

/// A Défi game that cannot be set up, restored or played on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DefiError {
    /// An entry refused by the game (it names the players and the cell).
    #[error(transparent)]
    Play(#[from] PlayError),
    /// A saved game or a record that does not replay.
    #[error("the record does not replay: {0}")]
    Replay(#[from] ReplayError),
    /// The players and options cannot start a game.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The puzzle typed in is not a 9×9 puzzle with one solution.
    #[error("the puzzle: {0}")]
    Puzzle(#[from] SolvedPuzzleError),
    /// The computer players' techniques are not a letter of the ladder.
    #[error("the computer players' techniques: {0}")]
    Skill(#[from] ParseMethodError),
    /// A saved game whose seats are not its players.
    #[error("{seats} seats for {players} players")]
    Seats {
        /// Seats saved.
        seats: usize,
        /// Players of the record.
        players: usize,
    },
    /// A saved cursor off the 9×9 grid.
    #[error("the cursor is off the grid (cell {0})")]
    Cursor(usize),
}
