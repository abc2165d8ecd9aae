//! Deal, show and solve mahjong solitaire boards (crate `mahjong-solitaire`): the logic of
//! the `solitaire` example.
//!
//! ```text
//! cargo run --release --example solitaire -- --layout turtle|pyramid|fortress|bridge|spider|PATH.layout
//!     --seed S [--deal solvable|random] [--solve] [--json] [--svg FILE] [--stats N]
//!     [--timeout SECONDS]
//! ```
//!
//! - `--layout`: a built-in layout, or a KMahjongg `.layout` file (v1.0 or v1.1; any other
//!   file is read in the crate's own text format). Required. The file is read by
//!   `Layout::read`: at most `Layout::MAX_FILE_LEN` (4 MiB, the longest KMahjongg file the
//!   crate reads; a text-format file must also fit `Layout::MAX_TEXT_LEN`, 1 MiB) + 1 bytes,
//!   so a longer one is refused at once.
//!   The layout's name is printed with its control characters escaped.
//! - `--seed S`: the deal's seed (an unsigned 64-bit number). Required. The same seed always
//!   gives the same deal.
//! - `--deal solvable|random`: reverse placement (always winnable; the default) or a plain
//!   shuffle.
//! - `--solve`: run the solver on the deal.
//! - `--json`: print one JSON object instead of text:
//!   `{"layout": name, "tiles": [{"x": x, "y": y, "z": z, "tile": notation}, …],
//!   "winnable": true|false|"unknown", "solution": [[i, j], …] or null}`. The tiles are in
//!   the layout's order (layer, row, column); `i`, `j` index `"tiles"`; the pairs are in
//!   removal order. Without `--solve`, a solvable deal reports `true` with the reverse of its
//!   placement, a random deal `"unknown"` with `null`; with `--solve` both come from the
//!   solver (a budget of [`SOLVE_BUDGET`] nodes: `"unknown"` and `null` when it runs out).
//! - `--svg FILE`: also write an SVG picture of the deal to FILE.
//! - `--stats N`: instead of one deal, solve the N random deals of seeds S, S+1, …, S+N−1 of
//!   the layout (on every core; progress on stderr when it is a terminal) and print the
//!   winnable share, the unwinnable share, the unknown count and the median, 99th
//!   percentile and maximum solve times (each timed on its own thread). With `--json`:
//!   `{"layout": name, "deals": N, "winnable": n, "unwinnable": n, "unknown": n,
//!   "median_ms": t, "p99_ms": t, "max_ms": t}`. Set `RAYON_NUM_THREADS=1` for one core.
//!   The deals are solved in batches and tallied as they come (times to the microsecond
//!   below 100 ms, to five significant digits above), so memory does not grow with N; a
//!   last seed `S + N − 1` past `u64::MAX` is refused (exit status 2).
//! - `--timeout SECONDS`: the wall-clock limit of one deal: dealing it and, with `--solve`,
//!   solving it (fractions allowed). A deal over its limit stops the program with exit
//!   status 3 and one line on stderr (`solitaire: seed S: timeout after T s: …`); with
//!   `--stats` the limit applies to each deal's solve, and a deal over it counts as unknown.
//!   Without the option, deals of layouts of more than 144 tiles have a limit of
//!   [`DEFAULT_TIMEOUT`] and others none; `--timeout 0` lifts the limit.
//! - `--help`: this usage.
//!
//! A deal of seed `S` is dealt with `Pcg64Mcg::seed_from_u64(S)` (crate `rand_pcg`).
//! Exit status: 0 on success, 2 on a usage error, 3 when a deal runs past its time limit,
//! 1 on other errors (one line on stderr says what).

use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use mahjong_solitaire::render::{SvgOptions, TextOptions, TileFace, to_svg, to_text};
use mahjong_solitaire::{
    Board, BuiltinLayout, Layout, Outcome, ReversePlacement, Solver, random_deal,
};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use serde_json::{Value, json};

use crate::cli::{self, Arg, CliError, Progress, Watchdog};

/// The time limit of a deal of a layout of more than [`DEFAULT_LIMIT_ABOVE`] tiles when
/// `--timeout` is not given.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// Layouts of more tiles than this get [`DEFAULT_TIMEOUT`] by default.
pub const DEFAULT_LIMIT_ABOVE: usize = 144;

/// The solver's budget, in search nodes of a standard board (a few seconds at most): past
/// it the deal is reported `unknown`.
pub const SOLVE_BUDGET: u64 = 100_000;

/// The dealer's budget, in placement tries (about a second at most on the largest
/// layouts): past it there is no solvable deal.
pub const DEAL_BUDGET: u64 = 1_000_000;

/// What `--help` prints.
pub const HELP: &str = "\
Deal, show and solve mahjong solitaire boards.

usage: solitaire --layout turtle|pyramid|fortress|bridge|spider|PATH.layout --seed S
                 [--deal solvable|random] [--solve] [--json] [--svg FILE] [--stats N]
                 [--timeout SECONDS]

  --layout L     a built-in layout, or a KMahjongg .layout file (else the crate's text format)
  --seed S       the deal's seed (the same seed always gives the same deal)
  --deal D       solvable (reverse placement, the default) or random (a plain shuffle)
  --solve        run the solver on the deal
  --json         one JSON object instead of text
  --svg FILE     also write an SVG picture of the deal to FILE
  --stats N      solve the N random deals of seeds S.. and print the shares and solve times
                 (RAYON_NUM_THREADS=1 for one core)
  --timeout T    time limit of one deal (dealing and solving), in seconds; over it the
                 program stops with exit status 3 (with --stats: the deal counts as
                 unknown); default 5 s for layouts of more than 144 tiles, none otherwise;
                 0: no limit
  --help         this text";

/// The parsed command line.
#[derive(Debug, Default)]
struct Args {
    layout: Option<String>,
    seed: Option<u64>,
    random: bool,
    solve: bool,
    json: bool,
    svg: Option<String>,
    stats: Option<u64>,
    /// `None`: not given; `Some(None)`: `--timeout 0`.
    timeout: Option<Option<Duration>>,
}

fn parse_args(args: &[String]) -> Result<Args, CliError> {
    let mut a = Args::default();
    let mut parser = cli::parser(args);
    while let Some(arg) = parser.next().map_err(|e| cli::usage(e.to_string()))? {
        match arg {
            Arg::Long("help") | Arg::Short('h') => return Err(CliError::Help(HELP.into())),
            Arg::Long("layout") => a.layout = Some(cli::text(&mut parser, "--layout")?),
            Arg::Long("seed") => a.seed = Some(cli::value(&mut parser, "--seed")?),
            Arg::Long("deal") => match cli::text(&mut parser, "--deal")?.as_str() {
                "solvable" => a.random = false,
                "random" => a.random = true,
                other => {
                    return Err(cli::usage(format!(
                        "--deal must be solvable or random, not {other:?}"
                    )));
                }
            },
            Arg::Long("solve") => a.solve = true,
            Arg::Long("json") => a.json = true,
            Arg::Long("svg") => a.svg = Some(cli::text(&mut parser, "--svg")?),
            Arg::Long("stats") => a.stats = Some(cli::value(&mut parser, "--stats")?),
            Arg::Long("timeout") => a.timeout = Some(cli::timeout(&mut parser)?),
            other => return Err(cli::unexpected(other)),
        }
    }
    if a.layout.is_none() {
        return Err(cli::usage("--layout is required"));
    }
    if a.seed.is_none() {
        return Err(cli::usage("--seed is required"));
    }
    if let (Some(seed), Some(n)) = (a.seed, a.stats) {
        cli::seed_range(seed, n, "deals")?;
    }
    Ok(a)
}

/// A built-in layout by name, or a layout file (KMahjongg's format, else the crate's).
pub fn load_layout(spec: &str) -> Result<Layout, CliError> {
    if let Ok(builtin) = spec.parse::<BuiltinLayout>() {
        return Ok(builtin.layout());
    }
    let path = Path::new(spec);
    if !path.is_file() {
        return Err(cli::usage(format!(
            "--layout {spec:?} is neither a built-in layout nor a file"
        )));
    }
    let file = std::fs::File::open(path).map_err(|e| CliError::Failed(format!("{spec}: {e}")))?;
    let layout = Layout::read(file).map_err(|e| CliError::Failed(format!("{spec}: {e}")))?;
    let name = path
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    Ok(if layout.name().is_empty() {
        layout.with_name(name)
    } else {
        layout
    })
}

/// A solution as pairs of tile indices, in removal order.
type Pairs = Vec<[usize; 2]>;

/// The board dealt, and the solution known from its construction (solvable deals). The
/// dealer stops when `cancel` is raised.
fn make_deal(
    layout: &Layout,
    seed: u64,
    random: bool,
    cancel: Arc<AtomicBool>,
) -> Result<(Board, Option<Pairs>), CliError> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    if random {
        return Ok((random_deal(layout, &mut rng), None));
    }
    let d = ReversePlacement::new()
        .budget(DEAL_BUDGET)
        .cancel_flag(cancel)
        .deal(layout, &mut rng)
        .map_err(|e| CliError::Failed(format!("no solvable deal: {e}")))?;
    let solution = d.solution().iter().map(|m| m.indices()).collect();
    Ok((d.board, Some(solution)))
}

/// The time limit of one deal of `layout`: `--timeout` when given, else the default.
pub fn time_limit(layout: &Layout, given: Option<Option<Duration>>) -> Option<Duration> {
    given.unwrap_or((layout.len() > DEFAULT_LIMIT_ABOVE).then_some(DEFAULT_TIMEOUT))
}

/// The one line of a deal over its time limit.
fn timed_out(seed: u64, limit: Option<Duration>, what: &str) -> CliError {
    let secs = limit.map_or(0.0, |l| l.as_secs_f64());
    CliError::Unanswered(format!(
        "seed {seed}: timeout after {secs} s while {what} (--timeout SECONDS to change the limit, --timeout 0 to lift it)"
    ))
}

/// The solve times of a `--stats` run, kept as a count per duration (to the microsecond
/// below 100 ms, to five significant digits above), so that memory stays bounded whatever
/// the number of deals: a few thousand distinct durations at most in practice, and under
/// half a million whatever happens.
#[derive(Debug, Default)]
struct Times {
    counts: std::collections::BTreeMap<u64, u64>,
    total: u64,
}

impl Times {
    fn add(&mut self, d: Duration) {
        let mut micros = u64::try_from(d.as_micros()).unwrap_or(u64::MAX);
        // Keep five significant digits of long durations.
        let mut unit = 1u64;
        while micros / unit >= 100_000 {
            unit *= 10;
        }
        micros -= micros % unit;
        *self.counts.entry(micros).or_default() += 1;
        self.total += 1;
    }

    /// The duration at rank ⌈p × total⌉ (from 1), zero when there is none.
    fn percentile(&self, p: f64) -> Duration {
        if self.total == 0 {
            return Duration::ZERO;
        }
        let rank = ((p * self.total as f64).ceil() as u64).clamp(1, self.total);
        let mut seen = 0u64;
        for (&micros, &count) in &self.counts {
            seen += count;
            if seen >= rank {
                return Duration::from_micros(micros);
            }
        }
        Duration::ZERO
    }

    fn max(&self) -> Duration {
        self.counts
            .last_key_value()
            .map_or(Duration::ZERO, |(&m, _)| Duration::from_micros(m))
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Deals solved at a time by `--stats` (one batch on the rayon pool, then tallied).
const STATS_BATCH: u64 = 256;

/// `--stats N`: streamed in batches of [`STATS_BATCH`] deals, tallied as they come (counts
/// and [`Times`]), so that nothing is sized from N. `stop` (raised by another thread; never
/// by the program itself) ends the run early: the deals solved so far are reported.
fn stats(
    layout: &Layout,
    seed: u64,
    n: u64,
    json: bool,
    limit: Option<Duration>,
    out: &mut dyn Write,
    stop: &AtomicBool,
) -> Result<(), CliError> {
    use std::sync::atomic::Ordering;
    let progress = Progress::new(usize::try_from(n).unwrap_or(usize::MAX), "deals solved");
    let watchdog = Watchdog::new();
    let (mut won, mut lost, mut done) = (0u64, 0u64, 0u64);
    let mut times = Times::default();
    let mut first = 0u64;
    while first < n && !stop.load(Ordering::Relaxed) {
        let last = first.saturating_add(STATS_BATCH).min(n);
        let batch: Vec<Option<(Option<bool>, Duration)>> = (first..last)
            .into_par_iter()
            .map_init(
                || watchdog.timer(),
                |timer, i| {
                    if stop.load(Ordering::Relaxed) {
                        return None;
                    }
                    let mut rng = Pcg64Mcg::seed_from_u64(seed.wrapping_add(i));
                    let board = random_deal(layout, &mut rng);
                    let start = Instant::now();
                    timer.start(limit);
                    // A deal over its limit or its budget answers unknown.
                    let winnable = Solver::new()
                        .budget(SOLVE_BUDGET)
                        .cancel_flag(timer.flag())
                        .solve(&board)
                        .ok()
                        .map(|analysis| analysis.outcome.is_winnable());
                    timer.stop();
                    let elapsed = start.elapsed();
                    progress.add(1);
                    Some((winnable, elapsed))
                },
            )
            .collect();
        for (winnable, elapsed) in batch.into_iter().flatten() {
            match winnable {
                Some(true) => won += 1,
                Some(false) => lost += 1,
                None => {}
            }
            times.add(elapsed);
            done += 1;
        }
        first = last;
    }
    progress.finish();
    let n = done;
    let unknown = n - won - lost;
    let (median, p99, max) = (times.percentile(0.5), times.percentile(0.99), times.max());
    let share = |k: u64| {
        if n == 0 {
            0.0
        } else {
            100.0 * k as f64 / n as f64
        }
    };
    if json {
        let v = json!({
            "layout": layout.name(), "deals": n, "winnable": won, "unwinnable": lost,
            "unknown": unknown, "median_ms": ms(median), "p99_ms": ms(p99), "max_ms": ms(max),
        });
        writeln!(out, "{v}")?;
    } else {
        writeln!(
            out,
            "layout: {} ({} positions), {n} random deals, seeds {seed}..",
            cli::escape(layout.name()),
            layout.len()
        )?;
        writeln!(
            out,
            "winnable: {won} ({:.3}%), unwinnable: {lost} ({:.3}%), unknown: {unknown}",
            share(won),
            share(lost)
        )?;
        writeln!(
            out,
            "solve time: median {:.3} ms, p99 {:.3} ms, max {:.3} ms",
            ms(median),
            ms(p99),
            ms(max)
        )?;
    }
    Ok(())
}

/// Runs the example with these arguments (without the program name), writing to `out`.
///
/// # Errors
/// [`CliError::Help`] for `--help`, [`CliError::Usage`] for a bad command line,
/// [`CliError::Failed`] for a layout that does not read, a layout without a solvable deal,
/// or an I/O error, [`CliError::Unanswered`] for a deal over its time limit.
pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), CliError> {
    let a = parse_args(args)?;
    let layout = load_layout(a.layout.as_deref().unwrap_or_default())?;
    let seed = a.seed.unwrap_or_default();
    let limit = time_limit(&layout, a.timeout);
    if let Some(n) = a.stats {
        return stats(
            &layout,
            seed,
            n,
            a.json,
            limit,
            out,
            &AtomicBool::new(false),
        );
    }
    let watchdog = Watchdog::new();
    let timer = watchdog.timer();
    let started = Instant::now();
    timer.start(limit);
    let dealt = make_deal(&layout, seed, a.random, timer.flag());
    if timer.stop() && dealt.is_err() {
        return Err(timed_out(seed, limit, "dealing"));
    }
    let (board, known) = dealt?;
    let has_known = known.is_some();
    if let Some(file) = &a.svg {
        std::fs::write(file, to_svg(&board, &SvgOptions::default()))
            .map_err(|e| CliError::Failed(format!("{file}: {e}")))?;
    }
    let (winnable, solution): (Value, Option<Pairs>) = if a.solve {
        // The deal's time limit covers its solve too: what is left of it.
        let left = limit.map(|l| l.saturating_sub(started.elapsed()));
        timer.start(left);
        let answer = Solver::new()
            .budget(SOLVE_BUDGET)
            .cancel_flag(timer.flag())
            .solve(&board);
        if timer.stop() && answer.is_err() {
            return Err(timed_out(seed, limit, "solving"));
        }
        match answer.map(|analysis| analysis.outcome) {
            Ok(Outcome::Winnable(moves)) => (
                json!(true),
                Some(moves.iter().map(|m| m.indices()).collect()),
            ),
            Ok(Outcome::Unwinnable) => (json!(false), None),
            Err(_) => (json!("unknown"), None),
        }
    } else if has_known {
        (json!(true), known)
    } else {
        (json!("unknown"), None)
    };
    if a.json {
        let tiles: Vec<Value> = layout
            .positions()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let tile = board.tile(i).map(|t| t.to_string());
                json!({"x": p.x, "y": p.y, "z": p.z, "tile": tile})
            })
            .collect();
        let v = json!({"layout": layout.name(), "tiles": tiles, "winnable": winnable, "solution": solution});
        writeln!(out, "{v}")?;
        return Ok(());
    }
    let kind = if a.random { "random" } else { "solvable" };
    writeln!(out, "{kind} deal, seed {seed}")?;
    // The board's text, its layout's name (from a file, maybe) escaped.
    let name = match layout.name() {
        "" => "board",
        name => name,
    };
    writeln!(
        out,
        "{} — {} of {} tiles left",
        cli::escape(name),
        board.remaining(),
        layout.len()
    )?;
    let face = TextOptions {
        face: TileFace::Notation,
        mark_free: true,
    };
    write!(out, "{}", to_text(&board, &face))?;
    if a.solve || has_known {
        let how = if a.solve {
            "solver"
        } else {
            "reverse placement"
        };
        match (&winnable, &solution) {
            (Value::Bool(true), Some(s)) => {
                let moves: Vec<String> = s.iter().map(|[i, j]| format!("{i}-{j}")).collect();
                writeln!(
                    out,
                    "winnable ({how}), {} moves: {}",
                    s.len(),
                    moves.join(" ")
                )?;
            }
            (Value::Bool(false), _) => writeln!(out, "unwinnable ({how})")?,
            _ => writeln!(out, "unknown: the solver's budget ran out")?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    #[test]
    fn stats_are_streamed_whatever_the_count() {
        // Collected into one list sized up front, 2^64 - 1 deals overflowed its capacity.
        let layout = BuiltinLayout::Pyramid.layout();
        let stop = Arc::new(AtomicBool::new(false));
        let raise = Arc::clone(&stop);
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            raise.store(true, Ordering::Relaxed);
        });
        let mut out = Vec::new();
        stats(&layout, 0, u64::MAX, true, None, &mut out, &stop).unwrap();
        raiser.join().unwrap();
        let v: Value = serde_json::from_slice(&out).unwrap();
        let deals = v["deals"].as_u64().unwrap();
        assert!(deals < u64::MAX);
        let sum: u64 = ["winnable", "unwinnable", "unknown"]
            .iter()
            .map(|k| v[k].as_u64().unwrap())
            .sum();
        assert_eq!(sum, deals);
    }

    #[test]
    fn times_keep_percentiles_in_bounded_memory() {
        let mut t = Times::default();
        assert_eq!(t.percentile(0.5), Duration::ZERO);
        for micros in 1..=1000u64 {
            t.add(Duration::from_nanos(micros * 1000 + 999));
        }
        assert_eq!(t.percentile(0.5), Duration::from_micros(500));
        assert_eq!(t.percentile(0.99), Duration::from_micros(990));
        assert_eq!(t.max(), Duration::from_micros(1000));
        // Long durations keep five significant digits: one key per 10 µs from 100 ms.
        let mut long = Times::default();
        for micros in 100_000..200_000u64 {
            long.add(Duration::from_micros(micros));
        }
        assert_eq!(long.counts.len(), 10_000);
        assert_eq!(long.max(), Duration::from_micros(199_990));
        long.add(Duration::MAX);
        assert_eq!(long.total, 100_001);
    }
}
