//! [`Count`]: a number of solutions, exact or a lower bound.

use core::fmt;

/// A number of solutions: exact, or only a lower bound when counting stopped at its limit.
///
/// Every count of the crate ([`Solver::count`](crate::Solver::count),
/// [`KillerSolver::count`](crate::killer::KillerSolver::count),
/// [`Search::count_solutions`](crate::exact_cover::Search::count_solutions)) stops at a
/// limit and says so: a count that reached its limit is [`Count::AtLeast`], never an exact
/// number, even when there happen to be no more solutions (the search did not look).
///
/// It prints the number, with `≥ ` before a lower bound.
///
/// ```
/// use sudoku_core::{Count, Geometry, Grid, Shape, Solver};
///
/// let four = Shape::new(2, 2)?;
/// let mut solver = Solver::new(Geometry::classic(four));
/// let all = solver.count(&Grid::empty(four), u64::MAX)?;
/// assert_eq!(all, Count::Exact(288));
/// assert_eq!((all.exact(), all.to_string()), (Some(288), "288".to_string()));
///
/// let some = solver.count(&Grid::empty(four), 10)?;
/// assert_eq!(some, Count::AtLeast(10));
/// assert!(!some.is_exact() && some.at_least() == 10);
/// assert_eq!(some.to_string(), "≥ 10");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Count {
    /// Every solution was counted: there are exactly this many.
    Exact(u64),
    /// Counting stopped at its limit: there are at least this many.
    AtLeast(u64),
}

impl Count {
    /// The count of `found` solutions by a search that stops at `limit`: a lower bound once
    /// it reached the limit.
    pub(crate) const fn stopped_at(found: u64, limit: u64) -> Count {
        if found >= limit {
            Count::AtLeast(limit)
        } else {
            Count::Exact(found)
        }
    }

    /// The number counted: exact, or the lower bound.
    ///
    /// ```
    /// use sudoku_core::Count;
    /// assert_eq!((Count::Exact(3).at_least(), Count::AtLeast(2).at_least()), (3, 2));
    /// ```
    #[must_use]
    pub const fn at_least(self) -> u64 {
        match self {
            Count::Exact(n) | Count::AtLeast(n) => n,
        }
    }

    /// The exact number, `None` for a lower bound.
    ///
    /// ```
    /// use sudoku_core::Count;
    /// assert_eq!((Count::Exact(3).exact(), Count::AtLeast(2).exact()), (Some(3), None));
    /// ```
    #[must_use]
    pub const fn exact(self) -> Option<u64> {
        match self {
            Count::Exact(n) => Some(n),
            Count::AtLeast(_) => None,
        }
    }

    /// Whether every solution was counted.
    ///
    /// ```
    /// use sudoku_core::Count;
    /// assert!(Count::Exact(0).is_exact() && !Count::AtLeast(0).is_exact());
    /// ```
    #[must_use]
    pub const fn is_exact(self) -> bool {
        matches!(self, Count::Exact(_))
    }
}

impl PartialEq<u64> for Count {
    /// An exact count equals its number; a lower bound equals no number, so
    /// `solver.count(grid, 2)? == 1` stays the uniqueness test.
    ///
    /// ```
    /// use sudoku_core::Count;
    /// assert!(Count::Exact(1) == 1 && Count::Exact(1) != 2);
    /// assert!(Count::AtLeast(2) != 2);
    /// ```
    fn eq(&self, other: &u64) -> bool {
        *self == Count::Exact(*other)
    }
}

impl fmt::Display for Count {
    /// `288` for an exact count, `≥ 10` for a lower bound.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Count::Exact(n) => write!(f, "{n}"),
            Count::AtLeast(n) => write!(f, "≥ {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_at_its_limit_is_a_lower_bound() {
        assert_eq!(Count::stopped_at(3, 5), Count::Exact(3));
        assert_eq!(Count::stopped_at(5, 5), Count::AtLeast(5));
        assert_eq!(Count::stopped_at(0, 0), Count::AtLeast(0));
        assert_eq!(
            Count::AtLeast(u64::MAX).to_string(),
            "≥ 18446744073709551615"
        );
    }
}
