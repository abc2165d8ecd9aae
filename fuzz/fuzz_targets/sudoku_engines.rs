//! Feeds arbitrary 9×9 grids to both sudoku engines (dancing links and the fast bitboard
//! engine), classic and X, and checks they agree: the count up to 2, and the solution when
//! it is unique; any solution returned satisfies the grid.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::{Engine, Geometry, Grid, Shape, Solver, Variant};

fuzz_target!(|data: &[u8]| {
    if data.len() < 82 {
        return;
    }
    let variant = if data[81] & 1 == 1 {
        Variant::x()
    } else {
        Variant::classic()
    };
    let cells: Vec<u8> = data[..81].iter().map(|b| b % 10).collect();
    let grid = Grid::new(Shape::CLASSIC, cells).expect("values 0..=9 fit 9x9");
    let geometry = Geometry::new(Shape::CLASSIC, &variant).expect("x fits 9x9");
    // A budget keeps pathological inputs short; both engines then report an interruption.
    let mut dlx = Solver::with_engine(geometry.clone(), Engine::Dlx)
        .expect("dancing links serve every grid")
        .budget(200_000);
    let mut fast = Solver::with_engine(geometry.clone(), Engine::Fast)
        .expect("the fast engine serves 9x9")
        .budget(20_000);
    let (Ok(a), Ok(b)) = (dlx.count(&grid, 2), fast.count(&grid, 2)) else {
        return;
    };
    assert_eq!(a, b, "count <= 2 of {grid}");
    if let (Ok(Some(x)), Ok(Some(y))) = (dlx.solve(&grid), fast.solve(&grid)) {
        for s in [&x, &y] {
            assert!(geometry.is_solution(s.cells()) && grid.is_subset_of(s));
        }
        if a == sudoku_core::Count::Exact(1) {
            assert_eq!(x, y);
        }
    }
});
