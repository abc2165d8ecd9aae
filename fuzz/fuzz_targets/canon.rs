//! Fuzzes the 9×9 canonical form: any 81 cells (bytes mapped to 0..=9, so repeats and invalid
//! grids included) get a form that (1) the returned transformation produces from the input,
//! (2) is its own form, and (3) is also the form of a random equivalent (the transformation
//! seeded from the bytes after the 81st).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::transform::{Transform, canonical_form};

fuzz_target!(|data: &[u8]| {
    let mut cells = [0u8; 81];
    for (cell, &b) in cells.iter_mut().zip(data) {
        *cell = b % 10;
    }
    let seed = data
        .iter()
        .skip(81)
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    let canon = canonical_form(3, 3, &cells).expect("valid cells");
    assert_eq!(
        canon.transform().apply(&cells).expect("apply"),
        canon.cells()
    );
    let again = canonical_form(3, 3, canon.cells()).expect("valid cells");
    assert_eq!(again.cells(), canon.cells(), "idempotent");
    let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
    let t = Transform::random(3, 3, &mut rng).expect("3x3");
    let moved = t.apply(&cells).expect("apply");
    let other = canonical_form(3, 3, &moved).expect("valid cells");
    assert_eq!(other.cells(), canon.cells(), "invariant");
    assert_eq!(t.inverse().apply(&moved).expect("apply"), cells);
});
