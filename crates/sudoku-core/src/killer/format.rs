//! The killer cages format, and drawings of a killer puzzle in ASCII and LaTeX.
//!
//! # The killer cages format
//!
//! One cage a line, `SUM: r1c1 r1c2 …` (the sum, a colon, then the cells as `r` row `c`
//! column, both counted from 1, separated by spaces), then optionally a line `givens: `
//! followed by the N² cells of the grid row by row (`.` or `0` an empty cell, `1`–`9` then
//! `A`, `B`, … a given). Puzzles are separated by a blank line ([`parse_all`],
//! [`write_all`]). Without a `givens:` line the grid is 9×9; the length of the `givens:`
//! line gives any other side (16, 36, 64, 81, 144, 256 cells: the usual box shape).
//! Lines starting with `#` are comments; spaces around tokens and `\r\n` line ends are
//! accepted.
//!
//! ```text
//! 3: r1c1 r1c2
//! 15: r1c3 r1c4 r2c3
//! givens: 1.......................................................................9
//! ```
//!
//! [`KillerGrid`]'s `Display` writes this form (cells in the order given, the `givens:`
//! line when there is a given or the grid is not 9×9) and its `FromStr` reads it back:
//! printing then parsing gives the same grid. A solution prints as one line of N² values
//! ([`Grid`]'s one-line form).
//!
//! # Limits
//!
//! A puzzle's text may have at most [`KillerGrid::MAX_TEXT_LEN`] bytes and
//! [`KillerGrid::MAX_CAGES`] cage lines;
//! more is refused with [`ParseKillerErrorKind::TooLong`] or
//! [`ParseKillerErrorKind::TooManyCages`] before the rest is read.

use core::fmt::{self, Write as _};
use core::str::FromStr;

use super::{Cage, KillerGrid, NO_CAGE};
use crate::cell::Cell;
use crate::grid::Grid;
use crate::shape::Shape;
use crate::symbol::Alphabet;

/// The longest text of one puzzle: [`KillerGrid::MAX_TEXT_LEN`].
const MAX_PUZZLE_BYTES: usize = KillerGrid::MAX_TEXT_LEN;

/// The most cage lines of one puzzle: [`KillerGrid::MAX_CAGES`].
const MAX_CAGES: usize = KillerGrid::MAX_CAGES;

/// A text that is not a puzzle in the killer cages format: where, and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseKillerError {
    /// The line (1-based, in the whole text read).
    pub line: usize,
    /// The column (1-based, in characters).
    pub column: usize,
    /// What is wrong.
    pub kind: ParseKillerErrorKind,
}

/// What is wrong in a killer text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseKillerErrorKind {
    /// The puzzle's text is longer than [`KillerGrid::MAX_TEXT_LEN`].
    #[error("the puzzle has {len} bytes, more than the {MAX_PUZZLE_BYTES} allowed")]
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// More cage lines than [`KillerGrid::MAX_CAGES`].
    #[error("more than {MAX_CAGES} cages")]
    TooManyCages,
    /// No cage and no givens.
    #[error("no cage and no givens")]
    Empty,
    /// A line that starts with neither a sum nor `givens:`.
    #[error("expected a sum (digits) or `givens:`")]
    ExpectedSum,
    /// A sum above 65,535.
    #[error("the sum is too large")]
    SumTooLarge,
    /// No colon after the sum.
    #[error("expected `:` after the sum")]
    ExpectedColon,
    /// A cage line without cells.
    #[error("the cage has no cell")]
    NoCells,
    /// A token that is not a cell `r<row>c<column>`.
    #[error("expected a cell such as r1c1, found {found:?}")]
    ExpectedCell {
        /// The token (its first 16 characters).
        found: String,
    },
    /// A cell outside the grid.
    #[error("cell r{row}c{col} is outside the {size}x{size} grid")]
    CellOutOfRange {
        /// Its row (1-based).
        row: usize,
        /// Its column (1-based).
        col: usize,
        /// The side of the grid.
        size: usize,
    },
    /// A `givens:` line whose length is the cell count of no killer grid.
    #[error("{len} givens: not the cells of a square grid of side 4 to 16")]
    GivensLength {
        /// The number of characters after `givens:`.
        len: usize,
    },
    /// A character of the `givens:` line that is no value of the grid.
    #[error("{found:?} is no value of the grid and not `.`")]
    GivensChar {
        /// The character.
        found: char,
    },
    /// A line after the `givens:` line.
    #[error("the `givens:` line must be the puzzle's last")]
    AfterGivens,
}

/// The 9×9 shape the format takes when no `givens:` line says otherwise.
const DEFAULT: Shape = Shape::CLASSIC;

fn err(line: usize, column: usize, kind: ParseKillerErrorKind) -> ParseKillerError {
    ParseKillerError { line, column, kind }
}

/// Reads one puzzle whose first line is line `first_line` of a longer text (for the line
/// numbers of errors). Blank lines are skipped.
///
/// # Errors
/// [`ParseKillerError`] with the line and column of the first problem.
pub fn parse_puzzle(text: &str, first_line: usize) -> Result<KillerGrid, ParseKillerError> {
    if text.len() > MAX_PUZZLE_BYTES {
        return Err(err(
            first_line,
            1,
            ParseKillerErrorKind::TooLong { len: text.len() },
        ));
    }
    let mut cages: Vec<Cage> = Vec::new();
    // Each cage cell's place in the text, for the range check once the side is known.
    let mut places: Vec<(usize, usize, usize, usize)> = Vec::new();
    let mut raw_cells: Vec<Vec<(usize, usize)>> = Vec::new();
    let mut givens: Option<(Grid, usize)> = None;
    for (i, line) in text.lines().enumerate() {
        let lineno = first_line + i;
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if let Some((_, at)) = givens {
            let _ = at;
            return Err(err(
                lineno,
                column_of(line, t),
                ParseKillerErrorKind::AfterGivens,
            ));
        }
        let col0 = column_of(line, t);
        if let Some(rest) = t.strip_prefix("givens:") {
            let values = rest.trim();
            let vcol = col0 + 7 + (rest.chars().count() - rest.trim_start().chars().count());
            givens = Some((read_givens(values, lineno, vcol)?, lineno));
            continue;
        }
        if cages.len() == MAX_CAGES {
            return Err(err(lineno, col0, ParseKillerErrorKind::TooManyCages));
        }
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Err(err(lineno, col0, ParseKillerErrorKind::ExpectedSum));
        }
        let sum: u16 = t[..digits]
            .parse()
            .map_err(|_| err(lineno, col0, ParseKillerErrorKind::SumTooLarge))?;
        let after = t[digits..].trim_start();
        let colon_col = col0 + digits + (t[digits..].len() - after.len());
        let Some(list) = after.strip_prefix(':') else {
            return Err(err(lineno, colon_col, ParseKillerErrorKind::ExpectedColon));
        };
        let mut cells = Vec::new();
        let mut offset = colon_col + 1;
        let mut rest = list;
        loop {
            let trimmed = rest.trim_start();
            offset += rest.chars().count() - trimmed.chars().count();
            if trimmed.is_empty() {
                break;
            }
            let token_len = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
            let token = &trimmed[..token_len];
            let (row, col) = read_cell(token).ok_or_else(|| {
                err(
                    lineno,
                    offset,
                    ParseKillerErrorKind::ExpectedCell {
                        found: token.chars().take(16).collect(),
                    },
                )
            })?;
            places.push((lineno, offset, row, col));
            cells.push((row, col));
            offset += token.chars().count();
            rest = &trimmed[token_len..];
        }
        if cells.is_empty() {
            return Err(err(lineno, offset, ParseKillerErrorKind::NoCells));
        }
        raw_cells.push(cells);
        cages.push(Cage {
            sum,
            cells: Vec::new(),
        });
    }
    if cages.is_empty() && givens.is_none() {
        return Err(err(first_line, 1, ParseKillerErrorKind::Empty));
    }
    let givens = givens.map_or_else(|| Grid::empty(DEFAULT), |(g, _)| g);
    let n = givens.shape().size();
    if let Some(&(line, column, row, col)) =
        places.iter().find(|&&(_, _, row, col)| row > n || col > n)
    {
        return Err(err(
            line,
            column,
            ParseKillerErrorKind::CellOutOfRange { row, col, size: n },
        ));
    }
    for (cage, raw) in cages.iter_mut().zip(raw_cells) {
        cage.cells = raw
            .into_iter()
            .map(|(r, c)| Cell::new((r - 1) * n + c - 1))
            .collect();
    }
    Ok(KillerGrid { cages, givens })
}

/// The column (1-based, in characters) where `part`, a slice of `line`, starts.
fn column_of(line: &str, part: &str) -> usize {
    let start = part.as_ptr() as usize - line.as_ptr() as usize;
    line[..start].chars().count() + 1
}

/// Reads `r<row>c<col>` (1 to 25 each; also upper case).
fn read_cell(token: &str) -> Option<(usize, usize)> {
    let t = token.as_bytes();
    if t.len() < 4 || !t[0].eq_ignore_ascii_case(&b'r') {
        return None;
    }
    let c_at = t.iter().position(|b| b.eq_ignore_ascii_case(&b'c'))?;
    let (row, col) = (&token[1..c_at], &token[c_at + 1..]);
    let number = |s: &str| -> Option<usize> {
        if s.is_empty() || s.len() > 2 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        s.parse().ok().filter(|v| (1..=25).contains(v))
    };
    Some((number(row)?, number(col)?))
}

/// Reads the characters of a `givens:` line (starting at column `column`).
fn read_givens(values: &str, line: usize, column: usize) -> Result<Grid, ParseKillerError> {
    let len = values.chars().count();
    let shape = Shape::from_cell_count(len)
        .filter(|s| (4..=super::MAX_KILLER_SIZE).contains(&s.size()))
        .ok_or_else(|| err(line, column, ParseKillerErrorKind::GivensLength { len }))?;
    let alphabet = Alphabet::standard(shape.size());
    let mut cells = Vec::with_capacity(len);
    for (i, ch) in values.chars().enumerate() {
        let v = match ch {
            '.' | '0' => 0,
            _ => alphabet.value(ch).ok_or_else(|| {
                err(
                    line,
                    column + i,
                    ParseKillerErrorKind::GivensChar { found: ch },
                )
            })?,
        };
        cells.push(v);
    }
    Ok(Grid::new(shape, cells).unwrap_or_else(|_| unreachable!("values of the alphabet")))
}

/// Reads every puzzle of `text`, separated by blank lines.
///
/// ```
/// use sudoku_core::killer::format::{parse_all, write_all};
///
/// let text = "3: r1c1 r1c2\n\n4: r1c1 r2c1\n";
/// let puzzles = parse_all(text)?;
/// assert_eq!(puzzles.len(), 2);
/// assert_eq!(write_all(&puzzles), text);
/// # Ok::<(), sudoku_core::killer::format::ParseKillerError>(())
/// ```
///
/// # Errors
/// The first [`ParseKillerError`], with its line in `text`.
pub fn parse_all(text: &str) -> Result<Vec<KillerGrid>, ParseKillerError> {
    blocks(text)
        .map(|(first_line, block)| parse_puzzle(block, first_line))
        .collect()
}

/// The puzzles' texts in `text`: each with the number of its first line.
fn blocks(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut at = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let blank = line.trim().is_empty();
        match (blank, start) {
            (false, None) => start = Some((i + 1, at)),
            (true, Some((first, from))) => {
                out.push((first, &text[from..at]));
                start = None;
            }
            _ => {}
        }
        at += line.len();
    }
    if let Some((first, from)) = start {
        out.push((first, &text[from..]));
    }
    out.into_iter()
}

/// Writes puzzles in the killer cages format, separated by blank lines.
pub fn write_all(puzzles: &[KillerGrid]) -> String {
    let mut s = String::new();
    for (i, p) in puzzles.iter().enumerate() {
        if i > 0 {
            s.push('\n');
        }
        let _ = write!(s, "{p}");
    }
    s
}

impl FromStr for KillerGrid {
    type Err = ParseKillerError;

    /// Reads one puzzle in the killer cages format (see the [module docs](self)).
    fn from_str(s: &str) -> Result<KillerGrid, ParseKillerError> {
        parse_puzzle(s, 1)
    }
}

impl fmt::Display for KillerGrid {
    /// Writes the killer cages format: one cage a line, then `givens: …` when there is a
    /// given or the grid is not 9×9. Every line ends with a line feed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = self.givens.shape();
        for cage in &self.cages {
            write!(f, "{}:", cage.sum)?;
            for &c in &cage.cells {
                write!(f, " {}", c.display(shape))?;
            }
            f.write_char('\n')?;
        }
        if self.givens.given_count() > 0 || shape != DEFAULT {
            writeln!(f, "givens: {}", self.givens)?;
        }
        Ok(())
    }
}

/// Each cell's cage (`NO_CAGE` for none; a cell listed twice keeps its first cage).
fn cage_map(grid: &KillerGrid) -> Vec<u16> {
    let n = grid.shape().size();
    let mut of = vec![NO_CAGE; n * n];
    for (k, cage) in grid.cages.iter().enumerate() {
        for c in &cage.cells {
            if let Some(slot) = of.get_mut(c.index())
                && *slot == NO_CAGE
            {
                *slot = k as u16;
            }
        }
    }
    of
}

/// The cell of each cage that shows its sum: its first in row-major order.
fn sum_cells(grid: &KillerGrid, of: &[u16]) -> Vec<Option<u16>> {
    let mut shown: Vec<Option<u16>> = vec![None; of.len()];
    let mut seen = vec![false; grid.cages.len()];
    for (c, &k) in of.iter().enumerate() {
        if k != NO_CAGE && !seen[usize::from(k)] {
            seen[usize::from(k)] = true;
            shown[c] = Some(grid.cages[usize::from(k)].sum);
        }
    }
    shown
}

/// Draws a killer puzzle in ASCII: every cell 4 characters wide and 2 lines high, with `|`
/// and `-` between cells of different cages (and around cells in no cage), `+` where
/// borders turn or cross; each cage's sum in its first cell (row-major order), top left; on the
/// second line of each cell, its value in `values` (the givens, or a solution) or `.`.
///
/// ```
/// use sudoku_core::killer::{format, KillerGrid};
///
/// let grid: KillerGrid = "3: r1c1 r1c2\n7: r1c3 r1c4\n7: r2c1 r2c2\n3: r2c3 r2c4\n\
///     5: r3c1 r4c1\n5: r3c2 r4c2\n5: r3c3 r4c3\n5: r3c4 r4c4\ngivens: 1...............".parse()?;
/// let drawing = format::ascii(&grid, &grid.givens);
/// assert_eq!(drawing.lines().next(), Some("+---------+---------+"));
/// assert_eq!(drawing.lines().nth(1), Some("|3        |7        |"));
/// assert_eq!(drawing.lines().nth(2), Some("| 1    .  | .    .  |"));
/// # Ok::<(), sudoku_core::killer::format::ParseKillerError>(())
/// ```
pub fn ascii(grid: &KillerGrid, values: &Grid) -> String {
    let n = grid.shape().size();
    let of = cage_map(grid);
    let sums = sum_cells(grid, &of);
    let alphabet = Alphabet::standard(n);
    let cage = |r: usize, c: usize| -> Option<u16> {
        (r < n && c < n)
            .then(|| of[r * n + c])
            .filter(|&k| k != NO_CAGE)
    };
    // A border between (r1,c1) and (r2,c2) (either may be outside the grid).
    let border = |a: Option<(usize, usize)>, b: Option<(usize, usize)>| -> bool {
        match (a, b) {
            (Some((r1, c1)), Some((r2, c2))) => {
                let (x, y) = (cage(r1, c1), cage(r2, c2));
                x.is_none() || x != y
            }
            _ => true,
        }
    };
    let at = |r: isize, c: isize| -> Option<(usize, usize)> {
        (r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n)
            .then_some((r as usize, c as usize))
    };
    let mut s = String::new();
    for r in 0..=n {
        let ri = r as isize;
        // The border line above row r.
        for c in 0..=n {
            let ci = c as isize;
            // The corner at the top left of cell (r, c): any of its four segments drawn.
            let up = border(at(ri - 1, ci - 1), at(ri - 1, ci));
            let down = border(at(ri, ci - 1), at(ri, ci));
            let left = border(at(ri - 1, ci - 1), at(ri, ci - 1));
            let right = border(at(ri - 1, ci), at(ri, ci));
            let vertical = (r > 0 && up) || (r < n && down);
            let horizontal = (c > 0 && left) || (c < n && right);
            s.push(match (horizontal, vertical) {
                (true, true) => '+',
                (true, false) => '-',
                (false, true) => '|',
                (false, false) => ' ',
            });
            if c < n {
                let h = if right { "----" } else { "    " };
                s.push_str(h);
            }
        }
        s.push('\n');
        if r == n {
            break;
        }
        for line in 0..2 {
            for c in 0..=n {
                let ci = c as isize;
                let wall = border(at(ri, ci - 1), at(ri, ci));
                s.push(if wall { '|' } else { ' ' });
                if c == n {
                    break;
                }
                let cell = r * n + c;
                if line == 0 {
                    match sums[cell] {
                        Some(sum) => {
                            let _ = write!(s, "{sum:<4}");
                        }
                        None => s.push_str("    "),
                    }
                } else {
                    let ch = alphabet.symbol(values.get(cell)).unwrap_or('.');
                    let _ = write!(s, " {ch}  ");
                }
            }
            s.push('\n');
        }
    }
    s
}

/// A complete LaTeX document (the `article` class, the `picture` environment, no package)
/// drawing a killer puzzle: thin cell lines, thick box lines of the shape, each cage
/// outlined by a dashed line inside its cells, its sum small in the top left corner of its
/// first cell (row-major order), and the values of `values` (givens or a solution) large in
/// their cells.
///
/// ```
/// use sudoku_core::killer::{format, KillerGrid};
///
/// let grid: KillerGrid = "3: r1c1 r1c2\n".parse()?;
/// let tex = format::latex(&grid, &grid.givens);
/// assert!(tex.starts_with("\\documentclass{article}"));
/// assert!(tex.contains("{\\scriptsize 3}"));
/// assert!(tex.trim_end().ends_with("\\end{document}"));
/// # Ok::<(), sudoku_core::killer::format::ParseKillerError>(())
/// ```
pub fn latex(grid: &KillerGrid, values: &Grid) -> String {
    let shape = grid.shape();
    let n = shape.size();
    let of = cage_map(grid);
    let sums = sum_cells(grid, &of);
    let alphabet = Alphabet::standard(n);
    let unit_mm = (140 / n).min(10);
    let mut s = String::new();
    crate::format::latex::open_picture(&mut s, shape, unit_mm, "killer");
    let _ = writeln!(s, "\\thinlines");
    // Dashed cage outlines, 0.1 inside the cell edges; a side that borders the same cage
    // runs to the edge so the outline of a cage is one closed line.
    let same = |r: isize, c: isize, k: u16| -> bool {
        r >= 0
            && c >= 0
            && (r as usize) < n
            && (c as usize) < n
            && of[r as usize * n + c as usize] == k
    };
    const D: f64 = 0.1;
    // A dashed segment: dashes of 0.1 every 0.2.
    let dash = |s: &mut String, x: f64, y: f64, horizontal: bool, len: f64| {
        let count = ((len / 0.2).round() as usize).max(1);
        let step = len / count as f64;
        let (dx, dy, dir) = if horizontal {
            (step, 0.0, "(1,0)")
        } else {
            (0.0, step, "(0,1)")
        };
        let _ = writeln!(
            s,
            "\\multiput({x:.2},{y:.2})({dx:.2},{dy:.2}){{{count}}}{{\\line{dir}{{{:.2}}}}}",
            step / 2.0
        );
    };
    for r in 0..n {
        for c in 0..n {
            let k = of[r * n + c];
            if k == NO_CAGE {
                continue;
            }
            let (ri, ci) = (r as isize, c as isize);
            let (x0, y0) = (c as f64, (n - 1 - r) as f64);
            let up = !same(ri - 1, ci, k);
            let down = !same(ri + 1, ci, k);
            let left = !same(ri, ci - 1, k);
            let right = !same(ri, ci + 1, k);
            let (xa, xb) = (
                x0 + if left { D } else { 0.0 },
                x0 + 1.0 - if right { D } else { 0.0 },
            );
            let (ya, yb) = (
                y0 + if down { D } else { 0.0 },
                y0 + 1.0 - if up { D } else { 0.0 },
            );
            if up {
                dash(&mut s, xa, y0 + 1.0 - D, true, xb - xa);
            }
            if down {
                dash(&mut s, xa, y0 + D, true, xb - xa);
            }
            if left {
                dash(&mut s, x0 + D, ya, false, yb - ya);
            }
            if right {
                dash(&mut s, x0 + 1.0 - D, ya, false, yb - ya);
            }
        }
    }
    for r in 0..n {
        for c in 0..n {
            let y = n - 1 - r;
            if let Some(sum) = sums[r * n + c] {
                let _ = writeln!(
                    s,
                    "\\put({c}.12,{y}.62){{\\makebox(0.4,0.3)[l]{{\\scriptsize {sum}}}}}"
                );
            }
            if let Some(sym) = alphabet.symbol(values.get(r * n + c)) {
                let _ = writeln!(s, "\\put({c},{y}){{\\makebox(1,1){{\\Large {sym}}}}}");
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

    fn kind(text: &str) -> (usize, usize, ParseKillerErrorKind) {
        let e = text.parse::<KillerGrid>().unwrap_err();
        (e.line, e.column, e.kind)
    }

    #[test]
    fn errors_say_line_and_column() {
        use ParseKillerErrorKind as K;
        assert_eq!(kind("3: r1c1 r1c2\nx: r2c2"), (2, 1, K::ExpectedSum));
        assert_eq!(kind("3 r1c1"), (1, 3, K::ExpectedColon));
        assert_eq!(
            kind("  3: r1c1 r1x2"),
            (
                1,
                11,
                K::ExpectedCell {
                    found: "r1x2".into()
                }
            )
        );
        assert_eq!(kind("3:"), (1, 3, K::NoCells));
        assert_eq!(kind("99999: r1c1"), (1, 1, K::SumTooLarge));
        assert_eq!(
            kind("3: r1c1 r10c1"),
            (
                1,
                9,
                K::CellOutOfRange {
                    row: 10,
                    col: 1,
                    size: 9
                }
            )
        );
        assert_eq!(kind("givens: 123"), (1, 9, K::GivensLength { len: 3 }));
        assert_eq!(
            kind("givens: 12x4............"),
            (1, 11, K::GivensChar { found: 'x' })
        );
        assert_eq!(
            kind("givens: ................\n3: r1c1"),
            (2, 1, K::AfterGivens)
        );
        assert_eq!(kind("\n# only a comment\n"), (1, 1, K::Empty));
        let long = "3: r1c1\n".repeat(MAX_PUZZLE_BYTES / 8 + 1);
        assert!(matches!(kind(&long), (1, 1, K::TooLong { .. })));
        let many = "3: r1c1\n".repeat(MAX_CAGES + 1);
        assert_eq!(kind(&many), (MAX_CAGES + 1, 1, K::TooManyCages));
        let e = "3: r1c1\n\n3: r1c1\n3 r1c1\n".parse::<KillerGrid>();
        assert!(e.is_err());
        let e = parse_all("3: r1c1\n\n3: r1c1\n3 r1c1\n").unwrap_err();
        assert_eq!((e.line, e.column), (4, 3));
    }

    #[test]
    fn the_side_comes_from_the_givens() {
        let g: KillerGrid = "10: r4c4 r4c3 r3c4 r3c3\ngivens: 1..............4"
            .parse()
            .unwrap();
        assert_eq!(g.shape(), Shape::new(2, 2).unwrap());
        assert_eq!(g.cages[0].cells[0], Cell::new(15));
        assert_eq!(g.givens.get(15), 4);
        let written = g.to_string();
        assert_eq!(
            written,
            "10: r4c4 r4c3 r3c4 r3c3\ngivens: 1..............4\n"
        );
        let nine: KillerGrid = "3: r9c9 r9c8".parse().unwrap();
        assert_eq!(nine.shape(), Shape::CLASSIC);
        assert_eq!(nine.to_string(), "3: r9c9 r9c8\n");
        let spaced: KillerGrid = " 3 :  R9C9\tr9c8  \r\n".parse().unwrap();
        assert_eq!(spaced, nine);
    }

    #[test]
    fn ascii_draws_cage_borders() {
        let g: KillerGrid = "3: r1c1 r1c2\n7: r2c1 r2c2\ngivens: 1..............."
            .parse()
            .unwrap();
        let a = ascii(&g, &g.givens);
        let lines: Vec<&str> = a.lines().collect();
        assert_eq!(lines.len(), 4 * 3 + 1);
        assert_eq!(lines[0], "+---------+----+----+");
        assert_eq!(lines[1], "|3        |    |    |");
        assert_eq!(lines[2], "| 1    .  | .  | .  |");
        assert_eq!(lines[3], "+---------+----+----+");
        assert_eq!(lines[4], "|7        |    |    |");
    }
}
