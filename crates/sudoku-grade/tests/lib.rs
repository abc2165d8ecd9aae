//! Integration tests of sudoku-grade (one binary).

mod calibration;
mod errors;
mod hints;
mod properties;
mod techniques;
mod worked_values;
