//! Fuzzes the frame parser (the Samurai block and its kin). The first byte picks the layout
//! by its value modulo 4 (0 Samurai, 1 Tiny Samurai, 2 the 3×3×3 cube, 3 the flower; the
//! ASCII digits `0`–`3` pick the same), the rest is the text. It never panics; whatever it
//! accepts prints back to a text that parses to the same grid, and a short search on it (a
//! small node budget) answers or stops with an interruption, never a wrong solution.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::format::{ReadOptions, WriteOptions, frame};
use sudoku_core::layout::Layout;
use sudoku_core::{Geometry, Solver};

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let layout = match which % 4 {
        0 => Layout::samurai(),
        1 => Layout::tiny_samurai(),
        2 => Layout::cube(3).expect("a cube"),
        _ => Layout::flower(),
    };
    let Ok(grid) = frame::parse(text, &layout, &ReadOptions::default()) else {
        return;
    };
    let printed = frame::write(&grid, &layout, &WriteOptions::default());
    assert_eq!(
        frame::parse(&printed, &layout, &ReadOptions::default()).expect("printed form parses"),
        grid
    );
    let geo = Geometry::from_layout(layout).expect("a preset");
    let mut solver = Solver::new(geo.clone()).budget(2_000);
    if let Ok(Some(solution)) = solver.solve(&grid) {
        assert!(geo.is_solution(solution.cells()) && grid.is_subset_of(&solution));
    }
});
