//! [`Symmetry`]: the symmetries a generated puzzle's givens can keep, and the *orbits* they
//! split the cells into (the cells the generator empties together).

use core::fmt;
use core::str::FromStr;

use crate::cell::Cell;
use crate::grid::Grid;
use crate::shape::Shape;

/// The symmetry kept by the givens of a generated puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Symmetry {
    /// Cells removed one by one: the puzzle is minimal.
    #[default]
    None,
    /// Central symmetry (half-turn): cells in pairs `(r, c)`, `(N-1-r, N-1-c)`.
    Central,
    /// Quarter-turn rotations: orbits of up to four cells.
    Quarter,
    /// Both median axes (the middle row and column): orbits of up to four cells.
    Mirror,
    /// Both diagonals: orbits of up to four cells.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in declaration order.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Central,
        Symmetry::Quarter,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The images of `(r, c)` under the symmetry's group (with repeats).
    pub(crate) fn images(self, n: usize, r: usize, c: usize) -> [(usize, usize); 4] {
        let m = n - 1;
        match self {
            Symmetry::None => [(r, c); 4],
            Symmetry::Central => [(r, c), (m - r, m - c), (r, c), (m - r, m - c)],
            Symmetry::Quarter => [(r, c), (c, m - r), (m - r, m - c), (m - c, r)],
            Symmetry::Mirror => [(r, c), (r, m - c), (m - r, c), (m - r, m - c)],
            Symmetry::Diagonal => [(r, c), (c, r), (m - c, m - r), (m - r, m - c)],
        }
    }

    /// The orbit of a cell: the cells removed together with it, sorted.
    ///
    /// # Panics
    /// If `cell` is not a cell of `shape`.
    ///
    /// ```
    /// use sudoku_core::Symmetry;
    /// use sudoku_core::{Cell, Shape};
    ///
    /// let s = Shape::CLASSIC;
    /// let orbit = |symmetry: Symmetry, row, col| -> Vec<usize> {
    ///     symmetry.orbit(s, s.cell(row, col)).into_iter().map(Cell::index).collect()
    /// };
    /// assert_eq!(orbit(Symmetry::Central, 0, 0), [0, 80]);
    /// assert_eq!(orbit(Symmetry::Quarter, 0, 1), [1, 17, 63, 79]);
    /// assert_eq!(orbit(Symmetry::Mirror, 0, 4), [4, 76]);
    /// assert_eq!(orbit(Symmetry::Diagonal, 0, 0), [0, 80]);
    /// assert_eq!(orbit(Symmetry::None, 4, 4), [40]);
    /// ```
    pub fn orbit(self, shape: Shape, cell: Cell) -> Vec<Cell> {
        assert!(
            cell.index() < shape.cell_count(),
            "cell {} is outside a {}x{} grid",
            cell.index(),
            shape.size(),
            shape.size()
        );
        let n = shape.size();
        let (row, col) = (cell.index() / n, cell.index() % n);
        // The images are cells of the grid: no check beyond `Cell::new`'s. Sorted and
        // deduplicated in place (an orbit is built for every cell of every puzzle).
        let mut o = self.images(n, row, col).map(|(r, c)| Cell::new(r * n + c));
        o.sort_unstable();
        let mut len = 1;
        for k in 1..o.len() {
            if o[k] != o[len - 1] {
                o[len] = o[k];
                len += 1;
            }
        }
        o[..len].to_vec()
    }

    /// The partition of the cells into orbits, each sorted, ordered by their first cell.
    pub fn orbits(self, shape: Shape) -> Vec<Vec<Cell>> {
        let count = shape.cell_count();
        let mut seen = vec![false; count];
        let mut out = Vec::new();
        for cell in 0..count {
            if !seen[cell] {
                let o = self.orbit(shape, Cell::new(cell));
                for &c in &o {
                    seen[c.index()] = true;
                }
                out.push(o);
            }
        }
        out
    }

    /// Does the pattern of givens of `grid` have this symmetry (each orbit all given or all
    /// empty)? For an N×N grid; the grid of a [`layout`](crate::layout) is checked by
    /// [`Layout::holds`](crate::layout::Layout::holds) instead (false here when it is not a
    /// square).
    pub fn holds(self, grid: &Grid) -> bool {
        if !grid.is_square() {
            return false;
        }
        let shape = grid.shape();
        self.orbits(shape).iter().all(|o| {
            let given = grid.get(o[0].index()) != 0;
            o.iter().all(|&c| (grid.get(c.index()) != 0) == given)
        })
    }

    /// The name read by [`FromStr`]: `none`, `central`, `quarter`, `mirror`, `diagonal`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Central => "central",
            Symmetry::Quarter => "quarter",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A symmetry name that is not known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown symmetry {name:?} (known: none, central, quarter, mirror, diagonal)")]
pub struct ParseSymmetryError {
    /// The name given (its first 40 characters and its length in bytes when longer).
    pub name: String,
}

impl FromStr for Symmetry {
    type Err = ParseSymmetryError;
    fn from_str(s: &str) -> Result<Symmetry, ParseSymmetryError> {
        Symmetry::ALL
            .into_iter()
            .find(|y| y.name() == s)
            .ok_or_else(|| ParseSymmetryError {
                name: crate::format::excerpt(s),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition() {
        for shape in [
            Shape::CLASSIC,
            Shape::new(2, 2).unwrap(),
            Shape::new(2, 3).unwrap(),
        ] {
            for sym in Symmetry::ALL {
                let orbits = sym.orbits(shape);
                let mut all: Vec<Cell> = orbits.iter().flatten().copied().collect();
                all.sort_unstable();
                assert_eq!(all, shape.cells().collect::<Vec<_>>());
                for o in &orbits {
                    for &c in o {
                        assert_eq!(&sym.orbit(shape, c), o);
                    }
                }
            }
        }
        assert_eq!(Symmetry::Quarter.orbits(Shape::CLASSIC).len(), 21);
        assert_eq!(Symmetry::Central.orbits(Shape::CLASSIC).len(), 41);
    }

    #[test]
    fn symmetry_names() {
        assert_eq!("quarter".parse::<Symmetry>(), Ok(Symmetry::Quarter));
        assert!("twist".parse::<Symmetry>().is_err());
    }
}
