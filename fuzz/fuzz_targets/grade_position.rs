//! Fuzzes sudoku-grade's pencil-mark positions: reading text (the cells form `[12].3…` and
//! the candidate string) never panics; a position read prints back (cells form and candidate
//! string) to texts that read to the same digits and candidates; and a hint on it, within a
//! small budget, is a step the position accepts or a typed error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::Cell;
use sudoku_grade::{GradeError, MarkedGrid, Rater};

fn same(a: &MarkedGrid, b: &MarkedGrid) -> bool {
    a.grid() == b.grid()
        && (0..a.grid().cells().len())
            .all(|c| a.candidates(Cell::new(c)) == b.candidates(Cell::new(c)))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(position) = text.parse::<MarkedGrid>() else {
        return;
    };
    let cells: MarkedGrid = position
        .to_string()
        .parse()
        .expect("the cells form reads back");
    assert!(same(&cells, &position), "{text}");
    assert_eq!(cells.to_string(), position.to_string());
    let string = position.candidate_string();
    let singles = (0..position.grid().cells().len())
        .any(|c| position.grid().get(c) == 0 && position.candidates(Cell::new(c)).len() == 1);
    match string.parse::<MarkedGrid>() {
        // Without a cell of one candidate, the string reads back to the same position.
        Ok(again) if !singles => assert!(same(&again, &position), "{string}"),
        // A cell with one candidate left reads back as placed (and its digit leaves its
        // peers): digits kept, candidates only narrowed.
        Ok(again) => {
            assert!(position.grid().is_subset_of(&again.grid()), "{string}");
            for c in 0..position.grid().cells().len() {
                if again.grid().get(c) == 0 {
                    let (a, b) = (
                        again.candidates(Cell::new(c)),
                        position.candidates(Cell::new(c)),
                    );
                    assert_eq!(a.bits() & !b.bits(), 0, "{string}");
                }
            }
        }
        // Placing the singles may break the grid (two singles of one digit in a house).
        Err(_) => assert!(
            singles,
            "the candidate string of a position reads: {string}"
        ),
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
