//! Lookups from a cell to its houses of one kind, from a kind to its house, and from a cell
//! to its place for people.

use super::{Geometry, HouseKind};
use crate::cell::{Cell, CellDisplay, House};

impl Geometry {
    /// The row holding `cell` ([`HouseKind::Row`]; in a [`layout`](Self::layout), the row of
    /// the first grid holding it), `None` for a cell outside the grid or a cube (whose
    /// houses are planes).
    ///
    /// ```
    /// use sudoku_core::{Geometry, HouseKind, Shape};
    ///
    /// let geo = Geometry::classic(Shape::CLASSIC);
    /// let cell = Shape::CLASSIC.cell(4, 7); // r5c8
    /// assert_eq!(geo.row_of(cell).map(|h| geo.house_kind(h)), Some(HouseKind::Row(4)));
    /// assert_eq!(geo.row_of(cell), Some(geo.row(4)));
    /// ```
    pub fn row_of(&self, cell: Cell) -> Option<House> {
        self.house_of(cell, |k| matches!(k, HouseKind::Row(_)))
    }

    /// The column holding `cell` ([`HouseKind::Column`]), as [`row_of`](Self::row_of) finds
    /// the row.
    ///
    /// ```
    /// use sudoku_core::{Geometry, HouseKind, Shape};
    ///
    /// let geo = Geometry::classic(Shape::CLASSIC);
    /// let cell = Shape::CLASSIC.cell(4, 7);
    /// assert_eq!(geo.column_of(cell).map(|h| geo.house_kind(h)), Some(HouseKind::Column(7)));
    /// ```
    pub fn column_of(&self, cell: Cell) -> Option<House> {
        self.house_of(cell, |k| matches!(k, HouseKind::Column(_)))
    }

    /// The box holding `cell`: its rectangular box ([`HouseKind::Box`]) or its jigsaw region
    /// ([`HouseKind::Region`]); `None` for a cell outside the grid, a Latin square or a cube
    /// (which have neither).
    ///
    /// ```
    /// use sudoku_core::{Geometry, HouseKind, RegionMap, Shape, Variant};
    ///
    /// let geo = Geometry::classic(Shape::CLASSIC);
    /// let cell = Shape::CLASSIC.cell(4, 7);
    /// assert_eq!(geo.box_of(cell).map(|h| geo.house_kind(h)), Some(HouseKind::Box(5)));
    ///
    /// let map: RegionMap = "aabb\naabb\nccdd\ncdcd".parse()?;
    /// let jigsaw = Geometry::new(Shape::new(2, 2)?, &Variant::jigsaw(map))?;
    /// let r4c2 = Shape::new(2, 2)?.cell(3, 1);
    /// assert_eq!(jigsaw.box_of(r4c2).map(|h| jigsaw.house_kind(h)), Some(HouseKind::Region(3)));
    /// assert_eq!(Geometry::new(Shape::new(2, 2)?, &Variant::latin())?.box_of(r4c2), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn box_of(&self, cell: Cell) -> Option<House> {
        self.house_of(cell, |k| {
            matches!(k, HouseKind::Box(_) | HouseKind::Region(_))
        })
    }

    /// The first house holding `cell` whose kind passes `is_kind`.
    fn house_of(&self, cell: Cell, is_kind: impl Fn(HouseKind) -> bool) -> Option<House> {
        if cell.index() >= self.cells {
            return None;
        }
        self.houses_of(cell)
            .iter()
            .copied()
            .find(|&h| is_kind(self.kinds[h.index()]))
    }

    /// The house of kind `kind` (the reverse of [`house_kind`](Self::house_kind)), `None`
    /// when the geometry has no such house. In a [`layout`](Self::layout), where each grid
    /// has its row 1, the first such house.
    ///
    /// ```
    /// use sudoku_core::{Geometry, HouseKind, Shape, Variant};
    ///
    /// let x = Geometry::new(Shape::CLASSIC, &Variant::x())?;
    /// let anti = x.find_house(HouseKind::Diagonal(1)).expect("Sudoku X has both diagonals");
    /// assert_eq!(x.house_kind(anti), HouseKind::Diagonal(1));
    /// assert_eq!(x.house(anti)[0], Shape::CLASSIC.cell(0, 8));
    /// assert_eq!(Geometry::classic(Shape::CLASSIC).find_house(HouseKind::Diagonal(1)), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find_house(&self, kind: HouseKind) -> Option<House> {
        self.kinds.iter().position(|&k| k == kind).map(House::new)
    }

    /// `cell` for people, as the crate's errors name it: `r3c1` (1-based row and column, in
    /// the frame of a [`layout`](Self::layout)), or `cell 700` for an index outside the grid.
    ///
    /// ```
    /// use sudoku_core::layout::Layout;
    /// use sudoku_core::{Cell, Geometry, Shape};
    ///
    /// assert_eq!(Geometry::classic(Shape::CLASSIC).display_cell(Cell::new(80)).to_string(), "r9c9");
    /// let samurai = Geometry::from_layout(Layout::samurai())?;
    /// let centre = Layout::samurai().cell_at(10, 10).expect("the centre grid");
    /// assert_eq!(samurai.display_cell(centre).to_string(), "r11c11");
    /// assert_eq!(samurai.display_cell(Cell::new(400)).to_string(), "cell 400");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn display_cell(&self, cell: Cell) -> CellDisplay {
        if cell.index() >= self.cells {
            return CellDisplay::index(cell.index());
        }
        match &self.layout {
            Some(layout) => layout.display_cell(cell),
            None => cell.display(self.shape),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use crate::shape::Shape;
    use crate::variant::{RegionMap, Variant};

    /// Every cell's row, column and box, found through the geometry, hold the cell and are
    /// the houses of its row, column and box as the shape numbers them.
    #[test]
    fn the_houses_of_a_cell_by_kind() {
        for shape in [
            Shape::new(2, 2).unwrap(),
            Shape::new(2, 3).unwrap(),
            Shape::CLASSIC,
        ] {
            let geo = Geometry::classic(shape);
            for cell in shape.cells() {
                let (r, c, b) = (shape.row_of(cell), shape.col_of(cell), shape.box_of(cell));
                let kind = |h: Option<House>| h.map(|h| geo.house_kind(h));
                assert_eq!(kind(geo.row_of(cell)), Some(HouseKind::Row(r as u8)));
                assert_eq!(kind(geo.column_of(cell)), Some(HouseKind::Column(c as u8)));
                assert_eq!(kind(geo.box_of(cell)), Some(HouseKind::Box(b as u8)));
                for h in [geo.row_of(cell), geo.column_of(cell), geo.box_of(cell)] {
                    assert!(geo.house_contains(h.unwrap(), cell));
                }
            }
            let outside = Cell::new(shape.cell_count());
            assert_eq!(
                (
                    geo.row_of(outside),
                    geo.column_of(outside),
                    geo.box_of(outside)
                ),
                (None, None, None)
            );
        }
    }

    #[test]
    fn regions_latin_squares_layouts_and_cubes() {
        let four = Shape::new(2, 2).unwrap();
        let map: RegionMap = "AABB\nBBAA\nCCDD\nCCDD".parse().unwrap();
        let jigsaw = Geometry::new(four, &Variant::jigsaw(map)).unwrap();
        let r2c1 = four.cell(1, 0);
        let region = jigsaw.box_of(r2c1).unwrap();
        assert_eq!(jigsaw.house_kind(region), HouseKind::Region(1));
        assert!(jigsaw.house(region).contains(&four.cell(0, 2)));
        let latin = Geometry::new(four, &Variant::latin()).unwrap();
        assert_eq!(latin.box_of(r2c1), None);
        assert!(latin.row_of(r2c1).is_some());
        // A Samurai cell shared by two grids: the row of the first grid holding it.
        let samurai = Geometry::from_layout(Layout::samurai()).unwrap();
        let shared = Layout::samurai().cell_at(7, 7).unwrap();
        let rows: Vec<House> = samurai
            .houses_of(shared)
            .iter()
            .copied()
            .filter(|&h| matches!(samurai.house_kind(h), HouseKind::Row(_)))
            .collect();
        assert_eq!(rows.len(), 2);
        assert_eq!(samurai.row_of(shared), Some(rows[0]));
        assert_eq!(samurai.display_cell(shared).to_string(), "r8c8");
        // A cube's houses are planes: no row, no box.
        let cube = Geometry::from_layout(Layout::cube(2).unwrap()).unwrap();
        assert_eq!(
            (cube.row_of(Cell::new(0)), cube.box_of(Cell::new(0))),
            (None, None)
        );
    }

    #[test]
    fn a_house_by_its_kind() {
        let geo = Geometry::new(Shape::CLASSIC, &Variant::x().with_windows()).unwrap();
        for h in geo.houses() {
            assert_eq!(geo.find_house(geo.house_kind(h)), Some(h));
        }
        assert_eq!(geo.find_house(HouseKind::Region(0)), None);
        assert_eq!(geo.find_house(HouseKind::Row(9)), None);
    }
}
