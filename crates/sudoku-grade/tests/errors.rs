//! Typed errors on bad input, never a panic.

use sudoku_core::{Geometry, Grid, Shape, Variant};
use sudoku_grade::{Board, GradeError, Rater, rate};

#[test]
fn clashing_givens() {
    let g: Grid = "11..............".parse().unwrap();
    match rate(&g) {
        Err(GradeError::Clash { a, b, digit }) => {
            assert_eq!((a.to_string(), b.to_string(), digit), ("r1c1".into(), "r1c2".into(), 1));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn no_solution() {
    // r1c3 and r1c4 need 3 and 4; the 3 in r2c3 forces r1c4 = 3, but column 4 has a 3.
    let g: Grid = "12....3....3....".parse().unwrap();
    assert_eq!(rate(&g), Err(GradeError::NoSolution));
    assert!(matches!(Board::new(&g).unwrap().next_step(), Err(GradeError::NoSolution) | Ok(_)));
}

#[test]
fn budget_and_geometry() {
    let g: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
        .parse()
        .unwrap();
    assert_eq!(Rater::new().budget(10).rate(&g), Err(GradeError::Budget));
    let geo = Geometry::new(Shape::new(2, 2).unwrap(), &Variant::classic()).unwrap();
    assert_eq!(
        Rater::new().rate_with(&geo, &g),
        Err(GradeError::Geometry {
            grid: 9,
            geometry: 4
        })
    );
}

#[test]
fn bad_steps_leave_the_board_unchanged() {
    let g: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
        .parse()
        .unwrap();
    let mut board = Board::new(&g).unwrap();
    let mut step = board.next_step().unwrap();
    let before = board.grid();
    let p = step.placement.as_mut().unwrap();
    p.digit = g.get(2); // 3 is not a candidate of any empty cell of row 1
    assert!(matches!(board.apply(&step), Err(GradeError::BadStep(_))));
    assert_eq!(board.grid(), before);
    step.placement.as_mut().unwrap().digit = 10;
    assert!(matches!(board.apply(&step), Err(GradeError::BadStep(_))));
    assert_eq!(board.grid(), before);
}
