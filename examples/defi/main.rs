//! `defi`: the Défi Sudoku simulator. The logic, its command line and its output are
//! documented in the examples library, [`examples::defi`].

use std::process::ExitCode;

use examples::{cli, defi};

fn main() -> ExitCode {
    cli::finish("defi", defi::main(&cli::args()))
}
