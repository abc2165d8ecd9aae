//! Fuzzes the canonical form (bounded, through a `Canonicalizer`) on 4×4, 6×6 (both box
//! shapes) and 9×9 cells. The input is laid out so that every input reaches a transformation:
//! byte 0 picks the box shape and whether to transpose, the next bytes draw the transformation
//! (band, row, stack, column and symbol permutations, each a Fisher–Yates shuffle driven by
//! one byte per step), and the bytes after them are the cells (a byte of 128 or more is the
//! value byte mod N + 1, a smaller or missing byte an empty cell, so short inputs are sparse
//! puzzles). Checks that the form (1) is
//! what its transformation gives from the input, (2) is its own form, (3) is also the form of
//! the transformed cells, and that (4) the inverse transformation gives the input back.
//! Inputs whose search runs out of the budget are skipped (the budget keeps each run short).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::transform::{Canonicalizer, Transform, TransformError};

/// A permutation of `0..n` (or `1..=n` when `from_one`) shuffled by the bytes of `bytes`.
fn perm(n: usize, from_one: bool, bytes: &mut impl Iterator<Item = u8>) -> Vec<u8> {
    let base = u8::from(from_one);
    let mut p: Vec<u8> = (0..n as u8).map(|v| v + base).collect();
    for i in (1..n).rev() {
        let j = usize::from(bytes.next().unwrap_or(0)) % (i + 1);
        p.swap(i, j);
    }
    p
}

/// The transformation drawn from `bytes`, or an error for the fuzzer to find.
fn drawn(
    br: usize,
    bc: usize,
    transpose: bool,
    bytes: &mut impl Iterator<Item = u8>,
) -> Result<Transform, TransformError> {
    let n = br * bc;
    let mut t = Transform::identity(br, bc)?;
    if transpose && br == bc {
        t = t.then(&Transform::transpose(br, bc)?)?;
    }
    // Bands hold br rows and there are bc of them; stacks hold bc columns, br of them.
    t = t.then(&Transform::permute_bands(br, bc, &perm(bc, false, bytes))?)?;
    for band in 0..bc {
        t = t.then(&Transform::permute_rows_in_band(
            br,
            bc,
            band,
            &perm(br, false, bytes),
        )?)?;
    }
    t = t.then(&Transform::permute_stacks(br, bc, &perm(br, false, bytes))?)?;
    for stack in 0..br {
        let p = perm(bc, false, bytes);
        t = t.then(&Transform::permute_columns_in_stack(br, bc, stack, &p)?)?;
    }
    t.then(&Transform::relabel(br, bc, &perm(n, true, bytes))?)
}

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let (br, bc) = [(2, 2), (2, 3), (3, 2), (3, 3)][usize::from(head & 3)];
    let n = br * bc;
    let mut bytes = rest.iter().copied();
    let t = drawn(br, bc, head & 4 != 0, &mut bytes).expect("a valid transformation");
    let cells: Vec<u8> = (0..n * n)
        .map(|_| match bytes.next() {
            // Mostly empty cells (a byte below 128), so that most inputs are puzzles whose
            // form a small budget decides.
            Some(b) if b >= 128 => b % (n as u8 + 1),
            _ => 0,
        })
        .collect();
    let search = Canonicalizer::new().budget(3_000);
    let canon = match search.canonical_form(br, bc, &cells) {
        Ok(c) => c,
        Err(TransformError::Interrupted(_)) => return,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(
        canon.transform().apply(&cells).expect("apply"),
        canon.cells(),
        "the form's transformation"
    );
    if let Ok(again) = search.canonical_form(br, bc, canon.cells()) {
        assert_eq!(again.cells(), canon.cells(), "idempotent");
    }
    let moved = t.apply(&cells).expect("apply");
    if let Ok(other) = search.canonical_form(br, bc, &moved) {
        assert_eq!(other.cells(), canon.cells(), "invariant under the group");
    }
    assert_eq!(t.inverse().apply(&moved).expect("apply"), cells);
});
