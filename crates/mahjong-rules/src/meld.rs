//! Melds: sequences (chows), triplets (pungs) and quads (kongs), concealed or exposed (see
//! [`Meld`]).

use core::fmt;
use core::str::FromStr;

use mahjong_tiles::{ParseTileError, Tile, Tiles, parse_tiles};

/// The shape of a meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MeldKind {
    /// Three consecutive tiles of one suit (suite; chow when exposed).
    Sequence,
    /// Three identical tiles (brelan; pung when exposed).
    Triplet,
    /// Four identical tiles (carré; kong). Counts as three tiles for the size of a hand.
    Kong,
}

/// Whether a meld was built from the player's own tiles or completed by a discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Exposure {
    /// Built only from dealt or drawn tiles ("naturelle"); for a kong held as a meld, a
    /// declared concealed kong laid face down.
    Concealed,
    /// Completed by a discard and laid face up (chow, pung, kong).
    Exposed,
}

/// A meld: its kind, its lowest tile and its exposure.
///
/// From "Les combinaisons" and "Construction des combinaisons" in the French Wikipedia
/// article on Mah-jong: a *suite* is three consecutive tiles of one suit (no sequences of
/// winds or dragons), a *brelan* three identical tiles, a *carré* four. A meld built only
/// from dealt or drawn tiles is concealed ("naturelle": suite, brelan, carré naturel); one
/// completed by a discard is exposed (chow, pung, kong) and worth half as much. A kong
/// counts as three tiles for the size of a hand.
///
/// Constructors check the shape: a sequence starts on a suited 1–7, no meld holds a flower or
/// a season.
///
/// # Notation
///
/// A meld prints as its tiles in the [`mahjong_tiles`] notation: an exposed meld in brackets
/// (`[555z]`, `[123m]`), a declared concealed kong in parentheses (`(1111m)`), and a concealed
/// sequence or triplet bare (`789s`). [`str::parse`] reads the same forms, at most
/// [`Meld::MAX_TEXT_LEN`] bytes.
///
/// ```
/// use mahjong_rules::{Exposure, Meld, MeldKind};
///
/// let pung: Meld = "[555z]".parse()?;
/// assert_eq!(pung.kind(), MeldKind::Triplet);
/// assert_eq!(pung.exposure(), Exposure::Exposed);
/// let kong: Meld = "(1111m)".parse()?;
/// assert!(kong.is_kong() && kong.is_concealed());
/// assert_eq!(kong.to_string(), "(1111m)");
/// assert_eq!("789s".parse::<Meld>()?.to_string(), "789s");
/// # Ok::<(), mahjong_rules::ParseMeldError>(())
/// ```
///
/// ```
/// use mahjong_rules::{Exposure, Meld};
/// use mahjong_tiles::Tile;
///
/// let chow = Meld::sequence("7p".parse()?, Exposure::Exposed)?;
/// assert_eq!(chow.tiles().iter().map(Tile::to_string).collect::<Vec<_>>(), ["7p", "8p", "9p"]);
/// assert!(Meld::sequence("8p".parse()?, Exposure::Exposed).is_err());
/// assert!(Meld::sequence(Tile::EAST, Exposure::Concealed).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Meld {
    kind: MeldKind,
    tile: Tile,
    exposure: Exposure,
}

/// Why a group of tiles is not a meld.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MeldError {
    /// A flower or a season: bonus tiles never form melds.
    #[error("bonus tile {tile} cannot be part of a meld")]
    BonusTile {
        /// The bonus tile.
        tile: Tile,
    },
    /// A meld has three or four tiles.
    #[error("a meld has 3 or 4 tiles, found {count}")]
    WrongTileCount {
        /// How many tiles were given.
        count: usize,
    },
    /// Three tiles that are neither identical nor consecutive in one suit.
    #[error("tiles {tiles} are neither three identical tiles nor a sequence of one suit")]
    NotAMeld {
        /// The tiles, in canonical notation.
        tiles: Tiles,
    },
    /// Four tiles that are not identical.
    #[error("tiles {tiles} are not four identical tiles")]
    NotAKong {
        /// The tiles, in canonical notation.
        tiles: Tiles,
    },
    /// A sequence must start on a suited tile 1 to 7.
    #[error("no sequence starts at {tile}: sequences are three consecutive tiles of one suit")]
    NoSequenceFrom {
        /// The would-be first tile.
        tile: Tile,
    },
}

impl Meld {
    /// The longest text a meld is read from, in bytes: 64 (a kong written as glyphs with
    /// spaces and brackets, `[ 🀇 🀇 🀇 🀇 ]`, takes 24); a longer text is refused at once with
    /// [`ParseMeldError::TooLong`].
    pub const MAX_TEXT_LEN: usize = 64;

    /// The sequence `first`, `first+1`, `first+2` of one suit.
    ///
    /// ```
    /// use mahjong_rules::{Exposure, Meld, MeldError};
    /// let chow = Meld::sequence("4p".parse()?, Exposure::Exposed)?;
    /// assert_eq!(chow.to_string(), "[456p]");
    /// assert!(matches!(Meld::sequence("8p".parse()?, Exposure::Exposed), Err(MeldError::NoSequenceFrom { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sequence(first: Tile, exposure: Exposure) -> Result<Meld, MeldError> {
        if first.is_bonus() {
            return Err(MeldError::BonusTile { tile: first });
        }
        match first.rank() {
            Some(r) if r <= 7 => Ok(Meld {
                kind: MeldKind::Sequence,
                tile: first,
                exposure,
            }),
            _ => Err(MeldError::NoSequenceFrom { tile: first }),
        }
    }

    /// A meld from parts the caller has checked (a sequence starts on a suited 1–7, no bonus
    /// tile).
    pub(crate) const fn from_checked_parts(kind: MeldKind, tile: Tile, exposure: Exposure) -> Meld {
        Meld {
            kind,
            tile,
            exposure,
        }
    }

    /// Three tiles identical to `tile`.
    ///
    /// ```
    /// use mahjong_rules::{Exposure, Meld};
    /// assert_eq!(Meld::triplet("9m".parse()?, Exposure::Concealed)?.to_string(), "999m");
    /// assert!(Meld::triplet("1f".parse()?, Exposure::Exposed).is_err()); // a flower
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn triplet(tile: Tile, exposure: Exposure) -> Result<Meld, MeldError> {
        Meld::same(MeldKind::Triplet, tile, exposure)
    }

    /// Four tiles identical to `tile`.
    ///
    /// ```
    /// use mahjong_rules::{Exposure, Meld};
    /// let kong = Meld::kong("7z".parse()?, Exposure::Exposed)?;
    /// assert_eq!((kong.to_string(), kong.len()), ("[7777z]".to_string(), 4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn kong(tile: Tile, exposure: Exposure) -> Result<Meld, MeldError> {
        Meld::same(MeldKind::Kong, tile, exposure)
    }

    fn same(kind: MeldKind, tile: Tile, exposure: Exposure) -> Result<Meld, MeldError> {
        if tile.is_bonus() {
            return Err(MeldError::BonusTile { tile });
        }
        Ok(Meld {
            kind,
            tile,
            exposure,
        })
    }

    /// The meld formed by `tiles` (in any order): three identical tiles, a sequence, or four
    /// identical tiles.
    ///
    /// ```
    /// use mahjong_rules::{Exposure, Meld, MeldKind};
    /// use mahjong_tiles::parse_tiles;
    /// let m = Meld::from_tiles(&parse_tiles("3s 1s 2s")?, Exposure::Exposed)?;
    /// assert_eq!(m.kind(), MeldKind::Sequence);
    /// assert!(Meld::from_tiles(&parse_tiles("124s")?, Exposure::Exposed).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_tiles(tiles: &[Tile], exposure: Exposure) -> Result<Meld, MeldError> {
        if let Some(&tile) = tiles.iter().find(|t| t.is_bonus()) {
            return Err(MeldError::BonusTile { tile });
        }
        let mut sorted = tiles.to_vec();
        sorted.sort_unstable();
        let all_same = sorted.windows(2).all(|w| w[0] == w[1]);
        match sorted.len() {
            3 if all_same => Meld::triplet(sorted[0], exposure),
            3 => {
                let consecutive = sorted[0].next_in_suit() == Some(sorted[1])
                    && sorted[1].next_in_suit() == Some(sorted[2]);
                if consecutive {
                    Meld::sequence(sorted[0], exposure)
                } else {
                    Err(MeldError::NotAMeld {
                        tiles: Tiles(sorted),
                    })
                }
            }
            4 if all_same => Meld::kong(sorted[0], exposure),
            4 => Err(MeldError::NotAKong {
                tiles: Tiles(sorted),
            }),
            count => Err(MeldError::WrongTileCount { count }),
        }
    }

    /// The meld's shape.
    ///
    /// ```
    /// use mahjong_rules::{Meld, MeldKind};
    /// assert_eq!("[123m]".parse::<Meld>()?.kind(), MeldKind::Sequence);
    /// assert_eq!("(2222s)".parse::<Meld>()?.kind(), MeldKind::Kong);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn kind(&self) -> MeldKind {
        self.kind
    }

    /// The meld's lowest tile (the repeated tile of a triplet or kong).
    ///
    /// ```
    /// use mahjong_rules::Meld;
    /// assert_eq!("[789p]".parse::<Meld>()?.tile(), "7p".parse()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn tile(&self) -> Tile {
        self.tile
    }

    /// Concealed or exposed.
    ///
    /// ```
    /// use mahjong_rules::{Exposure, Meld};
    /// assert_eq!("[555z]".parse::<Meld>()?.exposure(), Exposure::Exposed);
    /// assert_eq!("555z".parse::<Meld>()?.exposure(), Exposure::Concealed);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn exposure(&self) -> Exposure {
        self.exposure
    }

    /// The same meld with another exposure.
    ///
    /// ```
    /// use mahjong_rules::{Exposure, Meld};
    /// let m: Meld = "555z".parse()?;
    /// assert_eq!(m.with_exposure(Exposure::Exposed).to_string(), "[555z]");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn with_exposure(self, exposure: Exposure) -> Meld {
        Meld { exposure, ..self }
    }

    /// Whether the meld is concealed.
    ///
    /// ```
    /// use mahjong_rules::Meld;
    /// assert!("(1111m)".parse::<Meld>()?.is_concealed());
    /// assert!(!"[1111m]".parse::<Meld>()?.is_concealed());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_concealed(&self) -> bool {
        matches!(self.exposure, Exposure::Concealed)
    }

    /// Whether the meld is a sequence.
    ///
    /// ```
    /// use mahjong_rules::Meld;
    /// assert!("[123m]".parse::<Meld>()?.is_sequence());
    /// assert!(!"[111m]".parse::<Meld>()?.is_sequence());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_sequence(&self) -> bool {
        matches!(self.kind, MeldKind::Sequence)
    }

    /// Whether the meld is a kong.
    ///
    /// ```
    /// use mahjong_rules::Meld;
    /// assert!("[1111m]".parse::<Meld>()?.is_kong());
    /// assert!(!"[111m]".parse::<Meld>()?.is_kong());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_kong(&self) -> bool {
        matches!(self.kind, MeldKind::Kong)
    }

    /// Whether the meld is a triplet or a kong (three or four identical tiles).
    ///
    /// ```
    /// use mahjong_rules::Meld;
    /// assert!("[111m]".parse::<Meld>()?.is_triplet_or_kong());
    /// assert!("(1111m)".parse::<Meld>()?.is_triplet_or_kong());
    /// assert!(!"[123m]".parse::<Meld>()?.is_triplet_or_kong());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_triplet_or_kong(&self) -> bool {
        !self.is_sequence()
    }

    /// The number of physical tiles: 3, or 4 for a kong.
    ///
    /// ```
    /// use mahjong_rules::Meld;
    /// assert_eq!("[123m]".parse::<Meld>()?.len(), 3);
    /// assert_eq!("(1111m)".parse::<Meld>()?.len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn len(&self) -> usize {
        match self.kind {
            MeldKind::Kong => 4,
            _ => 3,
        }
    }

    /// Always `false` (provided with [`Meld::len`]).
    ///
    /// ```
    /// use mahjong_rules::Meld;
    /// assert!(!"[123m]".parse::<Meld>()?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// The tiles of the meld in order.
    ///
    /// ```
    /// use mahjong_rules::Meld;
    /// use mahjong_tiles::parse_tiles;
    /// assert_eq!("[789p]".parse::<Meld>()?.tiles(), parse_tiles("789p")?);
    /// assert_eq!("(5555z)".parse::<Meld>()?.tiles().len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tiles(&self) -> Vec<Tile> {
        match self.kind {
            MeldKind::Sequence => {
                let mut v = vec![self.tile];
                let mut t = self.tile;
                for _ in 0..2 {
                    // A constructed sequence starts on 1–7, so the next tiles exist.
                    if let Some(n) = t.next_in_suit() {
                        v.push(n);
                        t = n;
                    }
                }
                v
            }
            _ => vec![self.tile; self.len()],
        }
    }

    /// Whether the meld holds a tile of this kind.
    ///
    /// ```
    /// use mahjong_rules::Meld;
    /// let chow: Meld = "[456s]".parse()?;
    /// assert!(chow.contains("5s".parse()?));
    /// assert!(!chow.contains("5m".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn contains(&self, tile: Tile) -> bool {
        match self.kind {
            MeldKind::Sequence => {
                let (Some(a), Some(b)) = (self.tile.rank(), tile.rank()) else {
                    return false;
                };
                self.tile.suit() == tile.suit() && b >= a && b <= a + 2
            }
            _ => self.tile == tile,
        }
    }
}

impl fmt::Display for Meld {
    /// `[555z]` exposed, `(1111m)` concealed kong, `789s` concealed sequence or triplet.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tiles = Tiles(self.tiles());
        match (self.exposure, self.kind) {
            (Exposure::Exposed, _) => write!(f, "[{tiles}]"),
            (Exposure::Concealed, MeldKind::Kong) => write!(f, "({tiles})"),
            (Exposure::Concealed, _) => write!(f, "{tiles}"),
        }
    }
}

/// Why a meld's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMeldError {
    /// The tiles inside could not be read.
    #[error(transparent)]
    Tile(#[from] ParseTileError),
    /// The tiles do not form a meld.
    #[error(transparent)]
    Meld(#[from] MeldError),
    /// A bracket that does not close, or parentheses around something other than a kong.
    #[error("malformed meld {text:?}: expected [tiles], (kong) or bare tiles")]
    Malformed {
        /// The text given (its first 40 characters at most).
        text: String,
    },
    /// The text is longer than [`Meld::MAX_TEXT_LEN`] bytes; it was refused before being
    /// read.
    #[error("a meld's text of {length} bytes is too long: at most {max} bytes are read")]
    TooLong {
        /// The text's length in bytes.
        length: usize,
        /// [`Meld::MAX_TEXT_LEN`].
        max: usize,
    },
}

impl FromStr for Meld {
    type Err = ParseMeldError;

    /// Reads `[555z]` (exposed), `(1111m)` (declared concealed kong) or bare tiles
    /// (concealed); a text longer than [`Meld::MAX_TEXT_LEN`] bytes is refused before it is
    /// read.
    fn from_str(s: &str) -> Result<Meld, ParseMeldError> {
        if s.len() > Meld::MAX_TEXT_LEN {
            return Err(ParseMeldError::TooLong {
                length: s.len(),
                max: Meld::MAX_TEXT_LEN,
            });
        }
        let t = s.trim();
        let malformed = || ParseMeldError::Malformed {
            text: s.chars().take(40).collect(),
        };
        let (open, inner) = match t.chars().next() {
            Some(open @ ('[' | '(')) => {
                let close = if open == '[' { ']' } else { ')' };
                (
                    Some(open),
                    t[1..].strip_suffix(close).ok_or_else(malformed)?,
                )
            }
            _ => (None, t),
        };
        if inner.contains(['[', ']', '(', ')']) {
            return Err(malformed());
        }
        let tiles = parse_tiles(inner)?;
        match open {
            Some(open) => bracketed(open, &tiles)?.ok_or_else(malformed),
            None => Ok(Meld::from_tiles(&tiles, Exposure::Concealed)?),
        }
    }
}

/// The meld `tiles` form when written between the bracket `open` and its closing one: `[`
/// an exposed meld, `(` a declared concealed kong (`None` when the parentheses do not hold
/// a kong). Both the meld and the hand notation read brackets through this.
pub(crate) fn bracketed(open: char, tiles: &[Tile]) -> Result<Option<Meld>, MeldError> {
    let exposure = if open == '[' {
        Exposure::Exposed
    } else {
        Exposure::Concealed
    };
    let meld = Meld::from_tiles(tiles, exposure)?;
    Ok((open == '[' || meld.is_kong()).then_some(meld))
}

// In a module of its own so the docs mark the impls as needing the `serde` feature.
#[cfg(feature = "serde")]
mod serde_impls {
    // A meld serializes as its notation (`"[555z]"`, `"(1111m)"`, `"789s"`).
    serde_through_notation!(super::Meld);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::t;

    #[test]
    fn shapes_are_checked() {
        assert!(Meld::sequence(t("7s"), Exposure::Concealed).is_ok());
        assert_eq!(
            Meld::sequence(t("8s"), Exposure::Concealed),
            Err(MeldError::NoSequenceFrom { tile: t("8s") })
        );
        assert_eq!(
            Meld::triplet(t("1f"), Exposure::Exposed),
            Err(MeldError::BonusTile { tile: t("1f") })
        );
        assert!(matches!(
            "[1z2z3z]".parse::<Meld>(),
            Err(ParseMeldError::Meld(MeldError::NotAMeld { .. }))
        ));
        assert!(matches!(
            "[12m]".parse::<Meld>(),
            Err(ParseMeldError::Meld(MeldError::WrongTileCount { count: 2 }))
        ));
        assert!(matches!(
            "[1112m]".parse::<Meld>(),
            Err(ParseMeldError::Meld(MeldError::NotAKong { .. }))
        ));
        assert!(matches!(
            "(111m)".parse::<Meld>(),
            Err(ParseMeldError::Malformed { .. })
        ));
        assert!(matches!(
            "[111m".parse::<Meld>(),
            Err(ParseMeldError::Malformed { .. })
        ));
    }

    #[test]
    fn contains_and_tiles() {
        let m: Meld = "[345p]".parse().unwrap();
        assert!(m.contains(t("3p")) && m.contains(t("5p")));
        assert!(!m.contains(t("6p")) && !m.contains(t("4m")));
        assert_eq!(m.len(), 3);
        let k: Meld = "[9999s]".parse().unwrap();
        assert_eq!(k.len(), 4);
        assert_eq!(k.tiles(), vec![t("9s"); 4]);
        assert!(k.contains(t("9s")));
    }

    #[test]
    fn notation_round_trips() {
        for s in ["[123m]", "[777z]", "[4444p]", "(1111z)", "789s", "555z"] {
            let m: Meld = s.parse().unwrap();
            assert_eq!(m.to_string(), s);
        }
        // A bare kong is a concealed kong and prints in parentheses.
        assert_eq!("2222m".parse::<Meld>().unwrap().to_string(), "(2222m)");
    }
}
