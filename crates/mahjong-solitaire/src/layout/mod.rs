//! Layouts: where the tiles stand, as data (`Position`, `Layout`), read from the crate's
//! text format (`text`) or KMahjongg files (`kmahjongg`), files of either format read from
//! any reader with a bounded read (`file`), and the built-in layouts (`builtin`).

mod builtin;
mod file;
mod kmahjongg;
mod text;

use core::fmt;
use std::collections::HashMap;

use mahjong_tiles::{Flower, Season, Tile};

pub use builtin::{BuiltinLayout, ParseBuiltinLayoutError};
pub use file::ReadLayoutError;
pub use kmahjongg::KmahjonggError;
pub use text::{ParseLayoutError, SyntaxError};

/// Where a tile stands: `x` and `y` in half-tile units, `z` the layer (0 = the table).
///
/// A tile at `(x, y, z)` covers the half cells `x..=x+1` by `y..=y+1` of layer `z`.
///
/// - It is **covered** by any tile on a higher layer that overlaps it at all: `z' > z`,
///   `|x' − x| < 2` and `|y' − y| < 2` ("le moindre chevauchement" in the rules page).
/// - Its **left side** is blocked by a tile at `(x − 2, y', z)` with `|y' − y| < 2`, its
///   **right side** by one at `(x + 2, y', z)` with `|y' − y| < 2`.
/// - It is **free** when it is not covered and at least one side is clear.
///
/// Positions order by layer, then row, then column (`z`, `y`, `x`).
///
/// ```
/// use mahjong_solitaire::Position;
///
/// let low = Position::new(2, 2, 0);
/// assert!(Position::new(3, 1, 1).covers(low)); // any overlap from above counts
/// assert!(!Position::new(4, 2, 1).covers(low)); // only touching: no overlap
/// assert!(Position::new(0, 3, 0).blocks_left_of(low)); // half a tile lower still touches
/// assert!(Position::new(4, 2, 0).blocks_right_of(low));
/// assert_eq!(low.to_string(), "(2,2,0)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Position {
    /// Column of the tile's left half, in half tiles.
    pub x: u16,
    /// Row of the tile's top half, in half tiles.
    pub y: u16,
    /// Layer, 0 on the table.
    pub z: u8,
}

impl Position {
    /// The position `(x, y, z)`.
    ///
    /// ```
    /// use mahjong_solitaire::Position;
    /// let p = Position::new(4, 2, 1);
    /// assert_eq!((p.x, p.y, p.z), (4, 2, 1));
    /// ```
    pub const fn new(x: u16, y: u16, z: u8) -> Position {
        Position { x, y, z }
    }

    /// Whether a tile here and one at `other` share some area when seen from above
    /// (`|dx| < 2` and `|dy| < 2`), whatever their layers.
    ///
    /// ```
    /// use mahjong_solitaire::Position;
    /// let p = Position::new(4, 4, 0);
    /// assert!(Position::new(5, 3, 0).overlaps_in_plan(p));
    /// assert!(Position::new(5, 3, 2).overlaps_in_plan(p));
    /// assert!(!Position::new(6, 4, 0).overlaps_in_plan(p)); // side by side
    /// ```
    pub const fn overlaps_in_plan(self, other: Position) -> bool {
        self.x.abs_diff(other.x) < 2 && self.y.abs_diff(other.y) < 2
    }

    /// Whether a tile here covers a tile at `other`: it is on a higher layer and overlaps it.
    ///
    /// ```
    /// use mahjong_solitaire::Position;
    /// let low = Position::new(4, 4, 0);
    /// assert!(Position::new(5, 5, 1).covers(low));
    /// assert!(!low.covers(Position::new(5, 5, 1)));
    /// assert!(!Position::new(6, 4, 1).covers(low)); // touching is not covering
    /// ```
    pub const fn covers(self, other: Position) -> bool {
        self.z > other.z && self.overlaps_in_plan(other)
    }

    /// Whether a tile here blocks the left side of a tile at `other`: same layer, two half
    /// tiles to its left, rows less than a tile apart.
    ///
    /// ```
    /// use mahjong_solitaire::Position;
    /// let p = Position::new(4, 4, 0);
    /// assert!(Position::new(2, 5, 0).blocks_left_of(p)); // half a row lower still touches
    /// assert!(!Position::new(2, 6, 0).blocks_left_of(p));
    /// assert!(!Position::new(2, 4, 1).blocks_left_of(p)); // another layer
    /// ```
    pub const fn blocks_left_of(self, other: Position) -> bool {
        self.z == other.z && other.x >= 2 && other.x - 2 == self.x && self.y.abs_diff(other.y) < 2
    }

    /// Whether a tile here blocks the right side of a tile at `other`.
    ///
    /// ```
    /// use mahjong_solitaire::Position;
    /// let p = Position::new(4, 4, 0);
    /// assert!(Position::new(6, 3, 0).blocks_right_of(p));
    /// assert!(!Position::new(7, 4, 0).blocks_right_of(p));
    /// ```
    pub const fn blocks_right_of(self, other: Position) -> bool {
        other.blocks_left_of(self)
    }

    fn key(self) -> (u8, u16, u16) {
        (self.z, self.y, self.x)
    }
}

impl PartialOrd for Position {
    fn partial_cmp(&self, other: &Position) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Position {
    /// Layer first, then row, then column.
    fn cmp(&self, other: &Position) -> core::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

impl fmt::Display for Position {
    /// Writes `(x,y,z)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{},{})", self.x, self.y, self.z)
    }
}

/// A position in a player's terms: `column 4, row 2, layer 1`, counting whole tiles from 1
/// at the top left (a tile half a tile over is at `column 4.5`) and layers from 1 on the
/// table, as the text picture of a board shows them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Place(pub(crate) Position);

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn halves(f: &mut fmt::Formatter<'_>, v: u16) -> fmt::Result {
            let whole = u32::from(v) / 2 + 1;
            if v.is_multiple_of(2) {
                write!(f, "{whole}")
            } else {
                write!(f, "{whole}.5")
            }
        }
        let Position { x, y, z } = self.0;
        f.write_str("column ")?;
        halves(f, x)?;
        f.write_str(", row ")?;
        halves(f, y)?;
        write!(f, ", layer {}", u16::from(z) + 1)
    }
}

/// Why a set of positions is not a valid layout.
///
/// ```
/// use mahjong_solitaire::{Layout, LayoutError, Position};
/// assert_eq!(Layout::new("", []), Err(LayoutError::Empty));
/// let far = Position::new(0, 0, Layout::MAX_Z + 1);
/// assert_eq!(Layout::new("", [far, Position::new(0, 0, 0)]), Err(LayoutError::OutOfRange { position: far }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LayoutError {
    /// A layout needs at least one pair of positions.
    #[error("a layout needs at least two positions")]
    Empty,
    /// Tiles are removed in pairs, so the number of positions must be even.
    #[error("odd number of positions ({count}): tiles are removed in pairs")]
    OddCount {
        /// The number of positions given.
        count: usize,
    },
    /// More positions than [`Layout::MAX_POSITIONS`].
    #[error("too many positions ({count}, at most {max})")]
    TooMany {
        /// The number of positions given (from a parser, which stops reading at the first
        /// position past the limit, the count reached then).
        count: usize,
        /// The limit.
        max: usize,
    },
    /// A coordinate is beyond the limits ([`Layout::MAX_XY`] for `x` and `y`,
    /// [`Layout::MAX_Z`] for `z`).
    #[error(
        "position {position} is out of range (x and y at most {}, z at most {})",
        Layout::MAX_XY,
        Layout::MAX_Z
    )]
    OutOfRange {
        /// The offending position.
        position: Position,
    },
    /// Two tiles of the same layer overlap (or the same position is given twice).
    #[error("tiles at {first} and {second} overlap")]
    Overlap {
        /// One of the two positions.
        first: Position,
        /// The other one.
        second: Position,
    },
}

/// A named, validated set of tile positions.
///
/// The positions are validated once (no two tiles overlap on a layer, an even number of
/// positions, at most [`MAX_POSITIONS`](Self::MAX_POSITIONS)) and kept sorted by layer, row
/// and column, so that a position's index in [`positions`](Self::positions) is stable and
/// names the tile at that place everywhere else (boards, moves, JSON output).
///
/// `x` and `y` count half tiles, `z` counts layers (0 is the table). A tile at `(x, y, z)`
/// covers the four half cells `(x..=x+1, y..=y+1)` of its layer, as in KMahjongg's files
/// (see [`Position`] for the covering and side rules).
///
/// ```
/// use mahjong_solitaire::{Layout, Position};
///
/// // A row of four tiles and one tile on top of the middle two.
/// let layout = Layout::new(
///     "little bridge",
///     [(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0), (3, 0, 1), (9, 0, 0)]
///         .map(|(x, y, z)| Position::new(x, y, z)),
/// )?;
/// assert_eq!(layout.len(), 6);
/// assert_eq!(layout.positions()[5], Position::new(3, 0, 1)); // upper layers come last
/// assert_eq!(layout.depth(), 2);
/// assert_eq!(layout.to_string(), "name: little bridge\n0 0: 0-6 9\n1 0: 3\n");
/// # Ok::<(), mahjong_solitaire::LayoutError>(())
/// ```
///
/// # The text format
///
/// The crate's own format (`FromStr` and `Display`) has one line per row of a layer:
///
/// ```text
/// file    = { line "\n" }
/// line    = blank | comment | name | row
/// comment = "#" { any character }
/// name    = "name:" { any character }          (at most once; trimmed)
/// row     = layer row ":" run { run }          (numbers and runs separated by spaces)
/// run     = x | x "-" x_last                   (x, x+2, x+4, …, x_last: tiles side by side)
/// ```
///
/// `layer` is `z`, `row` is `y`, `x` and `x_last` are columns in half tiles. A run `2-24`
/// stands for the twelve tiles at x = 2, 4, …, 24; `x_last − x` must be even. Rows may come
/// in any order and a row may be split over several lines. Spaces and tabs may surround
/// every token; `\r\n` line ends are accepted. Errors ([`ParseLayoutError`]) give the line
/// and the column.
///
/// `Display` writes the canonical form: the name line (unless the name is empty), then one
/// line per (layer, row) in increasing order, runs as long as possible. Parsing the
/// canonical form gives back the same layout.
///
/// ```
/// use mahjong_solitaire::Layout;
///
/// let text = "# a small pyramid\nname: Step\n0 0: 0-4\n0 2: 0 2 4\n1 1: 1-3\n";
/// let layout: Layout = text.parse()?;
/// assert_eq!(layout.len(), 8);
/// assert_eq!(layout.to_string(), "name: Step\n0 0: 0-4\n0 2: 0-4\n1 1: 1-3\n");
/// assert_eq!(layout.to_string().parse::<Layout>()?, layout);
/// # Ok::<(), mahjong_solitaire::ParseLayoutError>(())
/// ```
///
/// KMahjongg's `.layout` files are read by [`from_kmahjongg`](Self::from_kmahjongg) and
/// written by [`to_kmahjongg`](Self::to_kmahjongg); [`BuiltinLayout`] holds the five layouts
/// shipped with the crate.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Layout {
    name: String,
    positions: Vec<Position>,
}

impl Layout {
    /// The largest number of positions a layout may have (KMahjongg's largest has 228).
    /// The costs of dealing and solving grow with the number of positions: this limit
    /// bounds the cost of one placement try and of one solver node.
    ///
    /// ```
    /// use mahjong_solitaire::{Layout, LayoutError, Position};
    /// let many = (0..=Layout::MAX_POSITIONS as u16).map(|i| Position::new(2 * (i % 64), 2 * (i / 64), 0));
    /// assert!(matches!(Layout::new("", many), Err(LayoutError::TooMany { max: 1024, .. })));
    /// ```
    pub const MAX_POSITIONS: usize = 1024;
    /// The largest `x` or `y` a position may have (a board 128 tiles wide and high).
    ///
    /// ```
    /// use mahjong_solitaire::{Layout, Position};
    /// let corner = Position::new(Layout::MAX_XY, Layout::MAX_XY, 0);
    /// assert!(Layout::new("", [corner, Position::new(0, 0, 0)]).is_ok());
    /// assert!(Layout::new("", [Position::new(Layout::MAX_XY + 1, 0, 0), Position::new(0, 0, 0)]).is_err());
    /// ```
    pub const MAX_XY: u16 = 254;
    /// The largest layer a position may have (32 layers).
    ///
    /// ```
    /// use mahjong_solitaire::{Layout, Position};
    /// let top = Position::new(0, 0, Layout::MAX_Z);
    /// assert_eq!(Layout::new("", [top, Position::new(4, 0, 0)])?.depth(), 32);
    /// # Ok::<(), mahjong_solitaire::LayoutError>(())
    /// ```
    pub const MAX_Z: u8 = 31;
    /// The longest name a layout keeps, in bytes: a longer name is cut at the last
    /// character boundary within it.
    ///
    /// ```
    /// use mahjong_solitaire::{Layout, Position};
    /// let p = Position::new;
    /// let layout = Layout::new("x".repeat(500), [p(0, 0, 0), p(2, 0, 0)])?;
    /// assert_eq!(layout.name().len(), Layout::MAX_NAME_LEN);
    /// # Ok::<(), mahjong_solitaire::LayoutError>(())
    /// ```
    pub const MAX_NAME_LEN: usize = 100;
    /// The longest text [`Layout`]'s `FromStr` reads (the crate's text format), in bytes:
    /// 1 MiB. A layout's canonical text takes some 12 bytes per row of tiles, so this
    /// leaves room for any comments.
    ///
    /// ```
    /// use mahjong_solitaire::{Layout, ParseLayoutError};
    /// let long = "#".repeat(Layout::MAX_TEXT_LEN + 1);
    /// assert!(matches!(long.parse::<Layout>(), Err(ParseLayoutError::TooLong { .. })));
    /// ```
    pub const MAX_TEXT_LEN: usize = 1 << 20;
    /// The longest KMahjongg text [`Layout::from_kmahjongg`] reads, in bytes: 4 MiB. The
    /// file of any layout (whose board is at most 256 × 256 half tiles and 32 layers) fits
    /// (KMahjongg's own files are about 3 KB).
    ///
    /// ```
    /// use mahjong_solitaire::{KmahjonggError, Layout};
    /// let long = "#".repeat(Layout::MAX_KMAHJONGG_TEXT_LEN + 1);
    /// assert!(matches!(Layout::from_kmahjongg(&long), Err(KmahjonggError::TooLong { .. })));
    /// ```
    pub const MAX_KMAHJONGG_TEXT_LEN: usize = 4 << 20;

    /// Validates positions into a layout: at least two, an even number, at most
    /// [`MAX_POSITIONS`](Self::MAX_POSITIONS), coordinates within [`MAX_XY`](Self::MAX_XY) and
    /// [`MAX_Z`](Self::MAX_Z), no two overlapping on a layer. The positions
    /// are sorted; the name's whitespace runs are collapsed to single spaces (so that it fits
    /// on one line of the text format) and it is cut to
    /// [`MAX_NAME_LEN`](Self::MAX_NAME_LEN) bytes.
    ///
    /// ```
    /// use mahjong_solitaire::{Layout, LayoutError, Position};
    ///
    /// let p = Position::new;
    /// let layout = Layout::new("  two\n tiles ", [p(2, 0, 0), p(0, 0, 0)])?;
    /// assert_eq!(layout.name(), "two tiles");
    /// assert_eq!(layout.positions(), [p(0, 0, 0), p(2, 0, 0)]);
    /// // Half a tile apart on one layer: the tiles overlap.
    /// assert_eq!(
    ///     Layout::new("", [p(0, 0, 0), p(1, 1, 0)]),
    ///     Err(LayoutError::Overlap { first: p(0, 0, 0), second: p(1, 1, 0) })
    /// );
    /// assert_eq!(Layout::new("", [p(0, 0, 0)]), Err(LayoutError::OddCount { count: 1 }));
    /// # Ok::<(), LayoutError>(())
    /// ```
    ///
    /// # Errors
    /// [`LayoutError`] says which rule is broken (and for an overlap, where).
    pub fn new(
        name: impl Into<String>,
        positions: impl IntoIterator<Item = Position>,
    ) -> Result<Layout, LayoutError> {
        let mut positions: Vec<Position> = positions.into_iter().collect();
        let count = positions.len();
        if count > Layout::MAX_POSITIONS {
            return Err(LayoutError::TooMany {
                count,
                max: Layout::MAX_POSITIONS,
            });
        }
        if let Some(&position) = positions
            .iter()
            .find(|p| p.x > Layout::MAX_XY || p.y > Layout::MAX_XY || p.z > Layout::MAX_Z)
        {
            return Err(LayoutError::OutOfRange { position });
        }
        positions.sort_unstable();
        check_overlaps(&positions)?;
        if count == 0 {
            return Err(LayoutError::Empty);
        }
        if count % 2 == 1 {
            return Err(LayoutError::OddCount { count });
        }
        Ok(Layout {
            name: normalize_name(&name.into()),
            positions,
        })
    }

    /// The layout's name (may be empty).
    ///
    /// ```
    /// use mahjong_solitaire::BuiltinLayout;
    /// assert_eq!(BuiltinLayout::Turtle.layout().name(), "Turtle");
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The same layout under another name (whitespace runs collapsed and cut to
    /// [`MAX_NAME_LEN`](Self::MAX_NAME_LEN) bytes, as in [`new`](Self::new)).
    ///
    /// ```
    /// use mahjong_solitaire::Layout;
    ///
    /// let layout: Layout = "0 0: 0 2\n".parse()?;
    /// assert_eq!(layout.name(), "");
    /// assert_eq!(layout.with_name("a  pair").name(), "a pair");
    /// # Ok::<(), mahjong_solitaire::ParseLayoutError>(())
    /// ```
    pub fn with_name(mut self, name: impl Into<String>) -> Layout {
        self.name = normalize_name(&name.into());
        self
    }

    /// The positions, sorted by layer, row and column: a tile's index in this list names it
    /// in boards and moves.
    ///
    /// ```
    /// use mahjong_solitaire::{Layout, Position};
    ///
    /// let layout: Layout = "1 0: 1\n0 0: 0 2\n0 4: 0\n".parse()?;
    /// assert_eq!(
    ///     layout.positions(),
    ///     [Position::new(0, 0, 0), Position::new(2, 0, 0), Position::new(0, 4, 0), Position::new(1, 0, 1)]
    /// );
    /// # Ok::<(), mahjong_solitaire::ParseLayoutError>(())
    /// ```
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The number of positions (always even, at least 2).
    ///
    /// ```
    /// use mahjong_solitaire::BuiltinLayout;
    /// assert_eq!(BuiltinLayout::Pyramid.layout().len(), 144);
    /// ```
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Always `false`: a layout has at least two positions.
    ///
    /// ```
    /// use mahjong_solitaire::BuiltinLayout;
    /// assert!(!BuiltinLayout::Spider.layout().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The index of the tile at `position`, if the layout has one there.
    ///
    /// ```
    /// use mahjong_solitaire::{Layout, Position};
    ///
    /// let layout: Layout = "0 0: 0 2\n1 0: 1\n0 4: 0\n".parse()?;
    /// assert_eq!(layout.index_of(Position::new(1, 0, 1)), Some(3));
    /// assert_eq!(layout.index_of(Position::new(1, 0, 0)), None);
    /// # Ok::<(), mahjong_solitaire::ParseLayoutError>(())
    /// ```
    pub fn index_of(&self, position: Position) -> Option<usize> {
        self.positions.binary_search(&position).ok()
    }

    /// Width of the board in half tiles (one past the rightmost tile's right half).
    ///
    /// ```
    /// use mahjong_solitaire::Layout;
    ///
    /// let layout: Layout = "0 0: 0-6\n1 1: 3 5\n".parse()?;
    /// assert_eq!((layout.width(), layout.height(), layout.depth()), (8, 3, 2));
    /// # Ok::<(), mahjong_solitaire::ParseLayoutError>(())
    /// ```
    pub fn width(&self) -> u16 {
        self.positions.iter().map(|p| p.x + 2).max().unwrap_or(0)
    }

    /// Height of the board in half tiles (one past the lowest tile's lower half).
    ///
    /// ```
    /// use mahjong_solitaire::Layout;
    ///
    /// let layout: Layout = "0 0: 0\n0 3: 0\n".parse()?;
    /// assert_eq!(layout.height(), 5);
    /// # Ok::<(), mahjong_solitaire::ParseLayoutError>(())
    /// ```
    pub fn height(&self) -> u16 {
        self.positions.iter().map(|p| p.y + 2).max().unwrap_or(0)
    }

    /// Number of layers (one more than the highest `z`).
    ///
    /// ```
    /// use mahjong_solitaire::BuiltinLayout;
    /// assert_eq!(BuiltinLayout::Turtle.layout().depth(), 5);
    /// ```
    pub fn depth(&self) -> u8 {
        self.positions.iter().map(|p| p.z + 1).max().unwrap_or(0)
    }

    /// The tiles dealt on this layout, in canonical order: `len() / 2` whole pairs, the
    /// full 144-tile set for 144 positions.
    ///
    /// The pairs are taken in a fixed order from an endless sequence. Round 0 holds one
    /// pair of each of the 34 playing kinds (`1m 1m`, `2m 2m`, … `7z 7z`, in notation
    /// order), then the flower pair `1f 2f` and the season pair `1y 2y`; round 1 holds the
    /// second pair of each kind and `3f 4f`, `3y 4y`; rounds 2, 3, … repeat rounds 0, 1 with
    /// extra copies. So 144 positions get exactly the 144 tiles of the full set; fewer get
    /// every kind at least once before any kind twice (74 positions: 36 pairs of round 0
    /// and one more pair of `1m`); more get the full set plus extra copies in whole pairs
    /// (228 positions: the full set, then 42 more pairs). A [`Board`](crate::Board) holds
    /// at most these tiles.
    ///
    /// ```
    /// use mahjong_solitaire::{BuiltinLayout, Layout};
    /// use mahjong_tiles::{TileSet, Tiles};
    ///
    /// let turtle = BuiltinLayout::Turtle.layout();
    /// let tiles: Tiles = turtle.tiles().into();
    /// assert_eq!(tiles, Tiles::from(TileSet::Full.to_vec()));
    ///
    /// let six: Layout = "0 0: 0-10\n".parse()?;
    /// assert_eq!(Tiles::from(six.tiles()).to_string(), "112233m");
    /// # Ok::<(), mahjong_solitaire::ParseLayoutError>(())
    /// ```
    pub fn tiles(&self) -> Vec<Tile> {
        tiles_for(self.len())
    }
}

/// The `n / 2` pairs of tiles for `n` positions (see [`Layout::tiles`]), sorted.
pub(crate) fn tiles_for(n: usize) -> Vec<Tile> {
    let mut tiles = Vec::with_capacity(n);
    let pairs = n / 2;
    let mut round = 0;
    'rounds: loop {
        let second = round % 2 == 1;
        for kind in Tile::ALL.iter().take(Tile::PLAYING_COUNT) {
            if tiles.len() / 2 == pairs {
                break 'rounds;
            }
            tiles.extend([*kind, *kind]);
        }
        let (f, s) = if second { (2, 2) } else { (0, 0) };
        for pair in [
            [Tile::from(Flower::ALL[f]), Tile::from(Flower::ALL[f + 1])],
            [Tile::from(Season::ALL[s]), Tile::from(Season::ALL[s + 1])],
        ] {
            if tiles.len() / 2 == pairs {
                break 'rounds;
            }
            tiles.extend(pair);
        }
        round += 1;
    }
    tiles.sort_unstable();
    tiles
}

/// The name with its whitespace runs collapsed to single spaces, cut to at most
/// [`Layout::MAX_NAME_LEN`] bytes (at a character boundary).
fn normalize_name(name: &str) -> String {
    let mut out = String::new();
    for word in name.split_whitespace() {
        let space = (!out.is_empty()).then_some(' ');
        for c in space.into_iter().chain(word.chars()) {
            if out.len() + c.len_utf8() > Layout::MAX_NAME_LEN {
                // A cut right after a space would leave it at the end.
                out.truncate(out.trim_end().len());
                return out;
            }
            out.push(c);
        }
    }
    out
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Layout {
    /// Reads `{"name": …, "positions": [{"x": …, "y": …, "z": …}, …]}` and validates it as
    /// [`Layout::new`] does; the positions must be listed in the layout's order (layer, row,
    /// column), since their indices name the tiles of boards and moves.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Layout, D::Error> {
        #[derive(serde::Deserialize)]
        struct Raw {
            name: String,
            #[serde(deserialize_with = "bounded::deserialize")]
            positions: Vec<Position>,
        }
        let raw = Raw::deserialize(deserializer)?;
        let layout = Layout::new(raw.name, raw.positions.iter().copied())
            .map_err(serde::de::Error::custom)?;
        if layout.positions != raw.positions {
            return Err(serde::de::Error::custom(
                "the positions are not in the layout's order (layer, row, column)",
            ));
        }
        Ok(layout)
    }
}

/// Finds two positions of one layer that overlap (sorted input; linear time with a map).
fn check_overlaps(sorted: &[Position]) -> Result<(), LayoutError> {
    let mut seen: HashMap<(u16, u16, u8), Position> = HashMap::with_capacity(sorted.len());
    for &p in sorted {
        // Any earlier position (smaller y, or same y and smaller x) that overlaps p lies in
        // x - 1 ..= x + 1, y - 1 ..= y.
        for dy in 0..=1u16 {
            let Some(y) = p.y.checked_sub(dy) else {
                continue;
            };
            for x in [p.x.checked_sub(1), Some(p.x), p.x.checked_add(1)]
                .into_iter()
                .flatten()
            {
                if let Some(&q) = seen.get(&(x, y, p.z)) {
                    return Err(LayoutError::Overlap {
                        first: q,
                        second: p,
                    });
                }
            }
        }
        seen.insert((p.x, p.y, p.z), p);
    }
    Ok(())
}

/// Reading lists of at most [`Layout::MAX_POSITIONS`] items with serde: past the limit the
/// reading stops with an error, before the rest of the list is read.
#[cfg(feature = "serde")]
pub(crate) mod bounded {
    use serde::de::{Deserialize, Deserializer};

    use super::Layout;

    /// A list of at most [`Layout::MAX_POSITIONS`] items.
    pub(crate) fn deserialize<'de, D, T>(deserializer: D) -> Result<Vec<T>, D::Error>
    where
        D: Deserializer<'de>,
        T: Deserialize<'de>,
    {
        grilles_game::capped::vec(
            deserializer,
            Layout::MAX_POSITIONS,
            "items (the most positions a layout holds)",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mahjong_tiles::{TileSet, Tiles};

    fn p(x: u16, y: u16, z: u8) -> Position {
        Position::new(x, y, z)
    }

    #[test]
    fn geometry_relations() {
        let a = p(4, 4, 0);
        assert!(p(5, 5, 1).covers(a));
        assert!(p(3, 3, 3).covers(a));
        assert!(!p(6, 4, 1).covers(a));
        assert!(!p(4, 4, 0).covers(a));
        assert!(!a.covers(p(4, 4, 1)));
        assert!(p(2, 5, 0).blocks_left_of(a));
        assert!(!p(2, 6, 0).blocks_left_of(a));
        assert!(!p(2, 4, 1).blocks_left_of(a));
        assert!(p(6, 3, 0).blocks_right_of(a));
        assert!(!p(7, 4, 0).blocks_right_of(a));
    }

    #[test]
    fn validation() {
        assert_eq!(Layout::new("", []), Err(LayoutError::Empty));
        assert_eq!(
            Layout::new("", [p(0, 0, 0)]),
            Err(LayoutError::OddCount { count: 1 })
        );
        assert_eq!(
            Layout::new("", [p(0, 0, 0), p(1, 1, 0)]),
            Err(LayoutError::Overlap {
                first: p(0, 0, 0),
                second: p(1, 1, 0)
            })
        );
        assert_eq!(
            Layout::new("", [p(2, 0, 0), p(1, 1, 0)]),
            Err(LayoutError::Overlap {
                first: p(2, 0, 0),
                second: p(1, 1, 0)
            })
        );
        assert!(matches!(
            Layout::new("", [p(0, 0, 0), p(0, 0, 0)]),
            Err(LayoutError::Overlap { .. })
        ));
        // Stacked and touching tiles are fine.
        let l = Layout::new(
            " two\n words ",
            [p(0, 0, 1), p(0, 0, 0), p(2, 1, 0), p(0, 2, 0)],
        )
        .unwrap();
        assert_eq!(l.name(), "two words");
        assert_eq!(l.positions()[0], p(0, 0, 0));
        assert_eq!(l.index_of(p(0, 0, 1)), Some(3));
        assert_eq!((l.width(), l.height(), l.depth()), (4, 4, 2));
        let many = (0..4098u16).map(|i| p(2 * (i % 128), 2 * (i / 128), 0));
        assert!(matches!(
            Layout::new("", many),
            Err(LayoutError::TooMany { count: 4098, .. })
        ));
    }

    #[test]
    fn tile_multisets() {
        assert_eq!(Tiles(tiles_for(144)), Tiles(TileSet::Full.to_vec()));
        let small = Tiles(tiles_for(74));
        assert_eq!(
            small.to_string(),
            "11112233445566778899m 112233445566778899p 112233445566778899s 11223344556677z 12f 12y"
        );
        let counts = small.counts();
        assert_eq!(counts[0], 4);
        assert!(counts[1..34].iter().all(|&c| c == 2));
        let big = Tiles(tiles_for(228));
        assert_eq!(big.len(), 228);
        let counts = big.counts();
        // 42 extra pairs: one more pair of each of the 34 kinds, 1f 2f, 1y 2y, then 1m..6m.
        assert!(counts[..6].iter().all(|&c| c == 8));
        assert!(counts[6..34].iter().all(|&c| c == 6));
        assert_eq!(&counts[34..], &[2, 2, 1, 1, 2, 2, 1, 1]);
        for n in (2..=600).step_by(2) {
            assert_eq!(tiles_for(n).len(), n);
        }
    }
}
