//! Calibration snapshots nest, share the solution, and carry their real rating.

use proptest::prelude::*;
use sudoku_core::generate::{Generator, seeded_rng};
use sudoku_core::{Geometry, Grid, Shape, Solver};
use sudoku_grade::calibrate::{Calibration, calibrate, calibrate_seeded, generate_level};
use sudoku_grade::{Level, Method, Rater};

fn check(geo: &Geometry, cal: &Calibration) {
    let [e, i, x] = cal.snapshots();
    assert_eq!((e.label, i.label, x.label), (Level::Easy, Level::Intermediate, Level::Expert));
    assert!(x.puzzle.is_subset_of(&i.puzzle));
    assert!(i.puzzle.is_subset_of(&e.puzzle));
    assert!(e.puzzle.is_subset_of(&cal.solution));
    let mut solver = Solver::new(geo.clone());
    for s in [e, i, x] {
        assert_eq!(s.rating.solution, cal.solution);
        assert_eq!(solver.count(&s.puzzle, 2).unwrap(), 1);
        assert_eq!(Rater::new().rate_with(geo, &s.puzzle).unwrap(), s.rating);
    }
    // Easy needs at most A2; the Intermediate snapshot never needs E or F.
    assert!(e.rating.hardest <= Some(Method::A2));
    assert!(i.rating.hardest <= Some(Method::D));
    // Expert is minimal.
    let mut cells = x.puzzle.cells().to_vec();
    for c in 0..cells.len() {
        let v = cells[c];
        if v != 0 {
            cells[c] = 0;
            assert_eq!(solver.count_cells(&cells, 2).unwrap(), 2);
            cells[c] = v;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    #[test]
    fn snapshots_nest_on_6x6(seed in any::<u64>()) {
        let geo = Geometry::classic(Shape::new(2, 3).unwrap());
        let mut solver = Solver::new(geo.clone());
        let mut rng = seeded_rng(seed);
        let sol = solver.random_solution(&Grid::empty(geo.shape()), &mut rng).unwrap().unwrap();
        let cal = calibrate(&geo, &sol, &Rater::new(), &mut rng).unwrap();
        check(&geo, &cal);
    }
}

#[test]
fn seeded_9x9_calibration_is_stable() {
    let a = calibrate_seeded(1, &Rater::new()).unwrap();
    check(&Geometry::classic(Shape::CLASSIC), &a);
    let b = calibrate_seeded(1, &Rater::new()).unwrap();
    assert_eq!(a, b);
}

#[test]
fn graded_generation_reaches_each_level() {
    let mut generator = Generator::new(Geometry::classic(Shape::CLASSIC));
    let mut rng = seeded_rng(3);
    for level in Level::ALL {
        let (made, r) = generate_level(&mut generator, level, &Rater::new(), &mut rng, 300).unwrap();
        assert_eq!(r.level, level);
        assert_eq!(r.solution, made.solution);
    }
}

#[test]
fn quality_check() {
    let good: Grid = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
        .parse()
        .unwrap();
    assert!(sudoku_grade::quality::quality(&good).unwrap().is_good());
    // Not minimal: one more given than the 17-clue puzzle.
    let sol = sudoku_grade::rate(&good).unwrap().solution;
    let mut cells = good.cells().to_vec();
    cells[0] = sol.get(0);
    let extra = Grid::new(Shape::CLASSIC, cells).unwrap();
    let q = sudoku_grade::quality::quality(&extra).unwrap();
    assert!(q.unique && !q.minimal && !q.is_good());
    // Not unique.
    let open: Grid = ".................................................................................".parse().unwrap();
    let q = sudoku_grade::quality::quality(&open).unwrap();
    assert!(!q.unique && !q.is_good());
}
