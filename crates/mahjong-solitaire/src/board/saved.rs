//! Saving and restoring a game: `SavedGame` holds what a `Board` is made of as plain data;
//! `Board::restore` checks it (the history is replayed move by move) and rebuilds the board.
//! With the `serde` feature a board serializes as its `SavedGame`.

use mahjong_tiles::Tile;

use super::{Board, BoardError, Move};
use crate::layout::Layout;

/// A game as plain data: what [`Board::save`] writes and [`Board::restore`] reads.
///
/// `tiles[i]` is the tile dealt at `layout.positions()[i]`: still there, or removed by a move
/// of `history` (undo puts it back); `None` where the tile was gone before the history began
/// (a board made by [`Board::from_parts`]). A shuffle changes the tiles still there and
/// keeps the history, so the history always replays on `tiles`.
///
/// ```
/// use mahjong_solitaire::{Board, Layout, Move};
/// use mahjong_tiles::Tile;
///
/// let layout: Layout = "0 0: 0-6\n".parse()?;
/// let tiles = ["1m", "2m", "2m", "1m"].map(|s| s.parse::<Tile>().unwrap()).to_vec();
/// let mut board = Board::new(&layout, tiles)?;
/// board.play(Move::new(0, 3))?;
///
/// let saved = board.save();
/// assert_eq!(saved.history, [Move::new(0, 3)]);
/// let mut restored = Board::restore(saved)?;
/// assert_eq!(restored, board);
/// assert_eq!(restored.undo(), Some(Move::new(0, 3)));
///
/// // A history that cannot be played is refused.
/// let mut tampered = board.save();
/// tampered.history.push(Move::new(1, 3));
/// assert!(Board::restore(tampered).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SavedGame {
    /// The layout.
    pub layout: Layout,
    /// Every position's tile; `None` where it was gone before the history began.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::layout::bounded::deserialize")
    )]
    pub tiles: Vec<Option<Tile>>,
    /// The moves played, in order.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::layout::bounded::deserialize")
    )]
    pub history: Vec<Move>,
    /// The selected tile, if any.
    pub selected: Option<usize>,
}

impl Board {
    /// The game as plain data, to store it (see [`SavedGame`]).
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Move};
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// let mut board = Board::new(&layout, tiles)?;
    /// board.play(Move::new(0, 3))?;
    /// board.select(1);
    /// let saved = board.save();
    /// assert_eq!((saved.history.as_slice(), saved.selected), ([Move::new(0, 3)].as_slice(), Some(1)));
    /// assert_eq!(saved.tiles.len(), 4); // the removed tiles too, for undo
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn save(&self) -> SavedGame {
        let mut played = vec![false; self.tiles.len()];
        for m in &self.history {
            played[m.first()] = true;
            played[m.second()] = true;
        }
        SavedGame {
            layout: self.geo.layout.clone(),
            tiles: (0..self.tiles.len())
                .map(|i| (self.present[i] || played[i]).then(|| self.tiles[i]))
                .collect(),
            history: self.history.clone(),
            selected: self.selected,
        }
    }

    /// The board of a saved game, checked: the tiles as [`Board::from_parts`] reads them,
    /// then each move of the history played in turn, then the selection. The board equals
    /// the one saved and plays on (and undoes) the same way.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, BoardError, Layout, Move};
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// let mut board = Board::new(&layout, tiles)?;
    /// board.play(Move::new(0, 3))?;
    /// assert_eq!(Board::restore(board.save())?, board);
    ///
    /// // A third 1m where the layout's tiles hold two: tampered.
    /// let mut tampered = board.save();
    /// tampered.tiles[1] = Some("1m".parse()?);
    /// assert!(matches!(Board::restore(tampered), Err(BoardError::TooManyCopies { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`BoardError::WrongTileCount`], [`BoardError::TooManyCopies`] or
    /// [`BoardError::Floating`] for the tiles,
    /// [`BoardError::IllegalHistory`] for the first move of the history that cannot be
    /// played, [`BoardError::IllegalSelection`] if the selected tile is not there or not
    /// free.
    pub fn restore(saved: SavedGame) -> Result<Board, BoardError> {
        let SavedGame {
            layout,
            tiles,
            history,
            selected,
        } = saved;
        let mut board = Board::from_parts(&layout, tiles)?;
        for (number, &mv) in history.iter().enumerate() {
            board
                .play(mv)
                .map_err(|error| BoardError::IllegalHistory { number, mv, error })?;
        }
        if let Some(index) = selected {
            board
                .check_tile(index)
                .map_err(|error| BoardError::IllegalSelection { index, error })?;
            board.selected = Some(index);
        }
        Ok(board)
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{Board, SavedGame};

    impl Serialize for Board {
        /// A board serializes as its [`SavedGame`].
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            self.save().serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for Board {
        /// Reads a [`SavedGame`] and restores it ([`Board::restore`]): a saved game that
        /// does not hold together is an error.
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
            Board::restore(SavedGame::deserialize(deserializer)?).map_err(serde::de::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PlayError;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    /// Two stacks and a row: 0-1-2-3 on the table, 4 on 1 and 2, and 5 beside.
    fn board() -> Board {
        let layout: Layout = "0 0: 0-6 10\n1 0: 3\n".parse().unwrap();
        let tiles = ["1m", "2m", "2m", "1m", "3m", "3m"].map(t).to_vec();
        Board::new(&layout, tiles).unwrap()
    }

    #[test]
    fn restores_after_moves_undo_shuffle_and_from_parts() {
        let mut b = board();
        assert_eq!(Board::restore(b.save()).unwrap(), b);
        b.play(Move::new(4, 5)).unwrap();
        b.play(Move::new(0, 3)).unwrap();
        b.select(1);
        let restored = Board::restore(b.save()).unwrap();
        assert_eq!(restored, b);
        assert_eq!(restored.selected(), Some(1));
        b.undo();
        let mut restored = Board::restore(b.save()).unwrap();
        assert_eq!(restored, b);
        assert_eq!(restored.undo(), b.clone().undo());
        // A board part-way through a game, then a move.
        let layout = b.layout().clone();
        let tiles = vec![None, Some(t("2m")), Some(t("2m")), None, None, None];
        let mut parts = Board::from_parts(&layout, tiles.clone()).unwrap();
        parts.play(Move::new(1, 2)).unwrap();
        let saved = parts.save();
        assert_eq!(saved.tiles, tiles);
        assert_eq!(Board::restore(saved).unwrap(), parts);
    }

    #[test]
    fn refuses_what_does_not_hold_together() {
        let mut b = board();
        b.play(Move::new(4, 5)).unwrap();
        let good = b.save();
        let mut s = good.clone();
        s.tiles.pop();
        assert!(matches!(
            Board::restore(s),
            Err(BoardError::WrongTileCount { .. })
        ));
        // A move of the history on tiles that do not match (1m and 3m).
        let mut s = board().save();
        s.history.push(Move::new(0, 4));
        assert!(matches!(
            Board::restore(s),
            Err(BoardError::IllegalHistory {
                number: 0,
                error: PlayError::NoMatch { .. },
                ..
            })
        ));
        // A tile removed by the history, but missing from the tiles.
        let mut s = good.clone();
        s.tiles[5] = None;
        assert!(matches!(
            Board::restore(s),
            Err(BoardError::IllegalHistory {
                number: 0,
                error: PlayError::Removed { index: 5, .. },
                ..
            })
        ));
        // The same move twice.
        let mut s = good.clone();
        s.history.push(Move::new(4, 5));
        assert!(Board::restore(s).is_err());
        // A selected tile that is not free.
        let mut s = good.clone();
        s.selected = Some(1);
        s.history.clear();
        assert!(matches!(
            Board::restore(s),
            Err(BoardError::IllegalSelection { index: 1, .. })
        ));
        assert_eq!(Board::restore(good).unwrap(), b);
    }
}
