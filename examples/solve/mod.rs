//! `solve`: solves puzzles read from standard input, one per line (sudoku-core).
//!
//! ```text
//! cargo run --release --example solve -- [--box RxC] [--variant x] [--count] [--limit N] [--engine dlx|fast] [--timeout SECONDS] < puzzles.txt
//! ```
//!
//! - Input: one puzzle per line in the one-line format (`.`, `0`, `-`, `*` for empty cells,
//!   `1`–`9` then letters); the size comes from the length (16, 36, 64, 81, 144, 256 or 625
//!   cells, usual box shape); `--box RxC` gives another box shape (boxes of R rows and C
//!   columns). Blank lines and lines starting with `#` are skipped.
//! - `--variant x` adds both diagonals (Sudoku X); `latin`, `windoku`, `disjoint` also work.
//! - Output: one line per puzzle: a solution in the same one-line format (`1`–`9`, then
//!   `A`, `B`, …), or `none`. With `--count`, the number of solutions instead; `--limit N`
//!   (N ≥ 1, with `--count` only: exit status 2 otherwise) stops counting at N, and a count that stopped there prints as at least N: `≥ N` (a
//!   count below the limit is exact; an empty grid above 20×20, whose count passes
//!   2^64, prints `≥ ` and the limit).
//! - A malformed line (also one that is not UTF-8) prints `error` on stdout and a message
//!   with its line number on stderr; the run goes on.
//! - `--engine dlx` forces the dancing-links engine (every size and variant); `--engine fast`
//!   the bitboard engine (classic and X 9×9 only: other puzzles print `error`). Without it,
//!   each puzzle gets the fastest engine for its geometry (the bitboard one for 9×9 classic
//!   and X, dancing links otherwise).
//! - At the end, a summary on stderr: `P puzzles, S s, R puzzles/s`. Puzzles are solved on
//!   every core (rayon); progress is shown on stderr when it is a terminal.
//! - Lines of exactly 81 characters (9×9) take a fast path: the bytes are read in place
//!   ([`Grid::read_line`]), solved with one solver and two grids kept by each worker
//!   ([`Solver::solve_into`], [`Solver::count`]) and the answer written straight into the
//!   output bytes, with no allocation and no lookup per line; the answers are the same.
//! - `--timeout SECONDS` limits the wall-clock time of each line (fractions allowed): a line
//!   over its limit prints `timeout` in place of its answer, with a message naming its line
//!   on stderr, and the run goes on. Without the option, lines of grids larger than 9×9 get
//!   [`DEFAULT_TIMEOUT`] (5 s) and 9×9 ones no limit; `--timeout 0` lifts every limit.
//! - A line longer than [`Grid::MAX_TEXT_LEN`] bytes (256 KiB) is not read whole: it prints `error`
//!   and its message, and the run goes on.
//! - Exit status: 0 on success and for `--help` (the usage on stdout), 1 when reading or
//!   writing fails, 2 with a message on stderr for a bad command line (also an argument
//!   that is not UTF-8 and an option given twice: see [`crate::cli`]).
//! - `--variant killer` and `--variant killer-x` read killer sudoku in the killer cages
//!   format instead (puzzles separated by blank lines; one 81-character solution line per
//!   puzzle, `--count`, `--limit N`, `--timeout SECONDS`): see [`killer`].
//!
//! ```text
//! $ echo ................ | cargo run --release --example solve -- --count
//! 288
//! $ echo ................ | cargo run --release --example solve -- --count --limit 10
//! ≥ 10
//! ```
//!
//! Jigsaw: `--regions FILE` reads a region map, N×N labels (letters or digits, one label
//! per region) on one line or on N lines, and solves every puzzle on those regions in place
//! of the boxes (with `--variant x`, also the diagonals); lines of another size print `error`.
//!
//! Jigsaw puzzles each with its own map, `--variant jigsaw` (as `generate --variant jigsaw`
//! prints them):
//!
//! ```text
//! cargo run --release --example solve -- --variant jigsaw [--count] [--limit N] [--alphabet SYMBOLS] [--timeout SECONDS] < pairs.txt
//! ```
//!
//! - Input: pairs of lines, a region map (N×N labels on one line, row by row, one label per
//!   region) then a puzzle on it in the one-line format (N×N cells, side from the map).
//!   Blank lines and lines starting with `#` are skipped (they never split a pair).
//! - Output: one line per pair, as for one-line puzzles: a solution, `none`, with `--count`
//!   the number of solutions (`--limit N` stops at N: `≥ N`), `timeout`, or `error` (a bad map or
//!   puzzle, or a map left without its puzzle line at the end) with a message naming the
//!   line on stderr; the run goes on.
//! - `--timeout`, the summary and the exit statuses are those above; `--box`, `--regions`
//!   and `--engine fast` do not apply (exit status 2); dancing links solve every pair.
//!
//! Layouts of several grids, and cubes (`--variant samurai|tiny-samurai|twin|butterfly|flower|roxdoku|roxdoku4`):
//!
//! ```text
//! cargo run --release --example solve -- --variant samurai [--count] [--limit N] [--alphabet SYMBOLS] [--timeout SECONDS] < blocks.txt
//! ```
//!
//! - Input: puzzles in the frame format, separated by blank lines. For `samurai` the
//!   *Samurai block*: 21 lines of 21 characters, `1`–`9` a given, `.` an empty cell, a space
//!   (or nothing, for trailing spaces) outside the five grids. `tiny-samurai` is 10 lines of
//!   10 (five 4×4 grids), `twin` 15×15, `butterfly` 12×12, `flower` 15×15; `roxdoku` (a
//!   3×3×3 cube, values 1–9, its nine planes the houses) is 3 lines of 11 characters, its
//!   three layers side by side one space apart (`123 456 789`), `roxdoku4` 4 lines of 19
//!   (4×4×4, values `1`–`9`, `A`–`G`). Lines starting with `#` are skipped.
//! - Output: one answer per puzzle, in input order, separated by a blank line: a solution in
//!   the same form (every line at full width, spaces included), or one line: `none`, `error`
//!   (with a message on stderr naming the puzzle's first line), `timeout`, or with `--count`
//!   the number of solutions (`--limit N` stops counting at N and prints `≥ N`).
//! - `--timeout SECONDS` caps each puzzle (default 10 s; `0` lifts the limit): a puzzle over
//!   it prints `timeout` and the run goes on.
//! - `--alphabet SYMBOLS` reads and prints N other symbols in place of `1`–`9`… (Wordoku
//!   letters, `0123456789ABCDEF` for 16 values); it works for one-line puzzles too.
//! - `--box` and `--engine` do not apply (dancing links solve every layout); the summary and
//!   exit statuses are those above.

use std::collections::HashMap;
use std::io::{BufRead, IsTerminal, Write};
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use sudoku_core::format::{ReadOptions, line};
use sudoku_core::layout::Layout;
use sudoku_core::{
    Alphabet, Engine, Geometry, Grid, RegionMap, Shape, SolveError, Solver, StopReason, Variant,
};

pub mod layouts;

use crate::cli::{self, Arg, CliError, Timer, Watchdog, usage};

/// [`Grid::MAX_TEXT_LEN`], as this module uses it in messages.
const MAX_TEXT_LEN: usize = Grid::MAX_TEXT_LEN;

pub mod jigsaw;
pub mod killer;

/// The usage, printed by `--help`.
pub const USAGE: &str = "\
usage: solve [--box RxC] [--variant x] [--regions FILE] [--count] [--limit N] [--engine dlx|fast] [--alphabet SYMBOLS] [--timeout SECONDS] < puzzles
       solve --variant samurai [--count] [--limit N] [--alphabet SYMBOLS] [--timeout SECONDS] < blocks
Solves the puzzles of standard input (one a line, one-line format): prints a solution, or
`none`, or with --count the number of solutions (--limit N stops at N, printed `≥ N`). --variant: x,
classic, latin, windoku, disjoint. --engine: dlx (every size) or fast (classic and X 9x9).
--regions FILE: a jigsaw region map (N×N labels, on one line or N lines) in place of boxes.
--variant jigsaw: pairs of lines, a region map (N×N labels on one line) then its puzzle.
--timeout: the limit of each line (`timeout` printed instead of its answer); default 5 s for
grids larger than 9x9, none for 9x9; 0 lifts it.
Layouts (--variant samurai, tiny-samurai, twin, butterfly, flower, roxdoku, roxdoku4) read
blocks separated by blank lines and answer each with a block or one line (default limit 10 s).
--variant killer|killer-x reads killer cages instead: see solve --variant killer --help.";

/// The time limit of an item (a line, a puzzle generated) larger than 9×9 when the command
/// line gives no `--timeout`.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// `--timeout` as given: `None` when absent (the default applies), `Some(None)` for
/// `--timeout 0` (no limit), `Some(Some(limit))` otherwise.
pub type Timeout = Option<Option<Duration>>;

/// The limit of an item of side `size` under `timeout`: the one given, or without one
/// [`DEFAULT_TIMEOUT`] above 9×9 and none up to 9×9.
pub fn limit_for(timeout: Timeout, size: usize) -> Option<Duration> {
    match timeout {
        Some(given) => given,
        None if size > 9 => Some(DEFAULT_TIMEOUT),
        None => None,
    }
}

/// The limit as a message says it: `2 s`, `0.05 s`.
pub(crate) fn seconds(limit: Option<Duration>) -> String {
    limit.map_or_else(
        || "no limit".to_owned(),
        |l| format!("{} s", l.as_secs_f64()),
    )
}

/// The parsed command line.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `--box RxC`.
    pub shape: Option<Shape>,
    /// `--variant x` (also `classic`, `latin`, `windoku`, `disjoint`).
    pub variant: Variant,
    /// `--count`.
    pub count: bool,
    /// `--limit N`.
    pub limit: Option<u64>,
    /// `--engine dlx|fast` (default: the fastest for each puzzle's geometry).
    pub engine: Engine,
    /// `--timeout SECONDS` (see [`Timeout`]).
    pub timeout: Timeout,
    /// Show progress on stderr (set by [`main`] when stderr is a terminal).
    pub progress: bool,
    /// `--variant samurai` and the other layouts: frame blocks in place of lines.
    pub layout: Option<Layout>,
    /// `--alphabet SYMBOLS`: the symbols read and printed.
    pub alphabet: Option<Alphabet>,
    /// `--variant jigsaw`: pairs of lines (region map, puzzle) in place of puzzle lines.
    pub jigsaw_pairs: bool,
}

/// Reads the arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, CliError> {
    let mut o = Options::default();
    let mut regions = None;
    let mut p = cli::parser(args);
    while let Some(arg) = p.next().map_err(|e| usage(e.to_string()))? {
        match arg {
            Arg::Long("box") => o.shape = Some(cli::value(&mut p, "--box")?),
            Arg::Long("variant") => {
                let name = cli::text(&mut p, "--variant")?;
                o.jigsaw_pairs = name == "jigsaw";
                match layouts::layout(&name) {
                    Some(l) => o.layout = Some(l),
                    None if o.jigsaw_pairs => o.variant = Variant::classic(),
                    None => o.variant = variant(&name)?,
                }
            }
            Arg::Long("alphabet") => o.alphabet = Some(alphabet(&mut p)?),
            Arg::Long("regions") => regions = Some(region_map(&cli::text(&mut p, "--regions")?)?),
            Arg::Long("count") => o.count = true,
            Arg::Long("limit") => o.limit = Some(count_limit(&mut p)?),
            Arg::Long("timeout") => o.timeout = Some(cli::timeout(&mut p)?),
            Arg::Long("engine") => {
                let v = cli::text(&mut p, "--engine")?;
                o.engine = match v.parse::<Engine>() {
                    Ok(e @ (Engine::Dlx | Engine::Fast)) => e,
                    _ => return Err(usage(format!("unknown engine {v:?} (dlx, fast)"))),
                };
            }
            Arg::Short('h') | Arg::Long("help") => return Err(CliError::Help(USAGE.into())),
            other => return Err(cli::unexpected(other)),
        }
    }
    p.requires("--limit", "--count")?;
    if o.layout.is_some() && regions.is_some() {
        return Err(layouts::not_with_layout("--regions"));
    }
    if o.jigsaw_pairs {
        let other = [
            (regions.is_some(), "--regions"),
            (o.shape.is_some(), "--box"),
            (o.engine == Engine::Fast, "--engine fast"),
        ];
        if let Some((_, option)) = other.iter().find(|(given, _)| *given) {
            return Err(usage(format!(
                "--variant jigsaw reads a region map before each puzzle: {option} does not apply"
            )));
        }
    }
    if let Some(map) = regions {
        o.variant = jigsaw(map, &o.variant)?;
    }
    if o.layout.is_some() && o.shape.is_some() {
        return Err(layouts::not_with_layout("--box"));
    }
    if o.layout.is_some() && o.engine != Engine::Auto {
        return Err(layouts::not_with_layout("--engine"));
    }
    Ok(o)
}

/// Reads `--limit N` (shared with the killer command line): a count stops at N ≥ 1 (a
/// count stopped at 0 would print `0` for a puzzle that has solutions).
pub(crate) fn count_limit(p: &mut cli::Parser) -> Result<u64, CliError> {
    match cli::value(p, "--limit")? {
        0 => Err(usage(
            "--limit 0: a count stops at 1 or more (leave --limit out for no limit)",
        )),
        n => Ok(n),
    }
}

/// The largest region map file `--regions` reads, in bytes.
pub const MAX_REGIONS_FILE: u64 = 64 * 1024;

/// Reads the region map of `--regions FILE` (shared with `generate`): N×N labels on one
/// line, or N lines of N.
pub(crate) fn region_map(path: &str) -> Result<RegionMap, CliError> {
    use std::io::Read as _;
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_REGIONS_FILE + 1).read_to_string(&mut text))
        .map_err(|e| usage(format!("--regions {}: {e}", cli::excerpt(path))))?;
    if text.len() as u64 > MAX_REGIONS_FILE {
        return Err(usage(format!(
            "--regions {}: more than {MAX_REGIONS_FILE} bytes",
            cli::excerpt(path)
        )));
    }
    text.parse::<RegionMap>()
        .map_err(|e| usage(format!("--regions {}: {e}", cli::excerpt(path))))
}

/// The jigsaw variant of `map`, with the diagonals of `variant` if it has them.
pub(crate) fn jigsaw(map: RegionMap, variant: &Variant) -> Result<Variant, CliError> {
    if !variant.extra_houses().is_empty()
        || variant.has_windows()
        || variant.has_disjoint_groups()
        || *variant.regions() != sudoku_core::Regions::Boxes
    {
        return Err(usage("--regions goes with --variant classic or x only"));
    }
    let jigsaw = Variant::jigsaw(map);
    Ok(if variant.has_diagonals() {
        jigsaw.with_diagonals()
    } else {
        jigsaw
    })
}

/// Reads `--alphabet SYMBOLS`, shared with `generate`.
pub(crate) fn alphabet(p: &mut cli::Parser) -> Result<Alphabet, CliError> {
    let symbols = cli::text(p, "--alphabet")?;
    Alphabet::new(&symbols).map_err(|e| usage(format!("--alphabet: {e}")))
}

/// The variant named on the command line (`--variant`), shared with `generate`.
pub(crate) fn variant(name: &str) -> Result<Variant, CliError> {
    Ok(match name {
        "x" => Variant::x(),
        "classic" => Variant::classic(),
        "latin" => Variant::latin(),
        "windoku" => Variant::classic().with_windows(),
        "disjoint" => Variant::classic().with_disjoint_groups(),
        v => {
            return Err(usage(format!(
                "unknown variant {v:?} (x, classic, latin, windoku, disjoint; layouts: {})",
                layouts::NAMES
            )));
        }
    })
}

/// The example's body: the command line, then standard input to standard output.
pub fn main(args: &[String]) -> Result<(), CliError> {
    if killer::requested(args) {
        return killer::main(args);
    }
    let mut opts = parse_args(args)?;
    opts.progress = std::io::stderr().is_terminal();
    let stdin = std::io::stdin().lock();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut err = std::io::stderr().lock();
    run(&opts, stdin, &mut out, &mut err)?;
    Ok(())
}

/// The solver of `shape` for the options, stopped by the worker's timer flag (`Err`: the
/// message for each of its lines).
fn make_solver(opts: &Options, shape: Shape, timer: &Timer) -> Result<Solver, String> {
    let geometry = Geometry::new(shape, &opts.variant)
        .map_err(|_| format!("the variant does not fit shape {shape}"))?;
    Solver::with_engine(geometry, opts.engine)
        .map(|s| s.cancel_flag(timer.flag()))
        .map_err(|e| e.to_string())
}

/// Starts the timer of a line of side `size`; returns its limit. The flag is lowered only
/// when needed (a limit, or a flag left raised by an earlier line), so that lines without a
/// limit cost nothing.
fn start(opts: &Options, timer: &Timer, flag: &AtomicBool, size: usize) -> Option<Duration> {
    let limit = limit_for(opts.timeout, size);
    if limit.is_some() || flag.load(Ordering::Relaxed) {
        timer.start(limit);
    }
    limit
}

/// Was this error the worker's time limit?
fn timed_out(e: &SolveError) -> bool {
    matches!(e, SolveError::Interrupted(i) if i.reason() == StopReason::Cancelled)
}

/// One worker's reused state: the solvers by shape (general path), and the 9×9 solver and
/// grids of the fast path (81-character lines: parsed in place, solved into a reused grid,
/// written straight into the output bytes, no allocation and no map lookup per line).
struct Worker {
    solvers: HashMap<Shape, Result<Solver, String>>,
    nine: Option<Result<Solver, String>>,
    puzzle: Grid,
    solution: Grid,
    /// The worker's time limit, whose flag its solvers watch.
    timer: Timer,
    /// That flag (kept, so that a line without a limit only reads it).
    flag: Arc<AtomicBool>,
}

impl Worker {
    fn new(timer: Timer) -> Worker {
        Worker {
            solvers: HashMap::new(),
            nine: None,
            puzzle: Grid::empty(Shape::CLASSIC),
            solution: Grid::empty(Shape::CLASSIC),
            flag: timer.flag(),
            timer,
        }
    }
}

/// The answers of a run of lines: stdout bytes, stderr messages, puzzles answered.
#[derive(Default)]
struct Block {
    out: Vec<u8>,
    errors: Vec<String>,
    answered: usize,
}

impl Block {
    /// Ends a line's answer, with its message for stderr if any.
    fn finish(&mut self, message: Option<String>) {
        self.out.push(b'\n');
        self.errors.extend(message);
        self.answered += 1;
    }
}

/// Answers one input line (line end removed, not yet trimmed) into `block`; skips blank and
/// comment lines.
fn answer_line(opts: &Options, w: &mut Worker, lineno: usize, line: &[u8], block: &mut Block) {
    let t = line.trim_ascii();
    if t.is_empty() || t[0] == b'#' {
        return;
    }
    if line.len() > MAX_TEXT_LEN {
        block.out.extend_from_slice(b"error");
        let e = format!("line {lineno}: longer than {MAX_TEXT_LEN} bytes, not read");
        return block.finish(Some(e));
    }
    if t.len() == 81
        && opts.alphabet.is_none()
        && opts.shape.is_none_or(|s| s == Shape::CLASSIC)
        && w.puzzle.read_line(t).is_ok()
    {
        let timer = &w.timer;
        let solver = match w
            .nine
            .get_or_insert_with(|| make_solver(opts, Shape::CLASSIC, timer))
        {
            Ok(s) => s,
            Err(e) => {
                block.out.extend_from_slice(b"error");
                return block.finish(Some(format!("line {lineno}: {e}")));
            }
        };
        let limit = start(opts, timer, &w.flag, 9);
        let result = if opts.count {
            solver
                .count(&w.puzzle, opts.limit.unwrap_or(u64::MAX))
                .map(|n| write!(block.out, "{n}").unwrap_or(()))
        } else {
            solver
                .solve_into(&w.puzzle, &mut w.solution)
                .map(|found| match found {
                    true => w.solution.write_line(&mut block.out),
                    false => block.out.extend_from_slice(b"none"),
                })
        };
        if limit.is_some() {
            timer.stop();
        }
        let message = result.err().map(|e| {
            if timed_out(&e) {
                block.out.extend_from_slice(b"timeout");
                format!("line {lineno}: over the time limit of {}", seconds(limit))
            } else {
                block.out.extend_from_slice(b"error");
                format!("line {lineno}: {e}")
            }
        });
        return block.finish(message);
    }
    // Every other line (other sizes, whitespace inside, errors): the general path.
    let text = match core::str::from_utf8(line) {
        Ok(text) => text.trim(),
        Err(_) => {
            block.out.extend_from_slice(b"error");
            return block.finish(Some(format!("line {lineno}: not UTF-8")));
        }
    };
    if text.is_empty() || text.starts_with('#') {
        return;
    }
    let (a, message) = answer(opts, &mut w.solvers, &w.timer, &w.flag, lineno, text);
    block.out.extend_from_slice(a.as_bytes());
    block.finish(message);
}

/// One input line's answer on the general path (any size): the text for stdout and, on
/// error, the message for stderr.
fn answer(
    opts: &Options,
    solvers: &mut HashMap<Shape, Result<Solver, String>>,
    timer: &Timer,
    flag: &AtomicBool,
    lineno: usize,
    text: &str,
) -> (String, Option<String>) {
    let read = ReadOptions {
        shape: opts.shape,
        alphabet: opts.alphabet.clone(),
    };
    let grid: Grid = match line::parse(text, &read) {
        Ok(g) => g,
        Err(e) => {
            let e = line_error(&e, "a 1×1 grid is read with --box 1x1");
            return ("error".into(), Some(format!("line {lineno}: {e}")));
        }
    };
    let shape = grid.shape();
    let solver = solvers
        .entry(shape)
        .or_insert_with(|| make_solver(opts, shape, timer));
    let solver = match solver {
        Ok(s) => s,
        Err(e) => return ("error".into(), Some(format!("line {lineno}: {e}"))),
    };
    solve_timed(opts, solver, timer, flag, lineno, &grid)
}

/// The message of a one-line puzzle that does not read, as a line of a file: the line is
/// the program's to name (`line 7: column 81: …`, not `line 7: line 1, column 81: …`),
/// and a 1-cell line, a 1×1 grid only with its shape given, says so: `1 cell: {one_cell}
/// (else 16, 36, …)`.
pub(crate) fn line_error(e: &line::ParseLineError, one_cell: &str) -> String {
    match e {
        line::ParseLineError::Length {
            found: 1,
            expected: None,
        } => format!(
            "1 cell: {one_cell} (else 16, 36, 64, 81, 144, 256, 625 or another square of 2..=25 cells)"
        ),
        line::ParseLineError::Character {
            line: 1,
            column,
            character,
        } => format!("column {column}: unexpected character {character:?}"),
        other => other.to_string(),
    }
}

/// Solves or counts one parsed puzzle under the worker's time limit (a grid of side
/// `grid.shape().size()`): its answer line and the message for stderr, if any.
pub(crate) fn solve_timed(
    opts: &Options,
    solver: &mut Solver,
    timer: &Timer,
    flag: &AtomicBool,
    lineno: usize,
    grid: &Grid,
) -> (String, Option<String>) {
    let limit = start(opts, timer, flag, grid.shape().size());
    let result = if opts.count {
        solver
            .count(grid, opts.limit.unwrap_or(u64::MAX))
            .map(|n| n.to_string())
    } else {
        solver.solve(grid).map(|s| match s {
            Some(g) => line::write(
                &g,
                &sudoku_core::format::WriteOptions {
                    alphabet: opts.alphabet.clone(),
                    ..Default::default()
                },
            ),
            None => "none".into(),
        })
    };
    if limit.is_some() {
        timer.stop();
    }
    match result {
        Ok(s) => (s, None),
        Err(e) if timed_out(&e) => (
            "timeout".into(),
            Some(format!(
                "line {lineno}: over the time limit of {}",
                seconds(limit)
            )),
        ),
        Err(e) => ("error".into(), Some(format!("line {lineno}: {e}"))),
    }
}

/// Runs the example: puzzles from `input`, answers to `out`, messages and the summary to
/// `err`. Returns the number of puzzles answered.
///
/// Lines are read as bytes in batches of 4,096 and answered in parts of 256 lines on the
/// rayon pool, each part into one byte buffer written in input order. A line is kept up to
/// [`Grid::MAX_TEXT_LEN`] + 1 bytes (the rest is skipped) and a batch ends past 16 MiB, so memory
/// stays bounded whatever the input. Each worker has a [`Timer`] of one [`Watchdog`], whose flag its solvers watch.
pub fn run(
    opts: &Options,
    mut input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
) -> std::io::Result<usize> {
    // A byte-order mark opening the input is not part of its first line.
    cli::skip_bom(&mut input)?;
    if let Some(layout) = &opts.layout {
        return layouts::run(opts, layout, input, out, err);
    }
    if opts.jigsaw_pairs {
        return jigsaw::run(opts, input, out, err);
    }
    const CHUNK: usize = 4096;
    const PART: usize = 256;
    // A batch also ends past 16 MiB, so that long lines cannot fill memory either.
    const BATCH_BYTES: usize = 16 << 20;
    let progress = cli::Progress::with_display(0, "puzzles", opts.progress);
    let watchdog = Watchdog::new();
    let start = Instant::now();
    let mut done = 0usize;
    // The batch's bytes, and each line's number and place in them (line end removed).
    let mut text: Vec<u8> = Vec::new();
    let mut lines: Vec<(usize, Range<usize>)> = Vec::with_capacity(CHUNK);
    let mut lineno = 0usize;
    loop {
        text.clear();
        lines.clear();
        let mut end = false;
        while lines.len() < CHUNK && text.len() < BATCH_BYTES {
            let at = text.len();
            if read_line_capped(&mut input, &mut text, MAX_TEXT_LEN + 1)? == 0 {
                end = true;
                break;
            }
            lineno += 1;
            let mut stop = text.len();
            if text[stop - 1] == b'\n' {
                stop -= 1;
                if stop > at && text[stop - 1] == b'\r' {
                    stop -= 1;
                }
            }
            let t = text[at..stop].trim_ascii();
            if t.is_empty() || t[0] == b'#' {
                text.truncate(at);
                continue;
            }
            lines.push((lineno, at..stop));
        }
        if lines.is_empty() {
            break;
        }
        let blocks: Vec<Block> = lines
            .par_chunks(PART)
            .map_init(
                || Worker::new(watchdog.timer()),
                |w, part| {
                    let mut block = Block {
                        out: Vec::with_capacity(part.len() * 83),
                        ..Block::default()
                    };
                    for (n, range) in part {
                        answer_line(opts, w, *n, &text[range.clone()], &mut block);
                    }
                    block
                },
            )
            .collect();
        for block in blocks {
            out.write_all(&block.out)?;
            for m in block.errors {
                writeln!(err, "{}", cli::escape(&m))?;
            }
            done += block.answered;
            progress.add(block.answered);
        }
        if end {
            break;
        }
    }
    summary(out, err, &progress, start, done)
}

/// Ends a run of `solve` (every path: lines, layouts, killer, jigsaw): flushes the answers,
/// ends the progress line, and writes the summary `P puzzles, S s, R puzzles/s` on stderr.
/// Returns `done`.
pub(crate) fn summary(
    out: &mut impl Write,
    err: &mut impl Write,
    progress: &cli::Progress,
    start: Instant,
    done: usize,
) -> std::io::Result<usize> {
    out.flush()?;
    progress.finish();
    let secs = start.elapsed().as_secs_f64();
    writeln!(
        err,
        "{done} puzzles, {secs:.3} s, {:.0} puzzles/s",
        done as f64 / secs.max(1e-9)
    )?;
    Ok(done)
}

/// Writes answers, one line each, and the message of each that has one on stderr.
pub(crate) fn write_answers(
    out: &mut impl Write,
    err: &mut impl Write,
    answers: &[(String, Option<String>)],
) -> std::io::Result<()> {
    for (text, message) in answers {
        writeln!(out, "{text}")?;
        if let Some(m) = message {
            writeln!(err, "{}", cli::escape(m))?;
        }
    }
    Ok(())
}

/// Appends one line of `input` (with its `\n`, if any) to `buf`, keeping at most `cap` bytes
/// of it and skipping the rest, so that a huge line never sits in memory whole. Returns the
/// bytes consumed from `input` (0 at the end).
pub(crate) fn read_line_capped(
    input: &mut (impl BufRead + ?Sized),
    buf: &mut Vec<u8>,
    cap: usize,
) -> std::io::Result<usize> {
    let mut kept = 0usize;
    let mut consumed = 0usize;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(consumed);
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let keep = take.min(cap.saturating_sub(kept));
        buf.extend_from_slice(&chunk[..keep]);
        if done && keep < take {
            // Keep the line end of a cut line, so that it still ends where it should.
            buf.push(b'\n');
        }
        kept += keep;
        consumed += take;
        input.consume(take);
        if done {
            return Ok(consumed);
        }
    }
}
