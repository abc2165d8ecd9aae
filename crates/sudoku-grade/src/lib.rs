//! Human-style sudoku rating: the A1–F technique ladder, the cost formula, levels, hints that
//! explain, and three-level calibration.

mod layout;
pub mod method;
mod rater;
mod solver;
mod state;
pub mod step;
pub mod technique;

pub use method::{Level, Method, MethodCounts, ParseMethodError};
pub use rater::{GradeError, Placement, Rater, Rating};
pub use step::{Candidate, Cell, Contradiction, HouseName, Step};
pub use technique::{Technique, Techniques};

/// What a house is (mirrors `sudoku_core::HouseKind` until the merge).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HouseKind {
    /// Row `i`.
    Row(u8),
    /// Column `i`.
    Column(u8),
    /// Box `i`.
    Box(u8),
    /// Jigsaw region `i`.
    Region(u8),
    /// Diagonal 0 (main) or 1 (anti).
    Diagonal(u8),
    /// Disjoint group `i`.
    DisjointGroup(u8),
    /// Window `i`.
    Window(u8),
    /// Custom house `i`.
    Custom(u8),
}

#[cfg(test)]
mod testutil {
    pub fn parse(s: &str) -> Vec<u8> {
        s.bytes()
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect()
    }
}
