//! Typed errors on bad input, never a panic.

use sudoku_core::{Geometry, Grid, InterruptReason, Puzzle, PuzzleError, Shape, Variant};
use sudoku_grade::{GradeError, Position, Rater, rate};

#[test]
fn clashing_givens() {
    let g: Grid = "11..............".parse().unwrap();
    match rate(&g) {
        Err(GradeError::Puzzle(PuzzleError::Clash {
            first,
            second,
            value,
            shape,
            ..
        })) => {
            assert_eq!(
                (
                    first.display(shape).to_string(),
                    second.display(shape).to_string(),
                    value
                ),
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
    let position = Position::new(&Puzzle::classic(g).unwrap());
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
        Err(GradeError::Interrupted(i)) => assert_eq!(i.reason, InterruptReason::Budget),
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
    let mut position = Position::new(&Puzzle::classic(g.clone()).unwrap());
    let mut step = Rater::new().next_step(&position).unwrap();
    let before = position.grid();
    let p = step.placement.as_mut().unwrap();
    p.digit = g.get(2); // 3 is not a candidate of any empty cell of row 1
    assert!(matches!(position.play(&step), Err(GradeError::BadStep(_))));
    assert!(!position.is_legal(&step));
    assert_eq!(position.grid(), before);
    step.placement.as_mut().unwrap().digit = 10;
    assert!(matches!(position.play(&step), Err(GradeError::BadStep(_))));
    assert_eq!(position.grid(), before);
}
