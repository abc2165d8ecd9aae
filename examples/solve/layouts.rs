//! The layout variants of `solve` and `generate` (Samurai and other grids at offsets, Roxdoku
//! cubes): their names on the command line and `solve`'s path for them (frame blocks in,
//! frame blocks out).

use std::io::{BufRead, Read, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use sudoku_core::format::{ReadOptions, WriteOptions, frame};
use sudoku_core::layout::Layout;
use sudoku_core::{Geometry, SolveError, Solver};

use super::Options;
use crate::cli::{self, CliError};

/// The layout names `--variant` takes, with their layouts.
pub(crate) const NAMES: &str = "samurai, tiny-samurai, twin, butterfly, flower, roxdoku, roxdoku4";

/// The layout of a `--variant` name, `None` for a name that is not a layout.
pub(crate) fn layout(name: &str) -> Option<Layout> {
    Some(match name {
        "samurai" => Layout::samurai(),
        "tiny-samurai" => Layout::tiny_samurai(),
        "twin" => Layout::twin(),
        "butterfly" => Layout::butterfly(),
        "flower" => Layout::flower(),
        "roxdoku" => Layout::cube(3).ok()?,
        "roxdoku4" => Layout::cube(4).ok()?,
        _ => return None,
    })
}

/// The time limit per puzzle when `--timeout` is not given: layouts are larger than 9×9.
pub(crate) const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// The most bytes of standard input read for layout puzzles (about 100,000 Samurai blocks).
pub const MAX_INPUT: u64 = 64 << 20;

/// The puzzles of `input` for a layout: at most [`MAX_INPUT`] bytes are read, then split
/// into blocks separated by blank lines (`frame::blocks`), each with the number of its first
/// line.
///
/// # Errors
/// Input over [`MAX_INPUT`] bytes or not UTF-8 (`InvalidData`, with the line of the first
/// byte that is not part of a character), and the reader's errors.
pub fn read_blocks(input: impl Read) -> std::io::Result<Vec<(usize, String)>> {
    let mut bytes = Vec::new();
    input.take(MAX_INPUT + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "standard input is longer than {MAX_INPUT} bytes (the most read for --variant {NAMES})"
            ),
        ));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count();
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("standard input is not UTF-8 text (line {line})"),
        )
    })?;
    Ok(frame::blocks(&text).collect())
}

/// `solve`'s path for a layout: blocks of standard input separated by blank lines, each
/// answered by a block (a solution), or one line (`none`, `error`, `timeout`, a count), the
/// answers separated by a blank line. Returns the number of puzzles answered.
///
/// # Errors
/// Input over [`MAX_INPUT`] bytes or not UTF-8 (`InvalidData`: `solve` exits with status 1
/// and that one line), and I/O errors.
pub(crate) fn run(
    opts: &Options,
    layout: &Layout,
    input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
) -> std::io::Result<usize> {
    let start = Instant::now();
    let blocks = read_blocks(input)?;
    let geometry = Arc::new(
        Geometry::from_layout(layout.clone()).unwrap_or_else(|_| unreachable!("a preset")),
    );
    let limit = match opts.timeout {
        Some(t) => t,
        None => Some(DEFAULT_TIMEOUT),
    };
    let watchdog = cli::Watchdog::new();
    let progress = cli::Progress::with_display(blocks.len(), "puzzles", opts.progress);
    let read_opts = ReadOptions {
        shape: None,
        alphabet: opts.alphabet.clone(),
    };
    let write_opts = WriteOptions {
        alphabet: opts.alphabet.clone(),
        ..Default::default()
    };
    let answers: Vec<(String, Option<String>)> = blocks
        .par_iter()
        .map_init(
            || {
                let timer = watchdog.timer();
                let solver = Solver::new(geometry.clone()).cancel_flag(timer.flag());
                (timer, solver)
            },
            |(timer, solver), (first, block)| {
                let answer = match frame::parse(block, layout, &read_opts) {
                    Err(e) => (
                        "error\n".to_owned(),
                        Some(format!("puzzle at line {first}: {e}")),
                    ),
                    Ok(grid) => {
                        timer.start(limit);
                        let result = if opts.count {
                            solver
                                .count(&grid, opts.limit.unwrap_or(u64::MAX))
                                .map(|n| format!("{n}\n"))
                        } else {
                            solver.solve(&grid).map(|s| match s {
                                Some(g) => frame::write(&g, layout, &write_opts),
                                None => "none\n".to_owned(),
                            })
                        };
                        let late = timer.stop();
                        match result {
                            Ok(text) => (text, None),
                            Err(SolveError::Interrupted(_)) if late => (
                                "timeout\n".to_owned(),
                                Some(format!("puzzle at line {first}: over the time limit")),
                            ),
                            Err(e) => (
                                "error\n".to_owned(),
                                Some(format!("puzzle at line {first}: {e}")),
                            ),
                        }
                    }
                };
                progress.add(1);
                answer
            },
        )
        .collect();
    for (k, (answer, message)) in answers.iter().enumerate() {
        if k > 0 {
            out.write_all(b"\n")?;
        }
        out.write_all(answer.as_bytes())?;
        if let Some(m) = message {
            writeln!(err, "{}", cli::escape(m))?;
        }
    }
    super::summary(out, err, &progress, start, answers.len())
}

/// A usage error for a layout option that does not apply.
pub(crate) fn not_with_layout(option: &str) -> CliError {
    cli::usage(format!("{option} does not apply to --variant {NAMES}"))
}
