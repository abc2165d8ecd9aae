//! Fuzzes sudoku-grade's pencil-mark positions: reading text (the cells form `[12].3…` and
//! the candidate string) never panics; a position read prints back (cells form and candidate
//! string) to texts that read to the same digits and candidates; and a hint on it, within a
//! small budget, is a step the position accepts or a typed error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::Cell;
use sudoku_grade::{GradeError, Position, Rater};

fn same(a: &Position, b: &Position) -> bool {
    a.grid() == b.grid()
        && (0..a.grid().cells().len())
            .all(|c| a.candidates(Cell::new(c)) == b.candidates(Cell::new(c)))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(position) = text.parse::<Position>() else {
        return;
    };
    let cells: Position = position
        .to_string()
        .parse()
        .expect("the cells form reads back");
    assert!(same(&cells, &position), "{text}");
    assert_eq!(cells.to_string(), position.to_string());
    let string = position.candidate_string();
    if let Ok(again) = string.parse::<Position>() {
        // A cell with one candidate left reads back as placed: same candidates otherwise.
        assert_eq!(again.candidate_string(), string);
    }
    if position.is_solved() {
        return;
    }
    let rater = Rater::new().budget(20_000);
    match rater.next_step(&position) {
        Ok(step) => {
            let mut p = position.clone();
            p.play(&step).expect("a hint applies to its position");
        }
        Err(GradeError::NoSolution | GradeError::Interrupted(_)) => {}
        Err(e) => panic!("unexpected error {e}"),
    }
    match rater.solution(&position) {
        Ok(solution) => assert!(position.grid().is_subset_of(&solution)),
        Err(
            GradeError::NoSolution | GradeError::MultipleSolutions | GradeError::Interrupted(_),
        ) => {}
        Err(e) => panic!("unexpected error {e}"),
    }
});
