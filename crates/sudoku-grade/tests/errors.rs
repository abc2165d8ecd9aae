//! Typed errors on bad input, never a panic.

use sudoku_core::{Geometry, Grid, Puzzle, PuzzleError, Shape, StopReason, Variant};
use sudoku_grade::{GradeError, MarkedGrid, Rater, rate};

#[test]
fn clashing_givens() {
    let g: Grid = "11..............".parse().unwrap();
    match rate(&g) {
        Err(GradeError::Puzzle(PuzzleError::Clash {
            first_at,
            second_at,
            value,
            ..
        })) => {
            assert_eq!(
                (first_at.to_string(), second_at.to_string(), value),
                ("r1c1".into(), "r1c2".into(), 1)
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn no_solution() {
    // r1c3 and r1c4 need 3 and 4; the 3 in r2c3 forces r1c4 = 3, but column 4 has a 3.
    let g: Grid = "12....3....3....".parse().unwrap();
    assert_eq!(rate(&g), Err(GradeError::NoSolution));
    let position = MarkedGrid::new(&Puzzle::classic(g).unwrap());
    assert!(matches!(
        Rater::new().next_step(&position),
        Err(GradeError::NoSolution) | Ok(_)
    ));
}

#[test]
fn budget_and_shape() {
    let g: Grid =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            .parse()
            .unwrap();
    let puzzle = Puzzle::classic(g.clone()).unwrap();
    match Rater::new().budget(10).rate(&puzzle) {
        Err(GradeError::Interrupted(i)) => assert_eq!(i.reason(), StopReason::Budget),
        other => panic!("{other:?}"),
    }
    let four = Geometry::new(Shape::new(2, 2).unwrap(), &Variant::classic()).unwrap();
    assert!(matches!(
        Puzzle::new(g, four).map_err(GradeError::from),
        Err(GradeError::Puzzle(PuzzleError::Shape { .. }))
    ));
}

#[test]
fn bad_steps_leave_the_position_unchanged() {
    let g: Grid =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .unwrap();
    let mut position = MarkedGrid::new(&Puzzle::classic(g.clone()).unwrap());
    let mut step = Rater::new().next_step(&position).unwrap();
    let before = position.grid();
    let p = step.placement.as_mut().unwrap();
    p.digit = g.get(2); // 3 is not a candidate of any empty cell of row 1
    let e = position.play(&step).unwrap_err();
    assert!(
        matches!(e, GradeError::NotACandidate { digit: 3, .. }),
        "{e:?}"
    );
    assert!(e.to_string().starts_with("cannot place 3 in r"), "{e}");
    assert!(!position.is_legal(&step));
    assert_eq!(position.grid(), before);
    step.placement.as_mut().unwrap().digit = 10;
    let e = position.play(&step).unwrap_err();
    assert!(
        matches!(
            e,
            GradeError::DigitOutOfRange {
                digit: 10,
                size: 9,
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(position.grid(), before);
}

#[test]
fn a_cancel_flag_stops_a_long_call() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;
    // The next step on an empty 25×25 grid: nothing is found before the look-ahead, which
    // runs for seconds (of the order of ten million units).
    let position =
        MarkedGrid::new(&Puzzle::classic(Grid::empty(Shape::new(5, 5).unwrap())).unwrap());
    let flag = Arc::new(AtomicBool::new(false));
    let rater = Rater::new().cancel_flag(Arc::clone(&flag));
    let raiser = {
        let flag = Arc::clone(&flag);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let out = rater.next_step(&position);
    raiser.join().unwrap();
    match out {
        Err(GradeError::Interrupted(i)) => {
            assert_eq!(i.reason(), StopReason::Cancelled);
            assert!(i.spent() > 0, "the work done so far");
        }
        other => panic!("{other:?}"),
    }
    // Lowered again, the same rater works (on a small grid).
    flag.store(false, Ordering::Relaxed);
    let small = Puzzle::classic(".12..4.........1".parse().unwrap()).unwrap();
    assert!(!matches!(
        rater.rate(&small),
        Err(GradeError::Interrupted(_))
    ));
}

#[test]
fn the_work_unit_is_charged_on_large_grids() {
    // The budget stops the same call early: a small budget on the empty 25×25 grid ends with
    // the work it allowed, whatever technique ran out of it.
    let position =
        MarkedGrid::new(&Puzzle::classic(Grid::empty(Shape::new(5, 5).unwrap())).unwrap());
    for budget in [1_000u64, 20_000] {
        match Rater::new().budget(budget).next_step(&position) {
            Err(GradeError::Interrupted(i)) => {
                assert_eq!(i.reason(), StopReason::Budget);
                assert!(
                    i.spent() > budget && i.spent() <= budget + 1_000,
                    "{budget}: {i:?}"
                );
            }
            other => panic!("{other:?}"),
        }
    }
}
