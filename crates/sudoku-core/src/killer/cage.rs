//! Cages and the digit combinations a cage sum allows.

use crate::cell::Cell;

/// One cage of a killer sudoku: cells whose values are distinct and add up to `sum`.
///
/// Plain data: [`KillerPuzzle::new`](super::KillerPuzzle::new) checks it (cells in the grid,
/// in no other cage, a sum that `cells.len()` distinct values can make).
///
/// ```
/// use sudoku_core::killer::Cage;
/// use sudoku_core::Cell;
///
/// let cage = Cage::new(3, [Cell::new(0), Cell::new(1)]);
/// assert_eq!((cage.sum, cage.cells.len()), (3, 2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cage {
    /// The target sum.
    pub sum: u16,
    /// The cells, in the order written. Read with serde, at most [`Cage::MAX_CELLS`].
    #[cfg_attr(feature = "serde", serde(deserialize_with = "capped::cells"))]
    pub cells: Vec<Cell>,
}

impl Cage {
    /// The most cells a cage read with serde may list: the cells of the largest killer
    /// grid ([`KillerPuzzle::MAX_SIZE`](super::KillerPuzzle::MAX_SIZE) squared, 256). A
    /// longer list is refused as soon as its 257th cell is read.
    pub const MAX_CELLS: usize = super::KillerPuzzle::MAX_SIZE * super::KillerPuzzle::MAX_SIZE;

    /// A cage of `cells` adding up to `sum`.
    pub fn new(sum: u16, cells: impl IntoIterator<Item = Cell>) -> Cage {
        Cage {
            sum,
            cells: cells.into_iter().collect(),
        }
    }
}

/// The caps of the lists of the serde forms, as the text reader has them.
#[cfg(feature = "serde")]
pub(crate) mod capped {
    use serde::Deserializer;

    use super::{Cage, Cell};
    use crate::killer::KillerGrid;

    /// A cage's cells: at most [`Cage::MAX_CELLS`].
    pub(crate) fn cells<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Cell>, D::Error> {
        grilles_game::capped::vec(d, Cage::MAX_CELLS, "cells in a cage")
    }

    /// A puzzle's cages: at most [`KillerGrid::MAX_CAGES`].
    pub(crate) fn cages<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Cage>, D::Error> {
        grilles_game::capped::vec(d, KillerGrid::MAX_CAGES, "cages")
    }
}

/// The smallest and largest sums of `size` distinct values of `1..=n` (`None` when
/// `size > n`).
///
/// ```
/// use sudoku_core::killer::sum_bounds;
///
/// assert_eq!(sum_bounds(9, 2), Some((3, 17)));
/// assert_eq!(sum_bounds(9, 9), Some((45, 45)));
/// assert_eq!(sum_bounds(9, 10), None);
/// ```
pub fn sum_bounds(n: usize, size: usize) -> Option<(u32, u32)> {
    if size > n {
        return None;
    }
    let (n, k) = (n as u32, size as u32);
    let low = k * (k + 1) / 2;
    let high = k * (2 * n - k + 1) / 2;
    Some((low, high))
}

/// Every set of `size` distinct values of `1..=n` adding up to `sum`, as bit masks (bit
/// `v - 1` for value `v`, as [`Candidates`](crate::Candidates)), in increasing order of mask.
///
/// At most C(n, size) sets: 126 for 9×9 (size 4 or 5), 12,870 for 16×16.
///
/// ```
/// use sudoku_core::killer::combinations;
///
/// // 10 in three cells: 1+2+7, 1+3+6, 1+4+5, 2+3+5.
/// assert_eq!(combinations(9, 3, 10).len(), 4);
/// assert_eq!(combinations(9, 2, 3), vec![0b11]);
/// assert!(combinations(9, 2, 18).is_empty());
/// ```
pub fn combinations(n: usize, size: usize, sum: u32) -> Vec<u32> {
    let mut out = Vec::new();
    if size <= n && n <= 25 {
        grow(n as u32, size as u32, sum, 1, 0, &mut out);
    }
    out.sort_unstable();
    out
}

/// Adds to `out` every set of `k` distinct values from `from..=n` summing to `sum`, joined
/// with `mask`.
fn grow(n: u32, k: u32, sum: u32, from: u32, mask: u32, out: &mut Vec<u32>) {
    if k == 0 {
        if sum == 0 {
            out.push(mask);
        }
        return;
    }
    if from > n || n - from + 1 < k {
        return;
    }
    // The k smallest from `from`, and the k largest up to n.
    let low = k * from + k * (k - 1) / 2;
    let high = k * n - k * (k - 1) / 2;
    if sum < low || sum > high {
        return;
    }
    for v in from..=n {
        if v > sum {
            break;
        }
        grow(n, k - 1, sum - v, v + 1, mask | 1 << (v - 1), out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_match_a_plain_enumeration() {
        for n in [4usize, 6, 9] {
            for size in 0..=n {
                for sum in 0..=(n * (n + 1) / 2 + 2) as u32 {
                    let plain: Vec<u32> = (0u32..1 << n)
                        .filter(|m| m.count_ones() as usize == size)
                        .filter(|m| {
                            (0..n as u32)
                                .filter(|b| m >> b & 1 == 1)
                                .map(|b| b + 1)
                                .sum::<u32>()
                                == sum
                        })
                        .collect();
                    assert_eq!(
                        combinations(n, size, sum),
                        plain,
                        "n {n} size {size} sum {sum}"
                    );
                    let bounds = sum_bounds(n, size).unwrap();
                    assert_eq!(!plain.is_empty(), (bounds.0..=bounds.1).contains(&sum));
                }
            }
        }
    }

    #[test]
    fn bounds_of_a_full_house() {
        assert_eq!(sum_bounds(16, 16), Some((136, 136)));
        assert_eq!(sum_bounds(4, 1), Some((1, 4)));
    }
}
