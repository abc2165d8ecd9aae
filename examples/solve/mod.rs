//! `solve`: solves puzzles read from standard input, one per line (sudoku-core).
//!
//! ```text
//! cargo run --release --example solve -- [--box RxC] [--variant x] [--count] [--limit N] [--engine dlx|fast] < puzzles.txt
//! ```
//!
//! - Input: one puzzle per line in the one-line format (`.`, `0`, `-`, `*` for empty cells,
//!   `1`–`9` then letters); the size comes from the length (16, 36, 64, 81, 144, 256 or 625
//!   cells, usual box shape); `--box RxC` gives another box shape (boxes of R rows and C
//!   columns). Blank lines and lines starting with `#` are skipped.
//! - `--variant x` adds both diagonals (Sudoku X); `latin`, `windoku`, `disjoint` also work.
//! - Output: one line per puzzle: a solution in the same one-line format (`1`–`9`, then
//!   `A`, `B`, …), or `none`. With `--count`, the number of solutions instead; `--limit N`
//!   stops counting at N.
//! - A malformed line prints `error` on stdout and a message with its line number on stderr;
//!   the run goes on.
//! - `--engine dlx` forces the dancing-links engine (every size and variant); `--engine fast`
//!   the bitboard engine (classic and X 9×9 only: other puzzles print `error`). Without it,
//!   each puzzle gets the fastest engine for its geometry (the bitboard one for 9×9 classic
//!   and X, dancing links otherwise).
//! - At the end, a summary on stderr: `P puzzles, S s, R puzzles/s`. Puzzles are solved on
//!   every core (rayon); progress is shown on stderr when it is a terminal.
//! - Exit status: 0 on success and for `--help` (the usage on stdout), 1 when reading or
//!   writing fails, 2 with a message on stderr for a bad command line.
//!
//! ```text
//! $ echo ................ | cargo run --release --example solve -- --count
//! 288
//! ```

use std::collections::HashMap;
use std::io::{BufRead, IsTerminal, Write};
use std::time::Instant;

use rayon::prelude::*;
use sudoku_core::format::{ReadOptions, line};
use sudoku_core::{Engine, Geometry, Grid, Shape, Solver, Variant};

use crate::cli::{self, Arg, CliError, usage};

/// The usage, printed by `--help`.
pub const USAGE: &str = "\
usage: solve [--box RxC] [--variant x] [--count] [--limit N] [--engine dlx|fast] < puzzles
Solves the puzzles of standard input (one a line, one-line format): prints a solution, or
`none`, or with --count the number of solutions (--limit N stops at N). --variant: x,
classic, latin, windoku, disjoint. --engine: dlx (every size) or fast (classic and X 9x9).";

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
    /// Show progress on stderr (set by [`main`] when stderr is a terminal).
    pub progress: bool,
}

/// Reads the arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, CliError> {
    let mut o = Options::default();
    let mut p = cli::parser(args);
    while let Some(arg) = p.next().map_err(|e| usage(e.to_string()))? {
        match arg {
            Arg::Long("box") => o.shape = Some(cli::value(&mut p, "--box")?),
            Arg::Long("variant") => o.variant = variant(&cli::text(&mut p, "--variant")?)?,
            Arg::Long("count") => o.count = true,
            Arg::Long("limit") => o.limit = Some(cli::value(&mut p, "--limit")?),
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
    Ok(o)
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
                "unknown variant {v:?} (x, classic, latin, windoku, disjoint)"
            )));
        }
    })
}

/// The example's body: the command line, then standard input to standard output.
pub fn main(args: &[String]) -> Result<(), CliError> {
    let mut opts = parse_args(args)?;
    opts.progress = std::io::stderr().is_terminal();
    let stdin = std::io::stdin().lock();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut err = std::io::stderr().lock();
    run(&opts, stdin, &mut out, &mut err)?;
    Ok(())
}

/// One input line's answer: the text for stdout and, on error, the message for stderr.
fn answer(
    opts: &Options,
    solvers: &mut HashMap<Shape, Result<Solver, String>>,
    lineno: usize,
    text: &str,
) -> (String, Option<String>) {
    let read = ReadOptions {
        shape: opts.shape,
        alphabet: None,
    };
    let grid: Grid = match line::parse(text, &read) {
        Ok(g) => g,
        Err(e) => return ("error".into(), Some(format!("line {lineno}: {e}"))),
    };
    let shape = grid.shape();
    let solver = solvers.entry(shape).or_insert_with(|| {
        let geometry = Geometry::new(shape, &opts.variant)
            .map_err(|_| format!("the variant does not fit shape {shape}"))?;
        Solver::with_engine(geometry, opts.engine).map_err(|e| e.to_string())
    });
    let solver = match solver {
        Ok(s) => s,
        Err(e) => return ("error".into(), Some(format!("line {lineno}: {e}"))),
    };
    let result = if opts.count {
        solver
            .count(&grid, opts.limit.unwrap_or(u64::MAX))
            .map(|n| n.to_string())
    } else {
        solver.solve(&grid).map(|s| match s {
            Some(g) => line::write(&g, &Default::default()),
            None => "none".into(),
        })
    };
    match result {
        Ok(s) => (s, None),
        Err(e) => ("error".into(), Some(format!("line {lineno}: {e}"))),
    }
}

/// Runs the example: puzzles from `input`, answers to `out`, messages and the summary to
/// `err`. Returns the number of puzzles answered.
pub fn run(
    opts: &Options,
    input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
) -> std::io::Result<usize> {
    const CHUNK: usize = 4096;
    let progress = cli::Progress::with_display(0, "puzzles", opts.progress);
    let start = Instant::now();
    let mut done = 0usize;
    let mut batch: Vec<(usize, String)> = Vec::with_capacity(CHUNK);
    let mut lines = input.lines().enumerate();
    loop {
        batch.clear();
        for (i, l) in lines.by_ref() {
            let l = l?;
            let t = l.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            batch.push((i + 1, t.to_owned()));
            if batch.len() == CHUNK {
                break;
            }
        }
        if batch.is_empty() {
            break;
        }
        let answers: Vec<(String, Option<String>)> = batch
            .par_iter()
            .map_init(HashMap::new, |solvers, (lineno, text)| {
                answer(opts, solvers, *lineno, text)
            })
            .collect();
        for (a, msg) in answers {
            writeln!(out, "{a}")?;
            if let Some(m) = msg {
                writeln!(err, "{m}")?;
            }
        }
        done += batch.len();
        progress.add(batch.len());
    }
    out.flush()?;
    let secs = start.elapsed().as_secs_f64();
    progress.finish();
    writeln!(
        err,
        "{done} puzzles, {secs:.3} s, {:.0} puzzles/s",
        done as f64 / secs.max(1e-9)
    )?;
    Ok(done)
}
