//! Feeds arbitrary 9×9 grids (81 bytes mapped to 0..=9, plus one byte choosing classic or X)
//! to the fast engine (a `Solver` on `Engine::Fast`): it never panics; a returned solution is
//! a complete valid grid (X: diagonals too) that keeps every given; the count to 2 agrees
//! with the first-solution search and with the uniqueness check; a unique puzzle with its
//! first empty cell forced to another digit has no solution.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::{Engine, Geometry, Grid, Shape, Solver, Variant};

fn valid(grid: &[u8], givens: &[u8], x: bool) -> bool {
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
    let variant = if x { Variant::x() } else { Variant::classic() };
    let geometry = Geometry::new(Shape::CLASSIC, &variant).expect("x fits 9x9");
    // A budget keeps every run short; an interruption is a valid answer.
    let mut engine = Solver::with_engine(geometry, Engine::Fast)
        .expect("the fast engine serves 9x9")
        .budget(10_000);
    let grid = Grid::new(Shape::CLASSIC, cells.to_vec()).expect("values 0..=9");
    let mut first = Grid::empty(Shape::CLASSIC);
    let Ok(one) = engine.solve_into(&grid, &mut first) else {
        return;
    };
    if one {
        assert!(valid(first.cells(), &cells, x), "invalid solution");
    }
    if let Ok(two) = engine.count(&grid, 2) {
        assert_eq!(two.at_least().min(1), u64::from(one), "count to 2 vs first solution");
        assert_eq!(two.is_exact(), two.at_least() < 2, "a count stopped at 2 is a lower bound");
        let two = two.at_least();
        assert_eq!(engine.is_unique(&grid), Ok(two == 1));
        // Uniqueness seen from one cell (the first empty one): a unique puzzle has no
        // solution with another digit there.
        if two == 1
            && let Some(k) = (0..81).find(|&k| cells[k] == 0)
        {
            for d in (1..=9).filter(|&d| d != first.get(k)) {
                let mut other = grid.clone();
                other.set(k, d).expect("a digit");
                assert!(
                    !matches!(engine.count(&other, 1), Ok(n) if n.at_least() > 0),
                    "unique, yet another digit fits"
                );
            }
        }
    }
});
