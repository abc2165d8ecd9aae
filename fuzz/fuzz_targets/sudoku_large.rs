//! Fuzzes grids larger than 9×9. The bytes, read as text, go through the one-line and framed
//! ASCII readers as 16×16 (and any size they infer): whatever they accept prints back to a
//! text that reads to the same grid (in the standard and hexadecimal alphabets for 16×16).
//! The bytes also make a 16×16 grid (byte 0 picks classic or X, then one byte per cell:
//! empty, the value of a fixed complete grid, or any value), solved with a small budget: a
//! solution returned is valid and keeps the givens, the count to 2 agrees with it and with
//! the lazy enumeration, which only yields valid solutions; interruptions are valid answers.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::format::{self, ReadOptions, WriteOptions, ascii, line};
use sudoku_core::{Alphabet, Geometry, Grid, Shape, Solver, Variant};

fn round_trip(grid: &Grid) {
    let read = ReadOptions {
        shape: Some(grid.shape()),
        ..Default::default()
    };
    let mut alphabets = vec![None];
    if grid.size() == 16 {
        alphabets.push(Some(Alphabet::hex()));
    }
    for alphabet in alphabets {
        let w = WriteOptions {
            alphabet: alphabet.clone(),
            ..Default::default()
        };
        let r = ReadOptions {
            alphabet: alphabet.clone(),
            ..read.clone()
        };
        let text = line::write(grid, &w);
        assert_eq!(line::parse(&text, &r).as_ref(), Ok(grid), "{text}");
        let framed = ascii::write(grid, &w);
        assert_eq!(ascii::parse(&framed, &r).as_ref(), Ok(grid), "{framed}");
    }
}

thread_local! {
    static SOLVERS: std::cell::RefCell<std::collections::HashMap<bool, Solver>> =
        std::cell::RefCell::default();
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let sixteen = ReadOptions {
            shape: Some(Shape::new(4, 4).expect("4x4")),
            ..Default::default()
        };
        for opts in [sixteen, ReadOptions::default()] {
            if let Ok(g) = line::parse(text, &opts) {
                round_trip(&g);
            }
            if let Ok(g) = format::ascii::parse(text, &opts) {
                round_trip(&g);
            }
        }
    }
    let Some((&head, body)) = data.split_first() else {
        return;
    };
    let shape = Shape::new(4, 4).expect("4x4");
    // Cells near a complete grid, so that most searches end well within the budget: a byte
    // below 96 (or a missing one) empties its cell, one of 240 or more puts any value there
    // (often a wrong one), the others keep the complete grid's value.
    let cells: Vec<u8> = (0..256usize)
        .map(|i| {
            let (r, c) = (i / 16, i % 16);
            let full = ((r * 4 + r / 4 + c) % 16 + 1) as u8;
            match body.get(i) {
                Some(&b) if b >= 240 => b % 17,
                Some(&b) if b >= 96 => full,
                _ => 0,
            }
        })
        .collect();
    let grid = Grid::new(shape, cells).expect("values 0..=16");
    round_trip(&grid);
    let variant = if head & 1 == 1 {
        Variant::x()
    } else {
        Variant::classic()
    };
    // The two solvers are built once and reused (their tables cost more than a search).
    SOLVERS.with_borrow_mut(|cache| {
        let solver = cache.entry(head & 1 == 1).or_insert_with(|| {
            let geo = Geometry::new(shape, &variant).expect("x fits 16x16");
            Solver::new(geo).budget(1_000)
        });
        check_solving(solver, &grid);
    });
});

/// The solving checks of a 16×16 grid.
fn check_solving(solver: &mut Solver, grid: &Grid) {
    let geo = solver.geometry().clone();
    let Ok(first) = solver.solve(grid) else {
        return;
    };
    if let Some(s) = &first {
        assert!(grid.is_subset_of(s) && geo.is_solution(s.cells()));
    }
    if let Ok(count) = solver.count(grid, 2) {
        assert_eq!(count == sudoku_core::Count::Exact(0), first.is_none());
        // A count stopped at its limit is never reported exact.
        assert_eq!(count.is_exact(), count.at_least() < 2);
        let count = count.at_least();
        let mut listed = 0u64;
        let mut interrupted = false;
        for s in solver.solutions(grid).expect("same shape").take(2) {
            match s {
                Ok(s) => {
                    assert!(grid.is_subset_of(&s) && geo.is_solution(s.cells()));
                    listed += 1;
                }
                Err(_) => interrupted = true,
            }
        }
        assert!(listed <= count);
        if !interrupted {
            assert_eq!(listed, count, "enumeration and count");
        }
    }
}
