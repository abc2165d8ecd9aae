//! `grade`: rates sudoku puzzles with the A1–F ladder, explains them step by step, estimates
//! how long a person takes, gives the next step from a position, or calibrates. The logic,
//! its command line and its output are documented in the examples library,
//! [`examples::grade`].

use std::process::ExitCode;

use examples::{cli, grade};

fn main() -> ExitCode {
    grade::exit_status(grade::main(&cli::args()))
}
