//! The physical sets: 144 tiles (with flowers and seasons) or 136 (without), and the
//! identity of each physical tile.

use core::fmt;

use crate::Tile;

/// Which box of tiles is in play.
///
/// ```
/// use mahjong_tiles::TileSet;
/// assert_eq!(TileSet::Full.len(), 144);
/// assert_eq!(TileSet::WithoutBonus.len(), 136);
/// assert_eq!(TileSet::Full.tiles().filter(|t| t.tile().is_bonus()).count(), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TileSet {
    /// The classic 144 tiles: 34 kinds × 4 plus 4 flowers and 4 seasons.
    #[default]
    Full,
    /// The 136 tiles without the 8 bonus tiles (some boxes have only these).
    WithoutBonus,
}

impl TileSet {
    /// Number of physical tiles in the set.
    ///
    /// ```
    /// use mahjong_tiles::TileSet;
    /// assert_eq!(TileSet::WithoutBonus.len(), 136);
    /// ```
    pub const fn len(self) -> usize {
        match self {
            TileSet::Full => PhysicalTile::COUNT,
            TileSet::WithoutBonus => 136,
        }
    }

    /// Always `false`: no set is empty (provided for API symmetry with `len`).
    ///
    /// ```
    /// use mahjong_tiles::TileSet;
    /// assert!(!TileSet::Full.is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        false
    }

    /// Whether the set holds tiles of this kind.
    ///
    /// ```
    /// use mahjong_tiles::{Tile, TileSet};
    /// let plum: Tile = "1f".parse()?;
    /// assert!(TileSet::Full.contains(plum) && !TileSet::WithoutBonus.contains(plum));
    /// # Ok::<(), mahjong_tiles::ParseTileError>(())
    /// ```
    pub const fn contains(self, tile: Tile) -> bool {
        match self {
            TileSet::Full => true,
            TileSet::WithoutBonus => !tile.is_bonus(),
        }
    }

    /// How many copies of `tile` the set holds (4, 1 or 0).
    ///
    /// ```
    /// use mahjong_tiles::{Tile, TileSet};
    /// let plum: Tile = "1f".parse()?;
    /// assert_eq!((TileSet::Full.copies(plum), TileSet::WithoutBonus.copies(plum)), (1, 0));
    /// assert_eq!(TileSet::WithoutBonus.copies(Tile::RED), 4);
    /// # Ok::<(), mahjong_tiles::ParseTileError>(())
    /// ```
    pub const fn copies(self, tile: Tile) -> u8 {
        if self.contains(tile) {
            tile.copies()
        } else {
            0
        }
    }

    /// The kinds in the set, in canonical order.
    ///
    /// ```
    /// use mahjong_tiles::TileSet;
    /// assert_eq!(TileSet::Full.kinds().count(), 42);
    /// assert_eq!(TileSet::WithoutBonus.kinds().count(), 34);
    /// ```
    pub fn kinds(self) -> impl Iterator<Item = Tile> {
        Tile::ALL.into_iter().filter(move |t| self.contains(*t))
    }

    /// Every physical tile of the set, in [`PhysicalTile::index`] order.
    ///
    /// ```
    /// use mahjong_tiles::TileSet;
    /// let first = TileSet::Full.tiles().next().unwrap();
    /// assert_eq!(first.to_string(), "1m#0");
    /// assert_eq!(TileSet::Full.tiles().count(), 144);
    /// ```
    pub fn tiles(self) -> impl Iterator<Item = PhysicalTile> {
        (0..self.len() as u8).map(PhysicalTile)
    }

    /// The kinds of every physical tile, in [`PhysicalTile::index`] order (each kind repeated
    /// by its number of copies): the list to shuffle for a deal.
    ///
    /// ```
    /// use mahjong_tiles::{TileSet, Tiles};
    /// let all = TileSet::WithoutBonus.to_vec();
    /// assert_eq!(all.len(), 136);
    /// assert_eq!(Tiles::from(all[..8].to_vec()).to_string(), "11112222m");
    /// ```
    pub fn to_vec(self) -> Vec<Tile> {
        self.tiles().map(PhysicalTile::tile).collect()
    }
}

/// One physical tile of the 144, where copies of a kind must be told apart (walls, layouts,
/// solitaire boards).
///
/// Indices 0–135 are the four copies of the 34 playing kinds (`kind * 4 + copy`); 136–143 are
/// the flowers then the seasons. It serializes as its index.
///
/// ```
/// use mahjong_tiles::{PhysicalTile, Tile};
/// let t = PhysicalTile::new(Tile::RED, 3).unwrap();
/// assert_eq!(t.tile(), Tile::RED);
/// assert_eq!(t.copy(), 3);
/// assert_eq!(PhysicalTile::from_index(t.index()), Some(t));
/// assert_eq!(t.to_string(), "7z#3");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u8", into = "u8")
)]
pub struct PhysicalTile(u8);

impl PhysicalTile {
    /// Number of physical tiles in a full set.
    ///
    /// ```
    /// use mahjong_tiles::{PhysicalTile, TileSet};
    /// assert_eq!(PhysicalTile::COUNT, TileSet::Full.len());
    /// ```
    pub const COUNT: usize = 144;

    /// The `copy`-th (0-based) physical tile of a kind, or `None` if the kind has fewer copies.
    ///
    /// ```
    /// use mahjong_tiles::{PhysicalTile, Tile};
    /// assert_eq!(PhysicalTile::new(Tile::EAST, 2).unwrap().to_string(), "1z#2");
    /// assert_eq!(PhysicalTile::new(Tile::EAST, 4), None);
    /// assert_eq!(PhysicalTile::new("1f".parse()?, 1), None); // one copy of each bonus tile
    /// # Ok::<(), mahjong_tiles::ParseTileError>(())
    /// ```
    pub const fn new(tile: Tile, copy: u8) -> Option<PhysicalTile> {
        if copy >= tile.copies() {
            return None;
        }
        let i = tile.index() as u8;
        if tile.is_bonus() {
            Some(PhysicalTile(136 + i - Tile::PLAYING_COUNT as u8))
        } else {
            Some(PhysicalTile(i * 4 + copy))
        }
    }

    /// The physical tile with this index (0–143).
    ///
    /// ```
    /// use mahjong_tiles::PhysicalTile;
    /// assert_eq!(PhysicalTile::from_index(143).unwrap().to_string(), "4y#0");
    /// assert_eq!(PhysicalTile::from_index(144), None);
    /// ```
    pub const fn from_index(index: usize) -> Option<PhysicalTile> {
        if index < PhysicalTile::COUNT {
            Some(PhysicalTile(index as u8))
        } else {
            None
        }
    }

    /// The index, 0–143.
    ///
    /// ```
    /// use mahjong_tiles::{PhysicalTile, Tile};
    /// assert_eq!(PhysicalTile::new(Tile::RED, 1).unwrap().index(), 33 * 4 + 1);
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The tile's kind.
    ///
    /// ```
    /// use mahjong_tiles::{PhysicalTile, Tile};
    /// assert_eq!(PhysicalTile::from_index(135).unwrap().tile(), Tile::RED);
    /// ```
    pub const fn tile(self) -> Tile {
        let i = self.0 as usize;
        let kind = if i < 136 {
            i / 4
        } else {
            Tile::PLAYING_COUNT + i - 136
        };
        match Tile::from_index(kind) {
            Some(t) => t,
            None => Tile::EAST, // unreachable: the index is always below 144
        }
    }

    /// Which copy of its kind this is (0-based; always 0 for a bonus tile).
    ///
    /// ```
    /// use mahjong_tiles::PhysicalTile;
    /// assert_eq!(PhysicalTile::from_index(7).unwrap().copy(), 3);
    /// assert_eq!(PhysicalTile::from_index(140).unwrap().copy(), 0);
    /// ```
    pub const fn copy(self) -> u8 {
        if self.0 < 136 { self.0 % 4 } else { 0 }
    }
}

impl fmt::Debug for PhysicalTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PhysicalTile({self})")
    }
}

impl fmt::Display for PhysicalTile {
    /// The kind's notation, `#`, and the 0-based copy number: `5m#2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}#{}", self.tile(), self.copy())
    }
}

/// A physical tile index outside 0–143.
///
/// ```
/// use mahjong_tiles::{PhysicalTile, PhysicalTileIndexError};
/// assert_eq!(PhysicalTile::try_from(200u8), Err(PhysicalTileIndexError(200)));
/// assert_eq!(PhysicalTileIndexError(200).to_string(), "physical tile index 200 is out of range 0-143");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("physical tile index {0} is out of range 0-143")]
pub struct PhysicalTileIndexError(pub usize);

impl TryFrom<u8> for PhysicalTile {
    type Error = PhysicalTileIndexError;
    fn try_from(i: u8) -> Result<PhysicalTile, PhysicalTileIndexError> {
        PhysicalTile::from_index(i as usize).ok_or(PhysicalTileIndexError(i as usize))
    }
}

impl From<PhysicalTile> for u8 {
    fn from(t: PhysicalTile) -> u8 {
        t.0
    }
}

impl From<PhysicalTile> for Tile {
    fn from(t: PhysicalTile) -> Tile {
        t.tile()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_per_set() {
        let full = TileSet::Full.to_vec();
        assert_eq!(full.len(), 144);
        for t in Tile::ALL {
            let n = full.iter().filter(|&&k| k == t).count();
            assert_eq!(n, t.copies() as usize, "{t}");
        }
        let plain = TileSet::WithoutBonus.to_vec();
        assert_eq!(plain.len(), 136);
        assert!(plain.iter().all(|t| !t.is_bonus()));
        assert_eq!(TileSet::WithoutBonus.kinds().count(), 34);
        assert_eq!(
            TileSet::WithoutBonus.copies(Tile::from_index(40).unwrap()),
            0
        );
    }

    #[test]
    fn physical_identity_round_trips() {
        for p in TileSet::Full.tiles() {
            assert_eq!(PhysicalTile::new(p.tile(), p.copy()), Some(p));
        }
        assert_eq!(PhysicalTile::new(Tile::from_index(34).unwrap(), 1), None);
        assert_eq!(PhysicalTile::from_index(144), None);
        assert!(PhysicalTile::try_from(200u8).is_err());
    }
}
