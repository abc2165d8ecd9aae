//! Integration tests of sudoku-grade (one binary).

mod calibration;
mod errors;
mod hints;
mod human;
mod layouts;
mod no_panic;
mod positions;
mod properties;
#[cfg(feature = "serde")]
mod serde_round_trip;
mod stops;
mod techniques;
mod worked_values;
