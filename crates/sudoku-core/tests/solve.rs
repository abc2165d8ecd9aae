//! Solver tests on data files and known counts.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use sudoku_core::{
    Cell, Count, Geometry, Grid, RegionMap, Shape, SolveError, Solver, StopReason, Variant,
    WorkUnit,
};

fn lines(text: &str) -> impl Iterator<Item = Grid> + '_ {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.parse().expect("a grid"))
}

#[test]
fn seventeen_clue_sample_all_unique() {
    let mut solver = Solver::new(Geometry::classic(Shape::CLASSIC));
    let geo = Geometry::classic(Shape::CLASSIC);
    let mut n = 0;
    for g in lines(include_str!("data/17_clue_1000.txt")) {
        assert_eq!(g.given_count(), 17);
        assert_eq!(solver.count(&g, 2).unwrap(), Count::Exact(1), "{g}");
        let s = solver.solve(&g).unwrap().unwrap();
        assert!(g.is_subset_of(&s) && geo.is_solution(s.cells()));
        n += 1;
    }
    assert_eq!(n, 1000);
}

#[test]
fn hardest_sample_unique_and_serg_multiple() {
    let mut solver = Solver::new(Geometry::classic(Shape::CLASSIC));
    for g in lines(include_str!("data/hardest_1106_100.txt")) {
        assert_eq!(solver.count(&g, 2).unwrap(), Count::Exact(1), "{g}");
    }
    let geo = Geometry::classic(Shape::CLASSIC);
    for g in lines(include_str!("data/serg_200.txt")) {
        assert!(solver.count(&g, 2).unwrap() == Count::AtLeast(2), "{g}");
        let firsts: Vec<Grid> = solver
            .solutions(&g)
            .unwrap()
            .take(2)
            .map(Result::unwrap)
            .collect();
        assert_eq!(firsts.len(), 2);
        assert_ne!(firsts[0], firsts[1]);
        for s in &firsts {
            assert!(g.is_subset_of(s) && geo.is_solution(s.cells()));
        }
    }
}

#[test]
fn count_288_four_by_four() {
    let s = Shape::new(2, 2).unwrap();
    let mut solver = Solver::new(Geometry::classic(s));
    assert_eq!(
        solver.count(&Grid::empty(s), u64::MAX).unwrap(),
        Count::Exact(288)
    );
    assert_eq!(solver.solutions(&Grid::empty(s)).unwrap().count(), 288);
}

/// 28,200,960 complete 6×6 grids (counted as 39,168 grids with row 0 fixed, × 6!).
#[test]
fn count_six_by_six() {
    let s = Shape::new(2, 3).unwrap();
    let mut solver = Solver::new(Geometry::classic(s));
    assert_eq!(
        solver.count(&Grid::empty(s), u64::MAX).unwrap(),
        Count::Exact(28_200_960)
    );
    assert_eq!(
        solver.count(&Grid::empty(s), 1_000_000).unwrap(),
        Count::AtLeast(1_000_000)
    );
    let mut row0: Vec<u8> = (1..=6).collect();
    row0.resize(36, 0);
    assert_eq!(
        solver
            .count(&Grid::new(s, row0).unwrap(), u64::MAX)
            .unwrap(),
        Count::Exact(39_168)
    );
}

/// The same 28,200,960 by plain enumeration of every grid, no symmetry. Run with
/// `cargo test --release -p sudoku-core --test integration -- --ignored enumerate_six`.
#[test]
#[ignore = "enumerates 28 million grids: about 15 s in release"]
fn enumerate_six_by_six() {
    let s = Shape::new(2, 3).unwrap();
    let mut solver = Solver::new(Geometry::classic(s));
    assert_eq!(
        solver.solutions(&Grid::empty(s)).unwrap().count(),
        28_200_960
    );
}

#[test]
fn latin_squares() {
    // Latin squares of order 4 and 5: 576 and 161,280.
    let four = Shape::new(1, 4).unwrap();
    let mut solver = Solver::new(Geometry::new(four, &Variant::latin()).unwrap());
    assert_eq!(
        solver.count(&Grid::empty(four), u64::MAX).unwrap(),
        Count::Exact(576)
    );
    let five = Shape::new(1, 5).unwrap();
    let mut solver = Solver::new(Geometry::new(five, &Variant::latin()).unwrap());
    assert_eq!(
        solver.count(&Grid::empty(five), u64::MAX).unwrap(),
        Count::Exact(161_280)
    );
}

/// The French Wikipedia article on Sudoku: a grid missing only 4 cells can have two solutions, when
/// the empty cells are the corners of a rectangle spanning two boxes holding two digits crosswise.
#[test]
fn four_empty_cells_two_solutions() {
    let shape = Shape::CLASSIC;
    let geo = Geometry::classic(shape);
    let mut solver = Solver::new(geo.clone());
    let mut found = 0;
    for seed in 0..20u64 {
        let full = solver
            .random_solution(&Grid::empty(shape), &mut Pcg64Mcg::seed_from_u64(seed))
            .unwrap()
            .unwrap();
        let v = |r: usize, c: usize| full.get(r * 9 + c);
        'search: for r1 in 0..9 {
            for r2 in r1 + 1..9 {
                for c1 in 0..9 {
                    for c2 in c1 + 1..9 {
                        let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                        let boxes: std::collections::BTreeSet<usize> = corners
                            .iter()
                            .map(|&c| shape.box_of(Cell::new(c)))
                            .collect();
                        if v(r1, c1) == v(r2, c2) && v(r1, c2) == v(r2, c1) && boxes.len() == 2 {
                            let mut cells = full.cells().to_vec();
                            for c in corners {
                                cells[c] = 0;
                            }
                            let g = Grid::new(shape, cells).unwrap();
                            assert_eq!(g.given_count(), 77);
                            assert_eq!(solver.count(&g, u64::MAX).unwrap(), Count::Exact(2));
                            found += 1;
                            break 'search;
                        }
                    }
                }
            }
        }
    }
    assert!(found > 0, "no such rectangle in 20 random grids");
}

#[test]
fn variants_solve() {
    let shape = Shape::CLASSIC;
    for variant in [
        Variant::x(),
        Variant::classic().with_windows(),
        Variant::classic().with_disjoint_groups(),
        Variant::x().with_windows(),
    ] {
        let geo = Arc::new(Geometry::new(shape, &variant).unwrap());
        let mut solver = Solver::new(geo.clone());
        let full = solver
            .random_solution(&Grid::empty(shape), &mut Pcg64Mcg::seed_from_u64(9))
            .unwrap()
            .expect("the variant has complete grids");
        assert!(geo.is_solution(full.cells()), "{variant:?}");
    }
    // A 6×6 jigsaw.
    let map: RegionMap = "AAABBB\nAACBBB\nACCCDD\nEECDDD\nEECFFD\nEEFFFF"
        .parse()
        .unwrap();
    let six = Shape::new(2, 3).unwrap();
    let geo = Geometry::new(six, &Variant::jigsaw(map)).unwrap();
    let mut solver = Solver::new(geo.clone());
    let g = solver
        .random_solution(&Grid::empty(six), &mut Pcg64Mcg::seed_from_u64(1))
        .unwrap()
        .expect("the jigsaw has complete grids");
    assert!(geo.is_solution(g.cells()));
    assert_eq!(geo.houses_of(Cell::new(7)).len(), 3);
}

#[test]
fn big_grids() {
    for (r, c) in [(3, 4), (4, 4), (5, 5)] {
        let shape = Shape::new(r, c).unwrap();
        let geo = Geometry::classic(shape);
        let mut solver = Solver::new(geo.clone()).budget(5_000_000);
        // Seed 4: the 25×25 grid of seed 3, half emptied, takes dancing links beyond the budget.
        let full = solver
            .random_solution(&Grid::empty(shape), &mut Pcg64Mcg::seed_from_u64(4))
            .unwrap()
            .unwrap();
        assert!(geo.is_solution(full.cells()));
        // Half the cells removed: solvable, the solution contains the givens.
        let mut cells = full.cells().to_vec();
        for (i, c) in cells.iter_mut().enumerate() {
            if i % 2 == 0 {
                *c = 0;
            }
        }
        let g = Grid::new(shape, cells).unwrap();
        let s = solver
            .solve(&g)
            .unwrap_or_else(|e| panic!("{r}x{c}: {e}"))
            .unwrap();
        assert!(g.is_subset_of(&s) && geo.is_solution(s.cells()));
    }
}

#[test]
fn budget_and_cancel_give_unknown() {
    let mut solver = Solver::new(Geometry::classic(Shape::CLASSIC)).budget(1000);
    match solver.count(&Grid::empty(Shape::CLASSIC), u64::MAX) {
        Err(SolveError::Interrupted(i)) => {
            assert_eq!(
                (i.reason(), i.unit(), i.spent()),
                (StopReason::Budget, WorkUnit::Nodes, 1000)
            );
        }
        other => panic!("expected an interruption, got {other:?}"),
    }
    let flag = Arc::new(AtomicBool::new(true));
    let mut solver = Solver::new(Geometry::classic(Shape::CLASSIC)).cancel_flag(flag);
    assert!(matches!(
        solver.count(&Grid::empty(Shape::CLASSIC), u64::MAX),
        Err(SolveError::Interrupted(i)) if i.reason() == StopReason::Cancelled
    ));
    // The solver still works afterwards without limits.
    let free = Solver::new(Geometry::classic(Shape::new(2, 2).unwrap())).budget(Some(10));
    assert!(
        free.clone()
            .count(&Grid::empty(Shape::new(2, 2).unwrap()), u64::MAX)
            .is_err()
    );
    let mut free = free.budget(None);
    assert_eq!(
        free.count(&Grid::empty(Shape::new(2, 2).unwrap()), u64::MAX)
            .unwrap(),
        Count::Exact(288)
    );
}

#[test]
fn shape_mismatch_and_clashes() {
    let mut solver = Solver::new(Geometry::classic(Shape::CLASSIC));
    assert!(matches!(
        solver.solve(&Grid::empty(Shape::new(2, 2).unwrap())),
        Err(SolveError::Shape { .. })
    ));
    let clash: Grid = format!("11{}", ".".repeat(79)).parse().unwrap();
    assert_eq!(solver.solve(&clash).unwrap(), None);
    assert_eq!(solver.count(&clash, 10).unwrap(), Count::Exact(0));
    let mut out = Grid::empty(Shape::new(2, 2).unwrap());
    assert!(matches!(
        solver.solve_into(&Grid::empty(Shape::CLASSIC), &mut out),
        Err(SolveError::Shape { .. })
    ));
}

#[test]
fn n_queens_by_exact_cover() {
    let expected = [1u64, 0, 0, 2, 10, 4, 40, 92];
    for (i, &want) in expected.iter().enumerate() {
        let n = i + 1;
        let mut ec = crate::stops::queens(n);
        assert_eq!(
            ec.search().count_solutions(u64::MAX).unwrap(),
            Count::Exact(want),
            "n = {n}"
        );
    }
}

#[test]
fn published_jigsaws_solve_to_their_solutions() {
    let text = include_str!("data/jigsaw_published.txt");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let sides: Vec<usize> = lines.chunks(3).map(|t| t[0].len().isqrt()).collect();
    assert_eq!(sides, [9, 5, 5, 7, 7, 7]);
    for triple in lines.chunks(3) {
        let [map, puzzle, known] = triple else {
            panic!("a map, a puzzle and a solution")
        };
        let map: RegionMap = map.parse().unwrap();
        assert!(map.is_connected());
        let shape = Shape::for_size(map.size()).unwrap();
        let geo = Geometry::new(shape, &Variant::jigsaw(map)).unwrap();
        let puzzle: Grid = puzzle.parse().unwrap();
        let known: Grid = known.parse().unwrap();
        assert!(geo.is_solution(known.cells()));
        let mut solver = Solver::new(geo);
        assert_eq!(solver.solve(&puzzle).unwrap(), Some(known));
        assert_eq!(solver.count(&puzzle, 2).unwrap(), Count::Exact(1));
    }
}
