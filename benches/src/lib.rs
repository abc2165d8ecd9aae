//! Shared code of the benches and harnesses of this unpublished package: the puzzle files the
//! sudoku benches read, and a criterion measurement of the thread's CPU time.

pub mod puzzles;

pub mod cpu;
