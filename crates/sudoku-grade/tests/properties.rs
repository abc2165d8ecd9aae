//! Properties over generated puzzles: every step is sound (never removes or misplaces the
//! solution's digit), the steps solve the puzzle, and the bookkeeping adds up.

use proptest::prelude::*;
use sudoku_core::Generator;
use sudoku_core::{Geometry, Grid, Puzzle, Shape, Variant};
use sudoku_grade::{MarkedGrid, Rater, Rating};

fn check(puzzle: &Puzzle, solution: &Grid, r: &Rating) {
    let sol = solution.cells();
    assert_eq!(&r.solution, solution);
    for s in &r.steps {
        for e in &s.eliminations {
            assert_ne!(sol[e.cell.index()], e.digit, "unsound: {s}");
        }
        if let Some(p) = s.placement {
            assert_eq!(sol[p.cell.index()], p.digit, "wrong placement: {s}");
        }
    }
    let empty = puzzle.cells().iter().filter(|&&v| v == 0).count();
    assert_eq!(r.placements.len(), empty);
    assert_eq!(r.score, r.placements.iter().map(|p| p.cost).sum::<u32>());
    assert_eq!(
        r.hardest.map_or(sudoku_grade::Level::Easy, |m| m.level()),
        r.level
    );
    // Replaying the steps on a position solves the puzzle.
    let mut b = MarkedGrid::new(puzzle);
    for s in &r.steps {
        b.play(s).unwrap();
    }
    assert!(b.is_solved());
    assert_eq!(&b.grid(), solution);
}

fn case(geo: impl Into<std::sync::Arc<Geometry>>, seed: u64) {
    let geo = geo.into();
    let made = Generator::new(geo.clone())
        .generate(&mut <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed))
        .unwrap();
    let puzzle = Puzzle::new(made.puzzle, geo).unwrap();
    let r = Rater::new().rate(&puzzle).unwrap();
    check(&puzzle, &made.solution, &r);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn classic_9x9_steps_are_sound(seed in any::<u64>()) {
        case(Geometry::classic(Shape::CLASSIC), seed);
    }

    #[test]
    fn x_9x9_steps_are_sound(seed in any::<u64>()) {
        case(Geometry::new(Shape::CLASSIC, &Variant::x()).unwrap(), seed);
    }

    #[test]
    fn small_shapes_steps_are_sound(seed in any::<u64>(), shape in 0usize..3) {
        let s = [Shape::new(2, 2), Shape::new(2, 3), Shape::new(2, 4)][shape].clone().unwrap();
        case(Geometry::classic(s), seed);
    }
}

#[test]
fn a_12x12_puzzle() {
    case(Geometry::classic(Shape::new(3, 4).unwrap()), 5);
}

/// Every step sound on every puzzle of a file (`GRADE_PUZZLES=path`, one 81-character puzzle
/// per line, possibly among other fields). Run with
/// `GRADE_PUZZLES=… cargo test --release -p sudoku-grade --test integration soundness_on_file -- --ignored`.
#[test]
#[ignore = "reads the file named by GRADE_PUZZLES; a few seconds per 1,000 puzzles in release"]
fn soundness_on_file() {
    let path = std::env::var("GRADE_PUZZLES").expect("GRADE_PUZZLES=file");
    let text = std::fs::read_to_string(path).unwrap();
    let geo = Geometry::classic(Shape::CLASSIC);
    let mut solver = sudoku_core::Solver::new(geo.clone());
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let Some(p) = line.split_whitespace().find(|w| w.len() == 81) else {
            continue;
        };
        let grid: Grid = p.parse().unwrap();
        let Some(solution) = solver.solve(&grid).unwrap() else {
            continue;
        };
        if solver.count(&grid, 2).unwrap() != sudoku_core::Count::Exact(1) {
            continue;
        }
        let puzzle = Puzzle::new(grid, geo.clone()).unwrap();
        let r = Rater::new().rate(&puzzle).unwrap();
        check(&puzzle, &solution, &r);
        checked += 1;
    }
    println!("{checked} puzzles checked");
    assert!(checked > 0);
}
