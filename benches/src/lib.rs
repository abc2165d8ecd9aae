//! Shared code of the benches and harnesses of this unpublished package: the puzzle files the
//! sudoku benches read, a criterion measurement of the thread's CPU time, and which mahjong
//! decisions the `expert` bot searches.

pub mod puzzles;

pub mod cpu;

pub mod expert;
