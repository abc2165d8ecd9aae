//! Random jigsaw region maps: a golden map, and a solution on every map drawn.

use proptest::prelude::*;
use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use sudoku_core::{Geometry, RegionMap, Shape, Variant};

const GOLDEN: &str = include_str!("data/golden_random_regions.txt");

/// The golden file: blocks `size N seed S` then the N lines of the map drawn.
fn golden() -> Vec<(usize, u64, RegionMap)> {
    let mut out = Vec::new();
    let mut lines = GOLDEN
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty());
    while let Some(head) = lines.next() {
        let words: Vec<&str> = head.split_whitespace().collect();
        let (size, seed): (usize, u64) = (words[1].parse().unwrap(), words[3].parse().unwrap());
        let text: String = lines
            .by_ref()
            .take(size)
            .map(|l| format!("{l}\n"))
            .collect();
        out.push((size, seed, text.parse().unwrap()));
    }
    out
}

#[test]
fn golden_maps() {
    let maps = golden();
    assert!(maps.len() >= 2);
    for (size, seed, map) in maps {
        let drawn = RegionMap::random(size, &mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
        assert_eq!(drawn, map, "size {size} seed {seed}:\n{drawn}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Every map drawn for sides 1 to 12 is connected and has a complete grid: the witness
    /// drawn with it satisfies every row, column and region (checked by the geometry, and
    /// here directly). A search from the empty grid is not used: on some maps a fill in a
    /// fixed order takes very long.
    #[test]
    fn every_map_has_a_solution(size in 1usize..=12, seed in any::<u64>()) {
        let (map, grid) = RegionMap::random_with_grid(size, &mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
        prop_assert_eq!(&map, &RegionMap::random(size, &mut Pcg64Mcg::seed_from_u64(seed)).unwrap());
        prop_assert!(map.is_connected());
        let shape = Shape::for_size(size).unwrap();
        prop_assert!(grid.is_complete() && grid.shape() == shape);
        let cells = grid.cells();
        let all: u32 = (1..=size as u32).map(|v| 1 << v).sum();
        let mask = |it: &mut dyn Iterator<Item = usize>| it.fold(0u32, |m, x| m | 1 << cells[x]);
        for i in 0..size {
            prop_assert_eq!(mask(&mut (0..size).map(|c| i * size + c)), all);
            prop_assert_eq!(mask(&mut (0..size).map(|r| r * size + i)), all);
            prop_assert_eq!(mask(&mut (0..size * size).filter(|&x| map.region(x) == i)), all);
        }
        let geometry = Geometry::new(shape, &Variant::jigsaw(map)).unwrap();
        prop_assert!(geometry.is_solution(cells));
    }
}
