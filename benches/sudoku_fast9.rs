//! The fast 9×9 engine of `sudoku-core` (a `Solver` on `Engine::Fast`) against the peers from
//! crates.io — the `sudoku` crate (a JCZSolve port, AGPL, a dev-dependency of this unpublished
//! package only), `rustoku-lib` (bitmask backtracking with MRV) and `zero-alloc-sudoku`
//! (bitboard backtracking with MRV; first solution only, it has no count) — and, for scale,
//! sudoku-core's dancing-links engine, on the five public benchmark sets: first solution and
//! count up to 2, throughput in puzzles.
//!
//! ```sh
//! cargo bench -p benches --bench sudoku_fast9 -- --warm-up-time 1 --measurement-time 3
//! ```
//!
//! The sets are the 300-line samples kept in sudoku-core's test data
//! (`crates/sudoku-core/tests/data/`, origin in each file's header and that folder's README),
//! the same puzzles for every solver. Times are the CPU time of the benchmark thread
//! ([`ThreadCpuTime`]), not wall-clock time: criterion runs one benchmark after the other,
//! and on a shared machine a burst of load during one of them used to slow it alone (a
//! wall-clock run at load 7 gave the fast engine 20 % less on one row and nothing on the
//! next). The harness `cargo run --release -p benches --example fast9_rate -- [DIR]` measures
//! the same calls, also in CPU time, alternating the programs round by round, on the samples
//! or on the whole lists.

use std::hint::black_box;

use benches::cpu::ThreadCpuTime;
use benches::puzzles;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rustoku_lib::Rustoku;
use rustoku_lib::core::Board as RustokuBoard;
use sudoku::Sudoku;
use sudoku_core::{Engine, Geometry, Grid, Shape, Solver};

fn fast9(c: &mut Criterion<ThreadCpuTime>) {
    let sets = puzzles::load(None).expect("the samples are compiled in");
    for (name, cells) in sets {
        let ours: Vec<Grid> = cells
            .iter()
            .map(|c| Grid::new(Shape::CLASSIC, c.to_vec()).expect("a 9×9 grid"))
            .collect();
        let theirs: Vec<Sudoku> = cells
            .iter()
            .map(|cells| Sudoku::from_bytes(*cells).expect("valid bytes"))
            .collect();
        let rustokus: Vec<Rustoku> = cells
            .iter()
            .map(|c| {
                let board = RustokuBoard::try_from(*c).expect("values 0..=9");
                Rustoku::new(board).expect("no value twice in a house")
            })
            .collect();
        let zero_allocs: Vec<zero_alloc_sudoku::Sudoku> = cells
            .iter()
            .map(|c| {
                let line: String = c.iter().map(|&v| char::from(b'0' + v)).collect();
                line.parse().expect("an 81-digit line")
            })
            .collect();
        let mut group = c.benchmark_group(format!("sudoku_fast9/{name}"));
        group.throughput(Throughput::Elements(ours.len() as u64));
        let geo = Geometry::classic(Shape::CLASSIC);
        let mut engine = Solver::with_engine(geo.clone(), Engine::Fast).expect("9×9");
        let mut dlx = Solver::with_engine(geo, Engine::Dlx).expect("every grid");
        let mut out = Grid::empty(Shape::CLASSIC);
        group.bench_function("first/fast9", |b| {
            b.iter(|| {
                for grid in &ours {
                    black_box(engine.solve_into(black_box(grid), &mut out)).ok();
                }
            })
        });
        group.bench_function("first/rustoku", |b| {
            b.iter(|| {
                for r in &rustokus {
                    black_box(black_box(*r).solve_any());
                }
            })
        });
        group.bench_function("first/zero-alloc", |b| {
            b.iter(|| {
                for z in &zero_allocs {
                    let mut z = black_box(*z);
                    black_box(z.solve());
                }
            })
        });
        group.bench_function("first/sudoku", |b| {
            b.iter(|| {
                for s in &theirs {
                    black_box(black_box(*s).some_solution());
                }
            })
        });
        group.bench_function("first/dlx", |b| {
            b.iter(|| {
                for grid in &ours {
                    black_box(dlx.solve_into(black_box(grid), &mut out)).ok();
                }
            })
        });
        group.bench_function("count2/fast9", |b| {
            b.iter(|| {
                for grid in &ours {
                    black_box(engine.count(black_box(grid), 2)).ok();
                }
            })
        });
        group.bench_function("count2/rustoku", |b| {
            b.iter(|| {
                for r in &rustokus {
                    black_box(black_box(*r).count_solutions_until(2));
                }
            })
        });
        group.bench_function("count2/sudoku", |b| {
            b.iter(|| {
                for s in &theirs {
                    black_box(black_box(*s).solutions_count_up_to(2));
                }
            })
        });
        group.bench_function("count2/dlx", |b| {
            b.iter(|| {
                for grid in &ours {
                    black_box(dlx.count(black_box(grid), 2)).ok();
                }
            })
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(ThreadCpuTime);
    targets = fast9
}
criterion_main!(benches);
