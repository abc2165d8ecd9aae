//! Feeds arbitrary 9×9 grids (81 bytes mapped to 0..=9, plus one byte choosing classic or X)
//! to the fast engine: it never panics; a returned solution is a complete valid grid (X:
//! diagonals too) that keeps every given; the count to 2 agrees with the count to 1 and with
//! the uniqueness check; `has_solution_without` never contradicts uniqueness.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::fast9::Fast9;

fn valid(grid: &[u8; 81], givens: &[u8; 81], x: bool) -> bool {
    let mut seen = [0u16; 29];
    for (cell, &v) in grid.iter().enumerate() {
        if !(1..=9).contains(&v) || (givens[cell] != 0 && givens[cell] != v) {
            return false;
        }
        let (r, c) = (cell / 9, cell % 9);
        let mut houses = vec![r, 9 + c, 18 + 3 * (r / 3) + c / 3];
        if x && r == c {
            houses.push(27);
        }
        if x && r + c == 8 {
            houses.push(28);
        }
        for h in houses {
            if seen[h] & (1 << v) != 0 {
                return false;
            }
            seen[h] |= 1 << v;
        }
    }
    true
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 82 {
        return;
    }
    let x = data[0] & 1 == 1;
    let mut cells = [0u8; 81];
    for (cell, &byte) in cells.iter_mut().zip(&data[1..]) {
        // Mostly empty cells, so that many grids are solvable.
        *cell = if byte < 180 { 0 } else { byte % 10 };
    }
    let mut engine = Fast9::new(x);
    // A budget keeps every run short; exhaustion is a valid answer.
    let budget = Some(10_000);
    let mut first = [0u8; 81];
    let Ok(one) = engine.solve(&cells, 1, Some(&mut first), budget) else {
        return;
    };
    if one == 1 {
        assert!(valid(&first, &cells, x), "invalid solution");
    }
    let mut second = [0u8; 81];
    if let Ok(two) = engine.count_up_to_2(&cells, Some(&mut second), budget) {
        assert_eq!(two.min(1), one, "count to 2 vs count to 1");
        assert_eq!(engine.has_unique_solution(&cells), two == 1);
        if two > 0 {
            assert!(valid(&second, &cells, x));
            // The same deterministic search finds the same first solution.
            assert_eq!(second, first);
            // Uniqueness seen from one cell (the first empty one): a unique puzzle has no
            // solution with another digit there, and one that has is not unique.
            if let Some(k) = (0..81).find(|&k| cells[k] == 0)
                && let Ok(other) = engine.has_solution_without(&cells, k, first[k], budget)
            {
                assert!(!(other && two == 1), "unique, yet another digit fits");
            }
        }
    }
});
