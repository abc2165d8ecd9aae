//! Random jigsaw region maps ([`RegionMap::random`]).

use rand::seq::SliceRandom as _;
use rand::{Rng, RngExt as _};

use super::{RegionMap, renumbered};
use crate::shape::{MAX_SIZE, orthogonal};
use crate::{Geometry, Grid, Shape, Solver, Variant};

/// Rounds of grid-keeping swaps in [`RegionMap::random`]: each tries N³ swaps of two
/// cells of neighbouring regions holding the same value, then moves the grid's values about
/// by N² exchanges along chains.
const RANDOM_MAP_ROUNDS: usize = 24;

/// Batches of free swaps (N² tries each) [`RegionMap::random`] tries after its rounds, each
/// kept only if a search fills the new map within [`RANDOM_MAP_BUDGET`] nodes a cell.
const RANDOM_MAP_CHECKED: usize = 16;

/// Search nodes a cell (so 2,592 for a 9×9, 20,000 for a 25×25) [`RegionMap::random`] gives
/// the search that checks a batch of free swaps; a map it does not fill within them is
/// dropped for the last one (a node costs about a microsecond).
const RANDOM_MAP_BUDGET: u64 = 32;

/// Why no random region map was drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RandomRegionsError {
    /// The side is not in 1..=25.
    #[error("no region map of side {size}: the side must be in 1..=25")]
    Size {
        /// The side asked for.
        size: usize,
    },
}

impl RegionMap {
    /// A random jigsaw map of side `size`: `size` regions of `size` orthogonally connected
    /// cells each, on which a complete grid exists (every side from 1 to 25).
    ///
    /// The map starts from the usual boxes of that side ([`Shape::for_size`]; rows for a
    /// prime side) with a complete grid on them, drawn without search. Then a fixed number of
    /// rounds of swaps that keep the grid: two cells of neighbouring regions holding the
    /// *same value* change regions when both regions stay connected, so every region keeps
    /// its N values and the grid stays complete on the new map; after each round, the grid's
    /// values move by exchanges of two values along a chain of their cells (closed under
    /// rows, columns and regions), which opens other swaps. Last, a few batches of free
    /// swaps, each kept only if a dancing-links search fills the new map within a small
    /// number of nodes a cell (it mixes prime sides, which start from rows, and small ones
    /// further). So a map always comes, in bounded work (milliseconds up to 16×16, under a
    /// second for 25×25), with a quarter to a half of the cells outside the box holding most
    /// of their region. Every draw comes from `rng`, so a seeded generator gives the same
    /// map on every platform (for a given minor version of `rand`).
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::{Geometry, Grid, RegionMap, Shape, Solver, Variant};
    ///
    /// let map = RegionMap::random(6, &mut Pcg64Mcg::seed_from_u64(7))?;
    /// assert_eq!(map.size(), 6);
    /// assert!(map.is_connected());
    /// assert_eq!(map, RegionMap::random(6, &mut Pcg64Mcg::seed_from_u64(7))?);
    /// // A jigsaw 6×6 on those regions has complete grids.
    /// let shape = Shape::for_size(6).unwrap();
    /// let mut solver = Solver::new(Geometry::new(shape, &Variant::jigsaw(map))?);
    /// assert!(solver.solve(&Grid::empty(shape))?.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`RandomRegionsError::Size`] if `size` is not in 1..=25.
    pub fn random<R: Rng + ?Sized>(
        size: usize,
        rng: &mut R,
    ) -> Result<RegionMap, RandomRegionsError> {
        RegionMap::random_with_grid(size, rng).map(|(map, _)| map)
    }

    /// [`RegionMap::random`], with a complete grid on the map: a witness that the map has
    /// solutions (check it with [`Geometry::is_solution`](crate::Geometry::is_solution)),
    /// and a solution to make a puzzle from
    /// ([`Generator::generate_from`](crate::Generator::generate_from)). Draws the
    /// same map from the same generator state as [`RegionMap::random`].
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::{Geometry, RegionMap, Shape, Variant};
    ///
    /// let (map, grid) = RegionMap::random_with_grid(16, &mut Pcg64Mcg::seed_from_u64(1))?;
    /// assert_eq!(map, RegionMap::random(16, &mut Pcg64Mcg::seed_from_u64(1))?);
    /// let geometry = Geometry::new(Shape::for_size(16).unwrap(), &Variant::jigsaw(map))?;
    /// assert!(geometry.is_solution(grid.cells()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`RegionMap::random`].
    pub fn random_with_grid<R: Rng + ?Sized>(
        size: usize,
        rng: &mut R,
    ) -> Result<(RegionMap, Grid), RandomRegionsError> {
        let shape = match Shape::for_size(size) {
            Some(s) if size <= MAX_SIZE => s,
            _ => return Err(RandomRegionsError::Size { size }),
        };
        let mut regions: Vec<u8> = shape.cells().map(|c| shape.box_of(c) as u8).collect();
        let mut values = box_grid(shape, rng);
        for _ in 0..RANDOM_MAP_ROUNDS {
            mix(&mut regions, &values, size, rng);
            for _ in 0..size * size {
                exchange_chain(&mut values, &regions, size, rng);
            }
        }
        // Free swaps, kept when a search fills the new map within its budget.
        for _ in 0..RANDOM_MAP_CHECKED {
            let mut trial = regions.clone();
            free_swaps(&mut trial, size, size * size, rng);
            let map = RegionMap {
                size,
                regions: renumbered(&trial),
            };
            let geometry = Geometry::new(shape, &Variant::jigsaw(map))
                .unwrap_or_else(|_| unreachable!("the map has the shape's side"));
            let budget = RANDOM_MAP_BUDGET * (size * size) as u64;
            let mut solver = Solver::new(geometry).budget(budget);
            if let Ok(Some(grid)) = solver.random_solution(&Grid::empty(shape), rng) {
                regions = trial;
                values = grid.cells().to_vec();
            }
        }
        let map = RegionMap {
            size,
            regions: renumbered(&regions),
        };
        let grid = Grid::new(shape, values)
            .unwrap_or_else(|_| unreachable!("values of 1..=N in an N×N grid"));
        Ok((map, grid))
    }

    /// Is every region one orthogonally connected piece?
    ///
    /// ```
    /// use sudoku_core::RegionMap;
    ///
    /// assert!("AABB\nAABB\nCCDD\nCCDD".parse::<RegionMap>()?.is_connected());
    /// assert!(!"AABB\nAABB\nCCDD\nCDCD".parse::<RegionMap>()?.is_connected());
    /// # Ok::<(), sudoku_core::ParseRegionMapError>(())
    /// ```
    pub fn is_connected(&self) -> bool {
        let mut seen = vec![false; self.regions.len()];
        (0..self.size).all(|r| {
            self.regions
                .iter()
                .position(|&x| x as usize == r)
                .is_none_or(|start| {
                    piece_len(&self.regions, self.size, start, &mut seen) == self.size
                })
        })
    }
}

/// Cells of `start`'s region reachable from it (marks them in `seen`).
fn piece_len(regions: &[u8], n: usize, start: usize, seen: &mut [bool]) -> usize {
    let region = regions[start];
    let mut stack = vec![start];
    seen[start] = true;
    let mut len = 0;
    while let Some(cell) = stack.pop() {
        len += 1;
        for next in orthogonal(cell, n) {
            if !seen[next] && regions[next] == region {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    len
}

/// Is the region of `start` (N cells) connected? (A search over its at most 25 cells, on
/// the stack: the mixing loops call it often.)
fn connected(regions: &[u8], n: usize, start: usize) -> bool {
    let region = regions[start];
    let mut seen = [0usize; MAX_SIZE];
    seen[0] = start;
    let (mut len, mut next) = (1, 0);
    while next < len {
        let cell = seen[next];
        next += 1;
        for x in orthogonal(cell, n) {
            if regions[x] == region && !seen[..len].contains(&x) {
                if len == MAX_SIZE {
                    return false;
                }
                seen[len] = x;
                len += 1;
            }
        }
    }
    len == n
}

/// A complete grid on the boxes of `shape`, drawn without search: the pattern grid
/// `(w·(r mod h) + ⌊r/h⌋ + c) mod N` (boxes of h rows and w columns) with its values relabelled,
/// the rows shuffled within bands, the bands shuffled, and the same for columns and stacks.
fn box_grid<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Vec<u8> {
    let (h, w, n) = (shape.box_rows(), shape.box_cols(), shape.size());
    let mut labels: Vec<u8> = (1..=n as u8).collect();
    labels.shuffle(rng);
    let order = |bands: usize, per: usize, rng: &mut R| -> Vec<usize> {
        let mut outer: Vec<usize> = (0..bands).collect();
        outer.shuffle(rng);
        let mut lines = Vec::with_capacity(bands * per);
        for band in outer {
            let mut inner: Vec<usize> = (0..per).collect();
            inner.shuffle(rng);
            lines.extend(inner.into_iter().map(|i| band * per + i));
        }
        lines
    };
    let rows = order(n / h, h, rng);
    let cols = order(n / w, w, rng);
    let mut values = Vec::with_capacity(n * n);
    for &r in &rows {
        for &c in &cols {
            values.push(labels[(w * (r % h) + r / h + c) % n]);
        }
    }
    values
}

/// Mixes `regions` by N³ tries of a swap between two cells of neighbouring regions
/// holding the same value in `values`, each kept only if both regions stay connected.
fn mix<R: Rng + ?Sized>(regions: &mut [u8], values: &[u8], n: usize, rng: &mut R) {
    if n < 2 {
        return;
    }
    // where_is[region * n + value - 1]: the cell of that region holding that value.
    let mut where_is = vec![0usize; n * n];
    for (cell, (&r, &v)) in regions.iter().zip(values).enumerate() {
        where_is[r as usize * n + v as usize - 1] = cell;
    }
    let mut near: Vec<usize> = Vec::with_capacity(4);
    for _ in 0..n * n * n {
        // A cell `a` of region A on its border with a region B…
        let a = rng.random_range(0..n * n);
        near.clear();
        near.extend(orthogonal(a, n).filter(|&x| regions[x] != regions[a]));
        if near.is_empty() {
            continue;
        }
        let (ra, rb) = (regions[a], regions[near[rng.random_range(0..near.len())]]);
        // …and the cell `b` of B holding the same value: they change regions if `b` touches
        // what is left of A and both regions stay in one piece.
        let value = values[a] as usize - 1;
        let b = where_is[rb as usize * n + value];
        if !orthogonal(b, n).any(|x| x != a && regions[x] == ra) {
            continue;
        }
        regions[a] = rb;
        regions[b] = ra;
        if connected(regions, n, a) && connected(regions, n, b) {
            where_is[ra as usize * n + value] = b;
            where_is[rb as usize * n + value] = a;
        } else {
            regions[a] = ra;
            regions[b] = rb;
        }
    }
}

/// Exchanges two random values `x` and `y` in one chain of their cells: the cells holding
/// `x` or `y`, linked when they share a row, a column or a region, fall into chains; in a
/// chain that is not all of them, every house holds both or neither of its `x` and `y`
/// cells, so exchanging the two values there keeps the grid complete, in new places.
fn exchange_chain<R: Rng + ?Sized>(values: &mut [u8], regions: &[u8], n: usize, rng: &mut R) {
    if n < 2 {
        return;
    }
    let x = rng.random_range(1..=n as u8);
    let y = (x + rng.random_range(1..n as u8) - 1) % n as u8 + 1;
    // partner[house][0 for x, 1 for y]: the cell of that value in rows 0..n, columns
    // n..2n, regions 2n..3n.
    let mut partner = vec![[0usize; 2]; 3 * n];
    for (cell, &v) in values.iter().enumerate() {
        if v == x || v == y {
            let side = usize::from(v == y);
            for house in [cell / n, n + cell % n, 2 * n + regions[cell] as usize] {
                partner[house][side] = cell;
            }
        }
    }
    let start = partner[rng.random_range(0..n)][rng.random_range(0..2)];
    let mut chain = vec![start];
    let mut i = 0;
    while let Some(&cell) = chain.get(i) {
        i += 1;
        let other = usize::from(values[cell] == x);
        for house in [cell / n, n + cell % n, 2 * n + regions[cell] as usize] {
            let next = partner[house][other];
            if !chain.contains(&next) {
                chain.push(next);
            }
        }
    }
    if chain.len() < 2 * n {
        for c in chain {
            values[c] = if values[c] == x { y } else { x };
        }
    }
}

/// `tries` random swaps of two cells between neighbouring regions, each kept only if both
/// regions stay connected (the grid is not kept: the caller checks the map).
fn free_swaps<R: Rng + ?Sized>(regions: &mut [u8], n: usize, tries: usize, rng: &mut R) {
    if n < 2 {
        return;
    }
    let mut other: Vec<usize> = Vec::with_capacity(n * n);
    for _ in 0..tries {
        let a = rng.random_range(0..n * n);
        let near: Vec<usize> = orthogonal(a, n)
            .filter(|&x| regions[x] != regions[a])
            .collect();
        if near.is_empty() {
            continue;
        }
        let (ra, rb) = (regions[a], regions[near[rng.random_range(0..near.len())]]);
        other.clear();
        other.extend((0..n * n).filter(|&b| {
            regions[b] == rb && b != a && orthogonal(b, n).any(|x| x != a && regions[x] == ra)
        }));
        if other.is_empty() {
            continue;
        }
        let b = other[rng.random_range(0..other.len())];
        regions[a] = rb;
        regions[b] = ra;
        if !(connected(regions, n, a) && connected(regions, n, b)) {
            regions[a] = ra;
            regions[b] = rb;
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng as _;
    use rand_pcg::Pcg64Mcg;

    use super::*;

    #[test]
    fn regions_are_connected_and_of_size_n_with_a_grid() {
        for size in (1..=16).chain([20, 25]) {
            for seed in 0..if size <= 12 { 4 } else { 1 } {
                let (map, grid) =
                    RegionMap::random_with_grid(size, &mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
                assert_eq!(map.size(), size);
                let mut counts = vec![0; size];
                for &r in map.regions() {
                    counts[r as usize] += 1;
                }
                assert!(counts.iter().all(|&c| c == size), "{counts:?}");
                assert!(map.is_connected(), "side {size}, seed {seed}:\n{map}");
                let shape = Shape::for_size(size).unwrap();
                let geometry = Geometry::new(shape, &Variant::jigsaw(map.clone())).unwrap();
                assert!(
                    geometry.is_solution(grid.cells()),
                    "side {size}, seed {seed}"
                );
                // The text form reads back (labels renumbered in order of appearance).
                assert_eq!(map.to_string().parse::<RegionMap>().unwrap(), map);
            }
        }
    }

    /// Far from the boxes: a sixth of the cells or more lie outside the box holding most of
    /// their region, at every side (a quarter to a half is usual; see the method's docs).
    #[test]
    fn maps_are_mixed_at_every_side() {
        for (size, seeds) in [(5, 4), (6, 4), (7, 4), (9, 4), (16, 2), (25, 1)] {
            for seed in 0..seeds {
                let map = RegionMap::random(size, &mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
                let shape = Shape::for_size(size).unwrap();
                // For each region, its cells outside the box holding most of it.
                let moved: usize = (0..size)
                    .map(|r| {
                        let mut per_box = vec![0; size];
                        for c in shape.cells().filter(|c| map.region(c.index()) == r) {
                            per_box[shape.box_of(c)] += 1;
                        }
                        size - per_box.iter().max().unwrap()
                    })
                    .sum();
                assert!(
                    moved * 6 >= size * size,
                    "side {size}, seed {seed}: {moved} cells moved\n{map}"
                );
            }
        }
    }

    #[test]
    fn deterministic_for_a_seed_and_mixed() {
        let draw = |seed| RegionMap::random(9, &mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
        assert_eq!(draw(3), draw(3));
        assert_ne!(draw(3), draw(4));
        let boxes: Vec<u8> = Shape::CLASSIC
            .cells()
            .map(|c| Shape::CLASSIC.box_of(c) as u8)
            .collect();
        assert_ne!(draw(3).regions(), &boxes[..]);
    }

    #[test]
    fn bad_sides() {
        let mut rng = Pcg64Mcg::seed_from_u64(0);
        assert_eq!(
            RegionMap::random(0, &mut rng),
            Err(RandomRegionsError::Size { size: 0 })
        );
        assert_eq!(
            RegionMap::random(26, &mut rng),
            Err(RandomRegionsError::Size { size: 26 })
        );
    }

    #[test]
    fn connectivity() {
        let split: RegionMap = "ABA\nBCB\nACC".parse::<RegionMap>().unwrap();
        assert!(!split.is_connected());
        let rows: RegionMap = "AAA\nBBB\nCCC".parse::<RegionMap>().unwrap();
        assert!(rows.is_connected());
    }
}
