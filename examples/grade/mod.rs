//! `grade` (sudoku-grade): rates sudoku puzzles with the A1–F ladder, explains them step by
//! step, or calibrates.
//!
//! ```text
//! cargo run --release --example grade -- [--explain] [--variant classic|x] < puzzles.txt
//! cargo run --release --example grade -- --calibrate --seed S
//! ```
//!
//! - Reads puzzles from stdin, one per line in the one-line format (size from the length:
//!   16, 36, 64, 81, 144, 256 or 625 cells; `.`, `0`, `-`, `*` for empty cells; `#` lines and
//!   blank lines skipped). Prints one line per puzzle, tab-separated:
//!   `level<TAB>score<TAB>hardest<TAB>A1=n A2=n B=n C=n D=n E=n F=n`, where level is
//!   `easy`, `intermediate` or `expert`, score the grid score of the cost formula, hardest
//!   the hardest method credited to a cell (`-` for a grid with no empty cell), then the
//!   count of cells per method.
//! - `--explain`: after each puzzle's line, one line per step, `  N. [M Technique] sentence`
//!   (M the method letter), in the order the rater applied them.
//! - `--variant x`: the diagonals are houses too (Sudoku X); `--variant classic` is the
//!   default.
//! - A line that is not a puzzle, or a puzzle with clashing givens or no solution, prints
//!   `error` on stdout and a message with the line number on stderr; the run goes on.
//! - `--calibrate --seed S`: no input; makes a random 9×9 grid from seed `S` and prints its
//!   three calibration snapshots (`sudoku_grade::calibrate`), one per line:
//!   `label<TAB>puzzle<TAB>level<TAB>score<TAB>hardest<TAB>A1=n …`, label `easy`,
//!   `intermediate`, `expert` (where the snapshot was taken), the rest its real rating. The
//!   generator `rand_pcg::Pcg64Mcg::seed_from_u64(S)` draws the grid (sudoku-core's
//!   `Solver::random_solution`), then the order that breaks ties: the same seed prints the
//!   same lines on every machine.
//! - `--help`: the usage and these options, on stdout.
//! - A summary (puzzles, seconds, puzzles/s) goes to stderr. Puzzles are rated on every
//!   core (rayon), output in input order, with progress on stderr when it is a terminal.
//!
//! Exit status: 0 on success and for `--help`, 1 when stdin is not UTF-8 text or the output
//! cannot be written, 2 on a bad command line.

use std::io::{self, IsTerminal, Read, Write};
use std::sync::Arc;
use std::time::Instant;

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use sudoku_core::{Geometry, Grid, Puzzle, PuzzleError, Shape, Solver, Variant};
use sudoku_grade::calibrate::calibrate;
use sudoku_grade::{Rater, Rating};

use crate::cli::{self, Arg, CliError, Progress, usage};

/// The usage lines.
pub const USAGE: &str = "usage: grade [--explain] [--variant classic|x] < puzzles.txt
       grade --calibrate --seed S";

/// The text of `--help`: the usage, then the options.
pub fn help() -> String {
    format!(
        "{USAGE}
Rates sudoku puzzles (one per line on stdin, one-line format) with the A1-F ladder:
prints level<TAB>score<TAB>hardest<TAB>A1=n A2=n B=n C=n D=n E=n F=n per puzzle.
  --explain          after each puzzle, its steps as sentences
  --variant NAME     classic (default) or x (the diagonals are houses too)
  --calibrate        no input: the three calibration snapshots of a random 9x9 grid
  --seed S           the seed of --calibrate (default 0)
  -h, --help         this help"
    )
}

/// Command-line options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opts {
    /// `--explain`.
    pub explain: bool,
    /// `--variant x`.
    pub x: bool,
    /// `--calibrate`.
    pub calibrate: bool,
    /// `--seed S`.
    pub seed: u64,
}

/// Parses the arguments (without the program name).
///
/// # Errors
/// [`CliError::Help`] for `--help`, [`CliError::Usage`] for a bad command line.
pub fn parse_args(args: &[String]) -> Result<Opts, CliError> {
    let mut o = Opts::default();
    let mut p = cli::parser(args);
    while let Some(arg) = p.next().map_err(|e| usage(e.to_string()))? {
        match arg {
            Arg::Long("explain") => o.explain = true,
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
    Ok(o)
}

/// The example's `main`: reads stdin, writes stdout and stderr.
///
/// # Errors
/// As [`parse_args`] (a usage error carries the usage line), and [`CliError::Failed`] when
/// stdin is not UTF-8 text or an output cannot be written.
pub fn main(args: &[String]) -> Result<(), CliError> {
    let opts = parse_args(args).map_err(|e| match e {
        CliError::Usage(message) => CliError::Usage(format!("{message}\n{USAGE}")),
        other => other,
    })?;
    let mut input = String::new();
    if !opts.calibrate && io::stdin().read_to_string(&mut input).is_err() {
        return Err(CliError::Failed("stdin is not UTF-8 text".into()));
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut err = io::stderr().lock();
    run(
        &opts,
        &input,
        io::stderr().is_terminal(),
        &mut out,
        &mut err,
    )?;
    Ok(())
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

/// Rates one line: the output block, or the error message.
fn rate_line(line: &str, rules: &Rules, explain: bool) -> Result<String, String> {
    let grid: Grid = line.parse().map_err(|e| format!("{e}"))?;
    let geometry = rules.geometry(grid.shape())?;
    let puzzle = Puzzle::new(grid, geometry).map_err(|e| match e {
        // The example's own wording since its first version.
        PuzzleError::Clash {
            value,
            first,
            second,
            shape,
            ..
        } => format!(
            "{} and {} both hold {value} in one house",
            first.display(shape),
            second.display(shape)
        ),
        other => other.to_string(),
    })?;
    let r = Rater::new()
        .record_steps(explain)
        .rate(&puzzle)
        .map_err(|e| e.to_string())?;
    let mut s = summary(&r);
    s.push('\n');
    if explain {
        for (i, step) in r.steps.iter().enumerate() {
            s.push_str(&format!(
                "  {}. [{} {}] {}\n",
                i + 1,
                step.method(),
                step.technique,
                step
            ));
        }
    }
    Ok(s)
}

fn summary(r: &Rating) -> String {
    r.summary_line()
}

/// The calibration of the random 9×9 grid of `seed`.
fn calibrate_seed(seed: u64) -> Result<sudoku_grade::calibrate::Calibration, String> {
    let geometry = Geometry::classic(Shape::CLASSIC);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let grid = Solver::new(Arc::clone(&geometry))
        .random_solution(&Grid::empty(Shape::CLASSIC), &mut rng)
        .map_err(|e| e.to_string())?
        .ok_or("an empty grid has solutions")?;
    let solution = Puzzle::new(grid, geometry).map_err(|e| e.to_string())?;
    calibrate(&solution, &Rater::new(), &mut rng).map_err(|e| e.to_string())
}

/// Runs the example on `input`, writing results to `out` and messages to `err`; progress on
/// stderr when `progress` is set.
///
/// # Errors
/// [`CliError::Failed`] when an output cannot be written or the calibration fails.
pub fn run(
    opts: &Opts,
    input: &str,
    progress: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
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
        return Ok(());
    }
    let lines: Vec<(usize, &str)> = input
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    // The X geometries of the shapes in the input, made once.
    let mut rules = Rules {
        x: opts.x,
        x_geometries: Vec::new(),
    };
    if opts.x {
        for (_, l) in &lines {
            if let Ok(grid) = l.parse::<Grid>()
                && !rules.x_geometries.iter().any(|(s, _)| *s == grid.shape())
                && let Ok(geo) = rules.geometry(grid.shape())
            {
                rules.x_geometries.push((grid.shape(), geo));
            }
        }
    }
    let total = lines.len();
    let shown = Progress::with_display(total, "puzzles", progress);
    let results: Vec<Result<String, String>> = lines
        .par_iter()
        .map(|(_, l)| {
            let r = rate_line(l, &rules, opts.explain);
            shown.add(1);
            r
        })
        .collect();
    shown.finish();
    for ((n, _), r) in lines.iter().zip(&results) {
        match r {
            Ok(s) => out.write_all(s.as_bytes())?,
            Err(e) => {
                writeln!(out, "error")?;
                writeln!(err, "line {n}: {e}")?;
            }
        }
    }
    out.flush()?;
    let secs = start.elapsed().as_secs_f64();
    writeln!(
        err,
        "{total} puzzles, {secs:.3} s, {:.0} puzzles/s",
        total as f64 / secs.max(1e-9)
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_and_errors() {
        let o = parse_args(&args("--explain --variant x --seed 4")).unwrap();
        assert_eq!(
            o,
            Opts {
                explain: true,
                x: true,
                calibrate: false,
                seed: 4
            }
        );
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
    }
}
