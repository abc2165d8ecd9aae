//! The compact tile notation, both ways (the grammar is at `Tiles`).

use core::fmt;
use core::ops::{Deref, DerefMut};
use core::str::FromStr;

use crate::{Tile, Wind};

/// Why a tile notation could not be read.
///
/// Positions are 0-based character (not byte) offsets into the input.
///
/// ```
/// use mahjong_tiles::{ParseTileError, Tiles};
///
/// let err = "123m 8z".parse::<Tiles>().unwrap_err();
/// assert_eq!(err, ParseTileError::InvalidNumber { number: '8', letter: 'z', position: 5 });
/// assert_eq!(err.to_string(), "no tile 8z: number '8' at position 5 is out of range for 'z'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseTileError {
    /// A character that is neither a digit, a group letter, whitespace nor a tile glyph.
    #[error("unexpected character {ch:?} at position {position}")]
    UnexpectedChar {
        /// The offending character.
        ch: char,
        /// Its 0-based character position.
        position: usize,
    },
    /// A group letter with no number before it (`m` alone).
    #[error("group letter {letter:?} at position {position} has no number before it")]
    MissingNumber {
        /// The letter.
        letter: char,
        /// Its 0-based character position.
        position: usize,
    },
    /// A number that does not exist in its group (`0m`, `8z`, `5f`).
    #[error(
        "no tile {number}{letter}: number {number:?} at position {position} is out of range for {letter:?}"
    )]
    InvalidNumber {
        /// The digit as written.
        number: char,
        /// The group letter that follows it.
        letter: char,
        /// The digit's 0-based character position.
        position: usize,
    },
    /// Numbers with no group letter after them (at the end of the input, or before a glyph).
    #[error("number {number:?} at position {position} has no group letter after it")]
    MissingLetter {
        /// The first digit of the unfinished group.
        number: char,
        /// Its 0-based character position.
        position: usize,
    },
    /// A single tile was expected but the input held another number of tiles.
    #[error("expected exactly one tile, found {count}")]
    NotOneTile {
        /// How many tiles the input held.
        count: usize,
    },
    /// The text is longer than the parser reads ([`Tiles::MAX_TEXT_LEN`] for the
    /// notation); it was refused before being read.
    #[error("a text of {length} bytes is too long: at most {max} bytes are read")]
    TooLong {
        /// The text's length in bytes.
        length: usize,
        /// The most the parser reads, in bytes.
        max: usize,
    },
}

impl ParseTileError {
    /// The 0-based character position the error points at, if it points at one.
    ///
    /// ```
    /// use mahjong_tiles::Tiles;
    /// assert_eq!("12x".parse::<Tiles>().unwrap_err().position(), Some(2));
    /// assert_eq!("".parse::<mahjong_tiles::Tile>().unwrap_err().position(), None);
    /// ```
    pub const fn position(&self) -> Option<usize> {
        match self {
            ParseTileError::UnexpectedChar { position, .. }
            | ParseTileError::MissingNumber { position, .. }
            | ParseTileError::InvalidNumber { position, .. }
            | ParseTileError::MissingLetter { position, .. } => Some(*position),
            ParseTileError::NotOneTile { .. } | ParseTileError::TooLong { .. } => None,
        }
    }

    /// The same error with its position moved `offset` characters on: for a parser that
    /// reads tiles out of a longer text.
    ///
    /// ```
    /// use mahjong_tiles::{ParseTileError, parse_tiles};
    /// let text = "hand: 12x";
    /// let err = parse_tiles(&text[6..]).unwrap_err().shifted(6);
    /// assert_eq!(err, ParseTileError::UnexpectedChar { ch: 'x', position: 8 });
    /// ```
    pub const fn shifted(self, offset: usize) -> ParseTileError {
        match self {
            ParseTileError::UnexpectedChar { ch, position } => ParseTileError::UnexpectedChar {
                ch,
                position: position.saturating_add(offset),
            },
            ParseTileError::MissingNumber { letter, position } => ParseTileError::MissingNumber {
                letter,
                position: position.saturating_add(offset),
            },
            ParseTileError::InvalidNumber {
                number,
                letter,
                position,
            } => ParseTileError::InvalidNumber {
                number,
                letter,
                position: position.saturating_add(offset),
            },
            ParseTileError::MissingLetter { number, position } => ParseTileError::MissingLetter {
                number,
                position: position.saturating_add(offset),
            },
            ParseTileError::NotOneTile { count } => ParseTileError::NotOneTile { count },
            ParseTileError::TooLong { length, max } => ParseTileError::TooLong { length, max },
        }
    }
}

/// Parses a tile list in the notation, keeping the order in which the tiles are written.
///
/// A text longer than [`Tiles::MAX_TEXT_LEN`] bytes is refused before it is read
/// ([`ParseTileError::TooLong`]); below that, the work is linear in the text and the only
/// allocation is the list returned (one byte per tile).
///
/// ```
/// use mahjong_tiles::{parse_tiles, ParseTileError, Tiles};
/// let tiles = parse_tiles("9s 1m")?;
/// assert_eq!(tiles[0].to_string(), "9s");
/// let long = "1m".repeat(Tiles::MAX_TEXT_LEN);
/// assert_eq!(
///    parse_tiles(&long),
///    Err(ParseTileError::TooLong { length: 2 * Tiles::MAX_TEXT_LEN, max: Tiles::MAX_TEXT_LEN })
/// );
/// # Ok::<(), mahjong_tiles::ParseTileError>(())
/// ```
pub fn parse_tiles(s: &str) -> Result<Vec<Tile>, ParseTileError> {
    if s.len() > Tiles::MAX_TEXT_LEN {
        return Err(ParseTileError::TooLong {
            length: s.len(),
            max: Tiles::MAX_TEXT_LEN,
        });
    }
    let mut tiles = Vec::new();
    // The current group's first digit: its byte offset, its position and the digit. The
    // group is read again from there when its letter comes (only digits and whitespace lie
    // between), so nothing grows with the input but the tiles.
    let mut pending: Option<(usize, usize, char)> = None;
    for (position, (at, ch)) in s.char_indices().enumerate() {
        if ch.is_whitespace() {
            continue;
        }
        if ch.is_ascii_digit() {
            pending.get_or_insert((at, position, ch));
            continue;
        }
        if matches!(ch, 'm' | 'p' | 's' | 'z' | 'f' | 'y') {
            let Some((start, first, _)) = pending.take() else {
                return Err(ParseTileError::MissingNumber {
                    letter: ch,
                    position,
                });
            };
            for (offset, digit) in s[start..at].chars().enumerate() {
                if !digit.is_ascii_digit() {
                    continue;
                }
                let number = digit as u8 - b'0';
                let tile = Tile::from_number_and_letter(number, ch).ok_or(
                    ParseTileError::InvalidNumber {
                        number: digit,
                        letter: ch,
                        position: first + offset,
                    },
                )?;
                tiles.push(tile);
            }
            continue;
        }
        if let Some(tile) = Tile::from_glyph(ch) {
            if let Some((_, position, number)) = pending {
                return Err(ParseTileError::MissingLetter { number, position });
            }
            tiles.push(tile);
            continue;
        }
        return Err(ParseTileError::UnexpectedChar { ch, position });
    }
    if let Some((_, position, number)) = pending {
        return Err(ParseTileError::MissingLetter { number, position });
    }
    Ok(tiles)
}

/// Writes tiles in the canonical form (sorted, grouped, groups separated by one space).
fn write_canonical(f: &mut fmt::Formatter<'_>, tiles: &[Tile]) -> fmt::Result {
    let mut sorted = tiles.to_vec();
    sorted.sort_unstable();
    let mut first = true;
    for (i, t) in sorted.iter().enumerate() {
        let starts_group = i == 0 || sorted[i - 1].group_letter() != t.group_letter();
        if starts_group && !first {
            f.write_str(" ")?;
        }
        first = false;
        write!(f, "{}", t.number())?;
        let ends_group = sorted
            .get(i + 1)
            .is_none_or(|n| n.group_letter() != t.group_letter());
        if ends_group {
            write!(f, "{}", t.group_letter())?;
        }
    }
    Ok(())
}

impl FromStr for Tile {
    type Err = ParseTileError;

    /// Reads exactly one tile (`"5m"`, `" 7z "`, `"🀄"`).
    fn from_str(s: &str) -> Result<Tile, ParseTileError> {
        match parse_tiles(s)?.as_slice() {
            [t] => Ok(*t),
            other => Err(ParseTileError::NotOneTile { count: other.len() }),
        }
    }
}

/// A list of tiles with the notation as its text form.
///
/// Parsing keeps the written order; printing gives the canonical sorted form, so
/// `print(parse(print(x))) == print(x)` and a sorted list survives a round trip unchanged.
/// It dereferences to `Vec<Tile>`.
///
/// ```
/// use mahjong_tiles::Tiles;
/// let t: Tiles = "4y 1f 7z 1z 9s 1p 5m".parse()?;
/// assert_eq!(t.to_string(), "5m 1p 9s 17z 1f 4y");
/// assert_eq!(t.to_string().parse::<Tiles>()?, t.sorted());
/// # Ok::<(), mahjong_tiles::ParseTileError>(())
/// ```
///
/// # Grammar
///
/// ```text
/// tiles  = { space | group | glyph }
/// group  = digit { digit | space } letter
/// letter = "m" | "p" | "s" | "z" | "f" | "y"
/// glyph  = one character of the Unicode Mahjong Tiles block (U+1F000–U+1F029)
/// ```
///
/// A group is a run of numbers followed by the letter of their group: `m` characters, `p`
/// circles, `s` bamboos (1–9 each), `z` honours (`1z` East, `2z` South, `3z` West, `4z` North,
/// `5z` White, `6z` Green, `7z` Red), `f` flowers (1 plum, 2 orchid, 3 bamboo,
/// 4 chrysanthemum) and `y` seasons (1 spring … 4 winter). Whitespace is ignored everywhere,
/// so `123m 456p`, `1 2 3 m` and `123m456p` all parse. Tiles may also be written as their
/// Unicode glyphs (`🀇🀈🀉`). There is no `0` (no red fives).
///
/// Printing ([`Tiles`]'s `Display`) gives the canonical form: tiles sorted in [`Tile`] order,
/// one group per letter, groups separated by one space: `123m 456p 789s 11z 1f`.
///
/// ```
/// use mahjong_tiles::{Tile, Tiles};
///
/// let hand: Tiles = "5z 123m 99p 5z".parse()?;
/// assert_eq!(hand.len(), 7);
/// assert_eq!(hand.to_string(), "123m 99p 55z");
/// assert_eq!(hand[0], "5z".parse::<Tile>()?);
/// assert_eq!("🀇🀈🀉".parse::<Tiles>()?.to_string(), "123m");
/// # Ok::<(), mahjong_tiles::ParseTileError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tiles(pub Vec<Tile>);

impl Tiles {
    /// The longest text the notation parser reads, in bytes: 4,096 (a whole set of 144
    /// tiles written one group per tile, `1m 1m 2m …`, takes 432). Longer texts are refused
    /// at once with [`ParseTileError::TooLong`], whatever they hold, by [`parse_tiles`] and
    /// the [`FromStr`] of [`Tiles`] and [`Tile`] (and, with the `serde` feature, their
    /// deserialization). A list prints in at most one byte per tile and eleven more, so
    /// [`Display`](fmt::Display) then parsing gives back every list of up to 4,085 tiles.
    ///
    /// ```
    /// use mahjong_tiles::{ParseTileError, Tiles};
    /// let long = " ".repeat(Tiles::MAX_TEXT_LEN + 1);
    /// assert!(matches!(long.parse::<Tiles>(), Err(ParseTileError::TooLong { .. })));
    /// ```
    pub const MAX_TEXT_LEN: usize = 4096;

    /// A copy sorted in canonical order.
    ///
    /// ```
    /// use mahjong_tiles::Tiles;
    /// let t: Tiles = "9m 1z 1m".parse()?;
    /// assert_eq!(t.sorted().0, "1m 9m 1z".parse::<Tiles>()?.0);
    /// # Ok::<(), mahjong_tiles::ParseTileError>(())
    /// ```
    pub fn sorted(&self) -> Tiles {
        let mut v = self.0.clone();
        v.sort_unstable();
        Tiles(v)
    }

    /// The tiles as Unicode glyphs, in list order, with no separator.
    ///
    /// ```
    /// use mahjong_tiles::Tiles;
    /// assert_eq!("123m".parse::<Tiles>()?.glyphs(), "🀇🀈🀉");
    /// # Ok::<(), mahjong_tiles::ParseTileError>(())
    /// ```
    pub fn glyphs(&self) -> String {
        self.0.iter().map(|t| t.glyph()).collect()
    }

    /// How many tiles of each of the 42 kinds the list holds, indexed by [`Tile::index`]
    /// (see [`Tile::count_kinds`]).
    ///
    /// ```
    /// use mahjong_tiles::{Tile, Tiles};
    /// let t: Tiles = "1112m 77z".parse()?;
    /// let counts = t.counts();
    /// assert_eq!((counts[0], counts[1], counts[Tile::RED.index()]), (3, 1, 2));
    /// # Ok::<(), mahjong_tiles::ParseTileError>(())
    /// ```
    pub fn counts(&self) -> [u8; Tile::COUNT] {
        Tile::count_kinds(self.0.iter().copied())
    }
}

impl Deref for Tiles {
    type Target = Vec<Tile>;
    fn deref(&self) -> &Vec<Tile> {
        &self.0
    }
}

impl DerefMut for Tiles {
    fn deref_mut(&mut self) -> &mut Vec<Tile> {
        &mut self.0
    }
}

impl From<Vec<Tile>> for Tiles {
    fn from(v: Vec<Tile>) -> Tiles {
        Tiles(v)
    }
}

impl FromIterator<Tile> for Tiles {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Tiles {
        Tiles(iter.into_iter().collect())
    }
}

impl IntoIterator for Tiles {
    type Item = Tile;
    type IntoIter = std::vec::IntoIter<Tile>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl FromStr for Tiles {
    type Err = ParseTileError;
    fn from_str(s: &str) -> Result<Tiles, ParseTileError> {
        parse_tiles(s).map(Tiles)
    }
}

impl fmt::Display for Tiles {
    /// The canonical form: sorted, grouped, groups separated by a space (`123m 55z`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_canonical(f, &self.0)
    }
}

/// Why a wind abbreviation could not be read.
///
/// It keeps the text given, or its first 40 characters when it is longer, and its length;
/// its message quotes the same.
///
/// ```
/// use mahjong_tiles::Wind;
/// let err = "X".parse::<Wind>().unwrap_err();
/// assert_eq!(err.to_string(), r#"unknown wind "X": expected E, S, W or N"#);
/// let long = "nord".repeat(1000).parse::<Wind>().unwrap_err();
/// assert_eq!((long.text.len(), long.length), (40, 4000));
/// let message = long.to_string();
/// assert!(message.len() < 100 && message.contains("(4000 characters)"), "{message}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown wind {}: expected E, S, W or N", Quoted(text, *length))]
#[non_exhaustive]
pub struct ParseWindError {
    /// The text that was given, or its first 40 characters.
    pub text: String,
    /// The length of the whole text given, in characters.
    pub length: usize,
}

/// How many characters of a refused text an error keeps.
const KEPT: usize = 40;

impl ParseWindError {
    fn new(s: &str) -> ParseWindError {
        let (text, length) = match s.char_indices().nth(KEPT) {
            None => (s, s.chars().count()),
            Some((end, _)) => (&s[..end], s.chars().count()),
        };
        ParseWindError {
            text: text.to_string(),
            length,
        }
    }
}

/// A kept text quoted for an error message: whole when it is the whole text, else followed
/// by `…` and the whole text's length.
struct Quoted<'a>(&'a str, usize);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.chars().count() >= self.1 {
            write!(f, "{:?}", self.0)
        } else {
            write!(f, "{:?}… ({} characters)", self.0, self.1)
        }
    }
}

impl Wind {
    /// The longest text [`Wind`]'s [`FromStr`] reads, in bytes: 64 (the longest name has
    /// five letters; the rest is room for whitespace around it).
    ///
    /// ```
    /// use mahjong_tiles::Wind;
    /// assert!(" ".repeat(Wind::MAX_TEXT_LEN + 1).parse::<Wind>().is_err());
    /// assert_eq!(format!("{:>60}", "N").parse::<Wind>(), Ok(Wind::North));
    /// ```
    pub const MAX_TEXT_LEN: usize = 64;
}

impl FromStr for Wind {
    type Err = ParseWindError;

    /// Reads `E`, `S`, `W`, `N` (any case), the English names (`east` …), or the French ones
    /// (`est`, `sud`, `ouest`, `nord`), with whitespace around. A text longer than
    /// [`Wind::MAX_TEXT_LEN`] bytes is refused without being read; nothing is allocated but
    /// the error's excerpt.
    ///
    /// ```
    /// use mahjong_tiles::Wind;
    /// assert_eq!("s".parse::<Wind>()?, Wind::South);
    /// assert_eq!("Ouest".parse::<Wind>()?, Wind::West);
    /// # Ok::<(), mahjong_tiles::ParseWindError>(())
    /// ```
    fn from_str(s: &str) -> Result<Wind, ParseWindError> {
        const NAMES: [(Wind, &[&str]); 4] = [
            (Wind::East, &["e", "east", "est"]),
            (Wind::South, &["s", "south", "sud"]),
            (Wind::West, &["w", "west", "o", "ouest"]),
            (Wind::North, &["n", "north", "nord"]),
        ];
        if s.len() > Wind::MAX_TEXT_LEN {
            return Err(ParseWindError::new(s));
        }
        let t = s.trim();
        NAMES
            .iter()
            .find(|(_, names)| names.iter().any(|n| n.eq_ignore_ascii_case(t)))
            .map(|&(w, _)| w)
            .ok_or_else(|| ParseWindError::new(s))
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::{Tile, Tiles};
    use core::fmt;
    use serde::de::{self, Visitor};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    impl Serialize for Tile {
        /// A tile serializes as its notation, `"5m"`.
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl Serialize for Tiles {
        /// A tile list serializes as its canonical notation, `"123m 55z"`.
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    struct NotationVisitor<T>(core::marker::PhantomData<T>);

    impl<T: core::str::FromStr<Err = super::ParseTileError>> Visitor<'_> for NotationVisitor<T> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("mahjong tile notation such as \"5m\" or \"123m 55z\"")
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
            v.parse().map_err(E::custom)
        }
    }

    impl<'de> Deserialize<'de> for Tile {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tile, D::Error> {
            d.deserialize_str(NotationVisitor(core::marker::PhantomData))
        }
    }

    impl<'de> Deserialize<'de> for Tiles {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tiles, D::Error> {
            d.deserialize_str(NotationVisitor(core::marker::PhantomData))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_prints_and_parses() {
        for t in Tile::ALL {
            assert_eq!(t.to_string().parse::<Tile>(), Ok(t));
            assert_eq!(t.glyph().to_string().parse::<Tile>(), Ok(t));
        }
    }

    #[test]
    fn whitespace_is_ignored() {
        let a: Tiles = "1 2 3 m\t4\np".parse().unwrap();
        assert_eq!(a.to_string(), "123m 4p");
    }

    #[test]
    fn errors_name_character_and_position() {
        assert_eq!(
            parse_tiles("12x"),
            Err(ParseTileError::UnexpectedChar {
                ch: 'x',
                position: 2
            })
        );
        assert_eq!(
            parse_tiles("1m p"),
            Err(ParseTileError::MissingNumber {
                letter: 'p',
                position: 3
            })
        );
        assert_eq!(
            parse_tiles("0m"),
            Err(ParseTileError::InvalidNumber {
                number: '0',
                letter: 'm',
                position: 0
            })
        );
        assert_eq!(
            parse_tiles("5f"),
            Err(ParseTileError::InvalidNumber {
                number: '5',
                letter: 'f',
                position: 0
            })
        );
        assert_eq!(
            parse_tiles("1m 23"),
            Err(ParseTileError::MissingLetter {
                number: '2',
                position: 3
            })
        );
        assert_eq!(
            parse_tiles("2🀇"),
            Err(ParseTileError::MissingLetter {
                number: '2',
                position: 0
            })
        );
        // Positions count characters, not bytes.
        assert_eq!(
            parse_tiles("🀇🀈x"),
            Err(ParseTileError::UnexpectedChar {
                ch: 'x',
                position: 2
            })
        );
        assert_eq!(
            "12m".parse::<Tile>(),
            Err(ParseTileError::NotOneTile { count: 2 })
        );
        assert_eq!(
            "".parse::<Tile>(),
            Err(ParseTileError::NotOneTile { count: 0 })
        );
    }

    #[test]
    fn shifted_errors_move_only_their_position() {
        for text in ["12x", "1m p", "0m", "1m 23", "m"] {
            let e = parse_tiles(text).unwrap_err();
            let at = e.position().unwrap();
            let moved = e.clone().shifted(10);
            assert_eq!(moved.position(), Some(at + 10));
            assert_eq!(moved.clone().shifted(0), moved);
            assert_ne!(moved, e);
        }
        let e = ParseTileError::NotOneTile { count: 2 };
        assert_eq!((e.position(), e.clone().shifted(3)), (None, e));
        let far = ParseTileError::MissingLetter {
            number: '1',
            position: 5,
        };
        assert_eq!(far.shifted(usize::MAX).position(), Some(usize::MAX));
    }

    #[test]
    fn winds_parse() {
        for w in Wind::ALL {
            assert_eq!(w.to_string().parse::<Wind>(), Ok(w));
        }
        assert!("X".parse::<Wind>().is_err());
    }
}
