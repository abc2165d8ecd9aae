//! `canon`: canonical forms (or random equivalents) of grids and puzzles, one per line
//! (sudoku-core).
//!
//! ```text
//! cargo run --release --example canon < puzzles.txt
//! cargo run --release --example canon -- --timeout 2 < puzzles.txt
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
//!
//! `--timeout SECONDS` limits the search of each canonical form (fractions allowed): a line
//! over its limit prints `timeout` in place of its form, with a message naming the line on
//! stderr, and the run goes on. Without the option, grids larger than 9×9 get
//! [`DEFAULT_TIMEOUT`](crate::solve::DEFAULT_TIMEOUT) (5 s; some 12×12 puzzles take longer)
//! and 9×9 ones no limit; `--timeout 0` lifts every limit. A line longer than
//! [`Grid::MAX_TEXT_LEN`] bytes (256 KiB) is a bad line, refused without being read whole.

use std::io::{BufRead, IsTerminal, Write};

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use sudoku_core::transform::{Canonicalizer, TransformError};
use sudoku_core::{Grid, StopReason};

use crate::cli::{self, Arg, CliError, Watchdog, usage};
use crate::solve::{limit_for, read_line_capped, seconds};

/// [`Grid::MAX_TEXT_LEN`], as this module uses it in messages.
const MAX_TEXT_LEN: usize = Grid::MAX_TEXT_LEN;

/// The usage, printed by `--help`.
pub const USAGE: &str = "\
usage: canon [--random-equivalent] [--seed S] [--timeout SECONDS] [FILE...] (one grid a line)
Prints the canonical form of each grid or puzzle (standard input, or the files given), or
with --random-equivalent a random equivalent drawn from seed S (default 0). --timeout: the
limit of each form (`timeout` printed instead); default 5 s above 9x9, none for 9x9; 0 lifts it.";

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Print a random equivalent instead of the canonical form.
    pub random_equivalent: bool,
    /// Seed of the random equivalents.
    pub seed: u64,
    /// Input files (standard input when empty).
    pub files: Vec<String>,
    /// `--timeout SECONDS` (see [`Timeout`](crate::solve::Timeout)).
    pub timeout: crate::solve::Timeout,
}

/// Parses the arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, CliError> {
    let mut o = Options {
        random_equivalent: false,
        seed: 0,
        files: vec![],
        timeout: None,
    };
    let mut p = cli::parser(args);
    while let Some(arg) = p.next().map_err(|e| usage(e.to_string()))? {
        match arg {
            Arg::Long("random-equivalent") => o.random_equivalent = true,
            Arg::Long("seed") => o.seed = cli::value(&mut p, "--seed")?,
            Arg::Long("timeout") => o.timeout = Some(cli::timeout(&mut p)?),
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
    run_with_messages(options, lines).map(|(out, _)| out)
}

/// As [`run`], with the messages for stderr: one for each line over its time limit (whose
/// output line is `timeout`).
///
/// # Errors
/// As [`run`].
pub fn run_with_messages(
    options: &Options,
    lines: &[String],
) -> Result<(Vec<String>, Vec<String>), CliError> {
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
            .collect::<Result<_, _>>()
            .map(|out| (out, Vec::new()));
    }
    let watchdog = Watchdog::new();
    // Progress on stderr for long inputs, when it is a terminal.
    let shown = grids.len() >= 10_000 && std::io::stderr().is_terminal();
    let progress = cli::Progress::with_display(grids.len(), "grids", shown);
    let forms: Result<Vec<(String, Option<String>)>, CliError> = grids
        .par_iter()
        .map_init(
            || {
                // One timer per worker; its flag stops the canonical-form search.
                let timer = watchdog.timer();
                let search = Canonicalizer::new().cancel_flag(timer.flag());
                (timer, search)
            },
            |(timer, search), (line, grid)| {
                let shape = grid.shape();
                let limit = limit_for(options.timeout, shape.size());
                timer.start(limit);
                let form = search.canonical_form(shape.box_rows(), shape.box_cols(), grid.cells());
                timer.stop();
                progress.add(1);
                match form {
                    Ok(form) => {
                        let cells = form.into_parts().0;
                        let form = Grid::new(shape, cells)
                            .map_err(|e| CliError::Failed(format!("line {line}: {e}")))?;
                        Ok((form.to_string(), None))
                    }
                    Err(TransformError::Interrupted(i)) if i.reason() == StopReason::Cancelled => {
                        let m = format!("line {line}: over the time limit of {}", seconds(limit));
                        Ok(("timeout".to_owned(), Some(m)))
                    }
                    Err(e) => Err(CliError::Failed(format!("line {line}: {e}"))),
                }
            },
        )
        .collect();
    progress.finish();
    Ok(forms?.into_iter().unzip::<_, _, Vec<_>, Vec<_>>())
        .map(|(out, messages)| (out, messages.into_iter().flatten().collect()))
}

/// The lines of `input`, each cut at [`Grid::MAX_TEXT_LEN`] + 1 bytes (so that a huge line is never
/// held whole: it then fails to read as a grid); `first` is the number of the first line.
fn read_lines(input: &mut impl BufRead, first: usize) -> Result<Vec<String>, CliError> {
    let mut lines = Vec::new();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if read_line_capped(input, &mut buf, MAX_TEXT_LEN + 1)? == 0 {
            return Ok(lines);
        }
        while buf.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
            buf.pop();
        }
        let number = first + lines.len();
        if buf.len() > MAX_TEXT_LEN {
            return Err(CliError::Failed(format!(
                "line {number}: longer than {MAX_TEXT_LEN} bytes, not read"
            )));
        }
        let line = String::from_utf8(std::mem::take(&mut buf))
            .map_err(|_| CliError::Failed(format!("line {number}: not UTF-8")))?;
        lines.push(line);
    }
}

/// The example's body: the command line, the input lines (files or standard input), the
/// output lines to standard output.
pub fn main(args: &[String]) -> Result<(), CliError> {
    let o = parse_args(args)?;
    let mut lines = vec![];
    if o.files.is_empty() {
        lines = read_lines(&mut std::io::stdin().lock(), 1)?;
    } else {
        for f in &o.files {
            let file = std::fs::File::open(f).map_err(|e| CliError::Failed(format!("{f}: {e}")))?;
            let more = read_lines(&mut std::io::BufReader::new(file), lines.len() + 1)
                .map_err(|e| CliError::Failed(format!("{f}: {e}")))?;
            lines.extend(more);
        }
    }
    let (out, messages) = run_with_messages(&o, &lines)?;
    let mut w = std::io::BufWriter::new(std::io::stdout().lock());
    for l in out {
        writeln!(w, "{l}")?;
    }
    w.flush()?;
    let mut err = std::io::stderr().lock();
    for m in messages {
        writeln!(err, "canon: {m}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_lines_are_refused_without_being_held() {
        let text = format!("1234341221434321\r\n{}\n", "1".repeat(4 << 20));
        let e = read_lines(&mut text.as_bytes(), 1).unwrap_err();
        assert_eq!(e.to_string(), "line 2: longer than 262144 bytes, not read");
        let ok = read_lines(&mut "12\r\n\n34".as_bytes(), 5).unwrap();
        assert_eq!(ok, ["12", "", "34"]);
    }
}
