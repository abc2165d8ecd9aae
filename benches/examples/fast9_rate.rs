//! Puzzles per second of the fast 9×9 engine (a `sudoku_core::Solver` on `Engine::Fast`) and
//! of its peers from crates.io — the `sudoku` crate (a JCZSolve port, AGPL, used here as a
//! benchmark peer only), `rustoku-lib` and `zero-alloc-sudoku` (first solution only: it has no
//! count) — side by side in one run, on whole puzzle files.
//!
//! ```sh
//! cargo run --release -p benches --example fast9_rate -- [DIR] [--rounds N] [--ours-only] [--only TEXT]...
//! ```
//!
//! `DIR` holds files named `puzzlesN_…` as in the public benchmark collection: one
//! 81-character puzzle a line, `.` or `0` for empty cells, `#` comment lines. Default: the
//! 300-line samples of sudoku-core's test data (`crates/sudoku-core/tests/data/`, found from
//! this package's folder, so any working directory will do); give the folder of the whole
//! lists to measure those. For each file it times, over the whole file: the first solution
//! (ours `solve_into`, the `sudoku` crate's `some_solution`, rustoku's `solve_any`,
//! zero-alloc's `solve`) and the count up to 2 (ours `count(grid, 2)`,
//! `solutions_count_up_to(2)`, `count_solutions_until(2)`).
//! Each round of a measurement goes over the file as many times as it takes to last 0.5 s of
//! CPU time (a thread's CPU time moves in scheduler ticks of a few milliseconds); there are
//! `N` rounds (default 3), each measuring every program in turn (alternated), and the best
//! round of each is printed, with the ratio ours / the best peer. It also checks that the
//! three agree on every puzzle (same count up to 2, same solution when it is unique) and exits
//! with an error if not. Times are the CPU time of the measuring thread where Linux reports it
//! (so other processes sharing the machine disturb the figures less), wall-clock time
//! elsewhere. `ratio`: ours / the best peer. `g1`, `g2`: our average guesses per puzzle for the
//! first solution and for the count to 2. Single-threaded.
//!
//! `--ours-only` times our engine alone (both measurements), without the agreement check and
//! without the guess counts (for profiling). `--only TEXT` keeps the files whose name contains
//! `TEXT` (repeatable). Exit status: 0 (and `--help`), 1 a failure (unreadable folder,
//! engines disagreeing), 2 a bad command line.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use benches::puzzles;
use rustoku_lib::Rustoku;
use rustoku_lib::core::Board as RustokuBoard;
use sudoku::Sudoku;
use sudoku_core::{Engine, Geometry, Grid, Shape, Solver};

/// Seconds this thread has spent on a CPU (Linux: `/proc/thread-self/schedstat`, in ns), so
/// that other processes competing for the cores do not count; `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns * 1e-9)
}

/// Puzzles per second of `f` (which works through `n` puzzles), best of `rounds`. Each round
/// repeats `f` until at least [`MIN_ROUND`] seconds have passed: Linux updates a thread's CPU
/// time at scheduler ticks (4 ms here), too coarse to time one pass over a small file.
fn best_rate(rounds: usize, n: usize, mut f: impl FnMut() -> u64) -> (f64, u64) {
    let mut best = 0.0f64;
    let mut check = 0;
    for _ in 0..rounds {
        let (wall, cpu) = (Instant::now(), cpu_seconds());
        let mut passes = 0u64;
        let seconds = loop {
            check = black_box(f());
            passes += 1;
            let seconds = match (cpu, cpu_seconds()) {
                (Some(a), Some(b)) => b - a,
                _ => wall.elapsed().as_secs_f64(),
            };
            if seconds >= MIN_ROUND {
                break seconds;
            }
        };
        best = best.max((n as u64 * passes) as f64 / seconds);
    }
    (best, check)
}

/// The shortest time a measured round lasts, in seconds.
const MIN_ROUND: f64 = 0.5;

/// The usage line printed by `--help`.
const USAGE: &str = "usage: fast9_rate [DIR] [--rounds N] [--ours-only] [--only TEXT]...
  DIR           folder of puzzlesN_* files (default: sudoku-core's test data samples)
  --rounds N    rounds per measurement, the best kept (default 3)
  --ours-only   time our engine alone, without the agreement check
  --only TEXT   keep the files whose name contains TEXT (repeatable)";

/// The command line.
#[derive(Debug)]
struct Options {
    dir: PathBuf,
    rounds: usize,
    ours_only: bool,
    only: Vec<String>,
}

/// Why the harness stops early.
#[derive(Debug)]
enum Stop {
    /// `--help`: the usage on stdout.
    Help,
    /// A bad command line.
    Usage(String),
    /// A failure while running.
    Failed(Box<dyn std::error::Error>),
}

impl<E: Into<Box<dyn std::error::Error>>> From<E> for Stop {
    fn from(e: E) -> Stop {
        Stop::Failed(e.into())
    }
}

/// The default folder: sudoku-core's test data, found from this package's folder.
fn default_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/sudoku-core/tests/data")
}

fn parse_args() -> Result<Options, Stop> {
    use lexopt::prelude::*;
    let usage = |e: lexopt::Error| Stop::Usage(e.to_string());
    let mut o = Options {
        dir: default_dir(),
        rounds: 3,
        ours_only: false,
        only: Vec::new(),
    };
    let mut dir = None;
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next().map_err(usage)? {
        match arg {
            Long("help") | Short('h') => return Err(Stop::Help),
            Long("ours-only") => o.ours_only = true,
            Long("rounds") => {
                let v = parser.value().map_err(usage)?;
                o.rounds = v
                    .parse()
                    .map_err(|e| Stop::Usage(format!("--rounds: {e}")))?;
            }
            Long("only") => {
                let v = parser.value().map_err(usage)?;
                o.only.push(
                    v.into_string()
                        .map_err(|_| Stop::Usage("--only: not UTF-8".into()))?,
                );
            }
            Value(v) if dir.is_none() => dir = Some(PathBuf::from(v)),
            other => return Err(Stop::Usage(other.unexpected().to_string())),
        }
    }
    if let Some(d) = dir {
        o.dir = d;
    }
    Ok(o)
}

/// Is `name` a benchmark file (`puzzlesN_…`)?
fn is_puzzle_file(name: &str) -> bool {
    name.strip_prefix("puzzles").is_some_and(|rest| {
        rest.len() > 2 && rest.as_bytes()[0].is_ascii_digit() && rest.as_bytes()[1] == b'_'
    })
}

fn main() -> ExitCode {
    match parse_args().and_then(|o| run(&o)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Stop::Help) => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Err(Stop::Usage(m)) => {
            eprintln!("fast9_rate: {m} (see --help)");
            ExitCode::from(2)
        }
        Err(Stop::Failed(e)) => {
            eprintln!("fast9_rate: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(o: &Options) -> Result<(), Stop> {
    let (dir, rounds, ours_only, only) = (&o.dir, o.rounds, o.ours_only, &o.only);
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file()
                && p.file_name().is_some_and(|n| {
                    let n = n.to_string_lossy();
                    is_puzzle_file(&n)
                        && (only.is_empty() || only.iter().any(|o| n.contains(o.as_str())))
                })
        })
        .collect();
    files.sort();
    println!(
        "{:<34} {:>6} | {:>9} {:>9} {:>9} {:>9} {:>5} | {:>9} {:>9} {:>9} {:>5} | {:>6} {:>6}",
        "set",
        "n",
        "first/s",
        "sudoku/s",
        "rustoku/s",
        "zalloc/s",
        "ratio",
        "count2/s",
        "sudoku/s",
        "rustoku/s",
        "ratio",
        "g1",
        "g2",
    );
    let mut engine = Solver::with_engine(Geometry::classic(Shape::CLASSIC), Engine::Fast)?;
    for file in files {
        let text = std::fs::read_to_string(&file)?;
        let cells = puzzles::parse(&text);
        let theirs: Vec<Sudoku> = cells
            .iter()
            .map(|c| Sudoku::from_bytes(*c).map_err(|e| format!("{e:?}")))
            .collect::<Result<_, _>>()?;
        let rustokus: Vec<Rustoku> = cells
            .iter()
            .map(|c| {
                RustokuBoard::try_from(*c)
                    .and_then(Rustoku::new)
                    .map_err(|e| format!("rustoku: {e}"))
            })
            .collect::<Result<_, _>>()?;
        let zero_allocs: Vec<zero_alloc_sudoku::Sudoku> = cells
            .iter()
            .map(|c| {
                let line: String = c.iter().map(|&v| char::from(b'0' + v)).collect();
                line.parse()
                    .map_err(|e| format!("zero-alloc-sudoku: {e:?}"))
            })
            .collect::<Result<_, _>>()?;
        let ours: Vec<Grid> = cells
            .iter()
            .map(|c| Grid::new(Shape::CLASSIC, c.to_vec()))
            .collect::<Result<_, _>>()?;
        // Agreement first (not timed), and our guesses per puzzle.
        let (mut guesses_first, mut guesses_two) = (0, 0);
        let checked = if ours_only { 0 } else { ours.len() };
        let mut sol = Grid::empty(Shape::CLASSIC);
        for (i, (((c, s), r), z)) in ours
            .iter()
            .zip(&theirs)
            .zip(&rustokus)
            .zip(&zero_allocs)
            .enumerate()
            .take(checked)
        {
            engine.solve_into(c, &mut sol)?;
            guesses_first += engine.last_nodes();
            let n = engine.count(c, 2)?.at_least();
            guesses_two += engine.last_nodes();
            let m = s.solutions_count_up_to(2) as u64;
            let k = { *r }.count_solutions_until(2) as u64;
            if n != m || n != k {
                return Err(format!(
                    "{}: puzzle {i}: count {n} (ours) vs {m} (sudoku) vs {k} (rustoku)",
                    file.display()
                )
                .into());
            }
            let mut z = *z;
            let z_solved = z.solve();
            if n == 1
                && (s.solution().map(|s| s.to_bytes().to_vec()) != Some(sol.cells().to_vec())
                    || !z_solved
                    || z.cells()[..] != *sol.cells())
            {
                return Err(format!("{}: puzzle {i}: solutions differ", file.display()).into());
            }
        }
        let n = ours.len();
        let mut out = Grid::empty(Shape::CLASSIC);
        let mut best = [0.0f64; 7];
        // Alternated: each round measures every program once, in turn.
        for _ in 0..rounds {
            let mut rate = |slot: usize, f: &mut dyn FnMut() -> u64| {
                best[slot] = best[slot].max(best_rate(1, n, f).0);
            };
            rate(0, &mut || {
                ours.iter()
                    .map(|c| {
                        u64::from(engine.solve_into(black_box(c), &mut out).unwrap_or(false))
                            + u64::from(out.get(0))
                    })
                    .sum()
            });
            if !ours_only {
                rate(1, &mut || {
                    theirs
                        .iter()
                        .map(|s| {
                            black_box(*s)
                                .some_solution()
                                .map_or(0, |s| 1 + u64::from(s.to_bytes()[0]))
                        })
                        .sum()
                });
                rate(2, &mut || {
                    rustokus
                        .iter()
                        .map(|r| u64::from(black_box(*r).solve_any().is_some()))
                        .sum()
                });
                rate(3, &mut || {
                    zero_allocs
                        .iter()
                        .map(|z| {
                            let mut z = black_box(*z);
                            u64::from(z.solve()) + u64::from(z.cells()[0])
                        })
                        .sum()
                });
            }
            rate(4, &mut || {
                ours.iter()
                    .map(|c| engine.count(black_box(c), 2).map_or(0, |n| n.at_least()))
                    .sum()
            });
            if !ours_only {
                rate(5, &mut || {
                    theirs
                        .iter()
                        .map(|s| black_box(*s).solutions_count_up_to(2) as u64)
                        .sum()
                });
                rate(6, &mut || {
                    rustokus
                        .iter()
                        .map(|r| black_box(*r).count_solutions_until(2) as u64)
                        .sum()
                });
            }
        }
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let per = |g: u64| g as f64 / n as f64;
        // Without the peers (`--ours-only`), their columns print as `-`.
        let peer = |v: f64| match ours_only {
            true => "-".to_owned(),
            false => format!("{v:.0}"),
        };
        let two = |v: f64| match ours_only {
            true => "-".to_owned(),
            false => format!("{v:.2}"),
        };
        println!(
            "{:<34} {:>6} | {:>9.0} {:>9} {:>9} {:>9} {:>5} | {:>9.0} {:>9} {:>9} {:>5} | {:>6} {:>6}",
            name,
            n,
            best[0],
            peer(best[1]),
            peer(best[2]),
            peer(best[3]),
            two(best[0] / best[1].max(best[2]).max(best[3])),
            best[4],
            peer(best[5]),
            peer(best[6]),
            two(best[4] / best[5].max(best[6])),
            match ours_only {
                true => "-".to_owned(),
                false => format!("{:.2}", per(guesses_first)),
            },
            match ours_only {
                true => "-".to_owned(),
                false => format!("{:.2}", per(guesses_two)),
            },
        );
    }
    Ok(())
}
