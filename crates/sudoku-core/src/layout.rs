//! Geometries beyond one square: several N×N grids placed at offsets in a frame (Samurai,
//! Tiny Samurai, twin, butterfly, flower, any arrangement), and cubes whose planes are the
//! houses (Roxdoku).
//!
//! A [`Layout`] places cells in a *frame* of rows and columns; positions of the frame outside
//! every grid are not cells. The cells are numbered in the frame's reading order (row by row,
//! left to right), so a [`Grid`] of a layout holds one value per cell, and nothing for the
//! holes. [`Geometry::from_layout`] turns a layout into houses: every house of every grid, a
//! cell shared by several grids belonging to the houses of each (a box shared by two grids
//! is one house). The [`Solver`](crate::Solver) and the
//! [`Generator`](crate::Generator) then work on it unchanged, by dancing links.
//!
//! | layout | grids | frame | cells |
//! |---|---|---|---|
//! | [`Layout::samurai`] (Gattai 5) | five 9×9 overlapping at the corner boxes | 21×21 | 369 |
//! | [`Layout::tiny_samurai`] | five 4×4, the centre one sharing a corner cell with each | 10×10 | 76 |
//! | [`Layout::twin`] | two 9×9 sharing a corner box | 15×15 | 153 |
//! | [`Layout::butterfly`] | four 9×9 in a 12×12 square | 12×12 | 144 |
//! | [`Layout::flower`] | a 9×9 and four overlapping it by six rows or columns | 15×15 | 189 |
//! | [`Layout::grids`] | any arrangement of N×N grids at offsets | up to 255×255 | up to 625 |
//! | [`Layout::cube`] (Roxdoku) | a k×k×k cube, N = k², its 3k planes the houses | k × (k² + k − 1) | k³ |
//!
//! The Samurai is the "Gattai 5" of the French Wikipedia article on Sudoku (five 9×9 grids
//! overlapping at the corners); the Tiny Samurai and the Roxdoku cubes are those of the
//! KDE game ksudoku.
//!
//! ```
//! use sudoku_core::layout::Layout;
//! use sudoku_core::{Geometry, Solver};
//!
//! let geo = Geometry::from_layout(Layout::samurai())?;
//! assert_eq!(geo.cell_count(), 369);
//! let mut solver = Solver::new(geo.clone());
//! let full = solver.solve(&geo.empty_grid())?.expect("a complete Samurai");
//! assert!(geo.is_solution(full.cells()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashSet;
use std::sync::Arc;

use crate::cell::{Cell, CellDisplay, House};
use crate::generate::Symmetry;
use crate::geometry::{Geometry, HouseKind, VariantError};
use crate::grid::{Grid, GridError};
use crate::shape::{MAX_SIZE, Shape};
use crate::variant::Variant;

/// What a layout is made of.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Arrangement {
    /// Square grids of one shape and variant, at `(row, column)` offsets in the frame.
    Grids {
        /// The shape of every grid.
        shape: Shape,
        /// The rules of every grid (classic, X, jigsaw…).
        variant: Variant,
        /// The top-left corner of each grid in the frame.
        offsets: Vec<(usize, usize)>,
    },
    /// A cube of side `side` (N = side²) whose planes are the houses.
    Cube {
        /// The side k of the cube (2 to 5).
        side: usize,
    },
}

/// A layout that cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LayoutError {
    /// No grid at all.
    #[error("a layout needs at least one grid")]
    Empty,
    /// Two grids at the same offset.
    #[error("two grids at offset ({row}, {col})")]
    Duplicate {
        /// Row offset.
        row: usize,
        /// Column offset.
        col: usize,
    },
    /// Too many cells, or a frame side too long.
    #[error(
        "a layout of {cells} cells in a {rows}x{cols} frame is too large (at most {} cells, sides of {})",
        Layout::MAX_CELLS,
        Layout::MAX_FRAME_SIDE
    )]
    TooLarge {
        /// Cells of the layout.
        cells: usize,
        /// Frame rows.
        rows: usize,
        /// Frame columns.
        cols: usize,
    },
    /// A cube side other than 2 to 5.
    #[error("a cube side must be 2 to 5, got {side}")]
    CubeSide {
        /// The side given.
        side: usize,
    },
}

/// Cells placed in a frame, with the arrangement they come from. See the
/// [module documentation](self).
///
/// ```
/// use sudoku_core::layout::Layout;
/// use sudoku_core::Cell;
///
/// let samurai = Layout::samurai();
/// assert_eq!((samurai.rows(), samurai.cols(), samurai.cell_count()), (21, 21, 369));
/// assert_eq!(samurai.cell_at(0, 9), None); // between the two top grids
/// assert_eq!(samurai.cell_at(0, 12), Some(Cell::new(9)));
/// assert_eq!(samurai.position(Cell::new(9)), (0, 12));
/// assert_eq!(samurai.grid_count(), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "Arrangement", into = "Arrangement")
)]
pub struct Layout {
    arrangement: Arrangement,
    shape: Shape,
    rows: usize,
    cols: usize,
    /// The frame position of each cell.
    positions: Vec<(u8, u8)>,
    /// The cell at each frame position plus one, 0 for none.
    at: Vec<u16>,
}

impl TryFrom<Arrangement> for Layout {
    type Error = LayoutError;
    fn try_from(a: Arrangement) -> Result<Layout, LayoutError> {
        match a {
            Arrangement::Grids {
                shape,
                variant,
                offsets,
            } => Layout::grids(shape, &variant, &offsets),
            Arrangement::Cube { side } => Layout::cube(side),
        }
    }
}

impl From<Layout> for Arrangement {
    fn from(l: Layout) -> Arrangement {
        l.arrangement
    }
}

impl Layout {
    /// The most cells a layout may have (the cells of the largest square grid, 25×25).
    ///
    /// ```
    /// use sudoku_core::layout::{Layout, LayoutError};
    /// use sudoku_core::{Shape, Variant};
    /// let eight: Vec<(usize, usize)> = (0..8).map(|i| (0, 9 * i)).collect();
    /// let err = Layout::grids(Shape::CLASSIC, &Variant::classic(), &eight).unwrap_err();
    /// assert!(matches!(err, LayoutError::TooLarge { cells: 648, .. }) && 648 > Layout::MAX_CELLS);
    /// ```
    pub const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

    /// The largest side of a layout's frame, in rows or columns.
    ///
    /// ```
    /// use sudoku_core::layout::{Layout, LayoutError};
    /// use sudoku_core::{Shape, Variant};
    /// let far = Layout::grids(Shape::new(2, 2)?, &Variant::classic(), &[(0, 0), (Layout::MAX_FRAME_SIDE, 0)]);
    /// assert!(matches!(far, Err(LayoutError::TooLarge { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const MAX_FRAME_SIDE: usize = 255;

    /// The longest text, in bytes, that [`frame::parse`](crate::format::frame::parse) reads
    /// for a grid of a layout (a 255 × 255 frame of four-byte characters with its line ends
    /// fits); a longer text is refused before it is read.
    ///
    /// ```
    /// use sudoku_core::format::{frame, ReadOptions};
    /// use sudoku_core::layout::Layout;
    /// let long = " ".repeat(Layout::MAX_TEXT_LEN + 1);
    /// let err = frame::parse(&long, &Layout::samurai(), &ReadOptions::default()).unwrap_err();
    /// assert!(matches!(err, frame::ParseFrameError::TooLong { .. }));
    /// ```
    pub const MAX_TEXT_LEN: usize = 1 << 20;

    /// Square grids of `shape`, each with the rules of `variant`, their top-left corners at
    /// `offsets` (row, column) in the frame. The offsets are moved together so that the
    /// smallest row and column are 0.
    ///
    /// ```
    /// use sudoku_core::layout::Layout;
    /// use sudoku_core::{Shape, Variant};
    ///
    /// // Two 9×9 grids sharing a 3×9 band ("sohei"-like arrangements work the same way).
    /// let two = Layout::grids(Shape::CLASSIC, &Variant::classic(), &[(0, 0), (6, 0)])?;
    /// assert_eq!((two.rows(), two.cols(), two.cell_count()), (15, 9, 135));
    /// # Ok::<(), sudoku_core::layout::LayoutError>(())
    /// ```
    ///
    /// # Errors
    /// [`LayoutError`]: no offset, two equal offsets, more than [`Layout::MAX_CELLS`] cells
    /// or a frame side above [`Layout::MAX_FRAME_SIDE`].
    pub fn grids(
        shape: Shape,
        variant: &Variant,
        offsets: &[(usize, usize)],
    ) -> Result<Layout, LayoutError> {
        let n = shape.size();
        let (Some(top), Some(left)) = (
            offsets.iter().map(|o| o.0).min(),
            offsets.iter().map(|o| o.1).min(),
        ) else {
            return Err(LayoutError::Empty);
        };
        let offsets: Vec<(usize, usize)> =
            offsets.iter().map(|&(r, c)| (r - top, c - left)).collect();
        let mut seen = HashSet::new();
        for &(row, col) in &offsets {
            if !seen.insert((row, col)) {
                return Err(LayoutError::Duplicate {
                    row: row + top,
                    col: col + left,
                });
            }
        }
        let rows = offsets
            .iter()
            .map(|o| o.0)
            .max()
            .unwrap_or(0)
            .saturating_add(n);
        let cols = offsets
            .iter()
            .map(|o| o.1)
            .max()
            .unwrap_or(0)
            .saturating_add(n);
        if rows > Layout::MAX_FRAME_SIDE || cols > Layout::MAX_FRAME_SIDE {
            return Err(LayoutError::TooLarge {
                cells: 0,
                rows,
                cols,
            });
        }
        let mut covered = vec![false; rows * cols];
        for &(r0, c0) in &offsets {
            for r in r0..r0 + n {
                covered[r * cols + c0..r * cols + c0 + n].fill(true);
            }
        }
        let arrangement = Arrangement::Grids {
            shape,
            variant: variant.clone(),
            offsets,
        };
        Layout::from_mask(arrangement, shape, rows, cols, &covered)
    }

    /// Builds the cell numbering of a frame from its mask of cells.
    fn from_mask(
        arrangement: Arrangement,
        shape: Shape,
        rows: usize,
        cols: usize,
        covered: &[bool],
    ) -> Result<Layout, LayoutError> {
        let cells = covered.iter().filter(|&&c| c).count();
        if cells > Layout::MAX_CELLS {
            return Err(LayoutError::TooLarge { cells, rows, cols });
        }
        let mut positions = Vec::with_capacity(cells);
        let mut at = vec![0u16; rows * cols];
        for (p, _) in covered.iter().enumerate().filter(|(_, c)| **c) {
            positions.push(((p / cols) as u8, (p % cols) as u8));
            at[p] = positions.len() as u16;
        }
        Ok(Layout {
            arrangement,
            shape,
            rows,
            cols,
            positions,
            at,
        })
    }

    /// The Samurai (Gattai 5): five classic 9×9 grids, four at the corners of a 21×21 frame
    /// and one in the centre sharing a corner box with each.
    pub fn samurai() -> Layout {
        Layout::classic_grids(
            Shape::CLASSIC,
            &[(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)],
        )
    }

    /// ksudoku's Tiny Samurai: five 4×4 grids (2×2 boxes) in a 10×10 frame, four at the
    /// corners and one in the centre sharing one corner cell with each.
    pub fn tiny_samurai() -> Layout {
        let four = Shape::new(2, 2).unwrap_or_else(|_| unreachable!());
        Layout::classic_grids(four, &[(0, 0), (0, 6), (3, 3), (6, 0), (6, 6)])
    }

    /// Two 9×9 grids sharing one corner box (15×15 frame).
    pub fn twin() -> Layout {
        Layout::classic_grids(Shape::CLASSIC, &[(0, 0), (6, 6)])
    }

    /// The butterfly: four 9×9 grids in a 12×12 square, each overlapping its neighbours in
    /// six boxes.
    pub fn butterfly() -> Layout {
        Layout::classic_grids(Shape::CLASSIC, &[(0, 0), (0, 3), (3, 0), (3, 3)])
    }

    /// The flower: a central 9×9 grid and four others above, left, right and below it,
    /// each overlapping it by six rows or columns (15×15 frame).
    pub fn flower() -> Layout {
        Layout::classic_grids(Shape::CLASSIC, &[(0, 3), (3, 0), (3, 3), (3, 6), (6, 3)])
    }

    fn classic_grids(shape: Shape, offsets: &[(usize, usize)]) -> Layout {
        Layout::grids(shape, &Variant::classic(), offsets).unwrap_or_else(|_| unreachable!())
    }

    /// A Roxdoku cube of side `side` (2 to 5): `side³` cells, N = side² values, and the 3 ×
    /// side planes (layers, row planes, column planes) are the houses, as ksudoku defines
    /// it. Its frame draws the layers side by side, one column apart: a cell at layer `l`,
    /// row `r`, column `c` sits at frame row `r`, column `l × (side + 1) + c`.
    ///
    /// ```
    /// use sudoku_core::layout::Layout;
    ///
    /// let cube = Layout::cube(3)?;
    /// assert_eq!((cube.rows(), cube.cols(), cube.cell_count()), (3, 11, 27));
    /// assert_eq!(cube.cell_at(0, 3), None); // the gap between layers
    /// # Ok::<(), sudoku_core::layout::LayoutError>(())
    /// ```
    ///
    /// # Errors
    /// [`LayoutError::CubeSide`] for a side outside 2..=5.
    pub fn cube(side: usize) -> Result<Layout, LayoutError> {
        if !(2..=5).contains(&side) {
            return Err(LayoutError::CubeSide { side });
        }
        let shape = Shape::new(side, side).unwrap_or_else(|_| unreachable!());
        let (rows, cols) = (side, side * (side + 1) - 1);
        let covered: Vec<bool> = (0..rows * cols)
            .map(|p| (p % cols) % (side + 1) != side)
            .collect();
        Layout::from_mask(Arrangement::Cube { side }, shape, rows, cols, &covered)
    }

    /// What the layout is made of.
    pub fn arrangement(&self) -> &Arrangement {
        &self.arrangement
    }

    /// The shape of the values: N and, for grids, their boxes.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Rows of the frame.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the frame.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells.
    pub fn cell_count(&self) -> usize {
        self.positions.len()
    }

    /// The number of grids (the layers of a cube).
    pub fn grid_count(&self) -> usize {
        match &self.arrangement {
            Arrangement::Grids { offsets, .. } => offsets.len(),
            Arrangement::Cube { side } => *side,
        }
    }

    /// The cell at frame row `row`, column `col`, if there is one.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<Cell> {
        if row >= self.rows || col >= self.cols {
            return None;
        }
        match self.at[row * self.cols + col] {
            0 => None,
            k => Some(Cell::new(usize::from(k) - 1)),
        }
    }

    /// The frame position (row, column) of `cell`.
    ///
    /// # Panics
    /// If `cell` is not a cell of the layout.
    pub fn position(&self, cell: Cell) -> (usize, usize) {
        let (r, c) = self.positions[cell.index()];
        (usize::from(r), usize::from(c))
    }

    /// `cell` for people: `r3c14` (1-based row and column in the frame), or `cell 400` for
    /// an index outside the layout. [`Geometry::display_cell`] names a layout's cells so.
    ///
    /// ```
    /// use sudoku_core::Cell;
    /// use sudoku_core::layout::Layout;
    ///
    /// let samurai = Layout::samurai();
    /// let cell = samurai.cell_at(2, 13).expect("the top-right grid");
    /// assert_eq!(samurai.display_cell(cell).to_string(), "r3c14");
    /// assert_eq!(samurai.display_cell(Cell::new(400)).to_string(), "cell 400");
    /// ```
    pub fn display_cell(&self, cell: Cell) -> CellDisplay {
        match self.positions.get(cell.index()) {
            Some(&(row, col)) => CellDisplay::at(usize::from(row), usize::from(col)),
            None => CellDisplay::index(cell.index()),
        }
    }

    /// The houses, their kinds and the shape's variant for [`Geometry::from_layout`].
    fn houses(&self) -> Result<(Vec<Cell>, Vec<HouseKind>, Variant), VariantError> {
        let n = self.shape.size();
        let (mut houses, mut kinds) = (Vec::new(), Vec::new());
        match &self.arrangement {
            Arrangement::Grids {
                shape,
                variant,
                offsets,
            } => {
                let square = Geometry::new(*shape, variant)?;
                let mut seen: HashSet<Vec<Cell>> = HashSet::new();
                for &(r0, c0) in offsets {
                    for h in square.houses() {
                        let mut cells: Vec<Cell> = square
                            .house(h)
                            .iter()
                            .map(|&c| {
                                let (r, col) = (c.index() / n, c.index() % n);
                                self.cell_at(r0 + r, c0 + col)
                                    .unwrap_or_else(|| unreachable!("a grid cell"))
                            })
                            .collect();
                        let ordered = cells.clone();
                        cells.sort_unstable();
                        if seen.insert(cells) {
                            houses.extend(ordered);
                            kinds.push(square.house_kind(h));
                        }
                    }
                }
                Ok((houses, kinds, variant.clone()))
            }
            Arrangement::Cube { side } => {
                let k = *side;
                let cell = |l: usize, r: usize, c: usize| Cell::new(r * k * k + l * k + c);
                for axis in 0..3u8 {
                    for i in 0..k {
                        for a in 0..k {
                            for b in 0..k {
                                houses.push(match axis {
                                    0 => cell(i, a, b),
                                    1 => cell(a, i, b),
                                    _ => cell(a, b, i),
                                });
                            }
                        }
                        kinds.push(HouseKind::Plane {
                            axis,
                            index: i as u8,
                        });
                    }
                }
                Ok((houses, kinds, Variant::latin()))
            }
        }
    }

    /// The orbits of the cells under `symmetry` applied to the frame (a quarter turn and
    /// the diagonals need a square frame: on another frame they act as the central
    /// symmetry). Images outside the cells are left out, so the orbits still partition the
    /// cells; the Samurai, Tiny Samurai, twin, butterfly and flower frames are symmetric
    /// under all of them.
    pub fn orbits(&self, symmetry: Symmetry) -> Vec<Vec<Cell>> {
        let (mr, mc) = (self.rows - 1, self.cols - 1);
        let square = self.rows == self.cols;
        let images = |r: usize, c: usize| -> Vec<(usize, usize)> {
            match symmetry {
                Symmetry::None => vec![(r, c)],
                Symmetry::Mirror => vec![(r, c), (r, mc - c), (mr - r, c), (mr - r, mc - c)],
                Symmetry::Quarter if square => {
                    vec![(r, c), (c, mc - r), (mr - r, mc - c), (mc - c, r)]
                }
                Symmetry::Diagonal if square => {
                    vec![(r, c), (c, r), (mc - c, mr - r), (mr - r, mc - c)]
                }
                _ => vec![(r, c), (mr - r, mc - c)],
            }
        };
        let mut seen = vec![false; self.cell_count()];
        let mut out = Vec::new();
        for cell in 0..self.cell_count() {
            if seen[cell] {
                continue;
            }
            let (r, c) = self.position(Cell::new(cell));
            let mut orbit: Vec<Cell> = images(r, c)
                .into_iter()
                .filter_map(|(r, c)| self.cell_at(r, c))
                .collect();
            orbit.sort_unstable();
            orbit.dedup();
            for c in &orbit {
                seen[c.index()] = true;
            }
            out.push(orbit);
        }
        out
    }

    /// Does the pattern of givens of `grid` (a grid of this layout) have `symmetry` on the
    /// frame: each orbit of [`orbits`](Self::orbits) all given or all empty? False for a
    /// grid of another cell count.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use sudoku_core::{Generator, Symmetry};
    /// use sudoku_core::layout::Layout;
    /// use sudoku_core::Geometry;
    ///
    /// let layout = Layout::tiny_samurai();
    /// let geo = Geometry::from_layout(layout.clone())?;
    /// let made = Generator::new(geo).symmetry(Symmetry::Quarter)
    ///     .generate(&mut rand_pcg::Pcg64Mcg::seed_from_u64(3))?;
    /// assert!(layout.holds(Symmetry::Quarter, &made.puzzle));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn holds(&self, symmetry: Symmetry, grid: &Grid) -> bool {
        grid.cells().len() == self.cell_count()
            && self.orbits(symmetry).iter().all(|o| {
                let given = grid.get(o[0].index()) != 0;
                o.iter().all(|&c| (grid.get(c.index()) != 0) == given)
            })
    }
}

impl Geometry {
    /// The houses of a layout: every house of every grid (a house two grids share counted
    /// once), or the planes of a cube. Its cells are the layout's, numbered in the frame's
    /// reading order; [`Geometry::shape`] is the shape of the values (a cube of side k has
    /// the shape k×k: N = k²), [`Geometry::variant`] the rules of each grid (a cube's is the
    /// Latin square's: no boxes).
    ///
    /// ```
    /// use sudoku_core::layout::Layout;
    /// use sudoku_core::{Cell, Geometry};
    ///
    /// let geo = Geometry::from_layout(Layout::samurai())?;
    /// // 5 grids × 27 houses, less the 4 corner boxes shared by two grids.
    /// assert_eq!(geo.house_count(), 131);
    /// let centre = Layout::samurai().cell_at(6, 6).unwrap(); // in the top-left and centre grids
    /// assert_eq!(geo.houses_of(centre).len(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError`] when the grids' variant does not fit their shape.
    pub fn from_layout(layout: impl Into<Arc<Layout>>) -> Result<Geometry, VariantError> {
        let layout = layout.into();
        let (houses, kinds, variant) = layout.houses()?;
        Ok(Geometry::from_houses(
            layout.shape(),
            variant,
            houses,
            kinds,
            layout.cell_count(),
            Some(layout),
        ))
    }

    /// An empty grid of this geometry: [`Grid::empty`] of its shape for one square, the
    /// cells of its layout otherwise.
    ///
    /// ```
    /// use sudoku_core::layout::Layout;
    /// use sudoku_core::Geometry;
    /// assert_eq!(Geometry::from_layout(Layout::samurai())?.empty_grid().cells().len(), 369);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn empty_grid(&self) -> Grid {
        Grid::with_count(self.shape(), self.cell_count(), vec![0; self.cell_count()])
            .unwrap_or_else(|_| unreachable!())
    }

    /// A grid of this geometry from its cells (0 empty, 1..=N values), in the order of
    /// [`Geometry::cell_count`]'s cells.
    ///
    /// ```
    /// use sudoku_core::layout::Layout;
    /// use sudoku_core::Geometry;
    ///
    /// let twin = Geometry::from_layout(Layout::twin())?;
    /// let mut cells = vec![0; twin.cell_count()];
    /// assert!(twin.grid(cells.clone()).is_ok());
    /// cells[20] = 10; // the 21st cell in reading order: the first rows hold 9 cells each
    /// assert_eq!(twin.grid(cells).unwrap_err().to_string(), "r3c3 holds 10, above the side 9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GridError`] if there are not [`cell_count`](Self::cell_count) cells or a value
    /// exceeds N.
    pub fn grid(&self, cells: impl Into<Vec<u8>>) -> Result<Grid, GridError> {
        Grid::with_count(self.shape(), self.cell_count(), cells).map_err(|e| match e {
            GridError::Value {
                cell, value, size, ..
            } => GridError::Value {
                cell,
                at: self.display_cell(Cell::new(cell)),
                value,
                size,
            },
            other => other,
        })
    }

    /// The grid of a layout that holds every cell of house `h` (the first such grid; the
    /// layer of a cube's layer plane), `None` for one square or another plane of a cube.
    pub fn house_grid(&self, h: House) -> Option<usize> {
        let layout = self.layout()?;
        let cells = self.house(h);
        match layout.arrangement() {
            Arrangement::Grids { offsets, .. } => {
                let n = self.size();
                offsets.iter().position(|&(r0, c0)| {
                    cells.iter().all(|&c| {
                        let (r, col) = layout.position(c);
                        (r0..r0 + n).contains(&r) && (c0..c0 + n).contains(&col)
                    })
                })
            }
            Arrangement::Cube { .. } => match self.house_kind(h) {
                HouseKind::Plane { axis: 0, index } => Some(usize::from(index)),
                _ => None,
            },
        }
    }

    /// The orbits of the cells under `symmetry`: those of the shape for one square, of the
    /// layout's frame otherwise (see [`Layout::orbits`]).
    pub(crate) fn orbits(&self, symmetry: Symmetry) -> Vec<Vec<Cell>> {
        match self.layout() {
            Some(l) => l.orbits(symmetry),
            None => symmetry.orbits(self.shape()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_have_their_sizes() {
        let cases = [
            (Layout::samurai(), 21, 21, 369, 131),
            (Layout::tiny_samurai(), 10, 10, 76, 60),
            (Layout::twin(), 15, 15, 153, 53),
            // Grids one above the other share six rows: 12 rows in each of the two column
            // bands, the same for columns, and the 16 boxes of the 12×12 frame.
            (Layout::butterfly(), 12, 12, 144, 24 + 24 + 16),
            // Rows: 9 of the centre, 3 + 3 more of the top and bottom grids, 9 + 9 of the
            // side grids (their rows are other cells); columns the same; 21 boxes.
            (Layout::flower(), 15, 15, 189, 33 + 33 + 21),
        ];
        for (layout, rows, cols, cells, houses) in cases {
            assert_eq!(
                (layout.rows(), layout.cols(), layout.cell_count()),
                (rows, cols, cells)
            );
            let geo = Geometry::from_layout(layout.clone()).unwrap();
            assert_eq!(geo.house_count(), houses, "{layout:?}");
            for cell in 0..cells {
                let c = Cell::new(cell);
                let (r, col) = layout.position(c);
                assert_eq!(layout.cell_at(r, col), Some(c));
                assert!(!geo.houses_of(c).is_empty());
            }
        }
    }

    #[test]
    fn bad_layouts() {
        let v = Variant::classic();
        let s = Shape::CLASSIC;
        assert_eq!(Layout::grids(s, &v, &[]), Err(LayoutError::Empty));
        assert_eq!(
            Layout::grids(s, &v, &[(3, 3), (3, 3)]),
            Err(LayoutError::Duplicate { row: 3, col: 3 })
        );
        assert!(matches!(
            Layout::grids(s, &v, &[(0, 0), (300, 0)]),
            Err(LayoutError::TooLarge { .. })
        ));
        let many: Vec<(usize, usize)> = (0..8).map(|i| (0, i * 9)).collect();
        assert!(matches!(
            Layout::grids(s, &v, &many),
            Err(LayoutError::TooLarge { cells: 648, .. })
        ));
        assert_eq!(Layout::cube(6), Err(LayoutError::CubeSide { side: 6 }));
        let moved = Layout::grids(s, &v, &[(6, 6), (12, 12)]).unwrap();
        assert_eq!(moved, Layout::twin());
    }

    #[test]
    fn cube_planes() {
        for k in 2..=4 {
            let geo = Geometry::from_layout(Layout::cube(k).unwrap()).unwrap();
            assert_eq!(geo.house_count(), 3 * k);
            for c in 0..k * k * k {
                assert_eq!(geo.houses_of(Cell::new(c)).len(), 3);
                // Three planes of k² cells meeting in the cell: 3 (k² − 1) − 3 (k − 1) peers.
                assert_eq!(geo.peers(Cell::new(c)).len(), 3 * (k * k - 1) - 3 * (k - 1));
            }
        }
    }

    #[test]
    fn house_grids() {
        let geo = Geometry::from_layout(Layout::samurai()).unwrap();
        let first = geo
            .houses()
            .filter(|&h| geo.house_grid(h) == Some(0))
            .count();
        assert_eq!(first, 27);
        let centre = geo
            .houses()
            .filter(|&h| geo.house_grid(h) == Some(2))
            .count();
        // Grids 0 and 1 (above it in the list) hold two of its corner boxes.
        assert_eq!(centre, 27 - 2);
        assert!(geo.houses().all(|h| geo.house_grid(h).is_some()));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_round_trips() {
        let layout = Layout::samurai();
        let json = serde_json::to_string(&layout).unwrap();
        assert_eq!(serde_json::from_str::<Layout>(&json).unwrap(), layout);
        let geo = Geometry::from_layout(layout).unwrap();
        let mut cells = vec![0u8; geo.cell_count()];
        cells[5] = 7;
        let grid = geo.grid(cells).unwrap();
        let json = serde_json::to_string(&grid).unwrap();
        assert!(json.ends_with(r#","cell_count":369}"#), "{json}");
        assert_eq!(serde_json::from_str::<Grid>(&json).unwrap(), grid);
        let short = json.replace(r#""cell_count":369"#, r#""cell_count":370"#);
        assert!(serde_json::from_str::<Grid>(&short).is_err());
        let bad = r#"{"arrangement":"x"}"#;
        assert!(serde_json::from_str::<Layout>(bad).is_err());
    }

    #[test]
    fn orbits_partition() {
        for layout in [
            Layout::samurai(),
            Layout::tiny_samurai(),
            Layout::cube(3).unwrap(),
        ] {
            for sym in [
                Symmetry::None,
                Symmetry::Central,
                Symmetry::Quarter,
                Symmetry::Mirror,
                Symmetry::Diagonal,
            ] {
                let mut all: Vec<Cell> = layout.orbits(sym).into_iter().flatten().collect();
                all.sort_unstable();
                assert_eq!(all.len(), layout.cell_count());
                all.dedup();
                assert_eq!(all.len(), layout.cell_count());
            }
        }
        let samurai = Layout::samurai();
        assert!(
            samurai
                .orbits(Symmetry::Quarter)
                .iter()
                .all(|o| o.len() == 4 || o.len() == 1)
        );
    }
}
