//! Fuzzes the terminal game's typed-puzzle reader (`grilles::sudoku::parse_puzzle`, what the
//! sudoku form reads when a puzzle is typed or pasted). Byte 0 picks the rules (classic or
//! X), the rest is the text; texts of more than 81 cells are skipped (each input is solved
//! and rated with the game's budgets, which a sparse 16×16 or 25×25 grid can take seconds to
//! use up). Nothing panics; a puzzle accepted has one solution that keeps its givens and
//! satisfies the rules, and starts a game whose save comes back; "no solution" and "several
//! solutions" are confirmed by a count of its own.
#![no_main]

use grilles::sudoku::{PuzzleInputError, Rules, RulesKind, SudokuGame, parse_puzzle};
use grilles::{ScreenKind, resave};
use libfuzzer_sys::fuzz_target;
use sudoku_core::{Count, Grid, Solver};

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    if text.chars().filter(|c| !c.is_whitespace()).count() > 81 {
        return;
    }
    let (kind, rules) = if which & 1 == 0 {
        (RulesKind::Classic, Rules::Classic)
    } else {
        (RulesKind::X, Rules::X)
    };
    // The reader's own view of the grid, for the checks below.
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let grid = compact.parse::<Grid>();
    match parse_puzzle(text, kind) {
        Ok(p) => {
            let geo = rules.geometry(p.solution.shape()).expect("its rules fit");
            assert_eq!(Ok(p.puzzle.grid()), grid.as_ref());
            assert!(p.puzzle.grid().is_subset_of(&p.solution));
            assert!(geo.is_solution(p.solution.cells()));
            let game = SudokuGame::new(p).expect("an accepted puzzle starts a game");
            let json = serde_json::to_string(&game.save()).expect("a save");
            resave(ScreenKind::Sudoku, json.as_bytes()).expect("its save comes back");
        }
        Err(e @ (PuzzleInputError::NoSolution | PuzzleInputError::ManySolutions)) => {
            let grid = grid.expect("a grid was read");
            let geo = rules.geometry(grid.shape()).expect("its rules fit");
            if let Ok(count) = Solver::new(geo).budget(100_000).count(&grid, 2) {
                match e {
                    PuzzleInputError::NoSolution => assert_eq!(count, Count::Exact(0)),
                    _ => assert_eq!(count, Count::AtLeast(2)),
                }
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
