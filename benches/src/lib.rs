//! Shared code of the benches and harnesses of this unpublished package: the safe wrapper of
//! the vendored tdoku solver, the puzzle files the sudoku benches read, and a criterion
//! measurement of the thread's CPU time.

// The one module with `unsafe` code in the workspace's Rust sources outside the standard
// library: the calls into the vendored C++ solver. Its safety argument is written there.
#[allow(unsafe_code)]
pub mod tdoku;

pub mod puzzles;

pub mod cpu;
