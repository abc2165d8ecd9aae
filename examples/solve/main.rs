//! `solve`: solves puzzles read from standard input, one per line. The logic and its
//! documentation are in the examples library, [`examples::solve`].

use std::process::ExitCode;

use examples::{cli, solve};

fn main() -> ExitCode {
    cli::finish("solve", solve::main(&cli::args()))
}
