//! What can go wrong on the sudoku screen, each in its own type: a move refused, a saved
//! game refused, a puzzle that cannot be played, a hint that cannot be given.

use sudoku_core::format::line::ParseLineError;
use sudoku_core::{CellDisplay, PlayError, PuzzleError, SolveError, VariantError};
use sudoku_grade::{GradeError, Level, MarkedGridError};

/// A move the game refuses (the game is then unchanged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The cell holds a given.
    #[error("{at} is a given")]
    Given {
        /// The cell.
        at: CellDisplay,
    },
    /// The symbol is not one of the grid's.
    #[error("{symbol} is not a symbol of a {size}×{size} grid")]
    NoSuchSymbol {
        /// The symbol typed.
        symbol: char,
        /// The side of the grid.
        size: usize,
    },
    /// The value is already in a house of the cell.
    #[error("{symbol} cannot go in {at}: {by} holds it")]
    Seen {
        /// The symbol.
        symbol: char,
        /// The cell.
        at: CellDisplay,
        /// The cell of a house of it holding the same value.
        by: CellDisplay,
    },
    /// The value is already in the cell's cage (killer).
    #[error("{symbol} cannot go in {at}: {by}, in the same cage, holds it")]
    InCage {
        /// The symbol.
        symbol: char,
        /// The cell.
        at: CellDisplay,
        /// The cell of the cage holding the same value.
        by: CellDisplay,
    },
    /// Pencil marks go in empty cells only.
    #[error("{at} holds a digit: pencil marks go in empty cells")]
    NotEmpty {
        /// The cell.
        at: CellDisplay,
    },
    /// The cell already holds the solution's value.
    #[error("{at} already holds its digit")]
    AlreadyRight {
        /// The cell.
        at: CellDisplay,
    },
    /// No change to take back.
    #[error("nothing to undo")]
    NothingToUndo,
    /// No change undone to play again.
    #[error("nothing to redo")]
    NothingToRedo,
    /// Another refusal of the puzzle.
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// A saved game that cannot go on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SaveError {
    /// The rules do not fit the grid.
    #[error(transparent)]
    Rules(#[from] VariantError),
    /// The givens break the rules.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// The solution saved is not a solution of the givens.
    #[error("the solution does not solve the puzzle")]
    Solution,
    /// A list of cells (digits, pencil marks, history) of another length than the grid.
    #[error("{what}: {found} cells for a grid of {expected}")]
    Cells {
        /// Which list.
        what: &'static str,
        /// Its length.
        found: usize,
        /// The grid's cells.
        expected: usize,
    },
    /// A digit above the side of the grid.
    #[error("digit {digit} in a {size}×{size} grid")]
    Digit {
        /// The digit.
        digit: u8,
        /// The side.
        size: usize,
    },
    /// A cell (the cursor, a revealed cell) off the grid.
    #[error("{what} is off the grid")]
    OffGrid {
        /// Which cell.
        what: &'static str,
    },
    /// A given was changed.
    #[error("the given of {at} was changed")]
    GivenChanged {
        /// The cell.
        at: CellDisplay,
    },
}

/// A puzzle that cannot be played: typed in wrong, or not generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleInputError {
    /// The text is not a grid.
    #[error("{}", read_error(.0))]
    Read(ParseLineError),
    /// The rules do not fit the grid's size.
    #[error("{0}")]
    Rules(#[from] VariantError),
    /// Two givens clash.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// The givens have no solution.
    #[error("this puzzle has no solution")]
    NoSolution,
    /// The givens have more than one solution.
    #[error("this puzzle has more than one solution")]
    ManySolutions,
    /// The solver gave up.
    #[error("cannot solve it: {0}")]
    Solve(#[from] SolveError),
    /// No puzzle of the level came.
    #[error(
        "no {level} {size}×{size} puzzle came in {attempts} tries: small grids are rarely hard; try another level"
    )]
    LevelNotFound {
        /// The level asked for.
        level: Level,
        /// The side.
        size: usize,
        /// Puzzles tried.
        attempts: usize,
    },
    /// The rater or the generator failed.
    #[error(transparent)]
    Grade(#[from] GradeError),
    /// The generating thread stopped without an answer.
    #[error("the generator stopped")]
    Stopped,
    /// A killer grid larger than the generator makes.
    #[error("killer puzzles are made up to {max}×{max}, not {size}×{size}")]
    KillerTooLarge {
        /// The side asked for.
        size: usize,
        /// The largest side.
        max: usize,
    },
    /// Only classic and X puzzles are typed in.
    #[error(
        "only classic and X puzzles can be typed in, not {0}: choose the rules, leave the line empty, and one is made"
    )]
    NotTyped(&'static str),
    /// The killer generator failed.
    #[error(transparent)]
    Killer(#[from] sudoku_core::killer::GenerateKillerError),
    /// A jigsaw map could not be drawn.
    #[error(transparent)]
    Regions(#[from] sudoku_core::RandomRegionsError),
    /// The generator failed.
    #[error(transparent)]
    Generate(#[from] sudoku_core::GenerateError),
}

/// The reader's error in a player's words.
fn read_error(e: &ParseLineError) -> String {
    match e {
        ParseLineError::Length { found, .. } => format!(
            "{found} cells typed: a puzzle has one character a cell, N×N cells: 16 (4×4), 36 (6×6), 81 (9×9), 256 (16×16), 625 (25×25), or any other N×N up to 25×25"
        ),
        ParseLineError::Character {
            column, character, ..
        } => format!(
            "character {column} ({character:?}) is not a symbol of a grid of this length: use 1-9, then A, B… for 16×16 and 25×25, and . or 0 for an empty cell"
        ),
        other => other.to_string(),
    }
}

/// Why no hint could be given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HintError {
    /// The digits and pencil marks are not a position the rater reads.
    #[error(transparent)]
    MarkedGrid(#[from] MarkedGridError),
    /// The rater failed (or ran out of its budget).
    #[error(transparent)]
    Grade(#[from] GradeError),
}
