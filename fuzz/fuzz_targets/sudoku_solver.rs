//! Feeds arbitrary grids (4×4, 6×6, 9×9, classic or X) to the solver with a node budget: it
//! never panics, a returned solution is a complete valid grid containing the givens, and the
//! count agrees with the first-solution answer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::{Geometry, Grid, Shape, Solver, Variant};

fuzz_target!(|data: &[u8]| {
    let Some((&head, body)) = data.split_first() else {
        return;
    };
    let shape = match head % 3 {
        0 => Shape::new(2, 2).unwrap(),
        1 => Shape::new(2, 3).unwrap(),
        _ => Shape::CLASSIC,
    };
    let variant = if head & 4 != 0 {
        Variant::x()
    } else {
        Variant::classic()
    };
    let n = shape.size() as u8;
    let cells: Vec<u8> = (0..shape.cell_count())
        .map(|i| {
            body.get(i)
                .map_or(0, |b| if b % 3 == 0 { b % (n + 1) } else { 0 })
        })
        .collect();
    let grid = Grid::new(shape, cells).unwrap();
    let geo = Geometry::new(shape, &variant).unwrap();
    let mut solver = Solver::new(geo.clone()).budget(200_000);
    let Ok(first) = solver.solve(&grid) else {
        return;
    };
    if let Some(s) = &first {
        assert!(grid.is_subset_of(s));
        assert!(geo.is_solution(s.cells()));
    }
    if let Ok(count) = solver.count(&grid, 2) {
        assert_eq!(count == sudoku_core::Count::Exact(0), first.is_none());
    }
});
