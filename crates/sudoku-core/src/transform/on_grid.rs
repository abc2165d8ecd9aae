//! The equivalence group applied to [`Grid`]s: the shape comes from the grid.

use rand::Rng;

use super::{Transform, TransformError, canonical_form};
use crate::grid::Grid;

impl Grid {
    /// The grid transformed by `t` (puzzles and solutions alike: empty cells stay empty).
    ///
    /// # Errors
    /// [`TransformError::ShapeMismatch`] if `t` was made for another box shape.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use sudoku_core::Grid;
    /// use sudoku_core::transform::Transform;
    ///
    /// let g: Grid = "1..4..7.94..7......8.....6.21......63....5.7...817.3....59.2.3.87..3.5....2.8....".parse()?;
    /// let t = Transform::random(3, 3, &mut rand_pcg::Pcg64Mcg::seed_from_u64(7))?;
    /// let h = g.transformed(&t)?;
    /// assert_eq!(h.given_count(), g.given_count());
    /// assert_eq!(h.transformed(&t.inverse())?, g);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn transformed(&self, t: &Transform) -> Result<Grid, TransformError> {
        let shape = self.shape();
        if (t.box_rows(), t.box_cols()) != (shape.box_rows(), shape.box_cols()) {
            return Err(TransformError::ShapeMismatch {
                expected_box_rows: t.box_rows(),
                expected_box_cols: t.box_cols(),
                found_box_rows: shape.box_rows(),
                found_box_cols: shape.box_cols(),
            });
        }
        let cells = t.apply(self.cells())?;
        Ok(self.with_cells_of_same_shape(cells))
    }

    /// A random grid equivalent to this one (the "bouton E" of "Sudoku — Solitaire de
    /// nombres"), and the transform used.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use sudoku_core::Grid;
    ///
    /// let g: Grid = "1..4..7.94..7......8.....6.21......63....5.7...817.3....59.2.3.87..3.5....2.8....".parse()?;
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    /// let (h, t) = g.random_equivalent(&mut rng)?;
    /// assert_eq!(g.transformed(&t)?, h);
    /// assert!(g.is_equivalent_to(&h)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn random_equivalent<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
    ) -> Result<(Grid, Transform), TransformError> {
        let shape = self.shape();
        let t = Transform::random(shape.box_rows(), shape.box_cols(), rng)?;
        Ok((self.transformed(&t)?, t))
    }

    /// The canonical form (the minimal lexicographic representative of the grid's class, see
    /// [`canonical_form`]) and the transform that maps this grid to it.
    ///
    /// # Errors
    /// [`TransformError::CanonicalFormUnsupported`] for puzzles of shapes whose search is too
    /// large (16×16 and 25×25 puzzles; complete grids are supported up to 32×32). The search
    /// has no cap: for inputs from strangers use a
    /// [`Canonicalizer`](crate::transform::Canonicalizer).
    pub fn canonical(&self) -> Result<(Grid, Transform), TransformError> {
        let shape = self.shape();
        let (cells, t) =
            canonical_form(shape.box_rows(), shape.box_cols(), self.cells())?.into_parts();
        Ok((self.with_cells_of_same_shape(cells), t))
    }

    /// Whether `other` is in the same equivalence class (same canonical form). Grids of
    /// different shapes are never equivalent.
    pub fn is_equivalent_to(&self, other: &Grid) -> Result<bool, TransformError> {
        if self.shape() != other.shape() {
            return Ok(false);
        }
        Ok(self.canonical()?.0 == other.canonical()?.0)
    }

    fn with_cells_of_same_shape(&self, cells: Vec<u8>) -> Grid {
        // A transform keeps the length and the value range, so the cells stay valid.
        Grid::new(self.shape(), cells).expect("a transform keeps cells valid for the shape")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;
    use rand::SeedableRng as _;

    #[test]
    fn a_transform_for_other_boxes_is_refused() {
        let two_by_three = Grid::empty(Shape::new(2, 3).unwrap());
        let t = Transform::identity(3, 2).unwrap();
        assert!(matches!(
            two_by_three.transformed(&t),
            Err(TransformError::ShapeMismatch { .. })
        ));
        assert!(
            two_by_three
                .transformed(&Transform::identity(2, 3).unwrap())
                .is_ok()
        );
    }

    #[test]
    fn canonical_form_is_shared_by_equivalent_grids() {
        let g: Grid =
            "1..4..7.94..7......8.....6.21......63....5.7...817.3....59.2.3.87..3.5....2.8...."
                .parse()
                .unwrap();
        let h = g
            .transformed(
                &Transform::random(3, 3, &mut rand_pcg::Pcg64Mcg::seed_from_u64(99)).unwrap(),
            )
            .unwrap();
        let (cg, t) = g.canonical().unwrap();
        assert_eq!(g.transformed(&t).unwrap(), cg);
        assert_eq!(h.canonical().unwrap().0, cg);
        let mut other = g.clone();
        other.set(1, 2).unwrap();
        assert!(!g.is_equivalent_to(&other).unwrap());
    }
}
