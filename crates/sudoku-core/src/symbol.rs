//! Symbols: the labels printed for the values 1..=N.
//!
//! Values are plain numbers 1..=N inside the library; an [`Alphabet`] says which character
//! stands for each value when reading and printing. The symbols are only labels (as the
//! French Wikipedia article on Sudoku notes, letters or shapes play the same game: Wordoku).
//!
//! | alphabet | symbols | used for |
//! |---|---|---|
//! | [`Alphabet::standard`] | `1`–`9`, then `A`, `B`, … (`A` = 10) | printing every size; reading (letters in either case) |
//! | [`Alphabet::hex`] | `0`–`9`, `A`–`F` (`0` = value 1) | reading 16×16 grids written in hexadecimal |
//! | [`Alphabet::new`] | any N distinct characters | Wordoku and other custom labels |
//!
//! 16×16 grids print as `1`–`9`, `A`–`G`. When no alphabet is given, a 16×16 text is read as
//! hexadecimal (`0`–`F`) if it contains a `0` and no `G`; otherwise as `1`–`9`, `A`–`G` with
//! `0` an empty cell.

use core::fmt;

use crate::shape::MAX_SIZE;

const STANDARD: &str = "123456789ABCDEFGHIJKLMNOP";
const HEX: &str = "0123456789ABCDEF";

/// The characters standing for the values 1..=N.
///
/// ```
/// use sudoku_core::Alphabet;
///
/// let std9 = Alphabet::standard(9);
/// assert_eq!(std9.symbol(9), Some('9'));
/// assert_eq!(Alphabet::standard(16).symbol(16), Some('G'));
/// assert_eq!(Alphabet::hex().value('0'), Some(1));
/// let word = Alphabet::new("WORDPLAYS")?;
/// assert_eq!(word.value('d'), Some(4)); // ASCII letters are read in either case
/// # Ok::<(), sudoku_core::AlphabetError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Alphabet {
    symbols: Vec<char>,
    /// ASCII lookup: value for each ASCII byte, 0 when not a symbol.
    ascii: [u8; 128],
}

/// An alphabet that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AlphabetError {
    /// The number of symbols is 0 or above 25.
    #[error("an alphabet needs 1 to 25 symbols, got {}", if *.count > 25 { "more".to_owned() } else { .count.to_string() })]
    Size {
        /// Symbols given (26 stands for any number above 25: the text is not read further).
        count: usize,
    },
    /// A symbol appears twice (ASCII letters compared without case).
    #[error("symbol {symbol:?} appears twice")]
    Duplicate {
        /// The repeated symbol.
        symbol: char,
    },
    /// Whitespace, ASCII punctuation or control characters are reserved for layout and
    /// empty cells.
    #[error("{symbol:?} cannot be a symbol (whitespace, punctuation and controls are reserved)")]
    Reserved {
        /// The refused character.
        symbol: char,
    },
}

impl Alphabet {
    /// `1`–`9` then `A`, `B`, … for values 10 and up: the alphabet every grid is printed with
    /// by default. `size` is clamped to 1..=25.
    pub fn standard(size: usize) -> Alphabet {
        let size = size.clamp(1, MAX_SIZE);
        Alphabet::new(&STANDARD[..size]).unwrap_or_else(|_| unreachable!())
    }

    /// `0`–`9`, `A`–`F` for the 16 values of a 16×16 grid (`0` is value 1).
    pub fn hex() -> Alphabet {
        Alphabet::new(HEX).unwrap_or_else(|_| unreachable!())
    }

    /// A custom alphabet: its characters in value order (the first stands for 1).
    ///
    /// # Errors
    /// [`AlphabetError`] if there are not 1 to 25 symbols, a symbol repeats (ASCII letters
    /// compare without case), or a symbol is whitespace, ASCII punctuation or a control.
    pub fn new(symbols: &str) -> Result<Alphabet, AlphabetError> {
        // At most 26 characters are held, however long the text.
        let symbols: Vec<char> = symbols.chars().take(MAX_SIZE + 1).collect();
        if symbols.is_empty() || symbols.len() > MAX_SIZE {
            return Err(AlphabetError::Size {
                count: symbols.len(),
            });
        }
        let mut ascii = [0u8; 128];
        for (i, &s) in symbols.iter().enumerate() {
            if s.is_whitespace() || s.is_ascii_punctuation() || s.is_control() {
                return Err(AlphabetError::Reserved { symbol: s });
            }
            if symbols[..i].iter().any(|&t| t.eq_ignore_ascii_case(&s)) {
                return Err(AlphabetError::Duplicate { symbol: s });
            }
            if s.is_ascii() {
                let v = (i + 1) as u8;
                ascii[s.to_ascii_uppercase() as usize] = v;
                ascii[s.to_ascii_lowercase() as usize] = v;
            }
        }
        Ok(Alphabet { symbols, ascii })
    }

    /// Number of symbols N.
    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    /// Never true: an alphabet has at least one symbol.
    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }

    /// The character for value `v` (1..=N), `None` otherwise.
    pub fn symbol(&self, v: u8) -> Option<char> {
        (v as usize)
            .checked_sub(1)
            .and_then(|i| self.symbols.get(i).copied())
    }

    /// The value (1..=N) a character stands for; ASCII letters match in either case.
    #[inline]
    pub fn value(&self, c: char) -> Option<u8> {
        if c.is_ascii() {
            match self.ascii[c as usize] {
                0 => None,
                v => Some(v),
            }
        } else {
            self.symbols
                .iter()
                .position(|&s| s == c)
                .map(|i| (i + 1) as u8)
        }
    }

    /// The symbols in value order.
    pub fn symbols(&self) -> &[char] {
        &self.symbols
    }

    /// The alphabet a text of side `size` is read with when none is given: [`Alphabet::hex`]
    /// for a 16×16 text holding a `0` and no `G`/`g`, else [`Alphabet::standard`].
    pub fn detect(size: usize, text: &str) -> Alphabet {
        if size == 16 && text.contains('0') && !text.contains(['G', 'g']) {
            Alphabet::hex()
        } else {
            Alphabet::standard(size)
        }
    }
}

impl fmt::Debug for Alphabet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Alphabet({:?})", self.to_string())
    }
}

impl fmt::Display for Alphabet {
    /// The symbols in value order, e.g. `123456789`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.symbols.iter().try_for_each(|c| write!(f, "{c}"))
    }
}

impl TryFrom<String> for Alphabet {
    type Error = AlphabetError;
    fn try_from(s: String) -> Result<Self, AlphabetError> {
        Alphabet::new(&s)
    }
}

impl From<Alphabet> for String {
    fn from(a: Alphabet) -> String {
        a.to_string()
    }
}

/// Is `c` one of the markers every format reads as an empty cell (`.`, `-`, `*`, `_`, and `0`
/// when `0` is not a symbol)?
pub(crate) fn is_empty_marker(c: char, alphabet: &Alphabet) -> bool {
    matches!(c, '.' | '-' | '*' | '_') || (c == '0' && alphabet.value('0').is_none())
}

/// The character printed for an empty cell.
///
/// "Sudoku — Solitaire de nombres" lets the user choose `0`, `.` or `*`; `-` is also offered.
/// When the chosen marker is a symbol of the alphabet (`0` in hexadecimal), `.` is printed
/// instead.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum EmptyMarker {
    /// `.`
    #[default]
    Dot,
    /// `0`
    Zero,
    /// `*`
    Star,
    /// `-`
    Dash,
}

impl EmptyMarker {
    /// The character for this marker with this alphabet.
    pub fn char_for(self, alphabet: &Alphabet) -> char {
        let c = match self {
            EmptyMarker::Dot => '.',
            EmptyMarker::Zero => '0',
            EmptyMarker::Star => '*',
            EmptyMarker::Dash => '-',
        };
        if alphabet.value(c).is_some() { '.' } else { c }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_and_hex() {
        let a = Alphabet::standard(25);
        assert_eq!(a.symbol(10), Some('A'));
        assert_eq!(a.symbol(25), Some('P'));
        assert_eq!(a.symbol(26), None);
        assert_eq!(a.symbol(0), None);
        assert_eq!(a.value('p'), Some(25));
        assert_eq!(a.value('0'), None);
        let h = Alphabet::hex();
        assert_eq!(h.value('F'), Some(16));
        assert_eq!(h.symbol(1), Some('0'));
    }

    #[test]
    fn custom_errors() {
        assert_eq!(
            Alphabet::new("ABCa"),
            Err(AlphabetError::Duplicate { symbol: 'a' })
        );
        assert_eq!(
            Alphabet::new("AB.C"),
            Err(AlphabetError::Reserved { symbol: '.' })
        );
        assert_eq!(Alphabet::new(""), Err(AlphabetError::Size { count: 0 }));
        let greek = Alphabet::new("αβγδ").unwrap();
        assert_eq!(greek.value('γ'), Some(3));
        assert_eq!(greek.symbol(4), Some('δ'));
    }

    #[test]
    fn detection_and_markers() {
        assert_eq!(Alphabet::detect(16, "0123....").symbols()[0], '0');
        assert_eq!(Alphabet::detect(16, "0G").symbols()[0], '1');
        assert_eq!(Alphabet::detect(9, "0").symbols()[0], '1');
        assert!(is_empty_marker('0', &Alphabet::standard(9)));
        assert!(!is_empty_marker('0', &Alphabet::hex()));
        assert_eq!(EmptyMarker::Zero.char_for(&Alphabet::hex()), '.');
        assert_eq!(EmptyMarker::Star.char_for(&Alphabet::standard(9)), '*');
    }
}
