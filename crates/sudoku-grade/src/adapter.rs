//! The bridge to `sudoku-core`: its geometries become the rater's layouts (cached per thread,
//! since building the lookups costs more than rating an easy puzzle), its grids become values.

use std::cell::RefCell;
use std::sync::Arc;

use sudoku_core::{Geometry, Grid, Shape};

use crate::GradeError;
use crate::layout::Layout;

const CACHE: usize = 4;

thread_local! {
    static CLASSIC: RefCell<Vec<(Shape, Arc<Layout>)>> = const { RefCell::new(Vec::new()) };
    static OTHER: RefCell<Vec<(Geometry, Arc<Layout>)>> = const { RefCell::new(Vec::new()) };
}

/// The layout of the classic rules on `shape`.
pub(crate) fn classic(shape: Shape) -> Arc<Layout> {
    CLASSIC.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some((_, lay)) = cache.iter().find(|(s, _)| *s == shape) {
            return Arc::clone(lay);
        }
        let lay = Arc::new(Layout::from_geometry(&Geometry::classic(shape)));
        if cache.len() == CACHE {
            cache.remove(0);
        }
        cache.push((shape, Arc::clone(&lay)));
        lay
    })
}

/// The layout of any geometry.
pub(crate) fn layout(geo: &Geometry) -> Arc<Layout> {
    if geo.variant().is_classic() {
        return classic(geo.shape());
    }
    OTHER.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some((_, lay)) = cache.iter().find(|(g, _)| g == geo) {
            return Arc::clone(lay);
        }
        let lay = Arc::new(Layout::from_geometry(geo));
        if cache.len() == CACHE {
            cache.remove(0);
        }
        cache.push((geo.clone(), Arc::clone(&lay)));
        lay
    })
}

/// Checks that a grid fits a geometry.
pub(crate) fn check(geo_size: usize, grid: &Grid) -> Result<(), GradeError> {
    if grid.size() != geo_size {
        return Err(GradeError::Geometry {
            grid: grid.size(),
            geometry: geo_size,
        });
    }
    Ok(())
}

/// A grid from values known to fit the shape.
pub(crate) fn grid(shape: Shape, values: Vec<u8>) -> Grid {
    Grid::new(shape, values).unwrap_or_else(|_| unreachable!("values of the layout fit its shape"))
}
