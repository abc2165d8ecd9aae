//! `tour`: the main demo, every crate of the workspace doing its main job in a few seconds.
//!
//! ```text
//! cargo run --release --example tour
//! ```
//!
//! Each section lives in its own module and writes to any `io::Write`, so the examples
//! package's tests can check what it prints. The program takes no argument but `--help`.

use std::io::{self, Write};

use crate::cli::{self, Arg, CliError};

pub mod defi;
pub mod grade;
pub mod rules;
pub mod solitaire;
pub mod sudoku;
pub mod tiles;

/// The usage, printed by `--help`.
pub const USAGE: &str = "\
usage: tour
The main demo: the mahjong tiles, the French mahjong rules, a mahjong solitaire deal, sudoku
solving and generation, grading, and a game of Défi Sudoku, printed on stdout. No arguments.";

/// Reads the arguments (without the program name): none is taken but `--help`.
pub fn parse_args(args: &[String]) -> Result<(), CliError> {
    let mut p = cli::parser(args);
    match cli::next(&mut p)? {
        None => Ok(()),
        Some(Arg::Short('h') | Arg::Long("help")) => Err(CliError::Help(USAGE.into())),
        Some(arg) => Err(cli::unexpected(arg)),
    }
}

/// Writes every section, in order.
pub fn run(out: &mut dyn Write) -> io::Result<()> {
    tiles::run(out)?;
    rules::run(out)?;
    solitaire::run(out)?;
    sudoku::run(out)?;
    grade::run(out)?;
    defi::run(out)?;
    Ok(())
}

/// The whole example: the arguments in, the demo written to `out`.
pub fn main(args: &[String], out: &mut dyn Write) -> Result<(), CliError> {
    parse_args(args)?;
    Ok(run(out)?)
}
