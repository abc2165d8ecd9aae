//! How steady sudoku-grade's work unit is: time per unit of `Rater::budget` on calls that run
//! out of their budget, for growing budgets, on empty grids of every size (the worst case
//! for the ladder: nothing progresses, every technique is tried) and on a hard 9×9 puzzle.
//!
//! ```text
//! cargo run --release -p benches --example grade_units [-- BUDGET...]
//! ```
//!
//! For each grid and each budget (default 10,000, 100,000, 1,000,000 and 10,000,000):
//! `next_step` on the position (the ladder only) and `rate` on the puzzle (the uniqueness
//! check first), each timed in CPU time of its thread (mean over runs adding up to 0.2 s at least); prints the units spent, the
//! seconds, and ns per unit. A steady unit shows the same ns per unit at every budget.
//! First, the work ratings take on the 200 random minimal 9×9 puzzles of `benches/data`.

use std::time::Instant;

use sudoku_core::{Grid, Puzzle, Shape};
use sudoku_grade::{GradeError, MarkedGrid, Rater};

/// CPU time of this thread, from Linux's `/proc/thread-self/schedstat` (it lags by at most a
/// scheduler tick, a few ms: the calls timed are repeated to 0.2 s at least); wall-clock time
/// elsewhere.
fn cpu() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|t| t.split_whitespace().next()?.parse::<f64>().ok())
        .map_or_else(
            || {
                std::time::UNIX_EPOCH
                    .elapsed()
                    .unwrap_or_default()
                    .as_secs_f64()
            },
            |ns| ns * 1e-9,
        )
}

/// Runs `f` until 0.2 s of CPU time have passed (at least once), prints the mean CPU time of
/// a call and its units.
fn show<T>(what: &str, budget: u64, f: impl Fn() -> Result<T, GradeError>) {
    let (t, w) = (cpu(), Instant::now());
    let mut runs = 0u32;
    let out = loop {
        let out = f();
        runs += 1;
        if cpu() - t >= 0.2 {
            break out;
        }
    };
    let s = (cpu() - t) / f64::from(runs);
    let wall = w.elapsed().as_secs_f64() / f64::from(runs);
    let (units, answer) = match out {
        Ok(_) => (None, "done".to_string()),
        Err(GradeError::Interrupted(i)) => (Some(i.spent()), "budget".to_string()),
        Err(e) => (None, e.to_string()),
    };
    match units {
        Some(u) => println!(
            "{what:<22} budget {budget:>10}  {answer:<7} {u:>10} units  cpu {s:>8.4} s (wall {wall:.4} s)  {:>6.0} ns/unit  {:>5.2} M units/s",
            s * 1e9 / u as f64,
            u as f64 / s / 1e6
        ),
        None => {
            println!("{what:<22} budget {budget:>10}  {answer} in cpu {s:.4} s (wall {wall:.4} s)")
        }
    }
}

fn main() {
    let mut budgets: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.replace(['_', ','], "").parse().ok())
        .collect();
    if budgets.is_empty() {
        budgets = vec![10_000, 100_000, 1_000_000, 10_000_000];
    }
    let hard: Grid =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            .parse()
            .expect("a grid");
    let mut grids = Vec::new();
    for (r, c) in [(3, 3), (4, 4), (5, 5)] {
        let shape = Shape::new(r, c).expect("a shape");
        grids.push((format!("empty {0}x{0}", r * c), Grid::empty(shape)));
    }
    grids.push(("hard 9x9".to_string(), hard.clone()));
    // What ratings take: the 200 random minimal 9×9 puzzles of benches/data.
    let mut work: Vec<u64> = include_str!("../data/random-minimal-9x9.txt")
        .lines()
        .filter_map(|l| l.split_whitespace().next()?.parse::<Grid>().ok())
        .filter_map(|g| {
            Rater::new()
                .record_steps(false)
                .rate(&Puzzle::classic(g).ok()?)
                .ok()
        })
        .map(|r| r.work)
        .collect();
    work.sort_unstable();
    if let (Some(min), Some(max)) = (work.first(), work.last()) {
        println!(
            "work of a rating, {} random minimal 9x9 puzzles: min {min}, median {}, max {max}",
            work.len(),
            work[work.len() / 2]
        );
    }
    if let Ok(r) = Rater::new()
        .record_steps(false)
        .rate(&Puzzle::classic(hard.clone()).expect("a puzzle"))
    {
        println!("work of a rating, the hard 9x9 puzzle: {}", r.work);
    }
    for (name, grid) in &grids {
        let puzzle = Puzzle::classic(grid.clone()).expect("a puzzle");
        let position = MarkedGrid::new(&puzzle);
        for &b in &budgets {
            let rater = Rater::new().record_steps(false).budget(b);
            show(&format!("{name} next_step"), b, || {
                rater.next_step(&position)
            });
            show(&format!("{name} rate"), b, || rater.rate(&puzzle));
        }
    }
}
