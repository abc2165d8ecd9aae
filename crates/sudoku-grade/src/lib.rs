//! Human-style sudoku rating: the A1–F technique ladder, the cost formula, levels, hints that
//! explain, and three-level calibration.

mod adapter;
pub mod calibrate;
pub mod hint;
mod layout;
pub mod method;
pub mod quality;
mod rater;
mod solver;
mod state;
pub mod step;
pub mod technique;

pub use method::{Level, Method, MethodCounts, ParseMethodError};
pub use hint::Board;
pub use rater::{GradeError, Placement, Rater, Rating, next_step, rate};
pub use step::{Candidate, Cell, Contradiction, HouseName, Step};
pub use technique::{Technique, Techniques};

pub use sudoku_core::HouseKind;

#[cfg(test)]
mod testutil {
    pub fn parse(s: &str) -> Vec<u8> {
        s.bytes()
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect()
    }
}
