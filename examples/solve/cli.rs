//! The logic of the `solve` example, kept apart from `main` so the integration tests of the
//! examples package can run the command-line contract on in-memory input.

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::time::Instant;

use rayon::prelude::*;
use sudoku_core::format::{ReadOptions, line};
use sudoku_core::{Engine, Geometry, Grid, Shape, Solver, Variant};

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
    /// Show progress on stderr.
    pub progress: bool,
}

/// Reads the arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut o = Options::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match a.as_str() {
            "--box" => {
                let v = value("--box")?;
                o.shape = Some(v.parse().map_err(|e| format!("--box {v}: {e}"))?);
            }
            "--variant" => {
                o.variant = match value("--variant")?.as_str() {
                    "x" => Variant::x(),
                    "classic" => Variant::classic(),
                    "latin" => Variant::latin(),
                    "windoku" => Variant::classic().with_windows(),
                    "disjoint" => Variant::classic().with_disjoint_groups(),
                    v => {
                        return Err(format!(
                            "unknown variant {v:?} (x, classic, latin, windoku, disjoint)"
                        ));
                    }
                }
            }
            "--count" => o.count = true,
            "--limit" => {
                let v = value("--limit")?;
                o.limit = Some(
                    v.parse()
                        .map_err(|_| format!("--limit {v}: not a number"))?,
                );
            }
            "--engine" => {
                let v = value("--engine")?;
                o.engine = match v.parse::<Engine>() {
                    Ok(e @ (Engine::Dlx | Engine::Fast)) => e,
                    _ => return Err(format!("unknown engine {v:?} (dlx, fast)")),
                };
            }
            "-h" | "--help" => {
                return Err("usage: solve [--box RxC] [--variant x] [--count] [--limit N] [--engine dlx|fast] < puzzles".into());
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(o)
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
        if opts.progress {
            write!(err, "\r{done} puzzles")?;
            err.flush()?;
        }
    }
    out.flush()?;
    let secs = start.elapsed().as_secs_f64();
    if opts.progress {
        writeln!(err)?;
    }
    writeln!(
        err,
        "{done} puzzles, {secs:.3} s, {:.0} puzzles/s",
        done as f64 / secs.max(1e-9)
    )?;
    Ok(done)
}
