//! Solved puzzles: validation errors name what is wrong; text forms.

use defi_sudoku::sudoku_core::format::line::ParseLineError;
use defi_sudoku::sudoku_core::{Cell, Grid, HouseKind, Shape};
use defi_sudoku::{SolvedPuzzle, SolvedPuzzleError};

use crate::common::{generated, pattern, rows, without};

#[test]
fn a_puzzle_needs_a_unique_solution() {
    let solution = pattern();
    // Rows 1 and 2 both empty: swapping them column by column gives a second solution.
    let puzzle = without(&solution, &rows(&[0, 1]));
    assert_eq!(
        SolvedPuzzle::new(puzzle.clone(), solution),
        Err(SolvedPuzzleError::NotUnique)
    );
    assert_eq!(
        SolvedPuzzle::from_puzzle(puzzle),
        Err(SolvedPuzzleError::NotUnique)
    );
    assert_eq!(
        SolvedPuzzle::from_puzzle(Grid::empty(Shape::CLASSIC)),
        Err(SolvedPuzzleError::NotUnique)
    );
}

#[test]
fn solution_errors_name_the_cell_or_house() {
    let solution = pattern();
    let puzzle = without(&solution, &[0]);
    let bad = without(&solution, &[5]);
    assert_eq!(
        SolvedPuzzle::new(puzzle.clone(), bad),
        Err(SolvedPuzzleError::SolutionIncomplete { cell: Cell::new(5) })
    );
    let mut bad = solution.clone();
    bad.set(0, solution.get(1)).unwrap();
    bad.set(1, solution.get(0)).unwrap();
    assert_eq!(
        SolvedPuzzle::new(puzzle.clone(), bad),
        Err(SolvedPuzzleError::InvalidSolution {
            house: HouseKind::Column(0),
            digit: 2
        })
    );
    let mut other = puzzle.clone();
    other.set(3, 9).unwrap();
    let err = SolvedPuzzle::new(other, solution.clone()).unwrap_err();
    assert_eq!(
        err,
        SolvedPuzzleError::RepeatedGiven {
            house: HouseKind::Row(0),
            digit: 9
        }
    );
    assert_eq!(
        err.to_string(),
        "digit 9 appears twice in row 1 of the puzzle"
    );
    // A 5 in cell 0 (the solution has 1), with the other 5s of its row, column and box
    // emptied so no given repeats.
    let mut other = without(&puzzle, &[4, 10, 36]);
    other.set(0, 5).unwrap();
    let err = SolvedPuzzle::new(other, solution.clone()).unwrap_err();
    assert_eq!(
        err,
        SolvedPuzzleError::Disagreement {
            cell: Cell::new(0),
            given: 5,
            solution: 1
        }
    );
    assert_eq!(
        err.to_string(),
        "cell r1c1: the puzzle gives 5 but the solution has 1"
    );
    assert_eq!(
        SolvedPuzzle::new(solution.clone(), solution),
        Err(SolvedPuzzleError::Full)
    );
}

#[test]
fn text_forms_round_trip_and_errors_say_where() {
    let solved = generated(11);
    let text = solved.to_string();
    assert_eq!(text.len(), 81);
    assert_eq!(text, solved.puzzle().to_string());
    let parsed: SolvedPuzzle = text.parse().unwrap();
    assert_eq!(parsed, solved);
    // Zeros, other empty markers and line breaks are read too.
    let spaced: String = text
        .chars()
        .map(|c| if c == '.' { '0' } else { c })
        .collect::<String>()
        .as_bytes()
        .chunks(9)
        .map(|row| std::str::from_utf8(row).unwrap())
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(spaced.parse::<SolvedPuzzle>(), Ok(solved.clone()));
    assert_eq!(text.replace('.', "-").parse::<SolvedPuzzle>(), Ok(solved));
    let bad = format!("{}x{}", &text[..40], &text[41..]);
    assert_eq!(
        bad.parse::<SolvedPuzzle>(),
        Err(SolvedPuzzleError::Parse(ParseLineError::Character {
            line: 1,
            column: 41,
            character: 'x'
        }))
    );
    assert_eq!(
        "123".parse::<SolvedPuzzle>().unwrap_err().to_string(),
        "3 cells: expected 81"
    );
}

#[test]
fn generated_puzzles_are_reproducible_and_minimal() {
    let a = generated(2024);
    assert_eq!(a, generated(2024));
    assert_ne!(a, generated(2025));
    // 17 is the fewest givens of a unique 9×9 puzzle.
    assert!(a.empty_cells() <= 81 - 17);
    assert!(
        a.empty_cells() >= 40,
        "a minimal puzzle leaves most cells empty"
    );
}
