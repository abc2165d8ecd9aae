//! Differential tests: the dancing-links engine and the fast 9×9 engine give the same answers
//! (first solution of unique puzzles, counts up to 2 and beyond) on every sample set and on
//! random puzzles, classic and X.

use proptest::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use sudoku_core::{Count, Engine, Geometry, Grid, Shape, Solver, Variant};

fn solvers(variant: &Variant) -> (Solver, Solver) {
    let geometry = Geometry::new(Shape::CLASSIC, variant).unwrap();
    let dlx = Solver::with_engine(geometry.clone(), Engine::Dlx).unwrap();
    let fast = Solver::with_engine(geometry, Engine::Fast).unwrap();
    assert_eq!(dlx.engine(), Engine::Dlx);
    assert_eq!(fast.engine(), Engine::Fast);
    (dlx, fast)
}

fn puzzles(text: &str) -> Vec<Grid> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.trim().parse().unwrap())
        .collect()
}

/// Both engines agree on `grid`: counts up to `limit`, and the solution when it is unique.
fn agree(dlx: &mut Solver, fast: &mut Solver, grid: &Grid, limit: u64) -> Count {
    let n = dlx.count(grid, limit).unwrap();
    assert_eq!(
        fast.count(grid, limit).unwrap(),
        n,
        "count ≤ {limit} of {grid}"
    );
    let a = dlx.solve(grid).unwrap();
    let b = fast.solve(grid).unwrap();
    assert_eq!(a.is_some(), b.is_some(), "{grid}");
    if let Some(b) = &b {
        assert!(
            dlx.geometry().is_solution(b.cells()) && grid.is_subset_of(b),
            "{grid}"
        );
    }
    if n == Count::Exact(1) {
        assert_eq!(a, b, "the unique solution of {grid}");
    }
    n
}

#[test]
fn engines_agree_on_every_sample_set() {
    let (mut dlx, mut fast) = solvers(&Variant::classic());
    let sets = [
        include_str!("data/puzzles2_17_clue.txt"),
        include_str!("data/puzzles3_magictour_top1465.txt"),
        include_str!("data/puzzles5_forum_hardest_1905_11plus.txt"),
        include_str!("data/puzzles6_forum_hardest_1106.txt"),
        include_str!("data/puzzles7_serg_benchmark.txt"),
    ];
    let mut checked = 0;
    for (i, set) in sets.iter().enumerate() {
        // Debug builds are slow: every puzzle of the easy sets, a prefix of the hardest.
        let take = if i == 2 || i == 3 { 60 } else { usize::MAX };
        for grid in puzzles(set).iter().take(take) {
            let n = agree(&mut dlx, &mut fast, grid, 2);
            if i < 4 {
                assert_eq!(n, Count::Exact(1), "benchmark puzzles are unique: {grid}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 1000, "{checked}");
}

#[test]
fn engines_agree_on_larger_counts() {
    let (mut dlx, mut fast) = solvers(&Variant::classic());
    for grid in puzzles(include_str!("data/puzzles7_serg_benchmark.txt"))
        .iter()
        .take(40)
    {
        agree(&mut dlx, &mut fast, grid, 50);
    }
    let (mut dlx, mut fast) = solvers(&Variant::x());
    let empty = Grid::empty(Shape::CLASSIC);
    assert_eq!(agree(&mut dlx, &mut fast, &empty, 500), Count::AtLeast(500));
}

#[test]
fn budgets_and_cancellation_interrupt_the_fast_engine() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let empty = Grid::empty(Shape::CLASSIC);
    let mut budgeted = Solver::new(Geometry::classic(Shape::CLASSIC)).budget(3);
    assert_eq!(budgeted.engine(), Engine::Fast);
    let e = budgeted.count(&empty, u64::MAX).unwrap_err();
    assert!(matches!(e, sudoku_core::SolveError::Interrupted(_)), "{e}");
    let flag = Arc::new(AtomicBool::new(true));
    let mut cancelled = Solver::new(Geometry::classic(Shape::CLASSIC)).cancel_flag(flag);
    match cancelled.count(&empty, u64::MAX) {
        Err(sudoku_core::SolveError::Interrupted(i)) => {
            assert_eq!(i.reason(), sudoku_core::StopReason::Cancelled);
        }
        other => panic!("expected a cancellation, got {other:?}"),
    }
}

/// A random puzzle: a random complete grid of the variant with `holes` cells emptied.
fn random_puzzle(variant: &Variant, seed: u64, holes: usize) -> Grid {
    let geometry = Geometry::new(Shape::CLASSIC, variant).unwrap();
    let mut solver = Solver::new(geometry);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let full = solver
        .random_solution(&Grid::empty(Shape::CLASSIC), &mut rng)
        .unwrap()
        .unwrap();
    let mut cells = full.into_cells();
    let mut order: Vec<usize> = (0..81).collect();
    let mut state = seed | 1;
    for i in (1..81).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        order.swap(i, (state % (i as u64 + 1)) as usize);
    }
    for &c in order.iter().take(holes) {
        cells[c] = 0;
    }
    Grid::new(Shape::CLASSIC, cells).unwrap()
}

proptest! {
    // 400 cases each in the default run (debug builds are slow); the ignored test below
    // checks 5,000 more random puzzles of each kind.
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn engines_agree_on_random_classic_puzzles(seed in any::<u64>(), holes in 30usize..70) {
        let (mut dlx, mut fast) = solvers(&Variant::classic());
        agree(&mut dlx, &mut fast, &random_puzzle(&Variant::classic(), seed, holes), 2);
    }

    #[test]
    fn engines_agree_on_random_x_puzzles(seed in any::<u64>(), holes in 30usize..70) {
        let (mut dlx, mut fast) = solvers(&Variant::x());
        agree(&mut dlx, &mut fast, &random_puzzle(&Variant::x(), seed, holes), 2);
    }

    #[test]
    fn engines_agree_on_arbitrary_grids(cells in proptest::collection::vec(0u8..=9, 81)) {
        // Mostly clashing givens: both must say "no solution" (or agree on the count).
        let grid = Grid::new(Shape::CLASSIC, cells).unwrap();
        let (mut dlx, mut fast) = solvers(&Variant::classic());
        agree(&mut dlx, &mut fast, &grid, 2);
    }
}

/// 5,000 random classic and 5,000 random X puzzles (run with
/// `cargo test --release -p sudoku-core --test integration -- --ignored engines`).
#[test]
#[ignore = "thorough: 10,000 random puzzles, about 25 s in debug, 2 s in release"]
fn engines_agree_on_ten_thousand_random_puzzles() {
    for variant in [Variant::classic(), Variant::x()] {
        let (mut dlx, mut fast) = solvers(&variant);
        for seed in 0..5000u64 {
            let holes = 30 + (seed % 41) as usize;
            agree(
                &mut dlx,
                &mut fast,
                &random_puzzle(&variant, seed, holes),
                2,
            );
        }
    }
}
