//! Integration tests of defi-sudoku: one scenario per rule of the spec, setup and board
//! errors, records and replay, bots, the simulator, and properties.

mod balanced;
mod board;
mod bots;
mod chrono;
mod common;
mod explain;
mod limits;
mod no_panic;
mod properties;
mod record;
mod rules;
mod shape;
mod simulate;
