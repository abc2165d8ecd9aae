//! The [`Transform`] value type: one element of the equivalence group of a box shape.

use super::dims::Dims;
use super::error::{PermutationKind, TransformError};

/// One transformation of the sudoku equivalence group of a `box_rows × box_cols` box shape.
///
/// A transformation is a transposition flag, a row map, a column map and a symbol relabelling.
/// Applied to a cells slice (row-major, `0` = empty, `1..=N` = symbol) it produces
///
/// ```text
/// out[r][c] = relabel(src[rows[r]][columns[c]])   where src = transpose(input) if transposing,
///                                                 else input, and relabel(0) = 0,
///                                                 relabel(v) = symbols[v - 1].
/// ```
///
/// The row map keeps bands together (the rows of an output band all come from one input band), and
/// the column map keeps stacks together, so every element is a combination of the six operations
/// listed by the French Wikipedia article on Sudoku: relabelling, transposition, rows inside a
/// band, columns inside a stack, bands, stacks. Valid grids map to valid grids, puzzles to puzzles,
/// and a puzzle and its solution stay a puzzle and its solution. Transposition exists only for
/// square boxes.
///
/// Build one from an elementary operation ([`relabel`](Self::relabel),
/// [`transpose`](Self::transpose), [`permute_rows_in_band`](Self::permute_rows_in_band), …),
/// at random ([`random`](Self::random)), or from raw parts ([`TransformParts`]); combine with
/// [`then`](Self::then) / [`compose`](Self::compose); undo with [`inverse`](Self::inverse).
///
/// ```
/// use sudoku_core::transform::Transform;
///
/// // 4×4 grid, 2×2 boxes.
/// let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
/// let swap_bands = Transform::permute_bands(2, 2, &[1, 0])?;
/// let relabel = Transform::relabel(2, 2, &[4, 3, 2, 1])?;
/// let both = swap_bands.then(&relabel)?;
/// let out = both.apply(&grid)?;
/// assert_eq!(out, [3, 4, 1, 2, 1, 2, 3, 4, 4, 3, 2, 1, 2, 1, 4, 3]);
/// assert_eq!(both.inverse().apply(&out)?, grid);
/// # Ok::<(), sudoku_core::transform::TransformError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "TransformParts", into = "TransformParts")
)]
pub struct Transform {
    pub(crate) dims: Dims,
    pub(crate) transpose: bool,
    pub(crate) rows: Vec<u8>,
    pub(crate) columns: Vec<u8>,
    pub(crate) symbols: Vec<u8>,
}

/// The raw parts of a [`Transform`], unchecked: the plain-data form, validated by
/// [`Transform::from_parts`] (or `TryFrom`). Serialized transforms use this form.
///
/// See [`Transform`] for the meaning of each field; `rows` and `columns` hold indices from 0,
/// `symbols[v - 1]` is the new label of symbol `v`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TransformParts {
    /// Rows of a box.
    pub box_rows: usize,
    /// Columns of a box.
    pub box_cols: usize,
    /// Transpose the input first (square boxes only).
    pub transpose: bool,
    /// `rows[r]` is the (transposed) input row that becomes output row `r`.
    pub rows: Vec<u8>,
    /// `columns[c]` is the (transposed) input column that becomes output column `c`.
    pub columns: Vec<u8>,
    /// `symbols[v - 1]` is the output symbol of input symbol `v`.
    pub symbols: Vec<u8>,
}

/// `0..n` as bytes.
pub(crate) fn identity_perm(n: usize) -> Vec<u8> {
    (0..n).map(|i| i as u8).collect()
}

/// Checks that `p` is a permutation of `0..n` (or of `1..=n` when `one_based`).
fn check_perm(
    p: &[u8],
    n: usize,
    one_based: bool,
    kind: PermutationKind,
) -> Result<(), TransformError> {
    if p.len() != n {
        return Err(TransformError::WrongPermutationLength {
            kind,
            expected: n,
            found: p.len(),
        });
    }
    let mut seen = [false; 256];
    for (position, &value) in p.iter().enumerate() {
        let v = usize::from(value);
        let index = if one_based { v.wrapping_sub(1) } else { v };
        if index >= n || seen[index] {
            return Err(TransformError::NotAPermutation {
                kind,
                position,
                value,
            });
        }
        seen[index] = true;
    }
    Ok(())
}

/// Checks that a row (column) map keeps groups of `size` together.
fn check_groups(p: &[u8], size: usize, kind: PermutationKind) -> Result<(), TransformError> {
    for (position, &value) in p.iter().enumerate() {
        let first = usize::from(p[position - position % size]) / size;
        if usize::from(value) / size != first {
            return Err(TransformError::BreaksBoxes { kind, position });
        }
    }
    Ok(())
}

/// `inverse[p[i]] = i`.
pub(crate) fn invert(p: &[u8]) -> Vec<u8> {
    let mut inv = vec![0; p.len()];
    for (i, &x) in p.iter().enumerate() {
        inv[usize::from(x)] = i as u8;
    }
    inv
}

/// Expands a permutation of groups and permutations inside each output group into a map of
/// lines: output line `g * size + i` is input line `groups[g] * size + inner[g][i]`.
fn expand(groups: &[u8], inner: &[Vec<u8>], size: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(groups.len() * size);
    for (g, &src) in groups.iter().enumerate() {
        for &i in &inner[g] {
            out.push((usize::from(src) * size + usize::from(i)) as u8);
        }
    }
    out
}

impl Transform {
    /// The identity of a box shape.
    ///
    /// # Errors
    /// [`TransformError::InvalidShape`] if a factor is 0 or the side is above 255.
    pub fn identity(box_rows: usize, box_cols: usize) -> Result<Self, TransformError> {
        Ok(Self::identity_of(Dims::new(box_rows, box_cols)?))
    }

    pub(crate) fn identity_of(dims: Dims) -> Self {
        Self {
            dims,
            transpose: false,
            rows: identity_perm(dims.n),
            columns: identity_perm(dims.n),
            symbols: (1..=dims.n).map(|v| v as u8).collect(),
        }
    }

    /// Validates raw parts.
    ///
    /// # Errors
    /// An invalid shape, a transposition of non-square boxes, a map that is not a permutation
    /// of the right length, or a row (column) map that splits a band (stack).
    ///
    /// ```
    /// use sudoku_core::transform::{Transform, TransformError, TransformParts};
    ///
    /// let parts = TransformParts {
    ///     box_rows: 2, box_cols: 2, transpose: false,
    ///     rows: vec![1, 0, 2, 3], columns: vec![0, 1, 2, 3], symbols: vec![1, 2, 3, 4],
    /// };
    /// assert!(Transform::from_parts(parts.clone()).is_ok());
    /// // Rows 0 and 2 are in different bands: not a symmetry of the grid.
    /// let bad = TransformParts { rows: vec![2, 1, 0, 3], ..parts };
    /// assert!(matches!(Transform::from_parts(bad), Err(TransformError::BreaksBoxes { .. })));
    /// ```
    pub fn from_parts(parts: TransformParts) -> Result<Self, TransformError> {
        let dims = Dims::new(parts.box_rows, parts.box_cols)?;
        if parts.transpose && !dims.is_square() {
            return Err(TransformError::TransposeNeedsSquareBoxes {
                box_rows: dims.br,
                box_cols: dims.bc,
            });
        }
        check_perm(&parts.rows, dims.n, false, PermutationKind::Rows)?;
        check_perm(&parts.columns, dims.n, false, PermutationKind::Columns)?;
        check_perm(&parts.symbols, dims.n, true, PermutationKind::Symbols)?;
        check_groups(&parts.rows, dims.br, PermutationKind::Rows)?;
        check_groups(&parts.columns, dims.bc, PermutationKind::Columns)?;
        Ok(Self {
            dims,
            transpose: parts.transpose,
            rows: parts.rows,
            columns: parts.columns,
            symbols: parts.symbols,
        })
    }

    /// The raw parts (the inverse of [`from_parts`](Self::from_parts)).
    pub fn to_parts(&self) -> TransformParts {
        TransformParts {
            box_rows: self.dims.br,
            box_cols: self.dims.bc,
            transpose: self.transpose,
            rows: self.rows.clone(),
            columns: self.columns.clone(),
            symbols: self.symbols.clone(),
        }
    }

    /// Relabelling: symbol `v` becomes `map[v - 1]` (a permutation of `1..=N`); 0 stays 0.
    ///
    /// # Errors
    /// An invalid shape, or `map` is not a permutation of `1..=N`.
    pub fn relabel(box_rows: usize, box_cols: usize, map: &[u8]) -> Result<Self, TransformError> {
        let dims = Dims::new(box_rows, box_cols)?;
        check_perm(map, dims.n, true, PermutationKind::Symbols)?;
        Ok(Self {
            symbols: map.to_vec(),
            ..Self::identity_of(dims)
        })
    }

    /// Transposition (rows become columns): a symmetry only for square boxes.
    ///
    /// # Errors
    /// An invalid shape, or [`TransformError::TransposeNeedsSquareBoxes`].
    pub fn transpose(box_rows: usize, box_cols: usize) -> Result<Self, TransformError> {
        let dims = Dims::new(box_rows, box_cols)?;
        if !dims.is_square() {
            return Err(TransformError::TransposeNeedsSquareBoxes { box_rows, box_cols });
        }
        Ok(Self {
            transpose: true,
            ..Self::identity_of(dims)
        })
    }

    /// Permutes the rows inside band `band` (bands are numbered from 0, top to bottom): output
    /// row `band * box_rows + i` is input row `band * box_rows + perm[i]`.
    ///
    /// # Errors
    /// An invalid shape, a band out of range, or `perm` not a permutation of `0..box_rows`.
    pub fn permute_rows_in_band(
        box_rows: usize,
        box_cols: usize,
        band: usize,
        perm: &[u8],
    ) -> Result<Self, TransformError> {
        let dims = Dims::new(box_rows, box_cols)?;
        let mut t = Self::identity_of(dims);
        Self::inner(
            &mut t.rows,
            dims.bc,
            dims.br,
            band,
            perm,
            PermutationKind::RowsInBand,
        )?;
        Ok(t)
    }

    /// Permutes the columns inside stack `stack` (numbered from 0, left to right): output
    /// column `stack * box_cols + i` is input column `stack * box_cols + perm[i]`.
    ///
    /// # Errors
    /// An invalid shape, a stack out of range, or `perm` not a permutation of `0..box_cols`.
    pub fn permute_columns_in_stack(
        box_rows: usize,
        box_cols: usize,
        stack: usize,
        perm: &[u8],
    ) -> Result<Self, TransformError> {
        let dims = Dims::new(box_rows, box_cols)?;
        let mut t = Self::identity_of(dims);
        let kind = PermutationKind::ColumnsInStack;
        Self::inner(&mut t.columns, dims.br, dims.bc, stack, perm, kind)?;
        Ok(t)
    }

    fn inner(
        lines: &mut [u8],
        count: usize,
        size: usize,
        group: usize,
        perm: &[u8],
        kind: PermutationKind,
    ) -> Result<(), TransformError> {
        if group >= count {
            return Err(TransformError::IndexOutOfRange {
                kind,
                index: group,
                count,
            });
        }
        check_perm(perm, size, false, kind)?;
        for (i, &p) in perm.iter().enumerate() {
            lines[group * size + i] = (group * size + usize::from(p)) as u8;
        }
        Ok(())
    }

    /// Permutes the bands: output band `b` is input band `perm[b]` (there are `box_cols` bands
    /// of `box_rows` rows).
    ///
    /// # Errors
    /// An invalid shape, or `perm` not a permutation of `0..box_cols`.
    pub fn permute_bands(
        box_rows: usize,
        box_cols: usize,
        perm: &[u8],
    ) -> Result<Self, TransformError> {
        let dims = Dims::new(box_rows, box_cols)?;
        check_perm(perm, dims.bc, false, PermutationKind::Bands)?;
        let id = identity_perm(dims.br);
        Ok(Self {
            rows: expand(perm, &vec![id; dims.bc], dims.br),
            ..Self::identity_of(dims)
        })
    }

    /// Permutes the stacks: output stack `s` is input stack `perm[s]` (there are `box_rows`
    /// stacks of `box_cols` columns).
    ///
    /// # Errors
    /// An invalid shape, or `perm` not a permutation of `0..box_rows`.
    pub fn permute_stacks(
        box_rows: usize,
        box_cols: usize,
        perm: &[u8],
    ) -> Result<Self, TransformError> {
        let dims = Dims::new(box_rows, box_cols)?;
        check_perm(perm, dims.br, false, PermutationKind::Stacks)?;
        let id = identity_perm(dims.bc);
        Ok(Self {
            columns: expand(perm, &vec![id; dims.br], dims.bc),
            ..Self::identity_of(dims)
        })
    }

    /// Builds a transform from group-level parts (used by the random draw).
    pub(crate) fn from_groups(
        dims: Dims,
        transpose: bool,
        bands: &[u8],
        rows_in_bands: &[Vec<u8>],
        stacks: &[u8],
        columns_in_stacks: &[Vec<u8>],
        symbols: Vec<u8>,
    ) -> Self {
        Self {
            dims,
            transpose,
            rows: expand(bands, rows_in_bands, dims.br),
            columns: expand(stacks, columns_in_stacks, dims.bc),
            symbols,
        }
    }

    /// Rows of a box.
    pub fn box_rows(&self) -> usize {
        self.dims.br
    }

    /// Columns of a box.
    pub fn box_cols(&self) -> usize {
        self.dims.bc
    }

    /// The side `N = box_rows × box_cols`.
    pub fn side(&self) -> usize {
        self.dims.n
    }

    /// Whether the input is transposed first.
    pub fn is_transposing(&self) -> bool {
        self.transpose
    }

    /// The row map: output row `r` is (transposed) input row `rows()[r]`.
    pub fn rows(&self) -> &[u8] {
        &self.rows
    }

    /// The column map: output column `c` is (transposed) input column `columns()[c]`.
    pub fn columns(&self) -> &[u8] {
        &self.columns
    }

    /// The relabelling: input symbol `v` becomes `symbols()[v - 1]`.
    pub fn symbols(&self) -> &[u8] {
        &self.symbols
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> bool {
        *self == Self::identity_of(self.dims)
    }

    /// Applies the transformation to a cells slice (a puzzle or a solution: 0 stays 0).
    ///
    /// # Errors
    /// [`TransformError::WrongLength`] or [`TransformError::SymbolOutOfRange`].
    pub fn apply(&self, cells: &[u8]) -> Result<Vec<u8>, TransformError> {
        let mut out = vec![0; self.dims.cells()];
        self.apply_to(cells, &mut out)?;
        Ok(out)
    }

    /// Applies the transformation, writing into `out` (no allocation).
    ///
    /// # Errors
    /// [`TransformError::WrongLength`] (for `cells` or `out`) or
    /// [`TransformError::SymbolOutOfRange`].
    pub fn apply_to(&self, cells: &[u8], out: &mut [u8]) -> Result<(), TransformError> {
        self.dims.check_cells(cells)?;
        if out.len() != self.dims.cells() {
            return Err(TransformError::WrongLength {
                expected: self.dims.cells(),
                found: out.len(),
            });
        }
        let n = self.dims.n;
        let mut relabel = [0u8; 256];
        for (v, &s) in self.symbols.iter().enumerate() {
            relabel[v + 1] = s;
        }
        for (r, row) in out.chunks_exact_mut(n).enumerate() {
            let sr = usize::from(self.rows[r]);
            for (c, cell) in row.iter_mut().enumerate() {
                let sc = usize::from(self.columns[c]);
                let index = if self.transpose {
                    sc * n + sr
                } else {
                    sr * n + sc
                };
                *cell = relabel[usize::from(cells[index])];
            }
        }
        Ok(())
    }

    /// `self` first, then `next`: `a.then(&b).apply(g) == b.apply(&a.apply(g))`.
    ///
    /// # Errors
    /// [`TransformError::ShapeMismatch`] if the two are for different box shapes.
    pub fn then(&self, next: &Self) -> Result<Self, TransformError> {
        self.dims.check_same(next.dims)?;
        let (a, b) = if next.transpose {
            (&self.columns, &self.rows)
        } else {
            (&self.rows, &self.columns)
        };
        Ok(Self {
            dims: self.dims,
            transpose: self.transpose ^ next.transpose,
            rows: next.rows.iter().map(|&r| a[usize::from(r)]).collect(),
            columns: next.columns.iter().map(|&c| b[usize::from(c)]).collect(),
            symbols: self
                .symbols
                .iter()
                .map(|&s| next.symbols[usize::from(s) - 1])
                .collect(),
        })
    }

    /// Mathematical composition `self ∘ inner`: `inner` first, then `self`
    /// (`a.compose(&b) == b.then(&a)`).
    ///
    /// # Errors
    /// [`TransformError::ShapeMismatch`] if the two are for different box shapes.
    pub fn compose(&self, inner: &Self) -> Result<Self, TransformError> {
        inner.then(self)
    }

    /// The inverse: `t.then(&t.inverse())` is the identity.
    pub fn inverse(&self) -> Self {
        let (rows, columns) = if self.transpose {
            (invert(&self.columns), invert(&self.rows))
        } else {
            (invert(&self.rows), invert(&self.columns))
        };
        let mut symbols = vec![0; self.dims.n];
        for (v, &s) in self.symbols.iter().enumerate() {
            symbols[usize::from(s) - 1] = (v + 1) as u8;
        }
        Self {
            dims: self.dims,
            transpose: self.transpose,
            rows,
            columns,
            symbols,
        }
    }
}

impl TryFrom<TransformParts> for Transform {
    type Error = TransformError;

    fn try_from(parts: TransformParts) -> Result<Self, Self::Error> {
        Self::from_parts(parts)
    }
}

impl From<Transform> for TransformParts {
    fn from(t: Transform) -> Self {
        Self {
            box_rows: t.dims.br,
            box_cols: t.dims.bc,
            transpose: t.transpose,
            rows: t.rows,
            columns: t.columns,
            symbols: t.symbols,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID4: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

    #[test]
    fn elementary_operations_move_what_they_say() {
        let t = Transform::permute_rows_in_band(2, 2, 1, &[1, 0]).unwrap();
        assert_eq!(t.rows(), [0, 1, 3, 2]);
        let t = Transform::permute_columns_in_stack(2, 3, 1, &[2, 0, 1]).unwrap();
        assert_eq!(t.columns(), [0, 1, 2, 5, 3, 4]);
        let t = Transform::permute_bands(2, 3, &[2, 0, 1]).unwrap();
        assert_eq!(t.rows(), [4, 5, 0, 1, 2, 3]);
        let t = Transform::permute_stacks(2, 3, &[1, 0]).unwrap();
        assert_eq!(t.columns(), [3, 4, 5, 0, 1, 2]);
        let out = Transform::transpose(2, 2).unwrap().apply(&GRID4).unwrap();
        assert_eq!(out, [1, 3, 2, 4, 2, 4, 1, 3, 3, 1, 4, 2, 4, 2, 3, 1]);
    }

    #[test]
    fn errors_say_what() {
        assert_eq!(
            Transform::transpose(2, 3),
            Err(TransformError::TransposeNeedsSquareBoxes {
                box_rows: 2,
                box_cols: 3
            })
        );
        assert_eq!(
            Transform::identity(0, 3),
            Err(TransformError::InvalidShape {
                box_rows: 0,
                box_cols: 3
            })
        );
        assert_eq!(
            Transform::identity(16, 16),
            Err(TransformError::InvalidShape {
                box_rows: 16,
                box_cols: 16
            })
        );
        assert_eq!(
            Transform::relabel(2, 2, &[1, 2, 2, 4]),
            Err(TransformError::NotAPermutation {
                kind: PermutationKind::Symbols,
                position: 2,
                value: 2
            })
        );
        assert_eq!(
            Transform::relabel(2, 2, &[0, 1, 2, 3]),
            Err(TransformError::NotAPermutation {
                kind: PermutationKind::Symbols,
                position: 0,
                value: 0
            })
        );
        assert_eq!(
            Transform::permute_bands(3, 3, &[0, 1]),
            Err(TransformError::WrongPermutationLength {
                kind: PermutationKind::Bands,
                expected: 3,
                found: 2
            })
        );
        assert_eq!(
            Transform::permute_rows_in_band(3, 3, 3, &[0, 1, 2]),
            Err(TransformError::IndexOutOfRange {
                kind: PermutationKind::RowsInBand,
                index: 3,
                count: 3
            })
        );
        let t = Transform::identity(2, 2).unwrap();
        assert_eq!(
            t.apply(&GRID4[..15]),
            Err(TransformError::WrongLength {
                expected: 16,
                found: 15
            })
        );
        let mut bad = GRID4;
        bad[6] = 5;
        assert_eq!(
            t.apply(&bad),
            Err(TransformError::SymbolOutOfRange {
                index: 6,
                row: 1,
                column: 2,
                value: 5,
                side: 4
            })
        );
        let other = Transform::identity(2, 3).unwrap();
        assert!(matches!(
            t.then(&other),
            Err(TransformError::ShapeMismatch { .. })
        ));
        let parts = TransformParts {
            columns: vec![0, 2, 1, 3],
            ..t.to_parts()
        };
        assert_eq!(
            Transform::from_parts(parts),
            Err(TransformError::BreaksBoxes {
                kind: PermutationKind::Columns,
                position: 1
            })
        );
    }

    #[test]
    fn then_matches_sequential_application_and_inverse_undoes() {
        let a = Transform::transpose(2, 2).unwrap();
        let b = Transform::permute_rows_in_band(2, 2, 0, &[1, 0]).unwrap();
        let c = Transform::relabel(2, 2, &[2, 3, 4, 1]).unwrap();
        let d = Transform::permute_stacks(2, 2, &[1, 0]).unwrap();
        let ab = a.then(&b).unwrap().then(&c).unwrap().then(&d).unwrap();
        let step = d
            .apply(
                &c.apply(&b.apply(&a.apply(&GRID4).unwrap()).unwrap())
                    .unwrap(),
            )
            .unwrap();
        assert_eq!(ab.apply(&GRID4).unwrap(), step);
        assert!(ab.then(&ab.inverse()).unwrap().is_identity());
        assert!(ab.inverse().then(&ab).unwrap().is_identity());
        assert_eq!(ab.compose(&a).unwrap(), a.then(&ab).unwrap());
        assert!(!ab.is_identity());
    }

    #[test]
    fn parts_round_trip() {
        let t = Transform::permute_columns_in_stack(3, 3, 2, &[1, 2, 0])
            .unwrap()
            .then(&Transform::transpose(3, 3).unwrap())
            .unwrap();
        assert_eq!(Transform::try_from(t.to_parts()).unwrap(), t);
        assert_eq!(TransformParts::from(t.clone()), t.to_parts());
    }
}
