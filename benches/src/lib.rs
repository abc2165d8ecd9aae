//! Shared code of the benches and harnesses of this unpublished package: the safe wrapper of
//! the vendored tdoku solver, and the puzzle files the sudoku benches read.

// The one module with `unsafe` code in the workspace's Rust sources outside the standard
// library: the calls into the vendored C++ solver. Its safety argument is written there.
#[allow(unsafe_code)]
pub mod tdoku;

pub mod puzzles;
