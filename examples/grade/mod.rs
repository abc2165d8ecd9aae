//! `grade` (sudoku-grade): rates sudoku puzzles with the A1–F ladder, explains them step by
//! step, estimates how long a person takes, gives the next step from a position, or
//! calibrates.
//!
//! ```text
//! cargo run --release --example grade -- [--explain] [--human] [--budget N] [--timeout SECONDS] [--variant classic|x] < puzzles.txt
//! cargo run --release --example grade -- --hint [--budget N] [--timeout SECONDS] [--variant classic|x] < positions.txt
//! cargo run --release --example grade -- --calibrate --seed S
//! ```
//!
//! - Reads puzzles from stdin, one per line in the one-line format (size from the length:
//!   16, 36, 64, 81, 144, 256 or 625 cells; `.`, `0`, `-`, `*` for empty cells; `#` lines and
//!   blank lines skipped). Whitespace ends the puzzle: what follows is a comment, so
//!   `puzzle<TAB>name` lines read. Prints one line per puzzle, tab-separated:
//!   `level<TAB>score<TAB>hardest<TAB>A1=n A2=n B=n C=n D=n E=n F=n`, where level is
//!   `easy`, `intermediate` or `expert`, score the grid score of the cost formula, hardest
//!   the hardest method credited to a cell (`-` for a grid with no empty cell), then the
//!   count of cells per method.
//! - A line that is not rated prints one word instead, and a message on stderr naming the
//!   line (`line 3: …`), once: `multiple` for a puzzle with two solutions or more, `none` for
//!   one with no solution, `budget` when the rating ran out of its work budget, `timeout`
//!   when it ran past its time limit (`--timeout`), `error` for a
//!   line that is not a puzzle (`line 2: 85 characters: a puzzle line holds 81 cells …`) or
//!   whose givens clash (`line 4: r1c1 and r1c2 both hold 1 in one house`). The run goes on.
//! - `--human`: one more tab-separated field at the end of each rated line: the estimated
//!   mean time a person takes to solve it, in whole seconds (`sudoku_grade::HumanModel`,
//!   calibrated on 9×9 puzzles). Nothing else in the line changes.
//! - `--explain`: after each puzzle's line, one line per step, `  N. [M Technique] sentence`
//!   (M the method letter), in the order the rater applied them. A step that places a digit
//!   adds, after a tab, what the placement costs and the running score:
//!   `r7c5=7: A2, |V| = 3, cost 1 + 1 × 2 = 3, total 57` (the method credited, which is
//!   the hardest of the placing technique and the eliminations since the previous
//!   placement; |V| the cell's candidates when the search for it began; the cost formula
//!   `base + rank × (|V| − 1)`). The last total is the score.
//! - `--budget N` (default 10,000,000, about 10 s): the work budget of each line, in
//!   sudoku-grade's units (`Rater::budget`, 0.6 to 1.3 µs each on the machine it was
//!   measured on, whatever the size): a random minimal 9×9 puzzle takes 55 to 5,000, a hard
//!   one that needs look-ahead about 160,000. Past it the line prints `budget`. The uniqueness check comes first, so a grid with many solutions
//!   (an empty 16×16) prints `multiple` at once.
//! - `--timeout SECONDS` (fractions allowed): the wall-clock limit of each line; a line over
//!   it prints `timeout` in place of its answer (stderr: `line N: over the time limit of
//!   S s`) and the run goes on. Without the option, lines of grids larger than 9×9 have a
//!   limit of 5 seconds and 9×9 lines none; `--timeout 0` lifts every limit. The limit cancels
//!   the rater (`Rater::cancel_flag`) through `examples::cli::Watchdog`.
//! - `--hint`: each line is a position instead of a puzzle: a puzzle line, or the pencil
//!   marks of a player, one token per cell (a digit placed, `.` an empty cell with every
//!   candidate its houses leave, `[123]` an empty cell with those candidates), or a
//!   candidate string of N characters per cell (729 for a 9×9 grid: `1.3......` holds 1 and
//!   3; a cell with a single candidate counts as placed). Prints only the next step, one
//!   line, tab-separated: `method<TAB>technique<TAB>explanation`, or `solved` for a
//!   complete grid (and `multiple`, `none`, `budget`, `error` as above; a position whose
//!   marks removed a digit of the solution has none).
//! - `--variant x`: the diagonals are houses too (Sudoku X); `--variant classic` is the
//!   default.
//! - `--calibrate --seed S`: no input; makes a random 9×9 grid from seed `S` and prints its
//!   three calibration snapshots (`sudoku_grade::calibrate`), one per line:
//!   `label<TAB>puzzle<TAB>level<TAB>score<TAB>hardest<TAB>A1=n …`, label `easy`,
//!   `intermediate`, `expert` (where the snapshot was taken), the rest its real rating. The
//!   generator `rand_pcg::Pcg64Mcg::seed_from_u64(S)` draws the grid (sudoku-core's
//!   `Solver::random_solution`), then the order that breaks ties: the same seed prints the
//!   same lines on every machine.
//! - `--help`: the usage and these options, on stdout.
//! - A summary (`P puzzles, S s, R puzzles/s`, then the lines not rated if any) goes to
//!   stderr. Puzzles are rated on every core (rayon), output in input order, with progress
//!   on stderr when it is a terminal.
//!
//! Exit status: 0 when every line was rated (or hinted) and for `--help`; 3 when some line
//! printed `multiple`, `none`, `budget`, `timeout` or `error` (every line is still printed); 1 when
//! a line of stdin is not UTF-8 text (`line N: not UTF-8 text`; the lines before it are
//! printed), the output cannot be written or the calibration fails; 2 on a bad command line.
//!
//! Standard input is streamed: read in batches of at most 4,096 lines or 16 MiB, each rated
//! and printed before the next is read, so memory does not grow with the input. A line longer
//! than [`MAX_LINE_LEN`] (256 KiB) prints `error` without being held whole; a byte-order mark
//! opening the input is skipped.

use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use sudoku_core::format::line::ParseLineError;
use sudoku_core::{Geometry, Grid, Puzzle, PuzzleError, Shape, Solver, StopReason, Variant};
use sudoku_grade::{GradeError, HumanModel, MarkedGrid, MarkedGridError, Rater, Rating};

use crate::cli::{self, Arg, CliError, Progress, Timer, Watchdog, usage};

/// The usage lines.
pub const USAGE: &str =
    "usage: grade [--explain] [--human] [--budget N] [--timeout SECONDS] [--variant classic|x] < puzzles.txt
       grade --hint [--budget N] [--timeout SECONDS] [--variant classic|x] < positions.txt
       grade --calibrate --seed S";

/// The default work budget of one line (`--budget`).
pub const DEFAULT_BUDGET: u64 = 10_000_000;

/// The time limit of a line of a grid larger than 9×9 without `--timeout`.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// The exit status when some line was not rated.
pub const NOT_RATED: u8 = 3;

/// The text of `--help`: the usage, then the options.
pub fn help() -> String {
    format!(
        "{USAGE}
Rates sudoku puzzles (one per line on stdin, one-line format; text after whitespace is a
comment) with the A1-F ladder: prints level<TAB>score<TAB>hardest<TAB>A1=n A2=n B=n C=n D=n E=n F=n
per puzzle, or multiple, none, budget, timeout or error (with the reason on stderr).
  --explain          after each puzzle, its steps as sentences; each placement with its
                     method, |V|, cost and the running total
  --human            add the estimated solving time of a person, in seconds
  --budget N         work budget per line (default {DEFAULT_BUDGET}, about 1 us a unit)
  --timeout SECONDS  time limit per line (default: {} s for grids larger than 9x9, none
                     for 9x9; 0: no limit); a line over it prints timeout
  --hint             read positions (a puzzle, pencil marks [123].5[48]..., or a candidate
                     string of 729 characters) and print only the next step
  --variant NAME     classic (default) or x (the diagonals are houses too)
  --calibrate        no input: the three calibration snapshots of a random 9x9 grid
  --seed S           the seed of --calibrate (default 0)
  -h, --help         this help
Exit status: 0 all lines rated, 3 some line not rated, 1 failure, 2 bad command line.",
        DEFAULT_TIMEOUT.as_secs()
    )
}

/// Command-line options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opts {
    /// `--explain`.
    pub explain: bool,
    /// `--human`.
    pub human: bool,
    /// `--hint`.
    pub hint: bool,
    /// `--budget N`.
    pub budget: u64,
    /// `--timeout SECONDS`: `None` without the option (the default limit by size),
    /// `Some(None)` for `--timeout 0`.
    pub timeout: Option<Option<Duration>>,
    /// `--variant x`.
    pub x: bool,
    /// `--calibrate`.
    pub calibrate: bool,
    /// `--seed S`.
    pub seed: u64,
}

impl Default for Opts {
    fn default() -> Self {
        Opts {
            explain: false,
            human: false,
            hint: false,
            budget: DEFAULT_BUDGET,
            timeout: None,
            x: false,
            calibrate: false,
            seed: 0,
        }
    }
}

/// Parses the arguments (without the program name).
///
/// # Errors
/// [`CliError::Help`] for `--help`, [`CliError::Usage`] for a bad command line.
pub fn parse_args(args: &[String]) -> Result<Opts, CliError> {
    let mut o = Opts::default();
    let mut p = cli::parser(args);
    while let Some(arg) = cli::next(&mut p)? {
        match arg {
            Arg::Long("explain") => o.explain = true,
            Arg::Long("human") => o.human = true,
            Arg::Long("hint") => o.hint = true,
            Arg::Long("budget") => o.budget = cli::value(&mut p, "--budget")?,
            Arg::Long("timeout") => o.timeout = Some(cli::timeout(&mut p)?),
            Arg::Long("calibrate") => o.calibrate = true,
            Arg::Long("seed") => o.seed = cli::value(&mut p, "--seed")?,
            Arg::Long("variant") => match cli::text(&mut p, "--variant")?.as_str() {
                "x" => o.x = true,
                "classic" => o.x = false,
                v => return Err(usage(format!("unknown variant {v:?} (classic or x)"))),
            },
            Arg::Short('h') | Arg::Long("help") => return Err(CliError::Help(help())),
            other => return Err(cli::unexpected(other)),
        }
    }
    if o.hint && (o.explain || o.human) {
        return Err(usage(
            "--hint prints one step: it goes without --explain and --human",
        ));
    }
    if o.budget == 0 {
        return Err(usage("--budget 0: the budget must be at least 1"));
    }
    Ok(o)
}

/// What became of the input lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Lines read (puzzles or positions).
    pub lines: usize,
    /// Lines with several solutions (`multiple`).
    pub multiple: usize,
    /// Lines with no solution (`none`).
    pub none: usize,
    /// Lines over the work budget (`budget`).
    pub budget: usize,
    /// Lines over their time limit (`timeout`).
    pub timeout: usize,
    /// Lines that are not puzzles or positions (`error`).
    pub error: usize,
}

impl Summary {
    /// Lines not rated: `multiple`, `none`, `budget`, `timeout` and `error`.
    pub fn not_rated(&self) -> usize {
        self.multiple + self.none + self.budget + self.timeout + self.error
    }
}

/// The exit status of a run: [`NOT_RATED`] when some line was not rated, else as
/// [`cli::finish`] (which also prints the message of an error).
pub fn exit_status(result: Result<Summary, CliError>) -> ExitCode {
    match result {
        Ok(summary) if summary.not_rated() > 0 => ExitCode::from(NOT_RATED),
        // A usage error: its line, then the usage lines.
        Err(e @ CliError::Usage(_)) => {
            eprintln!("grade: {}\n{USAGE}", cli::escape(&e.to_string()));
            e.exit_code()
        }
        other => cli::finish("grade", other.map(|_| ())),
    }
}

/// The example's `main`: reads stdin, writes stdout and stderr.
///
/// # Errors
/// As [`parse_args`] ([`exit_status`] prints the usage lines after a usage error), and [`CliError::Failed`] when
/// stdin is not UTF-8 text or an output cannot be written.
pub fn main(args: &[String]) -> Result<Summary, CliError> {
    let opts = parse_args(args)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut err = io::stderr().lock();
    run(
        &opts,
        &mut io::stdin().lock(),
        io::stderr().is_terminal(),
        &mut out,
        &mut err,
    )
}

/// The rules a line is rated under: the classic rules of its shape, or Sudoku X.
struct Rules {
    x: bool,
    /// The X geometries made so far, one per shape.
    x_geometries: Vec<(Shape, Arc<Geometry>)>,
}

impl Rules {
    fn geometry(&self, shape: Shape) -> Result<Arc<Geometry>, String> {
        if !self.x {
            return Ok(Geometry::classic(shape));
        }
        match self.x_geometries.iter().find(|(s, _)| *s == shape) {
            Some((_, geo)) => Ok(Arc::clone(geo)),
            None => Geometry::new(shape, &Variant::x())
                .map(Arc::new)
                .map_err(|e| e.to_string()),
        }
    }
}

/// A line's result: the text to print on stdout, or the word and the message of a line not
/// rated.
enum Outcome {
    Done(String),
    NotRated(Word, String),
}

/// The word printed for a line not rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Word {
    Multiple,
    None,
    Budget,
    Timeout,
    Error,
}

impl Word {
    fn as_str(self) -> &'static str {
        match self {
            Word::Multiple => "multiple",
            Word::None => "none",
            Word::Budget => "budget",
            Word::Timeout => "timeout",
            Word::Error => "error",
        }
    }
}

/// The word and message of a rater's error.
fn not_rated(e: &GradeError, budget: u64, limit: Option<Duration>) -> Outcome {
    match e {
        GradeError::Interrupted(i) if i.reason() == StopReason::Cancelled => Outcome::NotRated(
            Word::Timeout,
            format!(
                "over the time limit of {} s (--timeout SECONDS changes it, 0 lifts it)",
                limit.map_or(0.0, |l| l.as_secs_f64())
            ),
        ),
        GradeError::MultipleSolutions => Outcome::NotRated(
            Word::Multiple,
            "the puzzle has more than one solution".into(),
        ),
        GradeError::NoSolution => {
            Outcome::NotRated(Word::None, "the puzzle has no solution".into())
        }
        GradeError::Interrupted(_) => Outcome::NotRated(
            Word::Budget,
            format!("over the work budget of {budget} units (--budget N raises it)"),
        ),
        GradeError::Puzzle(p) => Outcome::NotRated(Word::Error, clash(p)),
        other => Outcome::NotRated(Word::Error, other.to_string()),
    }
}

/// A clash, in the example's own wording since its first version.
fn clash(e: &PuzzleError) -> String {
    match e {
        PuzzleError::Clash {
            value,
            first_at,
            second_at,
            ..
        } => format!("{first_at} and {second_at} both hold {value} in one house"),
        other => other.to_string(),
    }
}

/// The puzzle of a line: its first whitespace-separated word (the rest is a comment).
fn first_word(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

/// The sizes a line may hold, for messages.
const SIZES: &str = "81 cells (16, 36, 64, 144, 256 or 625 for other sizes)";

/// A puzzle line read, or the message saying what is wrong.
fn read_grid(word: &str) -> Result<Grid, String> {
    word.parse::<Grid>().map_err(|e| match e {
        ParseLineError::Length { found, .. } => format!(
            "{found} characters: a puzzle line holds {SIZES}, then optional whitespace and a comment"
        ),
        ParseLineError::Character {
            column, character, ..
        } => format!(
            "column {column}: {character:?} is not a cell (a digit, a letter for sizes above 9, or . 0 - * for an empty cell)"
        ),
        other => other.to_string(),
    })
}

/// The time limit of a line of a grid of `size` × `size`.
fn limit(opts: &Opts, size: usize) -> Option<Duration> {
    match opts.timeout {
        Some(t) => t,
        None if size > 9 => Some(DEFAULT_TIMEOUT),
        None => None,
    }
}

/// Runs `f` with a rater of `opts` whose cancel flag `timer` raises past `limit`.
fn timed<T>(
    timer: &Timer,
    limit: Option<Duration>,
    rater: Rater,
    f: impl FnOnce(&Rater) -> T,
) -> T {
    let rater = match limit {
        Some(_) => rater.cancel_flag(timer.flag()),
        None => rater,
    };
    timer.start(limit);
    let out = f(&rater);
    timer.stop();
    out
}

/// Rates one line.
fn rate_line(line: &str, rules: &Rules, opts: &Opts, timer: &Timer) -> Outcome {
    let grid = match read_grid(first_word(line)) {
        Ok(g) => g,
        Err(e) => return Outcome::NotRated(Word::Error, e),
    };
    let geometry = match rules.geometry(grid.shape()) {
        Ok(g) => g,
        Err(e) => return Outcome::NotRated(Word::Error, e),
    };
    let puzzle = match Puzzle::new(grid, geometry) {
        Ok(p) => p,
        Err(e) => return Outcome::NotRated(Word::Error, clash(&e)),
    };
    let limit = limit(opts, puzzle.grid().size());
    let rater = Rater::new().budget(opts.budget).record_steps(opts.explain);
    let r = match timed(timer, limit, rater, |r| r.rate(&puzzle)) {
        Ok(r) => r,
        Err(e) => return not_rated(&e, opts.budget, limit),
    };
    let mut s = r.summary_line();
    if opts.human {
        match HumanModel::CALIBRATED.estimate(&puzzle, &r) {
            Ok(t) => s.push_str(&format!("\t{:.0}", t.seconds)),
            Err(e) => return not_rated(&e, opts.budget, limit),
        }
    }
    s.push('\n');
    if opts.explain {
        explain(&r, puzzle.grid().shape(), &mut s);
    }
    Outcome::Done(s)
}

/// The `--explain` lines of a rating: every step, and for each placement its cost and the
/// running total.
fn explain(r: &Rating, shape: Shape, s: &mut String) {
    let mut placements = r.placements.iter().peekable();
    let mut total = 0u32;
    for (i, step) in r.steps.iter().enumerate() {
        s.push_str(&format!(
            "  {}. [{} {}] {}",
            i + 1,
            step.method(),
            step.technique,
            step
        ));
        if let Some(p) = placements.next_if(|p| p.step == i) {
            total += p.cost;
            s.push_str(&format!(
                "\t{}={}: {}, |V| = {}, cost {} + {} × {} = {}, total {total}",
                p.cell.display(shape),
                sudoku_core::Alphabet::standard(shape.size())
                    .symbol(p.digit)
                    .unwrap_or('?'),
                p.method,
                p.candidates,
                p.method.base(),
                p.method.rank(),
                p.candidates.saturating_sub(1),
                p.cost
            ));
        }
        s.push('\n');
    }
}

/// The next step of one position line.
fn hint_line(line: &str, rules: &Rules, opts: &Opts, timer: &Timer) -> Outcome {
    let word = first_word(line);
    let read = word.parse::<MarkedGrid>().and_then(|p| {
        if rules.x {
            let geometry =
                rules
                    .geometry(p.grid().shape())
                    .map_err(|_| MarkedGridError::Shape {
                        found: p.grid().size(),
                        expected: p.grid().size(),
                    })?;
            MarkedGrid::parse_in(word, geometry)
        } else {
            Ok(p)
        }
    });
    let position = match read {
        Ok(p) => p,
        Err(MarkedGridError::Cells { found, .. }) => {
            return Outcome::NotRated(
                Word::Error,
                format!(
                    "{found} cells: a position holds {SIZES} (a digit, . for an empty cell, or [123] for its candidates), or N characters per cell in a candidate string (729 for 9x9), then optional whitespace and a comment"
                ),
            );
        }
        Err(MarkedGridError::Puzzle(e)) => return Outcome::NotRated(Word::Error, clash(&e)),
        Err(e) => return Outcome::NotRated(Word::Error, e.to_string()),
    };
    if position.is_solved() {
        return Outcome::Done("solved\n".into());
    }
    let limit = limit(opts, position.grid().size());
    let rater = Rater::new().budget(opts.budget);
    let step = timed(timer, limit, rater, |rater| {
        rater
            .solution(&position)
            .and_then(|_| rater.next_step(&position))
    });
    match step {
        Ok(step) => Outcome::Done(format!("{}\t{}\t{}\n", step.method(), step.technique, step)),
        Err(GradeError::NoSolution) if position.is_marked() => Outcome::NotRated(
            Word::None,
            "the position has no solution (its pencil marks may have lost a digit of the solution)"
                .into(),
        ),
        Err(e) => not_rated(&e, opts.budget, limit),
    }
}

fn summary(r: &Rating) -> String {
    r.summary_line()
}

/// The calibration of the random 9×9 grid of `seed`.
fn calibrate_seed(seed: u64) -> Result<sudoku_grade::Calibration, String> {
    let geometry = Geometry::classic(Shape::CLASSIC);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let grid = Solver::new(Arc::clone(&geometry))
        .random_solution(&Grid::empty(Shape::CLASSIC), &mut rng)
        .map_err(|e| e.to_string())?
        .ok_or("an empty grid has solutions")?;
    let solution = Puzzle::new(grid, geometry).map_err(|e| e.to_string())?;
    Rater::new()
        .calibrate(&solution, &mut rng)
        .map_err(|e| e.to_string())
}

/// Lines read and rated at a time (a batch also ends past [`BATCH_BYTES`]).
pub const BATCH: usize = 4096;

/// The bytes of a batch past which it ends.
pub const BATCH_BYTES: usize = 16 << 20;

/// The longest line read, in bytes: [`Grid::MAX_TEXT_LEN`] (256 KiB; a 25×25 position in
/// pencil marks takes about 17 KiB). A longer line prints `error` and is not held whole.
pub const MAX_LINE_LEN: usize = Grid::MAX_TEXT_LEN;

/// The next batch of lines of `input` (blank and `#` lines skipped, each trimmed, the
/// line numbers running on from `line`), and the error that ends the input early: a line
/// that is not UTF-8. A line longer than [`MAX_LINE_LEN`] is kept as `None` (not read). A
/// batch holds at most [`BATCH`] lines and ends once [`BATCH_BYTES`] bytes were read; an
/// empty batch at the end.
///
/// # Errors
/// The reader's errors.
#[allow(clippy::type_complexity)]
pub fn read_batch(
    input: &mut dyn BufRead,
    line: &mut usize,
) -> Result<(Vec<(usize, Option<String>)>, Option<CliError>), CliError> {
    let mut lines = Vec::new();
    let (mut bytes, mut buf) = (0usize, Vec::new());
    while lines.len() < BATCH && bytes < BATCH_BYTES {
        buf.clear();
        if crate::solve::read_line_capped(input, &mut buf, MAX_LINE_LEN + 1)? == 0 {
            break;
        }
        *line += 1;
        bytes += buf.len();
        if buf.len() > MAX_LINE_LEN {
            lines.push((*line, None));
            continue;
        }
        let Ok(text) = std::str::from_utf8(&buf) else {
            let e = format!("line {line}: not UTF-8 text");
            return Ok((lines, Some(CliError::Failed(e))));
        };
        // A byte-order mark opening the input is not part of the first puzzle.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text).trim();
        if !text.is_empty() && !text.starts_with('#') {
            lines.push((*line, Some(text.to_owned())));
        }
    }
    Ok((lines, None))
}

/// Runs the example on `input`, writing results to `out` and messages to `err`; progress on
/// stderr when `progress` is set. Returns what became of the lines.
///
/// The input is read in batches of at most 4,096 lines or 16 MiB, each rated on every core
/// and written in input order before the next is read, so memory stays bounded whatever
/// the input; a line is kept up to [`MAX_LINE_LEN`] + 1 bytes.
///
/// # Errors
/// [`CliError::Failed`] when a line is not UTF-8 text (the lines before it are printed), an
/// output cannot be written or the calibration fails.
pub fn run(
    opts: &Opts,
    input: &mut dyn BufRead,
    progress: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Summary, CliError> {
    let start = Instant::now();
    if opts.calibrate {
        let cal = calibrate_seed(opts.seed).map_err(CliError::Failed)?;
        for s in cal.snapshots() {
            writeln!(out, "{}\t{}\t{}", s.label, s.puzzle, summary(&s.rating))?;
        }
        out.flush()?;
        writeln!(
            err,
            "calibrated seed {} in {:.3} s",
            opts.seed,
            start.elapsed().as_secs_f64()
        )?;
        return Ok(Summary::default());
    }
    let mut rules = Rules {
        x: opts.x,
        x_geometries: Vec::new(),
    };
    let shown = Progress::with_display(0, "puzzles", progress);
    let watchdog = Watchdog::new();
    let mut sum = Summary::default();
    let mut line = 0usize;
    let stop = loop {
        let (lines, stop) = read_batch(input, &mut line)?;
        if opts.x {
            // The X geometries of the shapes in the batch, made once.
            for (_, l) in &lines {
                let word = first_word(l.as_deref().unwrap_or_default());
                let shape = if opts.hint {
                    word.parse::<MarkedGrid>().ok().map(|p| p.grid().shape())
                } else {
                    word.parse::<Grid>().ok().map(|g| g.shape())
                };
                if let Some(shape) = shape
                    && !rules.x_geometries.iter().any(|(s, _)| *s == shape)
                    && let Ok(geo) = rules.geometry(shape)
                {
                    rules.x_geometries.push((shape, geo));
                }
            }
        }
        let results: Vec<Outcome> = lines
            .par_iter()
            .map_init(
                || watchdog.timer(),
                |timer, (_, l)| {
                    let r = match l {
                        None => Outcome::NotRated(
                            Word::Error,
                            format!("longer than {MAX_LINE_LEN} bytes, not read"),
                        ),
                        Some(l) if opts.hint => hint_line(l, &rules, opts, timer),
                        Some(l) => rate_line(l, &rules, opts, timer),
                    };
                    shown.add(1);
                    r
                },
            )
            .collect();
        sum.lines += lines.len();
        for ((n, _), r) in lines.iter().zip(&results) {
            match r {
                Outcome::Done(s) => out.write_all(s.as_bytes())?,
                Outcome::NotRated(word, e) => {
                    writeln!(out, "{}", word.as_str())?;
                    writeln!(err, "line {n}: {}", cli::escape(e))?;
                    match word {
                        Word::Multiple => sum.multiple += 1,
                        Word::None => sum.none += 1,
                        Word::Budget => sum.budget += 1,
                        Word::Timeout => sum.timeout += 1,
                        Word::Error => sum.error += 1,
                    }
                }
            }
        }
        if stop.is_some() || lines.is_empty() {
            break stop;
        }
    };
    drop(watchdog);
    shown.finish();
    let total = sum.lines;
    if let Some(e) = stop {
        out.flush()?;
        return Err(e);
    }
    out.flush()?;
    let secs = start.elapsed().as_secs_f64();
    write!(
        err,
        "{total} puzzles, {secs:.3} s, {:.0} puzzles/s",
        total as f64 / secs.max(1e-9)
    )?;
    if sum.not_rated() > 0 {
        write!(
            err,
            "; {} not rated (multiple {}, none {}, budget {}, timeout {}, error {})",
            sum.not_rated(),
            sum.multiple,
            sum.none,
            sum.budget,
            sum.timeout,
            sum.error
        )?;
    }
    writeln!(err)?;
    Ok(sum)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_and_errors() {
        let o = parse_args(&args(
            "--explain --variant x --seed 4 --human --budget 99 --timeout 1.5",
        ))
        .unwrap();
        assert_eq!(
            o,
            Opts {
                explain: true,
                human: true,
                hint: false,
                budget: 99,
                timeout: Some(Some(Duration::from_millis(1500))),
                x: true,
                calibrate: false,
                seed: 4
            }
        );
        assert_eq!(parse_args(&[]).unwrap().budget, DEFAULT_BUDGET);
        assert_eq!(parse_args(&[]).unwrap().timeout, None);
        assert_eq!(
            parse_args(&args("--timeout 0")).unwrap().timeout,
            Some(None)
        );
        let o = parse_args(&[]).unwrap();
        assert_eq!(limit(&o, 9), None);
        assert_eq!(limit(&o, 16), Some(DEFAULT_TIMEOUT));
        let o = parse_args(&args("--timeout 0")).unwrap();
        assert_eq!(limit(&o, 25), None);
        assert!(
            matches!(parse_args(&args("--help")), Err(CliError::Help(h)) if h.starts_with(USAGE))
        );
        let e = parse_args(&args("--variant y")).unwrap_err();
        assert_eq!(e.to_string(), "unknown variant \"y\" (classic or x)");
        let e = parse_args(&args("--seed")).unwrap_err();
        assert_eq!(e.to_string(), "--seed needs a value");
        assert!(matches!(
            parse_args(&args("--frobnicate")),
            Err(CliError::Usage(_))
        ));
        for bad in [
            "--hint --explain",
            "--hint --human",
            "--budget 0",
            "--budget x",
            "--timeout -1",
            "--timeout x",
        ] {
            assert!(
                matches!(parse_args(&args(bad)), Err(CliError::Usage(_))),
                "{bad}"
            );
        }
    }
}
