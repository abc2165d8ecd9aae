//! Fuzzes grids larger than 9×9. The bytes, read as text, go through the one-line and framed
//! ASCII readers as 16×16 (and any size they infer): whatever they accept prints back to a
//! text that reads to the same grid (in the standard and hexadecimal alphabets for 16×16).
//! Byte 0 then picks a geometry (its value modulo 4):
//! - 0 and 1: 16×16, classic or X, one byte per cell: empty, the value of a fixed complete
//!   grid, or any value;
//! - 2: a side from 17 to 25 (byte 1), a jigsaw whose regions start as the rows or the boxes
//!   (byte 2) and have four pairs of cells swapped between them (bytes 3 to 18, two bytes a
//!   cell, so any two cells can swap and regions are often disconnected, which the map
//!   reader accepts), sparse givens from the rest;
//! - 3: a layout (Samurai, Tiny Samurai, twin, butterfly, flower, the 3×3×3 and 4×4×4
//!   cubes; byte 1), sparse givens from the rest.
//!
//! Each grid is solved with a small budget: a solution returned is valid and keeps the
//! givens; counts to 2 and to `u64::MAX` agree with it (zero exactly when the search finds
//! nothing) and a count that stops at its limit is never reported exact; the lazy enumeration
//! yields only valid solutions, as many as counted. Interruptions are valid answers.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::format::{self, ReadOptions, WriteOptions, ascii, line};
use sudoku_core::layout::Layout;
use sudoku_core::{Alphabet, Cell, Count, Geometry, Grid, RegionMap, Shape, Solver, Variant};

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
    match head % 4 {
        0 | 1 => sixteen(head & 1 == 1, body),
        2 => jigsaw(body),
        _ => layout(body),
    }
});

/// A 16×16 grid near a complete one, classic or X.
fn sixteen(x: bool, body: &[u8]) {
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
    let variant = if x { Variant::x() } else { Variant::classic() };
    // The two solvers are built once and reused (their tables cost more than a search).
    SOLVERS.with_borrow_mut(|cache| {
        let solver = cache.entry(x).or_insert_with(|| {
            let geo = Geometry::new(shape, &variant).expect("x fits 16x16");
            Solver::new(geo).budget(1_000)
        });
        check_solving(solver, &grid);
    });
}

/// Sparse givens from `bytes` for `count` cells of side `size`: a byte of 240 or more puts
/// a value there, any other (or none) leaves the cell empty.
fn sparse(bytes: &[u8], count: usize, size: usize) -> Vec<u8> {
    (0..count)
        .map(|i| match bytes.get(i) {
            Some(&b) if b >= 240 => (usize::from(b) % (size + 1)) as u8,
            _ => 0,
        })
        .collect()
}

/// A jigsaw of side 17 to 25 whose regions are rows or boxes with cells swapped.
fn jigsaw(body: &[u8]) {
    let byte = |i: usize| body.get(i).copied().unwrap_or(0);
    let size = 17 + usize::from(byte(0)) % 9;
    let shape = Shape::for_size(size).expect("a side up to 25");
    let n = shape.cell_count();
    let mut regions: Vec<u8> = (0..n)
        .map(|i| {
            let cell = Cell::new(i);
            let r = if byte(1) & 1 == 0 {
                shape.row_of(cell)
            } else {
                shape.box_of(cell)
            };
            r as u8
        })
        .collect();
    let cell = |i: usize| usize::from(u16::from_le_bytes([byte(i), byte(i + 1)])) % n;
    for k in 0..4 {
        regions.swap(cell(2 + 4 * k), cell(4 + 4 * k));
    }
    let map = RegionMap::new(regions).expect("swaps keep every region's size");
    let geo = Geometry::new(shape, &Variant::jigsaw(map)).expect("a map of the shape");
    let grid = Grid::new(shape, sparse(body.get(18..).unwrap_or_default(), n, size))
        .expect("values 0..=N");
    let mut solver = Solver::new(geo).budget(2_000);
    check_solving(&mut solver, &grid);
}

/// A layout of several grids (or a cube) with sparse givens.
fn layout(body: &[u8]) {
    let Some((&which, rest)) = body.split_first() else {
        return;
    };
    let layout = match which % 7 {
        0 => Layout::samurai(),
        1 => Layout::tiny_samurai(),
        2 => Layout::twin(),
        3 => Layout::butterfly(),
        4 => Layout::flower(),
        5 => Layout::cube(3).expect("a cube"),
        _ => Layout::cube(4).expect("a cube"),
    };
    let geo = Geometry::from_layout(layout).expect("a preset");
    let grid = geo
        .grid(sparse(rest, geo.cell_count(), geo.size()))
        .expect("values 0..=N");
    let mut solver = Solver::new(geo).budget(2_000);
    check_solving(&mut solver, &grid);
}

/// The solving checks of a grid.
fn check_solving(solver: &mut Solver, grid: &Grid) {
    let geo = solver.geometry().clone();
    let Ok(first) = solver.solve(grid) else {
        return;
    };
    if let Some(s) = &first {
        assert!(grid.is_subset_of(s) && geo.is_solution(s.cells()));
    }
    for limit in [1, 2, u64::MAX] {
        let Ok(count) = solver.count(grid, limit) else {
            continue;
        };
        // Zero exactly when the search found nothing, at least one when it found one.
        assert_eq!(
            count == Count::Exact(0),
            first.is_none(),
            "{count:?} to {limit}"
        );
        // A count that stops at its limit (a saturated one too) is never reported exact.
        match count {
            Count::Exact(n) => assert!(n < limit, "exact {n} to {limit}"),
            Count::AtLeast(n) => assert_eq!(n, limit, "at least {n} to {limit}"),
        }
    }
    if let Ok(count) = solver.count(grid, 2) {
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
