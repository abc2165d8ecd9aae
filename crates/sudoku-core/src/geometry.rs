//! [`Geometry`]: a shape and a variant turned into houses, houses of each cell, and peers.
//!
//! This is the API technique solvers build on: every lookup is a slice into flat arrays
//! computed once, so `houses_of`, `peers` and `house` cost nothing at solve time. Cells are
//! stored as `u16` (625 cells at most).

use crate::grid::Candidates;
use crate::shape::Shape;
use crate::variant::{Regions, Variant};

/// What a house is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum HouseKind {
    /// Row `i`.
    Row(u8),
    /// Column `i`.
    Column(u8),
    /// Rectangular box `i` (row-major).
    Box(u8),
    /// Jigsaw region `i`.
    Region(u8),
    /// Diagonal: 0 is the main diagonal (top-left to bottom-right), 1 the anti-diagonal.
    Diagonal(u8),
    /// Disjoint group `i`: the cells at position `i` (row-major) inside every box.
    DisjointGroup(u8),
    /// Windoku window `i`.
    Window(u8),
    /// Custom house `i` of [`Variant::with_house`].
    Custom(u8),
}

/// A variant that does not fit a shape.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// The region map has another side than the shape.
    #[error("region map of side {map} for a grid of side {grid}")]
    RegionMapSize {
        /// Side of the map.
        map: usize,
        /// Side of the grid.
        grid: usize,
    },
    /// A house does not have N distinct cells inside the grid.
    #[error("house {kind:?} does not have {size} distinct cells of the grid")]
    BadHouse {
        /// The house.
        kind: HouseKind,
        /// N.
        size: usize,
    },
    /// Disjoint groups or windows need rectangular boxes.
    #[error("disjoint groups and windows need the rectangular boxes of the shape")]
    NeedsBoxes,
}

/// The houses of a shape and variant, with per-cell lookups.
///
/// ```
/// use sudoku_core::{Geometry, HouseKind, Shape};
///
/// let geo = Geometry::classic(Shape::CLASSIC);
/// assert_eq!(geo.house_count(), 27);
/// assert_eq!(geo.house_kind(18), HouseKind::Box(0));
/// assert_eq!(geo.house(18), &[0, 1, 2, 9, 10, 11, 18, 19, 20]);
/// assert_eq!(geo.peers(0).len(), 20);
/// let cells = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".as_bytes();
/// let grid: sudoku_core::Grid = std::str::from_utf8(cells).unwrap().parse().unwrap();
/// assert_eq!(geo.candidates_of(grid.cells(), 1).to_string(), "{1,6,7,9}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    shape: Shape,
    variant: Variant,
    /// House `h` is `houses[h * n .. (h + 1) * n]`.
    houses: Vec<u16>,
    kinds: Vec<HouseKind>,
    /// Houses of cell `c`: `cell_houses[cell_house_start[c] .. cell_house_start[c + 1]]`.
    cell_houses: Vec<u16>,
    cell_house_start: Vec<u32>,
    /// Peers of cell `c`: `peers[peer_start[c] .. peer_start[c + 1]]`, sorted.
    peers: Vec<u16>,
    peer_start: Vec<u32>,
}

impl Geometry {
    /// The classic rules (rows, columns, boxes) for a shape.
    pub fn classic(shape: Shape) -> Geometry {
        Geometry::new(shape, &Variant::classic()).unwrap_or_else(|_| unreachable!())
    }

    /// The houses of `variant` on `shape`.
    ///
    /// # Errors
    /// [`VariantError`] if a jigsaw map has another side, a custom house is not N distinct
    /// cells, or disjoint groups/windows are asked without rectangular boxes.
    pub fn new(shape: Shape, variant: &Variant) -> Result<Geometry, VariantError> {
        let n = shape.size();
        let mut houses: Vec<u16> = Vec::new();
        let mut kinds = Vec::new();
        let mut push = |kind: HouseKind, cells: &mut dyn Iterator<Item = usize>| {
            houses.extend(cells.map(|c| c as u16));
            kinds.push(kind);
        };
        for i in 0..n {
            push(HouseKind::Row(i as u8), &mut shape.row_cells(i));
        }
        for i in 0..n {
            push(HouseKind::Column(i as u8), &mut shape.col_cells(i));
        }
        match variant.regions() {
            Regions::Boxes => {
                for b in 0..n {
                    push(HouseKind::Box(b as u8), &mut shape.box_cells(b));
                }
            }
            Regions::None => {}
            Regions::Jigsaw(map) => {
                if map.size() != n {
                    return Err(VariantError::RegionMapSize {
                        map: map.size(),
                        grid: n,
                    });
                }
                for r in 0..n {
                    push(
                        HouseKind::Region(r as u8),
                        &mut (0..n * n).filter(|&c| map.region(c) == r),
                    );
                }
            }
        }
        if variant.has_diagonals() {
            push(HouseKind::Diagonal(0), &mut (0..n).map(|i| i * n + i));
            push(HouseKind::Diagonal(1), &mut (0..n).map(|i| i * n + (n - 1 - i)));
        }
        if (variant.has_disjoint_groups() || variant.has_windows())
            && *variant.regions() != Regions::Boxes
        {
            return Err(VariantError::NeedsBoxes);
        }
        if variant.has_disjoint_groups() {
            let (br, bc) = (shape.box_rows(), shape.box_cols());
            for k in 0..n {
                let (dr, dc) = (k / bc, k % bc);
                push(
                    HouseKind::DisjointGroup(k as u8),
                    &mut (0..n).map(|b| {
                        let top = (b / br) * br;
                        let left = (b % br) * bc;
                        (top + dr) * n + left + dc
                    }),
                );
            }
        }
        if variant.has_windows() {
            let (br, bc) = (shape.box_rows(), shape.box_cols());
            let tops: Vec<usize> = (0..).map(|k| 1 + k * (br + 1)).take_while(|t| t + br <= n).collect();
            let lefts: Vec<usize> = (0..).map(|k| 1 + k * (bc + 1)).take_while(|l| l + bc <= n).collect();
            let mut w = 0u8;
            for &t in &tops {
                for &l in &lefts {
                    push(
                        HouseKind::Window(w),
                        &mut (0..n).map(|k| (t + k / bc) * n + l + k % bc),
                    );
                    w += 1;
                }
            }
        }
        for (i, house) in variant.extra_houses().iter().enumerate() {
            let kind = HouseKind::Custom(i as u8);
            let mut sorted = house.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if house.len() != n
                || sorted.len() != n
                || sorted.iter().any(|&c| c as usize >= n * n)
            {
                return Err(VariantError::BadHouse { kind, size: n });
            }
            push(kind, &mut house.iter().map(|&c| c as usize));
        }

        let cells = n * n;
        let mut per_cell: Vec<Vec<u16>> = vec![Vec::new(); cells];
        for (h, house) in houses.chunks(n).enumerate() {
            for &c in house {
                per_cell[c as usize].push(h as u16);
            }
        }
        let mut cell_houses = Vec::new();
        let mut cell_house_start = vec![0u32];
        let mut peers = Vec::new();
        let mut peer_start = vec![0u32];
        let mut mark = vec![false; cells];
        for (c, hs) in per_cell.iter().enumerate() {
            cell_houses.extend_from_slice(hs);
            cell_house_start.push(cell_houses.len() as u32);
            for &h in hs {
                for &p in &houses[h as usize * n..(h as usize + 1) * n] {
                    mark[p as usize] = true;
                }
            }
            mark[c] = false;
            for (p, m) in mark.iter_mut().enumerate() {
                if *m {
                    peers.push(p as u16);
                    *m = false;
                }
            }
            peer_start.push(peers.len() as u32);
        }
        Ok(Geometry {
            shape,
            variant: variant.clone(),
            houses,
            kinds,
            cell_houses,
            cell_house_start,
            peers,
            peer_start,
        })
    }

    /// The shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side N.
    #[inline]
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// N × N.
    #[inline]
    pub fn cell_count(&self) -> usize {
        self.shape.cell_count()
    }

    /// The variant.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Number of houses (rows, columns, regions, then the variant's extra houses, in that
    /// order).
    #[inline]
    pub fn house_count(&self) -> usize {
        self.kinds.len()
    }

    /// The N cells of house `h`.
    ///
    /// # Panics
    /// If `h >= house_count()`.
    #[inline]
    pub fn house(&self, h: usize) -> &[u16] {
        let n = self.size();
        &self.houses[h * n..(h + 1) * n]
    }

    /// What house `h` is.
    ///
    /// # Panics
    /// If `h >= house_count()`.
    #[inline]
    pub fn house_kind(&self, h: usize) -> HouseKind {
        self.kinds[h]
    }

    /// Iterator over `(kind, cells)` of every house.
    pub fn houses(&self) -> impl Iterator<Item = (HouseKind, &[u16])> {
        self.kinds
            .iter()
            .copied()
            .zip(self.houses.chunks(self.size()))
    }

    /// The houses (indices) containing `cell`.
    ///
    /// # Panics
    /// If `cell >= N×N`.
    #[inline]
    pub fn houses_of(&self, cell: usize) -> &[u16] {
        let (a, b) = (
            self.cell_house_start[cell] as usize,
            self.cell_house_start[cell + 1] as usize,
        );
        &self.cell_houses[a..b]
    }

    /// The peers of `cell`: every other cell sharing a house with it, sorted.
    ///
    /// # Panics
    /// If `cell >= N×N`.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        let (a, b) = (
            self.peer_start[cell] as usize,
            self.peer_start[cell + 1] as usize,
        );
        &self.peers[a..b]
    }

    /// Do two distinct cells share a house?
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.peers(a).binary_search(&(b as u16)).is_ok()
    }

    /// The values placed in each house (one mask per house).
    ///
    /// # Panics
    /// If `cells.len() != N×N`.
    pub fn house_masks(&self, cells: &[u8]) -> Vec<Candidates> {
        assert_eq!(cells.len(), self.cell_count(), "cells of another shape");
        self.houses
            .chunks(self.size())
            .map(|h| h.iter().map(|&c| cells[c as usize]).collect())
            .collect()
    }

    /// The values a cell can take: every value absent from its peers (empty set for a
    /// filled cell). This is seed 001's "Aide" for one cell.
    ///
    /// # Panics
    /// If `cells.len() != N×N` or `cell >= N×N`.
    pub fn candidates_of(&self, cells: &[u8], cell: usize) -> Candidates {
        assert_eq!(cells.len(), self.cell_count(), "cells of another shape");
        if cells[cell] != 0 {
            return Candidates::EMPTY;
        }
        let used: Candidates = self.peers(cell).iter().map(|&p| cells[p as usize]).collect();
        Candidates::all(self.size()) - used
    }

    /// The candidates of every cell (empty sets for filled cells).
    ///
    /// # Panics
    /// If `cells.len() != N×N`.
    pub fn candidates(&self, cells: &[u8]) -> Vec<Candidates> {
        let masks = self.house_masks(cells);
        let all = Candidates::all(self.size());
        (0..self.cell_count())
            .map(|c| {
                if cells[c] != 0 {
                    return Candidates::EMPTY;
                }
                let used = self
                    .houses_of(c)
                    .iter()
                    .fold(Candidates::EMPTY, |acc, &h| acc | masks[h as usize]);
                all - used
            })
            .collect()
    }

    /// The first pair of cells of a house holding the same value, as `(house, cell, cell)`.
    pub fn find_clash(&self, cells: &[u8]) -> Option<(usize, usize, usize)> {
        let n = self.size();
        let mut seen = vec![u16::MAX; n + 1];
        for h in 0..self.house_count() {
            seen.iter_mut().for_each(|s| *s = u16::MAX);
            for &c in self.house(h) {
                let v = cells[c as usize] as usize;
                if v == 0 || v > n {
                    continue;
                }
                if seen[v] != u16::MAX {
                    return Some((h, seen[v] as usize, c as usize));
                }
                seen[v] = c;
            }
        }
        None
    }

    /// Is `cells` a complete grid obeying every house?
    pub fn is_solution(&self, cells: &[u8]) -> bool {
        cells.len() == self.cell_count()
            && cells.iter().all(|&v| v != 0 && v as usize <= self.size())
            && self.find_clash(cells).is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::RegionMap;

    #[test]
    fn peer_counts() {
        let geo = Geometry::classic(Shape::CLASSIC);
        assert!((0..81).all(|c| geo.peers(c).len() == 20));
        let x = Geometry::new(Shape::CLASSIC, &Variant::x()).unwrap();
        assert_eq!(x.peers(40).len(), 20 + 12); // centre: the diagonals add 12 cells outside its box
        assert_eq!(x.houses_of(40).len(), 5);
        let latin = Geometry::new(Shape::CLASSIC, &Variant::latin()).unwrap();
        assert_eq!(latin.peers(0).len(), 16);
        assert!(latin.sees(0, 8) && !latin.sees(0, 10));
    }

    #[test]
    fn extra_houses() {
        let d = Geometry::new(Shape::CLASSIC, &Variant::classic().with_disjoint_groups()).unwrap();
        assert_eq!(d.house_count(), 36);
        assert_eq!(d.house(27), &[0, 3, 6, 27, 30, 33, 54, 57, 60]);
        let w = Geometry::new(Shape::CLASSIC, &Variant::classic().with_windows()).unwrap();
        assert_eq!(w.house_count(), 31);
        assert_eq!(w.house(27), &[10, 11, 12, 19, 20, 21, 28, 29, 30]);
        assert_eq!(w.house(30), &[50, 51, 52, 59, 60, 61, 68, 69, 70]);
        let bad = Variant::classic().with_house([0, 1, 2]);
        assert!(matches!(
            Geometry::new(Shape::CLASSIC, &bad),
            Err(VariantError::BadHouse { .. })
        ));
        let dup = Variant::classic().with_house([0, 0, 1, 2, 3, 4, 5, 6, 7]);
        assert!(Geometry::new(Shape::CLASSIC, &dup).is_err());
        let map: RegionMap = "AB\nAB".parse().unwrap();
        assert!(matches!(
            Geometry::new(Shape::CLASSIC, &Variant::jigsaw(map.clone())),
            Err(VariantError::RegionMapSize { .. })
        ));
        assert_eq!(
            Geometry::new(Shape::new(1, 2).unwrap(), &Variant::jigsaw(map.clone()).with_windows()),
            Err(VariantError::NeedsBoxes)
        );
        let j = Geometry::new(Shape::new(1, 2).unwrap(), &Variant::jigsaw(map)).unwrap();
        assert_eq!(j.house(4), &[0, 2]);
    }

    #[test]
    fn candidates_and_clashes() {
        let geo = Geometry::classic(Shape::new(2, 2).unwrap());
        let mut cells = vec![0u8; 16];
        cells[0] = 1;
        cells[5] = 2;
        let cands = geo.candidates(&cells);
        assert_eq!(cands[1], Candidates::from_values([3, 4]));
        assert_eq!(cands[0], Candidates::EMPTY);
        assert_eq!(geo.candidates_of(&cells, 1), cands[1]);
        assert_eq!(geo.find_clash(&cells), None);
        cells[15] = 1;
        assert_eq!(geo.find_clash(&cells), None);
        cells[12] = 1;
        assert_eq!(geo.find_clash(&cells), Some((3, 12, 15)));
    }
}
