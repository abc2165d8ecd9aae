//! `canon`: canonical forms (or random equivalents) of grids and puzzles, one per line
//! (sudoku-core).
//!
//! ```text
//! cargo run --release --example canon < puzzles.txt
//! cargo run --release --example canon -- --random-equivalent --seed 7 < puzzles.txt
//! cargo run --release --example canon -- FILE...
//! ```
//!
//! Input: one grid or puzzle a line in the one-line format of `sudoku_core` (size from the
//! length: 16, 36, 64, 81, 144, 256 or 625 cells; `0`, `.`, `-`, `*` are empty; spaces are
//! ignored); blank lines and lines starting with `#` are skipped. Output: one line per input
//! line, in input order, in the same format with `.` for empty cells: its canonical form
//! (minimal lexicographic representative, `Grid::canonical`; puzzles of 16×16 and larger are
//! refused as unsupported), or with `--random-equivalent` a random
//! equivalent (seeded by `--seed S`, default 0, with `Pcg64Mcg`: the same seed gives the same
//! output). Two puzzles are equivalent iff their canonical forms are equal. Uses every core;
//! progress goes to stderr when it is a terminal. A bad line stops with its line number on
//! stderr and exit status 1; a bad command line gives exit status 2, `--help` the usage on
//! stdout (exit status 0).

use std::io::{BufRead, IsTerminal, Write};

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use sudoku_core::Grid;

use crate::cli::{self, Arg, CliError, usage};

/// The usage, printed by `--help`.
pub const USAGE: &str = "\
usage: canon [--random-equivalent] [--seed S] [FILE...] (one grid a line)
Prints the canonical form of each grid or puzzle (standard input, or the files given), or
with --random-equivalent a random equivalent drawn from seed S (default 0).";

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Print a random equivalent instead of the canonical form.
    pub random_equivalent: bool,
    /// Seed of the random equivalents.
    pub seed: u64,
    /// Input files (standard input when empty).
    pub files: Vec<String>,
}

/// Parses the arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, CliError> {
    let mut o = Options {
        random_equivalent: false,
        seed: 0,
        files: vec![],
    };
    let mut p = cli::parser(args);
    while let Some(arg) = p.next().map_err(|e| usage(e.to_string()))? {
        match arg {
            Arg::Long("random-equivalent") => o.random_equivalent = true,
            Arg::Long("seed") => o.seed = cli::value(&mut p, "--seed")?,
            Arg::Short('h') | Arg::Long("help") => return Err(CliError::Help(USAGE.into())),
            Arg::Value(f) => o.files.push(f.to_string_lossy().into_owned()),
            other => return Err(cli::unexpected(other)),
        }
    }
    Ok(o)
}

/// Reads one line in the one-line format (size from the length).
pub fn parse_line(line: &str) -> Result<Grid, String> {
    line.trim().parse::<Grid>().map_err(|e| e.to_string())
}

/// Turns the input lines into the output lines; an error names the line (from 1).
///
/// # Errors
/// [`CliError::Failed`] for the first line that does not read or has no canonical form.
pub fn run(options: &Options, lines: &[String]) -> Result<Vec<String>, CliError> {
    let grids: Vec<(usize, Grid)> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            parse_line(l)
                .map(|c| (i + 1, c))
                .map_err(|e| CliError::Failed(format!("line {}: {e}", i + 1)))
        })
        .collect::<Result<_, _>>()?;
    if options.random_equivalent {
        let mut rng = Pcg64Mcg::seed_from_u64(options.seed);
        return grids
            .iter()
            .map(|(line, grid)| {
                let (other, _) = grid
                    .random_equivalent(&mut rng)
                    .map_err(|e| CliError::Failed(format!("line {line}: {e}")))?;
                Ok(other.to_string())
            })
            .collect();
    }
    // Progress on stderr for long inputs, when it is a terminal.
    let shown = grids.len() >= 10_000 && std::io::stderr().is_terminal();
    let progress = cli::Progress::with_display(grids.len(), "grids", shown);
    let forms = grids
        .par_iter()
        .map(|(line, grid)| {
            let (form, _) = grid
                .canonical()
                .map_err(|e| CliError::Failed(format!("line {line}: {e}")))?;
            progress.add(1);
            Ok(form.to_string())
        })
        .collect();
    progress.finish();
    forms
}

/// The example's body: the command line, the input lines (files or standard input), the
/// output lines to standard output.
pub fn main(args: &[String]) -> Result<(), CliError> {
    let o = parse_args(args)?;
    let mut lines = vec![];
    if o.files.is_empty() {
        for l in std::io::stdin().lock().lines() {
            lines.push(l?);
        }
    } else {
        for f in &o.files {
            let text =
                std::fs::read_to_string(f).map_err(|e| CliError::Failed(format!("{f}: {e}")))?;
            lines.extend(text.lines().map(str::to_string));
        }
    }
    let out = run(&o, &lines)?;
    let mut w = std::io::BufWriter::new(std::io::stdout().lock());
    for l in out {
        writeln!(w, "{l}")?;
    }
    w.flush()?;
    Ok(())
}
