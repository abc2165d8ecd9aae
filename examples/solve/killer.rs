//! `solve --variant killer`: solves killer sudoku read from standard input in the killer
//! cages format (sudoku-core's `killer` module).
//!
//! ```text
//! cargo run --release --example solve -- --variant killer|killer-x [--count] [--limit N] [--timeout SECONDS] < puzzles.txt
//! ```
//!
//! - Input: puzzles in the killer cages format, separated by blank lines: one cage a line,
//!   `SUM: r1c1 r1c2 …` (rows and columns from 1), then optionally a line `givens: ` and 81
//!   characters (`.` an empty cell). Lines starting with `#` are comments. The grid is 9×9
//!   unless a `givens:` line of another length (16, 36, 64, 144, 256) gives its side.
//!   A puzzle's text may have at most 16 KiB and 256 cages.
//! - `--variant killer` adds the cages to the classic rules; `--variant killer-x` to
//!   Sudoku X (both main diagonals).
//! - Output: one line per puzzle, in input order: its solution as one line of 81 values
//!   (`1`–`9`), or `none`. With `--count`, the number of solutions instead; `--limit N`
//!   stops counting at N, and a count that stopped there prints `≥ N`.
//! - A malformed or invalid puzzle prints `error` and, on stderr, a message with the line
//!   (and column) of the problem; the run goes on.
//! - `--timeout SECONDS` limits each puzzle (fractions allowed; `0` lifts the limit): a
//!   puzzle over it prints `timeout` (stderr: `line N: over the time limit of S s`, N its
//!   first line) and the run goes on. Default: no limit for 9×9, 5
//!   seconds for larger grids.
//! - At the end, a summary on stderr: `P puzzles, S s, R puzzles/s`. Puzzles are solved on
//!   every core (rayon); progress is shown on stderr when it is a terminal.
//! - Exit status: 0 on success and for `--help`, 1 when reading or writing fails, 2 with a
//!   message on stderr for a bad command line.
//!
//! ```text
//! $ printf '3: r1c1 r1c2\n' | cargo run --release --example solve -- --variant killer --count --limit 10
//! ≥ 10
//! ```

use std::io::{BufRead, IsTerminal, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use sudoku_core::killer::KillerGrid;
use sudoku_core::killer::format::parse_puzzle;
use sudoku_core::killer::{KillerPuzzle, KillerSolver};
use sudoku_core::{Geometry, Shape, StopReason, Variant};

use crate::cli::{self, Arg, CliError, usage};

/// [`KillerGrid::MAX_TEXT_LEN`], as this module uses it in messages.
const MAX_PUZZLE_BYTES: usize = KillerGrid::MAX_TEXT_LEN;

/// The usage, printed by `--help`.
pub const USAGE: &str = "\
usage: solve --variant killer|killer-x [--count] [--limit N] [--timeout SECONDS] < puzzles
Solves the killer puzzles of standard input (killer cages format: `SUM: r1c1 r1c2 ...` a
line, optionally `givens: ` and 81 characters; puzzles separated by a blank line): prints
each solution as one 81-character line, or `none`, or with --count the number of solutions
(--limit N stops at N, printed `≥ N`). killer-x adds both diagonals. --timeout: seconds per puzzle (0: none).";

/// The default time limit per puzzle larger than 9×9.
pub const LARGE_TIMEOUT: Duration = Duration::from_secs(5);

/// The parsed command line.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `--variant killer-x`: the diagonals too.
    pub x: bool,
    /// `--count`.
    pub count: bool,
    /// `--limit N`.
    pub limit: Option<u64>,
    /// `--timeout SECONDS`: `None` not given, `Some(None)` no limit.
    pub timeout: Option<Option<Duration>>,
    /// Show progress on stderr (set by [`main`] when stderr is a terminal).
    pub progress: bool,
}

/// Whether the command line asks for a killer variant (`--variant killer` or `killer-x`):
/// the `solve` and `generate` examples hand such command lines to their killer module.
pub fn requested(args: &[String]) -> bool {
    args.iter().enumerate().any(|(i, a)| {
        let value = match a.strip_prefix("--variant") {
            Some("") => args.get(i + 1).map(String::as_str),
            Some(rest) => rest.strip_prefix('='),
            None => None,
        };
        matches!(value, Some("killer" | "killer-x"))
    })
}

/// Reads `--variant killer|killer-x`: true for killer-x.
pub(crate) fn killer_variant(p: &mut cli::Parser) -> Result<bool, CliError> {
    match cli::text(p, "--variant")?.as_str() {
        "killer" => Ok(false),
        "killer-x" => Ok(true),
        v => Err(usage(format!(
            "unknown variant {:?} with killer options (killer, killer-x)",
            cli::excerpt(v)
        ))),
    }
}

/// Reads the arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, CliError> {
    let mut o = Options::default();
    let mut p = cli::parser(args);
    while let Some(arg) = cli::next(&mut p)? {
        match arg {
            Arg::Long("variant") => o.x = killer_variant(&mut p)?,
            Arg::Long("count") => o.count = true,
            Arg::Long("limit") => o.limit = Some(super::count_limit(&mut p)?),
            Arg::Long("timeout") => o.timeout = Some(cli::timeout(&mut p)?),
            Arg::Short('h') | Arg::Long("help") => return Err(CliError::Help(USAGE.into())),
            other => return Err(cli::unexpected(other)),
        }
    }
    p.requires("--limit", "--count")?;
    Ok(o)
}

/// The example's body for killer command lines.
pub fn main(args: &[String]) -> Result<(), CliError> {
    let mut opts = parse_args(args)?;
    opts.progress = std::io::stderr().is_terminal();
    let stdin = std::io::stdin().lock();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut err = std::io::stderr().lock();
    run(&opts, stdin, &mut out, &mut err)?;
    Ok(())
}

/// One puzzle's text as read: its first line's number, and its text (or why it is not
/// kept: too long, not UTF-8).
struct Block {
    first_line: usize,
    text: Result<String, String>,
}

/// Reads the next puzzle's lines (up to a blank line or the end), keeping at most
/// `MAX_PUZZLE_BYTES + 1` bytes of it. `None` at the end of the input.
fn read_block(input: &mut impl BufRead, lineno: &mut usize) -> std::io::Result<Option<Block>> {
    let mut bytes: Vec<u8> = Vec::new();
    let mut first_line = 0;
    let mut total = 0usize;
    let mut line: Vec<u8> = Vec::new();
    loop {
        line.clear();
        let (read, whole) = read_line_capped(input, &mut line, MAX_PUZZLE_BYTES + 1)?;
        if read == 0 {
            break;
        }
        *lineno += 1;
        let blank = whole && line.trim_ascii().is_empty();
        if blank {
            if first_line == 0 {
                continue;
            }
            break;
        }
        if first_line == 0 {
            first_line = *lineno;
        }
        total = total.saturating_add(read);
        if bytes.len() <= MAX_PUZZLE_BYTES {
            let room = MAX_PUZZLE_BYTES + 1 - bytes.len();
            bytes.extend_from_slice(&line[..line.len().min(room)]);
        }
    }
    if first_line == 0 {
        return Ok(None);
    }
    let text = if total > MAX_PUZZLE_BYTES {
        Err(format!(
            "line {first_line}: the puzzle has {total} bytes or more, more than the {MAX_PUZZLE_BYTES} allowed"
        ))
    } else {
        String::from_utf8(bytes).map_err(|_| format!("line {first_line}: not UTF-8"))
    };
    Ok(Some(Block { first_line, text }))
}

/// Reads one line (with its line feed) into `line`, keeping at most `cap` bytes and
/// skipping the rest: the bytes read, and whether the line was kept whole.
fn read_line_capped(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    cap: usize,
) -> std::io::Result<(usize, bool)> {
    let mut read = 0usize;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok((read, line.len() == read));
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let n = chunk.len();
        let room = cap.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..n.min(room)]);
        read += n;
        input.consume(n);
        if done {
            return Ok((read, line.len() == read));
        }
    }
}

/// One puzzle's answer: the text for stdout and, on error, the message for stderr.
fn answer(
    opts: &Options,
    solver: &mut KillerSolver,
    timer: &cli::Timer,
    block: &Block,
) -> (String, Option<String>) {
    let text = match &block.text {
        Ok(t) => t,
        Err(e) => return ("error".into(), Some(e.clone())),
    };
    let grid = match parse_puzzle(text, block.first_line) {
        Ok(g) => g,
        Err(e) => return ("error".into(), Some(e.to_string())),
    };
    let shape = grid.shape();
    let variant = if opts.x {
        Variant::x()
    } else {
        Variant::classic()
    };
    let geometry = match Geometry::new(shape, &variant) {
        Ok(g) => Arc::new(g),
        Err(e) => {
            return (
                "error".into(),
                Some(format!("line {}: {e}", block.first_line)),
            );
        }
    };
    let puzzle = match KillerPuzzle::new(grid, geometry) {
        Ok(p) => p,
        Err(e) => {
            return (
                "error".into(),
                Some(format!("line {}: {e}", block.first_line)),
            );
        }
    };
    let limit = match opts.timeout {
        Some(t) => t,
        None if shape == Shape::CLASSIC => None,
        None => Some(LARGE_TIMEOUT),
    };
    timer.start(limit);
    let result = if opts.count {
        solver
            .count(&puzzle, opts.limit.unwrap_or(u64::MAX))
            .map(|n| n.to_string())
    } else {
        solver.solve(&puzzle).map(|s| match s {
            Some(g) => g.to_string(),
            None => "none".into(),
        })
    };
    timer.stop();
    match result {
        Ok(s) => (s, None),
        Err(e) if e.reason() == StopReason::Cancelled => (
            "timeout".into(),
            Some(format!(
                "line {}: over the time limit of {}",
                block.first_line,
                super::seconds(limit)
            )),
        ),
        Err(e) => (
            "error".into(),
            Some(format!("line {}: {e}", block.first_line)),
        ),
    }
}

/// Runs the example: puzzles from `input`, answers to `out`, messages and the summary to
/// `err`. Returns the number of puzzles answered.
pub fn run(
    opts: &Options,
    mut input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
) -> std::io::Result<usize> {
    // A byte-order mark opening the input is not part of its first cage.
    cli::skip_bom(&mut input)?;
    const BATCH: usize = 256;
    let progress = cli::Progress::with_display(0, "puzzles", opts.progress);
    let watchdog = cli::Watchdog::new();
    let start = Instant::now();
    let mut done = 0usize;
    let mut lineno = 0usize;
    loop {
        let mut blocks = Vec::with_capacity(BATCH);
        while blocks.len() < BATCH {
            match read_block(&mut input, &mut lineno)? {
                Some(b) => blocks.push(b),
                None => break,
            }
        }
        if blocks.is_empty() {
            break;
        }
        let answers: Vec<(String, Option<String>)> = blocks
            .par_iter()
            .map_init(
                || {
                    let timer = watchdog.timer();
                    let solver = KillerSolver::new().cancel_flag(timer.flag());
                    (solver, timer)
                },
                |(solver, timer), block| answer(opts, solver, timer, block),
            )
            .collect();
        super::write_answers(out, err, &answers)?;
        done += answers.len();
        progress.add(answers.len());
        if blocks.len() < BATCH {
            break;
        }
    }
    super::summary(out, err, &progress, start, done)
}
