//! proptest properties: solutions, counts, round trips, generated puzzles.

use proptest::prelude::*;
use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use sudoku_core::EmptyMarker;
use sudoku_core::format::{self, ReadOptions, WriteOptions};
use sudoku_core::{Count, Geometry, Grid, RegionMap, Shape, Solver};
use sudoku_core::{Generator, Symmetry};

const SHAPES: [(usize, usize); 8] = [
    (2, 2),
    (2, 3),
    (3, 2),
    (2, 4),
    (3, 3),
    (3, 4),
    (4, 4),
    (5, 5),
];

fn shape_strategy() -> impl Strategy<Value = Shape> {
    (0..SHAPES.len()).prop_map(|i| Shape::new(SHAPES[i].0, SHAPES[i].1).unwrap())
}

/// Any cell values (not necessarily a valid puzzle).
fn grid_strategy() -> impl Strategy<Value = Grid> {
    shape_strategy().prop_flat_map(|s| {
        proptest::collection::vec(0..=s.size() as u8, s.cell_count())
            .prop_map(move |cells| Grid::new(s, cells).unwrap())
    })
}

fn marker() -> impl Strategy<Value = EmptyMarker> {
    prop_oneof![
        Just(EmptyMarker::Dot),
        Just(EmptyMarker::Zero),
        Just(EmptyMarker::Star),
        Just(EmptyMarker::Dash)
    ]
}

/// A puzzle: a random complete grid of a small shape with a random subset of cells kept.
fn puzzle_strategy() -> impl Strategy<Value = (Grid, Grid)> {
    (
        0usize..4,
        any::<u64>(),
        proptest::collection::vec(any::<bool>(), 81),
    )
        .prop_map(|(i, seed, keep)| {
            let shape = Shape::new([2, 2, 3, 3][i], [2, 3, 2, 3][i]).unwrap();
            let mut solver = Solver::new(Geometry::classic(shape));
            let full = solver
                .random_solution(&Grid::empty(shape), &mut Pcg64Mcg::seed_from_u64(seed))
                .unwrap()
                .unwrap();
            let cells: Vec<u8> = full
                .cells()
                .iter()
                .zip(keep.iter().cycle())
                .map(|(&v, &k)| if k { v } else { 0 })
                .collect();
            (Grid::new(shape, cells).unwrap(), full)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn line_round_trip(g in grid_strategy(), empty in marker()) {
        let opts = WriteOptions { empty, ..Default::default() };
        let text = format::line::write(&g, &opts);
        let read = ReadOptions { shape: Some(g.shape()), ..Default::default() };
        prop_assert_eq!(format::line::parse(&text, &read).unwrap(), g.clone());
        let again: Grid = g.to_string().parse().unwrap();
        prop_assert_eq!(again.cells(), g.cells());
    }

    #[test]
    fn ascii_round_trip(g in grid_strategy(), empty in marker()) {
        let opts = WriteOptions { empty, ..Default::default() };
        let text = format::ascii::write(&g, &opts);
        prop_assert_eq!(format::ascii::parse(&text, &ReadOptions::default()).unwrap(), g);
    }

    #[test]
    fn latex_round_trip(g in grid_strategy()) {
        let text = format::latex::write(&g, &WriteOptions::default());
        prop_assert_eq!(format::latex::parse(&text, &ReadOptions::default()).unwrap(), g);
    }

    #[test]
    fn region_map_round_trip(seed in any::<u64>(), i in 0usize..4) {
        // A random valid map: a random complete Latin-square row permutation of the boxes'
        // labels keeps N cells per region.
        let shape = Shape::new([2, 2, 3, 3][i], [2, 3, 2, 3][i]).unwrap();
        let mut solver = Solver::new(Geometry::new(shape, &sudoku_core::Variant::latin()).unwrap());
        let square = solver.random_solution(&Grid::empty(shape), &mut Pcg64Mcg::seed_from_u64(seed)).unwrap().unwrap();
        let map = RegionMap::new(square.cells().iter().map(|v| v - 1).collect::<Vec<u8>>()).unwrap();
        let printed = map.to_string();
        let back: RegionMap = printed.parse().unwrap();
        prop_assert_eq!(back.to_string(), printed);
        // Same partition.
        for a in 0..shape.cell_count() {
            for b in 0..shape.cell_count() {
                prop_assert_eq!(map.region(a) == map.region(b), back.region(a) == back.region(b));
            }
        }
    }

    #[test]
    fn solution_valid_and_contains_givens((puzzle, full) in puzzle_strategy()) {
        let geo = Geometry::classic(puzzle.shape());
        let mut solver = Solver::new(geo.clone());
        let s = solver.solve(&puzzle).unwrap().expect("a subset of a complete grid is solvable");
        prop_assert!(puzzle.is_subset_of(&s));
        prop_assert!(geo.is_solution(s.cells()));
        prop_assert!(puzzle.is_subset_of(&full));
    }

    #[test]
    fn count_agrees_with_enumeration((puzzle, _) in puzzle_strategy()) {
        let mut solver = Solver::new(Geometry::classic(puzzle.shape()));
        let counted = solver.count(&puzzle, 200).unwrap();
        let listed: Vec<Grid> = solver.solutions(&puzzle).unwrap().take(200).map(Result::unwrap).collect();
        let all = solver.solutions(&puzzle).unwrap().take(201).count() as u64;
        let want = if all < 200 { Count::Exact(all) } else { Count::AtLeast(200) };
        prop_assert_eq!(counted, want);
        prop_assert_eq!(counted.at_least(), listed.len() as u64);
        let mut distinct = listed.clone();
        distinct.sort_by(|a, b| a.cells().cmp(b.cells()));
        distinct.dedup();
        prop_assert_eq!(distinct.len(), listed.len());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn generated_unique_minimal_symmetric(seed in any::<u64>(), sym in 0usize..5, i in 0usize..3) {
        let shape = Shape::new([2, 2, 3][i], [2, 3, 3][i]).unwrap();
        let symmetry = Symmetry::ALL[sym];
        let geo = Geometry::classic(shape);
        let made = Generator::new(geo.clone()).symmetry(symmetry).generate(&mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
        prop_assert!(made.puzzle.is_subset_of(&made.solution));
        crate::generate::assert_unique_and_minimal(&geo, &made.puzzle, symmetry);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// The fuzz targets' invariants on random text: no panic, round trip of what is accepted.
    #[test]
    fn parsers_total_on_arbitrary_text(text in "[0-9A-Ga-g.*| +\\-\n]{0,120}") {
        if let Ok(g) = format::line::parse(&text, &ReadOptions::default()) {
            let read = ReadOptions { shape: Some(g.shape()), ..Default::default() };
            let printed = format::line::write(&g, &WriteOptions::default());
            prop_assert_eq!(format::line::parse(&printed, &read).unwrap(), g);
        }
        if let Ok(g) = format::ascii::parse(&text, &ReadOptions::default()) {
            let read = ReadOptions { shape: Some(g.shape()), ..Default::default() };
            let printed = format::ascii::write(&g, &WriteOptions::default());
            prop_assert_eq!(format::ascii::parse(&printed, &read).unwrap(), g);
        }
        if let Ok(m) = text.parse::<RegionMap>() {
            prop_assert_eq!(m.to_string().parse::<RegionMap>().unwrap(), m);
        }
        let _ = format::latex::parse(&text, &ReadOptions::default());
    }
}

/// A text that is a grid line of side 4, 6 or 9 most of the time, with an odd character
/// (a value above the side, a letter, whitespace, a non-ASCII character), a missing or an
/// extra cell now and then.
fn near_line() -> impl Strategy<Value = (usize, String)> {
    (0usize..3).prop_flat_map(|i| {
        let n = [4usize, 6, 9][i];
        let class = |re: &str| proptest::string::string_regex(re).unwrap();
        let cell = prop_oneof![
            60 => class(&format!("[1-{n}.]")),
            4 => class("[-*_,;0]"),
            1 => class("[5-9 \n\tAgé\u{a0}]"),
        ];
        (
            Just(i),
            proptest::collection::vec(cell, n * n - 1..=n * n + 1).prop_map(|v| v.concat()),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// `Grid::read_line` (no allocation up to 9×9) reads what `line::parse` reads with the
    /// grid's shape, gives the same error otherwise, and leaves the grid alone on error; its
    /// `write_line` prints what `Display` prints.
    #[test]
    fn read_line_matches_parse((i, text) in near_line(), keep in 0u8..4) {
        let shape = [Shape::new(2, 2), Shape::new(2, 3), Ok(Shape::CLASSIC)][i].clone().unwrap();
        let opts = ReadOptions { shape: Some(shape), ..Default::default() };
        let mut grid = Grid::empty(shape);
        grid.set(0, keep).unwrap();
        let before = grid.clone();
        match (format::line::parse(&text, &opts), grid.read_line(text.as_bytes())) {
            (Ok(parsed), Ok(())) => {
                prop_assert_eq!(&grid, &parsed);
                let mut out = Vec::new();
                grid.write_line(&mut out);
                prop_assert_eq!(out, parsed.to_string().into_bytes());
            }
            (Err(a), Err(b)) => {
                prop_assert_eq!(a, b);
                prop_assert_eq!(grid, before);
            }
            (a, b) => prop_assert!(false, "parse {:?}, read_line {:?}", a, b),
        }
    }
}

/// `read_line` on sides above 9 (through the general parser) and on bytes that are not
/// UTF-8.
#[test]
fn read_line_large_and_not_utf8() {
    let sixteen = Shape::new(4, 4).unwrap();
    let mut grid = Grid::empty(sixteen);
    let text = format!("0123456789ABCDEF{}", ".".repeat(240));
    grid.read_line(text.as_bytes()).unwrap();
    assert_eq!(
        grid,
        format::line::parse(&text, &ReadOptions::default()).unwrap()
    );
    let mut nine = Grid::empty(Shape::CLASSIC);
    let mut bytes = vec![b'.'; 81];
    bytes[40] = 0xff;
    assert_eq!(
        nine.read_line(&bytes),
        Err(format::line::ParseLineError::Character {
            line: 1,
            column: 41,
            character: char::REPLACEMENT_CHARACTER
        })
    );
    assert_eq!(nine, Grid::empty(Shape::CLASSIC));
}
