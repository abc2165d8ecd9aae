//! Solve and generation rates of sudoku-core's geometries beyond one square (Samurai, Tiny
//! Samurai, Roxdoku cubes) and of jigsaw 9×9, by dancing links, in thread CPU time
//! ([`ThreadCpuTime`]).
//!
//! ```text
//! cargo bench -p benches --bench sudoku_variants -- --warm-up-time 1 --measurement-time 3
//! ```
//!
//! Solving: each kind solves a fixed list of puzzles (the published Samurai of the
//! puzzlekit documentation, and puzzles the generator makes from seeds 0..8 for the other
//! kinds), one puzzle per iteration in turn. Generation: one minimal puzzle per iteration
//! from a seeded generator, without symmetry. Random jigsaw: a 9×9 region map drawn per
//! iteration (`map9`), and a map then a minimal puzzle on it (`map_and_puzzle9`, a map
//! redrawn when the generator's 2,000,000-node budget runs out, as `generate --variant
//! jigsaw` does).

use std::hint::black_box;
use std::sync::Arc;

use benches::cpu::ThreadCpuTime;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use sudoku_core::Generator;
use sudoku_core::format::{ReadOptions, frame};
use sudoku_core::layout::Layout;
use sudoku_core::{Geometry, Grid, RegionMap, Shape, Solver, Variant};

const PUBLISHED: &str = include_str!("../crates/sudoku-core/tests/data/samurai_puzzlekit.txt");

/// A 9×9 jigsaw: classic boxes with two cells swapped between boxes 1 and 4.
const JIGSAW: &str = "AAABBBCCC\nAAABBBCCC\nAADBBBCCC\nDADEEEFFF\nDDDEEEFFF\nDDDEEEFFF\nGGGHHHIII\nGGGHHHIII\nGGGHHHIII\n";

fn kinds() -> Vec<(&'static str, Arc<Geometry>)> {
    let layout = |l: Layout| Arc::new(Geometry::from_layout(l).unwrap());
    let map: RegionMap = JIGSAW.parse().unwrap();
    vec![
        ("samurai", layout(Layout::samurai())),
        ("tiny_samurai", layout(Layout::tiny_samurai())),
        ("roxdoku3", layout(Layout::cube(3).unwrap())),
        ("roxdoku4", layout(Layout::cube(4).unwrap())),
        (
            "jigsaw9",
            Arc::new(Geometry::new(Shape::CLASSIC, &Variant::jigsaw(map)).unwrap()),
        ),
    ]
}

fn variants(c: &mut Criterion<ThreadCpuTime>) {
    let mut group = c.benchmark_group("sudoku_variants/solve");
    group.throughput(Throughput::Elements(1));
    for (name, geo) in kinds() {
        let puzzles: Vec<Grid> = if name == "samurai" {
            let (_, block) = frame::blocks(PUBLISHED).next().unwrap();
            vec![frame::parse(&block, &Layout::samurai(), &ReadOptions::default()).unwrap()]
        } else {
            let mut generator = Generator::new(geo.clone());
            (0..8)
                .map(|s| {
                    generator
                        .generate(&mut Pcg64Mcg::seed_from_u64(s))
                        .unwrap()
                        .puzzle
                })
                .collect()
        };
        let mut solver = Solver::new(geo.clone());
        let mut k = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                k = (k + 1) % puzzles.len();
                black_box(solver.solve(&puzzles[k]).unwrap())
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("sudoku_variants/generate");
    group.throughput(Throughput::Elements(1));
    group.sample_size(10);
    for (name, geo) in kinds() {
        let mut generator = Generator::new(geo);
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        group.bench_function(name, |b| {
            b.iter(|| black_box(generator.generate(&mut rng).unwrap()))
        });
    }
    group.finish();

    // Random jigsaw: a region map drawn per iteration (with its grid) at several sides, and
    // a 9×9 or 12×12 map drawn then a minimal puzzle made from its grid, as `generate
    // --variant jigsaw` does.
    let mut group = c.benchmark_group("sudoku_variants/random_jigsaw");
    group.throughput(Throughput::Elements(1));
    group.sample_size(10);
    for side in [9, 16, 25] {
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        group.bench_function(format!("map{side}"), |b| {
            b.iter(|| black_box(RegionMap::random_with_grid(side, &mut rng).unwrap()))
        });
    }
    for side in [9, 12] {
        let shape = Shape::for_size(side).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        group.bench_function(format!("map_and_puzzle{side}"), |b| {
            b.iter(|| {
                loop {
                    let (map, grid) = RegionMap::random_with_grid(side, &mut rng).unwrap();
                    let geometry = Geometry::new(shape, &Variant::jigsaw(map)).unwrap();
                    let solver = Solver::new(geometry).budget(2_000_000);
                    let mut generator = Generator::with_solver(solver);
                    if let Ok(made) = generator.generate_from(&grid, &mut rng) {
                        break black_box(made);
                    }
                }
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(ThreadCpuTime);
    targets = variants
}
criterion_main!(benches);
