//! With the `serde` feature, ratings, steps, calibrations and technique sets survive a JSON
//! round trip unchanged.

use rand::SeedableRng as _;
use sudoku_core::{Geometry, Grid, Puzzle, Shape, Solver};
use sudoku_grade::Calibration;
use sudoku_grade::{Level, Method, MethodCounts, Rater, Rating, Step, Technique, Techniques};

fn round_trip<T>(value: &T) -> T
where
    T: serde::Serialize + serde::de::DeserializeOwned,
{
    let json = serde_json::to_string(value).unwrap();
    serde_json::from_str(&json).unwrap()
}

#[test]
fn ratings_and_steps_round_trip() {
    // Needs E: its steps carry look-ahead chains and contradictions.
    let g: Grid =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            .parse()
            .unwrap();
    let r = sudoku_grade::rate(&g).unwrap();
    assert_eq!(r.level, Level::Expert);
    assert_eq!(round_trip::<Rating>(&r), r);
    for s in &r.steps {
        assert_eq!(&round_trip::<Step>(s), s);
    }
    assert_eq!(round_trip::<MethodCounts>(&r.counts), r.counts);
    for m in Method::ALL {
        assert_eq!(round_trip(&m), m);
    }
    for t in Technique::ALL {
        assert_eq!(round_trip(&t), t);
    }
    let set = Techniques::all().without(Technique::HiddenRectangle);
    assert_eq!(round_trip(&set), set);
}

#[test]
fn calibrations_round_trip() {
    let geo = Geometry::classic(Shape::CLASSIC);
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(2);
    let sol = Solver::new(geo.clone())
        .random_solution(&Grid::empty(Shape::CLASSIC), &mut rng)
        .unwrap()
        .unwrap();
    let sol = Puzzle::new(sol, geo).unwrap();
    let cal = Rater::new()
        .record_steps(false)
        .calibrate(&sol, &mut rng)
        .unwrap();
    assert_eq!(round_trip::<Calibration>(&cal), cal);
}
