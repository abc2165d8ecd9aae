//! A player's hand, with its notation and its validation (see [`Hand`]).

use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use mahjong_tiles::{ParseTileError, Suit, Tile, Tiles, parse_tiles};

use crate::meld::{Meld, MeldError, bracketed};

/// Number of playing tile kinds (suits and honours).
pub(crate) const KINDS: usize = Tile::PLAYING_COUNT;

/// Tile counts by kind, indexed by [`Tile::index`] (playing kinds only).
pub(crate) type Counts = [u8; KINDS];

/// The indices of the winds, the dragons and all honours in [`Counts`].
pub(crate) const WINDS: Range<usize> = Tile::EAST.index()..Tile::WHITE.index();
pub(crate) const DRAGONS: Range<usize> = Tile::WHITE.index()..KINDS;
pub(crate) const HONOURS: Range<usize> = Tile::EAST.index()..KINDS;

/// The indices of a suit's tiles 1 to 9 in [`Counts`].
pub(crate) const fn suit_range(suit: Suit) -> Range<usize> {
    let first = match Tile::suited(suit, 1) {
        Some(t) => t.index(),
        None => 0,
    };
    first..first + 9
}

/// A validated hand: concealed tiles, exposed melds, declared concealed kongs and bonus
/// tiles.
///
/// Build one with [`Hand::new`] or by parsing the notation (at most [`Hand::MAX_TEXT_LEN`]
/// bytes). The concealed tiles are kept sorted; melds keep the order given.
///
/// # Notation
///
/// ```text
/// hand    = { tiles | "[" tiles "]" | "(" tiles ")" }
/// ```
///
/// Tiles are written in the [`mahjong_tiles`] notation (`123m 456p 789s 1234567z`). Tiles
/// outside brackets are the concealed tiles, in any order; an exposed meld (chow, pung,
/// exposed kong) is written in brackets `[555z]`, a declared concealed kong in parentheses
/// `(1111m)`; flowers and seasons (`1f 2y`) may stand anywhere outside brackets and go to the
/// bonus tiles. An undeclared concealed kong is simply four identical concealed tiles.
///
/// Printing gives the canonical form: the concealed tiles sorted, then the melds in the order
/// written, then the bonus tiles: `123m 55z [777z] (1111p) 1f 2y`.
///
/// ```
/// use mahjong_rules::Hand;
///
/// let hand: Hand = "1f 55z 123m [777z] (1111p) 2y 456s".parse()?;
/// assert_eq!(hand.to_string(), "123m 456s 55z [777z] (1111p) 1f 2y");
/// assert_eq!(hand.size(), 14); // a kong counts as three tiles
/// assert_eq!(hand.melds().len(), 2);
/// assert_eq!(hand.bonus().len(), 2);
/// # Ok::<(), mahjong_rules::ParseHandError>(())
/// ```
///
/// # Validation
///
/// A [`Hand`] is always valid: 13 or 14 tiles (kongs counting three), at most four copies of a
/// kind over the whole hand, bonus tiles only among the bonus tiles and at most one of each,
/// melds held apart being exposed melds or declared concealed kongs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    concealed: Vec<Tile>,
    melds: Vec<Meld>,
    bonus: Vec<Tile>,
}

/// Why tiles do not form a valid hand.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HandError {
    /// A hand holds 13 tiles, or 14 when complete (a kong counts as three).
    #[error("a hand holds 13 or 14 tiles (a kong counting three), found {count}")]
    WrongTileCount {
        /// The size found.
        count: usize,
    },
    /// More than four copies of a kind (or more than one of a flower or season).
    #[error("{count} copies of {tile}: a set holds only {max}")]
    TooManyCopies {
        /// The tile kind.
        tile: Tile,
        /// How many the hand holds.
        count: usize,
        /// How many a set holds.
        max: u8,
    },
    /// A flower or season among the concealed tiles given to [`Hand::new`].
    #[error("bonus tile {tile} among the concealed tiles: flowers and seasons are laid apart")]
    BonusAmongConcealed {
        /// The bonus tile.
        tile: Tile,
    },
    /// A playing tile among the bonus tiles given to [`Hand::new`].
    #[error("{tile} is not a flower or a season")]
    NotBonus {
        /// The tile.
        tile: Tile,
    },
    /// A concealed sequence or triplet given as a meld: those stay among the concealed tiles.
    #[error(
        "concealed {meld} given as a meld: only exposed melds and declared kongs are laid apart"
    )]
    ConcealedMeldNotKong {
        /// The meld.
        meld: Meld,
    },
}

/// Why a hand's text could not be read. Positions are 0-based character offsets.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseHandError {
    /// A tile notation error (its position is in the whole input).
    #[error(transparent)]
    Tile(ParseTileError),
    /// An opening bracket or parenthesis that is never closed.
    #[error("{open:?} at position {position} is never closed")]
    Unclosed {
        /// `[` or `(`.
        open: char,
        /// Its position.
        position: usize,
    },
    /// A closing bracket with no opening one, or closing the wrong kind.
    #[error("unexpected {close:?} at position {position}")]
    UnexpectedClose {
        /// `]` or `)`.
        close: char,
        /// Its position.
        position: usize,
    },
    /// A bracket opened inside another.
    #[error("{open:?} at position {position} opens inside another meld")]
    Nested {
        /// `[` or `(`.
        open: char,
        /// Its position.
        position: usize,
    },
    /// The tiles between brackets do not form a meld.
    #[error("meld at position {position}: {source}")]
    Meld {
        /// Position of the opening bracket.
        position: usize,
        /// What is wrong.
        source: MeldError,
    },
    /// Parentheses must hold a kong (four identical tiles).
    #[error("parentheses at position {position} must hold a declared kong of four identical tiles")]
    NotAKong {
        /// Position of the opening parenthesis.
        position: usize,
    },
    /// The tiles read do not form a valid hand.
    #[error(transparent)]
    Invalid(#[from] HandError),
    /// The text is longer than [`Hand::MAX_TEXT_LEN`] bytes; it was refused before being
    /// read.
    #[error("a hand's text of {length} bytes is too long: at most {max} bytes are read")]
    TooLong {
        /// The text's length in bytes.
        length: usize,
        /// [`Hand::MAX_TEXT_LEN`].
        max: usize,
    },
}

impl Hand {
    /// The longest text a hand is read from, in bytes: 1,024. A hand holds at most 26 tiles
    /// (14, the fourth tiles of four kongs, eight flowers and seasons), 138 bytes written as
    /// glyphs with a space after each and brackets around four kongs; a longer text is
    /// refused at once with [`ParseHandError::TooLong`].
    pub const MAX_TEXT_LEN: usize = 1024;

    /// Validates a hand from its parts: concealed tiles (any order), melds laid apart
    /// (exposed melds and declared concealed kongs) and bonus tiles.
    ///
    /// ```
    /// use mahjong_rules::{Exposure, Hand, HandError, Meld};
    /// use mahjong_tiles::{parse_tiles, Tile};
    ///
    /// let pung = Meld::triplet(Tile::RED, Exposure::Exposed)?;
    /// let hand = Hand::new(parse_tiles("123m 456p 789s 1z")?, vec![pung], vec![])?;
    /// assert_eq!(hand.size(), 13);
    /// let err = Hand::new(parse_tiles("1111m 1m 23456789p")?, vec![], vec![]).unwrap_err();
    /// assert!(matches!(err, HandError::TooManyCopies { count: 5, .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        concealed: Vec<Tile>,
        melds: Vec<Meld>,
        bonus: Vec<Tile>,
    ) -> Result<Hand, HandError> {
        let mut concealed = concealed;
        let mut bonus = bonus;
        if let Some(&tile) = concealed.iter().find(|t| t.is_bonus()) {
            return Err(HandError::BonusAmongConcealed { tile });
        }
        if let Some(&tile) = bonus.iter().find(|t| !t.is_bonus()) {
            return Err(HandError::NotBonus { tile });
        }
        if let Some(&meld) = melds.iter().find(|m| m.is_concealed() && !m.is_kong()) {
            return Err(HandError::ConcealedMeldNotKong { meld });
        }
        concealed.sort_unstable();
        bonus.sort_unstable();
        let hand = Hand {
            concealed,
            melds,
            bonus,
        };
        let all = Tile::count_kinds(hand.tiles());
        for tile in Tile::ALL {
            let count = all[tile.index()];
            if count > tile.copies() {
                return Err(HandError::TooManyCopies {
                    tile,
                    // Exact even past the 255 the counts saturate at.
                    count: hand.count(tile),
                    max: tile.copies(),
                });
            }
        }
        let count = hand.size();
        if !(13..=14).contains(&count) {
            return Err(HandError::WrongTileCount { count });
        }
        Ok(hand)
    }

    /// Every tile of the hand: concealed, in the melds laid apart, and the bonus tiles.
    fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.concealed
            .iter()
            .chain(&self.bonus)
            .copied()
            .chain(self.melds.iter().flat_map(Meld::tiles))
    }

    /// The concealed tiles, sorted.
    ///
    /// ```
    /// use mahjong_rules::Hand;
    /// use mahjong_tiles::parse_tiles;
    /// let hand: Hand = "9m 1m 456p 789s [777z] 55z 1f".parse()?;
    /// assert_eq!(hand.concealed(), parse_tiles("19m 456p 789s 55z")?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn concealed(&self) -> &[Tile] {
        &self.concealed
    }

    /// The melds laid apart: exposed melds and declared concealed kongs.
    ///
    /// ```
    /// use mahjong_rules::Hand;
    /// let hand: Hand = "123m 456p 55z [777z] (1111s)".parse()?;
    /// assert_eq!(hand.melds().iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["[777z]", "(1111s)"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn melds(&self) -> &[Meld] {
        &self.melds
    }

    /// The flowers and seasons, sorted.
    ///
    /// ```
    /// use mahjong_rules::Hand;
    /// use mahjong_tiles::parse_tiles;
    /// let hand: Hand = "3y 123m 456p 789s 111z 5z 1f".parse()?;
    /// assert_eq!(hand.bonus(), parse_tiles("1f 3y")?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bonus(&self) -> &[Tile] {
        &self.bonus
    }

    /// The hand's size: concealed tiles plus three per meld (a kong counts as three). 13, or
    /// 14 for a complete hand.
    ///
    /// ```
    /// use mahjong_rules::Hand;
    /// assert_eq!("123m 456p 789s 111z 5z".parse::<Hand>()?.size(), 13);
    /// assert_eq!("123m 456p 789s 5z [1111z] 1f".parse::<Hand>()?.size(), 13); // the kong counts 3
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn size(&self) -> usize {
        self.concealed.len() + 3 * self.melds.len()
    }

    /// Whether the hand has no exposed meld (declared concealed kongs are concealed).
    ///
    /// ```
    /// use mahjong_rules::Hand;
    /// assert!("123m 456p 789s 5z (1111z)".parse::<Hand>()?.is_concealed());
    /// assert!(!"123m 456p 789s 5z [111z]".parse::<Hand>()?.is_concealed());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_concealed(&self) -> bool {
        self.melds.iter().all(Meld::is_concealed)
    }

    /// How many tiles of `tile` the whole hand holds (concealed, melds and bonus tiles).
    ///
    /// ```
    /// use mahjong_rules::Hand;
    /// let hand: Hand = "1z 5z 123m 456p 789s [111z] 1f".parse()?;
    /// assert_eq!(hand.count("1z".parse()?), 4); // one concealed, three in the pung
    /// assert_eq!(hand.count("1f".parse()?), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self, tile: Tile) -> usize {
        self.tiles().filter(|&t| t == tile).count()
    }

    /// How many concealed tiles of `tile` the hand holds (melds laid apart not counted).
    pub(crate) fn concealed_count(&self, tile: Tile) -> usize {
        self.concealed.iter().filter(|&&t| t == tile).count()
    }

    /// The hand with one more concealed tile (a draw or a claimed discard), validated.
    ///
    /// ```
    /// use mahjong_rules::Hand;
    /// let hand: Hand = "123m 456p 789s 111z 5z".parse()?;
    /// let full = hand.with_tile("5z".parse()?)?;
    /// assert_eq!(full.size(), 14);
    /// assert!(full.with_tile("5z".parse()?).is_err()); // 15 tiles
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_tile(&self, tile: Tile) -> Result<Hand, HandError> {
        let mut concealed = self.concealed.clone();
        concealed.push(tile);
        Hand::new(concealed, self.melds.clone(), self.bonus.clone())
    }

    /// The hand without one concealed copy of `tile`, or `None` if it holds none, or if the
    /// result would not be a valid hand (fewer than 13 tiles).
    ///
    /// ```
    /// use mahjong_rules::Hand;
    /// let hand: Hand = "123m 456p 789s 111z 55z".parse()?;
    /// assert_eq!(hand.without_tile("5z".parse()?).map(|h| h.size()), Some(13));
    /// assert!(hand.without_tile("9m".parse()?).is_none()); // none held
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn without_tile(&self, tile: Tile) -> Option<Hand> {
        let i = self.concealed.iter().position(|&t| t == tile)?;
        let mut concealed = self.concealed.clone();
        concealed.remove(i);
        Hand::new(concealed, self.melds.clone(), self.bonus.clone()).ok()
    }

    /// The concealed tiles counted by kind.
    pub(crate) fn concealed_counts(&self) -> Counts {
        // Scoring and waits start from this: counted straight into the 34 playing kinds
        // (concealed tiles are never bonus tiles).
        let mut c = [0u8; KINDS];
        for t in &self.concealed {
            c[t.index()] += 1;
        }
        c
    }

    /// Every playing tile of the hand with a kong counted as three: the 13 or 14 "slots" of
    /// the hand, by kind. A Grand Jeu is read from these.
    pub(crate) fn slot_counts(&self) -> Counts {
        let mut c = self.concealed_counts();
        for m in &self.melds {
            match m.kind() {
                crate::MeldKind::Sequence => {
                    for t in m.tiles() {
                        c[t.index()] += 1;
                    }
                }
                _ => c[m.tile().index()] += 3,
            }
        }
        c
    }
}

/// Parses one run of tiles that starts at character `offset` of the input.
fn tiles_at(text: &str, offset: usize) -> Result<Vec<Tile>, ParseHandError> {
    parse_tiles(text).map_err(|e| ParseHandError::Tile(e.shifted(offset)))
}

/// Sorts tiles written outside brackets: flowers and seasons to the bonus tiles, the others
/// to the concealed tiles.
fn loose(tiles: Vec<Tile>, concealed: &mut Vec<Tile>, bonus: &mut Vec<Tile>) {
    for t in tiles {
        if t.is_bonus() {
            bonus.push(t);
        } else {
            concealed.push(t);
        }
    }
}

impl FromStr for Hand {
    type Err = ParseHandError;

    /// Reads a hand in its notation (see [`Hand`]); a text longer than
    /// [`Hand::MAX_TEXT_LEN`] bytes is refused before it is read.
    fn from_str(s: &str) -> Result<Hand, ParseHandError> {
        if s.len() > Hand::MAX_TEXT_LEN {
            return Err(ParseHandError::TooLong {
                length: s.len(),
                max: Hand::MAX_TEXT_LEN,
            });
        }
        let mut concealed = Vec::new();
        let mut bonus = Vec::new();
        let mut melds = Vec::new();
        // Current run of text: its first byte and the position of its first character.
        let mut run_start = (0usize, 0usize);
        // The open bracket, if any: (character, position).
        let mut open: Option<(char, usize)> = None;
        for (position, (at, ch)) in s.char_indices().enumerate() {
            let run = &s[run_start.0..at];
            match ch {
                '[' | '(' => {
                    if open.is_some() {
                        return Err(ParseHandError::Nested { open: ch, position });
                    }
                    loose(tiles_at(run, run_start.1)?, &mut concealed, &mut bonus);
                    open = Some((ch, position));
                }
                ']' | ')' => {
                    let expected = if ch == ']' { '[' } else { '(' };
                    match open {
                        Some((o, at)) if o == expected => {
                            let tiles = tiles_at(run, run_start.1)?;
                            let meld = bracketed(o, &tiles)
                                .map_err(|source| ParseHandError::Meld {
                                    position: at,
                                    source,
                                })?
                                .ok_or(ParseHandError::NotAKong { position: at })?;
                            melds.push(meld);
                            open = None;
                        }
                        _ => {
                            return Err(ParseHandError::UnexpectedClose {
                                close: ch,
                                position,
                            });
                        }
                    }
                }
                _ => continue,
            }
            run_start = (at + ch.len_utf8(), position + 1);
        }
        if let Some((open, position)) = open {
            return Err(ParseHandError::Unclosed { open, position });
        }
        loose(
            tiles_at(&s[run_start.0..], run_start.1)?,
            &mut concealed,
            &mut bonus,
        );
        Ok(Hand::new(concealed, melds, bonus)?)
    }
}

impl fmt::Display for Hand {
    /// The canonical form: sorted concealed tiles, melds in order, bonus tiles.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if !self.concealed.is_empty() {
            parts.push(Tiles(self.concealed.clone()).to_string());
        }
        parts.extend(self.melds.iter().map(Meld::to_string));
        if !self.bonus.is_empty() {
            parts.push(Tiles(self.bonus.clone()).to_string());
        }
        f.write_str(&parts.join(" "))
    }
}

// In a module of its own so the docs mark the impls as needing the `serde` feature.
#[cfg(feature = "serde")]
mod serde_impls {
    // A hand serializes as its notation (`"123m 55z [777z] 1f"`).
    serde_through_notation!(super::Hand);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(s: &str) -> ParseHandError {
        s.parse::<Hand>().unwrap_err()
    }

    #[test]
    fn bracket_errors_have_positions() {
        assert_eq!(
            err("123m [555z 456p"),
            ParseHandError::Unclosed {
                open: '[',
                position: 5
            }
        );
        assert_eq!(
            err("123m 555z] 456p"),
            ParseHandError::UnexpectedClose {
                close: ']',
                position: 9
            }
        );
        assert_eq!(
            err("123m [555z) 456p"),
            ParseHandError::UnexpectedClose {
                close: ')',
                position: 10
            }
        );
        assert_eq!(
            err("[12[3m]]"),
            ParseHandError::Nested {
                open: '[',
                position: 3
            }
        );
        assert!(matches!(
            err("123456789m 11z [124p]"),
            ParseHandError::Meld { position: 15, .. }
        ));
        assert_eq!(
            err("123456789m 11z (555p)"),
            ParseHandError::NotAKong { position: 15 }
        );
        assert!(matches!(
            err("123m [1f 2f 3f]"),
            ParseHandError::Meld {
                position: 5,
                source: MeldError::BonusTile { .. }
            }
        ));
    }

    #[test]
    fn tile_errors_are_positioned_in_the_whole_input() {
        assert_eq!(
            err("123m [558z]"),
            ParseHandError::Tile(ParseTileError::InvalidNumber {
                number: '8',
                letter: 'z',
                position: 8
            })
        );
        assert_eq!(
            err("12m [555z] 3x"),
            ParseHandError::Tile(ParseTileError::UnexpectedChar {
                ch: 'x',
                position: 12
            })
        );
        // Digits never run across a bracket.
        assert!(matches!(
            err("12[3m]"),
            ParseHandError::Tile(ParseTileError::MissingLetter { position: 0, .. })
        ));
    }

    #[test]
    fn validation_errors() {
        assert_eq!(
            err("123m 456p 789s 11z"),
            ParseHandError::Invalid(HandError::WrongTileCount { count: 11 })
        );
        assert!(matches!(
            err("11111m 23456789p"),
            ParseHandError::Invalid(HandError::TooManyCopies {
                count: 5,
                max: 4,
                ..
            })
        ));
        // Copies are counted across melds too.
        assert!(matches!(
            err("11m 123456789p 1m [111m]"),
            ParseHandError::Invalid(HandError::TooManyCopies { count: 6, .. })
        ));
        assert!(matches!(
            err("123456789m 1112z 1f 1f"),
            ParseHandError::Invalid(HandError::TooManyCopies { max: 1, .. })
        ));
        assert!(matches!(
            Hand::new(vec![Tile::EAST; 3], vec![], vec![]),
            Err(HandError::WrongTileCount { count: 3 })
        ));
    }

    #[test]
    fn kongs_count_three_and_bonus_tiles_go_apart() {
        let h: Hand = "(1111m) [2222p] [3333s] 55z 66z 1f 2f 3y".parse().unwrap();
        assert_eq!(h.size(), 13);
        assert_eq!(h.bonus().len(), 3);
        assert!(!h.is_concealed());
        assert_eq!(h.to_string(), "5566z (1111m) [2222p] [3333s] 12f 3y");
        assert_eq!(h.to_string().parse::<Hand>().unwrap(), h);
    }
}
