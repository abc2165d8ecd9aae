//! The crate's own text format for layouts (described at [`Layout`]): the parser and the
//! canonical printer.

use core::fmt;
use core::str::FromStr;

use super::{Layout, LayoutError, Position};

/// What went wrong on a line of the text format.
///
/// ```
/// use mahjong_solitaire::{Layout, ParseLayoutError, SyntaxError};
/// let err = "0 0:".parse::<Layout>().unwrap_err();
/// assert_eq!(err, ParseLayoutError::Syntax { line: 1, column: 5, error: SyntaxError::EmptyRow });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SyntaxError {
    /// A number was expected here.
    #[error("expected a number, found {found}")]
    ExpectedNumber {
        /// What was found instead (a quoted character or "end of line").
        found: String,
    },
    /// A number too large for its field.
    #[error("number {text} is too large (at most {max})")]
    NumberTooLarge {
        /// The digits read (the first 20, then `…` if there were more).
        text: String,
        /// The largest value allowed.
        max: u32,
    },
    /// A run whose end is left of its start or not a whole number of tiles away.
    #[error("run {first}-{last} must go right by whole tiles (last - first even and >= 0)")]
    BadRun {
        /// The first column.
        first: u16,
        /// The last column.
        last: u16,
    },
    /// The `:` after the layer and row numbers is missing.
    #[error("expected ':' after the layer and row, found {found}")]
    MissingColon {
        /// What was found instead.
        found: String,
    },
    /// A second `name:` line.
    #[error("the name is given twice")]
    DuplicateName,
    /// A row line without any tile.
    #[error("a row needs at least one column")]
    EmptyRow,
}

/// Why a text could not be read as a [`Layout`].
///
/// ```
/// use mahjong_solitaire::{Layout, ParseLayoutError};
/// let err = "0 0: 0\n0 2: 0 4-1\n".parse::<Layout>().unwrap_err();
/// assert!(matches!(err, ParseLayoutError::Syntax { line: 2, .. }));
/// assert!(err.to_string().starts_with("line 2, column "), "{err}");
/// assert!(matches!("0 0: 0\n".parse::<Layout>(), Err(ParseLayoutError::Invalid(_)))); // one tile
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseLayoutError {
    /// A line does not follow the grammar.
    #[error("line {line}, column {column}: {error}")]
    Syntax {
        /// 1-based line number.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// What is wrong there.
        error: SyntaxError,
    },
    /// The text is well formed but its positions do not make a layout.
    #[error("invalid layout: {0}")]
    Invalid(#[from] LayoutError),
    /// The text is longer than [`Layout::MAX_TEXT_LEN`]: refused before reading it.
    #[error("layout text of {length} bytes is too long (at most {max})")]
    TooLong {
        /// The text's length in bytes.
        length: usize,
        /// The limit ([`Layout::MAX_TEXT_LEN`]).
        max: usize,
    },
}

/// A cursor over one line, counting columns in characters.
struct Cursor<'a> {
    chars: core::iter::Peekable<core::str::CharIndices<'a>>,
    column: usize,
    line: usize,
}

impl Cursor<'_> {
    fn skip_blanks(&mut self) {
        while let Some(&(_, c)) = self.chars.peek() {
            if c == ' ' || c == '\t' {
                self.chars.next();
                self.column += 1;
            } else {
                break;
            }
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().map(|&(_, c)| c)
    }

    fn bump(&mut self) {
        if self.chars.next().is_some() {
            self.column += 1;
        }
    }

    fn error(&self, error: SyntaxError) -> ParseLayoutError {
        ParseLayoutError::Syntax {
            line: self.line,
            column: self.column,
            error,
        }
    }

    fn found(&mut self) -> String {
        match self.peek() {
            Some(c) => format!("{c:?}"),
            None => "end of line".to_string(),
        }
    }

    fn number(&mut self, max: u32) -> Result<u32, ParseLayoutError> {
        self.skip_blanks();
        let start = self.column;
        // The digits, the first 20 of them kept (more is too large anyway).
        let mut text = String::new();
        let mut digits = 0usize;
        while let Some(c) = self.peek().filter(char::is_ascii_digit) {
            if digits < 20 {
                text.push(c);
            }
            digits += 1;
            self.bump();
        }
        if digits > 20 {
            text.push('…');
        }
        if text.is_empty() {
            let found = self.found();
            return Err(self.error(SyntaxError::ExpectedNumber { found }));
        }
        match text.parse::<u32>() {
            Ok(n) if n <= max && digits <= 20 => Ok(n),
            _ => Err(ParseLayoutError::Syntax {
                line: self.line,
                column: start,
                error: SyntaxError::NumberTooLarge { text, max },
            }),
        }
    }
}

fn parse_layout(s: &str) -> Result<Layout, ParseLayoutError> {
    let mut name: Option<String> = None;
    let mut positions = Vec::new();
    for (i, raw) in s.lines().enumerate() {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let content = line.trim_start_matches([' ', '\t']);
        let indent = line.len() - content.len();
        if content.trim_end_matches([' ', '\t']).is_empty() || content.starts_with('#') {
            continue;
        }
        if let Some(rest) = content.strip_prefix("name:") {
            if name.is_some() {
                return Err(ParseLayoutError::Syntax {
                    line: i + 1,
                    column: indent + 1,
                    error: SyntaxError::DuplicateName,
                });
            }
            name = Some(rest.trim().to_string());
            continue;
        }
        let mut cur = Cursor {
            chars: line.char_indices().peekable(),
            column: 1,
            line: i + 1,
        };
        let z = cur.number(u32::from(u8::MAX))? as u8;
        let y = cur.number(u32::from(u16::MAX))? as u16;
        cur.skip_blanks();
        if cur.peek() != Some(':') {
            let found = cur.found();
            return Err(cur.error(SyntaxError::MissingColon { found }));
        }
        cur.bump();
        let mut any = false;
        loop {
            cur.skip_blanks();
            if cur.peek().is_none() {
                break;
            }
            let start = cur.column;
            let first = cur.number(u32::from(u16::MAX))? as u16;
            let mut last = first;
            if cur.peek() == Some('-') {
                cur.bump();
                last = cur.number(u32::from(u16::MAX))? as u16;
                if last < first || (last - first) % 2 == 1 {
                    return Err(ParseLayoutError::Syntax {
                        line: i + 1,
                        column: start,
                        error: SyntaxError::BadRun { first, last },
                    });
                }
            }
            if positions.len() + usize::from((last - first) / 2) + 1 > Layout::MAX_POSITIONS {
                let count = positions.len() + usize::from((last - first) / 2) + 1;
                return Err(LayoutError::TooMany {
                    count,
                    max: Layout::MAX_POSITIONS,
                }
                .into());
            }
            positions.extend((first..=last).step_by(2).map(|x| Position::new(x, y, z)));
            any = true;
            match cur.peek() {
                None | Some(' ' | '\t') => {}
                Some(_) => {
                    let found = cur.found();
                    return Err(cur.error(SyntaxError::ExpectedNumber { found }));
                }
            }
        }
        if !any {
            return Err(cur.error(SyntaxError::EmptyRow));
        }
    }
    Ok(Layout::new(name.unwrap_or_default(), positions)?)
}

impl FromStr for Layout {
    type Err = ParseLayoutError;

    /// Reads the text format described at [`Layout`], at most
    /// [`Layout::MAX_TEXT_LEN`] bytes of it and [`Layout::MAX_POSITIONS`] positions (the
    /// count is checked run by run, before the run's positions are made).
    fn from_str(s: &str) -> Result<Layout, ParseLayoutError> {
        if s.len() > Layout::MAX_TEXT_LEN {
            return Err(ParseLayoutError::TooLong {
                length: s.len(),
                max: Layout::MAX_TEXT_LEN,
            });
        }
        parse_layout(s)
    }
}

impl fmt::Display for Layout {
    /// Writes the canonical text format (see [`Layout`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.name.is_empty() {
            writeln!(f, "name: {}", self.name)?;
        }
        let mut rest = self.positions.as_slice();
        while let Some(first) = rest.first() {
            let row_len = rest
                .iter()
                .take_while(|p| p.z == first.z && p.y == first.y)
                .count();
            let (row, tail) = rest.split_at(row_len);
            rest = tail;
            write!(f, "{} {}:", first.z, first.y)?;
            let mut i = 0;
            while i < row.len() {
                let mut j = i;
                while j + 1 < row.len() && row[j + 1].x == row[j].x + 2 {
                    j += 1;
                }
                if i == j {
                    write!(f, " {}", row[i].x)?;
                } else {
                    write!(f, " {}-{}", row[i].x, row[j].x)?;
                }
                i = j + 1;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn syntax(s: &str) -> (usize, usize, SyntaxError) {
        match s.parse::<Layout>() {
            Err(ParseLayoutError::Syntax {
                line,
                column,
                error,
            }) => (line, column, error),
            other => panic!("expected a syntax error for {s:?}, got {other:?}"),
        }
    }

    #[test]
    fn reads_and_writes() {
        let l: Layout = "name:  Two  rows \r\n\n  # comment\n0 0 : 0-2\t4\n0 2:0\n0 2: 2 4\n"
            .parse()
            .unwrap();
        assert_eq!(l.name(), "Two rows");
        assert_eq!(l.len(), 6);
        assert_eq!(l.to_string(), "name: Two rows\n0 0: 0-4\n0 2: 0-4\n");
        let unnamed: Layout = "3 1: 5 9\n".parse().unwrap();
        assert_eq!(unnamed.to_string(), "3 1: 5 9\n");
        assert_eq!(unnamed.positions()[1], Position::new(9, 1, 3));
    }

    #[test]
    fn long_numbers_are_quoted_in_part() {
        let line = format!("0 {}: 0\n", "9".repeat(10_000));
        let (_, _, error) = syntax(&line);
        let SyntaxError::NumberTooLarge { text, .. } = error else {
            panic!("{error:?}");
        };
        assert_eq!(text, format!("{}…", "9".repeat(20)));
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(
            syntax("0 0: 1\nx"),
            (
                2,
                1,
                SyntaxError::ExpectedNumber {
                    found: "'x'".into()
                }
            )
        );
        assert_eq!(
            syntax("0 0 1"),
            (
                1,
                5,
                SyntaxError::MissingColon {
                    found: "'1'".into()
                }
            )
        );
        assert_eq!(
            syntax("0 0: 4-1"),
            (1, 6, SyntaxError::BadRun { first: 4, last: 1 })
        );
        assert_eq!(
            syntax("0 0: 0-3"),
            (1, 6, SyntaxError::BadRun { first: 0, last: 3 })
        );
        assert_eq!(
            syntax("256 0: 0"),
            (
                1,
                1,
                SyntaxError::NumberTooLarge {
                    text: "256".into(),
                    max: 255
                }
            )
        );
        assert_eq!(syntax("0 0:"), (1, 5, SyntaxError::EmptyRow));
        assert_eq!(
            syntax("0 0: 2x"),
            (
                1,
                7,
                SyntaxError::ExpectedNumber {
                    found: "'x'".into()
                }
            )
        );
        assert_eq!(
            syntax("name: a\n name: b"),
            (2, 2, SyntaxError::DuplicateName)
        );
        assert_eq!(
            "0 0: 0 1".parse::<Layout>(),
            Err(ParseLayoutError::Invalid(LayoutError::Overlap {
                first: Position::new(0, 0, 0),
                second: Position::new(1, 0, 0)
            }))
        );
        assert!(matches!(
            "0 0: 0-65534".parse::<Layout>(),
            Err(ParseLayoutError::Invalid(LayoutError::TooMany { .. }))
        ));
        assert_eq!(
            "".parse::<Layout>(),
            Err(ParseLayoutError::Invalid(LayoutError::Empty))
        );
    }
}
