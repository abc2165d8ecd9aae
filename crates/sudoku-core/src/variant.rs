//! Variants as data: which houses, besides rows and columns, must hold every symbol once.
//!
//! | variant | houses added to rows and columns |
//! |---|---|
//! | classic ([`Variant::classic`]) | the boxes of the shape |
//! | Latin square ([`Variant::latin`]) | none (the ancestor of sudoku) |
//! | jigsaw ([`Variant::jigsaw`]) | the regions of a [`RegionMap`] instead of boxes (read, or drawn by [`RegionMap::random`]) |
//! | X ([`Variant::with_diagonals`]) | both main diagonals |
//! | disjoint groups ([`Variant::with_disjoint_groups`]) | cells at the same position in every box |
//! | windoku ([`Variant::with_windows`]) | the "windows": boxes of the box shape at offset 1, one cell apart |
//! | custom ([`Variant::with_house`]) | any list of N cells |
//!
//! The solver never looks at the variant: it sees only the houses of a
//! [`Geometry`](crate::Geometry), so new house-based variants need no solver change.

use core::fmt;
use core::str::FromStr;

use crate::shape::MAX_SIZE;

mod random;
pub use random::RandomRegionsError;

/// How the grid is divided into N regions besides rows and columns.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Regions {
    /// The rectangular boxes of the shape.
    #[default]
    Boxes,
    /// No regions: a Latin square.
    None,
    /// Irregular regions (jigsaw sudoku).
    Jigsaw(RegionMap),
}

/// A constraint variant: the regions and the extra houses.
///
/// ```
/// use sudoku_core::{Geometry, Shape, Variant};
///
/// let x = Variant::classic().with_diagonals();
/// let geo = Geometry::new(Shape::CLASSIC, &x)?;
/// assert_eq!(geo.house_count(), 27 + 2);
/// assert_eq!(geo.houses_of(sudoku_core::Cell::new(0)).len(), 4); // row, column, box, main diagonal
/// # Ok::<(), sudoku_core::VariantError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Variant {
    regions: Regions,
    diagonals: bool,
    disjoint_groups: bool,
    windows: bool,
    extra: Vec<Vec<u16>>,
}

impl Variant {
    /// Rows, columns and boxes.
    pub fn classic() -> Variant {
        Variant::default()
    }

    /// Rows and columns only (a Latin square).
    pub fn latin() -> Variant {
        Variant {
            regions: Regions::None,
            ..Variant::default()
        }
    }

    /// Rows, columns and the regions of `map` (jigsaw).
    pub fn jigsaw(map: RegionMap) -> Variant {
        Variant {
            regions: Regions::Jigsaw(map),
            ..Variant::default()
        }
    }

    /// The classic X variant: boxes and both diagonals.
    pub fn x() -> Variant {
        Variant::classic().with_diagonals()
    }

    /// Adds both main diagonals as houses (Sudoku X).
    pub fn with_diagonals(mut self) -> Variant {
        self.diagonals = true;
        self
    }

    /// Adds the disjoint groups: for each position inside a box, the N cells at that position
    /// in every box. Needs rectangular boxes (the groups follow the shape's boxes).
    pub fn with_disjoint_groups(mut self) -> Variant {
        self.disjoint_groups = true;
        self
    }

    /// Adds the windoku windows: box-shaped houses whose top-left corners are at rows
    /// `1 + k (box_rows + 1)` and columns `1 + k (box_cols + 1)` while they fit (four windows
    /// on 9×9).
    pub fn with_windows(mut self) -> Variant {
        self.windows = true;
        self
    }

    /// Adds a custom house: N cells that must hold every symbol once (checked by
    /// [`Geometry::new`](crate::Geometry::new)).
    pub fn with_house(mut self, cells: impl IntoIterator<Item = usize>) -> Variant {
        self.extra.push(
            cells
                .into_iter()
                .map(|c| c.min(u16::MAX as usize) as u16)
                .collect(),
        );
        self
    }

    /// The regions.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    /// Are the diagonals houses?
    pub fn has_diagonals(&self) -> bool {
        self.diagonals
    }

    /// Are the disjoint groups houses?
    pub fn has_disjoint_groups(&self) -> bool {
        self.disjoint_groups
    }

    /// Are the windoku windows houses?
    pub fn has_windows(&self) -> bool {
        self.windows
    }

    /// The custom houses.
    pub fn extra_houses(&self) -> &[Vec<u16>] {
        &self.extra
    }

    /// True for the plain classic rules (rectangular boxes, nothing added).
    pub fn is_classic(&self) -> bool {
        *self == Variant::classic()
    }
}

/// The regions of a jigsaw grid: for each cell (row-major) the index of its region, regions
/// numbered 0.. in order of first appearance.
///
/// Text form: N lines of N non-space characters, one label per region (any characters: `A`–`Y`,
/// digits…), blank lines and spaces ignored; or the N×N labels row by row on one line (the
/// 81-character map of a 9×9 jigsaw; errors then count the rows of N as lines). `Display`
/// prints N lines of labels `A`, `B`, … by region index, so parse∘print∘parse is the
/// identity.
///
/// ```
/// use sudoku_core::RegionMap;
///
/// let map: RegionMap = "AABB\nAABB\nCCDD\nCDCD".parse()?;
/// assert_eq!(map, "AABBAABBCCDDCDCD".parse()?);
/// assert_eq!(map.size(), 4);
/// assert_eq!(map.region(13), 3);
/// assert_eq!(map.to_string(), "AABB\nAABB\nCCDD\nCDCD\n");
/// # Ok::<(), sudoku_core::ParseRegionMapError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct RegionMap {
    size: usize,
    regions: Vec<u8>,
}

/// A region map that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseRegionMapError {
    /// No cell at all.
    #[error("empty region map")]
    Empty,
    /// The first line is longer than 25 cells.
    #[error("line {line}: {len} cells, more than 25")]
    TooWide {
        /// Line number (1-based).
        line: usize,
        /// Cells on that line.
        len: usize,
    },
    /// A line has a different number of cells from the first line.
    #[error("line {line}: {found} cells where {expected} were expected")]
    LineLength {
        /// Line number (1-based).
        line: usize,
        /// Cells expected (N).
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// There are not N lines of cells.
    #[error("{found} lines of cells where {expected} were expected")]
    LineCount {
        /// N.
        expected: usize,
        /// Lines found.
        found: usize,
    },
    /// More than N distinct labels.
    #[error("line {line}, column {column}: label {label:?} makes more than {size} regions")]
    TooManyRegions {
        /// Line number (1-based).
        line: usize,
        /// Column (1-based, in characters).
        column: usize,
        /// The label.
        label: char,
        /// N.
        size: usize,
    },
    /// A region does not have N cells.
    #[error("region {label:?} has {count} cells where {size} are needed")]
    RegionSize {
        /// The label.
        label: char,
        /// Cells with that label.
        count: usize,
        /// N.
        size: usize,
    },
    /// The text is longer than [`RegionMap::MAX_TEXT_LEN`] bytes; it was not read.
    #[error("a text of {len} bytes, more than the {max} read")]
    TooLong {
        /// Bytes given.
        len: usize,
        /// The limit, [`RegionMap::MAX_TEXT_LEN`].
        max: usize,
    },
}

/// A region map built from raw region indices that is not valid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RegionMapError {
    /// The number of cells is not the square of a side in 1..=25.
    #[error("{count} cells is not N×N for a side N in 1..=25")]
    Length {
        /// Cells given.
        count: usize,
    },
    /// A region index is N or more.
    #[error("r{}c{} is in region {region}, not below {size}", .cell / .size + 1, .cell % .size + 1)]
    Index {
        /// The cell.
        cell: usize,
        /// Its region.
        region: u8,
        /// N.
        size: usize,
    },
    /// A region does not have N cells.
    #[error("region {region} has {count} cells where {size} are needed")]
    RegionSize {
        /// The region.
        region: usize,
        /// Its cell count.
        count: usize,
        /// N.
        size: usize,
    },
}

impl RegionMap {
    /// The longest text, in bytes, that [`RegionMap`]'s `FromStr` reads: the
    /// [`Grid::MAX_TEXT_LEN`](crate::Grid::MAX_TEXT_LEN) of every grid reader.
    ///
    /// ```
    /// use sudoku_core::{ParseRegionMapError, RegionMap};
    /// let err = "A".repeat(RegionMap::MAX_TEXT_LEN + 1).parse::<RegionMap>().unwrap_err();
    /// assert!(matches!(err, ParseRegionMapError::TooLong { .. }));
    /// ```
    pub const MAX_TEXT_LEN: usize = crate::format::MAX_TEXT_LEN;

    /// A map from region indices (row-major, each in 0..N, each region N cells). Regions are
    /// renumbered in order of first appearance, as in the text form.
    ///
    /// # Errors
    /// [`RegionMapError`] if the length is not a square N×N (N ≤ 25), an index is out of
    /// range or a region does not have N cells.
    pub fn new(regions: impl Into<Vec<u8>>) -> Result<RegionMap, RegionMapError> {
        let regions = regions.into();
        let count = regions.len();
        let size = (1..=MAX_SIZE)
            .find(|n| n * n == count)
            .ok_or(RegionMapError::Length { count })?;
        let mut counts = vec![0usize; size];
        for (cell, &r) in regions.iter().enumerate() {
            if r as usize >= size {
                return Err(RegionMapError::Index {
                    cell,
                    region: r,
                    size,
                });
            }
            counts[r as usize] += 1;
        }
        if let Some((region, &count)) = counts.iter().enumerate().find(|(_, c)| **c != size) {
            return Err(RegionMapError::RegionSize {
                region,
                count,
                size,
            });
        }
        // Renumber by first appearance, as the text form does.
        let regions = renumbered(&regions);
        Ok(RegionMap { size, regions })
    }

    /// The side N.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The region of a cell.
    ///
    /// # Panics
    /// If `cell >= N×N`.
    pub fn region(&self, cell: usize) -> usize {
        self.regions[cell] as usize
    }

    /// Region index of every cell, row-major.
    pub fn regions(&self) -> &[u8] {
        &self.regions
    }
}

/// Region indices renumbered in order of first appearance (the form a [`RegionMap`] keeps).
fn renumbered(regions: &[u8]) -> Vec<u8> {
    let mut map = [u8::MAX; 256];
    let mut next = 0u8;
    regions
        .iter()
        .map(|&r| {
            if map[r as usize] == u8::MAX {
                map[r as usize] = next;
                next += 1;
            }
            map[r as usize]
        })
        .collect()
}

impl FromStr for RegionMap {
    type Err = ParseRegionMapError;

    fn from_str(s: &str) -> Result<RegionMap, ParseRegionMapError> {
        let mut labels: Vec<char> = Vec::new();
        let mut counts: Vec<usize> = Vec::new();
        let mut regions: Vec<u8> = Vec::new();
        let mut size = 0usize;
        let mut rows = 0usize;
        if s.len() > crate::format::MAX_TEXT_LEN {
            return Err(ParseRegionMapError::TooLong {
                len: s.len(),
                max: crate::format::MAX_TEXT_LEN,
            });
        }
        // One line of N×N labels: the map row by row.
        let mut lines = s.lines().filter(|l| !l.trim().is_empty());
        if let (Some(line), None) = (lines.next(), lines.next()) {
            let labels: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            if let Some(n) = (2..=MAX_SIZE).find(|n| n * n == labels.len()) {
                let rows: String = labels
                    .chunks(n)
                    .flat_map(|row| row.iter().copied().chain(['\n']))
                    .collect();
                return rows.parse();
            }
        }
        // Holds one line's cells at most (up to 25): never more than the largest map.
        let mut cells: Vec<(usize, char)> = Vec::with_capacity(MAX_SIZE);
        for (li, line) in s.lines().enumerate() {
            let mut labels_of_line = line.chars().enumerate().filter(|(_, c)| !c.is_whitespace());
            cells.clear();
            cells.extend(labels_of_line.by_ref().take(MAX_SIZE + 1));
            if cells.is_empty() {
                continue;
            }
            let len = cells.len() + labels_of_line.count();
            if rows == 0 {
                size = len;
                if size > MAX_SIZE {
                    return Err(ParseRegionMapError::TooWide {
                        line: li + 1,
                        len: size,
                    });
                }
            } else if len != size {
                return Err(ParseRegionMapError::LineLength {
                    line: li + 1,
                    expected: size,
                    found: len,
                });
            }
            rows += 1;
            if rows > size {
                return Err(ParseRegionMapError::LineCount {
                    expected: size,
                    found: rows,
                });
            }
            for &(col, c) in &cells {
                let idx = match labels.iter().position(|&l| l == c) {
                    Some(i) => i,
                    None => {
                        if labels.len() == size {
                            return Err(ParseRegionMapError::TooManyRegions {
                                line: li + 1,
                                column: col + 1,
                                label: c,
                                size,
                            });
                        }
                        labels.push(c);
                        counts.push(0);
                        labels.len() - 1
                    }
                };
                counts[idx] += 1;
                regions.push(idx as u8);
            }
        }
        if rows == 0 {
            return Err(ParseRegionMapError::Empty);
        }
        if rows != size {
            return Err(ParseRegionMapError::LineCount {
                expected: size,
                found: rows,
            });
        }
        if let Some(i) = counts.iter().position(|&c| c != size) {
            return Err(ParseRegionMapError::RegionSize {
                label: labels[i],
                count: counts[i],
                size,
            });
        }
        if labels.len() != size {
            // Fewer labels than N with N cells each cannot fill N×N cells.
            return Err(ParseRegionMapError::RegionSize {
                label: labels[0],
                count: counts[0],
                size,
            });
        }
        Ok(RegionMap { size, regions })
    }
}

impl fmt::Display for RegionMap {
    /// N lines of N labels `A`, `B`, … (region index order), each line ending with `\n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.regions.chunks(self.size.max(1)) {
            for &r in row {
                write!(f, "{}", (b'A' + r) as char)?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl TryFrom<String> for RegionMap {
    type Error = ParseRegionMapError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<RegionMap> for String {
    fn from(m: RegionMap) -> String {
        m.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn region_map_errors() {
        assert_eq!("".parse::<RegionMap>(), Err(ParseRegionMapError::Empty));
        assert_eq!(
            "AB\nABC".parse::<RegionMap>(),
            Err(ParseRegionMapError::LineLength {
                line: 2,
                expected: 2,
                found: 3
            })
        );
        assert_eq!(
            "AB\nCA".parse::<RegionMap>(),
            Err(ParseRegionMapError::TooManyRegions {
                line: 2,
                column: 1,
                label: 'C',
                size: 2
            })
        );
        assert_eq!(
            "AA\nAB".parse::<RegionMap>(),
            Err(ParseRegionMapError::RegionSize {
                label: 'A',
                count: 3,
                size: 2
            })
        );
        assert_eq!(
            "AB\nAB\nAB".parse::<RegionMap>(),
            Err(ParseRegionMapError::LineCount {
                expected: 2,
                found: 3
            })
        );
        assert!(matches!(
            RegionMap::new(vec![0, 0, 1]),
            Err(RegionMapError::Length { count: 3 })
        ));
        assert!(matches!(
            RegionMap::new(vec![0, 0, 0, 1]),
            Err(RegionMapError::RegionSize { .. })
        ));
    }

    #[test]
    fn region_map_round_trip() {
        let text = "1 1 2 2\n1 1 2 2\n\n3 3 4 4\n3 4 3 4\n";
        let m: RegionMap = text.parse().unwrap();
        let printed = m.to_string();
        assert_eq!(printed, "AABB\nAABB\nCCDD\nCDCD\n");
        assert_eq!(printed.parse::<RegionMap>().unwrap(), m);
        assert_eq!(RegionMap::new(m.regions().to_vec()).unwrap(), m);
    }
}
