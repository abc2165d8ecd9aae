//! Fuzzes the killer cages format and the killer solver: the parser never panics; whatever
//! it accepts prints back to a text that parses to the same puzzle (parse∘print∘parse =
//! parse); the drawings never panic; a puzzle that validates is solved under a small budget
//! and any solution found satisfies every house, cage and given, and agrees with the count.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::killer::format::{self, parse_all, write_all};
use sudoku_core::killer::{KillerGrid, KillerPuzzle, KillerSolver};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(grid) = text.parse::<KillerGrid>() else {
        let _ = parse_all(text);
        return;
    };
    let printed = grid.to_string();
    let again: KillerGrid = printed.parse().expect("printed text parses");
    assert_eq!(again, grid);
    assert_eq!(parse_all(&write_all(&[grid.clone(), grid.clone()])).unwrap().len(), 2);
    let _ = format::ascii(&grid, &grid.givens);
    let _ = format::latex(&grid, &grid.givens);
    let Ok(puzzle) = KillerPuzzle::classic(grid) else {
        return;
    };
    let mut solver = KillerSolver::new().budget(2_000);
    match solver.solve(&puzzle) {
        Ok(Some(solution)) => {
            assert!(puzzle.is_solution(&solution));
            if let Ok(n) = solver.count(&puzzle, 2) {
                assert!(n.at_least() >= 1);
            }
        }
        Ok(None) => assert_eq!(solver.count(&puzzle, 2), Ok(sudoku_core::Count::Exact(0))),
        Err(_) => {}
    }
});
