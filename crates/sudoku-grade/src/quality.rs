//! Farid Mita's three criteria of a good puzzle ([`Rater::quality`]).

use std::sync::Arc;

use sudoku_core::Puzzle;

use crate::oracle::Counter;
use crate::rules::Rules;
use crate::{GradeError, Method, Rater, Rating};

/// What [`Rater::quality`] found: Farid Mita's three criteria of a good puzzle (as the
/// French Wikipedia article "Sudoku" gives them): one solution, irreducible (minimal: no
/// given can go without a second solution), and never a hypothesis (not F).
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
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// use sudoku_grade::Rater;
    /// let open = Puzzle::classic("1...............".parse()?)?;
    /// let q = Rater::new().quality(&open)?;
    /// assert!(!q.unique && !q.is_good() && q.rating.is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_good(&self) -> bool {
        self.unique
            && self.minimal
            && self
                .rating
                .as_ref()
                .is_some_and(|r| r.hardest < Some(Method::F))
    }
}

impl Rater {
    /// Checks a puzzle under its own rules against Farid Mita's criteria ([`Quality`]),
    /// rating it with this rater when it is unique. The rater's budget caps the work of the
    /// whole check (the uniqueness and minimality searches and the rating), and its cancel
    /// flag stops it.
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// use sudoku_grade::Rater;
    ///
    /// let p = Puzzle::classic(
    ///     "000000010400000000020000000000050407008000300001090000300400200050100000000806000".parse()?,
    /// )?;
    /// let q = Rater::new().quality(&p)?;
    /// assert!(q.unique && q.minimal && q.is_good());
    /// assert!(Rater::new().budget(5).quality(&p).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Rater::rate`]: [`GradeError::Interrupted`] past the budget or once the cancel
    /// flag is raised.
    pub fn quality(&self, puzzle: &Puzzle) -> Result<Quality, GradeError> {
        let rules = Rules::new(Arc::clone(puzzle.geometry()));
        let limits = self.limits();
        let mut spent = 0u64;
        let mut counter = Counter::new(&rules, limits);
        let grid = puzzle.grid();
        let unique = counter.count(grid, 2, limits, &mut spent)? == 1;
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
            let k = counter.count(&fewer, 2, limits, &mut spent)?;
            set(&mut fewer, v);
            if k == 1 {
                minimal = false;
                break;
            }
        }
        let rating = self.rate_in(&rules, grid, &mut spent)?;
        Ok(Quality {
            unique,
            minimal,
            rating: Some(rating),
        })
    }
}
