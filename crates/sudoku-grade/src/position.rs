//! [`Position`]: a grid with its pencil marks, stepped by hints. The hints are the rater's own
//! steps: [`Rater::next_step`] is the first step [`Rater::rate`] would take from the position,
//! and playing the steps one by one solves the puzzle.

use std::sync::Arc;

use sudoku_core::{Candidates, Cell, Geometry, Grid, Puzzle};

use crate::rules::Rules;
use crate::state::{State, bit};
use crate::{GradeError, Step};

#[cfg(doc)]
use crate::Rater;

/// A puzzle being solved: its digits and the candidates still open (eliminations are
/// remembered), under the puzzle's rules.
///
/// ```
/// use sudoku_core::Puzzle;
/// use sudoku_grade::{Position, Rater};
///
/// let puzzle = Puzzle::classic(
///     "000000010400000000020000000000050407008000300001090000300400200050100000000806000".parse()?,
/// )?;
/// let mut position = Position::new(&puzzle);
/// let rater = Rater::new();
/// let mut steps = 0;
/// while !position.is_solved() {
///     let step = rater.next_step(&position)?;
///     position.play(&step)?;
///     steps += 1;
/// }
/// assert!(steps >= 64);
/// assert!(position.grid().is_complete());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    rules: Rules,
    st: State,
}

impl Position {
    /// The position of a puzzle: its givens, and every candidate they leave.
    pub fn new(puzzle: &Puzzle) -> Position {
        let rules = Rules::new(Arc::clone(puzzle.geometry()));
        let st = State::new(&rules, puzzle.cells());
        Position { rules, st }
    }

    pub(crate) fn rules(&self) -> &Rules {
        &self.rules
    }

    pub(crate) fn state(&self) -> &State {
        &self.st
    }

    /// The rules (houses) of the puzzle.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.rules.geo
    }

    /// The digits placed so far.
    pub fn grid(&self) -> Grid {
        Grid::new(self.rules.geo.shape(), self.st.values.clone())
            .unwrap_or_else(|_| unreachable!("the values of a position fit its shape"))
    }

    /// The candidates of a cell (empty for a filled cell).
    ///
    /// # Panics
    /// If `cell` is outside the grid.
    pub fn candidates(&self, cell: Cell) -> Candidates {
        Candidates::from_bits(self.st.cand[cell.index()])
    }

    /// Every cell filled?
    pub fn is_solved(&self) -> bool {
        self.st.empty == 0
    }

    /// Empty cells left.
    pub fn empty_cells(&self) -> usize {
        self.st.empty
    }

    /// Would [`play`](Self::play) accept `step`, and if not, why?
    ///
    /// # Errors
    /// [`GradeError::BadStep`] if the step is for a grid of another shape, a cell is outside
    /// the grid, a digit outside 1..=N, the placed digit is not a candidate of an empty cell,
    /// or it is both placed and eliminated.
    pub fn check(&self, step: &Step) -> Result<(), GradeError> {
        let shape = self.rules.geo.shape();
        let n = self.rules.n;
        let bad = |what: String| Err(GradeError::BadStep(what));
        if step.shape != shape {
            return bad(format!("a step of a {} grid on a {shape} grid", step.shape));
        }
        for c in step.eliminations.iter().chain(step.placement.iter()) {
            if c.cell.index() >= self.rules.ncells {
                return bad(format!("{} is outside the grid", c.cell.display(shape)));
            }
            if c.digit == 0 || c.digit as usize > n {
                return bad(format!("digit {} is outside 1..={n}", c.digit));
            }
        }
        if let Some(p) = step.placement {
            let i = p.cell.index();
            if self.st.values[i] != 0 || self.st.cand[i] & bit(p.digit) == 0 {
                return bad(format!("{} is not a candidate", p.display(shape)));
            }
            if step.eliminations.contains(&p) {
                return bad(format!("{} is placed and eliminated", p.display(shape)));
            }
        }
        Ok(())
    }

    /// Does [`play`](Self::play) accept `step`?
    pub fn is_legal(&self, step: &Step) -> bool {
        self.check(step).is_ok()
    }

    /// Plays a step: removes its eliminations, places its digit (removing it from the
    /// peers). The position is unchanged on error.
    ///
    /// # Errors
    /// As [`check`](Self::check).
    pub fn play(&mut self, step: &Step) -> Result<(), GradeError> {
        self.check(step)?;
        for e in &step.eliminations {
            self.st.eliminate(e.cell, e.digit);
        }
        if let Some(p) = step.placement {
            self.st.place(&self.rules, p.cell, p.digit);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Candidate, Rater};
    use sudoku_core::Shape;

    #[test]
    fn refused_steps_leave_the_position_unchanged() {
        let puzzle = Puzzle::classic(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap(),
        )
        .unwrap();
        let mut position = Position::new(&puzzle);
        let step = Rater::new().next_step(&position).unwrap();
        assert!(position.is_legal(&step));
        let before = position.grid();
        let mut other = step.clone();
        other.shape = Shape::new(2, 2).unwrap();
        let mut outside = step.clone();
        outside.eliminations.push(Candidate {
            cell: Cell::new(81),
            digit: 1,
        });
        let mut both = step.clone();
        both.eliminations.push(step.placement.unwrap());
        for bad in [other, outside, both] {
            assert!(matches!(position.play(&bad), Err(GradeError::BadStep(_))));
            assert_eq!(position.grid(), before);
        }
        position.play(&step).unwrap();
        assert_eq!(position.empty_cells(), 48);
        assert!(!position.is_legal(&step), "placed twice");
    }
}
