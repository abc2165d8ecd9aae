//! Boards: validation errors name what is wrong; text forms.

use defi_sudoku::board::{cells_to_string, parse_cells};
use defi_sudoku::{Board, BoardError, House};

use crate::common::{pattern, rows};

#[test]
fn a_board_needs_a_unique_solution() {
    let solution = pattern();
    // Rows 1 and 2 both empty: swapping them column by column gives a second solution.
    let mut puzzle = solution;
    for c in rows(&[0, 1]) {
        puzzle[usize::from(c)] = 0;
    }
    assert_eq!(Board::new(puzzle, solution), Err(BoardError::NotUnique));
    assert_eq!(Board::from_puzzle(puzzle), Err(BoardError::NotUnique));
    assert_eq!(Board::from_puzzle([0; 81]), Err(BoardError::NotUnique));
}

#[test]
fn a_puzzle_without_solution_is_refused() {
    // Row 1 holds 2..9, so cell 0 must be 1, but column 1 already holds 1.
    let mut puzzle = [0u8; 81];
    for (c, value) in puzzle.iter_mut().enumerate().take(9).skip(1) {
        *value = c as u8 + 1;
    }
    puzzle[27] = 1;
    assert_eq!(Board::from_puzzle(puzzle), Err(BoardError::NoSolution));
}

#[test]
fn solution_errors_name_the_cell_or_house() {
    let solution = pattern();
    let mut puzzle = solution;
    puzzle[0] = 0;
    let mut bad = solution;
    bad[5] = 0;
    assert_eq!(
        Board::new(puzzle, bad),
        Err(BoardError::SolutionValue { cell: 5, value: 0 })
    );
    let mut bad = solution;
    bad.swap(0, 1);
    assert_eq!(
        Board::new(puzzle, bad),
        Err(BoardError::InvalidSolution {
            house: House::Column(0),
            digit: 2
        })
    );
    let mut other = puzzle;
    other[3] = 9;
    assert_eq!(
        Board::new(other, solution),
        Err(BoardError::RepeatedGiven {
            house: House::Row(0),
            digit: 9
        })
    );
    // A 5 in cell 0 (the solution has 1), with the other 5s of its row, column and box
    // emptied so no given repeats.
    let mut other = puzzle;
    for c in [4, 10, 36] {
        other[c] = 0;
    }
    other[0] = 5;
    assert_eq!(
        Board::new(other, solution),
        Err(BoardError::Disagreement {
            cell: 0,
            given: 5,
            solution: 1
        })
    );
    let mut other = puzzle;
    other[7] = 12;
    assert_eq!(
        Board::new(other, solution),
        Err(BoardError::PuzzleValue { cell: 7, value: 12 })
    );
    assert_eq!(Board::new(solution, solution), Err(BoardError::Full));
}

#[test]
fn text_forms_round_trip_and_errors_say_where() {
    let board = Board::generate(11);
    let text = cells_to_string(board.puzzle());
    assert_eq!(text.len(), 81);
    assert_eq!(parse_cells(&text), Ok(*board.puzzle()));
    let parsed: Board = text.parse().unwrap();
    assert_eq!(parsed, board);
    let again = Board::from_strings(&text, &cells_to_string(board.solution())).unwrap();
    assert_eq!(again, board);
    // Zeros and whitespace are accepted too.
    let spaced: String = text
        .chars()
        .map(|c| if c == '.' { '0' } else { c })
        .collect::<String>()
        .as_bytes()
        .chunks(9)
        .map(|row| std::str::from_utf8(row).unwrap())
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(parse_cells(&spaced), Ok(*board.puzzle()));
    let bad = format!("{}x", &text[..40]);
    assert_eq!(
        bad.parse::<Board>(),
        Err(BoardError::Character {
            character: 'x',
            position: 40,
            cell: 40
        })
    );
    assert_eq!(
        "123".parse::<Board>().unwrap_err().to_string(),
        "a grid has 81 cells, found 3"
    );
}

#[test]
fn generated_boards_are_reproducible_and_minimal() {
    let a = Board::generate(2024);
    assert_eq!(a, Board::generate(2024));
    assert_ne!(a, Board::generate(2025));
    // 17 is the fewest givens of a unique 9×9 puzzle.
    assert!(a.empty_cells() <= 81 - 17);
    assert!(
        a.empty_cells() >= 40,
        "a minimal puzzle leaves most cells empty"
    );
}
