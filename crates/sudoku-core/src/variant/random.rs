//! Random jigsaw region maps ([`RegionMap::random`]).

use rand::{Rng, RngExt as _};

use super::RegionMap;
use crate::shape::MAX_SIZE;
use crate::{Geometry, Grid, Shape, Solver, Variant};

/// Maps [`RegionMap::random`] draws before giving up with
/// [`RandomRegionsError::NoSolvableMap`].
pub const RANDOM_MAP_ATTEMPTS: usize = 64;

/// Search nodes [`RegionMap::random`] gives each drawn map to show a complete grid on it
/// (a node costs about a microsecond); a map not filled within it is redrawn.
pub const RANDOM_MAP_BUDGET: u64 = 50_000;

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
    /// No drawn map could be filled with a complete grid within its budget.
    #[error(
        "no region map of side {size} with a complete grid found in {attempts} draws \
         ({budget} search nodes each)"
    )]
    NoSolvableMap {
        /// The side asked for.
        size: usize,
        /// Maps drawn.
        attempts: usize,
        /// The search nodes given to each.
        budget: u64,
    },
}

impl RegionMap {
    /// A random jigsaw map of side `size`: `size` regions of `size` orthogonally connected
    /// cells each, on which a complete grid exists.
    ///
    /// The map starts from the usual boxes of that side ([`Shape::for_size`]; rows for a
    /// prime side) and is mixed by random swaps of two cells between neighbouring regions,
    /// each kept only if both regions stay connected (about 4·N³ swaps tried). A dancing-links
    /// search then fills a random complete grid on it within [`RANDOM_MAP_BUDGET`] nodes;
    /// a map that has none, or none found in the budget, is redrawn, up to
    /// [`RANDOM_MAP_ATTEMPTS`] maps. Every draw comes from `rng`, so a seeded generator gives
    /// the same map on every platform (for a given minor version of `rand`).
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::{Geometry, Grid, RegionMap, Shape, Solver, Variant};
    ///
    /// let map = RegionMap::random(6, &mut Pcg64Mcg::seed_from_u64(7))?;
    /// assert_eq!(map.size(), 6);
    /// assert_eq!(map, RegionMap::random(6, &mut Pcg64Mcg::seed_from_u64(7))?);
    /// // A jigsaw 6×6 on those regions has complete grids.
    /// let shape = Shape::for_size(6).unwrap();
    /// let mut solver = Solver::new(Geometry::new(shape, &Variant::jigsaw(map))?);
    /// assert!(solver.solve(&Grid::empty(shape))?.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`RandomRegionsError::Size`] if `size` is not in 1..=25;
    /// [`RandomRegionsError::NoSolvableMap`] if no map drawn could be filled (not seen for
    /// sides 4 to 16; sides 2 and 3 have few maps).
    pub fn random<R: Rng + ?Sized>(
        size: usize,
        rng: &mut R,
    ) -> Result<RegionMap, RandomRegionsError> {
        RegionMap::random_with_grid(size, rng).map(|(map, _)| map)
    }

    /// [`RegionMap::random`], with the complete grid found on the map: a witness that the
    /// map has solutions (check it with
    /// [`Geometry::is_solution`](crate::Geometry::is_solution)). Draws the same map from the
    /// same generator state as [`RegionMap::random`].
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::{Geometry, RegionMap, Shape, Variant};
    ///
    /// let (map, grid) = RegionMap::random_with_grid(9, &mut Pcg64Mcg::seed_from_u64(1))?;
    /// assert_eq!(map, RegionMap::random(9, &mut Pcg64Mcg::seed_from_u64(1))?);
    /// let geometry = Geometry::new(Shape::CLASSIC, &Variant::jigsaw(map))?;
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
        for _ in 0..RANDOM_MAP_ATTEMPTS {
            let regions = mixed_regions(shape, rng);
            let map = RegionMap {
                size,
                regions: renumber(&regions),
            };
            let geometry = Geometry::new(shape, &Variant::jigsaw(map.clone()))
                .unwrap_or_else(|_| unreachable!("the map has the shape's side"));
            let mut solver = Solver::new(geometry).budget(RANDOM_MAP_BUDGET);
            if let Ok(Some(grid)) = solver.random_solution(&Grid::empty(shape), rng) {
                return Ok((map, grid));
            }
        }
        Err(RandomRegionsError::NoSolvableMap {
            size,
            attempts: RANDOM_MAP_ATTEMPTS,
            budget: RANDOM_MAP_BUDGET,
        })
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

/// The four orthogonal neighbours of `cell` on a side `n`.
fn neighbours(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / n, cell % n);
    [
        (r > 0).then(|| cell - n),
        (r + 1 < n).then(|| cell + n),
        (c > 0).then(|| cell - 1),
        (c + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// Cells of `start`'s region reachable from it (marks them in `seen`).
fn piece_len(regions: &[u8], n: usize, start: usize, seen: &mut [bool]) -> usize {
    let region = regions[start];
    let mut stack = vec![start];
    seen[start] = true;
    let mut len = 0;
    while let Some(cell) = stack.pop() {
        len += 1;
        for next in neighbours(cell, n) {
            if !seen[next] && regions[next] == region {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    len
}

/// Is the region of `start` (N cells) connected?
fn connected(regions: &[u8], n: usize, start: usize) -> bool {
    let mut seen = vec![false; regions.len()];
    piece_len(regions, n, start, &mut seen) == n
}

/// The boxes of `shape`, mixed by random connected swaps.
fn mixed_regions<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Vec<u8> {
    let n = shape.size();
    let mut regions: Vec<u8> = shape.cells().map(|c| shape.box_of(c) as u8).collect();
    if n < 2 {
        return regions;
    }
    let mut other: Vec<usize> = Vec::with_capacity(n * n);
    for _ in 0..4 * n * n * n {
        // A cell `a` on the border of its region A with a neighbouring region B…
        let a = rng.random_range(0..n * n);
        let near: Vec<usize> = neighbours(a, n)
            .filter(|&x| regions[x] != regions[a])
            .collect();
        if near.is_empty() {
            continue;
        }
        let (ra, rb) = (regions[a], regions[near[rng.random_range(0..near.len())]]);
        // …and a cell `b` of B touching A: they change regions.
        other.clear();
        other.extend((0..n * n).filter(|&b| {
            regions[b] == rb && b != a && neighbours(b, n).any(|x| x != a && regions[x] == ra)
        }));
        if other.is_empty() {
            continue;
        }
        let b = other[rng.random_range(0..other.len())];
        regions[a] = rb;
        regions[b] = ra;
        if !(connected(&regions, n, a) && connected(&regions, n, b)) {
            regions[a] = ra;
            regions[b] = rb;
        }
    }
    regions
}

/// Regions renumbered in order of first appearance.
fn renumber(regions: &[u8]) -> Vec<u8> {
    let mut map = [u8::MAX; 256];
    let mut next = 0u8;
    regions
        .iter()
        .map(|&r| {
            if map[r as usize] == u8::MAX {
                map[r as usize] = next;
                next += 1;
            }
            map[r as usize]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng as _;
    use rand_pcg::Pcg64Mcg;

    use super::*;

    #[test]
    fn regions_are_connected_and_of_size_n() {
        for size in 1..=12 {
            for seed in 0..4 {
                let map = match RegionMap::random(size, &mut Pcg64Mcg::seed_from_u64(seed)) {
                    Ok(m) => m,
                    // Sides 2 and 3 may have no fillable map drawn; never the others.
                    Err(e) if size <= 3 => {
                        assert!(matches!(e, RandomRegionsError::NoSolvableMap { .. }));
                        continue;
                    }
                    Err(e) => panic!("side {size}, seed {seed}: {e}"),
                };
                assert_eq!(map.size(), size);
                let mut counts = vec![0; size];
                for &r in map.regions() {
                    counts[r as usize] += 1;
                }
                assert!(counts.iter().all(|&c| c == size), "{counts:?}");
                assert!(map.is_connected(), "side {size}, seed {seed}:\n{map}");
                // The text form reads back (labels renumbered in order of appearance).
                assert_eq!(map.to_string().parse::<RegionMap>().unwrap(), map);
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
