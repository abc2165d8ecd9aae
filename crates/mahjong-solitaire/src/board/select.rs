//! Tile selection for front ends: a click on a tile selects it, a click on a matching one
//! removes both.

use super::{Board, Move, PlayError};
use crate::matching::tiles_match;

/// What a [`Board::select`] did ("Sélection des tuiles" in the rules page).
///
/// ```
/// use mahjong_solitaire::{Board, Layout, Selection};
/// let layout: Layout = "0 0: 0-6\n".parse()?;
/// let mut board = Board::new(&layout, ["1m", "2m", "1m", "2m"].map(|t| t.parse().unwrap()).to_vec())?;
/// assert_eq!(board.select(0), Selection::Selected(0));
/// assert_eq!(board.select(3), Selection::Mismatch { selected: 0, chosen: 3 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Selection {
    /// The tile is now selected (highlighted).
    Selected(usize),
    /// The selected tile was selected again: the selection is cleared.
    Deselected(usize),
    /// The tile matched the selected one: both were removed.
    Removed(Move),
    /// The tile is free but does not match the selected one: the selection is cleared.
    Mismatch {
        /// The tile that was selected.
        selected: usize,
        /// The tile just chosen.
        chosen: usize,
    },
    /// The tile cannot be selected (removed, blocked, or out of range); the selection is
    /// cleared. `error` says why.
    Rejected {
        /// The tile chosen.
        index: usize,
        /// Why it cannot be selected.
        error: PlayError,
    },
}

impl Board {
    /// The selected tile, if any (see [`select`](Board::select)).
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout};
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// let mut board = Board::new(&layout, tiles)?;
    /// assert_eq!(board.selected(), None);
    /// board.select(3);
    /// assert_eq!(board.selected(), Some(3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn selected(&self) -> Option<usize> {
        self.selected
    }

    /// Clears the selection.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout};
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// let mut board = Board::new(&layout, tiles)?;
    /// board.select(0);
    /// board.clear_selection();
    /// assert_eq!(board.selected(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear_selection(&mut self) {
        self.selected = None;
    }

    /// Selects the tile at `i` as a player clicks it: a free tile is highlighted; a second
    /// free tile that matches removes both; a free tile that does not match clears the
    /// selection; choosing the selected tile again deselects it; a tile that is not free
    /// (or not there) is rejected with the reason, and the selection is cleared.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Move, Selection};
    /// use mahjong_tiles::Tile;
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|s| s.parse::<Tile>().unwrap()).to_vec();
    /// let mut board = Board::new(&layout, tiles)?;
    /// assert_eq!(board.select(0), Selection::Selected(0));
    /// assert!(matches!(board.select(1), Selection::Rejected { index: 1, .. }));
    /// assert_eq!(board.selected(), None);
    /// board.select(0);
    /// assert_eq!(board.select(3), Selection::Removed(Move::new(0, 3)));
    /// assert_eq!(board.remaining(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn select(&mut self, i: usize) -> Selection {
        if let Err(error) = self.check_tile(i) {
            self.selected = None;
            return Selection::Rejected { index: i, error };
        }
        match self.selected {
            None => {
                self.selected = Some(i);
                Selection::Selected(i)
            }
            Some(s) if s == i => {
                self.selected = None;
                Selection::Deselected(i)
            }
            Some(s) => {
                let m = Move::new(s, i);
                if tiles_match(self.tiles[s], self.tiles[i]) {
                    self.play_unchecked(m);
                    Selection::Removed(m)
                } else {
                    self.selected = None;
                    Selection::Mismatch {
                        selected: s,
                        chosen: i,
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::board;
    use super::*;

    #[test]
    fn selection() {
        let mut b = board("0 0: 0-6\n", &["1m", "2m", "1m", "2m"]);
        assert_eq!(b.select(0), Selection::Selected(0));
        assert_eq!(b.select(0), Selection::Deselected(0));
        b.select(0);
        assert_eq!(
            b.select(3),
            Selection::Mismatch {
                selected: 0,
                chosen: 3
            }
        );
        assert_eq!(b.selected(), None);
        assert!(matches!(
            b.select(7),
            Selection::Rejected {
                error: PlayError::OutOfRange { .. },
                ..
            }
        ));
        b.select(3);
        assert!(matches!(
            b.select(2),
            Selection::Rejected {
                index: 2,
                error: PlayError::NotFree { .. }
            }
        ));
        assert_eq!(b.selected(), None);
    }
}
