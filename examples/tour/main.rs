//! `tour`: the main demo. The sections and their documentation are in the examples library,
//! [`examples::tour`].

use std::process::ExitCode;

use examples::{cli, tour};

fn main() -> ExitCode {
    let result = tour::main(&cli::args(), &mut std::io::stdout().lock());
    cli::finish("tour", result)
}
