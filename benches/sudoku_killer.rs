//! Killer sudoku: solve rates of the published puzzles (with and without the house-sum
//! rule, alternated in the same run), the uniqueness proof of generated puzzles, and the
//! generation rate of 9×9 killer and killer X puzzles, in CPU time of the measuring thread.
//!
//! ```text
//! cargo bench -p benches --bench sudoku_killer -- --warm-up-time 1 --measurement-time 3
//! ```

use std::hint::black_box;

use benches::cpu::ThreadCpuTime;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use sudoku_core::Symmetry;
use sudoku_core::killer::format::parse_all;
use sudoku_core::killer::{KillerGenerator, KillerPuzzle, KillerSolver};
use sudoku_core::{Geometry, Shape, Variant};

const PUBLISHED: &str = include_str!("../crates/sudoku-core/tests/data/killer_published.txt");
const GOLDEN: &str = include_str!("../crates/sudoku-core/tests/data/killer_golden.txt");

fn puzzles(text: &str) -> Vec<KillerPuzzle> {
    parse_all(text)
        .expect("the killer samples parse")
        .into_iter()
        .map(|g| KillerPuzzle::classic(g).expect("valid"))
        .collect()
}

fn killer(c: &mut Criterion<ThreadCpuTime>) {
    let published = puzzles(PUBLISHED);
    let generated = puzzles(GOLDEN);

    let mut group = c.benchmark_group("sudoku_killer/solve");
    group.throughput(Throughput::Elements(published.len() as u64));
    for sums in [true, false] {
        let mut solver = KillerSolver::new().house_sums(sums);
        let name = if sums {
            "published/house-sums"
        } else {
            "published/no-house-sums"
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                for p in &published {
                    black_box(solver.solve(p).unwrap());
                }
            })
        });
    }
    group.throughput(Throughput::Elements(generated.len() as u64));
    for sums in [true, false] {
        let mut solver = KillerSolver::new().house_sums(sums);
        let name = if sums {
            "unique-generated/house-sums"
        } else {
            "unique-generated/no-house-sums"
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                for p in &generated {
                    assert_eq!(solver.count(p, 2).unwrap(), sudoku_core::Count::Exact(1));
                }
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("sudoku_killer/generate");
    group.throughput(Throughput::Elements(1));
    group.sample_size(10);
    for (name, variant, symmetry) in [
        ("9x9", Variant::classic(), Symmetry::None),
        ("9x9-x", Variant::x(), Symmetry::None),
        ("9x9-central", Variant::classic(), Symmetry::Central),
    ] {
        let geometry = Geometry::new(Shape::CLASSIC, &variant).expect("9x9");
        let mut generator = KillerGenerator::new(geometry).symmetry(symmetry);
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        group.bench_function(name, |b| {
            b.iter(|| black_box(generator.generate(&mut rng).unwrap()))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(ThreadCpuTime);
    targets = killer
}
criterion_main!(benches);
