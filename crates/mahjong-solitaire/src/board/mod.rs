//! The state of a game: which tile lies where, which are still there, the free-tile rule,
//! moves, undo, and tile selection for front ends.
//!
//! A [`Board`] is a [`Layout`] with a tile on every position. A tile is *free* when no tile
//! covers it and its left or right side is clear (see [`Position`]); a [`Move`] removes two
//! free matching tiles. [`Board::check`] says whether a move is legal and if not why (a
//! [`PlayError`]); [`Board::play`] plays it, and leaves the board unchanged when it is not
//! legal; [`Board::undo`] takes the last move back.
//!
//! ```
//! use mahjong_solitaire::{Board, Layout, Move, PlayError};
//! use mahjong_tiles::Tile;
//!
//! // A row of four tiles, a fifth on top of the middle two, and a sixth alone.
//! let layout: Layout = "0 0: 0-6 10\n1 0: 3\n".parse()?;
//! let t = |s: &str| s.parse::<Tile>().unwrap();
//! let tiles = ["1m", "2m", "2m", "1m", "3m", "3m"].map(t).to_vec();
//! let mut board = Board::new(&layout, tiles)?;
//!
//! assert_eq!(board.free_tiles(), [0, 3, 4, 5]);
//! assert!(matches!(board.check(Move::new(1, 2)), Err(PlayError::NotFree { index: 1, .. })));
//! assert_eq!(board.legal_moves(), [Move::new(0, 3), Move::new(4, 5)]);
//!
//! board.play(Move::new(4, 5))?; // the top tile goes: 1 and 2 are uncovered
//! board.play(Move::new(0, 3))?;
//! board.play(Move::new(1, 2))?;
//! assert!(board.is_won());
//! assert_eq!(board.undo(), Some(Move::new(1, 2)));
//! assert_eq!(board.remaining(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use std::sync::Arc;

use mahjong_tiles::Tile;

mod moves;
mod saved;

pub use moves::{Blocked, Move, ParseMoveError, PlayError};
pub use saved::SavedGame;

use crate::geometry::Geometry;
use crate::layout::{Layout, Position};
use crate::matching::tiles_match;

/// Why tiles and a layout do not make a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// The number of tiles differs from the number of positions.
    #[error("{found} tiles for {expected} positions")]
    WrongTileCount {
        /// The number of positions.
        expected: usize,
        /// The number of tiles given.
        found: usize,
    },
    /// A tile stands over a removed one.
    #[error("tile {index} at {position} floats over the empty position {under}")]
    Floating {
        /// Index of the floating tile.
        index: usize,
        /// Its position.
        position: Position,
        /// Index of the missing tile under it.
        under: usize,
    },
    /// A move of a saved game's history cannot be played (see [`Board::restore`]).
    #[error("move {number} of the history ({mv}) cannot be played: {error}")]
    IllegalHistory {
        /// Its number in the history, from 0.
        number: usize,
        /// The move.
        mv: Move,
        /// Why it cannot be played.
        error: PlayError,
    },
    /// A saved game's selected tile cannot be selected (see [`Board::restore`]).
    #[error("tile {index} cannot be selected: {error}")]
    IllegalSelection {
        /// The selected tile.
        index: usize,
        /// Why it cannot be selected.
        error: PlayError,
    },
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// Tiles remain and at least one move is legal.
    Playing,
    /// The board is empty.
    Won,
    /// Tiles remain and no move is legal.
    DeadEnd,
}

/// What a [`Board::select`] did ("Sélection des tuiles" in the rules page).
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

/// A game of mahjong solitaire: a layout, its tiles, which are still there, the moves made.
///
/// Indices everywhere are indices into [`Layout::positions`]. Two boards are equal when they
/// have the same layout, tiles, remaining tiles, history and selection.
#[derive(Clone)]
pub struct Board {
    pub(crate) geo: Arc<Geometry>,
    pub(crate) tiles: Vec<Tile>,
    pub(crate) present: Vec<bool>,
    /// Present tiles covering each position.
    pub(crate) cover: Vec<u16>,
    /// Present tiles touching each position's left side.
    pub(crate) left: Vec<u16>,
    /// Present tiles touching each position's right side.
    pub(crate) right: Vec<u16>,
    pub(crate) remaining: usize,
    pub(crate) history: Vec<Move>,
    selected: Option<usize>,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.geo.layout == other.geo.layout
            && self.tiles == other.tiles
            && self.present == other.present
            && self.history == other.history
            && self.selected == other.selected
            && self.cover == other.cover
            && self.left == other.left
            && self.right == other.right
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board")
            .field("layout", &self.geo.layout.name())
            .field("remaining", &self.remaining)
            .field("tiles", &self.tiles_by_index())
            .field("history", &self.history)
            .field("selected", &self.selected)
            .finish()
    }
}

impl Board {
    /// A full board: `tiles[i]` stands at `layout.positions()[i]`.
    ///
    /// Any tiles are accepted; a board whose tiles cannot all pair up (an odd number of some
    /// kind) is simply unwinnable.
    ///
    /// # Errors
    /// [`BoardError::WrongTileCount`] unless there is one tile per position.
    pub fn new(layout: &Layout, tiles: Vec<Tile>) -> Result<Board, BoardError> {
        if tiles.len() != layout.len() {
            return Err(BoardError::WrongTileCount {
                expected: layout.len(),
                found: tiles.len(),
            });
        }
        Ok(Board::from_geometry(Arc::new(Geometry::new(layout)), tiles))
    }

    /// A board part-way through a game: `tiles[i]` is `None` where the tile has been
    /// removed. The history is empty.
    ///
    /// # Errors
    /// [`BoardError::WrongTileCount`] unless there is one entry per position,
    /// [`BoardError::Floating`] if a tile stands over an empty position (it could not have
    /// been removed legally).
    pub fn from_parts(layout: &Layout, tiles: Vec<Option<Tile>>) -> Result<Board, BoardError> {
        if tiles.len() != layout.len() {
            return Err(BoardError::WrongTileCount {
                expected: layout.len(),
                found: tiles.len(),
            });
        }
        let geo = Arc::new(Geometry::new(layout));
        for (i, t) in tiles.iter().enumerate() {
            let under = geo
                .below
                .get(i)
                .iter()
                .find(|&&u| tiles[usize::from(u)].is_none());
            if let (Some(_), Some(&under)) = (t, under) {
                return Err(BoardError::Floating {
                    index: i,
                    position: layout.positions()[i],
                    under: usize::from(under),
                });
            }
        }
        let filler = Tile::EAST;
        let mut board =
            Board::from_geometry(geo, tiles.iter().map(|t| t.unwrap_or(filler)).collect());
        for (i, t) in tiles.iter().enumerate() {
            if t.is_none() {
                board.take(i);
            }
        }
        Ok(board)
    }

    pub(crate) fn from_geometry(geo: Arc<Geometry>, tiles: Vec<Tile>) -> Board {
        let n = geo.len();
        let cover = (0..n).map(|i| geo.above.get(i).len() as u16).collect();
        let left = (0..n).map(|i| geo.left.get(i).len() as u16).collect();
        let right = (0..n).map(|i| geo.right.get(i).len() as u16).collect();
        Board {
            geo,
            tiles,
            present: vec![true; n],
            cover,
            left,
            right,
            remaining: n,
            history: Vec::new(),
            selected: None,
        }
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.geo.layout
    }

    /// The number of tiles still on the board (the number of positions is
    /// `board.layout().len()`).
    pub fn remaining(&self) -> usize {
        self.remaining
    }

    /// The tile at index `i`, if it is still there.
    pub fn tile(&self, i: usize) -> Option<Tile> {
        (i < self.tiles.len() && self.present[i]).then(|| self.tiles[i])
    }

    /// Every position's tile, `None` where removed (the form [`Board::from_parts`] reads).
    pub fn tiles_by_index(&self) -> Vec<Option<Tile>> {
        (0..self.tiles.len()).map(|i| self.tile(i)).collect()
    }

    /// The tiles still on the board, with their indices, in index order.
    pub fn remaining_tiles(&self) -> impl Iterator<Item = (usize, Tile)> + '_ {
        (0..self.tiles.len()).filter_map(|i| self.tile(i).map(|t| (i, t)))
    }

    /// Whether the tile at `i` is still on the board.
    pub fn is_present(&self, i: usize) -> bool {
        i < self.tiles.len() && self.present[i]
    }

    #[inline]
    pub(crate) fn free_unchecked(&self, i: usize) -> bool {
        self.present[i] && self.cover[i] == 0 && (self.left[i] == 0 || self.right[i] == 0)
    }

    /// Whether the tile at `i` is there and free: not covered, and a side clear.
    pub fn is_free(&self, i: usize) -> bool {
        i < self.tiles.len() && self.free_unchecked(i)
    }

    /// What keeps the tile at `i` from being free, or `None` if it is free or absent.
    pub fn blocked(&self, i: usize) -> Option<Blocked> {
        if !self.is_present(i) || self.free_unchecked(i) {
            return None;
        }
        let present = |list: &[u16]| {
            list.iter()
                .map(|&j| usize::from(j))
                .find(|&j| self.present[j])
        };
        if let Some(by) = present(self.geo.above.get(i)) {
            return Some(Blocked::Covered { by });
        }
        match (
            present(self.geo.left.get(i)),
            present(self.geo.right.get(i)),
        ) {
            (Some(left), Some(right)) => Some(Blocked::BothSides { left, right }),
            _ => None,
        }
    }

    /// The indices of the free tiles, in increasing order.
    pub fn free_tiles(&self) -> Vec<usize> {
        (0..self.tiles.len())
            .filter(|&i| self.free_unchecked(i))
            .collect()
    }

    /// Checks that the tile at `i` exists, is there and is free.
    fn check_tile(&self, i: usize) -> Result<Tile, PlayError> {
        if i >= self.tiles.len() {
            return Err(PlayError::OutOfRange {
                index: i,
                positions: self.tiles.len(),
            });
        }
        if !self.present[i] {
            return Err(PlayError::Removed { index: i });
        }
        match self.blocked(i) {
            Some(blocked) => Err(PlayError::NotFree { index: i, blocked }),
            None => Ok(self.tiles[i]),
        }
    }

    /// Checks a move: both tiles there, distinct, free and matching ([`Board::play`] would
    /// accept it).
    ///
    /// # Errors
    /// The first rule broken, as a [`PlayError`].
    pub fn check(&self, m: Move) -> Result<(), PlayError> {
        if m.first() == m.second() {
            self.check_tile(m.first())?;
            return Err(PlayError::SameTile { index: m.first() });
        }
        let a = self.check_tile(m.first())?;
        let b = self.check_tile(m.second())?;
        if tiles_match(a, b) {
            Ok(())
        } else {
            Err(PlayError::NoMatch {
                first: a,
                second: b,
            })
        }
    }

    /// Whether a move is legal (`check(m).is_ok()`).
    pub fn is_legal(&self, m: Move) -> bool {
        self.check(m).is_ok()
    }

    /// Every legal move, sorted.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// Writes every legal move, sorted, into `moves` (cleared first): no allocation once
    /// `moves` is large enough.
    pub fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        moves.clear();
        let mut free: [Vec<usize>; crate::matching::MATCH_CLASSES] =
            core::array::from_fn(|_| Vec::new());
        for i in 0..self.tiles.len() {
            if self.free_unchecked(i) {
                free[crate::matching::match_class(self.tiles[i])].push(i);
            }
        }
        for class in &free {
            for (k, &a) in class.iter().enumerate() {
                for &b in &class[k + 1..] {
                    moves.push(Move::new(a, b));
                }
            }
        }
        moves.sort_unstable();
    }

    /// Whether any move is legal.
    pub fn has_legal_move(&self) -> bool {
        let mut seen = [false; crate::matching::MATCH_CLASSES];
        for i in 0..self.tiles.len() {
            if self.free_unchecked(i) {
                let c = crate::matching::match_class(self.tiles[i]);
                if seen[c] {
                    return true;
                }
                seen[c] = true;
            }
        }
        false
    }

    /// Whether the board is empty.
    pub fn is_won(&self) -> bool {
        self.remaining == 0
    }

    /// Whether tiles remain but no move is legal (a shuffle may help: see
    /// [`crate::shuffle`]).
    pub fn is_dead_end(&self) -> bool {
        self.remaining > 0 && !self.has_legal_move()
    }

    /// Won, dead end, or still playing.
    pub fn status(&self) -> Status {
        if self.is_won() {
            Status::Won
        } else if self.has_legal_move() {
            Status::Playing
        } else {
            Status::DeadEnd
        }
    }

    pub(crate) fn take(&mut self, i: usize) {
        let geo = &*self.geo;
        self.present[i] = false;
        self.remaining -= 1;
        for &p in geo.below.get(i) {
            self.cover[usize::from(p)] -= 1;
        }
        for &p in geo.right.get(i) {
            self.left[usize::from(p)] -= 1;
        }
        for &p in geo.left.get(i) {
            self.right[usize::from(p)] -= 1;
        }
    }

    pub(crate) fn put(&mut self, i: usize) {
        let geo = &*self.geo;
        self.present[i] = true;
        self.remaining += 1;
        for &p in geo.below.get(i) {
            self.cover[usize::from(p)] += 1;
        }
        for &p in geo.right.get(i) {
            self.left[usize::from(p)] += 1;
        }
        for &p in geo.left.get(i) {
            self.right[usize::from(p)] += 1;
        }
    }

    /// Removes the two tiles of a legal move, without checking it (for the crate's searches,
    /// which only play legal moves). Clears the selection.
    pub(crate) fn play_unchecked(&mut self, m: Move) {
        self.take(m.first());
        self.take(m.second());
        self.history.push(m);
        self.selected = None;
    }

    /// Plays a move: removes its two tiles if it is legal, and clears the selection.
    ///
    /// # Errors
    /// A [`PlayError`] (the first rule broken, as [`Board::check`] says) if the move is
    /// illegal; the board is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        self.check(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Takes back the last move, returning it (`None` at the start). Clears the selection.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.history.pop()?;
        self.put(m.second());
        self.put(m.first());
        self.selected = None;
        Some(m)
    }

    /// The moves played since the deal (or since [`Board::from_parts`]), in order.
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// The selected tile, if any.
    pub fn selected(&self) -> Option<usize> {
        self.selected
    }

    /// Clears the selection.
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

    /// Puts new tiles on the remaining positions (used by shuffle); removed positions keep
    /// theirs so that undo stays possible.
    pub(crate) fn replace_remaining(&mut self, tiles: &[(usize, Tile)]) {
        for &(i, t) in tiles {
            self.tiles[i] = t;
        }
        self.selected = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    fn board(layout: &str, tiles: &[&str]) -> Board {
        let layout: Layout = layout.parse().unwrap();
        Board::new(&layout, tiles.iter().map(|s| t(s)).collect()).unwrap()
    }

    /// The rules page's examples: a row A B C D E, then a tile F on B and C.
    #[test]
    fn free_rule_row() {
        // A..E at x = 0, 2, 4, 6, 8; a sixth tile far away makes the count even.
        let b = board("0 0: 0-8 20\n", &["1m", "2m", "3m", "4m", "5m", "6m"]);
        let (a, bb, c, d, e) = (0, 1, 2, 3, 4);
        assert!(b.is_free(a), "A: left side clear, nothing on top");
        assert!(!b.is_free(bb));
        assert_eq!(
            b.blocked(c),
            Some(Blocked::BothSides { left: bb, right: d }),
            "C: B and D block it"
        );
        assert!(!b.is_free(d));
        assert!(b.is_free(e), "E: right side clear");
    }

    #[test]
    fn free_rule_tile_on_top() {
        // F sits on B and C (x = 3, one layer up).
        let b = board("0 0: 0-8\n1 0: 3\n", &["1m", "2m", "3m", "4m", "5m", "6m"]);
        let (a, bb, c, e, f) = (0, 1, 2, 4, 5);
        assert!(b.is_free(a));
        assert_eq!(
            b.blocked(bb),
            Some(Blocked::Covered { by: f }),
            "B: F on top, though only A touches its side"
        );
        assert_eq!(b.blocked(c), Some(Blocked::Covered { by: f }));
        assert!(b.is_free(f), "F: its own sides are clear on its layer");
        assert!(b.is_free(e));
        // Partial overlap counts: a tile half a tile up and right still covers.
        let b = board("0 0: 0\n1 1: 1\n", &["1m", "1m"]);
        assert_eq!(b.blocked(0), Some(Blocked::Covered { by: 1 }));
        // A neighbour half a row off still blocks a side.
        let b = board("0 0: 2\n0 1: 0 4\n0 9: 0\n", &["1m", "1m", "2m", "2m"]);
        assert_eq!(b.blocked(0), Some(Blocked::BothSides { left: 1, right: 2 }));
    }

    #[test]
    fn moves_and_errors() {
        let mut b = board("0 0: 0-8\n1 0: 3\n", &["1f", "2m", "2m", "1m", "4f", "3m"]);
        assert_eq!(b.free_tiles(), [0, 4, 5]);
        assert_eq!(b.legal_moves(), [Move::new(0, 4)]);
        assert_eq!(
            b.check(Move::new(0, 0)),
            Err(PlayError::SameTile { index: 0 })
        );
        assert_eq!(
            b.check(Move::new(0, 9)),
            Err(PlayError::OutOfRange {
                index: 9,
                positions: 6
            })
        );
        assert_eq!(
            b.check(Move::new(0, 5)),
            Err(PlayError::NoMatch {
                first: t("1f"),
                second: t("3m")
            })
        );
        assert!(matches!(
            b.check(Move::new(1, 2)),
            Err(PlayError::NotFree { index: 1, .. })
        ));
        // An illegal move leaves the board as it was.
        let before = b.clone();
        let err = b.play(Move::new(1, 2)).unwrap_err();
        assert_eq!(b, before);
        assert_eq!(err.to_string(), "tile 1 is not free: covered by tile 5");
        assert!(!b.is_legal(Move::new(1, 2)) && b.is_legal(Move::new(0, 4)));
        b.play(Move::new(4, 0)).unwrap();
        assert_eq!(
            b.check(Move::new(3, 0)),
            Err(PlayError::Removed { index: 0 })
        );
        assert_eq!(b.free_tiles(), [3, 5]);
        assert_eq!(b.status(), Status::DeadEnd);
        assert!(b.is_dead_end());
    }

    #[test]
    fn undo_restores_exactly() {
        let start = board(
            "0 0: 0-6\n1 0: 3\n0 4: 0\n",
            &["1m", "2m", "2m", "1m", "3m", "3m"],
        );
        let mut b = start.clone();
        b.play(Move::new(4, 5)).unwrap();
        b.play(Move::new(0, 3)).unwrap();
        assert_eq!(b.undo(), Some(Move::new(0, 3)));
        assert_eq!(b.undo(), Some(Move::new(4, 5)));
        assert_eq!(b.undo(), None);
        assert_eq!(b, start);
    }

    #[test]
    fn from_parts_checks_support() {
        let layout: Layout = "0 0: 0-2\n1 0: 1\n0 4: 0\n".parse().unwrap();
        let tiles = vec![Some(t("1m")), None, Some(t("2m")), Some(t("2m"))];
        assert!(matches!(
            Board::from_parts(&layout, tiles),
            Err(BoardError::Floating {
                index: 3,
                under: 1,
                ..
            })
        ));
        let tiles = vec![Some(t("1m")), None, Some(t("2m")), None];
        let b = Board::from_parts(&layout, tiles.clone()).unwrap();
        assert_eq!(b.remaining(), 2);
        assert_eq!(b.tiles_by_index(), tiles);
        assert!(b.is_free(0) && b.is_free(2));
    }

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
