//! The rules a puzzle is played under, and the symbols of its grid.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sudoku_core::{Alphabet, Geometry, Shape, Variant, VariantError};

/// The rules of a puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rules {
    /// Rows, columns and boxes.
    #[default]
    Classic,
    /// And the two diagonals (Sudoku X).
    X,
}

impl Rules {
    /// The geometry of these rules on `shape`.
    ///
    /// # Errors
    /// The variant's error when the rules do not fit the shape.
    pub fn geometry(self, shape: Shape) -> Result<Arc<Geometry>, VariantError> {
        match self {
            Rules::Classic => Ok(Geometry::classic(shape)),
            Rules::X => Geometry::new(shape, &Variant::x()).map(Arc::new),
        }
    }

    /// `Sudoku` or `Sudoku X`.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Classic => "Sudoku",
            Rules::X => "Sudoku X",
        }
    }
}

/// The symbols of a grid of side `size`: `1`–`9`, then `A`, `B`… (sudoku-core's standard
/// alphabet, the one its one-line format prints).
pub fn alphabet(size: usize) -> Alphabet {
    Alphabet::standard(size)
}

/// The symbol of value `v` in a grid of side `size` (a space for 0).
pub fn symbol(size: usize, v: u8) -> char {
    alphabet(size).symbol(v).unwrap_or(' ')
}

/// The value a typed character stands for in a grid of side `size` (letters in either case).
pub fn value_of(size: usize, c: char) -> Option<u8> {
    alphabet(size).value(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_go_on_with_letters() {
        assert_eq!(symbol(9, 9), '9');
        assert_eq!(symbol(16, 10), 'A');
        assert_eq!(symbol(25, 25), 'P');
        assert_eq!(value_of(16, 'g'), Some(16));
        assert_eq!(value_of(9, 'a'), None);
    }
}
