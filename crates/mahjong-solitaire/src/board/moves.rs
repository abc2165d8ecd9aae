//! Moves: a `Move` (two tiles removed together), its text form, and why a move cannot be
//! played (`PlayError`, `Blocked`, naming tiles as `PlacedTile`s).

use core::fmt;

use mahjong_tiles::Tile;

use crate::layout::{Place, Position};

/// A move: the indices (in the layout's positions) of two tiles removed together. The
/// smaller index comes first, so `Move::new(3, 1) == Move::new(1, 3)`.
///
/// ```
/// use mahjong_solitaire::Move;
/// let m = Move::new(7, 2);
/// assert_eq!((m.first(), m.second()), (2, 7));
/// assert_eq!(m.to_string(), "2-7");
/// assert_eq!("7-2".parse::<Move>(), Ok(m));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Move {
    first: usize,
    second: usize,
}

impl Move {
    /// The move removing the tiles at indices `a` and `b` (in either order).
    ///
    /// ```
    /// use mahjong_solitaire::Move;
    /// assert_eq!(Move::new(9, 4), Move::new(4, 9));
    /// ```
    pub const fn new(a: usize, b: usize) -> Move {
        if a <= b {
            Move {
                first: a,
                second: b,
            }
        } else {
            Move {
                first: b,
                second: a,
            }
        }
    }

    /// The smaller index.
    ///
    /// ```
    /// use mahjong_solitaire::Move;
    /// assert_eq!(Move::new(9, 4).first(), 4);
    /// ```
    pub const fn first(self) -> usize {
        self.first
    }

    /// The larger index.
    ///
    /// ```
    /// use mahjong_solitaire::Move;
    /// assert_eq!(Move::new(9, 4).second(), 9);
    /// ```
    pub const fn second(self) -> usize {
        self.second
    }

    /// Both indices, smaller first.
    ///
    /// ```
    /// use mahjong_solitaire::Move;
    /// assert_eq!(Move::new(9, 4).indices(), [4, 9]);
    /// ```
    pub const fn indices(self) -> [usize; 2] {
        [self.first, self.second]
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    /// Reads `{"first": i, "second": j}` (in either order, as [`Move::new`]).
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        #[derive(serde::Deserialize)]
        struct Raw {
            first: usize,
            second: usize,
        }
        let raw = Raw::deserialize(deserializer)?;
        Ok(Move::new(raw.first, raw.second))
    }
}

impl fmt::Display for Move {
    /// Writes `first-second`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.first, self.second)
    }
}

/// A move written other than as `i-j`.
///
/// ```
/// use mahjong_solitaire::Move;
/// let err = "3 and 4".parse::<Move>().unwrap_err();
/// assert_eq!((err.text.as_str(), err.length), ("3 and 4", 7));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a move written i-j (two tile indices), found {text:?} ({length} bytes)")]
pub struct ParseMoveError {
    /// The start of the text given (at most [`ParseMoveError::EXCERPT`] characters).
    pub text: String,
    /// The length of the whole text, in bytes.
    pub length: usize,
}

impl ParseMoveError {
    /// The most characters of the input an error quotes.
    ///
    /// ```
    /// use mahjong_solitaire::{Move, ParseMoveError};
    /// let err = "x".repeat(1000).parse::<Move>().unwrap_err();
    /// assert_eq!((err.text.len(), err.length), (ParseMoveError::EXCERPT, 1000));
    /// ```
    pub const EXCERPT: usize = 40;
}

impl core::str::FromStr for Move {
    type Err = ParseMoveError;

    /// Reads `i-j` (spaces allowed around the numbers). Nothing is allocated but the
    /// error's excerpt, whatever the length of `s`.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError {
            text: s.chars().take(ParseMoveError::EXCERPT).collect(),
            length: s.len(),
        };
        let (a, b) = s.split_once('-').ok_or_else(err)?;
        let a = a.trim().parse().map_err(|_| err())?;
        let b = b.trim().parse().map_err(|_| err())?;
        Ok(Move::new(a, b))
    }
}

/// A tile of a board, for people: which tile it is, where it stands, and its index.
///
/// It displays as the tile and its place in a player's terms: `5m at column 4, row 2, layer
/// 1`, counting whole tiles from 1 at the top left (a tile set half a tile over is at
/// `column 4.5`) and layers from 1 on the table, as the text picture of the board shows
/// them. Play errors name tiles this way.
///
/// ```
/// use mahjong_solitaire::{PlacedTile, Position};
///
/// let tile = PlacedTile { index: 21, tile: "5m".parse()?, position: Position::new(6, 2, 0) };
/// assert_eq!(tile.to_string(), "5m at column 4, row 2, layer 1");
/// let offset = PlacedTile { position: Position::new(7, 2, 1), ..tile };
/// assert_eq!(offset.to_string(), "5m at column 4.5, row 2, layer 2");
/// # Ok::<(), mahjong_tiles::ParseTileError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlacedTile {
    /// The tile's index in the layout's positions.
    pub index: usize,
    /// The tile.
    pub tile: Tile,
    /// Where it stands.
    pub position: Position,
}

impl fmt::Display for PlacedTile {
    /// Writes `5m at column 4, row 2, layer 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}", self.tile, Place(self.position))
    }
}

/// Why a tile is not free.
///
/// ```
/// use mahjong_solitaire::{Blocked, Board, Layout};
/// let layout: Layout = "0 0: 0\n1 0: 0\n".parse()?;
/// let board = Board::new(&layout, ["1m", "1m"].map(|t| t.parse().unwrap()).to_vec())?;
/// let Some(Blocked::Covered { by }) = board.blocked(0) else { panic!("covered") };
/// assert_eq!(by.index, 1);
/// assert_eq!(board.blocked(0).unwrap().to_string(), "covered by 1m at column 1, row 1, layer 2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Blocked {
    /// A tile above overlaps it (`by` is one of them).
    Covered {
        /// A covering tile.
        by: PlacedTile,
    },
    /// Tiles touch both its sides.
    BothSides {
        /// A tile touching the left side.
        left: PlacedTile,
        /// A tile touching the right side.
        right: PlacedTile,
    },
}

impl fmt::Display for Blocked {
    /// `covered by 9p at column 4.5, row 2, layer 2`, or `both sides blocked (by 4m at …
    /// and 6m at …)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Blocked::Covered { by } => write!(f, "covered by {by}"),
            Blocked::BothSides { left, right } => {
                write!(f, "both sides blocked (by {left} and {right})")
            }
        }
    }
}

/// Why a move cannot be played (what [`Board::check`](super::Board::check) and
/// [`Board::play`](super::Board::play) answer). The message names the tiles and their places
/// in a player's terms (see [`PlacedTile`]).
///
/// ```
/// use mahjong_solitaire::{Board, Layout, Move, PlayError};
///
/// // A row of three: 1m 2m 1m; the 2m in the middle has both sides blocked.
/// let layout: Layout = "0 0: 0-4 10\n".parse()?;
/// let tiles = ["1m", "2m", "1m", "2m"].map(|t| t.parse().unwrap()).to_vec();
/// let board = Board::new(&layout, tiles)?;
/// let err = board.check(Move::new(1, 3)).unwrap_err();
/// assert!(matches!(err, PlayError::NotFree { tile, .. } if tile.index == 1));
/// assert_eq!(
///     err.to_string(),
///     "2m at column 2, row 1, layer 1 is not free: both sides blocked \
///      (by 1m at column 1, row 1, layer 1 and 1m at column 3, row 1, layer 1)"
/// );
/// assert_eq!(
///     board.check(Move::new(0, 3)).unwrap_err().to_string(),
///     "1m at column 1, row 1, layer 1 and 2m at column 6, row 1, layer 1 do not match"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// An index past the layout's last position.
    #[error("there is no tile {index}: the layout has {positions} positions")]
    OutOfRange {
        /// The index given.
        index: usize,
        /// The number of positions.
        positions: usize,
    },
    /// Both indices name the same tile.
    #[error("{tile} cannot pair with itself")]
    SameTile {
        /// The tile given twice.
        tile: PlacedTile,
    },
    /// The tile has already been removed.
    #[error("the tile at {} has already been removed", Place(*position))]
    Removed {
        /// The index of the missing tile.
        index: usize,
        /// Where it stood.
        position: Position,
    },
    /// The tile is not free.
    #[error("{tile} is not free: {blocked}")]
    NotFree {
        /// The blocked tile.
        tile: PlacedTile,
        /// What blocks it.
        blocked: Blocked,
    },
    /// The two tiles do not match.
    #[error("{first} and {second} do not match")]
    NoMatch {
        /// The first tile.
        first: PlacedTile,
        /// The second tile.
        second: PlacedTile,
    },
}
