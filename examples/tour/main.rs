//! The main demo: every crate of the workspace doing its main job, in a few seconds.
//!
//! ```text
//! cargo run --release --example tour
//! ```
//!
//! Each section lives in its own module of this folder.

mod sudoku;
// clippy 1.95 flags the table type in tiles.rs (type_complexity); allowed here, untouched there.
#[allow(clippy::type_complexity)]
mod tiles;

fn main() {
    tiles::run();
    sudoku::run();
}
