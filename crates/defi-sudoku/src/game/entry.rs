//! The move of a game, what it did, and why it may be refused.

use sudoku_core::{Cell, HouseKind, Shape};

#[cfg(doc)]
use super::Game;

/// One digit entered by a player: which player, which cell (0–80, row-major), which value.
///
/// This is the game's move: [`Game::check`], [`Game::is_legal`], [`Game::legal_moves`],
/// [`Game::play`] and [`Game::undo`] take or give one. Its serialized form keeps the key
/// `"digit"` for the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Entry {
    /// The player entering the digit (0-based index in the initial order).
    pub player: usize,
    /// The cell, 0–80 row-major.
    pub cell: Cell,
    /// The digit entered, 1–9.
    #[cfg_attr(feature = "serde", serde(rename = "digit"))]
    pub value: u8,
}

impl Entry {
    /// An entry of `value` in `cell` by `player`.
    ///
    /// ```
    /// use defi_sudoku::Entry;
    /// use defi_sudoku::sudoku_core::Cell;
    /// let entry = Entry::new(1, Cell::new(10), 7);
    /// assert_eq!((entry.player, entry.cell.index(), entry.value), (1, 10, 7));
    /// ```
    pub const fn new(player: usize, cell: Cell, value: u8) -> Entry {
        Entry {
            player,
            cell,
            value,
        }
    }
}

/// What an entry did: whether it was right, what it scored, what it completed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct EntryReport {
    /// The entry's cell.
    pub cell: Cell,
    /// The digit entered (the key `"digit"` in its serialized form).
    #[cfg_attr(feature = "serde", serde(rename = "digit"))]
    pub value: u8,
    /// The solution's digit, which the cell now holds (the correction when the entry was wrong).
    pub solution: u8,
    /// Whether the digit entered was the solution's.
    pub correct: bool,
    /// Whether the entry came after the turn's time limit (chrono option).
    pub late: bool,
    /// Face value scored: the digit when correct and in time, else 0.
    pub points: u32,
    /// Completion bonus earned by this entry: 10 or 0.
    pub bonus: u32,
    /// The houses this entry completed (whether or not they earned a bonus): its row, column
    /// and box, in that order, when it filled their last empty cell.
    pub completed: Vec<HouseKind>,
    /// Whether the entry ended the turn.
    pub turn_over: bool,
    /// Whether the entry ended the game (the grid is full).
    pub game_over: bool,
}

/// Why an entry cannot be played. The game is unchanged.
///
/// The messages name players by name and cells as `r1c2`:
///
/// ```
/// use defi_sudoku::{Entry, Game, Options, PlayError, SolvedPuzzle};
/// use defi_sudoku::sudoku_core::Cell;
///
/// let puzzle: SolvedPuzzle =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
/// let error = game.check(Entry::new(1, Cell::new(1), 5)).unwrap_err();
/// assert_eq!(error.to_string(), "Bob cannot play: it is Ann's turn");
/// let error = game.check(Entry::new(0, Cell::new(0), 5)).unwrap_err();
/// assert_eq!(error, PlayError::CellOccupied { cell: Cell::new(0), value: 4 });
/// assert_eq!(error.to_string(), "r1c1 already holds 4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The grid is full.
    #[error("the game is over")]
    GameOver,
    /// No player has this index.
    #[error("there is no player {player} (players are 0 to {})", .players.saturating_sub(1))]
    UnknownPlayer {
        /// The index given.
        player: usize,
        /// The number of players.
        players: usize,
    },
    /// Another player is to move.
    #[error("{name} cannot play: it is {to_move_name}'s turn")]
    NotYourTurn {
        /// The player who tried to play (index).
        player: usize,
        /// That player's name.
        name: String,
        /// The player to move (index).
        to_move: usize,
        /// The name of the player to move.
        to_move_name: String,
    },
    /// The cell is not 0–80.
    #[error("cell {} is not on the 9×9 grid (cells are 0 to 80)", .cell.index())]
    CellOutOfRange {
        /// The cell given.
        cell: Cell,
    },
    /// The digit is not 1–9.
    #[error("cannot enter {value} in {}: a digit is 1 to 9", .cell.display(Shape::CLASSIC))]
    DigitOutOfRange {
        /// The cell given.
        cell: Cell,
        /// The digit given.
        value: u8,
    },
    /// The cell already holds a digit.
    #[error("{} already holds {value}", .cell.display(Shape::CLASSIC))]
    CellOccupied {
        /// The cell given.
        cell: Cell,
        /// The digit it holds.
        value: u8,
    },
}
