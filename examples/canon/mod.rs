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
    line.trim()
        .parse::<Grid>()
        .map_err(|e| crate::solve::line_error(&e, "a 1×1 grid has one form, itself: not read"))
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
    let mut text = lines.join("\n");
    text.push('\n');
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut canon = Canon::new(options, false);
    canon.feed(&mut text.as_bytes(), &mut out, &mut err)?;
    let lines = |bytes: Vec<u8>, strip: &str| -> Vec<String> {
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(|l| l.strip_prefix(strip).unwrap_or(l).to_owned())
            .collect()
    };
    Ok((lines(out, ""), lines(err, "canon: ")))
}

/// Lines read and answered at a time (a batch also ends past [`BATCH_BYTES`]).
pub const BATCH: usize = 4096;

/// The bytes of a batch past which it ends, so that long lines cannot fill memory.
pub const BATCH_BYTES: usize = 16 << 20;

/// A run of `canon` over one input or several (files read one after the other, their lines
/// numbered on from one file to the next): lines are read in batches of at most 4,096
/// lines or 16 MiB, answered (on every core) and written in input order
/// before the next batch is read, so memory stays bounded whatever the input.
#[derive(Debug)]
pub struct Canon<'a> {
    options: &'a Options,
    rng: Pcg64Mcg,
    watchdog: Watchdog,
    progress: Option<cli::Progress>,
    terminal: bool,
    /// The number of the last line read.
    line: usize,
}

impl<'a> Canon<'a> {
    /// A run of `options`; progress on stderr when `terminal` is set and the input is long.
    pub fn new(options: &'a Options, terminal: bool) -> Canon<'a> {
        Canon {
            options,
            rng: Pcg64Mcg::seed_from_u64(options.seed),
            watchdog: Watchdog::new(),
            progress: None,
            terminal,
            line: 0,
        }
    }

    /// Reads `input` to its end, writing a line to `out` for each grid line and the messages
    /// of lines over their time limit (`canon: line N: …`) to `err`.
    ///
    /// # Errors
    /// [`CliError::Failed`] for the first line that does not read (too long, not UTF-8, not
    /// a grid) or has no canonical form, naming it; every line before it is written.
    pub fn feed(
        &mut self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<(), CliError> {
        loop {
            let (grids, stop) = self.read_batch(input)?;
            if self.progress.is_none() && grids.len() >= BATCH {
                // A long input: show progress when stderr is a terminal.
                let shown = self.terminal && std::io::stderr().is_terminal();
                self.progress = Some(cli::Progress::with_display(0, "grids", shown));
            }
            let (forms, failure) = self.answer(&grids);
            for (form, _) in &forms {
                writeln!(out, "{form}")?;
            }
            for m in forms.iter().filter_map(|(_, m)| m.as_ref()) {
                writeln!(err, "canon: {m}")?;
            }
            if let Some(p) = &self.progress {
                p.add(forms.len());
            }
            if let Some(e) = failure.or(stop) {
                out.flush()?;
                return Err(e);
            }
            if grids.is_empty() {
                out.flush()?;
                return Ok(());
            }
        }
    }

    /// Ends the progress line, if shown.
    pub fn finish(&self) {
        if let Some(p) = &self.progress {
            p.finish();
        }
    }

    /// The next batch of grid lines (blank and comment lines skipped), each with its number
    /// (counted on from the batches before) and read by [`parse_line`] or the message of why
    /// not, and the error that ends the input early (a line longer than
    /// [`Grid::MAX_TEXT_LEN`], never held whole, or not UTF-8); an empty batch at the end. A
    /// batch holds at most [`BATCH`] lines and ends once [`BATCH_BYTES`] bytes were read.
    ///
    /// # Errors
    /// The reader's errors.
    #[allow(clippy::type_complexity)]
    pub fn read_batch(
        &mut self,
        input: &mut dyn BufRead,
    ) -> Result<(Vec<(usize, Result<Grid, String>)>, Option<CliError>), CliError> {
        let mut grids = Vec::new();
        let mut bytes = 0usize;
        let mut buf = Vec::new();
        while grids.len() < BATCH && bytes < BATCH_BYTES {
            buf.clear();
            if read_line_capped(input, &mut buf, MAX_TEXT_LEN + 1)? == 0 {
                break;
            }
            self.line += 1;
            let number = self.line;
            while buf.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                buf.pop();
            }
            bytes += buf.len();
            if buf.len() > MAX_TEXT_LEN {
                let e = format!("line {number}: longer than {MAX_TEXT_LEN} bytes, not read");
                return Ok((grids, Some(CliError::Failed(e))));
            }
            let Ok(line) = std::str::from_utf8(&buf) else {
                let e = format!("line {number}: not UTF-8");
                return Ok((grids, Some(CliError::Failed(e))));
            };
            let line = line.strip_prefix('\u{feff}').unwrap_or(line);
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            grids.push((number, parse_line(line)));
        }
        Ok((grids, None))
    }

    /// The output lines of a batch, each with its message for stderr if any, up to the first
    /// line that fails (returned as the error; the lines before it are answered).
    fn answer(
        &mut self,
        grids: &[(usize, Result<Grid, String>)],
    ) -> (Vec<(String, Option<String>)>, Option<CliError>) {
        let bad = grids.iter().position(|(_, g)| g.is_err());
        let good = &grids[..bad.unwrap_or(grids.len())];
        let mut failure = bad.map(|i| {
            let (line, e) = (&grids[i].0, grids[i].1.as_ref().err().cloned());
            CliError::Failed(format!("line {line}: {}", e.unwrap_or_default()))
        });
        let results: Vec<Result<(String, Option<String>), CliError>> =
            if self.options.random_equivalent {
                let rng = &mut self.rng;
                good.iter()
                    .map(|(line, grid)| {
                        let grid = grid.as_ref().expect("good lines read");
                        grid.random_equivalent(rng)
                            .map(|(other, _)| (other.to_string(), None))
                            .map_err(|e| CliError::Failed(format!("line {line}: {e}")))
                    })
                    .collect()
            } else {
                let (options, watchdog) = (self.options, &self.watchdog);
                good.par_iter()
                    .map_init(
                        || {
                            // One timer per worker; its flag stops the canonical-form search.
                            let timer = watchdog.timer();
                            let search = Canonicalizer::new().cancel_flag(timer.flag());
                            (timer, search)
                        },
                        |(timer, search), (line, grid)| {
                            let grid = grid.as_ref().expect("good lines read");
                            canonical(options, timer, search, *line, grid)
                        },
                    )
                    .collect()
            };
        let mut forms = Vec::with_capacity(results.len());
        for r in results {
            match r {
                Ok(form) => forms.push(form),
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            }
        }
        (forms, failure)
    }
}

/// The canonical form of one grid under its time limit: its line, and a message when over
/// the limit (the line is then `timeout`).
fn canonical(
    options: &Options,
    timer: &cli::Timer,
    search: &Canonicalizer,
    line: usize,
    grid: &Grid,
) -> Result<(String, Option<String>), CliError> {
    let shape = grid.shape();
    let limit = limit_for(options.timeout, shape.size());
    timer.start(limit);
    let form = search.canonical_form(shape.box_rows(), shape.box_cols(), grid.cells());
    timer.stop();
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
}

/// The example's body: the command line, the input lines (files or standard input), the
/// output lines to standard output, streamed (see [`Canon`]).
pub fn main(args: &[String]) -> Result<(), CliError> {
    let o = parse_args(args)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut err = std::io::stderr();
    let mut canon = Canon::new(&o, true);
    let result = if o.files.is_empty() {
        canon.feed(&mut std::io::stdin().lock(), &mut out, &mut err)
    } else {
        o.files.iter().try_for_each(|f| {
            let file = std::fs::File::open(f).map_err(|e| CliError::Failed(format!("{f}: {e}")))?;
            canon
                .feed(&mut std::io::BufReader::new(file), &mut out, &mut err)
                .map_err(|e| match e {
                    CliError::Failed(m) => CliError::Failed(format!("{f}: {m}")),
                    other => other,
                })
        })
    };
    canon.finish();
    out.flush()?;
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(text: &[u8]) -> (String, String, Result<(), CliError>) {
        let o = parse_args(&[]).unwrap();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let r = Canon::new(&o, false).feed(&mut &text[..], &mut out, &mut err);
        let s = |v: Vec<u8>| String::from_utf8(v).unwrap();
        (s(out), s(err), r)
    }

    #[test]
    fn huge_lines_are_refused_without_being_held() {
        let text = format!("1234341221434321\r\n{}\n", "1".repeat(4 << 20));
        let (out, _, r) = feed(text.as_bytes());
        assert_eq!(
            r.unwrap_err().to_string(),
            "line 2: longer than 262144 bytes, not read"
        );
        // The line before it is answered.
        assert_eq!(out, "1234341221434321\n");
        let (_, _, r) = feed(b"1234341221434321\n\xff\n");
        assert_eq!(r.unwrap_err().to_string(), "line 2: not UTF-8");
    }

    #[test]
    fn lines_are_streamed_in_batches_in_order() {
        // Three batches and a bit: the forms come in input order, line numbers run on.
        let grids = ["1234341221434321", "4321214334121234"];
        let mut text = String::new();
        for i in 0..(3 * BATCH + 5) {
            text.push_str(grids[i % 2]);
            text.push('\n');
        }
        text.push_str("12\n");
        let (out, _, r) = feed(text.as_bytes());
        assert_eq!(out.lines().count(), 3 * BATCH + 5);
        assert!(out.lines().all(|l| l == "1234341221434321"));
        let e = r.unwrap_err().to_string();
        assert!(e.starts_with(&format!("line {}: ", 3 * BATCH + 6)), "{e}");
    }

    #[test]
    fn a_byte_order_mark_is_not_a_cell() {
        let (out, _, r) = feed("\u{feff}1234341221434321\n".as_bytes());
        r.unwrap();
        assert_eq!(out, "1234341221434321\n");
    }
}
