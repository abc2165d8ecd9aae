//! Counts: a count that stopped at its limit is a lower bound, never an exact number, and
//! the empty-grid count agrees with enumeration on every geometry, including sides whose N!
//! is beyond `u64` and region maps with a region in two pieces.

use sudoku_core::layout::Layout;
use sudoku_core::{Count, Geometry, Grid, RegionMap, Shape, Solver, Variant};

/// The rows as regions, with r1c1 and r2c1 swapped: region 1 is row 1 without r1c1 plus
/// r2c1, in two pieces. No complete grid: row 1 and region 1 share every cell but one, so
/// r1c1 and r2c1 would hold the same value in one column.
fn swapped_rows(n: usize) -> Geometry {
    let mut regions: Vec<u8> = (0..n * n).map(|i| (i / n) as u8).collect();
    regions.swap(0, n);
    let map = RegionMap::new(regions).unwrap();
    assert!(!map.is_connected());
    Geometry::new(Shape::for_size(n).unwrap(), &Variant::jigsaw(map)).unwrap()
}

#[test]
fn a_map_without_complete_grid_counts_zero_at_every_side() {
    for n in [4, 6, 9, 12, 16, 20, 21, 25] {
        let geo = swapped_rows(n);
        let empty = Grid::empty(geo.shape());
        let mut solver = Solver::new(geo);
        for limit in [2, 5, 1_000, u64::MAX] {
            assert_eq!(
                solver.count(&empty, limit).unwrap(),
                Count::Exact(0),
                "side {n}, limit {limit}"
            );
        }
        // Without the first row fixed, the search takes longer: only on smaller sides.
        if n <= 16 {
            assert_eq!(
                solver.count(&empty, 1).unwrap(),
                Count::Exact(0),
                "side {n}"
            );
            assert_eq!(solver.solve(&empty).unwrap(), None, "side {n}");
        }
    }
}

#[test]
fn an_empty_grid_beyond_u64_counts_at_least_its_limit() {
    for n in [21, 25] {
        let shape = Shape::for_size(n).unwrap();
        let mut solver = Solver::new(Geometry::classic(shape));
        let empty = Grid::empty(shape);
        for limit in [1, 2, 5, u64::MAX] {
            let count = solver.count(&empty, limit).unwrap();
            assert_eq!(count, Count::AtLeast(limit), "side {n}");
            assert!(!count.is_exact());
        }
        assert_eq!(solver.count(&empty, 0).unwrap(), Count::AtLeast(0));
    }
    assert_eq!(
        Count::AtLeast(u64::MAX).to_string(),
        "≥ 18446744073709551615"
    );
}

/// The count to `limit` that an enumeration of `all` solutions gives.
fn stopped_at(all: u64, limit: u64) -> Count {
    if all >= limit {
        Count::AtLeast(limit)
    } else {
        Count::Exact(all)
    }
}

#[test]
fn the_empty_grid_count_agrees_with_enumeration() {
    let four = Shape::new(2, 2).unwrap();
    // Two regions in two pieces each, with complete grids.
    let split: RegionMap = "AABB\nBBAA\nCCDD\nCCDD".parse().unwrap();
    assert!(!split.is_connected());
    let geometries = [
        Geometry::new(four, &Variant::classic()).unwrap(),
        Geometry::new(four, &Variant::x()).unwrap(),
        Geometry::new(four, &Variant::latin()).unwrap(),
        Geometry::new(four, &Variant::jigsaw(split)).unwrap(),
        swapped_rows(4),
        Geometry::from_layout(Layout::cube(2).unwrap()).unwrap(),
        Geometry::new(Shape::new(1, 3).unwrap(), &Variant::classic()).unwrap(),
    ];
    let mut non_zero = 0;
    for geo in geometries {
        let mut solver = Solver::new(geo.clone());
        let empty = geo.empty_grid();
        let all = solver.solutions(&empty).unwrap().count() as u64;
        non_zero += usize::from(all > 0);
        for limit in [1, 2, 3, 24, 25, all.max(1) - 1, all, all + 1, u64::MAX] {
            assert_eq!(
                solver.count(&empty, limit).unwrap(),
                stopped_at(all, limit),
                "{:?} limit {limit}",
                geo.variant()
            );
        }
    }
    assert!(non_zero >= 5, "{non_zero}");
}
