//! Random transformations and random equivalent grids (the "bouton E" of
//! "Sudoku — Solitaire de nombres").
//!
//! The draws are `rand`'s own (`SliceRandom::shuffle`, `random_bool`): a seeded generator
//! gives the same transformation on every platform, for a given minor version of `rand`.

use rand::seq::SliceRandom as _;
use rand::{Rng, RngExt as _};

use super::dims::Dims;
use super::error::TransformError;
use super::group::{Transform, identity_perm};

fn random_perm<R: Rng + ?Sized>(rng: &mut R, n: usize) -> Vec<u8> {
    let mut p = identity_perm(n);
    p.shuffle(rng);
    p
}

impl Transform {
    /// A transformation drawn uniformly from the whole group of the shape.
    ///
    /// The draws, in this order (pinned by value-stability tests): the relabelling (a shuffle
    /// of `1..=N`), the transposition (`random_bool(0.5)`; square boxes only), the band
    /// permutation, the row permutation of each band, the stack permutation, the column
    /// permutation of each stack. Shuffles are `rand`'s `SliceRandom::shuffle`.
    ///
    /// # Errors
    /// [`TransformError::InvalidShape`].
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::transform::Transform;
    ///
    /// let mut rng = Pcg64Mcg::seed_from_u64(1);
    /// let t = Transform::random(3, 3, &mut rng)?;
    /// assert!(t.then(&t.inverse())?.is_identity());
    /// # Ok::<(), sudoku_core::transform::TransformError>(())
    /// ```
    pub fn random<R: Rng + ?Sized>(
        box_rows: usize,
        box_cols: usize,
        rng: &mut R,
    ) -> Result<Self, TransformError> {
        let dims = Dims::new(box_rows, box_cols)?;
        let mut symbols: Vec<u8> = (1..=dims.n).map(|v| v as u8).collect();
        symbols.shuffle(rng);
        let transpose = dims.is_square() && rng.random_bool(0.5);
        let bands = random_perm(rng, dims.bc);
        let rows: Vec<Vec<u8>> = (0..dims.bc).map(|_| random_perm(rng, dims.br)).collect();
        let stacks = random_perm(rng, dims.br);
        let cols: Vec<Vec<u8>> = (0..dims.br).map(|_| random_perm(rng, dims.bc)).collect();
        Ok(Self::from_groups(
            dims, transpose, &bands, &rows, &stacks, &cols, symbols,
        ))
    }
}

/// A random grid equivalent to `cells` (the "bouton E" of "Sudoku — Solitaire de nombres"): a
/// uniformly drawn transformation ([`Transform::random`]) applied to it. Works for puzzles and
/// solutions.
///
/// # Errors
/// An invalid shape, a slice of the wrong length or a value above `N`.
///
/// ```
/// use rand::SeedableRng;
/// use rand_pcg::Pcg64Mcg;
/// use sudoku_core::transform::{canonical_form, random_equivalent};
///
/// let puzzle: Vec<u8> = "1..4..7.94..7......8.....6.21......63....5.7...817.3....59.2.3.87..3.5....2.8...."
///     .bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
/// let mut rng = Pcg64Mcg::seed_from_u64(42);
/// let other = random_equivalent(3, 3, &puzzle, &mut rng)?;
/// assert_eq!(other.iter().filter(|&&v| v != 0).count(), 28);
/// assert_eq!(canonical_form(3, 3, &other)?.cells(), canonical_form(3, 3, &puzzle)?.cells());
/// # Ok::<(), sudoku_core::transform::TransformError>(())
/// ```
pub fn random_equivalent<R: Rng + ?Sized>(
    box_rows: usize,
    box_cols: usize,
    cells: &[u8],
    rng: &mut R,
) -> Result<Vec<u8>, TransformError> {
    let dims = Dims::new(box_rows, box_cols)?;
    dims.check_cells(cells)?;
    Transform::random(box_rows, box_cols, rng)?.apply(cells)
}

fn factorial(n: usize) -> Option<u128> {
    (1..=n as u128).try_fold(1u128, |acc, k| acc.checked_mul(k))
}

/// The number of transformations of the group of a box shape:
/// `N! · (box_rows!^box_cols · box_cols!) · (box_cols!^box_rows · box_rows!) · (2 if square)`.
///
/// For 9×9 (3×3 boxes) that is `9! · 6^8 · 2 = 1,218,998,108,160`. `None` if the shape is
/// invalid or the number does not fit in a `u128` (e.g. 25×25).
///
/// "Sudoku — Solitaire de nombres" counts `9! · 6^4 · 2 · 2 = 1,881,169,920` grids obtained
/// from one grid with its subset of the operations (relabelling, rows and columns inside the
/// second and third bands and stacks, and the swap of the last two bands and of the last two
/// stacks: the first band and stack stay in place, and without transposition).
///
/// ```
/// use sudoku_core::transform::group_order;
///
/// assert_eq!(group_order(3, 3), Some(1_218_998_108_160));
/// assert_eq!(group_order(2, 2), Some(24 * 8 * 8 * 2));
/// assert_eq!(group_order(5, 5), None);
/// ```
pub fn group_order(box_rows: usize, box_cols: usize) -> Option<u128> {
    let dims = Dims::new(box_rows, box_cols).ok()?;
    let fr = factorial(dims.br)?;
    let fc = factorial(dims.bc)?;
    let rows = fr.checked_pow(dims.bc as u32)?.checked_mul(fc)?;
    let cols = fc.checked_pow(dims.br as u32)?.checked_mul(fr)?;
    let t = if dims.is_square() { 2 } else { 1 };
    factorial(dims.n)?
        .checked_mul(rows)?
        .checked_mul(cols)?
        .checked_mul(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    #[test]
    fn group_orders() {
        assert_eq!(group_order(3, 3), Some(1_218_998_108_160));
        // The count of "Sudoku — Solitaire de nombres": 9! · 6^4 · 2 · 2.
        assert_eq!(362_880u128 * 6u128.pow(4) * 2 * 2, 1_881_169_920);
        assert_eq!(group_order(2, 3), Some(720 * (8 * 6) * (36 * 2)));
        assert_eq!(group_order(0, 3), None);
    }

    #[test]
    fn random_transforms_are_valid_and_seeded() {
        let mut rng = Pcg64Mcg::seed_from_u64(9);
        for (br, bc) in [(2, 2), (2, 3), (3, 2), (3, 3), (4, 4)] {
            let t = Transform::random(br, bc, &mut rng).unwrap();
            assert_eq!(Transform::from_parts(t.to_parts()).unwrap(), t);
        }
        let seeded = |seed| Transform::random(3, 3, &mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
        assert_eq!(seeded(5), seeded(5));
        assert_ne!(seeded(5), seeded(6));
    }
}
