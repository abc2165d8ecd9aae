//! A complete LaTeX document drawing the grid with the `picture` environment (as in
//! "Sudoku — Solitaire de nombres").
//!
//! The document compiles with plain `pdflatex` (the `article` class, no package). The picture
//! is N units wide; thin lines separate cells, thick lines boxes; each given is a
//! `\put(x,y){\makebox(1,1){\Large S}}` with `x` the column and `y = N - 1 - row`. A
//! `% sudoku-core grid RxC` comment records the box shape.
//!
//! [`parse()`] reads documents written by [`write()`] (and hand edits of them): the side from
//! `\begin{picture}(N,N)`, the shape from the comment (or the usual shape of the side), the
//! givens from the `\put` lines; other lines are ignored.

use core::fmt::Write as _;

use super::{ReadOptions, WriteOptions};
use crate::grid::Grid;
use crate::shape::Shape;

/// A LaTeX text that is not a grid drawn by [`write()`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseLatexError {
    /// No `\begin{picture}(N,N)` line.
    #[error("no \\begin{{picture}}(N,N) line")]
    NoPicture,
    /// The picture is not N×N with N in 1..=25, or not the given shape's side.
    #[error(
        "line {line}: picture {width}x{height} is not a grid of side 1..=25 (or the given shape)"
    )]
    Size {
        /// Line (1-based).
        line: usize,
        /// Width.
        width: usize,
        /// Height.
        height: usize,
    },
    /// The `% sudoku-core grid RxC` comment does not match the picture.
    #[error("line {line}: box shape {shape} does not fit side {size}")]
    Shape {
        /// Line (1-based).
        line: usize,
        /// Shape read.
        shape: String,
        /// Side of the picture.
        size: usize,
    },
    /// Malformed `\put` line.
    #[error("line {line}, column {column}: expected {expected}")]
    Syntax {
        /// Line (1-based).
        line: usize,
        /// Column (1-based, in characters).
        column: usize,
        /// What was expected.
        expected: &'static str,
    },
    /// A `\put` outside the picture or on a cell already given.
    #[error("line {line}: cell ({x},{y}) is outside the picture or given twice")]
    Position {
        /// Line (1-based).
        line: usize,
        /// x coordinate.
        x: usize,
        /// y coordinate.
        y: usize,
    },
    /// A cell content that is not a symbol.
    #[error("line {line}, column {column}: {character:?} is not a symbol")]
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

/// Starts a LaTeX document holding one `picture` of `shape`'s grid, `unit_mm` millimetres a
/// cell: thin lines between cells, thick ones between boxes, and the comment
/// `% sudoku-core KIND RxC` the reader finds the box shape in.
pub(crate) fn open_picture(s: &mut String, shape: Shape, unit_mm: usize, kind: &str) {
    let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
    let _ = writeln!(s, "\\documentclass{{article}}");
    let _ = writeln!(s, "\\pagestyle{{empty}}");
    let _ = writeln!(s, "\\begin{{document}}");
    let _ = writeln!(s, "\\begin{{center}}");
    let _ = writeln!(s, "\\setlength{{\\unitlength}}{{{unit_mm}mm}}");
    let _ = writeln!(s, "% sudoku-core {kind} {br}x{bc}");
    let _ = writeln!(s, "\\begin{{picture}}({n},{n})");
    let _ = writeln!(s, "\\thinlines");
    let _ = writeln!(s, "\\multiput(0,0)(1,0){{{}}}{{\\line(0,1){{{n}}}}}", n + 1);
    let _ = writeln!(s, "\\multiput(0,0)(0,1){{{}}}{{\\line(1,0){{{n}}}}}", n + 1);
    let _ = writeln!(s, "\\linethickness{{1.2pt}}");
    let _ = writeln!(
        s,
        "\\multiput(0,0)({bc},0){{{}}}{{\\line(0,1){{{n}}}}}",
        br + 1
    );
    let _ = writeln!(
        s,
        "\\multiput(0,0)(0,{br}){{{}}}{{\\line(1,0){{{n}}}}}",
        bc + 1
    );
}

/// Writes a complete LaTeX document drawing the grid (empty cells are left blank).
///
/// ```
/// use sudoku_core::format::{latex, WriteOptions};
/// use sudoku_core::Grid;
///
/// let g: Grid = "1...............".parse()?;
/// let tex = latex::write(&g, &WriteOptions::default());
/// assert!(tex.starts_with("\\documentclass{article}"));
/// assert!(tex.contains("\\put(0,3){\\makebox(1,1){\\Large 1}}"));
/// assert!(tex.trim_end().ends_with("\\end{document}"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(grid: &Grid, opts: &WriteOptions) -> String {
    let shape = grid.shape();
    let n = shape.size();
    let alphabet = opts.alphabet_for(n);
    // 14 cm wide at most; 1 cm cells up to 14×14.
    let unit_mm = (140 / n).min(10);
    let font = if n <= 9 {
        "\\Large"
    } else if n <= 16 {
        "\\large"
    } else {
        "\\small"
    };
    let mut s = String::new();
    open_picture(&mut s, shape, unit_mm, "grid");
    for r in 0..n {
        for c in 0..n {
            if let Some(sym) = alphabet.symbol(grid.get(r * n + c)) {
                let _ = writeln!(
                    s,
                    "\\put({c},{}){{\\makebox(1,1){{{font} {sym}}}}}",
                    n - 1 - r
                );
            }
        }
    }
    let _ = writeln!(s, "\\end{{picture}}");
    let _ = writeln!(s, "\\end{{center}}");
    let _ = writeln!(s, "\\end{{document}}");
    s
}

/// Reads `(a,b)` at the start of `t`; returns the numbers and the bytes consumed.
fn pair(t: &str) -> Option<(usize, usize, usize)> {
    let rest = t.strip_prefix('(')?;
    let close = rest.find(')')?;
    let (a, b) = rest[..close].split_once(',')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?, close + 2))
}

/// Reads a LaTeX document written by [`write()`].
///
/// # Errors
/// [`ParseLatexError`] with the line (and column) of the problem;
/// [`ParseLatexError::TooLong`] for a text of more than [`Grid::MAX_TEXT_LEN`](crate::Grid::MAX_TEXT_LEN)
/// bytes.
pub fn parse(text: &str, opts: &ReadOptions) -> Result<Grid, ParseLatexError> {
    if text.len() > super::MAX_TEXT_LEN {
        return Err(ParseLatexError::TooLong {
            len: text.len(),
            max: super::MAX_TEXT_LEN,
        });
    }
    let mut shape_comment: Option<(usize, String)> = None;
    let mut picture: Option<(usize, usize, usize)> = None;
    let mut puts: Vec<(usize, &str)> = Vec::new();
    for (li, l) in text.split('\n').enumerate() {
        let t = l.trim_start();
        if let Some(rest) = t.strip_prefix("% sudoku-core grid ") {
            shape_comment = Some((li + 1, rest.trim().to_owned()));
        } else if let Some(rest) = t.strip_prefix("\\begin{picture}") {
            let (w, h, _) = pair(rest.trim_start()).ok_or(ParseLatexError::Syntax {
                line: li + 1,
                column: l.len() - t.len() + 16,
                expected: "(N,N) after \\begin{picture}",
            })?;
            picture = Some((li + 1, w, h));
        } else if t.starts_with("\\put(") {
            puts.push((li + 1, l));
        }
    }
    let (pline, w, h) = picture.ok_or(ParseLatexError::NoPicture)?;
    let size_err = ParseLatexError::Size {
        line: pline,
        width: w,
        height: h,
    };
    if w != h || w == 0 || w > crate::shape::MAX_SIZE {
        return Err(size_err);
    }
    let n = w;
    let shape = match (opts.shape, shape_comment) {
        (Some(s), _) if s.size() == n => s,
        (Some(_), _) => return Err(size_err),
        (None, Some((line, text))) => match text.parse::<Shape>() {
            Ok(s) if s.size() == n => s,
            _ => {
                return Err(ParseLatexError::Shape {
                    line,
                    shape: text,
                    size: n,
                });
            }
        },
        (None, None) => Shape::for_size(n).ok_or(size_err)?,
    };
    let alphabet = opts.alphabet_for(n, text);
    if alphabet.len() != n {
        return Err(ParseLatexError::Alphabet {
            alphabet: alphabet.len(),
            size: n,
        });
    }
    let mut cells = vec![0u8; n * n];
    for (line, l) in puts {
        let lead = l.len() - l.trim_start().len();
        let t = &l[lead + 4..];
        let syntax = |offset: usize, expected| ParseLatexError::Syntax {
            line,
            column: l[..offset.min(l.len())].chars().count() + 1,
            expected,
        };
        let (x, y, used) = pair(t).ok_or_else(|| syntax(lead + 4, "(x,y) after \\put"))?;
        let after = &t[used..];
        let body_at = lead + 4 + used;
        let body = after
            .strip_prefix("{\\makebox(1,1){")
            .ok_or_else(|| syntax(body_at, "{\\makebox(1,1){"))?;
        let body_at = body_at + "{\\makebox(1,1){".len();
        let close = body
            .find("}}")
            .ok_or_else(|| syntax(body_at + body.len(), "}} closing the cell"))?;
        let content = body[..close].trim();
        let symbol = content.rsplit(char::is_whitespace).next().unwrap_or("");
        let sym_at = body_at + body[..close].rfind(symbol).unwrap_or(0);
        let mut chars = symbol.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(syntax(sym_at, "one symbol in the cell"));
        };
        let value = alphabet.value(c).ok_or(ParseLatexError::Character {
            line,
            column: l[..sym_at].chars().count() + 1,
            character: c,
        })?;
        if x >= n || y >= n || cells[(n - 1 - y) * n + x] != 0 {
            return Err(ParseLatexError::Position { line, x, y });
        }
        cells[(n - 1 - y) * n + x] = value;
    }
    Ok(Grid::new(shape, cells).unwrap_or_else(|_| unreachable!()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let g: Grid =
            "1..4..7.94..7......8.....6.21......63....5.7...817.3....59.2.3.87..3.5....2.8...."
                .parse()
                .unwrap();
        let tex = write(&g, &WriteOptions::default());
        assert_eq!(parse(&tex, &ReadOptions::default()).unwrap(), g);
        assert_eq!(
            parse("nothing", &ReadOptions::default()),
            Err(ParseLatexError::NoPicture)
        );
        let bad = tex.replace(
            "\\put(0,8){\\makebox(1,1){\\Large 1}}",
            "\\put(0,8){\\makebox(1,1){\\Large Z}}",
        );
        let line = tex
            .lines()
            .position(|l| l.starts_with("\\put(0,8)"))
            .unwrap()
            + 1;
        assert_eq!(
            parse(&bad, &ReadOptions::default()),
            Err(ParseLatexError::Character {
                line,
                column: 32,
                character: 'Z'
            })
        );
        let bad = tex.replace("\\put(0,8)", "\\put(9,8)");
        assert_eq!(
            parse(&bad, &ReadOptions::default()),
            Err(ParseLatexError::Position { line, x: 9, y: 8 })
        );
        let bad = tex.replace("\\put(0,8){\\makebox", "\\put(0,8){\\framebox");
        assert!(matches!(
            parse(&bad, &ReadOptions::default()),
            Err(ParseLatexError::Syntax { column: 10, .. })
        ));
        let bad = tex.replace("grid 3x3", "grid 2x4");
        assert!(matches!(
            parse(&bad, &ReadOptions::default()),
            Err(ParseLatexError::Shape { .. })
        ));
        let bad = tex.replace("picture}(9,9)", "picture}(9,8)");
        assert!(matches!(
            parse(&bad, &ReadOptions::default()),
            Err(ParseLatexError::Size { .. })
        ));
    }
}
