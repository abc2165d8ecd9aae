//! `generate --variant killer`: killer sudoku with a unique solution and no givens
//! (sudoku-core's `KillerGenerator`).
//!
//! ```text
//! cargo run --release --example generate -- --variant killer|killer-x --count N --seed S [--size N] [--max-cage K] [--symmetry none|central|quarter|mirror|diagonal] [--timeout SECONDS]
//! ```
//!
//! - Prints N puzzles in the killer cages format (one cage a line, `SUM: r1c1 r1c2 …`,
//!   cells in row-major order, cages by their first cell), separated by blank lines; 9×9
//!   ones have no `givens:` line, other sides a `givens:` line of N² dots that gives the
//!   side. `solve --variant killer` reads them back.
//! - `--size N`: the side, with its usual boxes (default 9; killer grids go up to 16×16).
//!   Measured on one core: 4×4 to 8×8 take milliseconds a puzzle, 9×9 about 15 ms, 12×12
//!   about 2.4 s, 16×16 about a minute (the uniqueness checks of many more cages).
//! - Puzzle `i` (from 0) is made from seed `S + i` (`rand_pcg::Pcg64Mcg::seed_from_u64`):
//!   the same command prints the same puzzles on every machine.
//! - `--variant killer` keeps the classic rules; `killer-x` adds both diagonals.
//! - `--max-cage K` grows cages to at most K cells (2 to 16, and at most the side) before
//!   they are split for uniqueness (default 5; a single-cell cage merged into a neighbour
//!   may make one cell more).
//! - `--symmetry NAME` keeps the cage layout symmetric: every image of a cage under the
//!   symmetry (`central` the half-turn, `quarter` the quarter-turns, `mirror` the median
//!   axes, `diagonal` the diagonals) is a cage too (default `none`, whose puzzles are those
//!   printed before the option existed).
//! - `--timeout SECONDS` limits each puzzle (`0`: no limit, the default): a puzzle over it
//!   prints `timeout` in its place and the run goes on; with `--count 1` the run exits
//!   with status 3 instead.
//! - A summary goes to stderr (puzzles, seconds, puzzles/s, average cages); puzzles are
//!   made on every core (rayon), with progress on stderr when it is a terminal.
//! - Exit status: 0 on success and for `--help`, 1 when writing fails, 2 with a message on
//!   stderr for a bad command line, 3 for a single puzzle over its time limit.

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use sudoku_core::Symmetry;
use sudoku_core::killer::{GenerateKillerError, KillerGenerator, KillerPuzzle};
use sudoku_core::{Geometry, Shape, StopReason, Variant};

use crate::cli::{self, Arg, CliError, usage};

/// [`KillerPuzzle::MAX_SIZE`], as this module uses it in messages.
const MAX_KILLER_SIZE: usize = KillerPuzzle::MAX_SIZE;

/// The usage, printed by `--help`.
pub const USAGE: &str = "\
usage: generate --variant killer|killer-x --count N --seed S [--size N] [--max-cage K] [--symmetry NAME] [--timeout SECONDS]
Prints N killer puzzles with a unique solution and no givens, in the killer cages format,
separated by blank lines; puzzle i is made from seed S + i. killer-x adds both diagonals.
--size: the side (default 9, at most 16; other sides carry a givens: line of dots).
--max-cage: largest cage grown (default 5). --symmetry none|central|quarter|
mirror|diagonal: a cage layout that keeps it. --timeout: seconds per puzzle.";

/// The parsed command line.
#[derive(Clone, Debug)]
pub struct Options {
    /// `--count N` (default 1).
    pub count: u64,
    /// `--seed S` (default 0).
    pub seed: u64,
    /// `--variant killer-x`: the diagonals too.
    pub x: bool,
    /// `--size N`: the grid (default 9×9).
    pub shape: Shape,
    /// `--max-cage K` (default 5).
    pub max_cage: usize,
    /// `--symmetry NAME` of the cage layout (default none).
    pub symmetry: Symmetry,
    /// `--timeout SECONDS` (`None`: no limit).
    pub timeout: Option<Duration>,
    /// Show progress on stderr (set by [`main`] when stderr is a terminal).
    pub progress: bool,
}

/// Reads the arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, CliError> {
    let mut o = Options {
        count: 1,
        seed: 0,
        x: false,
        shape: Shape::CLASSIC,
        max_cage: 5,
        symmetry: Symmetry::None,
        timeout: None,
        progress: false,
    };
    let mut p = cli::parser(args);
    while let Some(arg) = cli::next(&mut p)? {
        match arg {
            Arg::Long("variant") => o.x = crate::solve::killer::killer_variant(&mut p)?,
            Arg::Long("count") => o.count = cli::value(&mut p, "--count")?,
            Arg::Long("seed") => o.seed = cli::value(&mut p, "--seed")?,
            Arg::Long("size") => {
                let size: usize = cli::value(&mut p, "--size")?;
                o.shape = match Shape::for_size(size) {
                    Some(shape) if size <= MAX_KILLER_SIZE => shape,
                    _ => {
                        return Err(usage(format!(
                            "--size {size}: killer grids have a side of 1 to {MAX_KILLER_SIZE}"
                        )));
                    }
                };
            }
            Arg::Long("max-cage") => {
                o.max_cage = cli::value(&mut p, "--max-cage")?;
                if !(2..=MAX_KILLER_SIZE).contains(&o.max_cage) {
                    return Err(usage(format!(
                        "--max-cage {}: not in 2..={MAX_KILLER_SIZE}",
                        o.max_cage
                    )));
                }
            }
            Arg::Long("symmetry") => {
                let v = cli::text(&mut p, "--symmetry")?;
                o.symmetry = v.parse().map_err(|e| usage(format!("{e}")))?;
            }
            Arg::Long("timeout") => o.timeout = cli::timeout(&mut p)?,
            Arg::Short('h') | Arg::Long("help") => return Err(CliError::Help(USAGE.into())),
            other => return Err(cli::unexpected(other)),
        }
    }
    cli::seed_range(o.seed, o.count, "puzzles")?;
    Ok(o)
}

/// The example's body for killer command lines.
pub fn main(args: &[String]) -> Result<(), CliError> {
    let mut opts = parse_args(args)?;
    opts.progress = std::io::stderr().is_terminal();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut err = std::io::stderr().lock();
    run(&opts, &mut out, &mut err)
}

/// Generates `opts.count` puzzles (puzzle `i` from seed `opts.seed + i`), prints them to
/// `out` separated by blank lines, and a summary to `err`.
///
/// # Errors
/// [`CliError::Unanswered`] when the only puzzle asked for runs past its time limit;
/// [`CliError::Failed`] when a puzzle cannot be made or writing fails.
pub fn run(opts: &Options, out: &mut impl Write, err: &mut impl Write) -> Result<(), CliError> {
    let variant = if opts.x {
        Variant::x()
    } else {
        Variant::classic()
    };
    let geometry =
        Arc::new(Geometry::new(opts.shape, &variant).map_err(|e| CliError::Failed(e.to_string()))?);
    let progress = cli::Progress::with_display(
        usize::try_from(opts.count).unwrap_or(usize::MAX),
        "puzzles",
        opts.progress,
    );
    let watchdog = cli::Watchdog::new();
    let start = Instant::now();
    const CHUNK: u64 = 64;
    let mut first = 0u64;
    let mut cages = 0usize;
    let mut made_count = 0usize;
    while first < opts.count {
        let last = (first + CHUNK).min(opts.count);
        let made: Vec<Result<(String, usize), String>> = (first..last)
            .into_par_iter()
            .map_init(
                || {
                    let timer = watchdog.timer();
                    let generator = KillerGenerator::new(geometry.clone())
                        .max_cage(opts.max_cage)
                        .symmetry(opts.symmetry)
                        .cancel_flag(timer.flag());
                    (generator, timer)
                },
                |(generator, timer), i| {
                    let mut rng = Pcg64Mcg::seed_from_u64(opts.seed.wrapping_add(i));
                    timer.start(opts.timeout);
                    let result = generator.generate(&mut rng);
                    timer.stop();
                    match result {
                        Ok(m) => Ok((m.puzzle.to_string(), m.puzzle.cages().len())),
                        Err(GenerateKillerError::Interrupted(e))
                            if e.reason() == StopReason::Cancelled =>
                        {
                            Err("timeout".into())
                        }
                        Err(e) => Err(format!("seed {}: {e}", opts.seed.wrapping_add(i))),
                    }
                },
            )
            .collect();
        for (k, m) in made.into_iter().enumerate() {
            if first + k as u64 > 0 {
                writeln!(out)?;
            }
            match m {
                Ok((text, n)) => {
                    write!(out, "{text}")?;
                    cages += n;
                    made_count += 1;
                }
                Err(t) if t == "timeout" => {
                    if opts.count == 1 {
                        out.flush()?;
                        return Err(CliError::Unanswered(format!(
                            "the puzzle of seed {} was not made within the time limit",
                            opts.seed
                        )));
                    }
                    writeln!(out, "timeout")?;
                }
                Err(e) => return Err(CliError::Failed(e)),
            }
        }
        progress.add(usize::try_from(last - first).unwrap_or(usize::MAX));
        first = last;
    }
    super::summary(
        out,
        err,
        &progress,
        start,
        opts.count,
        (cages, made_count as u64, "cages"),
    )
}
