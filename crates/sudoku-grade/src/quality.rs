//! Farid Mita's three criteria of a good puzzle (seed 000): one solution, irreducible
//! (minimal: no given can go without a second solution), and never a hypothesis (not F).

use sudoku_core::{Geometry, Grid, Solver};

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

/// Checks a puzzle under the classic rules of its shape.
///
/// ```
/// let p: sudoku_core::Grid =
///     "000000010400000000020000000000050407008000300001090000300400200050100000000806000".parse()?;
/// let q = sudoku_grade::quality::quality(&p)?;
/// assert!(q.unique && q.minimal && q.is_good());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`Rater::rate`], and [`GradeError::Budget`] if the solver gives up.
pub fn quality(grid: &Grid) -> Result<Quality, GradeError> {
    quality_with(&Geometry::classic(grid.shape()), grid, &Rater::new())
}

/// Checks a puzzle under `geometry` with `rater`.
///
/// # Errors
/// As [`quality`], and [`GradeError::Geometry`] if the sizes differ.
pub fn quality_with(
    geometry: &Geometry,
    grid: &Grid,
    rater: &Rater,
) -> Result<Quality, GradeError> {
    crate::adapter::check(geometry.size(), grid)?;
    let mut solver = Solver::new(geometry.clone());
    let count = |s: &mut Solver, g: &Grid| s.count(g, 2).map_err(|_| GradeError::Budget);
    let unique = count(&mut solver, grid)? == 1;
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
        fewer.set(c, 0).map_err(|_| GradeError::Budget)?;
        let k = count(&mut solver, &fewer)?;
        fewer.set(c, v).map_err(|_| GradeError::Budget)?;
        if k == 1 {
            minimal = false;
            break;
        }
    }
    let rating = rater.rate_with(geometry, grid)?;
    Ok(Quality {
        unique,
        minimal,
        rating: Some(rating),
    })
}
