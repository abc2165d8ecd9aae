//! [`Position`]: a grid with its pencil marks, stepped by hints. The hints are the rater's own
//! steps: [`Rater::next_step`] is the first step [`Rater::rate`] would take from the position,
//! and playing the steps one by one solves the puzzle.
//!
//! A position is made from a puzzle ([`Position::new`]), or read from the pencil marks of a
//! player (`FromStr`, [`Position::parse_in`],
//! [`Position::with_marks`]) in either of the two common one-line forms:
//!
//! - **cells**: one token per cell, row by row: a digit is a placed digit, `.` or `0` an empty
//!   cell with every candidate its houses leave (`-`, `*`, `_` too), and `[…]` an empty cell with those
//!   candidates only (`[5]` is a cell with one candidate left, not yet placed). A plain
//!   puzzle line is this form without brackets: `[129].3[48]…`;
//! - **candidate string**: N characters per cell (729 for a 9×9 grid), character `d` of a
//!   cell being digit `d` when it is a candidate and `.` or `0` when it is not
//!   (`1.3......` holds 1 and 3). A cell with a single candidate is read as placed: this form
//!   cannot tell a placed digit from a last candidate.
//!
//! Digits are `1`–`9` then `A`, `B`, … for grids of side 10 and more. Candidates that a
//! placed digit of the same house rules out are dropped (a player may not have erased them
//! yet); a cell left with no candidate, a digit outside the grid or two equal placed digits
//! in one house are refused with an error naming the cell. [`Display`](core::fmt::Display)
//! writes the cells form, [`Position::candidate_string`] the other.

use core::fmt;
use core::str::FromStr;
use std::sync::Arc;

use sudoku_core::{Alphabet, Candidates, Cell, Geometry, Grid, Puzzle, PuzzleError, Shape};

use crate::rules::Rules;
use crate::state::{State, bit, digits};
use crate::{GradeError, Step};

#[cfg(doc)]
use crate::Rater;

/// A puzzle being solved: its digits and the candidates still open (eliminations are
/// remembered), under the puzzle's rules.
///
/// ```
/// use sudoku_core::Puzzle;
/// use sudoku_grade::{Position, Rater};
///
/// let puzzle = Puzzle::classic(
///     "000000010400000000020000000000050407008000300001090000300400200050100000000806000".parse()?,
/// )?;
/// let mut position = Position::new(&puzzle);
/// let rater = Rater::new();
/// let mut steps = 0;
/// while !position.is_solved() {
///     let step = rater.next_step(&position)?;
///     position.play(&step)?;
///     steps += 1;
/// }
/// assert!(steps >= 64);
/// assert!(position.grid().is_complete());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    rules: Rules,
    st: State,
    /// Read from pencil marks: its candidates may say more (or less) than its digits.
    marked: bool,
}

impl Position {
    /// The position of a puzzle: its givens, and every candidate they leave.
    pub fn new(puzzle: &Puzzle) -> Position {
        let rules = Rules::new(Arc::clone(puzzle.geometry()));
        let st = State::new(&rules, puzzle.cells());
        Position {
            rules,
            st,
            marked: false,
        }
    }

    /// A position from raw pencil marks under the rules of `geometry`: `values` the placed
    /// digits (0 for an empty cell), `candidates` the candidates of each empty cell (ignored
    /// for a placed one). Candidates that a placed digit of one of the cell's houses rules
    /// out are dropped.
    ///
    /// ```
    /// use sudoku_core::{Candidates, Cell, Geometry, Shape};
    /// use sudoku_grade::{Position, PositionError};
    ///
    /// let geometry = Geometry::classic(Shape::new(2, 2)?);
    /// let mut values = vec![0u8; 16];
    /// values[0] = 1;
    /// let mut marks = vec![Candidates::from_values([1, 2, 3, 4]); 16];
    /// marks[1] = Candidates::from_values([2, 3]);
    /// let position = Position::with_marks(geometry.clone(), &values, &marks)?;
    /// assert_eq!(position.candidates(Cell::new(1)), Candidates::from_values([2, 3]));
    /// assert_eq!(position.candidates(Cell::new(4)), Candidates::from_values([2, 3, 4]));
    ///
    /// marks[1] = Candidates::from_values([1]); // only the digit placed beside it
    /// let err = Position::with_marks(geometry, &values, &marks).unwrap_err();
    /// assert_eq!(err.to_string(), "r1c2 has no candidate left (1 is placed in one of its houses)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PositionError::Cells`] if `values` or `candidates` do not have one entry per cell,
    /// [`PositionError::Digit`] for a digit outside 1..=N, [`PositionError::Puzzle`] if two
    /// placed digits clash in a house, [`PositionError::NoCandidate`] for an empty cell left
    /// with no candidate.
    pub fn with_marks(
        geometry: Arc<Geometry>,
        values: &[u8],
        candidates: &[Candidates],
    ) -> Result<Position, PositionError> {
        let shape = geometry.shape();
        let count = shape.cell_count();
        for found in [values.len(), candidates.len()] {
            if found != count {
                return Err(PositionError::Cells {
                    found,
                    expected: Some(count),
                });
            }
        }
        let n = shape.size();
        let full = Candidates::all(n);
        for (c, &v) in values.iter().enumerate() {
            if usize::from(v) > n {
                return Err(PositionError::Digit {
                    cell: Cell::new(c),
                    digit: v,
                    shape,
                });
            }
            if v == 0
                && let Some(d) = candidates[c].iter().find(|&d| usize::from(d) > n)
            {
                return Err(PositionError::Digit {
                    cell: Cell::new(c),
                    digit: d,
                    shape,
                });
            }
        }
        let grid = Grid::new(shape, values.to_vec()).map_err(|_| PositionError::Cells {
            found: values.len(),
            expected: Some(count),
        })?;
        Puzzle::new(grid, Arc::clone(&geometry))?;
        let rules = Rules::new(geometry);
        let mut st = State {
            values: vec![0; count],
            cand: candidates.iter().map(|c| c.bits() & full.bits()).collect(),
            empty: count,
        };
        for (c, &v) in values.iter().enumerate() {
            if v != 0 {
                st.place(&rules, Cell::new(c), v);
            }
        }
        let empty = (0..count).find(|&c| st.values[c] == 0 && st.cand[c] == 0);
        if let Some(c) = empty {
            let cell = Cell::new(c);
            let placed = candidates[c]
                .iter()
                .find(|&d| rules.geo.peers(cell).iter().any(|p| values[p.index()] == d));
            return Err(PositionError::NoCandidate {
                cell,
                shape,
                placed,
            });
        }
        Ok(Position {
            rules,
            st,
            marked: true,
        })
    }

    /// Reads a position in one of the two pencil-mark forms of the [module
    /// documentation](self), under the rules of `geometry` (a variant: X, jigsaw…).
    ///
    /// ```
    /// use sudoku_core::{Geometry, Shape, Variant};
    /// use sudoku_grade::Position;
    /// let x = Geometry::new(Shape::new(2, 2)?, &Variant::x())?;
    /// let position = Position::parse_in("1[234][234][234]....[234]...[1234]...", x.into())?;
    /// assert_eq!(position.empty_cells(), 15);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As `FromStr`, and [`PositionError::Shape`] when the text is of
    /// another size than `geometry`.
    pub fn parse_in(text: &str, geometry: Arc<Geometry>) -> Result<Position, PositionError> {
        let marks = Marks::read(text)?;
        if marks.shape.size() != geometry.size() {
            return Err(PositionError::Shape {
                found: marks.shape.size(),
                expected: geometry.size(),
            });
        }
        marks.position(geometry)
    }

    /// Was it read from pencil marks (rather than made from a puzzle)? Its solutions are then
    /// those of its candidates, not only of its digits.
    pub fn is_marked(&self) -> bool {
        self.marked
    }

    /// The position as a candidate string: N characters per cell, the `d`-th being digit `d`
    /// when it is a candidate (or the placed digit), `.` otherwise (see the [module
    /// documentation](self)).
    ///
    /// ```
    /// use sudoku_grade::Position;
    /// let p: Position = "1...........[23]..[1234]".parse()?;
    /// let s = p.candidate_string();
    /// assert_eq!(s.len(), 64);
    /// assert_eq!(&s[..8], "1....234");
    /// assert_eq!(&s[48..52], ".23.");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn candidate_string(&self) -> String {
        let n = self.rules.n;
        let alphabet = Alphabet::standard(n);
        let mut s = String::with_capacity(self.rules.ncells * n);
        for c in 0..self.rules.ncells {
            let mask = match self.st.values[c] {
                0 => self.st.cand[c],
                v => bit(v),
            };
            for d in 1..=n as u8 {
                s.push(if mask & bit(d) != 0 {
                    alphabet.symbol(d).unwrap_or('?')
                } else {
                    '.'
                });
            }
        }
        s
    }

    pub(crate) fn rules(&self) -> &Rules {
        &self.rules
    }

    pub(crate) fn state(&self) -> &State {
        &self.st
    }

    /// The rules (houses) of the puzzle.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.rules.geo
    }

    /// The digits placed so far.
    pub fn grid(&self) -> Grid {
        Grid::new(self.rules.geo.shape(), self.st.values.clone())
            .unwrap_or_else(|_| unreachable!("the values of a position fit its shape"))
    }

    /// The candidates of a cell (empty for a filled cell).
    ///
    /// # Panics
    /// If `cell` is outside the grid.
    pub fn candidates(&self, cell: Cell) -> Candidates {
        Candidates::from_bits(self.st.cand[cell.index()])
    }

    /// Every cell filled?
    pub fn is_solved(&self) -> bool {
        self.st.empty == 0
    }

    /// Empty cells left.
    pub fn empty_cells(&self) -> usize {
        self.st.empty
    }

    /// Would [`play`](Self::play) accept `step`, and if not, why?
    ///
    /// # Errors
    /// [`GradeError::BadStep`] if the step is for a grid of another shape, a cell is outside
    /// the grid, a digit outside 1..=N, the placed digit is not a candidate of an empty cell,
    /// or it is both placed and eliminated.
    pub fn check(&self, step: &Step) -> Result<(), GradeError> {
        let shape = self.rules.geo.shape();
        let n = self.rules.n;
        let bad = |what: String| Err(GradeError::BadStep(what));
        if step.shape != shape {
            return bad(format!("a step of a {} grid on a {shape} grid", step.shape));
        }
        for c in step.eliminations.iter().chain(step.placement.iter()) {
            if c.cell.index() >= self.rules.ncells {
                return bad(format!("{} is outside the grid", c.cell.display(shape)));
            }
            if c.digit == 0 || c.digit as usize > n {
                return bad(format!("digit {} is outside 1..={n}", c.digit));
            }
        }
        if let Some(p) = step.placement {
            let i = p.cell.index();
            if self.st.values[i] != 0 || self.st.cand[i] & bit(p.digit) == 0 {
                return bad(format!("{} is not a candidate", p.display(shape)));
            }
            if step.eliminations.contains(&p) {
                return bad(format!("{} is placed and eliminated", p.display(shape)));
            }
        }
        Ok(())
    }

    /// Does [`play`](Self::play) accept `step`?
    pub fn is_legal(&self, step: &Step) -> bool {
        self.check(step).is_ok()
    }

    /// Plays a step: removes its eliminations, places its digit (removing it from the
    /// peers). The position is unchanged on error.
    ///
    /// # Errors
    /// As [`check`](Self::check).
    pub fn play(&mut self, step: &Step) -> Result<(), GradeError> {
        self.check(step)?;
        for e in &step.eliminations {
            self.st.eliminate(e.cell, e.digit);
        }
        if let Some(p) = step.placement {
            self.st.place(&self.rules, p.cell, p.digit);
        }
        Ok(())
    }
}

impl fmt::Display for Position {
    /// The cells form: a placed digit, or `[…]` with the candidates of an empty cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alphabet = Alphabet::standard(self.rules.n);
        let sym = |d: u8| alphabet.symbol(d).unwrap_or('?');
        for c in 0..self.rules.ncells {
            match self.st.values[c] {
                0 => {
                    f.write_str("[")?;
                    for d in digits(self.st.cand[c]) {
                        write!(f, "{}", sym(d))?;
                    }
                    f.write_str("]")?;
                }
                v => write!(f, "{}", sym(v))?,
            }
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = PositionError;

    /// Reads a position in one of the two pencil-mark forms of the [module
    /// documentation](self) under the classic rules of its size (16, 36, 64, 81, 144, 256 or
    /// 625 cells; `N³` characters for a candidate string). Leading and trailing whitespace is
    /// ignored.
    ///
    /// ```
    /// use sudoku_core::{Candidates, Cell};
    /// use sudoku_grade::{Position, PositionError};
    ///
    /// // A 4×4 grid: 16 cells.
    /// let p: Position = "[12]3[124].............".parse()?;
    /// assert_eq!(p.candidates(Cell::new(0)), Candidates::from_values([1, 2]));
    /// assert_eq!(p.grid().get(1), 3);
    /// assert_eq!(p.to_string().parse::<Position>()?.to_string(), p.to_string());
    ///
    /// let err = "[12]3[".parse::<Position>().unwrap_err();
    /// assert_eq!(err, PositionError::Unclosed { column: 6 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(text: &str) -> Result<Position, PositionError> {
        let marks = Marks::read(text)?;
        let geometry = Geometry::classic(marks.shape);
        marks.position(geometry)
    }
}

/// The longest text [`Position`]'s `FromStr` and [`Position::parse_in`] read, in bytes after
/// leading and trailing whitespace: 32 KiB, room for the longest form of the largest grid (a
/// 25×25 grid in the cells form with every candidate in brackets, 16,875 characters). A
/// longer text is refused with [`PositionError::TooLong`] before it is read.
pub const MAX_TEXT: usize = 32 * 1024;

/// Why a text or raw pencil marks are not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// Not a number of cells of a grid (a candidate string holds N characters per cell).
    #[error("{found} cells: a position holds {} cells, or N characters per cell in a candidate string", match .expected { Some(n) => n.to_string(), None => "16, 36, 64, 81, 144, 256 or 625 (N × N)".to_owned() })]
    Cells {
        /// The cells (tokens) found.
        found: usize,
        /// The count expected, when the size is known.
        expected: Option<usize>,
    },
    /// A character that is neither a digit, an empty cell (`.`, `0`) nor a bracket.
    #[error("column {column}: unexpected character {character:?}")]
    Character {
        /// Its 1-based position in the text (in characters).
        column: usize,
        /// The character.
        character: char,
    },
    /// A `[` without its `]`, or a `[` inside brackets.
    #[error("column {column}: '[' without its ']'")]
    Unclosed {
        /// The 1-based position of the `[` (in characters).
        column: usize,
    },
    /// A digit outside 1..=N.
    #[error("{}: digit {digit} is outside 1..={}", cell.display(*shape), shape.size())]
    Digit {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: u8,
        /// The shape of the grid.
        shape: Shape,
    },
    /// In a candidate string, a digit that is not at its own place in the cell's N
    /// characters.
    #[error("{}: {character:?} stands at place {place} of the cell's characters, where only {} or '.' may be", cell.display(*shape), expected)]
    Misplaced {
        /// The cell.
        cell: Cell,
        /// The character.
        character: char,
        /// Its 1-based place among the cell's characters.
        place: usize,
        /// The digit that may stand there.
        expected: char,
        /// The shape of the grid.
        shape: Shape,
    },
    /// An empty cell with no candidate left.
    #[error("{} has no candidate left{}", cell.display(*shape), match .placed { Some(d) => format!(" ({d} is placed in one of its houses)"), None => String::new() })]
    NoCandidate {
        /// The cell.
        cell: Cell,
        /// The shape of the grid.
        shape: Shape,
        /// A candidate it had that a placed digit of its houses rules out, if any.
        placed: Option<u8>,
    },
    /// Two placed digits clash in a house (or the rules are of another shape).
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// The text is longer than [`MAX_TEXT`] bytes.
    #[error("{length} bytes: a position is at most {max} bytes long")]
    TooLong {
        /// Its length in bytes (whitespace around it left out).
        length: usize,
        /// [`MAX_TEXT`].
        max: usize,
    },
    /// The text is of another size than the rules it is read under.
    #[error("a position of side {found} for rules of side {expected}")]
    Shape {
        /// The side of the text.
        found: usize,
        /// The side of the rules.
        expected: usize,
    },
}

/// Pencil marks read from text: placed digits and candidates, before validation.
struct Marks {
    shape: Shape,
    values: Vec<u8>,
    candidates: Vec<Candidates>,
}

/// One token of the cells form.
enum Token {
    /// A character (a digit or an empty marker) at a column.
    Char(usize, char),
    /// A bracketed set: its characters with their columns.
    Set(Vec<(usize, char)>),
}

/// The empty markers of the one-line format: `.`, `0`, `-`, `*`, `_`.
fn is_empty_marker(c: char) -> bool {
    matches!(c, '.' | '0' | '-' | '*' | '_')
}

impl Marks {
    fn read(text: &str) -> Result<Marks, PositionError> {
        let text = text.trim();
        if text.len() > MAX_TEXT {
            return Err(PositionError::TooLong {
                length: text.len(),
                max: MAX_TEXT,
            });
        }
        let chars: Vec<char> = text.chars().collect();
        if !text.contains(['[', ']'])
            && let Some(marks) = Marks::candidate_string(&chars)?
        {
            return Ok(marks);
        }
        let mut tokens = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let column = i + 1;
            match chars[i] {
                '[' => {
                    let mut set = Vec::new();
                    i += 1;
                    loop {
                        match chars.get(i) {
                            None | Some('[') => return Err(PositionError::Unclosed { column }),
                            Some(']') => break,
                            Some(&c) => set.push((i + 1, c)),
                        }
                        i += 1;
                    }
                    tokens.push(Token::Set(set));
                }
                c => tokens.push(Token::Char(column, c)),
            }
            i += 1;
        }
        // The characters before the size is known: anything but digits, letters and empty
        // markers is refused first.
        for t in &tokens {
            let chars: Vec<(usize, char)> = match t {
                Token::Char(col, c) => vec![(*col, *c)],
                Token::Set(s) => s.clone(),
            };
            for (column, character) in chars {
                if !(character.is_ascii_alphanumeric() || is_empty_marker(character)) {
                    return Err(PositionError::Character { column, character });
                }
            }
        }
        let shape = Shape::from_cell_count(tokens.len()).ok_or(PositionError::Cells {
            found: tokens.len(),
            expected: None,
        })?;
        let n = shape.size();
        let alphabet = Alphabet::standard(n);
        let mut values = vec![0u8; tokens.len()];
        let all = Candidates::all(n);
        let mut candidates = vec![all; tokens.len()];
        let value = |cell: usize, column: usize, c: char| -> Result<u8, PositionError> {
            match alphabet.value(c) {
                Some(v) => Ok(v),
                None => match Alphabet::standard(25).value(c) {
                    // A digit of a larger grid.
                    Some(digit) => Err(PositionError::Digit {
                        cell: Cell::new(cell),
                        digit,
                        shape,
                    }),
                    None => Err(PositionError::Character {
                        column,
                        character: c,
                    }),
                },
            }
        };
        for (cell, t) in tokens.iter().enumerate() {
            match t {
                Token::Char(_, c) if is_empty_marker(*c) => {}
                Token::Char(col, c) => values[cell] = value(cell, *col, *c)?,
                Token::Set(set) => {
                    let mut m = Candidates::EMPTY;
                    for &(col, c) in set {
                        m.insert(value(cell, col, c)?);
                    }
                    candidates[cell] = m;
                }
            }
        }
        Ok(Marks {
            shape,
            values,
            candidates,
        })
    }

    /// The candidate-string form, when the text is one: N³ characters, each a digit at its
    /// own place or an empty marker. A text of 64 characters is also an 8×8 puzzle line: it
    /// is read as a candidate string only when every digit stands at its own place.
    fn candidate_string(chars: &[char]) -> Result<Option<Marks>, PositionError> {
        let Some(n) = (2..=25usize).find(|n| n * n * n == chars.len()) else {
            return Ok(None);
        };
        let Some(shape) = Shape::for_size(n) else {
            return Ok(None);
        };
        let alphabet = Alphabet::standard(n);
        let placed = |i: usize, c: char| alphabet.value(c) == Some((i % n) as u8 + 1);
        let ambiguous = Shape::from_cell_count(chars.len()).is_some();
        if ambiguous
            && !chars
                .iter()
                .enumerate()
                .all(|(i, &c)| is_empty_marker(c) || placed(i, c))
        {
            return Ok(None);
        }
        let cells = n * n;
        let mut values = vec![0u8; cells];
        let mut candidates = vec![Candidates::EMPTY; cells];
        for (i, &c) in chars.iter().enumerate() {
            let cell = i / n;
            if is_empty_marker(c) {
                continue;
            }
            if !placed(i, c) {
                if alphabet.value(c).is_none() && !c.is_ascii_alphanumeric() {
                    return Err(PositionError::Character {
                        column: i + 1,
                        character: c,
                    });
                }
                return Err(PositionError::Misplaced {
                    cell: Cell::new(cell),
                    character: c,
                    place: i % n + 1,
                    expected: alphabet.symbol((i % n) as u8 + 1).unwrap_or('?'),
                    shape,
                });
            }
            candidates[cell].insert((i % n) as u8 + 1);
        }
        for (v, m) in values.iter_mut().zip(&candidates) {
            if m.len() == 1 {
                *v = m.iter().next().unwrap_or(0);
            }
        }
        Ok(Some(Marks {
            shape,
            values,
            candidates,
        }))
    }

    /// The validated position; a text without brackets is a plain puzzle.
    fn position(self, geometry: Arc<Geometry>) -> Result<Position, PositionError> {
        let mut p = Position::with_marks(geometry, &self.values, &self.candidates)?;
        let all = self.candidates.iter().all(|m| m.len() == self.shape.size());
        p.marked = !all;
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Candidate, Rater};
    use sudoku_core::Shape;

    #[test]
    fn refused_steps_leave_the_position_unchanged() {
        let puzzle = Puzzle::classic(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap(),
        )
        .unwrap();
        let mut position = Position::new(&puzzle);
        let step = Rater::new().next_step(&position).unwrap();
        assert!(position.is_legal(&step));
        let before = position.grid();
        let mut other = step.clone();
        other.shape = Shape::new(2, 2).unwrap();
        let mut outside = step.clone();
        outside.eliminations.push(Candidate {
            cell: Cell::new(81),
            digit: 1,
        });
        let mut both = step.clone();
        both.eliminations.push(step.placement.unwrap());
        for bad in [other, outside, both] {
            assert!(matches!(position.play(&bad), Err(GradeError::BadStep(_))));
            assert_eq!(position.grid(), before);
        }
        position.play(&step).unwrap();
        assert_eq!(position.empty_cells(), 48);
        assert!(!position.is_legal(&step), "placed twice");
    }
}
