//! `generate`: minimal sudoku puzzles, one per line (sudoku-core; `--level` uses sudoku-grade).
//!
//! ```text
//! cargo run --release --example generate -- --count N --seed S [--size 9] [--box RxC] [--symmetry none|central|quarter|mirror|diagonal] [--variant x] [--level easy|intermediate|expert] [--timeout SECONDS]
//! ```
//!
//! - Prints N puzzles, one per line, in the one-line format with `.` for empty cells.
//! - Puzzle `i` (from 0) is made from seed `S + i` (`rand_pcg::Pcg64Mcg::seed_from_u64`):
//!   the same command prints the same puzzles on every machine.
//! - `--size N` picks the usual box shape of side N (4 → 2×2, 6 → 2×3, 9, 12 → 3×4, 16,
//!   25); `--box RxC` any other (not both: exit status 2). Default 9×9, no symmetry, classic rules; `--variant x` adds
//!   the diagonals.
//! - With a symmetry, cells are emptied by orbits: the puzzle is unique and no orbit can be
//!   removed; without, it is minimal.
//! - `--level easy|intermediate|expert` (sudoku-grade): puzzle `i` is the first puzzle rated
//!   at that level among those the generator draws from seed `S + i`'s stream (at most
//!   10,000 draws, else an error); Easy needs only A1–A2, Intermediate up to D, Expert E or F.
//! - `--regions FILE` (jigsaw): a region map as `solve` reads it (N×N labels on one line or
//!   N lines of N); the puzzles have those regions in place of boxes, the side is the map's
//!   (`--size`/`--box` are not needed), `--variant x` adds the diagonals. The map itself is
//!   not printed.
//! - `--alphabet SYMBOLS` prints N other symbols in place of `1`–`9`… (Wordoku): as many
//!   symbols as the grid has values, else exit status 2.
//! - Seeds never wrap: a `--seed S --count N` whose last seed `S + N − 1` passes
//!   `u64::MAX` is refused (exit status 2), as is an option given twice.
//! - A summary goes to stderr (puzzles, seconds, puzzles/s, average givens); puzzles are
//!   made on every core (rayon), with progress on stderr when it is a terminal.
//! - `--timeout SECONDS` limits the wall-clock time of each puzzle (fractions allowed; with
//!   `--level`, of all its draws). A puzzle over its limit stops the run: the puzzles before
//!   it are printed, then one line on stderr (`generate: puzzle 0 (seed 0): over the time
//!   limit of 5 s (--timeout SECONDS raises it, --timeout 0 lifts it)`) and exit status 3.
//!   Without the option, grids larger than 9×9 get 5 s per puzzle
//!   ([`DEFAULT_TIMEOUT`](crate::solve::DEFAULT_TIMEOUT)) and 9×9 ones no limit: a 16×16
//!   puzzle takes well under a second, a 25×25 one minutes, so `--size 25` needs
//!   `--timeout 0` (or a larger limit).
//! - Exit status: 0 on success and for `--help` (the usage on stdout), 1 when generation or
//!   writing fails, 2 with a message on stderr for a bad command line, 3 when a puzzle goes
//!   over its time limit.
//! - `--variant killer` and `--variant killer-x` print killer sudoku with a unique solution
//!   and no givens instead, in the killer cages format: see [`killer`].
//!
//! Jigsaw with random regions:
//!
//! ```text
//! cargo run --release --example generate -- --variant jigsaw --count N --seed S [--size 9] [--symmetry NAME] [--alphabet SYMBOLS] [--timeout SECONDS]
//! ```
//!
//! - Prints two lines per puzzle: its region map, N×N labels (`A`, `B`, … one per region)
//!   on one line row by row, then the puzzle in the one-line format (`.` empty). These are
//!   the pairs `solve --variant jigsaw` reads (the map line alone is also a `--regions`
//!   file).
//! - Puzzle `i` is made from seed `S + i`: the map and a complete grid on it are drawn from
//!   that seed's stream (`sudoku_core::RegionMap::random_with_grid`: N regions of N
//!   orthogonally connected cells), then the puzzle is made from that grid with the same
//!   stream (`Generator::generate_from`); the same command prints the same pairs on every
//!   machine. A map on which a uniqueness test needs more than
//!   [`JIGSAW_BUDGET`](jigsaw::JIGSAW_BUDGET) search nodes is replaced by the next one drawn
//!   (at most [`JIGSAW_MAPS`](jigsaw::JIGSAW_MAPS), else exit status 1).
//! - `--size N` gives the side (default 9; 4 to 12 work: a 9×9 puzzle takes about 8 ms, a
//!   12×12 0.1–0.6 s; maps are drawn at every side up to 25, but on a 16×16 map the
//!   uniqueness tests of the last removals take millions of nodes each, so larger sides end
//!   with exit status 1 or 3); each puzzle has a unique solution and is minimal
//!   (irreducible by orbits with `--symmetry`). `--box`, `--regions` and `--level` do not
//!   apply (exit status 2).
//! - The summary, `--alphabet` (for the puzzle line; the map keeps its letters),
//!   `--timeout` and the exit statuses are those of the one-line puzzles above.
//!
//! Layouts of several grids, and cubes (the `--variant` names of `solve`: `samurai`,
//! `tiny-samurai`, `twin`, `butterfly`, `flower`, `roxdoku`, `roxdoku4`):
//!
//! ```text
//! cargo run --release --example generate -- --variant samurai --count N --seed S [--symmetry NAME] [--alphabet SYMBOLS] [--timeout SECONDS]
//! ```
//!
//! - Prints N puzzles in the frame format `solve` reads (for `samurai` the Samurai block:
//!   21 lines of 21 characters, `.` empty, spaces outside the grids, every line at full
//!   width), separated by a blank line. Puzzle `i` is made from seed `S + i` as above.
//! - Without a symmetry each puzzle is minimal (no given can be removed and keep a unique
//!   solution); a symmetry acts on the frame (see `sudoku_core::layout::Layout::orbits`).
//! - `--timeout SECONDS` caps each puzzle (default 10 s, `0` lifts it): a puzzle over it
//!   ends the run with exit status 3 and one line on stderr.
//! - `--alphabet SYMBOLS` prints other symbols; `--size`, `--box` and `--level` do not
//!   apply.

use std::io::{IsTerminal, Write};
use std::time::Instant;

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use sudoku_core::layout::Layout;
use sudoku_core::{Alphabet, Geometry, Shape, Solver, Variant};
use sudoku_core::{Generator, Symmetry};
use sudoku_grade::{Level, Rater};

use crate::cli::{self, Arg, CliError, Watchdog, usage};
use crate::solve::{limit_for, seconds};

pub mod jigsaw;
pub mod killer;
mod layouts;

/// The usage, printed by `--help`.
pub const USAGE: &str = "\
usage: generate --count N --seed S [--size 9] [--box RxC] [--symmetry none|central|quarter|mirror|diagonal] [--variant x] [--regions FILE] [--alphabet SYMBOLS] [--level easy|intermediate|expert] [--timeout SECONDS]
       generate --variant samurai --count N --seed S [--symmetry NAME] [--alphabet SYMBOLS] [--timeout SECONDS]
       generate --variant jigsaw --count N --seed S [--size N] [--symmetry NAME] [--timeout SECONDS]
Prints N minimal puzzles (irreducible by orbits with a symmetry), one a line; puzzle i is
made from seed S + i. --size: 4, 6, 9, 12, 16, 25 (usual boxes); --box RxC: any other.
--level keeps only puzzles rated at that level (sudoku-grade). --timeout: the limit of each
puzzle (exit status 3 beyond it); default 5 s above 9x9, none for 9x9; 0 lifts it.
Layouts (--variant samurai, tiny-samurai, twin, butterfly, flower, roxdoku, roxdoku4) print
blocks separated by blank lines (default limit 10 s).
--variant jigsaw [--size N]: a random region map for each puzzle, printed on the line before
it (N*N labels), as solve --variant jigsaw reads them back.
--variant killer|killer-x makes killer puzzles instead: see generate --variant killer --help.";

/// The parsed command line.
#[derive(Clone, Debug)]
pub struct Options {
    /// `--count N` (default 1).
    pub count: u64,
    /// `--seed S` (default 0).
    pub seed: u64,
    /// `--size N` or `--box RxC` (default 9×9).
    pub shape: Shape,
    /// `--symmetry NAME` (default none).
    pub symmetry: Symmetry,
    /// `--variant x` (also `latin`, `windoku`, `disjoint`).
    pub variant: Variant,
    /// `--level easy|intermediate|expert` (sudoku-grade): only puzzles rated at that level.
    pub level: Option<Level>,
    /// `--timeout SECONDS` (see [`Timeout`](crate::solve::Timeout)).
    pub timeout: crate::solve::Timeout,
    /// Show progress on stderr (set by [`main`] when stderr is a terminal).
    pub progress: bool,
    /// `--variant samurai` and the other layouts of `solve`.
    pub layout: Option<Layout>,
    /// `--alphabet SYMBOLS`: the symbols printed.
    pub alphabet: Option<Alphabet>,
    /// `--variant jigsaw`: a random region map for each puzzle, printed before it.
    pub random_regions: bool,
}

/// Puzzles drawn per requested level before giving up (`--level`).
pub const LEVEL_ATTEMPTS: usize = 10_000;

/// Reads the arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, CliError> {
    let mut o = Options {
        count: 1,
        seed: 0,
        shape: Shape::CLASSIC,
        symmetry: Symmetry::None,
        variant: Variant::classic(),
        level: None,
        timeout: None,
        progress: false,
        layout: None,
        alphabet: None,
        random_regions: false,
    };
    let (mut sized, mut level, mut regions) = (false, false, None);
    let mut boxed = false;
    let mut p = cli::parser(args);
    while let Some(arg) = p.next().map_err(|e| usage(e.to_string()))? {
        match arg {
            Arg::Long("count") => o.count = cli::value(&mut p, "--count")?,
            Arg::Long("seed") => o.seed = cli::value(&mut p, "--seed")?,
            Arg::Long("size") => {
                let n: usize = cli::value(&mut p, "--size")?;
                o.shape = Shape::for_size(n).ok_or(usage(format!("--size {n}: not in 1..=25")))?;
                sized = true;
            }
            Arg::Long("box") => {
                o.shape = cli::value(&mut p, "--box")?;
                sized = true;
                boxed = true;
            }
            Arg::Long("symmetry") => {
                let v = cli::text(&mut p, "--symmetry")?;
                o.symmetry = v.parse().map_err(|e| usage(format!("{e}")))?;
            }
            Arg::Long("variant") => {
                let name = cli::text(&mut p, "--variant")?;
                o.random_regions = name == "jigsaw";
                match crate::solve::layouts::layout(&name) {
                    Some(l) => o.layout = Some(l),
                    None if o.random_regions => o.variant = Variant::classic(),
                    None => o.variant = crate::solve::variant(&name)?,
                }
            }
            Arg::Long("level") => {
                o.level = Some(cli::value(&mut p, "--level")?);
                level = true;
            }
            Arg::Long("alphabet") => o.alphabet = Some(crate::solve::alphabet(&mut p)?),
            Arg::Long("regions") => {
                regions = Some(crate::solve::region_map(&cli::text(&mut p, "--regions")?)?);
            }
            Arg::Long("timeout") => o.timeout = Some(cli::timeout(&mut p)?),
            Arg::Short('h') | Arg::Long("help") => return Err(CliError::Help(USAGE.into())),
            other => return Err(cli::unexpected(other)),
        }
    }
    p.exclusive(&["--size", "--box"])?;
    cli::seed_range(o.seed, o.count, "puzzles")?;
    if o.layout.is_some() && regions.is_some() {
        return Err(crate::solve::layouts::not_with_layout("--regions"));
    }
    if o.random_regions {
        let other = [
            (regions.is_some(), "--regions"),
            (boxed, "--box"),
            (level, "--level"),
        ];
        if let Some((_, option)) = other.iter().find(|(given, _)| *given) {
            return Err(usage(format!(
                "--variant jigsaw draws its own regions: {option} does not apply"
            )));
        }
    }
    if let Some(map) = regions {
        if sized && o.shape.size() != map.size() {
            return Err(usage(format!(
                "--regions: a map of side {} for a grid of side {}",
                map.size(),
                o.shape.size()
            )));
        }
        if !sized {
            o.shape = Shape::for_size(map.size())
                .ok_or(usage(format!("--regions: no grid of side {}", map.size())))?;
        }
        o.variant = crate::solve::jigsaw(map, &o.variant)?;
    }
    if o.layout.is_some() && (sized || level) {
        let option = if sized { "--size/--box" } else { "--level" };
        return Err(crate::solve::layouts::not_with_layout(option));
    }
    if let Some(alphabet) = &o.alphabet {
        // The symbols printed are those of the values: as many as the grid's side.
        let values = o
            .layout
            .as_ref()
            .map_or(o.shape.size(), |l| l.shape().size());
        if alphabet.len() != values {
            return Err(usage(format!(
                "--alphabet: {} symbols for grids of {values} values",
                alphabet.len()
            )));
        }
    }
    Ok(o)
}

/// The example's body: the command line, then the puzzles to standard output.
pub fn main(args: &[String]) -> Result<(), CliError> {
    if crate::solve::killer::requested(args) {
        return killer::main(args);
    }
    let mut opts = parse_args(args)?;
    opts.progress = std::io::stderr().is_terminal();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut err = std::io::stderr().lock();
    run(&opts, &mut out, &mut err)
}

/// Generates `opts.count` puzzles (puzzle `i` from seed `opts.seed + i`), prints them one
/// per line to `out` and a summary to `err`.
///
/// # Errors
/// [`CliError::Failed`] when the variant does not fit the shape, a puzzle cannot be made (at
/// a level: none in [`LEVEL_ATTEMPTS`] draws) or writing fails; [`CliError::Unanswered`]
/// when a puzzle goes over its time limit (the puzzles before it are printed).
pub fn run(opts: &Options, out: &mut impl Write, err: &mut impl Write) -> Result<(), CliError> {
    if let Some(layout) = &opts.layout {
        return layouts::run(opts, layout, out, err);
    }
    if opts.random_regions {
        return jigsaw::run(opts, out, err);
    }
    let geometry = Geometry::new(opts.shape, &opts.variant).map_err(failed)?;
    let limit = limit_for(opts.timeout, opts.shape.size());
    run_chunks(
        opts,
        limit,
        (256, false, "givens"),
        out,
        err,
        |flag| {
            let solver = Solver::new(geometry.clone()).cancel_flag(flag.clone());
            let generator = Generator::with_solver(solver).symmetry(opts.symmetry);
            (generator, flag)
        },
        |(g, flag), seed| {
            let puzzle = match opts.level {
                None => g
                    .generate(&mut Pcg64Mcg::seed_from_u64(seed))
                    .map(|m| m.puzzle)
                    .map_err(|e| e.to_string()),
                Some(level) => Rater::new()
                    .cancel_flag(flag.clone())
                    .generate_level(g, level, LEVEL_ATTEMPTS, &mut Pcg64Mcg::seed_from_u64(seed))
                    .map(|(m, _)| m.puzzle)
                    .map_err(|e| format!("no {level} puzzle in {LEVEL_ATTEMPTS} attempts: {e}")),
            }?;
            Ok((print(&puzzle, opts), puzzle.given_count()))
        },
    )
}

/// Makes puzzles `0..opts.count` on every core (rayon) and writes them in order, a chunk at
/// a time, then the summary: each worker's state comes from `init` given its timer's cancel
/// flag, and `make(state, seed)` makes one puzzle from its seed (`opts.seed + i`) as its
/// text and its count of `what` (givens, cages). A puzzle that fails once its time limit
/// has passed ends the run as over the limit (exit status 3), one that fails before as a
/// failure (status 1); the puzzles before it are printed. `layout` is `(chunk size, blank
/// line between puzzles, what)`.
pub(crate) fn run_chunks<S>(
    opts: &Options,
    limit: Option<std::time::Duration>,
    (chunk, blank_lines, what): (u64, bool, &str),
    out: &mut impl Write,
    err: &mut impl Write,
    init: impl Fn(std::sync::Arc<std::sync::atomic::AtomicBool>) -> S + Sync + Send,
    make: impl Fn(&mut S, u64) -> Result<(String, usize), String> + Sync + Send,
) -> Result<(), CliError> {
    let progress = cli::Progress::with_display(
        usize::try_from(opts.count).unwrap_or(usize::MAX),
        "puzzles",
        opts.progress,
    );
    let watchdog = Watchdog::new();
    let start = Instant::now();
    let (mut first, mut total) = (0u64, 0usize);
    while first < opts.count {
        let last = (first + chunk).min(opts.count);
        let made: Vec<Result<(String, usize), CliError>> = (first..last)
            .into_par_iter()
            .map_init(
                || {
                    // One timer per worker; its flag stops the generator's searches.
                    let timer = watchdog.timer();
                    let state = init(timer.flag());
                    (timer, state)
                },
                |(timer, state), i| {
                    let seed = opts.seed.wrapping_add(i);
                    timer.start(limit);
                    let made = make(state, seed);
                    // A puzzle made just as its flag went up still counts.
                    if timer.stop() && made.is_err() {
                        return Err(CliError::Unanswered(format!(
                            "puzzle {i} (seed {seed}): over the time limit of {} \
                             (--timeout SECONDS raises it, --timeout 0 lifts it)",
                            seconds(limit)
                        )));
                    }
                    progress.add(1);
                    made.map_err(|e| failed(format!("puzzle {i} (seed {seed}): {e}")))
                },
            )
            .collect();
        for (k, m) in made.into_iter().enumerate() {
            let (text, count) = m?;
            if blank_lines && first + k as u64 > 0 {
                writeln!(out)?;
            }
            if blank_lines {
                write!(out, "{text}")?;
            } else {
                writeln!(out, "{text}")?;
            }
            total += count;
        }
        first = last;
    }
    summary(
        out,
        err,
        &progress,
        start,
        opts.count,
        (total, opts.count, what),
    )
}

/// Ends a run of `generate` (every path): flushes the puzzles, ends the progress line, and
/// writes the summary on stderr: `N puzzles, S s, R puzzles/s, A WHAT on average`, where
/// `average` is `(total, over, WHAT)` (givens, or cages, per puzzle made).
pub(crate) fn summary(
    out: &mut impl Write,
    err: &mut impl Write,
    progress: &cli::Progress,
    start: Instant,
    count: u64,
    average: (usize, u64, &str),
) -> Result<(), CliError> {
    out.flush()?;
    let secs = start.elapsed().as_secs_f64();
    progress.finish();
    let (total, over, what) = average;
    let _ = writeln!(
        err,
        "{count} puzzles, {secs:.3} s, {:.1} puzzles/s, {:.1} {what} on average",
        count as f64 / secs.max(1e-9),
        total as f64 / over.max(1) as f64
    );
    Ok(())
}

/// A puzzle on one line, in `--alphabet`'s symbols when given.
fn print(puzzle: &sudoku_core::Grid, opts: &Options) -> String {
    let write = sudoku_core::format::WriteOptions {
        alphabet: opts.alphabet.clone(),
        ..Default::default()
    };
    sudoku_core::format::line::write(puzzle, &write)
}

/// A failure while running, from any error.
fn failed(e: impl std::fmt::Display) -> CliError {
    CliError::Failed(e.to_string())
}
