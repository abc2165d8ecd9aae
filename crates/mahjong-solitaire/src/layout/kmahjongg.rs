//! KMahjongg `.layout` files: import and export (the format is described at
//! [`Layout::from_kmahjongg`]).

use super::{Layout, LayoutError, Position};

/// The largest width, height (half tiles) or depth (layers) accepted in a v1.1 file.
const MAX_DIMENSION: u32 = Layout::MAX_XY as u32 + 2;

/// Why a KMahjongg `.layout` file could not be read.
///
/// ```
/// use mahjong_solitaire::{KmahjonggError, Layout};
/// let err = Layout::from_kmahjongg("kmahjongg-layout-v2\n").unwrap_err();
/// assert!(matches!(err, KmahjonggError::BadHeader { .. }));
/// assert!(err.to_string().starts_with("line 1: expected kmahjongg-layout-v1.0"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum KmahjonggError {
    /// The first line is not `kmahjongg-layout-v1.0` or `kmahjongg-layout-v1.1`.
    #[error("line 1: expected kmahjongg-layout-v1.0 or kmahjongg-layout-v1.1, found {found:?}")]
    BadHeader {
        /// The first line as found (cut to 40 characters).
        found: String,
    },
    /// A `w`, `h` or `d` line whose number is missing, malformed, zero or too large.
    #[error("line {line}: bad dimension {text:?} (expected {letter} followed by 1 to {max})")]
    BadDimension {
        /// 1-based line number.
        line: usize,
        /// `w`, `h` or `d`.
        letter: char,
        /// The line's text (cut to 40 characters).
        text: String,
        /// The largest value allowed.
        max: u32,
    },
    /// The same dimension is given twice.
    #[error("line {line}: dimension {letter} given twice")]
    DuplicateDimension {
        /// 1-based line number.
        line: usize,
        /// `w`, `h` or `d`.
        letter: char,
    },
    /// A dimension line comes after the first cells.
    #[error("line {line}: dimension {letter} after the cells")]
    LateDimension {
        /// 1-based line number.
        line: usize,
        /// `w`, `h` or `d`.
        letter: char,
    },
    /// A v1.1 file lacks one of the `w`, `h`, `d` lines.
    #[error("missing dimension line {letter} (a v1.1 file needs w, h and d)")]
    MissingDimension {
        /// `w`, `h` or `d`.
        letter: char,
    },
    /// A cell that is not `.`, `1`, `2`, `3` or `4`.
    #[error("line {line}, column {column}: unexpected character {found:?}")]
    UnexpectedCharacter {
        /// 1-based line number.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// The character found.
        found: char,
    },
    /// The cells do not number `w × h × d`.
    #[error("expected {expected} cells ({width} x {height} x {depth}), found {found}")]
    WrongCellCount {
        /// `w × h × d`.
        expected: usize,
        /// The number of cells in the file (counting stops a little past `expected`).
        found: usize,
        /// Width in half tiles.
        width: usize,
        /// Height in half tiles.
        height: usize,
        /// Number of layers.
        depth: usize,
    },
    /// A `1` in the last column or row of the board: its tile would stick out.
    #[error(
        "line {line}, column {column}: tile at {position} sticks out of the {width} x {height} board"
    )]
    TileOutOfBoard {
        /// 1-based line number.
        line: usize,
        /// 1-based column.
        column: usize,
        /// Where the tile would be.
        position: Position,
        /// Width in half tiles.
        width: usize,
        /// Height in half tiles.
        height: usize,
    },
    /// The tiles read do not make a valid layout (overlapping tiles, an odd number…).
    #[error("invalid layout: {0}")]
    Invalid(#[from] LayoutError),
    /// The file is longer than [`Layout::MAX_KMAHJONGG_TEXT_LEN`]: refused before reading it.
    #[error("KMahjongg file of {length} bytes is too long (at most {max})")]
    TooLong {
        /// The file's length in bytes.
        length: usize,
        /// The limit ([`Layout::MAX_KMAHJONGG_TEXT_LEN`]).
        max: usize,
    },
}

fn cut(s: &str) -> String {
    s.chars().take(40).collect()
}

impl Layout {
    /// Reads a KMahjongg `.layout` file (v1.0 or v1.1). The layout has no name: give it one
    /// with [`Layout::with_name`].
    ///
    /// The files mahjong solitaire players already have (KDE's KMahjongg ships 72 of them):
    ///
    /// ```text
    /// kmahjongg-layout-v1.1      first line: the version, v1.0 or v1.1
    /// # comments start with #
    /// w32                        v1.1 only: width, height (in half tiles) and depth (layers)
    /// h16
    /// d5
    /// ...121212....              then the cells, row after row, layer after layer
    /// ...434343....
    /// ```
    ///
    /// Version 1.0 has no `w`, `h`, `d` lines: its board is 32 × 16 half tiles and 5 layers.
    /// The cells of all the other lines are joined (a line may hold one row, several, or part of
    /// one) and must number exactly `w × h × d`, read layer by layer, row by row. A `1` marks the
    /// top-left quarter of a tile and creates it; `2`, `3`, `4` mark the other quarters and `.`
    /// an empty cell. Like KMahjongg itself, the importer ignores the quarter marks (two of
    /// KMahjongg's own files get them wrong), so only `1`s matter. Trailing whitespace and `\r`
    /// are ignored.
    ///
    /// ```
    /// use mahjong_solitaire::Layout;
    ///
    /// let file = "kmahjongg-layout-v1.1\nw6\nh2\nd2\n# level 0\n121212\n434343\n# level 1\n..12..\n..43..\n";
    /// let layout = Layout::from_kmahjongg(file)?;
    /// assert_eq!(layout.len(), 4);
    /// assert_eq!(layout.to_string(), "0 0: 0-4\n1 0: 2\n");
    /// assert_eq!(Layout::from_kmahjongg(&layout.to_kmahjongg())?, layout);
    /// # Ok::<(), mahjong_solitaire::KmahjonggError>(())
    /// ```
    ///
    /// At most [`Layout::MAX_KMAHJONGG_TEXT_LEN`] bytes are read, and reading stops at the
    /// first tile past [`Layout::MAX_POSITIONS`].
    ///
    /// # Errors
    /// [`KmahjonggError`] says what is wrong and where (line, column).
    pub fn from_kmahjongg(text: &str) -> Result<Layout, KmahjonggError> {
        if text.len() > Layout::MAX_KMAHJONGG_TEXT_LEN {
            return Err(KmahjonggError::TooLong {
                length: text.len(),
                max: Layout::MAX_KMAHJONGG_TEXT_LEN,
            });
        }
        let mut lines = text.lines().enumerate();
        let header = lines.next().map(|(_, l)| l.trim_end()).unwrap_or("");
        let v11 = match header {
            "kmahjongg-layout-v1.0" => false,
            "kmahjongg-layout-v1.1" => true,
            _ => {
                return Err(KmahjonggError::BadHeader { found: cut(header) });
            }
        };
        // w, h, d
        let mut dims: [Option<u32>; 3] = if v11 {
            [None; 3]
        } else {
            [Some(32), Some(16), Some(5)]
        };
        // (line, column, character index in the joined cells) of each `1`, and the count.
        let mut ones: Vec<(usize, usize, usize)> = Vec::new();
        let mut cells = 0usize;
        let mut limit: Option<usize> = None;
        for (i, raw) in lines {
            let line = raw.trim_end();
            if line.starts_with('#') || line.is_empty() {
                continue;
            }
            let first = line.chars().next().unwrap_or('.');
            if v11 && matches!(first, 'w' | 'h' | 'd') {
                let slot = match first {
                    'w' => 0,
                    'h' => 1,
                    _ => 2,
                };
                if cells > 0 {
                    return Err(KmahjonggError::LateDimension {
                        line: i + 1,
                        letter: first,
                    });
                }
                if dims[slot].is_some() {
                    return Err(KmahjonggError::DuplicateDimension {
                        line: i + 1,
                        letter: first,
                    });
                }
                let max = if slot == 2 {
                    u32::from(Layout::MAX_Z) + 1
                } else {
                    MAX_DIMENSION
                };
                let value = line[1..].parse::<u32>().ok().filter(|v| {
                    (1..=max).contains(v) && line[1..].bytes().all(|b| b.is_ascii_digit())
                });
                match value {
                    Some(v) => dims[slot] = Some(v),
                    None => {
                        return Err(KmahjonggError::BadDimension {
                            line: i + 1,
                            letter: first,
                            text: cut(line),
                            max,
                        });
                    }
                }
                continue;
            }
            if limit.is_none() {
                for (slot, letter) in ['w', 'h', 'd'].into_iter().enumerate() {
                    if dims[slot].is_none() {
                        return Err(KmahjonggError::MissingDimension { letter });
                    }
                }
                let [w, h, d] = dims.map(|v| v.unwrap_or(1) as usize);
                limit = Some(w * h * d);
            }
            let expected = limit.unwrap_or(0);
            for (col, c) in line.chars().enumerate() {
                match c {
                    '.' | '2' | '3' | '4' => {}
                    '1' if ones.len() == Layout::MAX_POSITIONS => {
                        return Err(LayoutError::TooMany {
                            count: ones.len() + 1,
                            max: Layout::MAX_POSITIONS,
                        }
                        .into());
                    }
                    '1' => ones.push((i + 1, col + 1, cells)),
                    found => {
                        return Err(KmahjonggError::UnexpectedCharacter {
                            line: i + 1,
                            column: col + 1,
                            found,
                        });
                    }
                }
                cells += 1;
                if cells > expected {
                    break;
                }
            }
            if cells > expected {
                break;
            }
        }
        for (slot, letter) in ['w', 'h', 'd'].into_iter().enumerate() {
            if dims[slot].is_none() {
                return Err(KmahjonggError::MissingDimension { letter });
            }
        }
        let [w, h, d] = dims.map(|v| v.unwrap_or(1) as usize);
        let expected = w * h * d;
        if cells != expected {
            return Err(KmahjonggError::WrongCellCount {
                expected,
                found: cells,
                width: w,
                height: h,
                depth: d,
            });
        }
        let mut positions = Vec::with_capacity(ones.len());
        for (line, column, index) in ones {
            let z = index / (w * h);
            let y = index / w % h;
            let x = index % w;
            let position = Position::new(x as u16, y as u16, z as u8);
            if x + 1 >= w || y + 1 >= h {
                return Err(KmahjonggError::TileOutOfBoard {
                    line,
                    column,
                    position,
                    width: w,
                    height: h,
                });
            }
            positions.push(position);
        }
        Ok(Layout::new("", positions)?)
    }

    /// Writes the layout as a KMahjongg v1.1 file (the board just large enough, quarter marks
    /// `1` to `4`, a `# name:` comment when the layout has a name).
    ///
    /// ```
    /// use mahjong_solitaire::Layout;
    ///
    /// let layout: Layout = "name: Pair\n0 0: 0 2\n".parse()?;
    /// assert_eq!(
    ///     layout.to_kmahjongg(),
    ///     "kmahjongg-layout-v1.1\n# name: Pair\nw4\nh2\nd1\n# Level 0\n1212\n4343\n"
    /// );
    /// # Ok::<(), mahjong_solitaire::ParseLayoutError>(())
    /// ```
    pub fn to_kmahjongg(&self) -> String {
        let (w, h, d) = (
            usize::from(self.width()),
            usize::from(self.height()),
            usize::from(self.depth()),
        );
        let mut grid = vec![b'.'; w * h * d];
        for p in &self.positions {
            let base = usize::from(p.z) * w * h + usize::from(p.y) * w + usize::from(p.x);
            grid[base] = b'1';
            grid[base + 1] = b'2';
            grid[base + w + 1] = b'3';
            grid[base + w] = b'4';
        }
        let mut out = String::from("kmahjongg-layout-v1.1\n");
        if !self.name.is_empty() {
            out.push_str(&format!("# name: {}\n", self.name));
        }
        out.push_str(&format!("w{w}\nh{h}\nd{d}\n"));
        for z in 0..d {
            out.push_str(&format!("# Level {z}\n"));
            for y in 0..h {
                let start = z * w * h + y * w;
                out.push_str(core::str::from_utf8(&grid[start..start + w]).unwrap_or(""));
                out.push('\n');
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_1_0_is_32_by_16_by_5() {
        let mut file = String::from("kmahjongg-layout-v1.0\n# Level 0\n");
        let mut row0 = ['.'; 32];
        row0[30] = '1';
        row0[31] = '2';
        file.push_str(&row0.iter().collect::<String>());
        file.push('\n');
        for _ in 1..16 * 5 {
            file.push_str(&".".repeat(32));
            file.push('\n');
        }
        // One tile in the top right corner, one on layer 4 at the bottom left: 31 + 14 * 32.
        let at = 4 * 32 * 16 + 14 * 32 + 1;
        let mut chars: Vec<char> = file.chars().collect();
        let header_len = "kmahjongg-layout-v1.0\n# Level 0\n".len();
        let pos = header_len + at + at / 32; // one '\n' per 32 cells
        chars[pos] = '1';
        let file: String = chars.into_iter().collect();
        let l = Layout::from_kmahjongg(&file).unwrap();
        assert_eq!(
            l.positions(),
            &[Position::new(30, 0, 0), Position::new(1, 14, 4)]
        );
    }

    #[test]
    fn cells_may_span_lines() {
        let file = "kmahjongg-layout-v1.1\r\nw4\r\nh2\r\nd1\r\n1.1.\r\n....  \r\n";
        assert_eq!(Layout::from_kmahjongg(file).unwrap().len(), 2);
        let joined = "kmahjongg-layout-v1.1\nw4\nh2\nd1\n1.1.....\n";
        assert_eq!(Layout::from_kmahjongg(joined).unwrap().len(), 2);
    }

    #[test]
    fn errors() {
        assert!(matches!(
            Layout::from_kmahjongg("kmahjongg-layout-v2\n"),
            Err(KmahjonggError::BadHeader { .. })
        ));
        assert_eq!(
            Layout::from_kmahjongg("kmahjongg-layout-v1.1\nw4\nh2\n1.1.\n....\n"),
            Err(KmahjonggError::MissingDimension { letter: 'd' })
        );
        assert!(matches!(
            Layout::from_kmahjongg("kmahjongg-layout-v1.1\nw4\nh0\n"),
            Err(KmahjonggError::BadDimension {
                line: 3,
                letter: 'h',
                ..
            })
        ));
        assert!(matches!(
            Layout::from_kmahjongg("kmahjongg-layout-v1.1\nw4\nw5\n"),
            Err(KmahjonggError::DuplicateDimension { line: 3, .. })
        ));
        assert_eq!(
            Layout::from_kmahjongg("kmahjongg-layout-v1.1\nw4\nh2\nd1\n1.x.\n....\n"),
            Err(KmahjonggError::UnexpectedCharacter {
                line: 5,
                column: 3,
                found: 'x'
            })
        );
        assert!(matches!(
            Layout::from_kmahjongg("kmahjongg-layout-v1.1\nw4\nh2\nd1\n1.1.\n...\n"),
            Err(KmahjonggError::WrongCellCount {
                expected: 8,
                found: 7,
                ..
            })
        ));
        assert!(matches!(
            Layout::from_kmahjongg("kmahjongg-layout-v1.1\nw4\nh2\nd1\n1.1.\n.....\n"),
            Err(KmahjonggError::WrongCellCount {
                expected: 8,
                found: 9,
                ..
            })
        ));
        assert!(matches!(
            Layout::from_kmahjongg("kmahjongg-layout-v1.1\nw4\nh2\nd1\n1..1\n....\n"),
            Err(KmahjonggError::TileOutOfBoard {
                line: 5,
                column: 4,
                ..
            })
        ));
        assert!(matches!(
            Layout::from_kmahjongg("kmahjongg-layout-v1.1\nw4\nh2\nd1\n11..\n....\n"),
            Err(KmahjonggError::Invalid(LayoutError::Overlap { .. }))
        ));
        assert!(matches!(
            Layout::from_kmahjongg("kmahjongg-layout-v1.1\nw4\nh2\nd1\n1.1.\nw4\n"),
            Err(KmahjonggError::LateDimension { line: 6, .. })
        ));
        assert!(matches!(
            Layout::from_kmahjongg("kmahjongg-layout-v1.1\nw4\nh2\nd1\n....\n....\n"),
            Err(KmahjonggError::Invalid(LayoutError::Empty))
        ));
    }

    #[test]
    fn export_round_trips() {
        let l: Layout = "name: T\n0 0: 0-4\n0 3: 1\n1 1: 1-3\n".parse().unwrap();
        let file = l.to_kmahjongg();
        assert!(file.starts_with("kmahjongg-layout-v1.1\n# name: T\nw6\nh5\nd2\n"));
        assert_eq!(Layout::from_kmahjongg(&file).unwrap().with_name("T"), l);
    }
}
