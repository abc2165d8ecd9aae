//! The houses of the 9×9 grid: sudoku-core's classic [`Geometry`], kept at hand, and two
//! fixed tables built once from it for the scans that visit every house or every cell's
//! houses (checking a grid, playing an entry, a bot's plans), where they are measurably faster
//! than the geometry's slices.

use std::sync::{Arc, OnceLock};

use sudoku_core::{Cell, Geometry, Shape};

/// The classic 9×9 geometry: houses 0–8 are the rows, 9–17 the columns, 18–26 the boxes.
pub(crate) fn classic() -> &'static Geometry {
    static CLASSIC: OnceLock<Arc<Geometry>> = OnceLock::new();
    CLASSIC.get_or_init(|| Geometry::classic(Shape::CLASSIC))
}

/// The nine cells (indices) of each house, in the geometry's order.
pub(crate) fn house_cells() -> &'static [[u8; 9]; 27] {
    static TABLE: OnceLock<[[u8; 9]; 27]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let geometry = classic();
        let mut table = [[0u8; 9]; 27];
        for (h, cells) in geometry.houses().zip(&mut table) {
            for (slot, cell) in cells.iter_mut().zip(geometry.house(h)) {
                *slot = cell.index() as u8;
            }
        }
        table
    })
}

/// The three houses (indices: its row, column and box) of each cell.
pub(crate) fn cell_houses() -> &'static [[u8; 3]; 81] {
    static TABLE: OnceLock<[[u8; 3]; 81]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let geometry = classic();
        let mut table = [[0u8; 3]; 81];
        for (cell, houses) in table.iter_mut().enumerate() {
            for (slot, h) in houses.iter_mut().zip(geometry.houses_of(Cell::new(cell))) {
                *slot = h.index() as u8;
            }
        }
        table
    })
}

#[cfg(test)]
mod tests {
    use sudoku_core::{House, HouseKind};

    use super::*;

    #[test]
    fn the_tables_are_the_geometry() {
        let geometry = classic();
        assert_eq!(geometry.house_count(), 27);
        for h in geometry.houses() {
            let cells: Vec<usize> = house_cells()[h.index()].iter().map(|&c| c.into()).collect();
            let theirs: Vec<usize> = geometry.house(h).iter().map(|c| c.index()).collect();
            assert_eq!(cells, theirs);
        }
        for cell in Shape::CLASSIC.cells() {
            let houses = cell_houses()[cell.index()].map(|h| House::new(h.into()));
            assert_eq!(houses.as_slice(), geometry.houses_of(cell));
        }
        assert_eq!(geometry.house_kind(House::new(20)), HouseKind::Box(2));
    }
}
