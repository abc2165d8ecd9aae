//! The geometry a rating works on (`sudoku-core`'s [`Geometry`], shared) and the rater's own
//! order of houses: boxes and jigsaw regions first, then rows, columns and the variant's
//! extra houses. Hidden singles and subsets are looked for in that order, as a player scans a
//! grid box by box.

use std::sync::Arc;

use sudoku_core::{Cell, Geometry, House, HouseKind};

/// A geometry and the rater's house order.
#[derive(Clone, Debug)]
pub(crate) struct Rules {
    /// The houses and lookups.
    pub geo: Arc<Geometry>,
    /// Side N.
    pub n: usize,
    /// The number of cells (N × N for one square).
    pub ncells: usize,
    /// One N×N square whose rows and columns are the first 2N houses' lines (not a layout
    /// of several grids or a cube): the techniques that reason on rows and columns by their
    /// index (fish, empty rectangles, uniqueness) apply only then.
    pub square: bool,
    /// All N digits as a mask.
    pub full: u32,
    /// Houses in the order hidden singles and subsets are looked for.
    pub single_order: Vec<House>,
    /// The work units of one scan of the grid's candidates: one per 729 (cell, digit) pairs,
    /// rounded up (1 for a 9×9 grid, 6 for a 16×16, 22 for a 25×25).
    pub scan: u64,
}

impl Rules {
    /// The rules of `geo`.
    pub fn new(geo: Arc<Geometry>) -> Rules {
        let n = geo.size();
        // Box-like houses first for hidden singles, then rows, columns, the rest.
        let class = |h: &House| match geo.house_kind(*h) {
            HouseKind::Box(_) | HouseKind::Region(_) => 0,
            HouseKind::Row(_) => 1,
            HouseKind::Column(_) => 2,
            _ => 3,
        };
        let mut single_order: Vec<House> = geo.houses().collect();
        single_order.sort_by_key(class);
        Rules {
            n,
            ncells: geo.cell_count(),
            square: geo.layout().is_none(),
            full: if n >= 32 { u32::MAX } else { (1u32 << n) - 1 },
            single_order,
            scan: (geo.cell_count() * n).div_ceil(729) as u64,
            geo,
        }
    }

    /// Row and column of a cell.
    #[inline]
    pub fn row_col(&self, cell: Cell) -> (usize, usize) {
        (cell.index() / self.n, cell.index() % self.n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Shape, Variant};

    #[test]
    fn boxes_then_rows_then_columns_then_the_rest() {
        let x = Geometry::new(Shape::CLASSIC, &Variant::x()).unwrap();
        let rules = Rules::new(Arc::new(x));
        let kinds: Vec<HouseKind> = rules
            .single_order
            .iter()
            .map(|&h| rules.geo.house_kind(h))
            .collect();
        assert_eq!(kinds.len(), 29);
        assert_eq!(kinds[0], HouseKind::Box(0));
        assert_eq!(kinds[8], HouseKind::Box(8));
        assert_eq!(kinds[9], HouseKind::Row(0));
        assert_eq!(kinds[18], HouseKind::Column(0));
        assert_eq!(kinds[27], HouseKind::Diagonal(0));
        assert_eq!(rules.full, 0x1ff);
        assert_eq!(rules.row_col(Cell::new(13)), (1, 4));
    }
}
