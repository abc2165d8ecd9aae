//! The rater on arbitrary grids (4×4, 6×6, 9×9, 16×16, classic or X): it never panics, an
//! error is the right one (a clash found by `Puzzle::new` is a real clash, "no solution"
//! means the solver finds none, "several solutions" that it finds two), and it rates only
//! puzzles with one solution, where every step is sound and the steps reach that solution;
//! a rater whose cancel flag is already up stops with an interruption or gives the same
//! answer. Cheap per input: a work budget of 500 units (about 0.5 ms) and a solver budget of
//! 2,000 nodes.
//!
//! Input: the first byte picks the shape (`% 4`) and the variant (bit 2), each next byte a
//! cell (below 96 or missing: empty; else a value). Seed corpus: `seeds/grade`.
#![no_main]

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use libfuzzer_sys::fuzz_target;
use sudoku_core::{Geometry, Grid, Puzzle, PuzzleError, Shape, Solver, Variant};
use sudoku_grade::{GradeError, MarkedGrid, Rater};

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let shape = [
        Shape::new(2, 2),
        Shape::new(2, 3),
        Shape::new(3, 3),
        Shape::new(4, 4),
    ][(head % 4) as usize]
        .clone()
        .unwrap();
    let variant = if head & 4 != 0 {
        Variant::x()
    } else {
        Variant::classic()
    };
    let Ok(geo) = Geometry::new(shape, &variant) else {
        return;
    };
    let n = shape.size();
    let count = shape.cell_count();
    // A byte below 96 (and a missing byte) is an empty cell, else a value.
    let cells: Vec<u8> = (0..count)
        .map(|i| match rest.get(i) {
            Some(&b) if b >= 96 => 1 + (b % n as u8),
            _ => 0,
        })
        .collect();
    let grid = Grid::new(shape, cells.clone()).expect("values fit");
    let mut solver = Solver::new(geo.clone()).budget(2_000);
    let puzzle = match Puzzle::new(grid.clone(), geo.clone()) {
        Ok(p) => p,
        Err(PuzzleError::Clash { .. }) => {
            assert!(geo.find_clash(&cells).is_some());
            return;
        }
        Err(e) => panic!("unexpected error {e}"),
    };
    let rater = Rater::new().budget(500);
    let rated = rater.rate(&puzzle);
    let raised = Arc::new(AtomicBool::new(true));
    match rater.clone().cancel_flag(raised).rate(&puzzle) {
        Err(GradeError::Interrupted(_)) => {}
        other => assert_eq!(other, rated, "a raised cancel flag changed the answer"),
    }
    match rated {
        Err(GradeError::NoSolution) => {
            assert!(geo.find_clash(&cells).is_none());
            if let Ok(k) = solver.count(&grid, 1) {
                assert_eq!(k, sudoku_core::Count::Exact(0), "the rater found no solution, the solver one");
            }
        }
        Err(GradeError::MultipleSolutions) => {
            if let Ok(k) = solver.count(&grid, 2) {
                assert_eq!(k, sudoku_core::Count::AtLeast(2), "the rater found several solutions, the solver {k}");
            }
        }
        Err(GradeError::Interrupted(_)) => {}
        Err(e) => panic!("unexpected error {e}"),
        Ok(r) => {
            if let Ok(k) = solver.count(&grid, 2) {
                assert_eq!(k, sudoku_core::Count::Exact(1), "a puzzle rated has one solution");
            }
            assert!(geo.is_solution(r.solution.cells()));
            assert!(grid.is_subset_of(&r.solution));
            assert_eq!(
                r.counts.total() as usize,
                cells.iter().filter(|&&v| v == 0).count()
            );
            let sol = r.solution.cells();
            for s in &r.steps {
                for e in &s.eliminations {
                    assert_ne!(sol[e.cell.index()], e.digit, "unsound step {s}");
                }
                if let Some(p) = s.placement {
                    assert_eq!(sol[p.cell.index()], p.digit, "wrong placement {s}");
                }
            }
            let mut b = MarkedGrid::new(&puzzle);
            for s in &r.steps {
                b.play(s).expect("the rater's steps apply");
            }
            assert_eq!(b.grid(), r.solution);
        }
    }
});
