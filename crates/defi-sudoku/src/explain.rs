//! "Why is this entry right?": the explanation of a cell's digit from a position, in
//! sudoku-grade's steps (seed 003: "any player may ask for an explanation if he doubts the
//! validity of another player's entry").
//!
//! From the position before the entry, the explanation is the shortest path this module
//! finds to the cell's digit: the cell itself when a single places it (its candidates are down
//! to one, or the digit has one place left in one of its houses), otherwise sudoku-grade's
//! next steps, cheapest technique first, until one of them places the cell (checking again
//! for a single on the cell after each step).

use core::fmt;

use sudoku_core::{Cell, Grid, HouseKind, Puzzle, Shape};
use sudoku_grade::{Candidate, GradeError, Method, Position as Pencil, Rater, Step, Technique};

use crate::board::{CELL_HOUSES, Cells, House, cell_name};
use crate::game::Game;

/// The work budget of one step (sudoku-grade's units).
const STEP_BUDGET: u64 = 5_000_000;

/// Why a cell holds its digit: the steps that lead to it, the last one placing it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Explanation {
    /// The cell explained (0–80).
    pub cell: u8,
    /// Its digit.
    pub digit: u8,
    /// The steps, in order; the last places the cell. One step when the cell follows directly
    /// from the position.
    pub steps: Vec<Step>,
}

impl Explanation {
    /// The step that places the cell.
    pub fn placing_step(&self) -> &Step {
        self.steps.last().expect("an explanation has a step")
    }

    /// The hardest letter of the ladder among the steps.
    pub fn method(&self) -> Method {
        self.steps
            .iter()
            .map(Step::method)
            .max()
            .unwrap_or(Method::A1)
    }

    /// Whether the cell follows directly from the position (a single step).
    pub fn is_direct(&self) -> bool {
        self.steps.len() == 1
    }
}

impl fmt::Display for Explanation {
    /// `r3c4 is 7:` then the steps, one per line, numbered when there are several.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is {}:", cell_name(self.cell), self.digit)?;
        if let [step] = self.steps.as_slice() {
            return write!(f, " {step}");
        }
        for (i, step) in self.steps.iter().enumerate() {
            write!(f, "\n{}. {step}", i + 1)?;
        }
        Ok(())
    }
}

/// Why no explanation could be given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExplainError {
    /// The cell is not 0–80.
    #[error("cell {cell} is not on the grid")]
    CellOutOfRange {
        /// The cell given.
        cell: u8,
    },
    /// A cell of the position holds a value above 9.
    #[error("cell {cell} holds {value}, not 0-9")]
    Value {
        /// The cell (0–80).
        cell: u8,
        /// The value found.
        value: u8,
    },
    /// The cell is already filled in the position.
    #[error("cell {cell} is already filled")]
    CellFilled {
        /// The cell given.
        cell: u8,
    },
    /// The game has no such entry.
    #[error("there is no entry {entry} in turn {turn}")]
    NoSuchEntry {
        /// The turn index.
        turn: usize,
        /// The entry index.
        entry: usize,
    },
    /// sudoku-grade could not step through the position (a clash, no solution, budget).
    #[error("the ladder failed: {0}")]
    Grade(#[from] GradeError),
}

/// Explains the digit of an empty `cell` of `cells` (a position with a unique solution).
///
/// # Errors
/// [`ExplainError`] when the cell is out of range or filled, a value is above 9, or
/// sudoku-grade fails on the position (clashing digits, no solution).
///
/// ```
/// use defi_sudoku::{Board, explain::explain};
/// let board = Board::generate(8);
/// let cell = board.puzzle().iter().position(|&d| d == 0).unwrap() as u8;
/// let why = explain(board.puzzle(), cell)?;
/// assert_eq!(why.digit, board.solution()[cell as usize]);
/// assert!(why.to_string().starts_with(&format!("{} is {}:", defi_sudoku::board::cell_name(cell), why.digit)));
/// # Ok::<(), defi_sudoku::explain::ExplainError>(())
/// ```
pub fn explain(cells: &Cells, cell: u8) -> Result<Explanation, ExplainError> {
    if cell >= 81 {
        return Err(ExplainError::CellOutOfRange { cell });
    }
    if cells[usize::from(cell)] != 0 {
        return Err(ExplainError::CellFilled { cell });
    }
    if let Some(bad) = cells.iter().position(|&v| v > 9) {
        return Err(ExplainError::Value {
            cell: bad as u8,
            value: cells[bad],
        });
    }
    let grid = Grid::new(Shape::CLASSIC, cells.to_vec()).map_err(|_| GradeError::NoSolution)?;
    let mut pencil = Pencil::new(&Puzzle::classic(grid).map_err(GradeError::from)?);
    let rater = Rater::new().budget(STEP_BUDGET).record_steps(false);
    let mut steps = Vec::new();
    loop {
        if let Some(step) = single_on(&pencil, cell) {
            let digit = step.placement.map_or(0, |p| p.digit);
            steps.push(step);
            return Ok(Explanation { cell, digit, steps });
        }
        let step = rater.next_step(&pencil)?;
        pencil.play(&step)?;
        let placed = step
            .placement
            .filter(|p| p.cell.index() == usize::from(cell))
            .map(|p| p.digit);
        steps.push(step);
        if let Some(digit) = placed {
            return Ok(Explanation { cell, digit, steps });
        }
    }
}

/// A single placing `cell` on the board: a naked single (or the last cell of a house), or a
/// hidden single in one of its houses.
fn single_on(pencil: &Pencil, cell: u8) -> Option<Step> {
    let c = usize::from(cell);
    let target = Cell::new(c);
    let step = |technique, digit, houses: Vec<HouseKind>| Step {
        shape: Shape::CLASSIC,
        technique,
        placement: Some(Candidate {
            cell: target,
            digit,
        }),
        eliminations: Vec::new(),
        cells: vec![target],
        digits: vec![digit],
        houses,
        chain: Vec::new(),
        chain_eliminations: Vec::new(),
        contradiction: None,
    };
    let kind = |h: House| match h {
        House::Row(i) => HouseKind::Row(i),
        House::Column(i) => HouseKind::Column(i),
        House::Box(i) => HouseKind::Box(i),
    };
    let cands = pencil.candidates(target);
    // The last empty cell of a house.
    for &h in &CELL_HOUSES[c] {
        let house = House::ALL[usize::from(h)];
        let empty = house
            .cells()
            .iter()
            .filter(|&&o| !pencil.candidates(Cell::new(usize::from(o))).is_empty())
            .count();
        if empty == 1
            && let Some(d) = cands.only()
        {
            return Some(step(Technique::FullHouse, d, vec![kind(house)]));
        }
    }
    if let Some(d) = cands.only() {
        return Some(step(Technique::NakedSingle, d, Vec::new()));
    }
    for &h in &CELL_HOUSES[c] {
        let house = House::ALL[usize::from(h)];
        for d in cands.iter() {
            let places = house
                .cells()
                .iter()
                .filter(|&&o| pencil.candidates(Cell::new(usize::from(o))).contains(d))
                .count();
            if places == 1 {
                return Some(step(Technique::HiddenSingle, d, vec![kind(house)]));
            }
        }
    }
    None
}

impl Game {
    /// Why entry `entry` of turn `turn` (indices into [`Game::turns`] and its entries) is
    /// right: the explanation of its cell from the position just before it. For a wrong entry,
    /// this explains the correction.
    ///
    /// # Errors
    /// [`ExplainError::NoSuchEntry`], or [`ExplainError::Grade`] if sudoku-grade fails.
    ///
    /// ```
    /// use defi_sudoku::{Board, Entry, Game, Options};
    /// let mut game = Game::with_player_count(Board::generate(4), 2, Options::default())?;
    /// let cell = game.cells().iter().position(|&d| d == 0).unwrap() as u8;
    /// let digit = game.board().solution()[cell as usize];
    /// game.play(Entry::new(0, cell, digit)).unwrap();
    /// let why = game.explain_entry(0, 0).unwrap();
    /// assert_eq!((why.cell, why.digit), (cell, digit));
    /// println!("{why}");
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    pub fn explain_entry(&self, turn: usize, entry: usize) -> Result<Explanation, ExplainError> {
        let cells = self
            .cells_before(turn, entry)
            .ok_or(ExplainError::NoSuchEntry { turn, entry })?;
        let cell = self.turns()[turn].entries[entry].cell;
        explain(&cells, cell)
    }

    /// Why `cell`, still empty, will hold the digit it will: the explanation from the current
    /// position (a hint).
    ///
    /// # Errors
    /// [`ExplainError`] for a cell out of range or filled.
    pub fn explain_cell(&self, cell: u8) -> Result<Explanation, ExplainError> {
        explain(self.cells(), cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    #[test]
    fn every_cell_of_a_puzzle_is_explained_with_its_solution_digit() {
        let board = Board::generate(21);
        let mut direct = 0;
        for cell in 0..81u8 {
            if board.puzzle()[usize::from(cell)] != 0 {
                assert_eq!(
                    explain(board.puzzle(), cell),
                    Err(ExplainError::CellFilled { cell })
                );
                continue;
            }
            let why = explain(board.puzzle(), cell).unwrap();
            assert_eq!(why.digit, board.solution()[usize::from(cell)]);
            let placed = why.placing_step().placement.unwrap();
            assert_eq!(
                (placed.cell.index(), placed.digit),
                (usize::from(cell), why.digit)
            );
            // The steps before the last never place this cell.
            for step in &why.steps[..why.steps.len() - 1] {
                assert!(
                    step.placement
                        .is_none_or(|p| p.cell.index() != usize::from(cell))
                );
            }
            direct += usize::from(why.is_direct());
        }
        assert!(direct > 0);
        assert_eq!(
            explain(board.puzzle(), 81),
            Err(ExplainError::CellOutOfRange { cell: 81 })
        );
    }

    #[test]
    fn bad_positions_are_typed_errors() {
        let mut cells = [0u8; 81];
        cells[3] = 10;
        assert_eq!(
            explain(&cells, 40),
            Err(ExplainError::Value { cell: 3, value: 10 })
        );
        cells[3] = 1;
        cells[4] = 1;
        assert!(matches!(
            explain(&cells, 40),
            Err(ExplainError::Grade(GradeError::Puzzle(
                sudoku_core::PuzzleError::Clash { value: 1, .. }
            )))
        ));
        // Row 1 holds 2..9 and column 1 a 1 below: cell 0 has no candidate.
        let mut cells = [0u8; 81];
        for (c, value) in cells.iter_mut().enumerate().take(9).skip(1) {
            *value = c as u8 + 1;
        }
        cells[27] = 1;
        assert_eq!(
            explain(&cells, 40),
            Err(ExplainError::Grade(GradeError::NoSolution))
        );
    }

    #[test]
    fn singles_are_named() {
        // Row 1 holds 1..8: cell 8 is the last empty cell of row 1.
        let mut cells = [0u8; 81];
        for (c, value) in cells.iter_mut().enumerate().take(8) {
            *value = c as u8 + 1;
        }
        let why = explain(&cells, 8).unwrap();
        assert_eq!(why.digit, 9);
        assert_eq!(why.placing_step().technique, Technique::FullHouse);
        assert_eq!(
            why.to_string(),
            "r1c9 is 9: r1c9 is the last empty cell of row 1: it takes 9."
        );
    }
}
