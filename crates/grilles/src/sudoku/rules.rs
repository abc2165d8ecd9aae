//! The rules a puzzle is played under (classic, X, jigsaw, killer, Samurai), and the
//! symbols of its grid.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sudoku_core::killer::Cage;
use sudoku_core::layout::Layout;
use sudoku_core::{Alphabet, Cell, Geometry, RegionMap, Shape, Variant, VariantError};

/// The rules of a puzzle. Saved as `"classic"`, `"x"`, `"samurai"`, or an object holding
/// the jigsaw's regions or the killer's cages.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rules {
    /// Rows, columns and boxes.
    #[default]
    Classic,
    /// And the two diagonals (Sudoku X).
    X,
    /// Rows, columns and irregular regions in place of the boxes.
    Jigsaw {
        /// The regions.
        regions: RegionMap,
    },
    /// Rows, columns and boxes, and cages of cells whose digits differ and add up to the
    /// cage's sum (no givens).
    Killer {
        /// The cages.
        cages: Vec<Cage>,
    },
    /// Five 9×9 grids overlapping at their corner boxes (Gattai 5).
    Samurai,
}

/// The kinds of rules, as the new-puzzle form offers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RulesKind {
    /// [`Rules::Classic`].
    Classic,
    /// [`Rules::X`].
    X,
    /// [`Rules::Jigsaw`].
    Jigsaw,
    /// [`Rules::Killer`].
    Killer,
    /// [`Rules::Samurai`].
    Samurai,
}

impl RulesKind {
    /// Every kind, in the form's order.
    pub const ALL: [RulesKind; 5] = [
        RulesKind::Classic,
        RulesKind::X,
        RulesKind::Jigsaw,
        RulesKind::Killer,
        RulesKind::Samurai,
    ];

    /// Its name in the form.
    pub fn label(self) -> &'static str {
        match self {
            RulesKind::Classic => "classic",
            RulesKind::X => "X (diagonals too)",
            RulesKind::Jigsaw => "jigsaw (regions)",
            RulesKind::Killer => "killer (cages)",
            RulesKind::Samurai => "Samurai (five 9×9)",
        }
    }

    /// Whether puzzles of this kind are made by level (else one is made, then rated when
    /// the rater can read it).
    pub fn by_level(self, size: usize) -> bool {
        matches!(self, RulesKind::Classic | RulesKind::X) && size <= 9
    }
}

impl Rules {
    /// Its kind.
    pub fn kind(&self) -> RulesKind {
        match self {
            Rules::Classic => RulesKind::Classic,
            Rules::X => RulesKind::X,
            Rules::Jigsaw { .. } => RulesKind::Jigsaw,
            Rules::Killer { .. } => RulesKind::Killer,
            Rules::Samurai => RulesKind::Samurai,
        }
    }

    /// The geometry of these rules on `shape` (a Samurai is always of 9×9 grids).
    ///
    /// # Errors
    /// The variant's error when the rules do not fit the shape.
    pub fn geometry(&self, shape: Shape) -> Result<Arc<Geometry>, VariantError> {
        match self {
            Rules::Classic | Rules::Killer { .. } => Ok(Geometry::classic(shape)),
            Rules::X => Geometry::new(shape, &Variant::x()).map(Arc::new),
            Rules::Jigsaw { regions } => {
                Geometry::new(shape, &Variant::jigsaw(regions.clone())).map(Arc::new)
            }
            Rules::Samurai => Geometry::from_layout(Layout::samurai()).map(Arc::new),
        }
    }

    /// `Sudoku`, `Sudoku X`, `Jigsaw sudoku`, `Killer sudoku`, `Samurai sudoku`.
    pub fn name(&self) -> &'static str {
        match self {
            Rules::Classic => "Sudoku",
            Rules::X => "Sudoku X",
            Rules::Jigsaw { .. } => "Jigsaw sudoku",
            Rules::Killer { .. } => "Killer sudoku",
            Rules::Samurai => "Samurai sudoku",
        }
    }

    /// Whether sudoku-grade's rater reads these rules (it does not know cages).
    pub fn rated(&self) -> bool {
        !matches!(self, Rules::Killer { .. })
    }

    /// The cages (killer rules).
    pub fn cages(&self) -> &[Cage] {
        match self {
            Rules::Killer { cages } => cages,
            _ => &[],
        }
    }

    /// The index of the cage of `cell` (killer rules).
    pub fn cage_of(&self, cell: Cell) -> Option<usize> {
        self.cages().iter().position(|c| c.cells.contains(&cell))
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

    #[test]
    fn rules_read_as_the_first_version_saved_them() {
        let r: Rules = serde_json::from_str("\"classic\"").unwrap();
        assert_eq!(r, Rules::Classic);
        let r: Rules = serde_json::from_str("\"x\"").unwrap();
        assert_eq!(r, Rules::X);
        let samurai = serde_json::to_string(&Rules::Samurai).unwrap();
        assert_eq!(
            serde_json::from_str::<Rules>(&samurai).unwrap(),
            Rules::Samurai
        );
        let killer = Rules::Killer {
            cages: vec![Cage::new(3, [Cell::new(0), Cell::new(1)])],
        };
        let text = serde_json::to_string(&killer).unwrap();
        assert_eq!(serde_json::from_str::<Rules>(&text).unwrap(), killer);
        assert_eq!(
            Rules::Samurai
                .geometry(Shape::CLASSIC)
                .unwrap()
                .cell_count(),
            369
        );
    }
}
