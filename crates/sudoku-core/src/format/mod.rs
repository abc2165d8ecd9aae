//! Text formats, each read and written: [`line`](mod@line) (one line of N×N symbols),
//! [`ascii`] (the framed grid of "Sudoku — Solitaire de nombres") and [`latex`] (a complete
//! LaTeX document drawing the grid); [`frame`] for the grids of a
//! [`Layout`](crate::layout::Layout) (the Samurai block, cubes), with ASCII and LaTeX
//! drawings.
//!
//! Reading takes [`ReadOptions`] (shape and alphabet, both guessed when absent); writing
//! takes [`WriteOptions`] (alphabet, empty-cell marker). Every parse error says what went
//! wrong and where: line and column (1-based, in characters) and the character.
//!
//! ```
//! use sudoku_core::format::{self, ReadOptions, WriteOptions};
//! use sudoku_core::{EmptyMarker, Grid};
//!
//! let grid: Grid = "1..4..7.94..7......8.....6.21......63....5.7...817.3....59.2.3.87..3.5....2.8....".parse()?;
//! let stars = WriteOptions { empty: EmptyMarker::Star, ..Default::default() };
//! let framed = format::ascii::write(&grid, &stars);
//! assert!(framed.starts_with("+-------+-------+-------+\n| 1 * * | 4 * * | 7 * 9 |\n"));
//! assert_eq!(format::ascii::parse(&framed, &ReadOptions::default())?, grid);
//! let tex = format::latex::write(&grid, &WriteOptions::default());
//! assert!(tex.contains("\\begin{picture}(9,9)"));
//! assert_eq!(format::latex::parse(&tex, &ReadOptions::default())?, grid);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Limits
//!
//! Every reader of this crate (the three formats here, [`RegionMap`](crate::RegionMap)'s
//! `FromStr`, [`Grid::read_line`](crate::Grid::read_line)) refuses a text longer than
//! [`Grid::MAX_TEXT_LEN`](crate::Grid::MAX_TEXT_LEN) bytes with a `TooLong` error before
//! looking at it ([`frame`] has its own [`Layout::MAX_TEXT_LEN`](crate::layout::Layout::MAX_TEXT_LEN)),
//! and stops at the first row or line that would make a grid larger than 25×25
//! ([`Shape::MAX_SIZE`](crate::Shape::MAX_SIZE)). What a reader holds while reading is
//! bounded by the largest grid, not by its input: a 100 MB text is refused at once, without
//! memory growing. Errors quote the input only in part (a character, or its first 40
//! characters and its length).

pub mod ascii;
pub mod frame;
pub mod latex;
pub mod line;

use crate::shape::Shape;
use crate::symbol::{Alphabet, EmptyMarker};

/// The longest text, in bytes, that a grid reader of this crate reads:
/// [`Grid::MAX_TEXT_LEN`](crate::Grid::MAX_TEXT_LEN).
pub(crate) const MAX_TEXT_LEN: usize = 256 * 1024;

/// At most 40 characters of `text` as an error message quotes it: the text itself when it is
/// short, else its first 40 characters, `…` and its length in bytes, so that a huge input is
/// never copied whole into an error.
pub(crate) fn excerpt(text: &str) -> String {
    const SHOWN: usize = 40;
    match text.char_indices().nth(SHOWN) {
        None => text.to_owned(),
        Some((end, _)) => format!("{}… ({} bytes)", &text[..end], text.len()),
    }
}

/// How to read a grid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// The shape; when `None` it is inferred (from the cell count for one-line texts, from
    /// the frame for ASCII grids, from the picture size for LaTeX).
    pub shape: Option<Shape>,
    /// The alphabet; when `None`, [`Alphabet::detect`] (standard, or hexadecimal for 16×16
    /// texts holding a `0` and no `G`).
    pub alphabet: Option<Alphabet>,
}

/// How to write a grid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// The alphabet; when `None`, [`Alphabet::standard`] (1–9, then A, B, …). An alphabet of
    /// another size than the grid's side is ignored.
    pub alphabet: Option<Alphabet>,
    /// The empty-cell marker (one-line and ASCII formats).
    pub empty: EmptyMarker,
}

impl WriteOptions {
    pub(crate) fn alphabet_for(&self, size: usize) -> Alphabet {
        match &self.alphabet {
            Some(a) if a.len() == size => a.clone(),
            _ => Alphabet::standard(size),
        }
    }
}

impl ReadOptions {
    pub(crate) fn alphabet_for(&self, size: usize, text: &str) -> Alphabet {
        match &self.alphabet {
            Some(a) => a.clone(),
            None => Alphabet::detect(size, text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_keep_forty_characters_and_the_length() {
        assert_eq!(excerpt("3x3"), "3x3");
        assert_eq!(
            excerpt(&"x".repeat(1000)),
            format!("{}… (1000 bytes)", "x".repeat(40))
        );
        assert_eq!(
            excerpt(&"é".repeat(41)),
            format!("{}… (82 bytes)", "é".repeat(40))
        );
    }
}
