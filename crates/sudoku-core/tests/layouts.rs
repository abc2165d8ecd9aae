//! Geometries beyond one square: Samurai and other layouts of grids, Roxdoku cubes; their
//! frame format.

use proptest::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use sudoku_core::format::{ReadOptions, WriteOptions, frame};
use sudoku_core::layout::Layout;
use sudoku_core::{Alphabet, Candidates, Cell, Count, Geometry, Grid, Puzzle, SolveError, Solver};
use sudoku_core::{Generator, Symmetry, check_minimality};

/// Counts solutions up to `limit` by plain backtracking on the houses, independent of the
/// library's engines: at each step it branches on the empty cell with the fewest candidates
/// or on the (house, value) with the fewest places, whichever is fewer.
fn naive_count(geo: &Geometry, cells: &mut [u8], limit: u64) -> u64 {
    let all = Candidates::all(geo.size());
    let cands: Vec<Candidates> = (0..cells.len())
        .map(|c| {
            if cells[c] != 0 {
                return Candidates::EMPTY;
            }
            let used: Candidates = geo
                .peers(Cell::new(c))
                .iter()
                .map(|p| cells[p.index()])
                .collect();
            all - used
        })
        .collect();
    // Branches: (cell, value) placements.
    let mut best: Option<Vec<(usize, u8)>> = None;
    for c in (0..cells.len()).filter(|&c| cells[c] == 0) {
        if best.as_ref().is_none_or(|b| cands[c].len() < b.len()) {
            best = Some(cands[c].iter().map(|v| (c, v)).collect());
        }
    }
    let Some(mut best) = best else {
        return 1;
    };
    for h in geo.houses() {
        let placed: Candidates = geo.house(h).iter().map(|c| cells[c.index()]).collect();
        for v in all - placed {
            let places: Vec<(usize, u8)> = geo
                .house(h)
                .iter()
                .filter(|c| cands[c.index()].contains(v))
                .map(|c| (c.index(), v))
                .collect();
            if places.len() < best.len() {
                best = places;
            }
        }
    }
    let mut found = 0;
    for (c, v) in best {
        cells[c] = v;
        found += naive_count(geo, cells, limit - found);
        cells[c] = 0;
        if found >= limit {
            break;
        }
    }
    found
}

/// Every house of `geo` holds every value once in `grid`.
fn every_house_full(geo: &Geometry, grid: &Grid) -> bool {
    geo.houses().all(|h| {
        let values: Candidates = geo.house(h).iter().map(|c| grid.get(c.index())).collect();
        values == Candidates::all(geo.size())
    })
}

#[test]
fn published_samurai_solves_to_its_solution() {
    let text = include_str!("data/samurai_puzzlekit.txt");
    let layout = Layout::samurai();
    let opts = ReadOptions::default();
    let blocks: Vec<(usize, String)> = frame::blocks(text).collect();
    assert_eq!(blocks.len(), 2);
    let puzzle = frame::parse(&blocks[0].1, &layout, &opts).unwrap();
    let expected = frame::parse(&blocks[1].1, &layout, &opts).unwrap();
    let geo = Geometry::from_layout(layout.clone()).unwrap();
    assert!(Puzzle::new(puzzle.clone(), geo.clone()).is_ok());
    let mut solver = Solver::new(geo.clone());
    let solution = solver.solve(&puzzle).unwrap().unwrap();
    assert_eq!(solution, expected);
    assert!(every_house_full(&geo, &solution));
    assert_eq!(solver.count(&puzzle, 2).unwrap(), Count::Exact(1));
    assert_eq!(naive_count(&geo, &mut puzzle.cells().to_vec(), 2), 1);
    let mut lazy = solver.solutions(&puzzle).unwrap();
    assert_eq!(lazy.next().unwrap().unwrap(), expected);
    assert!(lazy.next().is_none());
    // The solution prints back as the published block (full-width lines).
    let printed = frame::write(&solution, &layout, &WriteOptions::default());
    let published: String = blocks[1].1.lines().map(|l| format!("{l:<21}\n")).collect();
    assert_eq!(printed, published);
}

#[test]
fn layout_grids_and_square_grids_do_not_mix() {
    let geo = Geometry::from_layout(Layout::samurai()).unwrap();
    let mut solver = Solver::new(geo.clone());
    let square = Grid::empty(sudoku_core::Shape::CLASSIC);
    assert_eq!(
        solver.solve(&square),
        Err(SolveError::Cells {
            grid: 81,
            solver: 369
        })
    );
    assert!(Puzzle::new(square, geo.clone()).is_err());
    assert!(geo.grid(vec![0; 368]).is_err());
    assert!(geo.grid(vec![10; 369]).is_err());
}

#[test]
fn budget_and_cancel_stop_a_samurai_search() {
    let geo = Geometry::from_layout(Layout::samurai()).unwrap();
    let mut solver = Solver::new(geo.clone()).budget(50);
    let err = solver.count(&geo.empty_grid(), u64::MAX).unwrap_err();
    assert!(matches!(err, SolveError::Interrupted(_)));
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let mut cancelled = Solver::new(geo.clone()).cancel_flag(flag);
    // The flag is looked at every 1,024 nodes: a full count runs far longer.
    assert!(matches!(
        cancelled.count(&geo.empty_grid(), u64::MAX),
        Err(SolveError::Interrupted(_))
    ));
}

#[test]
fn tiny_cube_counts_match_brute_force() {
    // A 2×2×2 cube with 4 values: every assignment of the 8 cells checked by hand.
    let geo = Geometry::from_layout(Layout::cube(2).unwrap()).unwrap();
    let mut brute = 0u64;
    for code in 0..4u32.pow(8) {
        let cells: Vec<u8> = (0..8).map(|i| (code / 4u32.pow(i) % 4) as u8 + 1).collect();
        if geo.is_solution(&cells) {
            brute += 1;
        }
    }
    let mut solver = Solver::new(geo.clone());
    assert_eq!(
        solver.count(&geo.empty_grid(), u64::MAX).unwrap(),
        Count::Exact(brute)
    );
    let listed = solver.solutions(&geo.empty_grid()).unwrap().count() as u64;
    assert_eq!(listed, brute);
    assert!(brute > 0);
}

#[test]
fn generated_samurai_is_unique_and_minimal() {
    let geo = std::sync::Arc::new(Geometry::from_layout(Layout::samurai()).unwrap());
    let made = Generator::new(geo.clone())
        .certificates(true)
        .generate(&mut Pcg64Mcg::seed_from_u64(21))
        .unwrap();
    assert!(every_house_full(&geo, &made.solution));
    assert!(made.puzzle.is_subset_of(&made.solution));
    // Unique: counted by the solver's counting search (not the generator's removal tests),
    // and by plain backtracking in `generated_samurai_backtracking_count`.
    assert_eq!(
        Solver::new(geo.clone()).count(&made.puzzle, 2).unwrap(),
        Count::Exact(1)
    );
    check_minimality(
        &geo,
        Symmetry::None,
        &made.puzzle,
        &made.solution,
        &made.certificates,
    )
    .unwrap();
}

/// Minimal, by counting: each given removed leaves a second solution (on the smaller
/// layouts; the Samurai's minimality is checked above through its certificates).
#[test]
fn generated_layout_puzzles_are_minimal_by_count() {
    for (layout, seed) in [(Layout::tiny_samurai(), 1), (Layout::twin(), 2)] {
        let geo = std::sync::Arc::new(Geometry::from_layout(layout).unwrap());
        let made = Generator::new(geo.clone())
            .generate(&mut Pcg64Mcg::seed_from_u64(seed))
            .unwrap();
        let mut solver = Solver::new(geo.clone());
        assert_eq!(solver.count(&made.puzzle, 2).unwrap(), Count::Exact(1));
        let mut cells = made.puzzle.cells().to_vec();
        for c in 0..cells.len() {
            let v = cells[c];
            if v != 0 {
                cells[c] = 0;
                assert_eq!(
                    solver.count(&geo.grid(cells.clone()).unwrap(), 2).unwrap(),
                    Count::AtLeast(2)
                );
                cells[c] = v;
            }
        }
    }
}

/// The generated Samurai's uniqueness by plain backtracking, independent of the library's
/// engines. Ignored: about 7 s in release mode, minutes in debug mode
/// (`cargo test --release -p sudoku-core --test integration -- --ignored backtracking`).
#[test]
#[ignore = "slow: about 7 s in release mode, minutes in debug mode"]
fn generated_samurai_backtracking_count() {
    let geo = std::sync::Arc::new(Geometry::from_layout(Layout::samurai()).unwrap());
    let made = Generator::new(geo.clone())
        .generate(&mut Pcg64Mcg::seed_from_u64(21))
        .unwrap();
    assert_eq!(naive_count(&geo, &mut made.puzzle.cells().to_vec(), 2), 1);
}

#[test]
fn symmetric_generation_on_layouts() {
    // The 4×4×4 cube (16 values) takes the generator's path for 10×10 to 16×16 grids.
    for (layout, seed) in [
        (Layout::tiny_samurai(), 3),
        (Layout::cube(3).unwrap(), 4),
        (Layout::cube(4).unwrap(), 5),
    ] {
        let geo = std::sync::Arc::new(Geometry::from_layout(layout.clone()).unwrap());
        let made = Generator::new(geo.clone())
            .symmetry(Symmetry::Central)
            .certificates(true)
            .generate(&mut Pcg64Mcg::seed_from_u64(seed))
            .unwrap();
        for orbit in layout.orbits(Symmetry::Central) {
            let given = made.puzzle.get(orbit[0].index()) != 0;
            assert!(
                orbit
                    .iter()
                    .all(|c| (made.puzzle.get(c.index()) != 0) == given)
            );
        }
        assert!(layout.holds(Symmetry::Central, &made.puzzle));
        assert!(!Symmetry::Central.holds(&made.puzzle)); // not a square grid
        assert_eq!(naive_count(&geo, &mut made.puzzle.cells().to_vec(), 2), 1);
        check_minimality(
            &geo,
            Symmetry::Central,
            &made.puzzle,
            &made.solution,
            &made.certificates,
        )
        .unwrap();
    }
}

fn layouts() -> Vec<Layout> {
    vec![
        Layout::samurai(),
        Layout::tiny_samurai(),
        Layout::twin(),
        Layout::butterfly(),
        Layout::flower(),
        Layout::cube(3).unwrap(),
        Layout::cube(4).unwrap(),
    ]
}

#[test]
fn largest_cube_fills() {
    // 125 cells, 25 values: one random complete cube, checked house by house.
    let geo = Geometry::from_layout(Layout::cube(5).unwrap()).unwrap();
    let full = Solver::new(geo.clone())
        .random_solution(&geo.empty_grid(), &mut Pcg64Mcg::seed_from_u64(7))
        .unwrap()
        .unwrap();
    assert!(every_house_full(&geo, &full));
}

/// Search nodes a random fill of the proptest below may take (a few milliseconds).
const FILL_BUDGET: u64 = 20_000;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A random solution of every layout fills every house; its frame text reads back to
    /// it, with givens removed at random too, in the standard and in a custom alphabet.
    #[test]
    fn random_solutions_and_frame_round_trip(which in 0usize..7, seed in any::<u64>(), keep in 0u32..100) {
        let layout = layouts().swap_remove(which);
        let geo = Geometry::from_layout(layout.clone()).unwrap();
        // A random fill is heavy-tailed (a few draws take minutes in a debug build): each try
        // gets a budget, and the next stream of the seed is tried when one runs out; the
        // fixed-seed tests above fill every layout unconditionally.
        let mut solver = Solver::new(geo.clone()).budget(FILL_BUDGET);
        let full = (0..8u64).find_map(|k| {
            let mut rng = Pcg64Mcg::seed_from_u64(seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            match solver.random_solution(&geo.empty_grid(), &mut rng) {
                Ok(found) => Some(found.expect("an empty layout has solutions")),
                Err(SolveError::Interrupted(_)) => None,
                Err(e) => panic!("{e}"),
            }
        });
        prop_assume!(full.is_some(), "eight fills over budget");
        let full = full.unwrap();
        prop_assert!(every_house_full(&geo, &full));
        prop_assert!(geo.is_solution(full.cells()));
        let mut cells = full.cells().to_vec();
        for (k, c) in cells.iter_mut().enumerate() {
            if (k as u64).wrapping_mul(seed | 1).wrapping_add(seed >> 7) % 100 >= u64::from(keep) {
                *c = 0;
            }
        }
        let grid = geo.grid(cells).unwrap();
        for alphabet in [None, Some(Alphabet::new(&"ABCDEFGHIJKLMNOPQRSTUVWXY"[..geo.size()]).unwrap())] {
            let write = WriteOptions { alphabet: alphabet.clone(), ..Default::default() };
            let read = ReadOptions { shape: None, alphabet };
            let text = frame::write(&grid, &layout, &write);
            prop_assert_eq!(frame::parse(&text, &layout, &read).unwrap(), grid.clone());
            let trimmed: String = text.lines().map(|l| format!("{}\n", l.trim_end())).collect();
            prop_assert_eq!(frame::parse(&trimmed, &layout, &read).unwrap(), grid.clone());
        }
        let art = frame::write_ascii(&grid, &geo, &WriteOptions::default());
        prop_assert_eq!(art.lines().count(), 2 * layout.rows() + 1);
        let tex = frame::write_latex(&grid, &geo, &WriteOptions::default());
        prop_assert_eq!(tex.matches("\\framebox").count(), layout.cell_count());
    }
}

/// The puzzles of `overlap_published.txt`: each section's layout (from its `# layout:`
/// line), puzzle and known solution.
fn overlap_published() -> Vec<(Layout, Grid, Grid)> {
    let text = include_str!("data/overlap_published.txt");
    let opts = ReadOptions::default();
    text.split("\n# layout:")
        .skip(1)
        .map(|section| {
            let (offsets, rest) = section.split_once('\n').unwrap();
            let offsets: Vec<(usize, usize)> = offsets
                .split_whitespace()
                .map(|o| {
                    let (r, c) = o.split_once(',').unwrap();
                    (r.parse().unwrap(), c.parse().unwrap())
                })
                .collect();
            let layout = Layout::grids(
                sudoku_core::Shape::CLASSIC,
                &sudoku_core::Variant::classic(),
                &offsets,
            )
            .unwrap();
            let blocks: Vec<(usize, String)> = frame::blocks(rest).collect();
            assert_eq!(blocks.len(), 2, "a puzzle and its solution");
            let puzzle = frame::parse(&blocks[0].1, &layout, &opts).unwrap();
            let solution = frame::parse(&blocks[1].1, &layout, &opts).unwrap();
            (layout, puzzle, solution)
        })
        .collect()
}

#[test]
fn published_overlapping_grids_solve_to_their_solutions() {
    let published = overlap_published();
    // Butterfly, Sohei, Windmill, Gattai-8.
    let cells: Vec<usize> = published.iter().map(|p| p.0.cell_count()).collect();
    assert_eq!(cells, [144, 288, 333, 576]);
    // The butterfly of the file is the library's own.
    assert_eq!(published[0].0, Layout::butterfly());
    for (layout, puzzle, known) in published {
        let geo = Geometry::from_layout(layout.clone()).unwrap();
        assert!(every_house_full(&geo, &known));
        let mut solver = Solver::new(geo.clone());
        assert_eq!(solver.solve(&puzzle).unwrap().as_ref(), Some(&known));
        assert_eq!(solver.count(&puzzle, 2).unwrap(), Count::Exact(1));
        // The independent counter agrees on the smaller ones.
        if layout.cell_count() <= 333 {
            assert_eq!(naive_count(&geo, &mut puzzle.cells().to_vec(), 2), 1);
        }
        // parse∘print: the puzzle and the solution print back as read.
        let opts = ReadOptions::default();
        for grid in [&puzzle, &known] {
            let text = frame::write(grid, &layout, &WriteOptions::default());
            assert_eq!(&frame::parse(&text, &layout, &opts).unwrap(), grid);
        }
    }
}

/// The cube's houses are exactly ksudoku's Roxdoku planes: for a k×k×k cube, the k planes
/// x = i, the k planes y = i and the k planes z = i (`SKGraph::initRoxdokuGroups`), with the
/// coordinates read back from the frame (layers side by side, one column apart).
#[test]
fn cube_houses_are_the_planes_of_ksudoku() {
    for k in 2..=5 {
        let layout = Layout::cube(k).unwrap();
        let geo = Geometry::from_layout(layout.clone()).unwrap();
        let coords: Vec<[usize; 3]> = (0..layout.cell_count())
            .map(|i| {
                let (row, col) = layout.position(Cell::new(i));
                [col % (k + 1), row, col / (k + 1)]
            })
            .collect();
        let mut planes: Vec<Vec<usize>> = Vec::new();
        for axis in 0..3 {
            for i in 0..k {
                planes.push(
                    (0..coords.len())
                        .filter(|&c| coords[c][axis] == i)
                        .collect(),
                );
            }
        }
        let mut houses: Vec<Vec<usize>> = geo
            .houses()
            .map(|h| {
                let mut cells: Vec<usize> = geo.house(h).iter().map(|c| c.index()).collect();
                cells.sort_unstable();
                cells
            })
            .collect();
        houses.sort();
        planes.sort();
        assert_eq!(houses, planes, "k = {k}");
        assert!(planes.iter().all(|p| p.len() == k * k));
    }
}
