//! Calibration snapshots nest, share the solution, and carry their real rating.

use proptest::prelude::*;
use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use std::sync::Arc;

use sudoku_core::Generator;
use sudoku_core::{Geometry, Grid, Puzzle, Shape, Solver};
use sudoku_grade::Calibration;
use sudoku_grade::{Level, Method, Rater};

/// Calibrates a random grid of `geo` drawn from `rng` (then the ties, from the same `rng`).
fn calibrate_random(geo: &Arc<Geometry>, rng: &mut Pcg64Mcg) -> Calibration {
    let mut solver = Solver::new(Arc::clone(geo));
    let sol = solver
        .random_solution(&Grid::empty(geo.shape()), rng)
        .unwrap()
        .unwrap();
    Rater::new()
        .calibrate(&Puzzle::new(sol, Arc::clone(geo)).unwrap(), rng)
        .unwrap()
}

fn rate(geo: &Arc<Geometry>, g: &Grid) -> sudoku_grade::Rating {
    Rater::new()
        .rate(&Puzzle::new(g.clone(), Arc::clone(geo)).unwrap())
        .unwrap()
}

fn check(geo: &Arc<Geometry>, cal: &Calibration) {
    let [e, i, x] = cal.snapshots();
    assert_eq!(
        (e.label, i.label, x.label),
        (Level::Easy, Level::Intermediate, Level::Expert)
    );
    assert!(x.puzzle.is_subset_of(&i.puzzle));
    assert!(i.puzzle.is_subset_of(&e.puzzle));
    assert!(e.puzzle.is_subset_of(&cal.solution));
    let mut solver = Solver::new(geo.clone());
    for s in [e, i, x] {
        assert_eq!(s.rating.solution, cal.solution);
        assert_eq!(
            solver.count(&s.puzzle, 2).unwrap(),
            sudoku_core::Count::Exact(1)
        );
        assert_eq!(rate(geo, &s.puzzle), s.rating);
    }
    // Easy needs at most A2; the Intermediate snapshot never needs E or F.
    assert!(e.rating.hardest <= Some(Method::A2));
    assert!(i.rating.hardest <= Some(Method::D));
    // Each earlier snapshot was taken right before the easiest removal (lowest cost of the
    // removed cell) needed more: some removal of lowest cost from it needs B–F (resp. E–F).
    for (s, next, past) in [(e, i, Method::A2), (i, x, Method::D)] {
        if s.puzzle == next.puzzle {
            continue;
        }
        let mut cells = s.puzzle.cells().to_vec();
        let mut cheapest: Vec<(u32, Option<Method>)> = Vec::new();
        for c in 0..cells.len() {
            let v = cells[c];
            if v == 0 {
                continue;
            }
            cells[c] = 0;
            if solver
                .count(&Grid::new(s.puzzle.shape(), cells.clone()).unwrap(), 2)
                .unwrap()
                == sudoku_core::Count::Exact(1)
            {
                let g = Grid::new(s.puzzle.shape(), cells.clone()).unwrap();
                let r = rate(geo, &g);
                let p = r.placements.iter().find(|p| p.cell.index() == c).unwrap();
                cheapest.push((p.cost, r.hardest));
            }
            cells[c] = v;
        }
        let low = cheapest.iter().map(|x| x.0).min().unwrap();
        assert!(
            cheapest
                .iter()
                .any(|&(cost, h)| cost == low && h > Some(past)),
            "{} snapshot taken too early",
            s.label
        );
    }
    // Expert is minimal.
    let mut cells = x.puzzle.cells().to_vec();
    for c in 0..cells.len() {
        let v = cells[c];
        if v != 0 {
            cells[c] = 0;
            assert_eq!(
                solver
                    .count(&Grid::new(x.puzzle.shape(), cells.clone()).unwrap(), 2)
                    .unwrap(),
                sudoku_core::Count::AtLeast(2)
            );
            cells[c] = v;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn snapshots_nest_on_6x6(seed in any::<u64>()) {
        let geo = Geometry::classic(Shape::new(2, 3).unwrap());
        let cal = calibrate_random(&geo, &mut Pcg64Mcg::seed_from_u64(seed));
        check(&geo, &cal);
    }
}

#[test]
fn seeded_9x9_calibration_is_stable() {
    let geo = Geometry::classic(Shape::CLASSIC);
    let a = calibrate_random(&geo, &mut Pcg64Mcg::seed_from_u64(1));
    check(&geo, &a);
    let b = calibrate_random(&geo, &mut Pcg64Mcg::seed_from_u64(1));
    assert_eq!(a, b);
    // Golden: the same three puzzles on every platform (shown in the crate README).
    let got: Vec<(String, String)> = a
        .snapshots()
        .iter()
        .map(|s| (s.puzzle.to_string(), s.rating.summary_line()))
        .collect();
    // With this seed the easiest-first removals keep even the minimal grid Easy: the three
    // snapshots are the same puzzle.
    let easy = (
        "8.9.5.3.4.....3.5..1......89.85..4.2.....2.3.....67.............524........3.9.1.",
        "easy\t99\tA2\tA1=40 A2=17 B=0 C=0 D=0 E=0 F=0",
    );
    let want = [easy, easy, easy];
    for ((p, l), (wp, wl)) in got.iter().zip(want) {
        assert_eq!((p.as_str(), l.as_str()), (wp, wl));
    }
}

#[test]
fn graded_generation_reaches_each_level() {
    let mut generator = Generator::new(Geometry::classic(Shape::CLASSIC));
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    for level in Level::ALL {
        let (made, r) = Rater::new()
            .generate_level(&mut generator, level, 300, &mut rng)
            .unwrap();
        assert_eq!(r.level, level);
        assert_eq!(r.solution, made.solution);
    }
}

#[test]
fn quality_check() {
    let good: Grid =
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
            .parse()
            .unwrap();
    let classic = |g: &Grid| Puzzle::classic(g.clone()).unwrap();
    assert!(Rater::new().quality(&classic(&good)).unwrap().is_good());
    // Not minimal: one more given than the 17-clue puzzle.
    let sol = sudoku_grade::rate(&good).unwrap().solution;
    let mut cells = good.cells().to_vec();
    cells[0] = sol.get(0);
    let extra = Grid::new(Shape::CLASSIC, cells).unwrap();
    let q = Rater::new().quality(&classic(&extra)).unwrap();
    assert!(q.unique && !q.minimal && !q.is_good());
    // Unique and minimal, but needs a guess (F): not good. An X puzzle of sudoku-core's
    // generator (tests/data/techniques.txt, "Guess").
    let guess: Grid =
        "....1......27..6.....3.8............73.1..9....4.5.1..9...7........3.........25.."
            .parse()
            .unwrap();
    let x = Geometry::new(Shape::CLASSIC, &sudoku_core::Variant::x()).unwrap();
    let q = Rater::new()
        .quality(&Puzzle::new(guess, x).unwrap())
        .unwrap();
    assert!(q.unique && q.minimal && !q.is_good());
    assert_eq!(q.rating.unwrap().hardest, Some(Method::F));
    // Not unique.
    let open: Grid =
        "................................................................................."
            .parse()
            .unwrap();
    let q = Rater::new().quality(&classic(&open)).unwrap();
    assert!(!q.unique && !q.is_good());
}
