//! Minimal-puzzle generation rate of our generator against the `sudoku` crate's
//! (`Sudoku::generate_with_symmetry_and_rng_from`), 9×9, without symmetry and with central
//! symmetry, plus our other symmetries, one 16×16 figure and one 25×25 figure under a proof
//! budget (not known to be minimal; see `Generator::proof_budget`).
//!
//! ```text
//! cargo bench -p benches --bench sudoku_generate -- --warm-up-time 1 --measurement-time 3
//! ```
//!
//! Both generators follow the same scheme (random solved grid, random cell order, remove a
//! cell or orbit when the solution stays unique); each iteration makes one puzzle.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use sudoku_core::{Generator, Symmetry};
use sudoku_core::{Geometry, Shape};

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("sudoku_generate/9x9");
    group.throughput(Throughput::Elements(1));
    for sym in Symmetry::ALL {
        let mut generator = Generator::new(Geometry::classic(Shape::CLASSIC)).symmetry(sym);
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        group.bench_function(format!("sudoku-core/{sym}"), |b| {
            b.iter(|| black_box(generator.generate(&mut rng).unwrap()))
        });
    }
    for (name, sym) in [
        ("none", sudoku::Symmetry::None),
        ("central", sudoku::Symmetry::HalfRotation),
    ] {
        group.bench_function(format!("sudoku_crate/{name}"), |b| {
            b.iter(|| {
                let solved = sudoku::Sudoku::generate_solved();
                black_box(sudoku::Sudoku::generate_with_symmetry_from(solved, sym))
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("sudoku_generate/16x16");
    group.throughput(Throughput::Elements(1));
    group.sample_size(10);
    let mut generator = Generator::new(Geometry::classic(Shape::new(4, 4).unwrap()));
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    group.bench_function("sudoku-core/none", |b| {
        b.iter(|| black_box(generator.generate(&mut rng).unwrap()))
    });
    group.finish();

    // 25×25 without a proof budget takes minutes of CPU a puzzle; with a budget of 1,000 nodes
    // per proof the puzzle is unique but not known to be minimal (`Generated::undecided`
    // counts the removals left untested, printed here for the first seeds).
    let geo = Geometry::classic(Shape::new(5, 5).unwrap());
    let mut generator = Generator::new(geo).proof_budget(1_000);
    for seed in 0..2 {
        let made = generator
            .generate(&mut Pcg64Mcg::seed_from_u64(seed))
            .unwrap();
        eprintln!(
            "25x25 seed {seed}, proof budget 1000: {} givens, {} undecided removals",
            made.puzzle.given_count(),
            made.undecided
        );
    }
    let mut group = c.benchmark_group("sudoku_generate/25x25");
    group.throughput(Throughput::Elements(1));
    group.sample_size(10);
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    group.bench_function("sudoku-core/none/proof_budget_1000", |b| {
        b.iter(|| black_box(generator.generate(&mut rng).unwrap()))
    });
    group.finish();
}

criterion_group!(benches, generate);
criterion_main!(benches);
