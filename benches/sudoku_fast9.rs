//! The fast 9×9 engine of `sudoku-core` (a `Solver` on `Engine::Fast`; and, for scale, its
//! dancing-links engine on the same puzzles) against the `sudoku` crate (a JCZSolve port, AGPL,
//! a dev-dependency of this unpublished package only), on samples of the public benchmark
//! sets (sudoku-core's test data, `crates/sudoku-core/tests/data/`, origin in each file's
//! header): first solution and count up to 2,
//! throughput in puzzles.
//!
//! ```sh
//! cargo bench -p benches --bench sudoku_fast9 -- --warm-up-time 1 --measurement-time 3
//! ```
//!
//! Whole-file figures come from `cargo run --release -p benches --example fast9_rate`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku::Sudoku;
use sudoku_core::{Engine, Geometry, Grid, Shape, Solver};

const SETS: [(&str, &str); 5] = [
    (
        "17_clue",
        include_str!("../crates/sudoku-core/tests/data/puzzles2_17_clue.txt"),
    ),
    (
        "magictour_top1465",
        include_str!("../crates/sudoku-core/tests/data/puzzles3_magictour_top1465.txt"),
    ),
    (
        "forum_hardest_1905_11plus",
        include_str!("../crates/sudoku-core/tests/data/puzzles5_forum_hardest_1905_11plus.txt"),
    ),
    (
        "forum_hardest_1106",
        include_str!("../crates/sudoku-core/tests/data/puzzles6_forum_hardest_1106.txt"),
    ),
    (
        "serg_benchmark",
        include_str!("../crates/sudoku-core/tests/data/puzzles7_serg_benchmark.txt"),
    ),
];

fn parse(text: &str) -> Vec<[u8; 81]> {
    text.lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .map(|l| {
            let mut cells = [0u8; 81];
            for (cell, ch) in cells.iter_mut().zip(l.bytes()) {
                *cell = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
            }
            cells
        })
        .collect()
}

fn fast9(c: &mut Criterion) {
    for (name, text) in SETS {
        let cells = parse(text);
        let ours: Vec<Grid> = cells
            .iter()
            .map(|c| Grid::new(Shape::CLASSIC, c.to_vec()).expect("a 9×9 grid"))
            .collect();
        let theirs: Vec<Sudoku> = cells
            .iter()
            .map(|cells| Sudoku::from_bytes(*cells).expect("valid bytes"))
            .collect();
        let mut group = c.benchmark_group(format!("sudoku_fast9/{name}"));
        group.throughput(Throughput::Elements(ours.len() as u64));
        let geo = Geometry::classic(Shape::CLASSIC);
        let mut engine = Solver::with_engine(geo.clone(), Engine::Fast).expect("9×9");
        let mut out = Grid::empty(Shape::CLASSIC);
        group.bench_function("first/fast9", |b| {
            b.iter(|| {
                for grid in &ours {
                    black_box(engine.solve_into(black_box(grid), &mut out)).ok();
                }
            })
        });
        let mut dlx = Solver::with_engine(geo, Engine::Dlx).expect("every grid");
        group.bench_function("first/dlx", |b| {
            b.iter(|| {
                for grid in &ours {
                    black_box(dlx.solve_into(black_box(grid), &mut out)).ok();
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
        group.bench_function("count2/fast9", |b| {
            b.iter(|| {
                for grid in &ours {
                    black_box(engine.count(black_box(grid), 2)).ok();
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
        group.bench_function("count2/sudoku", |b| {
            b.iter(|| {
                for s in &theirs {
                    black_box(black_box(*s).solutions_count_up_to(2));
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, fast9);
criterion_main!(benches);
