//! No public function panics on arbitrary well-typed input: arbitrary sizes, cells, texts,
//! variants, region maps, transformations and seeds go through the constructors and the
//! calls that use them; errors are fine, and the only escape from a long call is its budget
//! (every search here runs under a small one). Calls whose docs declare a panic (an index out
//! of range) are called in range only.

use proptest::prelude::*;
use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use sudoku_core::format::{ReadOptions, WriteOptions, ascii, latex, line};
use sudoku_core::transform::{Canonicalizer, Transform, TransformParts};
use sudoku_core::{
    Alphabet, Candidates, Cell, Engine, Fill, Geometry, Grid, Puzzle, RegionMap, Shape, Solver,
    Variant,
};
use sudoku_core::{Generator, Symmetry, check_minimality};

/// Budgets small enough to keep every case quick.
const NODES: u64 = 3_000;

/// A shape in every case the constructors accept, and some they refuse.
fn any_shape() -> impl Strategy<Value = (usize, usize)> {
    prop_oneof![
        (0usize..7, 0usize..7),
        Just((5, 5)),
        Just((4, 4)),
        Just((1, 25)),
        (0usize..40, 0usize..40),
        (any::<usize>(), 0usize..4),
        (0usize..4, any::<usize>()),
    ]
}

fn variant_of(flags: u8, extra: &[usize], map: Option<RegionMap>) -> Variant {
    let mut v = match map {
        Some(m) if flags & 16 != 0 => Variant::jigsaw(m),
        _ if flags & 32 != 0 => Variant::latin(),
        _ => Variant::classic(),
    };
    if flags & 1 != 0 {
        v = v.with_diagonals();
    }
    if flags & 2 != 0 {
        v = v.with_disjoint_groups();
    }
    if flags & 4 != 0 {
        v = v.with_windows();
    }
    if flags & 8 != 0 {
        v = v.with_house(extra.iter().copied());
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Shapes, grids, puzzles, geometries of every variant, the solver with a budget, moves.
    #[test]
    fn grids_puzzles_and_solvers(
        (br, bc) in any_shape(),
        cells in proptest::collection::vec(any::<u8>(), 0..700),
        flags in any::<u8>(),
        extra in proptest::collection::vec(0usize..700, 0..30),
        map in proptest::collection::vec(0u8..30, 0..100),
        moves in proptest::collection::vec((any::<u16>(), any::<u8>()), 0..20),
        seed in any::<u64>(),
    ) {
        let Ok(shape) = Shape::new(br, bc) else { return Ok(()); };
        let map = RegionMap::new(map).ok();
        let variant = variant_of(flags, &extra, map);
        let n = shape.size() as u8;
        let fitted: Vec<u8> = (0..shape.cell_count())
            .map(|i| cells.get(i).map_or(0, |&b| if b % 3 == 0 { b % (n + 1) } else { 0 }))
            .collect();
        let _ = Grid::new(shape, cells.clone());
        let grid = Grid::new(shape, fitted.clone()).expect("values in range");
        let mut other = Grid::empty(shape);
        let _ = other.copy_from(&cells);
        let _ = other.set(usize::from(flags) * 7, flags);
        let _ = grid.to_string();
        let _ = format!("{grid:#}");
        let Ok(geo) = Geometry::new(shape, &variant) else { return Ok(()); };
        let _ = geo.find_clash(grid.cells());
        let _ = geo.candidates(grid.cells());
        let _ = geo.is_solution(grid.cells());
        for h in geo.houses() {
            let _ = geo.house_kind(h).to_string();
        }
        let engine = if flags & 64 != 0 { Engine::Fast } else { Engine::Auto };
        if let Ok(solver) = Solver::with_engine(geo.clone(), engine) {
            let mut solver = solver.budget(NODES);
            if let Ok(Some(s)) = solver.solve(&grid) {
                prop_assert!(geo.is_solution(s.cells()) && grid.is_subset_of(&s));
            }
            let _ = solver.count(&grid, 3);
            let _ = solver.is_unique(&grid);
            let _ = solver.random_solution(&grid, &mut Pcg64Mcg::seed_from_u64(seed));
            if let Ok(mut it) = solver.solutions(&grid) {
                let _ = it.next();
            }
            let _ = solver.solve(&Grid::empty(Shape::CLASSIC));
        }
        if let Ok(mut puzzle) = Puzzle::new(grid.clone(), geo.clone()) {
            let _ = puzzle.fewest_candidates();
            let _ = puzzle.legal_moves().len();
            let _ = puzzle.is_over();
            for (cell, value) in moves {
                if let Ok(cell) = Cell::try_from(cell) {
                    let fill = Fill { cell, value };
                    let checked = puzzle.check(fill);
                    let before = puzzle.clone();
                    match puzzle.play(fill) {
                        Ok(()) => prop_assert!(checked.is_ok()),
                        Err(e) => {
                            prop_assert_eq!(checked, Err(e));
                            prop_assert_eq!(&puzzle, &before);
                        }
                    }
                }
            }
        }
    }

    /// The generator on small shapes with every symmetry, under a budget.
    #[test]
    fn generator(shape in 0usize..4, sym in 0usize..5, flags in any::<u8>(), seed in any::<u64>()) {
        let (br, bc) = [(2, 2), (2, 3), (3, 2), (3, 3)][shape];
        let shape = Shape::new(br, bc).expect("valid");
        let Ok(geo) = Geometry::new(shape, &variant_of(flags & !8 & !16, &[], None)) else {
            return Ok(());
        };
        let symmetry = Symmetry::ALL[sym % Symmetry::ALL.len()];
        let mut g = Generator::with_solver(Solver::new(geo.clone()).budget(NODES))
            .symmetry(symmetry)
            .certificates(flags & 64 != 0)
            .proof_budget(if flags & 128 != 0 { Some(100) } else { None });
        if let Ok(made) = g.generate(&mut Pcg64Mcg::seed_from_u64(seed)) {
            prop_assert!(made.puzzle.is_subset_of(&made.solution));
            let _ = check_minimality(&geo, symmetry, &made.puzzle, &made.solution, &made.certificates);
        }
    }

    /// Texts of every format and the names read from text.
    #[test]
    fn texts(text in ".{0,300}", raw in proptest::collection::vec(any::<u8>(), 0..300), (br, bc) in any_shape()) {
        let shape = Shape::new(br, bc).ok();
        for opts in [ReadOptions::default(), ReadOptions { shape, ..Default::default() }] {
            for t in [text.as_str(), &String::from_utf8_lossy(&raw)] {
                if let Ok(g) = line::parse(t, &opts) {
                    let _ = ascii::write(&g, &WriteOptions::default());
                }
                if let Ok(g) = ascii::parse(t, &opts) {
                    let _ = latex::write(&g, &WriteOptions::default());
                }
                let _ = latex::parse(t, &opts);
                let _ = t.parse::<RegionMap>();
                let _ = t.parse::<Shape>();
                let _ = t.parse::<Symmetry>();
                let _ = t.parse::<Engine>();
                let _ = t.parse::<Grid>();
                let _ = Alphabet::new(t);
            }
        }
        if let Some(shape) = shape {
            let mut g = Grid::empty(shape);
            let _ = g.read_line(&raw);
            let mut out = Vec::new();
            g.write_line(&mut out);
        }
        let _ = Candidates::from_bits(u32::from_le_bytes([raw.first().copied().unwrap_or(0), 1, 2, 3])).to_string();
    }

    /// Transformations from arbitrary parts, applied, composed, inverted; canonical forms
    /// under a budget.
    #[test]
    fn transforms(
        (br, bc) in any_shape(),
        transpose in any::<bool>(),
        rows in proptest::collection::vec(any::<u8>(), 0..20),
        columns in proptest::collection::vec(any::<u8>(), 0..20),
        symbols in proptest::collection::vec(any::<u8>(), 0..20),
        cells in proptest::collection::vec(0u8..13, 0..150),
        seed in any::<u64>(),
    ) {
        let parts = TransformParts { box_rows: br, box_cols: bc, transpose, rows, columns, symbols };
        let t = Transform::from_parts(parts);
        let random = Transform::random(br, bc, &mut Pcg64Mcg::seed_from_u64(seed));
        let search = Canonicalizer::new().budget(NODES);
        let _ = search.canonical_form(br, bc, &cells);
        let _ = search.is_equivalent(br, bc, &cells, &cells);
        if let (Ok(t), Ok(r)) = (&t, &random) {
            let _ = t.apply(&cells);
            let _ = t.then(r);
            let _ = t.inverse().compose(r);
        }
        if let Ok(r) = random {
            let n = br * bc;
            if cells.len() >= n * n {
                let square = &cells[..n * n];
                if let Ok(moved) = r.apply(square) {
                    prop_assert_eq!(r.inverse().apply(&moved).expect("apply"), square);
                }
            }
        }
    }
}
