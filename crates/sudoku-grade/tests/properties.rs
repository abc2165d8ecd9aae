//! Properties over generated puzzles: every step is sound (never removes or misplaces the
//! solution's digit), the steps solve the puzzle, and the bookkeeping adds up.

use proptest::prelude::*;
use sudoku_core::generate::Generator;
use sudoku_core::{Geometry, Grid, Shape, Variant};
use sudoku_grade::{Board, Rater, Rating};

fn check(geo: &Geometry, puzzle: &Grid, solution: &Grid, r: &Rating) {
    let n = geo.size();
    let sol = solution.cells();
    assert_eq!(&r.solution, solution);
    for s in &r.steps {
        for e in &s.eliminations {
            assert_ne!(sol[e.cell.index(n)], e.digit, "unsound: {s}");
        }
        if let Some(p) = s.placement {
            assert_eq!(sol[p.cell.index(n)], p.digit, "wrong placement: {s}");
        }
    }
    let empty = puzzle.cells().iter().filter(|&&v| v == 0).count();
    assert_eq!(r.placements.len(), empty);
    assert_eq!(r.score, r.placements.iter().map(|p| p.cost).sum::<u32>());
    assert_eq!(r.hardest.map_or(sudoku_grade::Level::Easy, |m| m.level()), r.level);
    // Replaying the steps on a board solves the puzzle.
    let mut b = Board::with_geometry(geo, puzzle).unwrap();
    for s in &r.steps {
        b.apply(s).unwrap();
    }
    assert!(b.is_solved());
    assert_eq!(&b.grid(), solution);
}

fn case(geo: Geometry, seed: u64) {
    let made = Generator::new(geo.clone()).generate_seeded(seed).unwrap();
    let r = Rater::new().rate_with(&geo, &made.puzzle).unwrap();
    check(&geo, &made.puzzle, &made.solution, &r);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

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
