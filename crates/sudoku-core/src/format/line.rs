//! The one-line format of "Sudoku — Solitaire de nombres": N×N characters row by row.
//!
//! - Symbols of the alphabet (`1`–`9`, then letters for N > 9, either case) are givens.
//! - `.`, `-`, `*`, `_`, `0` (when not a symbol) and any other ASCII punctuation are empty
//!   cells, e.g. `1--4--7-94--7------8-----6-21------63----5-7---817-3----59-2-3-87--3-5----2-8----`.
//! - Whitespace and line ends are ignored, so a grid written over several lines reads too.
//! - Without a shape, the cell count gives it: 16, 36, 64, 81, 144, 256, 625 cells → 4×4 (2×2
//!   boxes), 6×6 (2×3), 8×8 (2×4), 9×9, 12×12 (3×4), 16×16, 25×25 (see
//!   [`Shape::from_cell_count`]).
//! - A letter or digit that is not a symbol (`A` in a 9×9 grid), or another non-ASCII
//!   character, is an error: it is more likely a symbol of a larger grid than an empty cell.
//!   (That page reads every non-digit as empty; we reject letters to catch size mistakes.)
//!
//! Printing writes the symbols of the alphabet and the chosen [`EmptyMarker`](super::EmptyMarker)
//! (`.` by default) on one line, without a line end.

use super::{ReadOptions, WriteOptions};
use crate::grid::Grid;
use crate::shape::Shape;
use crate::symbol::is_empty_marker;

/// A one-line text that is not a grid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseLineError {
    /// The number of cells does not make a grid (or not the grid of the given shape).
    #[error("{found} cells: expected {}", match .expected { Some(n) => n.to_string(), None => "16, 36, 64, 81, 144, 256, 625 or another square of 1..=25".to_owned() })]
    Length {
        /// Cells found (non-whitespace characters).
        found: usize,
        /// Cells expected when the shape was given.
        expected: Option<usize>,
    },
    /// A character that is neither a symbol nor an empty marker.
    #[error("line {line}, column {column}: unexpected character {character:?}")]
    Character {
        /// Line (1-based).
        line: usize,
        /// Column (1-based, in characters).
        column: usize,
        /// The character.
        character: char,
    },
    /// The alphabet given has another size than the grid's side.
    #[error("alphabet of {alphabet} symbols for a grid of side {size}")]
    Alphabet {
        /// Symbols in the alphabet.
        alphabet: usize,
        /// Side of the grid.
        size: usize,
    },
    /// The text is longer than [`Grid::MAX_TEXT_LEN`](crate::Grid::MAX_TEXT_LEN) bytes; it was not read.
    #[error("a text of {len} bytes, more than the {max} read")]
    TooLong {
        /// Bytes given.
        len: usize,
        /// The limit, [`Grid::MAX_TEXT_LEN`](crate::Grid::MAX_TEXT_LEN).
        max: usize,
    },
}

/// Reads a grid in the one-line format.
///
/// # Errors
/// [`ParseLineError`] for a wrong cell count, an unexpected character (with its line and
/// column), an alphabet of the wrong size, or a text longer than
/// [`Grid::MAX_TEXT_LEN`](crate::Grid::MAX_TEXT_LEN) bytes.
///
/// ```
/// use sudoku_core::format::{line, ReadOptions};
/// use sudoku_core::Shape;
///
/// let g = line::parse("12..\n..12\n2...\n...4", &ReadOptions::default())?;
/// assert_eq!(g.shape(), Shape::new(2, 2)?);
/// let err = line::parse("12.4.", &ReadOptions::default()).unwrap_err();
/// assert_eq!(err.to_string(), "5 cells: expected 16, 36, 64, 81, 144, 256, 625 or another square of 1..=25");
/// let err = line::parse("12.Z............", &ReadOptions::default()).unwrap_err();
/// assert_eq!(err.to_string(), "line 1, column 4: unexpected character 'Z'");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(text: &str, opts: &ReadOptions) -> Result<Grid, ParseLineError> {
    check_len(text.len())?;
    let found = text.chars().filter(|c| !c.is_whitespace()).count();
    let shape =
        match opts.shape {
            Some(s) if s.cell_count() == found => s,
            Some(s) => {
                return Err(ParseLineError::Length {
                    found,
                    expected: Some(s.cell_count()),
                });
            }
            None => Shape::from_cell_count(found).filter(|_| found > 1).ok_or(
                ParseLineError::Length {
                    found,
                    expected: None,
                },
            )?,
        };
    let n = shape.size();
    let alphabet = opts.alphabet_for(n, text);
    if alphabet.len() != n {
        return Err(ParseLineError::Alphabet {
            alphabet: alphabet.len(),
            size: n,
        });
    }
    let mut cells = Vec::with_capacity(found);
    for (li, l) in text.split('\n').enumerate() {
        for (ci, c) in l.chars().enumerate() {
            if c.is_whitespace() {
                continue;
            }
            if let Some(v) = alphabet.value(c) {
                cells.push(v);
            } else if is_empty_marker(c, &alphabet) || c.is_ascii_punctuation() {
                cells.push(0);
            } else {
                return Err(ParseLineError::Character {
                    line: li + 1,
                    column: ci + 1,
                    character: c,
                });
            }
        }
    }
    Ok(Grid::new(shape, cells).unwrap_or_else(|_| unreachable!()))
}

/// Refuses a text of `len` bytes above [`Grid::MAX_TEXT_LEN`](crate::Grid::MAX_TEXT_LEN).
pub(crate) fn check_len(len: usize) -> Result<(), ParseLineError> {
    if len > super::MAX_TEXT_LEN {
        return Err(ParseLineError::TooLong {
            len,
            max: super::MAX_TEXT_LEN,
        });
    }
    Ok(())
}

/// Writes a grid in the one-line format (no line end).
///
/// ```
/// use sudoku_core::format::{line, WriteOptions};
/// use sudoku_core::EmptyMarker;
/// use sudoku_core::{Alphabet, Grid};
///
/// let g: Grid = "1234341221434321".parse()?;
/// let word = WriteOptions { alphabet: Some(Alphabet::new("WORD")?), empty: EmptyMarker::Zero };
/// assert_eq!(line::write(&g, &word), "WORDRDWOOWDRDROW");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(grid: &Grid, opts: &WriteOptions) -> String {
    let alphabet = opts.alphabet_for(grid.size());
    let empty = opts.empty.char_for(&alphabet);
    grid.cells()
        .iter()
        .map(|&v| alphabet.symbol(v).unwrap_or(empty))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbol::Alphabet;

    #[test]
    fn seed_example_and_markers() {
        let g = parse(
            "1--4--7-94--7------8-----6-21------63----5-7---817-3----59-2-3-87--3-5----2-8----",
            &ReadOptions::default(),
        )
        .unwrap();
        assert_eq!(g.given_count(), 28);
        let mixed = parse("1.*-\n_0 ,4\n....\n....", &ReadOptions::default()).unwrap();
        assert_eq!(&mixed.cells()[..8], &[1, 0, 0, 0, 0, 0, 0, 4]);
    }

    #[test]
    fn sixteen_both_styles() {
        let hex = format!("0123456789ABCDEF{}", ".".repeat(240));
        let g = parse(&hex, &ReadOptions::default()).unwrap();
        assert_eq!(&g.cells()[..16], &(1..=16).collect::<Vec<u8>>()[..]);
        let std = format!("123456789ABCDEFG{}", "0".repeat(240));
        assert_eq!(parse(&std, &ReadOptions::default()).unwrap(), g);
        assert_eq!(write(&g, &WriteOptions::default())[..16], std[..16]);
        let opts = WriteOptions {
            alphabet: Some(Alphabet::hex()),
            ..Default::default()
        };
        assert_eq!(write(&g, &opts), hex);
    }

    #[test]
    fn errors() {
        let opts = ReadOptions {
            shape: Some(Shape::CLASSIC),
            ..Default::default()
        };
        assert_eq!(
            parse("1234", &opts),
            Err(ParseLineError::Length {
                found: 4,
                expected: Some(81)
            })
        );
        assert_eq!(
            parse("....\n....\n..é.\n....", &ReadOptions::default()),
            Err(ParseLineError::Character {
                line: 3,
                column: 3,
                character: 'é'
            })
        );
        let opts = ReadOptions {
            alphabet: Some(Alphabet::standard(9)),
            ..Default::default()
        };
        assert_eq!(
            parse("................", &opts),
            Err(ParseLineError::Alphabet {
                alphabet: 9,
                size: 4
            })
        );
        assert!(parse("", &ReadOptions::default()).is_err());
        assert!(parse("1", &ReadOptions::default()).is_err());
    }
}
