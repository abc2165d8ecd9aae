//! [`Board`]: a grid with its pencil marks, stepped by hints. The hints are the rater's own
//! steps: [`Board::next_step`] is the first step [`Rater::rate`](crate::Rater::rate) would take
//! from the board, and applying steps one by one solves the puzzle.

use std::sync::Arc;

use sudoku_core::{Candidates, Geometry, Grid, Puzzle, Shape};

use crate::layout::Layout;
use crate::rater::clash_error;
use crate::state::{State, bit};
use crate::{GradeError, Rater, Step, adapter};

/// A grid being solved: digits and the candidates still open (eliminations are remembered).
///
/// ```
/// use sudoku_grade::Board;
/// let grid: sudoku_core::Grid =
///     "000000010400000000020000000000050407008000300001090000300400200050100000000806000".parse()?;
/// let mut board = Board::new(&grid)?;
/// let mut steps = 0;
/// while !board.is_solved() {
///     let step = board.next_step()?;
///     board.apply(&step)?;
///     steps += 1;
/// }
/// assert!(steps >= 64);
/// assert!(board.grid().is_complete());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Board {
    lay: Arc<Layout>,
    shape: Shape,
    st: State,
}

impl Board {
    /// The board of a grid under the classic rules of its shape.
    ///
    /// # Errors
    /// [`GradeError::Clash`] if two digits repeat in a house.
    pub fn new(grid: &Grid) -> Result<Board, GradeError> {
        Board::from_layout(adapter::classic(grid.shape()), grid)
    }

    /// The board of a grid under the rules of `geometry`.
    ///
    /// # Errors
    /// [`GradeError::Geometry`] if the sizes differ, [`GradeError::Clash`] if two digits
    /// repeat in a house.
    pub fn with_geometry(geometry: &Geometry, grid: &Grid) -> Result<Board, GradeError> {
        adapter::check(geometry.size(), grid)?;
        Board::from_layout(adapter::layout(geometry), grid)
    }

    /// The board of a validated puzzle.
    ///
    /// # Errors
    /// As [`with_geometry`](Self::with_geometry).
    pub fn from_puzzle(puzzle: &Puzzle) -> Result<Board, GradeError> {
        Board::with_geometry(puzzle.geometry(), puzzle.grid())
    }

    fn from_layout(lay: Arc<Layout>, grid: &Grid) -> Result<Board, GradeError> {
        let st = State::new(&lay, grid.cells()).map_err(|c| clash_error(&lay, grid.cells(), c))?;
        Ok(Board {
            lay,
            shape: grid.shape(),
            st,
        })
    }

    pub(crate) fn layout(&self) -> &Layout {
        &self.lay
    }

    pub(crate) fn state(&self) -> &State {
        &self.st
    }

    /// The digits placed so far.
    pub fn grid(&self) -> Grid {
        adapter::grid(self.shape, self.st.values.clone())
    }

    /// The candidates of a cell (empty for a filled cell).
    ///
    /// # Panics
    /// If `cell` is outside the grid.
    pub fn candidates(&self, cell: usize) -> Candidates {
        Candidates::from_bits(self.st.cand[cell])
    }

    /// Every cell filled?
    pub fn is_solved(&self) -> bool {
        self.st.empty == 0
    }

    /// Empty cells left.
    pub fn empty_cells(&self) -> usize {
        self.st.empty
    }

    /// The next step with every technique (see [`Rater::next_step`] for other settings).
    ///
    /// # Errors
    /// As [`Rater::next_step`].
    pub fn next_step(&self) -> Result<Step, GradeError> {
        Rater::new().next_step(self)
    }

    /// Applies a step: removes its eliminations, places its digit (removing it from the
    /// peers). The board is unchanged on error.
    ///
    /// # Errors
    /// [`GradeError::BadStep`] if a cell is outside the grid, a digit outside 1..=N, or the
    /// placed digit is not a candidate of an empty cell.
    pub fn apply(&mut self, step: &Step) -> Result<(), GradeError> {
        let n = self.lay.n;
        let bad = |what: String| Err(GradeError::BadStep(what));
        for c in step.eliminations.iter().chain(step.placement.iter()) {
            if c.cell.row as usize >= n || c.cell.col as usize >= n {
                return bad(format!("{} is outside the grid", c.cell));
            }
            if c.digit == 0 || c.digit as usize > n {
                return bad(format!("digit {} is outside 1..={n}", c.digit));
            }
        }
        if let Some(p) = step.placement {
            let i = p.cell.index(n);
            if self.st.values[i] != 0 || self.st.cand[i] & bit(p.digit) == 0 {
                return bad(format!("{} is not a candidate", p));
            }
            let eliminated = step
                .eliminations
                .iter()
                .any(|e| e.cell == p.cell && e.digit == p.digit);
            if eliminated {
                return bad(format!("{p} is placed and eliminated"));
            }
        }
        for e in &step.eliminations {
            self.st.eliminate(e.cell.index(n), e.digit);
        }
        if let Some(p) = step.placement {
            self.st.place(&self.lay, p.cell.index(n), p.digit);
        }
        Ok(())
    }
}
