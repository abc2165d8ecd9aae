//! Deal, show and solve mahjong solitaire boards: see [`examples::solitaire`] for the
//! command line.

use std::process::ExitCode;

use examples::cli;

fn main() -> ExitCode {
    let result = examples::solitaire::run(&cli::args(), &mut std::io::stdout().lock());
    cli::finish("solitaire", result)
}
