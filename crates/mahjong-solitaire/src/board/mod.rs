//! The state of a game: which tile lies where, which are still there, the free-tile rule,
//! moves, undo, and tile selection for front ends.

use core::fmt;
use std::sync::Arc;

use mahjong_tiles::Tile;

mod moves;
mod play;
mod saved;
mod select;

pub use moves::{Blocked, Move, ParseMoveError, PlacedTile, PlayError};
pub use saved::SavedGame;
pub use select::Selection;

use crate::geometry::Geometry;
use crate::layout::{Layout, Place, Position};

/// Why tiles and a layout do not make a board.
///
/// ```
/// use mahjong_solitaire::{Board, BoardError, Layout};
/// let layout: Layout = "0 0: 0 2\n".parse()?;
/// let err = Board::new(&layout, vec!["1m".parse()?]).unwrap_err();
/// assert_eq!(err, BoardError::WrongTileCount { expected: 2, found: 1 });
/// assert_eq!(err.to_string(), "1 tiles for 2 positions");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
    /// More copies of a tile than the layout's tile set ([`Layout::tiles`]) holds.
    #[error("{found} copies of {tile}, but the layout's tiles hold {allowed}")]
    TooManyCopies {
        /// The tile.
        tile: Tile,
        /// How many copies were given.
        found: usize,
        /// How many the layout's tile set holds.
        allowed: usize,
    },
    /// A tile stands over a removed one.
    #[error("{tile} stands over an empty place ({})", Place(*under_position))]
    Floating {
        /// The floating tile.
        tile: PlacedTile,
        /// Index of the missing tile under it.
        under: usize,
        /// Where the missing tile stood.
        under_position: Position,
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
    #[error("the selected tile cannot be selected: {error}")]
    IllegalSelection {
        /// The selected tile's index.
        index: usize,
        /// Why it cannot be selected.
        error: PlayError,
    },
}

/// Where a game stands ([`Board::status`]).
///
/// ```
/// use mahjong_solitaire::{Board, Layout, Move, Status};
/// let layout: Layout = "0 0: 0 2\n".parse()?;
/// let mut board = Board::new(&layout, ["1m", "1m"].map(|t| t.parse().unwrap()).to_vec())?;
/// assert_eq!(board.status(), Status::Playing);
/// board.play(Move::new(0, 1))?;
/// assert_eq!(board.status(), Status::Cleared);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// Tiles remain and at least one move is legal.
    Playing,
    /// The board is empty: the game is won.
    Cleared,
    /// Tiles remain and no move is legal (a shuffle may help).
    DeadEnd,
}

/// A game of mahjong solitaire: a layout, its tiles, which are still there, the moves made.
///
/// A board is a [`Layout`] with a tile on every position. A tile is *free* when no tile
/// covers it and its left or right side is clear (see [`Position`]); a [`Move`] removes two
/// free matching tiles ([`tiles_match`](crate::tiles_match)). The board has the one state
/// shape of the Grilles & Tuiles games ([`GameState`](crate::GameState), with `()` as its
/// player): [`check`](Board::check) says whether a move is legal and if not why (a
/// [`PlayError`]), [`is_legal`](Board::is_legal), [`legal_moves`](Board::legal_moves),
/// [`play`](Board::play) plays a move and leaves the board unchanged when it is not legal,
/// [`undo`](Board::undo) takes the last move back, and [`is_over`](Board::is_over) is the
/// end test (no move left: cleared, or stuck at a dead end; [`status`](Board::status) says
/// which).
///
/// Indices everywhere are indices into [`Layout::positions`]. Two boards are equal when they
/// have the same layout, tiles, remaining tiles, history and selection.
///
/// ```
/// use mahjong_solitaire::{Board, Layout, Move, PlayError, Status};
/// use mahjong_tiles::Tile;
///
/// // A row of four tiles, a fifth on top of the middle two, and a sixth alone.
/// let layout: Layout = "0 0: 0-6 10\n1 0: 3\n".parse()?;
/// let t = |s: &str| s.parse::<Tile>().unwrap();
/// let tiles = ["1m", "2m", "2m", "1m", "3m", "3m"].map(t).to_vec();
/// let mut board = Board::new(&layout, tiles)?;
///
/// assert_eq!(board.free_tiles(), [0, 3, 4, 5]);
/// assert!(matches!(board.check(Move::new(1, 2)), Err(PlayError::NotFree { .. })));
/// assert_eq!(board.legal_moves(), [Move::new(0, 3), Move::new(4, 5)]);
///
/// board.play(Move::new(4, 5))?; // the top tile goes: 1 and 2 are uncovered
/// board.play(Move::new(0, 3))?;
/// board.play(Move::new(1, 2))?;
/// assert!(board.is_over());
/// assert_eq!(board.status(), Status::Cleared);
/// assert_eq!(board.undo(), Some(Move::new(1, 2)));
/// assert_eq!(board.remaining(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
    /// A full board: `tiles[i]` stands at `layout.positions()[i]`. The tiles are the
    /// layout's ([`Layout::tiles`]) in any order.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, BoardError, Layout};
    /// use mahjong_tiles::Tile;
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// let board = Board::new(&layout, ["2m", "1m", "1m", "2m"].map(t).to_vec())?;
    /// assert_eq!(board.remaining(), 4);
    ///
    /// // Four positions hold 1m 1m 2m 2m: a third 1m is not among them.
    /// assert_eq!(
    ///     Board::new(&layout, ["1m", "1m", "1m", "2m"].map(t).to_vec()),
    ///     Err(BoardError::TooManyCopies { tile: t("1m"), found: 3, allowed: 2 })
    /// );
    /// assert!(matches!(Board::new(&layout, vec![t("1m")]), Err(BoardError::WrongTileCount { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`BoardError::WrongTileCount`] unless there is one tile per position,
    /// [`BoardError::TooManyCopies`] if a tile comes more often than in the layout's tiles.
    pub fn new(layout: &Layout, tiles: Vec<Tile>) -> Result<Board, BoardError> {
        if tiles.len() != layout.len() {
            return Err(BoardError::WrongTileCount {
                expected: layout.len(),
                found: tiles.len(),
            });
        }
        check_copies(layout, tiles.iter().copied())?;
        Ok(Board::from_geometry(Arc::new(Geometry::new(layout)), tiles))
    }

    /// A board part-way through a game: `tiles[i]` is `None` where the tile has been
    /// removed. The tiles left are some of the layout's ([`Layout::tiles`]). The history is
    /// empty.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, BoardError, Layout};
    /// use mahjong_tiles::Tile;
    ///
    /// // A row of two, and a tile on top of them.
    /// let layout: Layout = "0 0: 0 2\n1 0: 1\n0 4: 0\n".parse()?;
    /// let t = |s: &str| Some(s.parse::<Tile>().unwrap());
    /// let board = Board::from_parts(&layout, vec![t("1m"), None, t("1m"), None])?;
    /// assert_eq!(board.remaining(), 2);
    /// assert_eq!(board.free_tiles(), [0, 2]);
    ///
    /// // A tile cannot stand over an empty place.
    /// let floating = Board::from_parts(&layout, vec![None, t("1m"), t("1m"), t("2m")]);
    /// assert!(matches!(floating, Err(BoardError::Floating { under: 0, .. })));
    /// // Nor can the layout's two 1m come three times.
    /// let tripled = Board::from_parts(&layout, vec![t("1m"), t("1m"), t("1m"), None]);
    /// assert!(matches!(tripled, Err(BoardError::TooManyCopies { found: 3, allowed: 2, .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`BoardError::WrongTileCount`] unless there is one entry per position,
    /// [`BoardError::TooManyCopies`] if a tile comes more often than in the layout's tiles,
    /// [`BoardError::Floating`] if a tile stands over an empty position (it could not have
    /// been removed legally).
    pub fn from_parts(layout: &Layout, tiles: Vec<Option<Tile>>) -> Result<Board, BoardError> {
        if tiles.len() != layout.len() {
            return Err(BoardError::WrongTileCount {
                expected: layout.len(),
                found: tiles.len(),
            });
        }
        check_copies(layout, tiles.iter().flatten().copied())?;
        let geo = Arc::new(Geometry::new(layout));
        for (i, t) in tiles.iter().enumerate() {
            let under = geo
                .below
                .get(i)
                .iter()
                .find(|&&u| tiles[usize::from(u)].is_none());
            if let (&Some(tile), Some(&under)) = (t, under) {
                let under = usize::from(under);
                return Err(BoardError::Floating {
                    tile: PlacedTile {
                        index: i,
                        tile,
                        position: layout.positions()[i],
                    },
                    under,
                    under_position: layout.positions()[under],
                });
            }
        }
        // Removed positions get a stand-in, never shown: their tile is unknown.
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

    /// A full board of any tiles, unchecked (the crate's own deals, and tests of boards the
    /// public constructors refuse).
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

    /// A full board of any tiles, for the crate's tests of boards `new` refuses.
    #[cfg(test)]
    pub(crate) fn unchecked(layout: &Layout, tiles: Vec<Tile>) -> Board {
        Board::from_geometry(Arc::new(Geometry::new(layout)), tiles)
    }

    /// The layout.
    ///
    /// ```
    /// use mahjong_solitaire::{BuiltinLayout, random_deal};
    /// use rand::SeedableRng;
    ///
    /// let board = random_deal(&BuiltinLayout::Spider.layout(), &mut rand_pcg::Pcg64Mcg::seed_from_u64(1));
    /// assert_eq!(board.layout().name(), "Spider");
    /// ```
    pub fn layout(&self) -> &Layout {
        &self.geo.layout
    }

    /// The number of tiles still on the board (the number of positions is
    /// `board.layout().len()`).
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Move};
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// let mut board = Board::new(&layout, tiles)?;
    /// board.play(Move::new(0, 3))?;
    /// assert_eq!((board.remaining(), board.layout().len()), (2, 4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remaining(&self) -> usize {
        self.remaining
    }

    /// The tile at index `i`, if it is still there.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Move};
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// let mut board = Board::new(&layout, tiles)?;
    /// assert_eq!(board.tile(1), Some("2m".parse()?));
    /// board.play(Move::new(0, 3))?;
    /// assert_eq!((board.tile(0), board.tile(9)), (None, None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tile(&self, i: usize) -> Option<Tile> {
        (i < self.tiles.len() && self.present[i]).then(|| self.tiles[i])
    }

    /// Every position's tile, `None` where removed (the form [`Board::from_parts`] reads).
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Move};
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// let mut board = Board::new(&layout, tiles)?;
    /// board.play(Move::new(0, 3))?;
    /// let parts = board.tiles_by_index();
    /// assert_eq!(parts, [None, Some("2m".parse()?), Some("2m".parse()?), None]);
    /// assert_eq!(Board::from_parts(&layout, parts)?.remaining(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tiles_by_index(&self) -> Vec<Option<Tile>> {
        (0..self.tiles.len()).map(|i| self.tile(i)).collect()
    }

    /// The tiles still on the board, with their indices, in index order.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Move};
    /// use mahjong_tiles::Tile;
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// let mut board = Board::new(&layout, tiles)?;
    /// board.play(Move::new(0, 3))?;
    /// let left: Vec<(usize, Tile)> = board.remaining_tiles().collect();
    /// assert_eq!(left, [(1, "2m".parse()?), (2, "2m".parse()?)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remaining_tiles(&self) -> impl Iterator<Item = (usize, Tile)> + '_ {
        (0..self.tiles.len()).filter_map(|i| self.tile(i).map(|t| (i, t)))
    }

    /// Whether the tile at `i` is still on the board.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Move};
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// let mut board = Board::new(&layout, tiles)?;
    /// board.play(Move::new(0, 3))?;
    /// assert!(!board.is_present(0) && board.is_present(1) && !board.is_present(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_present(&self, i: usize) -> bool {
        i < self.tiles.len() && self.present[i]
    }

    #[inline]
    pub(crate) fn free_unchecked(&self, i: usize) -> bool {
        self.present[i] && self.cover[i] == 0 && (self.left[i] == 0 || self.right[i] == 0)
    }

    /// Whether the tile at `i` is there and free: not covered, and a side clear.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout};
    ///
    /// // A row of three, and a tile on the first.
    /// let layout: Layout = "0 0: 0-4\n1 0: 0\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// let board = Board::new(&layout, tiles)?;
    /// assert!(!board.is_free(0)); // covered
    /// assert!(!board.is_free(1)); // both sides blocked
    /// assert!(board.is_free(2) && board.is_free(3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_free(&self, i: usize) -> bool {
        i < self.tiles.len() && self.free_unchecked(i)
    }

    /// The tile at index `i`, named for people.
    fn placed(&self, i: usize) -> PlacedTile {
        PlacedTile {
            index: i,
            tile: self.tiles[i],
            position: self.geo.layout.positions()[i],
        }
    }

    /// What keeps the tile at `i` from being free, or `None` if it is free or absent.
    ///
    /// ```
    /// use mahjong_solitaire::{Blocked, Board, Layout};
    ///
    /// let layout: Layout = "0 0: 0-4\n1 0: 0\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// let board = Board::new(&layout, tiles)?;
    /// assert!(matches!(board.blocked(0), Some(Blocked::Covered { by }) if by.index == 3));
    /// assert!(matches!(
    ///     board.blocked(1),
    ///     Some(Blocked::BothSides { left, right }) if (left.index, right.index) == (0, 2)
    /// ));
    /// assert_eq!(board.blocked(2), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
            return Some(Blocked::Covered {
                by: self.placed(by),
            });
        }
        match (
            present(self.geo.left.get(i)),
            present(self.geo.right.get(i)),
        ) {
            (Some(left), Some(right)) => Some(Blocked::BothSides {
                left: self.placed(left),
                right: self.placed(right),
            }),
            _ => None,
        }
    }

    /// The indices of the free tiles, in increasing order.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout};
    ///
    /// let layout: Layout = "0 0: 0-4\n1 0: 0\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// assert_eq!(Board::new(&layout, tiles)?.free_tiles(), [2, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn free_tiles(&self) -> Vec<usize> {
        (0..self.tiles.len())
            .filter(|&i| self.free_unchecked(i))
            .collect()
    }

    /// The moves played since the deal (or since [`Board::from_parts`]), in order.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Move};
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// let mut board = Board::new(&layout, tiles)?;
    /// board.play(Move::new(0, 3))?;
    /// board.play(Move::new(1, 2))?;
    /// assert_eq!(board.history(), [Move::new(0, 3), Move::new(1, 2)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn history(&self) -> &[Move] {
        &self.history
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

/// Checks that no tile comes more often than in the layout's tile set.
fn check_copies(layout: &Layout, tiles: impl Iterator<Item = Tile>) -> Result<(), BoardError> {
    let mut allowed = [0usize; Tile::COUNT];
    for t in layout.tiles() {
        allowed[t.index()] += 1;
    }
    let mut found = [0usize; Tile::COUNT];
    for t in tiles {
        found[t.index()] += 1;
    }
    match Tile::ALL
        .into_iter()
        .find(|t| found[t.index()] > allowed[t.index()])
    {
        Some(tile) => Err(BoardError::TooManyCopies {
            tile,
            found: found[tile.index()],
            allowed: allowed[tile.index()],
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    /// A board of any tiles (the rules' examples use tiles a layout's set does not hold).
    pub(super) fn board(layout: &str, tiles: &[&str]) -> Board {
        let layout: Layout = layout.parse().unwrap();
        Board::unchecked(&layout, tiles.iter().map(|s| t(s)).collect())
    }

    /// The indices of what blocks a tile: the covering one, or the left and right ones.
    fn blockers(b: &Board, i: usize) -> Option<Vec<usize>> {
        b.blocked(i).map(|blocked| match blocked {
            Blocked::Covered { by } => vec![by.index],
            Blocked::BothSides { left, right } => vec![left.index, right.index],
        })
    }

    /// The rules page's examples: a row A B C D E, then a tile F on B and C.
    #[test]
    fn free_rule_row() {
        // A..E at x = 0, 2, 4, 6, 8; a sixth tile far away makes the count even.
        let b = board("0 0: 0-8 20\n", &["1m", "2m", "3m", "4m", "5m", "6m"]);
        let (a, bb, c, d, e) = (0, 1, 2, 3, 4);
        assert!(b.is_free(a), "A: left side clear, nothing on top");
        assert!(!b.is_free(bb));
        assert_eq!(blockers(&b, c), Some(vec![bb, d]), "C: B and D block it");
        assert_eq!(
            b.blocked(c),
            Some(Blocked::BothSides {
                left: PlacedTile {
                    index: bb,
                    tile: t("2m"),
                    position: Position::new(2, 0, 0)
                },
                right: PlacedTile {
                    index: d,
                    tile: t("4m"),
                    position: Position::new(6, 0, 0)
                },
            })
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
            blockers(&b, bb),
            Some(vec![f]),
            "B: F on top, though only A touches its side"
        );
        assert_eq!(blockers(&b, c), Some(vec![f]));
        assert!(b.is_free(f), "F: its own sides are clear on its layer");
        assert!(b.is_free(e));
        // Partial overlap counts: a tile half a tile up and right still covers.
        let b = board("0 0: 0\n1 1: 1\n", &["1m", "1m"]);
        assert_eq!(blockers(&b, 0), Some(vec![1]));
        // A neighbour half a row off still blocks a side.
        let b = board("0 0: 2\n0 1: 0 4\n0 9: 0\n", &["1m", "1m", "2m", "2m"]);
        assert_eq!(blockers(&b, 0), Some(vec![1, 2]));
    }

    #[test]
    fn from_parts_checks_support() {
        let layout: Layout = "0 0: 0-2\n1 0: 1\n0 4: 0\n".parse().unwrap();
        let tiles = vec![Some(t("1m")), None, Some(t("2m")), Some(t("2m"))];
        let err = Board::from_parts(&layout, tiles).unwrap_err();
        assert!(
            matches!(err, BoardError::Floating { tile, under: 1, .. } if tile.index == 3),
            "{err:?}"
        );
        assert_eq!(
            err.to_string(),
            "2m at column 1.5, row 1, layer 2 stands over an empty place (column 2, row 1, layer 1)"
        );
        let tiles = vec![Some(t("1m")), None, Some(t("2m")), None];
        let b = Board::from_parts(&layout, tiles.clone()).unwrap();
        assert_eq!(b.remaining(), 2);
        assert_eq!(b.tiles_by_index(), tiles);
        assert!(b.is_free(0) && b.is_free(2));
    }

    /// A board with more copies of a tile than the layout's tile set holds is refused, by
    /// both constructors (a tampered save with a duplicated tile, say).
    #[test]
    fn more_copies_than_the_layout_holds_are_refused() {
        // Four positions hold 1m 1m 2m 2m.
        let layout: Layout = "0 0: 0-6\n".parse().unwrap();
        let duplicated = vec![Some(t("1m")), Some(t("1m")), Some(t("1m")), None];
        let err = Board::from_parts(&layout, duplicated).unwrap_err();
        assert_eq!(
            err,
            BoardError::TooManyCopies {
                tile: t("1m"),
                found: 3,
                allowed: 2
            }
        );
        assert_eq!(
            err.to_string(),
            "3 copies of 1m, but the layout's tiles hold 2"
        );
        // A tile the layout's set does not hold at all.
        let stranger = vec![Some(t("1m")), Some(t("9p")), None, None];
        assert!(matches!(
            Board::from_parts(&layout, stranger),
            Err(BoardError::TooManyCopies {
                found: 1,
                allowed: 0,
                ..
            })
        ));
        assert!(matches!(
            Board::new(&layout, ["1m", "1m", "1m", "2m"].map(t).to_vec()),
            Err(BoardError::TooManyCopies { found: 3, .. })
        ));
        // Some of the layout's tiles, or all of them in any order, are boards.
        let some = vec![Some(t("2m")), None, None, Some(t("2m"))];
        assert_eq!(Board::from_parts(&layout, some).unwrap().remaining(), 2);
        assert!(Board::new(&layout, ["2m", "1m", "2m", "1m"].map(t).to_vec()).is_ok());
    }
}
