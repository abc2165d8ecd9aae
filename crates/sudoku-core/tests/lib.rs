//! Integration tests of sudoku-core (one binary).

mod formats;
mod generate;
mod properties;
mod solve;
