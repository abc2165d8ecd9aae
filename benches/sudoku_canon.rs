//! Canonical form (minlex) throughput of `sudoku-core` against the `sudoku` crate's
//! `Sudoku::canonicalized`, on the same inputs.
//!
//! Inputs (sudoku-core's test data, `crates/sudoku-core/tests/data/`): 300 17-clue puzzles and
//! 300 of the hardest (SE 11+) puzzles; the complete grids are their solutions, computed in
//! the setup by the `sudoku` crate. The setup checks that both libraries give the same
//! canonical form for every complete grid.
//!
//! Note on puzzles: `sudoku-core` computes the minlex form of the puzzle itself (its givens);
//! the `sudoku` crate solves the puzzle and canonicalizes through its solution, so the puzzle
//! figures compare two different (though both useful) jobs.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku::Sudoku;
use sudoku_core::transform::canonical_form;

fn load(text: &str) -> Vec<Vec<u8>> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            l.trim()
                .bytes()
                .map(|b| if b == b'.' || b == b'0' { 0 } else { b - b'0' })
                .collect()
        })
        .collect()
}

fn to_peer(cells: &[u8]) -> Sudoku {
    Sudoku::from_bytes_slice(cells).expect("81 cells")
}

fn canon(c: &mut Criterion) {
    let p17 = load(include_str!(
        "../crates/sudoku-core/tests/data/puzzles2_17_clue.txt"
    ));
    let hard = load(include_str!(
        "../crates/sudoku-core/tests/data/puzzles5_forum_hardest_1905_11plus.txt"
    ));
    let grids: Vec<Vec<u8>> = p17
        .iter()
        .chain(&hard)
        .map(|p| {
            to_peer(p)
                .solution()
                .expect("unique solution")
                .to_bytes()
                .to_vec()
        })
        .collect();
    for g in &grids {
        let ours = canonical_form(3, 3, g).expect("valid grid");
        let (theirs, _) = to_peer(g).canonicalized().expect("solved");
        assert_eq!(ours.cells(), &theirs.to_bytes()[..], "forms must agree");
    }
    let peer_grids: Vec<Sudoku> = grids.iter().map(|g| to_peer(g)).collect();

    let mut group = c.benchmark_group("sudoku_canon/grids");
    group.throughput(Throughput::Elements(grids.len() as u64));
    group.bench_function("sudoku-core", |b| {
        b.iter(|| {
            for g in &grids {
                black_box(canonical_form(3, 3, black_box(g)).expect("valid"));
            }
        })
    });
    group.bench_function("sudoku-0.8", |b| {
        b.iter(|| {
            for s in &peer_grids {
                black_box(black_box(s).canonicalized());
            }
        })
    });
    group.finish();

    for (name, puzzles) in [("puzzles_17_clue", &p17), ("puzzles_hardest", &hard)] {
        let peer: Vec<Sudoku> = puzzles.iter().map(|p| to_peer(p)).collect();
        let mut group = c.benchmark_group(format!("sudoku_canon/{name}"));
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function("sudoku-core", |b| {
            b.iter(|| {
                for p in puzzles {
                    black_box(canonical_form(3, 3, black_box(p)).expect("valid"));
                }
            })
        });
        group.bench_function("sudoku-0.8 (solve + canonicalize)", |b| {
            b.iter(|| {
                for s in &peer {
                    black_box(black_box(s).canonicalized());
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, canon);
criterion_main!(benches);
