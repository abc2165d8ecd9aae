//! The `grade` example's logic, callable from tests.

use std::io::{self, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use sudoku_core::{Geometry, Grid, Variant};
use sudoku_grade::calibrate::calibrate_seeded;
use sudoku_grade::{Rater, Rating};

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
pub fn parse_args(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts::default();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--explain" => o.explain = true,
            "--calibrate" => o.calibrate = true,
            "--variant" | "--seed" => {
                let v = args
                    .get(i + 1)
                    .ok_or_else(|| format!("{} needs a value", args[i]))?;
                if args[i] == "--seed" {
                    o.seed = v.parse().map_err(|e| format!("--seed {v}: {e}"))?;
                } else if v == "x" {
                    o.x = true;
                } else if v != "classic" {
                    return Err(format!("unknown variant {v:?} (classic or x)"));
                }
                i += 1;
            }
            other => return Err(format!("unknown option {other:?}")),
        }
        i += 1;
    }
    Ok(o)
}

fn summary(r: &Rating) -> String {
    r.summary_line()
}

/// Rates one line: the output block, or the error message.
fn rate_line(line: &str, opts: &Opts) -> Result<String, String> {
    let grid: Grid = line.parse().map_err(|e| format!("{e}"))?;
    let r = if opts.x {
        let geo = Geometry::new(grid.shape(), &Variant::x()).map_err(|e| e.to_string())?;
        Rater::new().record_steps(opts.explain).rate_with(&geo, &grid)
    } else {
        Rater::new().record_steps(opts.explain).rate(&grid)
    }
    .map_err(|e| e.to_string())?;
    let mut s = summary(&r);
    s.push('\n');
    if opts.explain {
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

/// Runs the example on `input`, writing results to `out` and messages to `err`.
pub fn run(
    opts: &Opts,
    input: &str,
    progress: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<()> {
    let start = Instant::now();
    if opts.calibrate {
        let cal = calibrate_seeded(opts.seed, &Rater::new()).map_err(io::Error::other)?;
        for s in cal.snapshots() {
            writeln!(out, "{}\t{}\t{}", s.label, s.puzzle, summary(&s.rating))?;
        }
        out.flush()?;
        writeln!(err, "calibrated seed {} in {:.3} s", opts.seed, start.elapsed().as_secs_f64())?;
        return Ok(());
    }
    let lines: Vec<(usize, &str)> = input
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let done = AtomicUsize::new(0);
    let total = lines.len();
    let results: Vec<Result<String, String>> = lines
        .par_iter()
        .map(|(_, l)| {
            let r = rate_line(l, opts);
            let d = done.fetch_add(1, Ordering::Relaxed) + 1;
            if progress && (d % 256 == 0 || d == total) {
                eprint!("\r{d}/{total}");
            }
            r
        })
        .collect();
    if progress && total > 0 {
        eprintln!();
    }
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
