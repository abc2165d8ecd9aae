//! The framed ASCII grid of "Sudoku — Solitaire de nombres".
//!
//! ```text
//! +-------+-------+-------+
//! | 1 . . | 4 . . | 7 . 9 |
//! | 4 . . | 7 . . | . . . |
//! | . 8 . | . . . | . 6 . |
//! +-------+-------+-------+
//! ...
//! ```
//!
//! Cell lines start with `|`; cells are single characters separated by spaces, `|` between
//! boxes. Rule lines are made of `+` and `-`. Empty cells are `.`, `*`, `0` (as on that page), `-`
//! or `_`. Other box shapes follow the same pattern (a 6×6 grid has boxes 3 cells wide and 2
//! lines high). When reading, blank lines and trailing spaces are ignored; the box width comes
//! from the `|` separators and the box height from the rule lines (rule lines are optional:
//! without them the usual shape of the side is used).
//!
//! Printing uses the alphabet's symbols and the chosen empty marker, one line per rule or row,
//! each ending with `\n`.

use super::{ReadOptions, WriteOptions};
use crate::grid::Grid;
use crate::shape::{MAX_SIZE, Shape};
use crate::symbol::is_empty_marker;

/// A framed grid that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseAsciiError {
    /// No cell line at all.
    #[error("no grid found")]
    Empty,
    /// A character that does not belong here (with what was expected).
    #[error("line {line}, column {column}: unexpected character {character:?} ({expected})")]
    Character {
        /// Line (1-based).
        line: usize,
        /// Column (1-based, in characters).
        column: usize,
        /// The character.
        character: char,
        /// What the reader expected.
        expected: &'static str,
    },
    /// A cell line with another number of cells or another box layout than the first.
    #[error(
        "line {line}: {found} cells in boxes of {found_box}, expected {expected} in boxes of {expected_box}"
    )]
    Row {
        /// Line (1-based).
        line: usize,
        /// Cells found.
        found: usize,
        /// Box width found.
        found_box: usize,
        /// Cells expected.
        expected: usize,
        /// Box width expected.
        expected_box: usize,
    },
    /// Not N cell lines.
    #[error("{found} rows of cells, expected {expected}")]
    RowCount {
        /// Rows found.
        found: usize,
        /// Rows expected (N).
        expected: usize,
    },
    /// The rule lines or separators do not give a valid box shape, or not the given one.
    #[error("the frame does not draw boxes of shape {expected} (found {found})")]
    Frame {
        /// What the frame draws, as `RxC` (`?` when unreadable).
        found: String,
        /// The shape expected.
        expected: String,
    },
    /// The alphabet given has another size than the grid's side.
    #[error("alphabet of {alphabet} symbols for a grid of side {size}")]
    Alphabet {
        /// Symbols in the alphabet.
        alphabet: usize,
        /// Side of the grid.
        size: usize,
    },
    /// A cell line with more than 25 cells, or more than 25 cell lines: larger than the
    /// largest grid ([`Shape::MAX_SIZE`]); reading stopped there.
    #[error("line {line}: more than {max} cells or rows, beyond the largest grid")]
    TooLarge {
        /// Line (1-based).
        line: usize,
        /// The largest side, [`Shape::MAX_SIZE`].
        max: usize,
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

struct CellLine {
    line: usize,
    /// (column, char) of each cell.
    cells: Vec<(usize, char)>,
    /// Number of cells in each `|`-delimited segment.
    segments: Vec<usize>,
}

/// Reads a framed ASCII grid.
///
/// # Errors
/// [`ParseAsciiError`] with the line and column of the problem;
/// [`ParseAsciiError::TooLong`] for a text of more than [`Grid::MAX_TEXT_LEN`](crate::Grid::MAX_TEXT_LEN)
/// bytes, [`ParseAsciiError::TooLarge`] at the first line that makes the grid larger than
/// 25×25.
pub fn parse(text: &str, opts: &ReadOptions) -> Result<Grid, ParseAsciiError> {
    if text.len() > super::MAX_TEXT_LEN {
        return Err(ParseAsciiError::TooLong {
            len: text.len(),
            max: super::MAX_TEXT_LEN,
        });
    }
    let too_large = |line| ParseAsciiError::TooLarge {
        line,
        max: MAX_SIZE,
    };
    let mut rows: Vec<CellLine> = Vec::new();
    // Number of cell lines seen before each rule line.
    let mut rules_at: Vec<usize> = Vec::new();
    for (li, l) in text.split('\n').enumerate() {
        let line = li + 1;
        let trimmed = l.trim();
        if trimmed.is_empty() {
            continue;
        }
        let lead = l.chars().take_while(|c| c.is_whitespace()).count();
        if trimmed.starts_with('+') {
            for (ci, c) in l.chars().enumerate().skip(lead) {
                if !matches!(c, '+' | '-') && !c.is_whitespace() {
                    return Err(ParseAsciiError::Character {
                        line,
                        column: ci + 1,
                        character: c,
                        expected: "'+' or '-' in a rule line",
                    });
                }
            }
            if rules_at.len() > MAX_SIZE {
                return Err(too_large(line));
            }
            rules_at.push(rows.len());
            continue;
        }
        let mut chars = l.chars().enumerate().skip(lead);
        if let Some((ci, c)) = chars.next()
            && c != '|'
        {
            return Err(ParseAsciiError::Character {
                line,
                column: ci + 1,
                character: c,
                expected: "'|' or '+' at the start of a line",
            });
        }
        let mut cells = Vec::new();
        let mut segments = Vec::new();
        let mut seg = 0;
        let mut closed = true;
        for (ci, c) in chars {
            if c == '|' {
                if segments.len() > MAX_SIZE {
                    return Err(too_large(line));
                }
                segments.push(seg);
                seg = 0;
                closed = true;
            } else if !c.is_whitespace() {
                if cells.len() == MAX_SIZE {
                    return Err(too_large(line));
                }
                cells.push((ci + 1, c));
                seg += 1;
                closed = false;
            }
        }
        if !closed {
            let (column, character) = *cells.last().unwrap_or(&(1, ' '));
            return Err(ParseAsciiError::Character {
                line,
                column,
                character,
                expected: "'|' at the end of a cell line",
            });
        }
        if rows.len() == MAX_SIZE {
            return Err(too_large(line));
        }
        rows.push(CellLine {
            line,
            cells,
            segments,
        });
    }
    let first = rows.first().ok_or(ParseAsciiError::Empty)?;
    let n = first.cells.len();
    let box_cols = first.segments.first().copied().unwrap_or(0);
    for r in &rows {
        let b = r.segments.first().copied().unwrap_or(0);
        if r.cells.len() != n || r.segments.iter().any(|&s| s != box_cols) || b != box_cols {
            let found_box = if r.segments.iter().all(|&s| s == b) {
                b
            } else {
                0
            };
            return Err(ParseAsciiError::Row {
                line: r.line,
                found: r.cells.len(),
                found_box,
                expected: n,
                expected_box: box_cols,
            });
        }
    }
    if rows.len() != n {
        return Err(ParseAsciiError::RowCount {
            found: rows.len(),
            expected: n,
        });
    }
    // Box height from the rule lines, when there are inner ones.
    let inner: Vec<usize> = rules_at
        .iter()
        .copied()
        .filter(|&k| k > 0 && k < n)
        .collect();
    let box_rows = match inner.first() {
        Some(&h) => h,
        None if box_cols > 0 && n % box_cols == 0 => n / box_cols,
        None => 0,
    };
    let frame_ok = box_rows > 0
        && box_cols > 0
        && box_rows * box_cols == n
        && inner
            .iter()
            .enumerate()
            .all(|(i, &k)| k == (i + 1) * box_rows)
        && (inner.is_empty() || inner.len() == box_cols - 1);
    let found = Shape::new(box_rows, box_cols).ok().filter(|_| frame_ok);
    let shape = match (found, opts.shape) {
        (Some(f), Some(s)) if f == s => s,
        (Some(f), None) => f,
        (None, None) if inner.is_empty() && rules_at.is_empty() => {
            Shape::for_size(n).ok_or(ParseAsciiError::Empty)?
        }
        (f, s) => {
            return Err(ParseAsciiError::Frame {
                found: f.map_or_else(|| format!("{box_rows}x{box_cols}?"), |f| f.to_string()),
                expected: s.map_or_else(|| "RxC".to_owned(), |s| s.to_string()),
            });
        }
    };
    let alphabet = opts.alphabet_for(n, text);
    if alphabet.len() != n {
        return Err(ParseAsciiError::Alphabet {
            alphabet: alphabet.len(),
            size: n,
        });
    }
    let mut cells = Vec::with_capacity(n * n);
    for r in &rows {
        for &(column, c) in &r.cells {
            if let Some(v) = alphabet.value(c) {
                cells.push(v);
            } else if is_empty_marker(c, &alphabet) {
                cells.push(0);
            } else {
                return Err(ParseAsciiError::Character {
                    line: r.line,
                    column,
                    character: c,
                    expected: "a symbol or an empty marker",
                });
            }
        }
    }
    Ok(Grid::new(shape, cells).unwrap_or_else(|_| unreachable!()))
}

/// Writes a framed ASCII grid (each line ends with `\n`).
///
/// ```
/// use sudoku_core::format::{ascii, WriteOptions};
/// use sudoku_core::Grid;
///
/// let g: Grid = "12..34..........".parse()?;
/// assert_eq!(ascii::write(&g, &WriteOptions::default()),
///     "+-----+-----+\n| 1 2 | . . |\n| 3 4 | . . |\n+-----+-----+\n| . . | . . |\n| . . | . . |\n+-----+-----+\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(grid: &Grid, opts: &WriteOptions) -> String {
    let shape = grid.shape();
    let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
    let alphabet = opts.alphabet_for(n);
    let empty = opts.empty.char_for(&alphabet);
    let mut rule = String::from("+");
    for _ in 0..br {
        rule.extend(core::iter::repeat_n('-', 2 * bc + 1));
        rule.push('+');
    }
    rule.push('\n');
    let mut out = String::with_capacity((n + br + 1) * rule.len());
    for r in 0..n {
        if r % br == 0 {
            out.push_str(&rule);
        }
        out.push('|');
        for c in 0..n {
            out.push(' ');
            out.push(alphabet.symbol(grid.get(r * n + c)).unwrap_or(empty));
            if (c + 1) % bc == 0 {
                out.push_str(" |");
            }
        }
        out.push('\n');
    }
    out.push_str(&rule);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbol::EmptyMarker;

    const SEED: &str = "+-------+-------+-------+
| 1 . . | 4 . . | 7 . 9 |
| 4 . . | 7 . . | . . . |
| . 8 . | . . . | . 6 . |
+-------+-------+-------+
| 2 1 . | . . . | . . . |
| 3 . . | . . 5 | . 7 . |
| . . 8 | 1 7 . | 3 . . |
+-------+-------+-------+
| . . 5 | 9 . 2 | . 3 . |
| 8 7 . | . 3 . | 5 . . |
| . . 2 | . 8 . | . . . |
+-------+-------+-------+
";

    #[test]
    fn seed_grid_round_trip() {
        let g = parse(SEED, &ReadOptions::default()).unwrap();
        assert_eq!(
            g.to_string(),
            "1..4..7.94..7......8.....6.21.......3....5.7...817.3....59.2.3.87..3.5....2.8...."
        );
        assert_eq!(write(&g, &WriteOptions::default()), SEED);
        let zero = WriteOptions {
            empty: EmptyMarker::Zero,
            ..Default::default()
        };
        assert_eq!(
            parse(&write(&g, &zero), &ReadOptions::default()).unwrap(),
            g
        );
    }

    #[test]
    fn six_by_six_shape_from_frame() {
        let g = Grid::new(Shape::new(2, 3).unwrap(), vec![0; 36]).unwrap();
        let text = write(&g, &WriteOptions::default());
        assert!(text.starts_with("+-------+-------+\n| . . . | . . . |\n| . . . | . . . |\n+"));
        assert_eq!(
            parse(&text, &ReadOptions::default()).unwrap().shape(),
            g.shape()
        );
        let t = Grid::new(Shape::new(3, 2).unwrap(), vec![0; 36]).unwrap();
        let text = write(&t, &WriteOptions::default());
        assert_eq!(
            parse(&text, &ReadOptions::default()).unwrap().shape(),
            t.shape()
        );
    }

    #[test]
    fn errors_have_positions() {
        let bad = SEED.replace("| 3 . . | . . 5", "| 3 . . | . x 5");
        assert_eq!(
            parse(&bad, &ReadOptions::default()),
            Err(ParseAsciiError::Character {
                line: 7,
                column: 13,
                character: 'x',
                expected: "a symbol or an empty marker"
            })
        );
        let bad = SEED.replace(
            "+-------+-------+-------+\n| 2",
            "+-------+---=---+-------+\n| 2",
        );
        assert!(matches!(
            parse(&bad, &ReadOptions::default()),
            Err(ParseAsciiError::Character {
                line: 5,
                column: 13,
                character: '=',
                ..
            })
        ));
        let bad = SEED.replace("| . . 2 | . 8 . | . . . |\n", "");
        assert_eq!(
            parse(&bad, &ReadOptions::default()),
            Err(ParseAsciiError::RowCount {
                found: 8,
                expected: 9
            })
        );
        let bad = SEED.replace("| 8 7 . | . 3 . | 5 . . |", "| 8 7 . | . 3 . | 5 . .");
        assert!(matches!(
            parse(&bad, &ReadOptions::default()),
            Err(ParseAsciiError::Character { line: 11, .. })
        ));
        let bad = SEED.replace("| 8 7 . | . 3 . | 5 . . |", "| 8 7 . . | 3 . | 5 . . |");
        assert!(matches!(
            parse(&bad, &ReadOptions::default()),
            Err(ParseAsciiError::Row { line: 11, .. })
        ));
        assert_eq!(
            parse("\n  \n", &ReadOptions::default()),
            Err(ParseAsciiError::Empty)
        );
        let opts = ReadOptions {
            shape: Some(Shape::new(1, 9).unwrap()),
            ..Default::default()
        };
        assert!(matches!(
            parse(SEED, &opts),
            Err(ParseAsciiError::Frame { .. })
        ));
    }
}
