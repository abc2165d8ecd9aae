//! The main demo: every crate of the workspace doing its main job, in a few seconds.
//!
//! ```text
//! cargo run --release --example tour
//! ```
//!
//! Each section lives in its own module of this folder and writes to any `io::Write`, so the
//! examples package's tests can check what it prints.

use std::io;

mod defi;
mod grade;
mod rules;
mod solitaire;
mod sudoku;
mod tiles;

fn main() -> io::Result<()> {
    let mut out = io::stdout().lock();
    tiles::run(&mut out)?;
    rules::run(&mut out)?;
    solitaire::run(&mut out)?;
    sudoku::run(&mut out)?;
    grade::run(&mut out)?;
    defi::run(&mut out)?;
    Ok(())
}
