//! With the `serde` feature, ratings, steps, calibrations and technique sets survive a JSON
//! round trip unchanged.

use sudoku_core::Grid;
use sudoku_grade::calibrate::{Calibration, calibrate_seeded};
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
    let r = Rater::new().rate(&g).unwrap();
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
    let cal = calibrate_seeded(2, &Rater::new().record_steps(false)).unwrap();
    assert_eq!(round_trip::<Calibration>(&cal), cal);
}
