//! The frame format of a [`Layout`]: the Samurai block and its kin.
//!
//! One text line per frame row, one character per frame column:
//!
//! - a symbol of the alphabet (`1`–`9` for 9×9 grids, letters above, or a custom
//!   [`Alphabet`](crate::Alphabet)) is a given;
//! - `.` (also `-`, `*`, `_`, and `0` when it is not a symbol) an empty cell;
//! - a space a position outside every grid; trailing spaces may be left out, and a `\r`
//!   before the line end is ignored.
//!
//! For the Samurai ([`Layout::samurai`]) this is the *Samurai block*: 21 lines of 21
//! characters, the five grids' cells where they lie, spaces elsewhere. Several puzzles in one
//! text are separated by a blank line ([`blocks`]). A solution prints in the same form
//! ([`write()`] writes every line at full width, spaces included, each ended by `\n`). A cube
//! ([`Layout::cube`]) draws its layers side by side, one space apart: `side` lines.
//!
//! [`write_ascii`] draws the grids with `+`, `-` and `|` around the boxes (the cells of one
//! box are not separated), [`write_latex`] a complete LaTeX document.
//!
//! ```
//! use sudoku_core::format::{frame, ReadOptions, WriteOptions};
//! use sudoku_core::layout::Layout;
//! use sudoku_core::{Geometry, Solver};
//!
//! let layout = Layout::tiny_samurai();
//! let text = "\
//! 1...  2...
//! ....  ....
//! ....  ....
//! ..........
//!    ....
//!    ....
//! ..........
//! ....  ....
//! ....  ....
//! ...3  ...4
//! ";
//! let grid = frame::parse(text, &layout, &ReadOptions::default())?;
//! let geo = Geometry::from_layout(layout.clone())?;
//! let solution = Solver::new(geo).solve(&grid)?.expect("solvable");
//! let printed = frame::write(&solution, &layout, &WriteOptions::default());
//! assert_eq!(frame::parse(&printed, &layout, &ReadOptions::default())?, solution);
//! assert_eq!(printed.lines().count(), 10);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt::Write as _;

use super::{ReadOptions, WriteOptions};
use crate::cell::Cell;
use crate::geometry::{Geometry, HouseKind};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::symbol::is_empty_marker;

/// The longest text [`parse`] reads: [`Layout::MAX_TEXT_LEN`].
const MAX_TEXT_LEN: usize = Layout::MAX_TEXT_LEN;

/// A text that is not a grid of the layout.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseFrameError {
    /// The text is longer than [`Layout::MAX_TEXT_LEN`].
    #[error("text of {len} bytes, above the limit of {MAX_TEXT_LEN}")]
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// Not one line per frame row.
    #[error("{found} lines: expected {expected}")]
    Lines {
        /// Lines found.
        found: usize,
        /// Frame rows.
        expected: usize,
    },
    /// A character past the frame's last column.
    #[error("line {line}, column {column}: the frame has {width} columns")]
    TooWide {
        /// Line (1-based).
        line: usize,
        /// Column (1-based, in characters).
        column: usize,
        /// Frame columns.
        width: usize,
    },
    /// A character that is neither a symbol, an empty marker nor a space.
    #[error("line {line}, column {column}: unexpected character {character:?}")]
    Character {
        /// Line (1-based).
        line: usize,
        /// Column (1-based, in characters).
        column: usize,
        /// The character.
        character: char,
    },
    /// A symbol or empty marker outside every grid.
    #[error("line {line}, column {column}: {character:?} outside the grids (expected a space)")]
    Outside {
        /// Line (1-based).
        line: usize,
        /// Column (1-based, in characters).
        column: usize,
        /// The character.
        character: char,
    },
    /// A space (or the end of the line) where a cell is.
    #[error("line {line}, column {column}: a cell is missing (expected a symbol or '.')")]
    Missing {
        /// Line (1-based).
        line: usize,
        /// Column (1-based, in characters).
        column: usize,
    },
}

/// Reads one grid of `layout` in the frame format. Line and column numbers in errors count
/// from the start of `text` (1-based).
///
/// # Errors
/// [`ParseFrameError`] says what is wrong and where.
pub fn parse(text: &str, layout: &Layout, opts: &ReadOptions) -> Result<Grid, ParseFrameError> {
    if text.len() > MAX_TEXT_LEN {
        return Err(ParseFrameError::TooLong { len: text.len() });
    }
    let n = layout.shape().size();
    let alphabet = opts.alphabet_for(n, text);
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() != layout.rows() {
        return Err(ParseFrameError::Lines {
            found: lines.len(),
            expected: layout.rows(),
        });
    }
    let mut cells = vec![0u8; layout.cell_count()];
    for (r, line) in lines.iter().enumerate() {
        let (line_no, mut col) = (r + 1, 0);
        for ch in line.trim_end_matches('\r').chars() {
            let column = col + 1;
            let cell = layout.cell_at(r, col);
            if col >= layout.cols() {
                if ch == ' ' {
                    col += 1;
                    continue;
                }
                return Err(ParseFrameError::TooWide {
                    line: line_no,
                    column,
                    width: layout.cols(),
                });
            }
            let value = if ch == ' ' {
                None
            } else if let Some(v) = alphabet.value(ch) {
                Some(v)
            } else if is_empty_marker(ch, &alphabet) {
                Some(0)
            } else {
                return Err(ParseFrameError::Character {
                    line: line_no,
                    column,
                    character: ch,
                });
            };
            match (cell, value) {
                (Some(c), Some(v)) => cells[c.index()] = v,
                (None, None) => {}
                (Some(_), None) => {
                    return Err(ParseFrameError::Missing {
                        line: line_no,
                        column,
                    });
                }
                (None, Some(_)) => {
                    return Err(ParseFrameError::Outside {
                        line: line_no,
                        column,
                        character: ch,
                    });
                }
            }
            col += 1;
        }
        if let Some(c) = (col..layout.cols()).find(|&c| layout.cell_at(r, c).is_some()) {
            return Err(ParseFrameError::Missing {
                line: line_no,
                column: c + 1,
            });
        }
    }
    Ok(Grid::with_count(layout.shape(), layout.cell_count(), cells)
        .unwrap_or_else(|_| unreachable!("values of the alphabet")))
}

/// Splits a text holding several frames separated by blank lines (lines empty or made of
/// whitespace): each block with the number of its first line (1-based). Lines starting with
/// `#` are comments and are skipped.
///
/// ```
/// use sudoku_core::format::frame;
///
/// let text = "ab\ncd\n\n# a comment\nef\ngh\n";
/// let blocks: Vec<(usize, String)> = frame::blocks(text).collect();
/// assert_eq!(blocks, [(1, "ab\ncd\n".to_owned()), (5, "ef\ngh\n".to_owned())]);
/// ```
pub fn blocks(text: &str) -> impl Iterator<Item = (usize, String)> + '_ {
    let mut lines = text.lines().enumerate().peekable();
    core::iter::from_fn(move || {
        while let Some((_, l)) = lines.peek() {
            if l.trim().is_empty() || l.starts_with('#') {
                lines.next();
            } else {
                break;
            }
        }
        let (first, _) = *lines.peek()?;
        let mut block = String::new();
        while let Some((_, l)) = lines.peek() {
            if l.trim().is_empty() {
                break;
            }
            if !l.starts_with('#') {
                block.push_str(l);
                block.push('\n');
            }
            lines.next();
        }
        Some((first + 1, block))
    })
}

/// Writes a grid of `layout` in the frame format: one line per frame row, each of the full
/// frame width (spaces outside the grids) and ended by `\n`.
///
/// # Panics
/// If `grid` does not have the layout's cells.
pub fn write(grid: &Grid, layout: &Layout, opts: &WriteOptions) -> String {
    assert_eq!(
        grid.cells().len(),
        layout.cell_count(),
        "a grid of another layout"
    );
    let alphabet = opts.alphabet_for(layout.shape().size());
    let empty = opts.empty.char_for(&alphabet);
    let mut s = String::with_capacity((layout.cols() + 1) * layout.rows());
    for r in 0..layout.rows() {
        for c in 0..layout.cols() {
            s.push(match layout.cell_at(r, c) {
                Some(cell) => alphabet.symbol(grid.get(cell.index())).unwrap_or(empty),
                None => ' ',
            });
        }
        s.push('\n');
    }
    s
}

/// What both drawings start from: the layout of `geometry` (checked to hold the cells of
/// `grid`) and the region of each cell.
///
/// # Panics
/// If `geometry` has no layout or `grid` does not have its cells.
fn drawn<'g>(grid: &Grid, geometry: &'g Geometry) -> (&'g Layout, Vec<Option<usize>>) {
    let layout = geometry.layout().expect("a geometry with a layout");
    assert_eq!(
        grid.cells().len(),
        layout.cell_count(),
        "a grid of another layout"
    );
    (layout, regions(geometry))
}

/// The region (box, jigsaw region or cube layer) of each cell, for drawing: the index of the
/// first such house holding it.
fn regions(geometry: &Geometry) -> Vec<Option<usize>> {
    let mut out = vec![None; geometry.cell_count()];
    for h in geometry.houses() {
        let region = matches!(
            geometry.house_kind(h),
            HouseKind::Box(_) | HouseKind::Region(_) | HouseKind::Plane { axis: 0, .. }
        );
        if region {
            for c in geometry.house(h) {
                out[c.index()].get_or_insert(h.index());
            }
        }
    }
    out
}

/// The frame position `(row, col)`'s region, `None` outside the cells.
fn region_at(
    layout: &Layout,
    regions: &[Option<usize>],
    row: Option<usize>,
    col: Option<usize>,
) -> Option<usize> {
    let cell: Cell = layout.cell_at(row?, col?)?;
    regions[cell.index()].or(Some(usize::MAX))
}

/// Draws a grid of a layout geometry in ASCII: each cell one symbol, `|` and `-` between
/// cells of different boxes (or a cell and the outside), `+` where lines meet. A Samurai
/// takes 43 lines of 43 characters.
///
/// ```
/// use sudoku_core::format::{frame, WriteOptions};
/// use sudoku_core::layout::Layout;
/// use sudoku_core::Geometry;
///
/// let geo = Geometry::from_layout(Layout::tiny_samurai())?;
/// let art = frame::write_ascii(&geo.empty_grid(), &geo, &WriteOptions::default());
/// assert!(art.starts_with("+---+---+   +---+---+\n|. .|. .|   |. .|. .|\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Panics
/// If `geometry` has no layout or `grid` does not have its cells.
pub fn write_ascii(grid: &Grid, geometry: &Geometry, opts: &WriteOptions) -> String {
    let (layout, regions) = drawn(grid, geometry);
    let alphabet = opts.alphabet_for(geometry.size());
    let empty = opts.empty.char_for(&alphabet);
    let (rows, cols) = (layout.rows(), layout.cols());
    let at = |r: usize, c: usize| -> Option<usize> {
        // Positions -1 and rows/cols are outside.
        let r = r.checked_sub(1);
        let c = c.checked_sub(1);
        region_at(layout, &regions, r, c)
    };
    // Positions are shifted by one: (r, c) is frame position (r - 1, c - 1).
    let h_edge = |r: usize, c: usize| at(r, c) != at(r + 1, c); // below (r, c)
    let v_edge = |r: usize, c: usize| at(r, c) != at(r, c + 1); // right of (r, c)
    let mut s = String::new();
    for r in 0..=rows {
        // The line above frame row r: corners between columns, edges over cells.
        for c in 0..=cols {
            let vertical = v_edge(r, c) || v_edge(r + 1, c);
            let horizontal = h_edge(r, c) || h_edge(r, c + 1);
            s.push(match (vertical, horizontal) {
                (true, true) => '+',
                (true, false) => '|',
                (false, true) => '-',
                (false, false) => ' ',
            });
            if c < cols {
                s.push(if h_edge(r, c + 1) { '-' } else { ' ' });
            }
        }
        trim_push(&mut s);
        if r == rows {
            break;
        }
        for c in 0..=cols {
            s.push(if v_edge(r + 1, c) { '|' } else { ' ' });
            if c < cols {
                s.push(match layout.cell_at(r, c) {
                    Some(cell) => alphabet.symbol(grid.get(cell.index())).unwrap_or(empty),
                    None => ' ',
                });
            }
        }
        trim_push(&mut s);
    }
    s
}

/// Ends the line being written: trailing spaces removed, `\n` added.
fn trim_push(s: &mut String) {
    let keep = s.trim_end_matches(' ').len();
    s.truncate(keep);
    s.push('\n');
}

/// A complete LaTeX document drawing a grid of a layout geometry (picture environment):
/// thin lines around every cell, thick lines between boxes and around the grids, the
/// symbols in the cells.
///
/// ```
/// use sudoku_core::format::{frame, WriteOptions};
/// use sudoku_core::layout::Layout;
/// use sudoku_core::Geometry;
///
/// let geo = Geometry::from_layout(Layout::samurai())?;
/// let tex = frame::write_latex(&geo.empty_grid(), &geo, &WriteOptions::default());
/// assert!(tex.starts_with("\\documentclass{article}") && tex.contains("\\begin{picture}(21,21)"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Panics
/// If `geometry` has no layout or `grid` does not have its cells.
pub fn write_latex(grid: &Grid, geometry: &Geometry, opts: &WriteOptions) -> String {
    let (layout, regions) = drawn(grid, geometry);
    let alphabet = opts.alphabet_for(geometry.size());
    let (rows, cols) = (layout.rows(), layout.cols());
    let unit_mm = (170 / cols.max(rows)).clamp(2, 10);
    let at = |r: Option<usize>, c: Option<usize>| region_at(layout, &regions, r, c);
    let mut s = String::new();
    let _ = writeln!(s, "\\documentclass{{article}}");
    let _ = writeln!(s, "\\pagestyle{{empty}}");
    let _ = writeln!(s, "\\begin{{document}}");
    let _ = writeln!(s, "\\begin{{center}}");
    let _ = writeln!(s, "\\setlength{{\\unitlength}}{{{unit_mm}mm}}");
    let _ = writeln!(s, "\\begin{{picture}}({cols},{rows})");
    let _ = writeln!(s, "\\thinlines");
    for cell in 0..layout.cell_count() {
        let (r, c) = layout.position(Cell::new(cell));
        let y = rows - 1 - r;
        let _ = write!(s, "\\put({c},{y}){{\\framebox(1,1){{");
        if let Some(sym) = alphabet.symbol(grid.get(cell)) {
            let _ = write!(s, "{sym}");
        }
        let _ = writeln!(s, "}}}}");
    }
    let _ = writeln!(s, "\\linethickness{{1.2pt}}");
    for r in 0..=rows {
        for c in 0..cols {
            // The edge above frame row r, column c.
            if at(r.checked_sub(1), Some(c)) != at(Some(r), Some(c)) {
                let _ = writeln!(s, "\\put({c},{}){{\\line(1,0){{1}}}}", rows - r);
            }
        }
    }
    for r in 0..rows {
        for c in 0..=cols {
            if at(Some(r), c.checked_sub(1)) != at(Some(r), Some(c)) {
                let _ = writeln!(s, "\\put({c},{}){{\\line(0,1){{1}}}}", rows - 1 - r);
            }
        }
    }
    let _ = writeln!(s, "\\end{{picture}}");
    let _ = writeln!(s, "\\end{{center}}");
    let _ = writeln!(s, "\\end{{document}}");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbol::Alphabet;

    fn samurai_text() -> String {
        let layout = Layout::samurai();
        (0..21)
            .map(|r| {
                let line: String = (0..21)
                    .map(|c| {
                        if layout.cell_at(r, c).is_some() {
                            '.'
                        } else {
                            ' '
                        }
                    })
                    .collect();
                line.trim_end().to_owned() + "\n"
            })
            .collect()
    }

    #[test]
    fn errors_say_where() {
        let layout = Layout::samurai();
        let opts = ReadOptions::default();
        let ok = samurai_text();
        assert!(parse(&ok, &layout, &opts).is_ok());
        let with = |line: usize, col: usize, ch: char| -> String {
            let mut lines: Vec<Vec<char>> = ok.lines().map(|l| l.chars().collect()).collect();
            let l = &mut lines[line];
            while l.len() <= col {
                l.push(' ');
            }
            l[col] = ch;
            lines
                .iter()
                .map(|l| l.iter().collect::<String>() + "\n")
                .collect()
        };
        assert_eq!(
            parse(&with(0, 9, '5'), &layout, &opts),
            Err(ParseFrameError::Outside {
                line: 1,
                column: 10,
                character: '5'
            })
        );
        assert_eq!(
            parse(&with(2, 3, ' '), &layout, &opts),
            Err(ParseFrameError::Missing { line: 3, column: 4 })
        );
        assert_eq!(
            parse(&with(4, 4, 'x'), &layout, &opts),
            Err(ParseFrameError::Character {
                line: 5,
                column: 5,
                character: 'x'
            })
        );
        assert_eq!(
            parse(&with(9, 25, '1'), &layout, &opts),
            Err(ParseFrameError::TooWide {
                line: 10,
                column: 26,
                width: 21
            })
        );
        let short: String = ok.lines().take(20).map(|l| format!("{l}\n")).collect();
        assert_eq!(
            parse(&short, &layout, &opts),
            Err(ParseFrameError::Lines {
                found: 20,
                expected: 21
            })
        );
        let cut = ok.replacen(".........   .........\n", ".........   ......\n", 1);
        assert_eq!(
            parse(&cut, &layout, &opts),
            Err(ParseFrameError::Missing {
                line: 1,
                column: 19
            })
        );
        let long = " ".repeat(MAX_TEXT_LEN + 1);
        assert!(matches!(
            parse(&long, &layout, &opts),
            Err(ParseFrameError::TooLong { .. })
        ));
        // Windows line ends and trailing spaces read too.
        let crlf = ok.replace('\n', "   \r\n");
        assert!(parse(&crlf, &layout, &opts).is_ok());
    }

    #[test]
    fn custom_alphabet() {
        let layout = Layout::cube(2).unwrap();
        let word = Alphabet::new("WORD").unwrap();
        let opts = ReadOptions {
            shape: None,
            alphabet: Some(word.clone()),
        };
        let grid = parse("W. .R\n.O D.\n", &layout, &opts).unwrap();
        assert_eq!(grid.cells(), [1, 0, 0, 3, 0, 2, 4, 0]);
        let out = WriteOptions {
            alphabet: Some(word),
            ..Default::default()
        };
        assert_eq!(write(&grid, &layout, &out), "W. .R\n.O D.\n");
    }

    #[test]
    fn ascii_frame_of_a_cube() {
        let geo = Geometry::from_layout(Layout::cube(2).unwrap()).unwrap();
        let art = write_ascii(&geo.empty_grid(), &geo, &WriteOptions::default());
        assert_eq!(
            art,
            "+---+ +---+\n|. .| |. .|\n|   | |   |\n|. .| |. .|\n+---+ +---+\n"
        );
    }
}
