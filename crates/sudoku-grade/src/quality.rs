//! Farid Mita's three criteria of a good puzzle (as the French Wikipedia article "Sudoku"
//! gives them): one solution, irreducible (minimal: no given can go without a second
//! solution), and never a hypothesis (not F).

use std::sync::Arc;

use sudoku_core::{Puzzle, SolveError, Solver};

use crate::rules::Rules;
use crate::{GradeError, Method, Rater, Rating};

/// What [`quality`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Quality {
    /// Exactly one solution.
    pub unique: bool,
    /// No given can be removed while keeping one solution (false when not unique).
    pub minimal: bool,
    /// The rating, for a unique puzzle.
    pub rating: Option<Rating>,
}

impl Quality {
    /// Unique, minimal, and rated without F.
    pub fn is_good(&self) -> bool {
        self.unique
            && self.minimal
            && self
                .rating
                .as_ref()
                .is_some_and(|r| r.hardest < Some(Method::F))
    }
}

/// Checks a puzzle under its own rules, rating it with `rater` when it is unique.
///
/// ```
/// use sudoku_core::Puzzle;
/// use sudoku_grade::{Rater, quality::quality};
///
/// let p = Puzzle::classic(
///     "000000010400000000020000000000050407008000300001090000300400200050100000000806000".parse()?,
/// )?;
/// let q = quality(&p, &Rater::new())?;
/// assert!(q.unique && q.minimal && q.is_good());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`Rater::rate`]; [`GradeError::Interrupted`] also if the solver gives up.
pub fn quality(puzzle: &Puzzle, rater: &Rater) -> Result<Quality, GradeError> {
    let geometry = puzzle.geometry();
    let mut solver = Solver::new(Arc::clone(geometry));
    let mut count = |g: &sudoku_core::Grid| {
        solver.count(g, 2).map_err(|e| match e {
            SolveError::Interrupted(i) => GradeError::Interrupted(i),
            _ => unreachable!("the solver is built on the puzzle's own geometry"),
        })
    };
    let grid = puzzle.grid();
    let unique = count(grid)? == sudoku_core::Count::Exact(1);
    if !unique {
        return Ok(Quality {
            unique,
            minimal: false,
            rating: None,
        });
    }
    let mut fewer = grid.clone();
    let mut minimal = true;
    for c in 0..grid.cells().len() {
        let v = grid.get(c);
        if v == 0 {
            continue;
        }
        let set = |g: &mut sudoku_core::Grid, v| {
            g.set(c, v)
                .unwrap_or_else(|_| unreachable!("a cell and value of the grid"))
        };
        set(&mut fewer, 0);
        let k = count(&fewer)?;
        set(&mut fewer, v);
        if k == sudoku_core::Count::Exact(1) {
            minimal = false;
            break;
        }
    }
    let rating = rater.rate_in(&Rules::new(Arc::clone(geometry)), grid)?;
    Ok(Quality {
        unique,
        minimal,
        rating: Some(rating),
    })
}
