//! [`Geometry`]: a shape and a variant turned into houses, houses of each cell, and peers.
//!
//! This is the API technique solvers build on: every lookup is a slice into flat arrays
//! computed once, so `houses_of`, `peers`, `house`, `sees` and `intersections` cost nothing
//! at solve time.

use core::fmt;
use std::sync::{Arc, OnceLock};

use crate::cell::{Cell, House};
use crate::grid::Candidates;
use crate::layout::Layout;
use crate::shape::{MAX_SIZE, Shape};
use crate::variant::{Regions, Variant};

mod lookup;

/// What a house is. It prints for people: `row 4`, `column 2`, `box 5`, `region 1`,
/// `the main diagonal`, `the anti-diagonal`, `disjoint group 3`, `window 2`, `extra house 1`
/// (1-based numbers).
///
/// ```
/// use sudoku_core::HouseKind;
///
/// assert_eq!(HouseKind::Row(3).to_string(), "row 4");
/// assert_eq!(HouseKind::Diagonal(1).to_string(), "the anti-diagonal");
/// ```
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
    /// A plane of a cube ([`Layout::cube`]): `axis` 0 (layers, drawn side by side), 1 (rows)
    /// or 2 (columns), and its index along that axis.
    Plane {
        /// The axis across the plane: 0 layer, 1 row, 2 column.
        axis: u8,
        /// Its index along the axis.
        index: u8,
    },
}

impl fmt::Display for HouseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let number = |i: u8| u16::from(i) + 1;
        match *self {
            HouseKind::Row(i) => write!(f, "row {}", number(i)),
            HouseKind::Column(i) => write!(f, "column {}", number(i)),
            HouseKind::Box(i) => write!(f, "box {}", number(i)),
            HouseKind::Region(i) => write!(f, "region {}", number(i)),
            HouseKind::Diagonal(0) => f.write_str("the main diagonal"),
            HouseKind::Diagonal(_) => f.write_str("the anti-diagonal"),
            HouseKind::DisjointGroup(i) => write!(f, "disjoint group {}", number(i)),
            HouseKind::Window(i) => write!(f, "window {}", number(i)),
            HouseKind::Custom(i) => write!(f, "extra house {}", number(i)),
            HouseKind::Plane { axis, index } => {
                let name = ["layer", "row plane", "column plane"];
                write!(f, "{} {}", name[usize::from(axis.min(2))], number(index))
            }
        }
    }
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
    #[error("{kind} does not have {size} distinct cells of the grid")]
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

/// Two houses sharing at least two cells but not all: the place of locked candidates
/// (pointing and claiming). See [`Geometry::intersections`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Intersection {
    /// The first house.
    pub a: House,
    /// The second house.
    pub b: House,
    /// The shared cells as positions inside `a`: bit `i` is the `i`-th cell of
    /// [`Geometry::house`]`(a)`.
    pub in_a: u32,
    /// The shared cells as positions inside `b`.
    pub in_b: u32,
}

/// The houses of a shape and variant, with per-cell lookups, all computed once by the
/// constructor: houses as cell slices, the houses of a cell, peers, an O(1) [`sees`](Self::sees),
/// the house of each row and column, and the [`intersections`](Self::intersections) of houses.
///
/// Build it once and share it as `Arc<Geometry>` ([`Solver`](crate::Solver),
/// [`Puzzle`](crate::Puzzle) and [`Generator`](crate::Generator) take one);
/// [`Geometry::classic`] hands out one shared instance per shape.
///
/// ```
/// use sudoku_core::{Cell, Geometry, House, HouseKind, Shape};
///
/// let geo = Geometry::classic(Shape::CLASSIC);
/// assert_eq!(geo.house_count(), 27);
/// let first_box = House::new(18);
/// assert_eq!(geo.house_kind(first_box), HouseKind::Box(0));
/// let cells: Vec<usize> = geo.house(first_box).iter().map(|c| c.index()).collect();
/// assert_eq!(cells, [0, 1, 2, 9, 10, 11, 18, 19, 20]);
/// assert_eq!(geo.peers(Cell::new(0)).len(), 20);
/// assert!(geo.sees(Cell::new(0), Cell::new(20)) && !geo.sees(Cell::new(0), Cell::new(80)));
/// assert_eq!(geo.row(4), House::new(4));
/// let grid: sudoku_core::Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// assert_eq!(geo.candidates_of(grid.cells(), Cell::new(1)).to_string(), "{1,6,7,9}");
/// # Ok::<(), sudoku_core::format::line::ParseLineError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    shape: Shape,
    variant: Variant,
    /// House `h` is `houses[h * n .. (h + 1) * n]`.
    houses: Vec<Cell>,
    kinds: Vec<HouseKind>,
    /// Houses of cell `c`: `cell_houses[cell_house_start[c] .. cell_house_start[c + 1]]`.
    cell_houses: Vec<House>,
    cell_house_start: Vec<u32>,
    /// Peers of cell `c`: `peers[peer_start[c] .. peer_start[c + 1]]`, sorted.
    peers: Vec<Cell>,
    peer_start: Vec<u32>,
    /// Peers of cell `c` as a bit set: words `peer_bits[c * words .. (c + 1) * words]`.
    peer_bits: Vec<u64>,
    words: usize,
    /// Pairs of houses sharing two cells or more, but not all.
    intersections: Vec<Intersection>,
    /// Number of cells: N × N, or the cells of the layout.
    cells: usize,
    /// The layout of a geometry beyond one square (see [`crate::layout`]).
    layout: Option<Arc<Layout>>,
}

/// The classic geometries handed out by [`Geometry::classic`], one slot per box shape
/// (index `(box_rows - 1) * 25 + box_cols - 1`), each built on first use.
static CLASSIC: [OnceLock<Arc<Geometry>>; MAX_SIZE * MAX_SIZE] =
    [const { OnceLock::new() }; MAX_SIZE * MAX_SIZE];

impl Geometry {
    /// The classic rules (rows, columns, boxes) for a shape.
    ///
    /// Every call for a shape returns the same shared geometry: the process keeps one per
    /// shape asked for (in a `OnceLock`, built on the first call, then never freed), so
    /// asking again costs an atomic load and a reference count instead of building the
    /// lookups again (about 8 µs for 9×9).
    pub fn classic(shape: Shape) -> Arc<Geometry> {
        let slot = &CLASSIC[(shape.box_rows() - 1) * MAX_SIZE + shape.box_cols() - 1];
        slot.get_or_init(|| {
            Arc::new(Geometry::new(shape, &Variant::classic()).unwrap_or_else(|_| unreachable!()))
        })
        .clone()
    }

    /// The houses of `variant` on `shape`.
    ///
    /// # Errors
    /// [`VariantError`] if a jigsaw map has another side, a custom house is not N distinct
    /// cells, or disjoint groups/windows are asked without rectangular boxes.
    pub fn new(shape: Shape, variant: &Variant) -> Result<Geometry, VariantError> {
        let n = shape.size();
        let mut houses: Vec<Cell> = Vec::new();
        let mut kinds = Vec::new();
        let mut push = |kind: HouseKind, cells: &mut dyn Iterator<Item = usize>| {
            houses.extend(cells.map(Cell::new));
            kinds.push(kind);
        };
        for i in 0..n {
            push(
                HouseKind::Row(i as u8),
                &mut shape.row_cells(i).map(Cell::index),
            );
        }
        for i in 0..n {
            push(
                HouseKind::Column(i as u8),
                &mut shape.col_cells(i).map(Cell::index),
            );
        }
        match variant.regions() {
            Regions::Boxes => {
                for b in 0..n {
                    push(
                        HouseKind::Box(b as u8),
                        &mut shape.box_cells(b).map(Cell::index),
                    );
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
            push(
                HouseKind::Diagonal(1),
                &mut (0..n).map(|i| i * n + (n - 1 - i)),
            );
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
            let tops: Vec<usize> = (0..)
                .map(|k| 1 + k * (br + 1))
                .take_while(|t| t + br <= n)
                .collect();
            let lefts: Vec<usize> = (0..)
                .map(|k| 1 + k * (bc + 1))
                .take_while(|l| l + bc <= n)
                .collect();
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
            if house.len() != n || sorted.len() != n || sorted.iter().any(|&c| c as usize >= n * n)
            {
                return Err(VariantError::BadHouse { kind, size: n });
            }
            push(kind, &mut house.iter().map(|&c| c as usize));
        }

        Ok(Geometry::from_houses(
            shape,
            variant.clone(),
            houses,
            kinds,
            n * n,
            None,
        ))
    }

    /// The lookups of a list of houses (`N` cells each) over `cells` cells.
    pub(crate) fn from_houses(
        shape: Shape,
        variant: Variant,
        houses: Vec<Cell>,
        kinds: Vec<HouseKind>,
        cells: usize,
        layout: Option<Arc<Layout>>,
    ) -> Geometry {
        let n = shape.size();
        let words = cells.div_ceil(64);
        // Houses of each cell, counted then filled (no vector per cell).
        let mut cell_house_start = vec![0u32; cells + 1];
        for &c in &houses {
            cell_house_start[c.index() + 1] += 1;
        }
        for c in 0..cells {
            cell_house_start[c + 1] += cell_house_start[c];
        }
        let mut cell_houses = vec![House::new(0); houses.len()];
        let mut fill: Vec<u32> = cell_house_start[..cells].to_vec();
        for (h, house) in houses.chunks(n.max(1)).enumerate() {
            for &c in house {
                cell_houses[fill[c.index()] as usize] = House::new(h);
                fill[c.index()] += 1;
            }
        }
        let mut peers = Vec::new();
        let mut peer_start = Vec::with_capacity(cells + 1);
        peer_start.push(0u32);
        let mut peer_bits = vec![0u64; cells * words];
        for c in 0..cells {
            let bits = &mut peer_bits[c * words..(c + 1) * words];
            let hs = &cell_houses[cell_house_start[c] as usize..cell_house_start[c + 1] as usize];
            for &h in hs {
                for &p in &houses[h.index() * n..(h.index() + 1) * n] {
                    bits[p.index() / 64] |= 1 << (p.index() % 64);
                }
            }
            bits[c / 64] &= !(1 << (c % 64));
            for (w, &word) in bits.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    peers.push(Cell::new(w * 64 + word.trailing_zeros() as usize));
                    word &= word - 1;
                }
            }
            peer_start.push(peers.len() as u32);
        }
        let intersections = intersections(n, &houses, kinds.len(), cells);
        Geometry {
            shape,
            variant,
            houses,
            kinds,
            cell_houses,
            cell_house_start,
            peers,
            peer_start,
            peer_bits,
            words,
            intersections,
            cells,
            layout,
        }
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

    /// The number of cells: N × N, or for a geometry beyond one square the cells of its
    /// [`layout`](Self::layout) (numbered in its frame's reading order).
    #[inline]
    pub fn cell_count(&self) -> usize {
        self.cells
    }

    /// The layout of a geometry beyond one square (several grids at offsets, a cube), `None`
    /// for one N×N grid.
    #[inline]
    pub fn layout(&self) -> Option<&Arc<Layout>> {
        self.layout.as_ref()
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

    /// Every house, in order: the N rows, the N columns, the boxes or jigsaw regions, then
    /// the variant's extra houses.
    pub fn houses(&self) -> impl ExactSizeIterator<Item = House> + use<> {
        (0..self.house_count()).map(House::new)
    }

    /// The N cells of house `h`.
    ///
    /// # Panics
    /// If `h` is not a house of this geometry.
    #[inline]
    pub fn house(&self, h: House) -> &[Cell] {
        let n = self.size();
        &self.houses[h.index() * n..(h.index() + 1) * n]
    }

    /// What house `h` is.
    ///
    /// # Panics
    /// If `h` is not a house of this geometry.
    #[inline]
    pub fn house_kind(&self, h: House) -> HouseKind {
        self.kinds[h.index()]
    }

    /// The house of row `i` (0-based). For a [`layout`](Self::layout) of several grids,
    /// the row of its first grid; for a cube, its `i`-th house.
    ///
    /// # Panics
    /// If `i >= N`.
    #[inline]
    pub fn row(&self, i: usize) -> House {
        assert!(i < self.size(), "row outside the grid");
        House::new(i)
    }

    /// The house of column `i` (0-based). For a [`layout`](Self::layout) of several
    /// grids, the column of its first grid; for a cube, its `N + i`-th house.
    ///
    /// # Panics
    /// If `i >= N`.
    #[inline]
    pub fn column(&self, i: usize) -> House {
        assert!(i < self.size(), "column outside the grid");
        House::new(self.size() + i)
    }

    /// The houses holding `cell`, in increasing order.
    ///
    /// # Panics
    /// If `cell` is not a cell of the grid.
    #[inline]
    pub fn houses_of(&self, cell: Cell) -> &[House] {
        let c = cell.index();
        let (a, b) = (
            self.cell_house_start[c] as usize,
            self.cell_house_start[c + 1] as usize,
        );
        &self.cell_houses[a..b]
    }

    /// Does house `h` hold `cell`?
    #[inline]
    pub fn house_contains(&self, h: House, cell: Cell) -> bool {
        self.houses_of(cell).contains(&h)
    }

    /// The peers of `cell`: every other cell sharing a house with it, sorted.
    ///
    /// # Panics
    /// If `cell` is not a cell of the grid.
    #[inline]
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        let c = cell.index();
        let (a, b) = (self.peer_start[c] as usize, self.peer_start[c + 1] as usize);
        &self.peers[a..b]
    }

    /// Do two distinct cells share a house? One bit test.
    ///
    /// # Panics
    /// If a cell is not a cell of the grid.
    #[inline]
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        let b = b.index();
        self.peer_bits[a.index() * self.words + b / 64] >> (b % 64) & 1 != 0
    }

    /// Every pair of houses `(a, b)` sharing at least two cells but fewer than N, both ways
    /// round (`(a, b)` and `(b, a)`), by increasing `a` then `b`: the boxes with the rows
    /// and columns they cross, the diagonals with the boxes, and so on.
    ///
    /// ```
    /// use sudoku_core::{Geometry, Shape};
    ///
    /// let geo = Geometry::classic(Shape::CLASSIC);
    /// // Each box meets 3 rows and 3 columns in 3 cells: 54 pairs, both ways.
    /// assert_eq!(geo.intersections().len(), 108);
    /// let first = geo.intersections()[0];
    /// assert_eq!((first.a, first.b), (geo.row(0), sudoku_core::House::new(18)));
    /// assert_eq!((first.in_a, first.in_b), (0b111, 0b111));
    /// ```
    pub fn intersections(&self) -> &[Intersection] {
        &self.intersections
    }

    /// The values placed in each house (one mask per house).
    ///
    /// # Panics
    /// If `cells.len() != N×N`.
    pub fn house_masks(&self, cells: &[u8]) -> Vec<Candidates> {
        assert_eq!(cells.len(), self.cell_count(), "cells of another shape");
        self.houses
            .chunks(self.size())
            .map(|h| h.iter().map(|&c| cells[c.index()]).collect())
            .collect()
    }

    /// The values a cell can take: every value absent from its peers (empty set for a
    /// filled cell). This is the "Aide" of "Sudoku — Solitaire de nombres" for one cell.
    ///
    /// # Panics
    /// If `cells.len() != N×N` or `cell` is not a cell of the grid.
    pub fn candidates_of(&self, cells: &[u8], cell: Cell) -> Candidates {
        assert_eq!(cells.len(), self.cell_count(), "cells of another shape");
        if cells[cell.index()] != 0 {
            return Candidates::EMPTY;
        }
        let used: Candidates = self.peers(cell).iter().map(|&p| cells[p.index()]).collect();
        Candidates::all(self.size()) - used
    }

    /// The candidates of every cell (empty sets for filled cells).
    ///
    /// # Panics
    /// If `cells.len() != N×N`.
    pub fn candidates(&self, cells: &[u8]) -> Vec<Candidates> {
        let masks = self.house_masks(cells);
        let all = Candidates::all(self.size());
        (0..self.cells)
            .map(Cell::new)
            .map(|c| {
                if cells[c.index()] != 0 {
                    return Candidates::EMPTY;
                }
                let used = self
                    .houses_of(c)
                    .iter()
                    .fold(Candidates::EMPTY, |acc, &h| acc | masks[h.index()]);
                all - used
            })
            .collect()
    }

    /// The first pair of cells of a house holding the same value, as `(house, cell, cell)`.
    pub fn find_clash(&self, cells: &[u8]) -> Option<(House, Cell, Cell)> {
        let n = self.size();
        let mut seen: Vec<Option<Cell>> = vec![None; n + 1];
        for h in self.houses() {
            seen.iter_mut().for_each(|s| *s = None);
            for &c in self.house(h) {
                let v = cells[c.index()] as usize;
                if v == 0 || v > n {
                    continue;
                }
                if let Some(first) = seen[v] {
                    return Some((h, first, c));
                }
                seen[v] = Some(c);
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

/// The pairs of houses sharing two cells or more but not all, both ways round.
fn intersections(n: usize, houses: &[Cell], count: usize, cells: usize) -> Vec<Intersection> {
    let mut member = vec![u32::MAX; cells];
    let mut out = Vec::new();
    for a in 0..count {
        let cells_a = &houses[a * n..(a + 1) * n];
        for (i, &c) in cells_a.iter().enumerate() {
            member[c.index()] = i as u32;
        }
        for b in (0..count).filter(|&b| b != a) {
            let (mut in_a, mut in_b) = (0u32, 0u32);
            for (j, &c) in houses[b * n..(b + 1) * n].iter().enumerate() {
                let i = member[c.index()];
                if i != u32::MAX {
                    in_a |= 1 << i;
                    in_b |= 1 << j;
                }
            }
            if in_a.count_ones() >= 2 && (in_a.count_ones() as usize) < n {
                out.push(Intersection {
                    a: House::new(a),
                    b: House::new(b),
                    in_a,
                    in_b,
                });
            }
        }
        for &c in cells_a {
            member[c.index()] = u32::MAX;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::RegionMap;

    #[test]
    fn peer_counts() {
        let geo = Geometry::classic(Shape::CLASSIC);
        assert!(Shape::CLASSIC.cells().all(|c| geo.peers(c).len() == 20));
        let x = Geometry::new(Shape::CLASSIC, &Variant::x()).unwrap();
        let centre = Cell::new(40);
        assert_eq!(x.peers(centre).len(), 20 + 12); // the diagonals add 12 cells outside its box
        assert_eq!(x.houses_of(centre).len(), 5);
        let latin = Geometry::new(Shape::CLASSIC, &Variant::latin()).unwrap();
        assert_eq!(latin.peers(Cell::new(0)).len(), 16);
        assert!(latin.sees(Cell::new(0), Cell::new(8)) && !latin.sees(Cell::new(0), Cell::new(10)));
        assert!(!latin.sees(Cell::new(0), Cell::new(0)));
    }

    #[test]
    fn extra_houses() {
        let d = Geometry::new(Shape::CLASSIC, &Variant::classic().with_disjoint_groups()).unwrap();
        assert_eq!(d.house_count(), 36);
        assert_eq!(
            indices(d.house(House::new(27))),
            [0, 3, 6, 27, 30, 33, 54, 57, 60]
        );
        let w = Geometry::new(Shape::CLASSIC, &Variant::classic().with_windows()).unwrap();
        assert_eq!(w.house_count(), 31);
        assert_eq!(
            indices(w.house(House::new(27))),
            [10, 11, 12, 19, 20, 21, 28, 29, 30]
        );
        assert_eq!(
            indices(w.house(House::new(30))),
            [50, 51, 52, 59, 60, 61, 68, 69, 70]
        );
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
            Geometry::new(
                Shape::new(1, 2).unwrap(),
                &Variant::jigsaw(map.clone()).with_windows()
            ),
            Err(VariantError::NeedsBoxes)
        );
        let j = Geometry::new(Shape::new(1, 2).unwrap(), &Variant::jigsaw(map)).unwrap();
        assert_eq!(indices(j.house(House::new(4))), [0, 2]);
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
        assert_eq!(geo.candidates_of(&cells, Cell::new(1)), cands[1]);
        assert_eq!(geo.find_clash(&cells), None);
        cells[15] = 1;
        assert_eq!(geo.find_clash(&cells), None);
        cells[12] = 1;
        assert_eq!(
            geo.find_clash(&cells),
            Some((House::new(3), Cell::new(12), Cell::new(15)))
        );
    }

    fn indices(cells: &[Cell]) -> Vec<usize> {
        cells.iter().map(|c| c.index()).collect()
    }

    /// The lookups against their definitions: rows and columns, peers and `sees`, the houses
    /// of a cell, intersections (shared cells at the positions given), on several variants.
    #[test]
    fn lookups_match_their_definitions() {
        let map: RegionMap = "AAB\nABB\nCCC".parse().unwrap();
        for geo in [
            Geometry::new(Shape::CLASSIC, &Variant::x().with_windows()).unwrap(),
            Geometry::new(
                Shape::new(2, 3).unwrap(),
                &Variant::classic().with_disjoint_groups(),
            )
            .unwrap(),
            Geometry::new(Shape::new(1, 3).unwrap(), &Variant::jigsaw(map.clone())).unwrap(),
            Geometry::new(Shape::new(2, 4).unwrap(), &Variant::classic()).unwrap(),
        ] {
            let (shape, n) = (geo.shape(), geo.size());
            for i in 0..n {
                assert_eq!(geo.house_kind(geo.row(i)), HouseKind::Row(i as u8));
                assert_eq!(geo.house_kind(geo.column(i)), HouseKind::Column(i as u8));
            }
            for a in shape.cells() {
                for b in shape.cells() {
                    let share = geo
                        .houses()
                        .any(|h| geo.house(h).contains(&a) && geo.house(h).contains(&b));
                    assert_eq!(geo.sees(a, b), a != b && share);
                    assert_eq!(geo.peers(a).contains(&b), a != b && share);
                }
                for h in geo.houses() {
                    assert_eq!(geo.house_contains(h, a), geo.house(h).contains(&a));
                }
            }
            let mut pairs = 0;
            for a in geo.houses() {
                for b in geo.houses().filter(|&b| b != a) {
                    let shared: Vec<Cell> = geo
                        .house(a)
                        .iter()
                        .copied()
                        .filter(|c| geo.house(b).contains(c))
                        .collect();
                    if shared.len() < 2 || shared.len() == n {
                        continue;
                    }
                    let x = geo.intersections()[pairs];
                    assert_eq!((x.a, x.b), (a, b));
                    let at = |mask: u32, h: House| -> Vec<Cell> {
                        (0..n)
                            .filter(|&i| mask >> i & 1 == 1)
                            .map(|i| geo.house(h)[i])
                            .collect()
                    };
                    let mut in_b = at(x.in_b, b);
                    in_b.sort_unstable();
                    let mut in_a = at(x.in_a, a);
                    in_a.sort_unstable();
                    assert_eq!((&in_a, &in_b), (&shared, &shared));
                    pairs += 1;
                }
            }
            assert_eq!(pairs, geo.intersections().len());
        }
        let x = Geometry::new(Shape::CLASSIC, &Variant::x()).unwrap();
        // The diagonals meet the three boxes they cross in three cells.
        assert_eq!(x.intersections().len(), 108 + 2 * 2 * 3);
    }

    #[test]
    fn classic_is_shared() {
        let a = Geometry::classic(Shape::CLASSIC);
        let b = Geometry::classic(Shape::CLASSIC);
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(
            *a,
            Geometry::new(Shape::CLASSIC, &Variant::classic()).unwrap()
        );
        let six = Geometry::classic(Shape::new(2, 3).unwrap());
        assert_eq!(six.shape(), Shape::new(2, 3).unwrap());
        assert_eq!(
            Geometry::classic(Shape::new(3, 2).unwrap()).shape(),
            Shape::new(3, 2).unwrap()
        );
    }

    #[test]
    fn house_names() {
        let names = [
            (HouseKind::Row(3), "row 4"),
            (HouseKind::Column(1), "column 2"),
            (HouseKind::Box(4), "box 5"),
            (HouseKind::Region(0), "region 1"),
            (HouseKind::Diagonal(0), "the main diagonal"),
            (HouseKind::Diagonal(1), "the anti-diagonal"),
            (HouseKind::DisjointGroup(2), "disjoint group 3"),
            (HouseKind::Window(1), "window 2"),
            (HouseKind::Custom(0), "extra house 1"),
        ];
        for (kind, name) in names {
            assert_eq!(kind.to_string(), name);
        }
    }
}
