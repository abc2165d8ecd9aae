//! The board: a 9×9 puzzle with its unique solution, cells and houses.
//!
//! Cells are numbered 0–80 row-major (cell 0 is the top-left corner, cell 8 the top-right,
//! cell 80 the bottom-right). A cell holds 0 when empty, or a digit 1–9. The 27 houses are the
//! 9 rows, the 9 columns and the 9 boxes (3×3 blocks, numbered row-major too).

use core::fmt;
use core::str::FromStr;

/// The 81 cells of a grid, row-major; 0 is an empty cell, 1–9 a digit.
pub type Cells = [u8; 81];

/// The number of cells of the grid.
pub const CELL_COUNT: usize = 81;

/// A row, a column or a 3×3 box (each index 0–8; boxes numbered row-major).
///
/// The engine only makes houses with indices 0–8; [`House::index`] and [`House::cells`] panic
/// on a house built by hand with a larger index, and reading one (serde) is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum House {
    /// Row 0 (top) to 8 (bottom).
    Row(u8),
    /// Column 0 (left) to 8 (right).
    Column(u8),
    /// Box 0 (top-left) to 8 (bottom-right), row-major.
    Box(u8),
}

impl House {
    /// The 27 houses: rows 0–8, then columns 0–8, then boxes 0–8 (the order of [`House::index`]).
    pub const ALL: [House; 27] = {
        let mut all = [House::Row(0); 27];
        let mut i = 0;
        while i < 9 {
            all[i] = House::Row(i as u8);
            all[9 + i] = House::Column(i as u8);
            all[18 + i] = House::Box(i as u8);
            i += 1;
        }
        all
    };

    /// The position of the house in [`House::ALL`] (rows 0–8, columns 9–17, boxes 18–26).
    ///
    /// # Panics
    /// If the house's own index is 9 or more.
    ///
    /// ```
    /// use defi_sudoku::House;
    /// assert_eq!(House::Column(2).index(), 11);
    /// assert_eq!(House::ALL[11], House::Column(2));
    /// ```
    pub const fn index(self) -> usize {
        let (base, i) = match self {
            House::Row(i) => (0, i),
            House::Column(i) => (9, i),
            House::Box(i) => (18, i),
        };
        assert!(i < 9, "a house index is 0 to 8");
        base + i as usize
    }

    /// The nine cells of the house, in increasing order.
    ///
    /// # Panics
    /// If the house's own index is 9 or more.
    ///
    /// ```
    /// use defi_sudoku::House;
    /// assert_eq!(House::Box(4).cells(), [30, 31, 32, 39, 40, 41, 48, 49, 50]);
    /// ```
    pub const fn cells(self) -> [u8; 9] {
        HOUSE_CELLS[self.index()]
    }

    /// The row, column and box of a cell (0–80).
    ///
    /// # Panics
    /// If `cell` is 81 or more.
    ///
    /// ```
    /// use defi_sudoku::House;
    /// assert_eq!(House::of_cell(40), [House::Row(4), House::Column(4), House::Box(4)]);
    /// ```
    pub const fn of_cell(cell: u8) -> [House; 3] {
        assert!(cell < 81, "a cell is 0 to 80");
        let row = cell / 9;
        let col = cell % 9;
        [
            House::Row(row),
            House::Column(col),
            House::Box(row / 3 * 3 + col / 3),
        ]
    }
}

impl fmt::Display for House {
    /// `row 1` … `row 9`, `column 1` …, `box 1` … (numbered from 1 for people).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(i) => write!(f, "row {}", i + 1),
            House::Column(i) => write!(f, "column {}", i + 1),
            House::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// The cells of every house, in the order of [`House::ALL`].
pub(crate) const HOUSE_CELLS: [[u8; 9]; 27] = {
    let mut table = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            table[i][j] = (i * 9 + j) as u8;
            table[9 + i][j] = (j * 9 + i) as u8;
            table[18 + i][j] = ((i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    table
};

/// The three house indices (into [`House::ALL`]) of every cell.
pub(crate) const CELL_HOUSES: [[u8; 3]; 81] = {
    let mut table = [[0u8; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let houses = House::of_cell(cell as u8);
        table[cell] = [
            houses[0].index() as u8,
            houses[1].index() as u8,
            houses[2].index() as u8,
        ];
        cell += 1;
    }
    table
};

/// A cell's name for people: `r1c1` … `r9c9`.
///
/// ```
/// assert_eq!(defi_sudoku::board::cell_name(10), "r2c2");
/// ```
pub fn cell_name(cell: u8) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// Why cells, a puzzle or its solution cannot make a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A text grid does not have 81 cells.
    #[error("a grid has 81 cells, found {found}")]
    Length {
        /// The number of cells read.
        found: usize,
    },
    /// A text grid holds a character that is neither a digit nor an empty marker.
    #[error("unexpected character {character:?} at position {position} (cell {cell})")]
    Character {
        /// The character.
        character: char,
        /// Its character position in the text (0-based).
        position: usize,
        /// The cell it would have filled.
        cell: usize,
    },
    /// A cell of the puzzle holds a value above 9.
    #[error("cell {cell} of the puzzle holds {value}, not 0-9")]
    PuzzleValue {
        /// The cell (0–80).
        cell: u8,
        /// The value found.
        value: u8,
    },
    /// Two givens of the puzzle repeat a digit in a house.
    #[error("digit {digit} appears twice in {house} of the puzzle")]
    RepeatedGiven {
        /// The house.
        house: House,
        /// The repeated digit.
        digit: u8,
    },
    /// A cell of the solution is not a digit 1–9.
    #[error("cell {cell} of the solution holds {value}, not 1-9")]
    SolutionValue {
        /// The cell (0–80).
        cell: u8,
        /// The value found.
        value: u8,
    },
    /// The solution repeats a digit in a house.
    #[error("digit {digit} appears twice in {house} of the solution")]
    InvalidSolution {
        /// The house.
        house: House,
        /// The repeated digit.
        digit: u8,
    },
    /// A given of the puzzle differs from the solution.
    #[error("cell {cell}: the puzzle gives {given} but the solution has {solution}")]
    Disagreement {
        /// The cell (0–80).
        cell: u8,
        /// The puzzle's digit.
        given: u8,
        /// The solution's digit.
        solution: u8,
    },
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has more than one solution.
    #[error("the puzzle has more than one solution")]
    NotUnique,
    /// The puzzle has no empty cell: there is nothing to play.
    #[error("the puzzle has no empty cell")]
    Full,
}

/// A validated board: a puzzle whose solution is unique, and that solution.
///
/// Build it from a puzzle ([`Board::from_puzzle`], which solves it and checks uniqueness), from a
/// puzzle and its solution ([`Board::new`], which checks they agree and that the solution is the
/// only one), or generate one from a seed ([`Board::generate`]).
///
/// ```
/// use defi_sudoku::Board;
///
/// let board: Board =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// assert_eq!(board.empty_cells(), 64);
/// assert_eq!(board.solution()[0], 4);
/// # Ok::<(), defi_sudoku::BoardError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    puzzle: Cells,
    solution: Cells,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board")
            .field("puzzle", &cells_to_string(&self.puzzle))
            .field("solution", &cells_to_string(&self.solution))
            .finish()
    }
}

impl Board {
    /// A board from a puzzle and its solution: checks the values, that the solution is a valid
    /// complete grid agreeing with every given, and that it is the puzzle's only solution.
    ///
    /// # Errors
    /// [`BoardError`] says which cell or house is wrong, or that the puzzle has another
    /// solution, or no empty cell.
    pub fn new(puzzle: Cells, solution: Cells) -> Result<Board, BoardError> {
        check_puzzle(&puzzle)?;
        for (cell, &value) in solution.iter().enumerate() {
            if !(1..=9).contains(&value) {
                return Err(BoardError::SolutionValue {
                    cell: cell as u8,
                    value,
                });
            }
        }
        if let Some((house, digit)) = first_repeat(&solution) {
            return Err(BoardError::InvalidSolution { house, digit });
        }
        for cell in 0..CELL_COUNT {
            if puzzle[cell] != 0 && puzzle[cell] != solution[cell] {
                return Err(BoardError::Disagreement {
                    cell: cell as u8,
                    given: puzzle[cell],
                    solution: solution[cell],
                });
            }
        }
        if puzzle.iter().all(|&d| d != 0) {
            return Err(BoardError::Full);
        }
        // The solution is one solution; the puzzle must have no other.
        if crate::source::count_solutions(&puzzle, 2) > 1 {
            return Err(BoardError::NotUnique);
        }
        Ok(Board { puzzle, solution })
    }

    /// A board from a puzzle alone: solves it and checks the solution is unique.
    ///
    /// # Errors
    /// [`BoardError`] for a value above 9, a repeated given, no solution, several solutions,
    /// or no empty cell.
    ///
    /// ```
    /// use defi_sudoku::{Board, BoardError};
    /// let mut cells = [0u8; 81];
    /// cells[0] = 5;
    /// assert_eq!(Board::from_puzzle(cells), Err(BoardError::NotUnique));
    /// ```
    pub fn from_puzzle(puzzle: Cells) -> Result<Board, BoardError> {
        check_puzzle(&puzzle)?;
        if puzzle.iter().all(|&d| d != 0) {
            return Err(BoardError::Full);
        }
        match crate::source::solve_unique(&puzzle) {
            crate::source::Solutions::None => Err(BoardError::NoSolution),
            crate::source::Solutions::Several => Err(BoardError::NotUnique),
            crate::source::Solutions::One(solution) => Ok(Board { puzzle, solution }),
        }
    }

    /// A board from two 81-character strings (see [`parse_cells`]), the puzzle and its solution.
    ///
    /// # Errors
    /// [`BoardError`] as for [`parse_cells`] and [`Board::new`].
    pub fn from_strings(puzzle: &str, solution: &str) -> Result<Board, BoardError> {
        Board::new(parse_cells(puzzle)?, parse_cells(solution)?)
    }

    /// A random minimal puzzle with a unique solution, reproducible from `seed` (the same seed
    /// gives the same board on every platform).
    pub fn generate(seed: u64) -> Board {
        let (puzzle, solution) = crate::source::generate(seed);
        Board { puzzle, solution }
    }

    /// The puzzle (givens; 0 for an empty cell).
    pub fn puzzle(&self) -> &Cells {
        &self.puzzle
    }

    /// The unique solution.
    pub fn solution(&self) -> &Cells {
        &self.solution
    }

    /// How many cells the puzzle leaves empty.
    pub fn empty_cells(&self) -> usize {
        self.puzzle.iter().filter(|&&d| d == 0).count()
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// Parses a puzzle (see [`parse_cells`]) and solves it: [`Board::from_puzzle`].
    fn from_str(s: &str) -> Result<Board, BoardError> {
        Board::from_puzzle(parse_cells(s)?)
    }
}

/// Reads 81 cells from a line of text: `1`–`9` are digits, `.` and `0` are empty cells,
/// whitespace is skipped.
///
/// # Errors
/// [`BoardError::Character`] for any other character, [`BoardError::Length`] unless there are
/// exactly 81 cells.
///
/// ```
/// use defi_sudoku::board::{cells_to_string, parse_cells};
/// let text = format!("12.{}", ".".repeat(78));
/// let cells = parse_cells(&text)?;
/// assert_eq!(&cells[..3], &[1, 2, 0]);
/// assert_eq!(cells_to_string(&cells), text);
/// # Ok::<(), defi_sudoku::BoardError>(())
/// ```
pub fn parse_cells(text: &str) -> Result<Cells, BoardError> {
    let mut cells = [0u8; 81];
    let mut count = 0;
    for (position, character) in text.chars().enumerate() {
        let value = match character {
            '1'..='9' => character as u8 - b'0',
            '.' | '0' => 0,
            c if c.is_whitespace() => continue,
            _ => {
                return Err(BoardError::Character {
                    character,
                    position,
                    cell: count,
                });
            }
        };
        if count < CELL_COUNT {
            cells[count] = value;
        }
        count += 1;
    }
    if count != CELL_COUNT {
        return Err(BoardError::Length { found: count });
    }
    Ok(cells)
}

/// Writes 81 cells as one line: digits, `.` for empty cells (values above 9 print as `?`).
pub fn cells_to_string(cells: &Cells) -> String {
    cells
        .iter()
        .map(|&d| match d {
            0 => '.',
            1..=9 => (b'0' + d) as char,
            _ => '?',
        })
        .collect()
}

/// With the `serde` feature a board is `{"puzzle": "…", "solution": "…"}`, two 81-character
/// lines ([`cells_to_string`]); reading one checks it as [`Board::from_strings`] does.
#[cfg(feature = "serde")]
mod serde_form {
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error as _};

    use super::{Board, House, cells_to_string};

    /// A house as written, checked before it becomes a [`House`].
    #[derive(Deserialize)]
    #[serde(rename = "House")]
    enum HouseLines {
        Row(u8),
        Column(u8),
        Box(u8),
    }

    impl<'de> Deserialize<'de> for House {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<House, D::Error> {
            let (house, i) = match HouseLines::deserialize(deserializer)? {
                HouseLines::Row(i) => (House::Row(i), i),
                HouseLines::Column(i) => (House::Column(i), i),
                HouseLines::Box(i) => (House::Box(i), i),
            };
            if i < 9 {
                Ok(house)
            } else {
                Err(D::Error::custom(format!("house index {i} is not 0 to 8")))
            }
        }
    }

    #[derive(Serialize, Deserialize)]
    #[serde(rename = "Board")]
    struct Lines {
        puzzle: String,
        solution: String,
    }

    impl Serialize for Board {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            Lines {
                puzzle: cells_to_string(&self.puzzle),
                solution: cells_to_string(&self.solution),
            }
            .serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for Board {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
            let lines = Lines::deserialize(deserializer)?;
            Board::from_strings(&lines.puzzle, &lines.solution).map_err(D::Error::custom)
        }
    }
}

/// Checks a puzzle's values and that no given repeats in a house.
fn check_puzzle(puzzle: &Cells) -> Result<(), BoardError> {
    for (cell, &value) in puzzle.iter().enumerate() {
        if value > 9 {
            return Err(BoardError::PuzzleValue {
                cell: cell as u8,
                value,
            });
        }
    }
    match first_repeat(puzzle) {
        Some((house, digit)) => Err(BoardError::RepeatedGiven { house, digit }),
        None => Ok(()),
    }
}

/// The first house (in [`House::ALL`] order) where a digit 1–9 repeats, and the digit.
fn first_repeat(cells: &Cells) -> Option<(House, u8)> {
    for house in House::ALL {
        let mut seen = 0u16;
        for cell in house.cells() {
            let d = cells[cell as usize];
            if (1..=9).contains(&d) {
                if seen & (1 << d) != 0 {
                    return Some((house, d));
                }
                seen |= 1 << d;
            }
        }
    }
    None
}

/// Whether every cell of the house is filled.
pub(crate) fn house_full(cells: &Cells, house: usize) -> bool {
    HOUSE_CELLS[house].iter().all(|&c| cells[c as usize] != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn houses_cover_every_cell_three_times() {
        let mut count = [0; 81];
        for house in House::ALL {
            for cell in house.cells() {
                count[cell as usize] += 1;
                assert!(House::of_cell(cell).contains(&house));
            }
        }
        assert!(count.iter().all(|&c| c == 3));
        for (i, house) in House::ALL.iter().enumerate() {
            assert_eq!(house.index(), i);
        }
    }

    #[test]
    fn parse_errors_name_the_place() {
        assert_eq!(parse_cells("12"), Err(BoardError::Length { found: 2 }));
        let text = format!("1x{}", ".".repeat(79));
        assert_eq!(
            parse_cells(&text),
            Err(BoardError::Character {
                character: 'x',
                position: 1,
                cell: 1
            })
        );
        assert_eq!(
            parse_cells(&".".repeat(82)),
            Err(BoardError::Length { found: 82 })
        );
    }

    #[test]
    #[should_panic(expected = "a house index is 0 to 8")]
    fn a_house_index_above_8_is_refused() {
        let _ = House::Row(12).cells();
    }

    #[test]
    #[should_panic(expected = "a cell is 0 to 80")]
    fn a_cell_above_80_has_no_houses() {
        let _ = House::of_cell(81);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn houses_are_checked_when_read() {
        let text = serde_json::to_string(&House::Box(8)).unwrap();
        assert_eq!(text, r#"{"Box":8}"#);
        assert_eq!(serde_json::from_str::<House>(&text).unwrap(), House::Box(8));
        let err = serde_json::from_str::<House>(r#"{"Row":9}"#).unwrap_err();
        assert!(err.to_string().contains("house index 9"), "{err}");
    }

    #[test]
    fn house_display_counts_from_one() {
        assert_eq!(House::Row(0).to_string(), "row 1");
        assert_eq!(House::Box(8).to_string(), "box 9");
        assert_eq!(cell_name(80), "r9c9");
    }
}
