//! `canon`: canonical forms (or random equivalents) of grids and puzzles, one per line. The
//! logic and its documentation are in the examples library, [`examples::canon`].

use std::process::ExitCode;

use examples::{canon, cli};

fn main() -> ExitCode {
    cli::finish("canon", canon::main(&cli::args()))
}
