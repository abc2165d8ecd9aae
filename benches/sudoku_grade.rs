//! sudoku-grade: rating speed on random minimal 9×9 puzzles and on a sample of the Sudoku
//! Exchange bank (SE 2.5 to 9.3), beside the `sudoku` crate's `StrategySolver` on the same
//! puzzles (it has singles, locked candidates, subsets, fish, wings and avoidable rectangles
//! but no contradiction or guessing step: on hard puzzles it stops where we go on to E/F);
//! and the rating with the solving-time estimate of a person (`HumanModel`, what
//! `grade --human` does), and the estimate alone on ratings made beforehand.
//!
//! ```text
//! cargo bench -p benches --bench sudoku_grade -- --warm-up-time 1 --measurement-time 3
//! ```

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku::strategy::{Strategy, StrategySolver};
use sudoku_core::Puzzle;
use sudoku_grade::{HumanModel, Rater, Rating};

fn load(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
        .collect()
}

fn peer_strategies() -> Vec<Strategy> {
    vec![
        Strategy::NakedSingles,
        Strategy::HiddenSingles,
        Strategy::LockedCandidates,
        Strategy::NakedPairs,
        Strategy::NakedTriples,
        Strategy::NakedQuads,
        Strategy::HiddenPairs,
        Strategy::HiddenTriples,
        Strategy::HiddenQuads,
        Strategy::XWing,
        Strategy::Swordfish,
        Strategy::Jellyfish,
        Strategy::XyWing,
        Strategy::XyzWing,
    ]
}

fn bench_set(c: &mut Criterion, name: &str, text: &str) {
    let lines = load(text);
    let puzzles: Vec<Puzzle> = lines
        .iter()
        .map(|l| Puzzle::classic(l.parse().expect("bench data")).expect("bench data"))
        .collect();
    let peers: Vec<sudoku::Sudoku> = lines
        .iter()
        .map(|l| sudoku::Sudoku::from_str_line(&l.replace('0', ".")).expect("bench data"))
        .collect();
    let strategies = peer_strategies();
    let mut g = c.benchmark_group(format!("grade/{name}"));
    g.throughput(Throughput::Elements(puzzles.len() as u64));
    g.sample_size(10);
    let rater = Rater::new();
    g.bench_function("sudoku-grade (steps recorded)", |b| {
        b.iter(|| {
            for p in &puzzles {
                black_box(rater.rate(p).expect("rated"));
            }
        })
    });
    let quiet = Rater::new().record_steps(false);
    g.bench_function("sudoku-grade (no steps)", |b| {
        b.iter(|| {
            for p in &puzzles {
                black_box(quiet.rate(p).expect("rated"));
            }
        })
    });
    g.bench_function("sudoku-grade + human time (grade --human)", |b| {
        b.iter(|| {
            for p in &puzzles {
                let r = quiet.rate(p).expect("rated");
                black_box(HumanModel::CALIBRATED.estimate(p, &r).expect("its rating"));
            }
        })
    });
    let ratings: Vec<Rating> = puzzles
        .iter()
        .map(|p| quiet.rate(p).expect("rated"))
        .collect();
    g.bench_function("human time alone", |b| {
        b.iter(|| {
            for (p, r) in puzzles.iter().zip(&ratings) {
                black_box(HumanModel::CALIBRATED.estimate(p, r).expect("its rating"));
            }
        })
    });
    g.bench_function("sudoku StrategySolver", |b| {
        b.iter(|| {
            for s in &peers {
                let _ = black_box(StrategySolver::from_sudoku(*s).solve(&strategies));
            }
        })
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    bench_set(
        c,
        "random-minimal-9x9",
        include_str!("data/random-minimal-9x9.txt"),
    );
    bench_set(c, "se-sample", include_str!("data/se-sample.txt"));
}

criterion_group!(grade, benches);
criterion_main!(grade);
