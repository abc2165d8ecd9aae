//! `grade`: rates sudoku puzzles with the A1–F ladder, explains them step by step, or
//! calibrates. The logic, its command line and its output are documented in the examples
//! library, [`examples::grade`].

use std::process::ExitCode;

use examples::{cli, grade};

fn main() -> ExitCode {
    cli::finish("grade", grade::main(&cli::args()))
}
