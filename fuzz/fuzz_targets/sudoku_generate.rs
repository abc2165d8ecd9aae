//! Fuzzes the generator on small grids (4×4, 6×6 in both box shapes, 9×9), every symmetry
//! and the classic, X and windoku rules, with a small solver budget and a proof budget so
//! that each input is cheap. Byte 0 picks the shape and rules, byte 1 the symmetry and
//! options, the next eight the seed. What it makes must be: a puzzle inside its solution,
//! the solution a valid complete grid, the puzzle unique (when the check fits the budget),
//! symmetric, and its certificates (when asked) must check; an interruption is a valid
//! answer, a missing grid is not (these rules always have one).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use sudoku_core::{GenerateError, Generator, Symmetry, check_minimality};
use sudoku_core::{Geometry, Shape, Solver, Variant};

type Key = (usize, u8);

type Cached = Option<(Generator, Solver)>;

thread_local! {
    static CACHE: std::cell::RefCell<std::collections::HashMap<Key, Cached>> =
        std::cell::RefCell::default();
}

fuzz_target!(|data: &[u8]| {
    let [a, b, seed @ ..] = data else {
        return;
    };
    let symmetry = Symmetry::ALL[usize::from(b % 8) % Symmetry::ALL.len()];
    let certificates = b & 8 != 0;
    let proof = if b & 16 != 0 { Some(50) } else { Some(2_000) };
    let mut s = [0u8; 8];
    for (d, v) in s.iter_mut().zip(seed) {
        *d = *v;
    }
    // A generator and a checking solver are built once per shape and rules, and used in
    // place with this input's settings: building their tables would cost more than a
    // generation.
    let key = (usize::from(a & 3), (a >> 2) % 3);
    CACHE.with_borrow_mut(|cache| {
        let entry = cache.entry(key).or_insert_with(|| {
            let (br, bc) = [(2, 2), (2, 3), (3, 2), (3, 3)][key.0];
            let shape = Shape::new(br, bc).expect("a valid shape");
            let variant = match key.1 {
                0 => Variant::classic(),
                1 => Variant::x(),
                _ => Variant::classic().with_windows(),
            };
            // Windows need 9×9: no generator for the others.
            Geometry::new(shape, &variant).ok().map(|geometry| {
                let generator = Generator::with_solver(Solver::new(geometry.clone()).budget(1_000));
                (generator, Solver::new(geometry).budget(5_000))
            })
        });
        if let Some((generator, mut check)) = entry.take() {
            let mut generator = generator
                .symmetry(symmetry)
                .proof_budget(proof)
                .certificates(certificates);
            let seed = u64::from_le_bytes(s);
            made_right(&mut generator, &mut check, symmetry, certificates, seed);
            *entry = Some((generator, check));
        }
    });
});

/// Generates from `seed` and checks what comes out.
fn made_right(
    generator: &mut Generator,
    check: &mut Solver,
    symmetry: Symmetry,
    certificates: bool,
    seed: u64,
) {
    let made = match generator.generate(&mut Pcg64Mcg::seed_from_u64(seed)) {
        Ok(m) => m,
        Err(GenerateError::Interrupted(_)) => return,
        Err(e) => panic!("{e}"),
    };
    let geometry = check.geometry().clone();
    assert!(made.puzzle.is_subset_of(&made.solution));
    assert!(geometry.is_solution(made.solution.cells()));
    assert!(symmetry.holds(&made.puzzle), "{symmetry:?}");
    if let Ok(count) = check.count(&made.puzzle, 2) {
        assert_eq!(count, sudoku_core::Count::Exact(1), "not unique: {}", made.puzzle);
    }
    if certificates && made.is_irreducible() {
        check_minimality(
            &geometry,
            symmetry,
            &made.puzzle,
            &made.solution,
            &made.certificates,
        )
        .expect("the certificates prove the puzzle irreducible");
    }
}
