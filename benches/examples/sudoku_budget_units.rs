//! How steady the work units of sudoku-core's long calls are, and how soon a cancel flag stops
//! them: the numbers a caller needs to turn a time limit into a `Solver::budget` or to trust a
//! `Solver::cancel_flag` as a deadline.
//!
//! ```sh
//! cargo run --release -p benches --example sudoku_budget_units -- [--grids N] [--nodes N]
//! ```
//!
//! 1. Search nodes per second (`Solver::budget`'s unit: rows tried by dancing links, guesses
//!    by the 9×9 bitboard engine) on 9×9 (both engines), 16×16 and 25×25 grids with one
//!    given (counting all solutions until the budget runs out), and on `N` (default 40) random
//!    25×25 puzzles with 394 empty cells (a random complete grid, 394 random cells emptied:
//!    the hard inputs of a fuzzing campaign), solved with a budget of `--nodes` (default
//!    200,000).
//! 2. The delay between raising the cancel flag and the call returning: for `Solver::solve`
//!    on each hard 25×25 puzzle, and for `Generator::generate` on 16×16 and 25×25 (the flag
//!    raised 50 ms after the start).
//!
//! 3. Search nodes per second of the bounded canonical form (`Canonicalizer::budget`'s unit)
//!    on puzzles of 9×9, 1×9-box, 2×6-box and 3×4-box grids (a few givens, the slow cases),
//!    with a budget of 100,000 nodes.
//!
//! Wall-clock times, one thread; run it on a quiet machine (or under `nice`, and say the load).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;
use sudoku_core::Generator;
use sudoku_core::transform::{Canonicalizer, TransformError};
use sudoku_core::{Engine, Geometry, Grid, Shape, SolveError, Solver};

/// Nodes per second of `count` on a grid of `shape` with one given, with `budget` nodes.
fn empty_rate(shape: Shape, engine: Engine, budget: u64) -> (u64, f64) {
    let mut solver = Solver::with_engine(Geometry::classic(shape), engine)
        .expect("engine serves the shape")
        .budget(budget);
    let start = Instant::now();
    // One given, so that the count runs on the grid (an empty grid is counted with its
    // first row fixed, which for 25×25 gives up at once: 25! overflows the count).
    let mut grid = Grid::empty(shape);
    grid.set(0, 1).expect("a value");
    let r = solver.count(&grid, u64::MAX);
    let secs = start.elapsed().as_secs_f64();
    let nodes = match r {
        Err(SolveError::Interrupted(i)) => i.spent(),
        _ => solver.last_nodes(),
    };
    (nodes, nodes as f64 / secs)
}

/// A random 25×25 puzzle with `empty` cells emptied from a random complete grid.
fn hard_25(empty: usize, rng: &mut Pcg64Mcg) -> Grid {
    let shape = Shape::new(5, 5).expect("5x5");
    let mut solver = Solver::new(Geometry::classic(shape));
    let full = solver
        .random_solution(&Grid::empty(shape), rng)
        .expect("no budget")
        .expect("a 25x25 grid exists");
    let mut cells = full.into_cells();
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.shuffle(rng);
    for &c in &order[..empty] {
        cells[c] = 0;
    }
    Grid::new(shape, cells).expect("valid")
}

/// Runs `f` while another thread raises `flag` after `after`; returns the delay from the
/// raise to the end of `f` (zero when `f` ended first) and its result.
fn cancel_delay<T>(
    after: Duration,
    flag: &Arc<AtomicBool>,
    f: impl FnOnce() -> T,
) -> (Duration, T) {
    flag.store(false, Ordering::Relaxed);
    let raised: Arc<std::sync::Mutex<Option<Instant>>> = Arc::default();
    let (f2, r2) = (Arc::clone(flag), Arc::clone(&raised));
    let done = Arc::new(AtomicBool::new(false));
    let d2 = Arc::clone(&done);
    let timer = thread::spawn(move || {
        let start = Instant::now();
        while start.elapsed() < after {
            if d2.load(Ordering::Relaxed) {
                return;
            }
            thread::sleep(Duration::from_micros(100));
        }
        *r2.lock().expect("lock") = Some(Instant::now());
        f2.store(true, Ordering::Relaxed);
    });
    let t = f();
    let end = Instant::now();
    done.store(true, Ordering::Relaxed);
    timer.join().expect("timer");
    let delay = raised
        .lock()
        .expect("lock")
        .map_or(Duration::ZERO, |r| end.saturating_duration_since(r));
    (delay, t)
}

fn main() {
    let mut grids = 40usize;
    let mut budget = 200_000u64;
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        match (pair[0].as_str(), pair.get(1).and_then(|v| v.parse().ok())) {
            ("--grids", Some(v)) => grids = v as usize,
            ("--nodes", Some(v)) => budget = v,
            _ => {
                eprintln!("usage: sudoku_budget_units [--grids N] [--nodes N]");
                std::process::exit(2);
            }
        }
    }
    println!("case\tnodes\tnodes/s");
    for (name, shape, engine, b) in [
        (
            "9x9 one given, fast",
            Shape::CLASSIC,
            Engine::Fast,
            2_000_000,
        ),
        ("9x9 one given, dlx", Shape::CLASSIC, Engine::Dlx, 2_000_000),
        (
            "16x16 one given, dlx",
            Shape::new(4, 4).expect("4x4"),
            Engine::Dlx,
            1_000_000,
        ),
        (
            "25x25 one given, dlx",
            Shape::new(5, 5).expect("5x5"),
            Engine::Dlx,
            1_000_000,
        ),
    ] {
        let (nodes, rate) = empty_rate(shape, engine, b);
        println!("{name}\t{nodes}\t{rate:.0}");
    }
    let mut rng = Pcg64Mcg::seed_from_u64(18);
    let shape = Shape::new(5, 5).expect("5x5");
    let mut rates = Vec::new();
    let mut delays = Vec::new();
    let mut interrupted = 0;
    for _ in 0..grids {
        let grid = hard_25(394, &mut rng);
        let mut solver = Solver::new(Geometry::classic(shape)).budget(budget);
        let start = Instant::now();
        let r = solver.solve(&grid);
        let secs = start.elapsed().as_secs_f64();
        let nodes = match &r {
            Err(SolveError::Interrupted(i)) => {
                interrupted += 1;
                i.spent()
            }
            _ => solver.last_nodes(),
        };
        if nodes >= 10_000 {
            rates.push(nodes as f64 / secs);
        }
        let flag = Arc::new(AtomicBool::new(false));
        let mut solver = Solver::new(Geometry::classic(shape)).cancel_flag(Arc::clone(&flag));
        let (delay, _) = cancel_delay(Duration::from_millis(20), &flag, || solver.solve(&grid));
        delays.push(delay);
    }
    rates.sort_by(f64::total_cmp);
    delays.sort();
    if let (Some(lo), Some(hi)) = (rates.first(), rates.last()) {
        println!(
            "hard 25x25 ({grids} grids, {interrupted} over {budget} nodes; rates of the {} with 10,000+ nodes)\tmin {lo:.0} median {:.0} max {hi:.0}",
            rates.len(),
            rates[rates.len() / 2]
        );
    }
    println!(
        "cancel delay, solve hard 25x25\tmedian {:?} max {:?}",
        delays[delays.len() / 2],
        delays[delays.len() - 1]
    );
    for side in [(4, 4), (5, 5)] {
        let shape = Shape::new(side.0, side.1).expect("shape");
        let mut worst = Duration::ZERO;
        let flag = Arc::new(AtomicBool::new(false));
        let solver = Solver::new(Geometry::classic(shape)).cancel_flag(Arc::clone(&flag));
        let mut generator = Generator::with_solver(solver);
        for seed in 0..4 {
            let after = Duration::from_millis(50 + 300 * seed);
            let (delay, r) = cancel_delay(after, &flag, || {
                generator.generate(&mut Pcg64Mcg::seed_from_u64(seed))
            });
            println!("generate {shape}: seed {seed} delay {delay:?}");
            worst = worst.max(delay);
            if r.is_ok() {
                println!("generate {shape}: seed {seed} finished before the flag");
            }
        }
        println!(
            "cancel delay, generate {shape} (4 seeds, flag at 50 ms + 300 ms × seed)\tmax {worst:?}"
        );
    }
    let mut rates = Vec::new();
    for (br, bc, givens) in [
        (3, 3, &[(0, 1), (10, 2), (20, 3), (40, 4)][..]),
        (
            1,
            9,
            &[(0, 1), (10, 2), (20, 3), (40, 4), (44, 5), (80, 6)][..],
        ),
        (2, 6, &[(0, 1), (13, 2), (26, 3), (70, 4)][..]),
        (3, 4, &[(0, 1), (13, 2), (26, 3), (70, 4), (100, 1)][..]),
    ] {
        let n = br * bc;
        let mut cells = vec![0u8; n * n];
        for &(i, v) in givens {
            cells[i] = v;
        }
        let start = Instant::now();
        let r = Canonicalizer::new()
            .budget(100_000)
            .canonical_form(br, bc, &cells);
        let secs = start.elapsed().as_secs_f64();
        match r {
            Err(TransformError::Interrupted(i)) => {
                println!(
                    "canon {br}x{bc} boxes\t{} (budget spent)\t{:.0}",
                    i.spent(),
                    i.spent() as f64 / secs
                );
                rates.push(i.spent() as f64 / secs);
            }
            Ok(_) => println!("canon {br}x{bc} boxes\tfinished in {secs:.4} s"),
            Err(e) => println!("canon {br}x{bc} boxes\t{e}"),
        }
    }
}
