//! Measures the `mahjong-solitaire` solver on seeded random deals, one core, deal after deal:
//! verdicts, node counts, wall-clock and thread CPU time per solve, and the slowest deals.
//!
//! ```sh
//! cargo run --release -p benches --example solitaire_measure -- [--layout NAME|PATH] [--seed S]
//!     [--deals N | --seeds A,B,…] [--repeat R] [--budget NODES] [--slow-ms MS]
//!     [--slow-list K] [--per-deal]
//! ```
//!
//! - `--layout NAME|PATH`: a built-in layout (default `turtle`), or a layout file: KMahjongg's
//!   `.layout` format, or else the crate's text format.
//! - `--seed S`, `--deals N`: the deals of seeds `S`, `S+1`, …, `S+N−1` (default 0 and 200);
//!   `--seeds A,B,…` names the seeds instead (for instance the slow ones a run listed).
//! - `--repeat R`: each deal is solved `R` times and the fastest run counts (the solver is
//!   deterministic; this filters out preemption on a loaded machine). Default 1.
//! - `--budget NODES`: the solver's node budget (default 1,000,000).
//! - `--slow-ms MS`, `--slow-list K`: list up to `K` deals (default 25) slower than `MS`
//!   milliseconds (default 20), and every deal left unknown.
//! - `--per-deal`: also print one line per deal, `seed verdict nodes` (to compare two builds
//!   of the solver deal by deal: times vary, verdicts and node counts must not).
//!
//! Deal `S` is `deal::random_deal` with `Pcg64Mcg::seed_from_u64(S)`, as in the `solitaire`
//! example's `--stats`. Every winning sequence is replayed on its deal; a sequence that does
//! not clear the board stops the run with an error (exit status 1; 2 for a bad command line).
//! Thread CPU time comes from `/proc/thread-self/schedstat` (Linux; its resolution is the
//! scheduler's tick on some kernels); elsewhere it is left out.

use std::process::ExitCode;
use std::time::Instant;

use lexopt::prelude::*;
use mahjong_solitaire::{
    Analysis, Board, BuiltinLayout, Interrupted, Layout, Move, Outcome, Solver, random_deal,
};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

const USAGE: &str = "usage: solitaire_measure [--layout NAME|PATH] [--seed S] [--deals N | --seeds A,B,...] \
[--repeat R] [--budget NODES] [--slow-ms MS] [--slow-list K] [--per-deal]";

/// The parsed command line.
#[derive(Debug)]
struct Args {
    layout: Layout,
    seeds: Vec<u64>,
    repeat: u32,
    budget: u64,
    slow_ms: f64,
    slow_list: usize,
    per_deal: bool,
}

fn parse_args() -> Result<Args, String> {
    let (mut seed, mut deals, mut list) = (0u64, 200u64, None);
    let mut args = Args {
        layout: BuiltinLayout::Turtle.layout(),
        seeds: Vec::new(),
        repeat: 1,
        budget: 1_000_000,
        slow_ms: 20.0,
        slow_list: 25,
        per_deal: false,
    };
    let mut parser = lexopt::Parser::from_env();
    let err = |e: lexopt::Error| e.to_string();
    while let Some(arg) = parser.next().map_err(err)? {
        match arg {
            Long("help") | Short('h') => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            Long("layout") => {
                let name = parser.value().map_err(err)?.string().map_err(err)?;
                args.layout = load_layout(&name)?;
            }
            Long("seed") => seed = parser.value().map_err(err)?.parse().map_err(err)?,
            Long("deals") => deals = parser.value().map_err(err)?.parse().map_err(err)?,
            Long("seeds") => {
                let text = parser.value().map_err(err)?.string().map_err(err)?;
                let seeds: Result<Vec<u64>, _> =
                    text.split(',').map(|s| s.trim().parse::<u64>()).collect();
                list = Some(seeds.map_err(|e| format!("--seeds {text}: {e}"))?);
            }
            Long("repeat") => args.repeat = parser.value().map_err(err)?.parse().map_err(err)?,
            Long("budget") => args.budget = parser.value().map_err(err)?.parse().map_err(err)?,
            Long("slow-ms") => args.slow_ms = parser.value().map_err(err)?.parse().map_err(err)?,
            Long("slow-list") => {
                args.slow_list = parser.value().map_err(err)?.parse().map_err(err)?;
            }
            Long("per-deal") => args.per_deal = true,
            _ => return Err(err(arg.unexpected())),
        }
    }
    args.seeds = list.unwrap_or_else(|| (seed..seed.saturating_add(deals)).collect());
    args.repeat = args.repeat.max(1);
    Ok(args)
}

/// A built-in layout by name, or a layout file.
fn load_layout(name: &str) -> Result<Layout, String> {
    if let Ok(builtin) = name.parse::<BuiltinLayout>() {
        return Ok(builtin.layout());
    }
    let text = std::fs::read_to_string(name).map_err(|e| format!("--layout {name}: {e}"))?;
    let layout = if text.starts_with("kmahjongg-layout-") {
        Layout::from_kmahjongg(&text).map_err(|e| format!("{name}: {e}"))?
    } else {
        text.parse::<Layout>().map_err(|e| format!("{name}: {e}"))?
    };
    Ok(layout)
}

/// The CPU time of this thread so far, in nanoseconds (Linux: the first field of
/// `/proc/thread-self/schedstat`).
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Whether `moves` clears `board`.
fn replays(board: &Board, moves: &[Move]) -> bool {
    let mut b = board.clone();
    moves.iter().all(|&m| b.play(m).is_ok()) && b.is_cleared()
}

/// The value at percentile `p` of sorted values.
fn percentile<T: Copy>(sorted: &[T], p: f64) -> T {
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn summary(v: &[f64]) -> String {
    format!(
        "median {:.3} p90 {:.3} p99 {:.3} max {:.3} total {:.0}",
        percentile(v, 0.5),
        percentile(v, 0.9),
        percentile(v, 0.99),
        v[v.len() - 1],
        v.iter().sum::<f64>(),
    )
}

fn run(args: &Args) -> Result<(), String> {
    if args.seeds.is_empty() {
        return Err("no deals to measure".into());
    }
    let solver = Solver::new().budget(args.budget);
    let layout = &args.layout;
    let (mut times, mut cpu, mut nodes) = (Vec::new(), Vec::new(), Vec::new());
    let (mut won, mut lost, mut unknown) = (0u64, 0u64, 0u64);
    let mut slow = Vec::new();
    for &seed in &args.seeds {
        let board = random_deal(layout, &mut Pcg64Mcg::seed_from_u64(seed));
        let mut best = f64::INFINITY;
        let mut solve: Option<Result<Analysis, Interrupted>> = None;
        let cpu_start = thread_cpu_ns();
        for _ in 0..args.repeat {
            let start = Instant::now();
            solve = Some(solver.solve(&board));
            best = best.min(start.elapsed().as_secs_f64() * 1e3);
        }
        let solve = solve.ok_or("no run")?;
        if let (Some(a), Some(b)) = (cpu_start, thread_cpu_ns()) {
            cpu.push(b.saturating_sub(a) as f64 / 1e6 / f64::from(args.repeat));
        }
        let nodes_of = |solve: &Result<Analysis, Interrupted>| match solve {
            Ok(analysis) => analysis.nodes,
            Err(stop) => stop.spent(),
        };
        let verdict = match solve.as_ref().map(|a| &a.outcome) {
            Ok(Outcome::Winnable(moves)) => {
                if !replays(&board, moves) {
                    return Err(format!("seed {seed}: the winning sequence does not replay"));
                }
                won += 1;
                "winnable"
            }
            Ok(Outcome::Unwinnable) => {
                lost += 1;
                "unwinnable"
            }
            Err(_) => {
                unknown += 1;
                "unknown"
            }
        };
        if args.per_deal {
            println!("{seed} {verdict} {}", nodes_of(&solve));
        }
        if best > args.slow_ms || solve.is_err() {
            slow.push((seed, best, nodes_of(&solve), verdict));
        }
        times.push(best);
        nodes.push(nodes_of(&solve));
    }
    times.sort_by(f64::total_cmp);
    cpu.sort_by(f64::total_cmp);
    nodes.sort_unstable();
    let n = args.seeds.len();
    println!(
        "{} budget {}: {n} deals (seeds {}..): won {won}, lost {lost} ({:.2}%), unknown {unknown}",
        args.layout.name(),
        args.budget,
        args.seeds[0],
        100.0 * lost as f64 / n as f64
    );
    println!(
        "time ms (fastest of {}): {}; nodes median {} p99 {} max {}",
        args.repeat,
        summary(&times),
        percentile(&nodes, 0.5),
        percentile(&nodes, 0.99),
        nodes[n - 1]
    );
    if cpu.len() == n {
        println!("thread CPU ms: {}", summary(&cpu));
    }
    slow.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (seed, t, nodes, verdict) in slow.iter().take(args.slow_list) {
        println!("  slow: seed {seed} {t:.1} ms {nodes} nodes {verdict}");
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("solitaire_measure: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("solitaire_measure: {message}");
            ExitCode::FAILURE
        }
    }
}
