//! Generator: golden outputs for fixed seeds, uniqueness and minimality checked by counting.

use proptest::prelude::*;
use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use sudoku_core::{Cell, Count, Geometry, Grid, Shape, Solver, Variant};
use sudoku_core::{
    Certificate, CertificateError, GenerateError, Generated, Generator, Symmetry, check_minimality,
};

/// Checks uniqueness and orbit-minimality with the counting path (`Solver::count`), not the
/// generator's own test.
pub fn assert_unique_and_minimal(geo: &Geometry, puzzle: &Grid, symmetry: Symmetry) {
    let mut solver = Solver::new(geo.clone());
    assert_eq!(
        solver.count(puzzle, 2).unwrap(),
        Count::Exact(1),
        "not unique: {puzzle}"
    );
    assert!(
        symmetry.holds(puzzle),
        "symmetry {symmetry} broken: {puzzle}"
    );
    for orbit in symmetry.orbits(puzzle.shape()) {
        if puzzle.get(orbit[0].index()) == 0 {
            continue;
        }
        let mut cells = puzzle.cells().to_vec();
        for &c in &orbit {
            cells[c.index()] = 0;
        }
        let reduced = Grid::new(puzzle.shape(), cells).unwrap();
        assert!(
            solver.count(&reduced, 2).unwrap() == Count::AtLeast(2),
            "orbit {orbit:?} removable from {puzzle}"
        );
    }
}

fn golden_lines() -> Vec<(String, String)> {
    include_str!("data/golden_generate.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (k, v) = l.split_once(' ').expect("key and puzzle");
            (k.to_owned(), v.to_owned())
        })
        .collect()
}

fn make(key: &str) -> (Geometry, Symmetry, Grid) {
    let parts: Vec<&str> = key.split('/').collect();
    let shape: Shape = parts[0].parse().unwrap();
    let variant = match parts[1] {
        "x" => Variant::x(),
        _ => Variant::classic(),
    };
    let symmetry: Symmetry = parts[2].parse().unwrap();
    let seed: u64 = parts[3].parse().unwrap();
    let geo = Geometry::new(shape, &variant).unwrap();
    let made = Generator::new(geo.clone())
        .symmetry(symmetry)
        .generate(&mut Pcg64Mcg::seed_from_u64(seed))
        .unwrap();
    (geo, symmetry, made.puzzle)
}

/// Value stability: the same seed gives the same puzzle on every platform and version.
#[test]
fn golden_seeds() {
    let golden = golden_lines();
    assert!(golden.len() >= 10);
    for (key, want) in golden {
        let (geo, sym, got) = make(&key);
        assert_eq!(got.to_string(), want, "{key}");
        assert_unique_and_minimal(&geo, &got, sym);
    }
}

/// Prints the golden file's lines (run with `--ignored --nocapture` to regenerate it after a
/// deliberate change of the algorithm).
#[test]
#[ignore = "a tool, not a check: prints the golden file's lines (under a second)"]
fn print_golden() {
    for key in golden_keys() {
        let (_, _, p) = make(&key);
        println!("{key} {p}");
    }
}

fn golden_keys() -> Vec<String> {
    let mut keys = Vec::new();
    for sym in Symmetry::ALL {
        for seed in [0, 1] {
            keys.push(format!("3x3/classic/{sym}/{seed}"));
        }
    }
    keys.push("3x3/x/central/7".into());
    keys.push("2x2/classic/none/3".into());
    keys.push("2x3/classic/quarter/4".into());
    keys.push("3x4/classic/none/5".into());
    keys
}

#[test]
fn every_symmetry_on_nine_by_nine() {
    let geo = Geometry::classic(Shape::CLASSIC);
    for sym in Symmetry::ALL {
        let mut generator = Generator::new(geo.clone()).symmetry(sym);
        for seed in 100..103 {
            let made = generator
                .generate(&mut Pcg64Mcg::seed_from_u64(seed))
                .unwrap();
            assert!(made.puzzle.is_subset_of(&made.solution));
            assert!(geo.is_solution(made.solution.cells()));
            assert_unique_and_minimal(&geo, &made.puzzle, sym);
        }
    }
}

#[test]
fn variants_generate() {
    for variant in [
        Variant::x(),
        Variant::classic().with_windows(),
        Variant::latin(),
    ] {
        let shape = if variant == Variant::latin() {
            Shape::new(1, 5).unwrap()
        } else {
            Shape::CLASSIC
        };
        let geo = Geometry::new(shape, &variant).unwrap();
        let made = Generator::new(geo.clone())
            .symmetry(Symmetry::Central)
            .generate(&mut Pcg64Mcg::seed_from_u64(11))
            .unwrap();
        assert_unique_and_minimal(&geo, &made.puzzle, Symmetry::Central);
    }
}

#[test]
fn caller_rng_reproducible() {
    let geo = Geometry::classic(Shape::CLASSIC);
    let mut g = Generator::new(geo);
    let a = g.generate(&mut Pcg64Mcg::seed_from_u64(42)).unwrap();
    let b = g.generate(&mut Pcg64Mcg::seed_from_u64(42)).unwrap();
    assert_eq!(a, b);
    let c = g.generate(&mut Pcg64Mcg::seed_from_u64(43)).unwrap();
    assert_ne!(a.puzzle, c.puzzle);
}

/// The 16×16 puzzle of seed 0 (the generator's candidate-logic path), pinned.
const SIXTEEN_SEED0: &str = "..CE.2...6.8....G2..D..A7...9.5....F.6.5G4B...E24......7..1....G7.......C.....94C..D....48..F7G3....4..3.5...B..B.8.FA.1.3D.EC...E.1G.3D.B...4...A3G.....1.F2.CE.D..9.........7.2.......6.59.3.1...4....2..G..B.86...7C2..4....F.5..1.....9.....DGF...5.....A2.8";

/// 16×16, where the generator takes the candidate-logic path: seed 0 gives the pinned puzzle
/// (checked in `sixteen_certificates` too), unique and minimal by counting. Run with
/// `cargo test --release -p sudoku-core --test integration -- --ignored sixteen`.
#[test]
#[ignore = "16×16 minimality by counting each given: about 5 s in debug, 0.3 s in release"]
fn sixteen_by_sixteen_golden_unique_minimal() {
    let (geo, symmetry, puzzle) = make("4x4/classic/none/0");
    assert_eq!(puzzle.to_string(), SIXTEEN_SEED0);
    assert_unique_and_minimal(&geo, &puzzle, symmetry);
}

/// A 25×25 puzzle made by the generator (no proof budget), pinned in
/// `data/generate_25x25_seed0.txt`; its solution and certificates are in
/// `data/generate_25x25_seed0_certificates.txt`.
fn twenty_five_seed0() -> Grid {
    include_str!("data/generate_25x25_seed0.txt")
        .lines()
        .find(|l| !l.starts_with('#'))
        .expect("a puzzle line")
        .parse()
        .expect("a 25×25 puzzle")
}

/// 25×25 without a proof budget: the puzzle is decided in full (no undecided removal),
/// keeps its solution's values, and every given is proved needed by a certificate (checked
/// by the crate's checker and by the one of this file); uniqueness is the generator's own
/// (no count of a 25×25 puzzle has been seen to finish). The puzzle, solution and
/// certificates are printed (the format of `data/generate_25x25_seed0_certificates.txt`).
/// About 8 to 10 minutes of CPU in release; run with
/// `cargo test --release -p sudoku-core --test integration -- --ignored twenty_five_by --nocapture`.
#[test]
#[ignore = "25×25 generation: about 8 to 10 minutes of CPU in release"]
fn twenty_five_by_twenty_five_unique_minimal() {
    let geo = Geometry::classic(Shape::new(5, 5).unwrap());
    let start = std::time::Instant::now();
    let made = Generator::new(geo.clone())
        .certificates(true)
        .generate(&mut Pcg64Mcg::seed_from_u64(0))
        .unwrap();
    println!("generated in {:.1} s", start.elapsed().as_secs_f64());
    println!("puzzle {}", made.puzzle);
    println!("solution {}", made.solution);
    for cert in &made.certificates {
        println!("{} {}", cert.orbit[0].index(), cert.grid);
    }
    assert!(made.is_irreducible());
    assert!(made.puzzle.is_subset_of(&made.solution));
    assert_certified(&geo, &made, Symmetry::None);
}

/// The pinned 25×25 puzzle with its solution and certificates
/// (`data/generate_25x25_seed0_certificates.txt`).
fn twenty_five_seed0_certified() -> Generated {
    let puzzle = twenty_five_seed0();
    let shape = puzzle.shape();
    let mut lines = include_str!("data/generate_25x25_seed0_certificates.txt")
        .lines()
        .filter(|l| !l.starts_with('#'));
    let solution: Grid = lines
        .next()
        .and_then(|l| l.strip_prefix("solution "))
        .expect("the solution line")
        .parse()
        .expect("a 25×25 grid");
    let certificates = lines
        .map(|l| {
            let (cell, grid) = l.split_once(' ').expect("a cell and a grid");
            Certificate {
                orbit: vec![Cell::new(cell.parse().expect("a cell"))],
                grid: grid.parse().expect("a 25×25 grid"),
            }
        })
        .collect();
    assert_eq!(solution.shape(), shape);
    Generated {
        puzzle,
        solution,
        undecided: 0,
        certificates,
    }
}

/// The pinned 25×25 puzzle (made by the generator) is minimal: each of its 265 givens has a
/// certificate (a second
/// solution once the given is removed), checked by the crate's checker and by the one of
/// this file. Milliseconds, where counting solutions with each given removed had not
/// confirmed 25 givens in 859 s of CPU.
#[test]
fn twenty_five_seed0_certificates() {
    let geo = Geometry::classic(Shape::new(5, 5).unwrap());
    let made = twenty_five_seed0_certified();
    assert_eq!(made.certificates.len(), 265);
    assert_certified(&geo, &made, Symmetry::None);
}

/// Uniqueness of the pinned 25×25 puzzle by the dancing-links count alone
/// ([`Solver::count`] to 2), a path the generator does not take above 16×16. Not seen to
/// finish: stopped unanswered after 236 s of CPU. Run with
/// `cargo test --release -p sudoku-core --test integration -- --ignored twenty_five_seed0_unique_by_dlx --nocapture`.
#[test]
#[ignore = "25×25 uniqueness by dancing links: not seen to finish (stopped after 4 minutes)"]
fn twenty_five_seed0_unique_by_dlx() {
    let geo = Geometry::classic(Shape::new(5, 5).unwrap());
    let puzzle = twenty_five_seed0();
    let mut solver = Solver::new(geo);
    let start = std::time::Instant::now();
    assert_eq!(solver.count(&puzzle, 2).unwrap(), Count::Exact(1));
    println!(
        "unique by dancing links: {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

/// A complete classic grid? Checked here on rows, columns and boxes from the shape alone,
/// apart from the crate's own checks.
fn classic_complete(shape: Shape, cells: &[u8]) -> bool {
    let n = shape.size();
    let houses = (0..n).flat_map(|i| {
        [
            shape.row_cells(i).collect::<Vec<_>>(),
            shape.col_cells(i).collect(),
            shape.box_cells(i).collect(),
        ]
    });
    cells.len() == n * n
        && houses.into_iter().all(|h| {
            let mut seen = vec![false; n + 1];
            h.iter().all(|&c| {
                let v = usize::from(cells[c.index()]);
                (1..=n).contains(&v) && !std::mem::replace(&mut seen[v], true)
            })
        })
}

/// The certificates of `made`, checked by the crate's checker and by the one of this file.
fn assert_certified(geo: &Geometry, made: &Generated, symmetry: Symmetry) {
    check_minimality(
        geo,
        symmetry,
        &made.puzzle,
        &made.solution,
        &made.certificates,
    )
    .unwrap();
    assert_certified_by_hand(made, symmetry);
}

/// The certificates of a classic puzzle, checked from their definition in this file: each
/// is a complete grid, keeps every given outside its orbit and changes one inside; every
/// given is in exactly one certified orbit of the symmetry; the solution is complete and
/// keeps the givens. So every orbit of givens has two solutions once emptied.
fn assert_certified_by_hand(made: &Generated, symmetry: Symmetry) {
    let (puzzle, shape) = (made.puzzle.cells(), made.puzzle.shape());
    assert!(classic_complete(shape, made.solution.cells()));
    assert!(made.puzzle.is_subset_of(&made.solution));
    let mut covered = vec![0; puzzle.len()];
    for Certificate { orbit, grid } in &made.certificates {
        assert_eq!(&symmetry.orbit(shape, orbit[0]), orbit);
        assert!(classic_complete(shape, grid.cells()), "{grid}");
        let changed: Vec<Cell> = shape
            .cells()
            .filter(|c| puzzle[c.index()] != 0 && puzzle[c.index()] != grid.get(c.index()))
            .collect();
        assert!(!changed.is_empty(), "orbit {orbit:?} unchanged");
        assert!(changed.iter().all(|c| orbit.contains(c)), "{changed:?}");
        for &c in orbit {
            covered[c.index()] += 1;
        }
    }
    for (c, &v) in puzzle.iter().enumerate() {
        assert_eq!(covered[c], usize::from(v != 0), "cell {c}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Every orbit of givens has a certificate, on both paths up to 9×9 (the direct one, and
    /// candidate logic with dancing links under a proof budget that never runs out; the
    /// clause-learning path of larger grids is checked in the crate's unit tests and by the
    /// pinned 25×25 certificates); the crate's checker and the one of this file accept them;
    /// the puzzle is the one made without certificates; tampered certificates are rejected.
    #[test]
    fn certificates_prove_minimality(
        seed in any::<u64>(),
        sym in 0usize..5,
        i in 0usize..3,
        logic_path in any::<bool>(),
    ) {
        let shape = Shape::new([2, 2, 3][i], [2, 3, 3][i]).unwrap();
        let symmetry = Symmetry::ALL[sym];
        let geo = Geometry::classic(shape);
        let budget = logic_path.then_some(u64::MAX);
        let generator = Generator::new(geo.clone()).symmetry(symmetry).proof_budget(budget);
        let made = generator.clone().certificates(true).generate(&mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
        let plain = generator.clone().generate(&mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
        prop_assert_eq!(&plain.puzzle, &made.puzzle);
        prop_assert!(plain.certificates.is_empty());
        assert_certified(&geo, &made, symmetry);

        let check = |certs: &[Certificate]| {
            check_minimality(&geo, symmetry, &made.puzzle, &made.solution, certs)
        };
        let k = (seed as usize) % made.certificates.len();
        let cert = &made.certificates[k];
        // One certificate fewer: a given is left unproved.
        let mut fewer = made.certificates.clone();
        fewer.remove(k);
        let r = check(&fewer);
        prop_assert!(matches!(r, Err(CertificateError::Missing { .. })), "{:?}", r);
        // The puzzle's own solution proves nothing.
        let mut same = made.certificates.clone();
        same[k].grid = made.solution.clone();
        let r = check(&same);
        prop_assert!(matches!(r, Err(CertificateError::SameOnOrbit { .. })), "{:?}", r);
        // One value changed: the grid breaks a rule.
        let mut broken = cert.clone();
        let c = (seed as usize / 7) % shape.cell_count();
        let v = broken.grid.get(c) % shape.size() as u8 + 1;
        broken.grid.set(c, v).unwrap();
        let r = broken.check(&geo, &made.puzzle);
        prop_assert!(matches!(r, Err(CertificateError::NotASolution { .. })), "{:?}", r);
        // A certificate given for another orbit changes a given outside it.
        let other = &made.certificates[(k + 1) % made.certificates.len()];
        if other.orbit != cert.orbit {
            let moved = Certificate { orbit: other.orbit.clone(), grid: cert.grid.clone() };
            let r = moved.check(&geo, &made.puzzle);
            prop_assert!(matches!(r, Err(CertificateError::ChangesGiven { .. })), "{:?}", r);
        }
        // A wrong solution is rejected.
        let mut wrong = made.solution.clone();
        wrong.set(c, wrong.get(c) % shape.size() as u8 + 1).unwrap();
        prop_assert_eq!(
            check_minimality(&geo, symmetry, &made.puzzle, &wrong, &made.certificates),
            Err(CertificateError::BadSolution)
        );
    }
}

/// Certificates on the other paths and variants: 16×16 by candidate logic and dancing
/// links (release: `cargo test --release -p sudoku-core --test integration -- --ignored
/// sixteen_certificates`), and a 9×9 X variant on the fast path.
#[test]
fn variant_certificates() {
    let geo = Geometry::new(Shape::CLASSIC, &Variant::x()).unwrap();
    let made = Generator::new(geo.clone())
        .symmetry(Symmetry::Central)
        .certificates(true)
        .generate(&mut Pcg64Mcg::seed_from_u64(11))
        .unwrap();
    assert_certified(&geo, &made, Symmetry::Central);
    // A classic grid that breaks the X rule is rejected by the X geometry.
    let classic = Geometry::classic(Shape::CLASSIC);
    let other = Generator::new(classic)
        .generate(&mut Pcg64Mcg::seed_from_u64(1))
        .unwrap();
    if !geo.is_solution(other.solution.cells()) {
        let mut certs = made.certificates.clone();
        certs[0].grid = other.solution;
        assert!(
            check_minimality(
                &geo,
                Symmetry::Central,
                &made.puzzle,
                &made.solution,
                &certs
            )
            .is_err()
        );
    }
}

/// 16×16 certificates (candidate logic and dancing links), on the pinned puzzle of seed 0.
#[test]
fn sixteen_certificates() {
    let geo = Geometry::classic(Shape::new(4, 4).unwrap());
    let made = Generator::new(geo.clone())
        .certificates(true)
        .generate(&mut Pcg64Mcg::seed_from_u64(0))
        .unwrap();
    assert_eq!(made.puzzle.to_string(), SIXTEEN_SEED0);
    assert_certified(&geo, &made, Symmetry::None);
}

/// `generate_from`: the puzzle's solution is the grid given, unique by the counting search,
/// irreducible; a grid that is not a complete grid of the rules is refused before any
/// search.
#[test]
fn generate_from_a_chosen_grid() {
    let geo = Geometry::classic(Shape::CLASSIC);
    let mut rng = Pcg64Mcg::seed_from_u64(9);
    let grid = Solver::new(geo.clone())
        .random_solution(&Grid::empty(Shape::CLASSIC), &mut rng)
        .unwrap()
        .unwrap();
    let mut generator = Generator::new(geo.clone());
    let made = generator.generate_from(&grid, &mut rng).unwrap();
    assert_eq!(made.solution, grid);
    assert!(made.puzzle.is_subset_of(&grid));
    let mut check = Solver::new(geo.clone());
    assert_eq!(check.count(&made.puzzle, 2).unwrap(), Count::Exact(1));
    for cell in 0..81 {
        if made.puzzle.get(cell) != 0 {
            let mut fewer = made.puzzle.cells().to_vec();
            fewer[cell] = 0;
            let fewer = geo.grid(fewer).unwrap();
            assert_eq!(
                check.count(&fewer, 2).unwrap(),
                Count::AtLeast(2),
                "given {cell} removable"
            );
        }
    }
    // Refused: a cell left empty, a value twice in a row, a grid of another size.
    let mut holed = grid.cells().to_vec();
    holed[40] = 0;
    let mut twice = grid.cells().to_vec();
    twice.swap(0, 9);
    let four = Grid::empty(Shape::new(2, 2).unwrap());
    for bad in [geo.grid(holed).unwrap(), geo.grid(twice).unwrap(), four] {
        assert!(matches!(
            generator.generate_from(&bad, &mut rng),
            Err(GenerateError::NotASolution { .. })
        ));
    }
}
