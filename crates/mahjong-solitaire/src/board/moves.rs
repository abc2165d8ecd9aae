//! Moves: a [`Move`] (two tiles removed together), its text form, and why a move cannot be
//! played ([`PlayError`], [`Blocked`]).

use core::fmt;

use mahjong_tiles::Tile;

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
    pub const fn first(self) -> usize {
        self.first
    }

    /// The larger index.
    pub const fn second(self) -> usize {
        self.second
    }

    /// Both indices, smaller first.
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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a move written i-j (two tile indices), found {text:?} ({len} bytes)")]
pub struct ParseMoveError {
    /// The start of the text given (at most [`ParseMoveError::EXCERPT`] characters).
    pub text: String,
    /// The length of the whole text, in bytes.
    pub len: usize,
}

impl ParseMoveError {
    /// The most characters of the input an error quotes.
    pub const EXCERPT: usize = 40;
}

impl core::str::FromStr for Move {
    type Err = ParseMoveError;

    /// Reads `i-j` (spaces allowed around the numbers). Nothing is allocated but the
    /// error's excerpt, whatever the length of `s`.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError {
            text: s.chars().take(ParseMoveError::EXCERPT).collect(),
            len: s.len(),
        };
        let (a, b) = s.split_once('-').ok_or_else(err)?;
        let a = a.trim().parse().map_err(|_| err())?;
        let b = b.trim().parse().map_err(|_| err())?;
        Ok(Move::new(a, b))
    }
}

/// Why a tile is not free.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Blocked {
    /// A tile above overlaps it (`by` is one of them).
    Covered {
        /// Index of a covering tile.
        by: usize,
    },
    /// Tiles touch both its sides.
    BothSides {
        /// Index of a tile touching the left side.
        left: usize,
        /// Index of a tile touching the right side.
        right: usize,
    },
}

impl fmt::Display for Blocked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Blocked::Covered { by } => write!(f, "covered by tile {by}"),
            Blocked::BothSides { left, right } => {
                write!(f, "both sides blocked (tiles {left} and {right})")
            }
        }
    }
}

/// Why a move cannot be played (what [`Board::check`](super::Board::check) and [`Board::play`](super::Board::play) answer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// An index past the layout's last position.
    #[error("no tile {index}: the layout has {positions} positions")]
    OutOfRange {
        /// The index given.
        index: usize,
        /// The number of positions.
        positions: usize,
    },
    /// Both indices name the same tile.
    #[error("tile {index} cannot pair with itself")]
    SameTile {
        /// The index given twice.
        index: usize,
    },
    /// The tile has already been removed.
    #[error("tile {index} has already been removed")]
    Removed {
        /// The index of the missing tile.
        index: usize,
    },
    /// The tile is not free.
    #[error("tile {index} is not free: {blocked}")]
    NotFree {
        /// The index of the blocked tile.
        index: usize,
        /// What blocks it.
        blocked: Blocked,
    },
    /// The two tiles do not match.
    #[error("{first} and {second} do not match")]
    NoMatch {
        /// The first tile.
        first: Tile,
        /// The second tile.
        second: Tile,
    },
}
