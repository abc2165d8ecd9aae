//! `canon`: canonical forms (or random equivalents) of grids and puzzles, one per line.
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
//! stderr and exit status 1.

use std::io::{BufRead, IsTerminal, Write};

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use sudoku_core::Grid;

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
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        random_equivalent: false,
        seed: 0,
        files: vec![],
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--random-equivalent" => o.random_equivalent = true,
            "--seed" => {
                let s = it.next().ok_or("--seed needs a value")?;
                o.seed = s.parse().map_err(|_| format!("bad seed {s:?}"))?;
            }
            "-h" | "--help" => {
                return Err(
                    "usage: canon [--random-equivalent] [--seed S] [FILE...] (one grid a line)"
                        .into(),
                );
            }
            f if !f.starts_with('-') => o.files.push(f.to_string()),
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    Ok(o)
}

/// Reads one line in the one-line format (size from the length).
pub fn parse_line(line: &str) -> Result<Grid, String> {
    line.trim().parse::<Grid>().map_err(|e| e.to_string())
}

/// Turns the input lines into the output lines; an error names the line (from 1).
pub fn run(options: &Options, lines: &[String]) -> Result<Vec<String>, String> {
    let grids: Vec<(usize, Grid)> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            parse_line(l)
                .map(|c| (i + 1, c))
                .map_err(|e| format!("line {}: {e}", i + 1))
        })
        .collect::<Result<_, _>>()?;
    if options.random_equivalent {
        let mut rng = Pcg64Mcg::seed_from_u64(options.seed);
        return grids
            .iter()
            .map(|(line, grid)| {
                let (other, _) = grid
                    .random_equivalent(&mut rng)
                    .map_err(|e| format!("line {line}: {e}"))?;
                Ok(other.to_string())
            })
            .collect();
    }
    let progress = std::io::stderr().is_terminal() && grids.len() >= 10_000;
    let done = std::sync::atomic::AtomicUsize::new(0);
    grids
        .par_iter()
        .map(|(line, grid)| {
            let (form, _) = grid.canonical().map_err(|e| format!("line {line}: {e}"))?;
            let k = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            if progress && k.is_multiple_of(10_000) {
                eprint!("\r{k}/{}", grids.len());
            }
            Ok(form.to_string())
        })
        .collect()
}

#[allow(dead_code)]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = parse_args(&args).and_then(|o| {
        let mut lines = vec![];
        if o.files.is_empty() {
            for l in std::io::stdin().lock().lines() {
                lines.push(l.map_err(|e| e.to_string())?);
            }
        } else {
            for f in &o.files {
                let text = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
                lines.extend(text.lines().map(str::to_string));
            }
        }
        run(&o, &lines)
    });
    match result {
        Ok(out) => {
            let mut w = std::io::BufWriter::new(std::io::stdout().lock());
            for l in out {
                if writeln!(w, "{l}").is_err() {
                    std::process::exit(1);
                }
            }
        }
        Err(e) => {
            eprintln!("canon: {e}");
            std::process::exit(1);
        }
    }
}
