//! `generate`: minimal sudoku puzzles, one per line. The logic and its documentation are in
//! the examples library, [`examples::generate`].

use std::process::ExitCode;

use examples::{cli, generate};

fn main() -> ExitCode {
    cli::finish("generate", generate::main(&cli::args()))
}
