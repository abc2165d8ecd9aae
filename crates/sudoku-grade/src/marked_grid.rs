//! [`MarkedGrid`]: a grid with its pencil marks, stepped by hints, read from text.

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
/// remembered), under the puzzle's rules: a grid with its pencil marks.
///
/// The hints are the rater's own steps: [`Rater::next_step`] is the first step
/// [`Rater::rate`] would take from the grid, and playing the steps one by one
/// ([`play`](Self::play)) solves the puzzle.
///
/// # Text forms
///
/// A marked grid is made from a puzzle ([`MarkedGrid::new`]), or read from the pencil marks
/// of a player (`FromStr`, [`MarkedGrid::parse_in`], [`MarkedGrid::with_marks`]) in either
/// of the two common one-line forms:
///
/// - **cells**: one token per cell, row by row: a digit is a placed digit, `.` or `0` an
///   empty cell with every candidate its houses leave (`-`, `*`, `_` too), and `[…]` an
///   empty cell with those candidates only (`[5]` is a cell with one candidate left, not
///   yet placed). A plain puzzle line is this form without brackets: `[129].3[48]…`;
/// - **candidate string**: N characters per cell (729 for a 9×9 grid), character `d` of a
///   cell being digit `d` when it is a candidate and `.` or `0` when it is not
///   (`1.3......` holds 1 and 3). A cell with a single candidate is read as placed: this
///   form cannot tell a placed digit from a last candidate.
///
/// Digits are `1`–`9` then `A`, `B`, … for grids of side 10 and more. Candidates that a
/// placed digit of the same house rules out are dropped (a player may not have erased them
/// yet); a cell left with no candidate, a digit outside the grid or two equal placed digits
/// in one house are refused with an error naming the cell ([`MarkedGridError`]).
/// [`Display`](core::fmt::Display) writes the cells form,
/// [`candidate_string`](Self::candidate_string) the other. A text is at most
/// [`MAX_TEXT_LEN`](Self::MAX_TEXT_LEN) bytes long.
///
/// ```
/// use sudoku_core::Puzzle;
/// use sudoku_grade::{MarkedGrid, Rater};
///
/// let puzzle = Puzzle::classic(
///     "000000010400000000020000000000050407008000300001090000300400200050100000000806000".parse()?,
/// )?;
/// let mut grid = MarkedGrid::new(&puzzle);
/// let rater = Rater::new();
/// let mut steps = 0;
/// while !grid.is_solved() {
///     let step = rater.next_step(&grid)?;
///     grid.play(&step)?;
///     steps += 1;
/// }
/// assert!(steps >= 64);
/// assert!(grid.grid().is_complete());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct MarkedGrid {
    rules: Rules,
    st: State,
    /// Read from pencil marks: its candidates may say more (or less) than its digits.
    marked: bool,
}

impl MarkedGrid {
    /// The longest text `FromStr` and [`MarkedGrid::parse_in`] read, in bytes after leading
    /// and trailing whitespace: 32 KiB, room for the longest form of the largest grid (a
    /// 25×25 grid in the cells form with every candidate in brackets, 16,875 characters). A
    /// longer text is refused with [`MarkedGridError::TooLong`] before it is read.
    ///
    /// ```
    /// use sudoku_grade::{MarkedGrid, MarkedGridError};
    /// let long = ".".repeat(MarkedGrid::MAX_TEXT_LEN + 1);
    /// assert!(matches!(long.parse::<MarkedGrid>(), Err(MarkedGridError::TooLong { .. })));
    /// ```
    pub const MAX_TEXT_LEN: usize = 32 * 1024;

    /// The marked grid of a puzzle: its givens, and every candidate they leave.
    ///
    /// ```
    /// use sudoku_core::{Candidates, Cell, Puzzle};
    /// use sudoku_grade::MarkedGrid;
    /// let grid = MarkedGrid::new(&Puzzle::classic("123.............".parse()?)?);
    /// assert_eq!(grid.candidates(Cell::new(3)), Candidates::from_values([4]));
    /// assert_eq!((grid.empty_cells(), grid.is_marked()), (13, false));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(puzzle: &Puzzle) -> MarkedGrid {
        let rules = Rules::new(Arc::clone(puzzle.geometry()));
        let st = State::new(&rules, puzzle.cells());
        MarkedGrid {
            rules,
            st,
            marked: false,
        }
    }

    /// A marked grid from raw pencil marks under the rules of `geometry`: `values` the placed
    /// digits (0 for an empty cell), `candidates` the candidates of each empty cell (ignored
    /// for a placed one). Candidates that a placed digit of one of the cell's houses rules
    /// out are dropped.
    ///
    /// ```
    /// use sudoku_core::{Candidates, Cell, Geometry, Shape};
    /// use sudoku_grade::{MarkedGrid, MarkedGridError};
    ///
    /// let geometry = Geometry::classic(Shape::new(2, 2)?);
    /// let mut values = vec![0u8; 16];
    /// values[0] = 1;
    /// let mut marks = vec![Candidates::from_values([1, 2, 3, 4]); 16];
    /// marks[1] = Candidates::from_values([2, 3]);
    /// let grid = MarkedGrid::with_marks(geometry.clone(), &values, &marks)?;
    /// assert_eq!(grid.candidates(Cell::new(1)), Candidates::from_values([2, 3]));
    /// assert_eq!(grid.candidates(Cell::new(4)), Candidates::from_values([2, 3, 4]));
    ///
    /// marks[1] = Candidates::from_values([1]); // only the digit placed beside it
    /// let err = MarkedGrid::with_marks(geometry, &values, &marks).unwrap_err();
    /// assert_eq!(err.to_string(), "r1c2 has no candidate left (1 is placed in one of its houses)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`MarkedGridError::Cells`] if `values` or `candidates` do not have one entry per cell,
    /// [`MarkedGridError::Digit`] for a digit outside 1..=N, [`MarkedGridError::Puzzle`] if two
    /// placed digits clash in a house, [`MarkedGridError::NoCandidate`] for an empty cell left
    /// with no candidate.
    pub fn with_marks(
        geometry: Arc<Geometry>,
        values: &[u8],
        candidates: &[Candidates],
    ) -> Result<MarkedGrid, MarkedGridError> {
        let shape = geometry.shape();
        let count = geometry.cell_count();
        for found in [values.len(), candidates.len()] {
            if found != count {
                return Err(MarkedGridError::Cells {
                    found,
                    expected: Some(count),
                });
            }
        }
        let n = shape.size();
        let full = Candidates::all(n);
        for (c, &v) in values.iter().enumerate() {
            if usize::from(v) > n {
                return Err(MarkedGridError::Digit {
                    cell: Cell::new(c),
                    digit: v,
                    shape,
                });
            }
            if v == 0
                && let Some(d) = candidates[c].iter().find(|&d| usize::from(d) > n)
            {
                return Err(MarkedGridError::Digit {
                    cell: Cell::new(c),
                    digit: d,
                    shape,
                });
            }
        }
        let grid = geometry
            .grid(values.to_vec())
            .map_err(|_| MarkedGridError::Cells {
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
            return Err(MarkedGridError::NoCandidate {
                cell,
                shape,
                placed,
            });
        }
        Ok(MarkedGrid {
            rules,
            st,
            marked: true,
        })
    }

    /// Reads a marked grid in one of the two [text forms](MarkedGrid#text-forms), under the rules of `geometry` (a variant: X, jigsaw…).
    ///
    /// ```
    /// use sudoku_core::{Geometry, Shape, Variant};
    /// use sudoku_grade::MarkedGrid;
    /// let x = Geometry::new(Shape::new(2, 2)?, &Variant::x())?;
    /// let grid = MarkedGrid::parse_in("1[234][234][234]....[234]...[1234]...", x.into())?;
    /// assert_eq!(grid.empty_cells(), 15);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As `FromStr`, and [`MarkedGridError::Shape`] when the text is of
    /// another size than `geometry`.
    pub fn parse_in(text: &str, geometry: Arc<Geometry>) -> Result<MarkedGrid, MarkedGridError> {
        let marks = Marks::read(text)?;
        if marks.shape.size() != geometry.size() {
            return Err(MarkedGridError::Shape {
                found: marks.shape.size(),
                expected: geometry.size(),
            });
        }
        marks.position(geometry)
    }

    /// Was it read from pencil marks (rather than made from a puzzle)? Its solutions are then
    /// those of its candidates, not only of its digits. A text without brackets holding
    /// every candidate (a plain puzzle line) is not marked.
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// use sudoku_grade::MarkedGrid;
    /// let marks: MarkedGrid = "[12]3[124].............".parse()?;
    /// assert!(marks.is_marked());
    /// let plain: MarkedGrid = "1...............".parse()?;
    /// assert!(!plain.is_marked());
    /// assert!(!MarkedGrid::new(&Puzzle::classic("1...............".parse()?)?).is_marked());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_marked(&self) -> bool {
        self.marked
    }

    /// The grid as a candidate string: N characters per cell, the `d`-th being digit `d`
    /// when it is a candidate (or the placed digit), `.` otherwise (see the [text
    /// forms](MarkedGrid#text-forms)).
    ///
    /// ```
    /// use sudoku_grade::MarkedGrid;
    /// let p: MarkedGrid = "1...........[23]..[1234]".parse()?;
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
    ///
    /// ```
    /// use sudoku_core::{Geometry, Shape, Variant};
    /// use sudoku_grade::MarkedGrid;
    /// let x = Geometry::new(Shape::new(2, 2)?, &Variant::x())?;
    /// let grid = MarkedGrid::parse_in("1...............", x.into())?;
    /// assert_eq!(grid.geometry().house_count(), 14); // 4 rows, 4 columns, 4 boxes, 2 diagonals
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.rules.geo
    }

    /// The digits placed so far.
    ///
    /// ```
    /// use sudoku_grade::MarkedGrid;
    /// let grid: MarkedGrid = "[12]3[124].............".parse()?;
    /// assert_eq!(grid.grid().to_string(), ".3..............");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grid(&self) -> Grid {
        self.rules
            .geo
            .grid(self.st.values.clone())
            .unwrap_or_else(|_| unreachable!("the values of a marked grid fit its shape"))
    }

    /// The candidates of a cell (empty for a filled cell, and for a cell outside the grid).
    ///
    /// ```
    /// use sudoku_core::{Candidates, Cell};
    /// use sudoku_grade::MarkedGrid;
    /// let grid: MarkedGrid = "[12]3[124].............".parse()?;
    /// assert_eq!(grid.candidates(Cell::new(0)), Candidates::from_values([1, 2]));
    /// assert_eq!(grid.candidates(Cell::new(2)), Candidates::from_values([1, 2, 4]));
    /// assert!(grid.candidates(Cell::new(1)).is_empty()); // 3 is placed
    /// assert!(grid.candidates(Cell::new(16)).is_empty()); // outside the 4×4 grid
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn candidates(&self, cell: Cell) -> Candidates {
        self.st
            .cand
            .get(cell.index())
            .map_or(Candidates::EMPTY, |&bits| Candidates::from_bits(bits))
    }

    /// Every cell filled?
    ///
    /// ```
    /// use sudoku_grade::MarkedGrid;
    /// assert!("1234341221434321".parse::<MarkedGrid>()?.is_solved());
    /// assert!(!"123434122143432.".parse::<MarkedGrid>()?.is_solved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_solved(&self) -> bool {
        self.st.empty == 0
    }

    /// Empty cells left.
    ///
    /// ```
    /// use sudoku_grade::MarkedGrid;
    /// assert_eq!("123434122143....".parse::<MarkedGrid>()?.empty_cells(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn empty_cells(&self) -> usize {
        self.st.empty
    }

    /// Would [`play`](Self::play) accept `step`, and if not, why?
    ///
    /// ```
    /// use sudoku_core::{Cell, Shape};
    /// use sudoku_grade::{CellDigit, GradeError, MarkedGrid, Rater};
    /// let grid: MarkedGrid = "123434122143432.".parse()?;
    /// let step = Rater::new().next_step(&grid)?;
    /// assert_eq!(grid.check(&step), Ok(()));
    ///
    /// let mut wrong = step.clone();
    /// wrong.placement = Some(CellDigit { cell: Cell::new(15), digit: 2 });
    /// assert_eq!(grid.check(&wrong).unwrap_err().to_string(), "cannot place 2 in r4c4: not a candidate");
    /// wrong.placement = Some(CellDigit { cell: Cell::new(16), digit: 1 });
    /// assert!(matches!(grid.check(&wrong), Err(GradeError::CellOutOfRange { .. })));
    /// wrong.shape = Shape::CLASSIC;
    /// assert!(matches!(grid.check(&wrong), Err(GradeError::WrongShape { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GradeError::WrongShape`] if the step is for a grid of another shape,
    /// [`GradeError::CellOutOfRange`] for a cell outside the grid,
    /// [`GradeError::DigitOutOfRange`] for a digit outside 1..=N, [`GradeError::Filled`] or
    /// [`GradeError::NotACandidate`] if the placed digit is not a candidate of an empty cell,
    /// [`GradeError::PlacedAndEliminated`] if it is both placed and eliminated.
    pub fn check(&self, step: &Step) -> Result<(), GradeError> {
        let geo = &*self.rules.geo;
        let shape = geo.shape();
        let n = self.rules.n;
        if step.shape != shape {
            return Err(GradeError::WrongShape {
                step: step.shape,
                grid: shape,
            });
        }
        for c in step.eliminations.iter().chain(step.placement.iter()) {
            if c.cell.index() >= self.rules.ncells {
                return Err(GradeError::CellOutOfRange {
                    cell: c.cell,
                    cells: self.rules.ncells,
                });
            }
            if c.digit == 0 || usize::from(c.digit) > n {
                return Err(GradeError::DigitOutOfRange {
                    cell: c.cell,
                    digit: c.digit,
                    size: n,
                    at: geo.display_cell(c.cell),
                });
            }
        }
        if let Some(p) = step.placement {
            let (cell, digit, at) = (p.cell, p.digit, geo.display_cell(p.cell));
            let i = cell.index();
            if self.st.values[i] != 0 {
                return Err(GradeError::Filled { cell, digit, at });
            }
            if self.st.cand[i] & bit(digit) == 0 {
                return Err(GradeError::NotACandidate { cell, digit, at });
            }
            if step.eliminations.contains(&p) {
                return Err(GradeError::PlacedAndEliminated { cell, digit, at });
            }
        }
        Ok(())
    }

    /// Does [`play`](Self::play) accept `step`?
    ///
    /// ```
    /// use sudoku_grade::{MarkedGrid, Rater};
    /// let mut grid: MarkedGrid = "123434122143432.".parse()?;
    /// let step = Rater::new().next_step(&grid)?;
    /// assert!(grid.is_legal(&step));
    /// grid.play(&step)?;
    /// assert!(!grid.is_legal(&step), "its cell is filled now");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_legal(&self, step: &Step) -> bool {
        self.check(step).is_ok()
    }

    /// Plays a step: removes its eliminations, places its digit (removing it from the
    /// peers). The grid is unchanged on error.
    ///
    /// ```
    /// use sudoku_core::Cell;
    /// use sudoku_grade::{MarkedGrid, Rater};
    /// let mut grid: MarkedGrid = "123434122143432.".parse()?;
    /// let step = Rater::new().next_step(&grid)?;
    /// assert_eq!(step.to_string(), "r4c4 is the last empty cell of row 4: it takes 1.");
    /// grid.play(&step)?;
    /// assert!(grid.is_solved() && grid.grid().get(15) == 1);
    /// assert!(grid.play(&step).is_err());
    /// assert!(grid.candidates(Cell::new(15)).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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

impl fmt::Display for MarkedGrid {
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

impl FromStr for MarkedGrid {
    type Err = MarkedGridError;

    /// Reads a marked grid in one of the two pencil-mark forms of the [text
    /// forms](MarkedGrid#text-forms) under the classic rules of its size (16, 36, 64, 81, 144, 256 or
    /// 625 cells; `N³` characters for a candidate string). Leading and trailing whitespace is
    /// ignored.
    ///
    /// ```
    /// use sudoku_core::{Candidates, Cell};
    /// use sudoku_grade::{MarkedGrid, MarkedGridError};
    ///
    /// // A 4×4 grid: 16 cells.
    /// let p: MarkedGrid = "[12]3[124].............".parse()?;
    /// assert_eq!(p.candidates(Cell::new(0)), Candidates::from_values([1, 2]));
    /// assert_eq!(p.grid().get(1), 3);
    /// assert_eq!(p.to_string().parse::<MarkedGrid>()?.to_string(), p.to_string());
    ///
    /// let err = "[12]3[".parse::<MarkedGrid>().unwrap_err();
    /// assert_eq!(err, MarkedGridError::Unclosed { column: 6 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(text: &str) -> Result<MarkedGrid, MarkedGridError> {
        let marks = Marks::read(text)?;
        let geometry = Geometry::classic(marks.shape);
        marks.position(geometry)
    }
}

/// Why a text or raw pencil marks are not a [`MarkedGrid`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MarkedGridError {
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
    /// The text is longer than [`MarkedGrid::MAX_TEXT_LEN`] bytes.
    #[error("{length} bytes: a position is at most {max} bytes long")]
    TooLong {
        /// Its length in bytes (whitespace around it left out).
        length: usize,
        /// [`MarkedGrid::MAX_TEXT_LEN`].
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
    fn read(text: &str) -> Result<Marks, MarkedGridError> {
        let text = text.trim();
        if text.len() > MarkedGrid::MAX_TEXT_LEN {
            return Err(MarkedGridError::TooLong {
                length: text.len(),
                max: MarkedGrid::MAX_TEXT_LEN,
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
                            None | Some('[') => return Err(MarkedGridError::Unclosed { column }),
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
                    return Err(MarkedGridError::Character { column, character });
                }
            }
        }
        let shape = Shape::from_cell_count(tokens.len()).ok_or(MarkedGridError::Cells {
            found: tokens.len(),
            expected: None,
        })?;
        let n = shape.size();
        let alphabet = Alphabet::standard(n);
        let mut values = vec![0u8; tokens.len()];
        let all = Candidates::all(n);
        let mut candidates = vec![all; tokens.len()];
        let value = |cell: usize, column: usize, c: char| -> Result<u8, MarkedGridError> {
            match alphabet.value(c) {
                Some(v) => Ok(v),
                None => match Alphabet::standard(25).value(c) {
                    // A digit of a larger grid.
                    Some(digit) => Err(MarkedGridError::Digit {
                        cell: Cell::new(cell),
                        digit,
                        shape,
                    }),
                    None => Err(MarkedGridError::Character {
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
    fn candidate_string(chars: &[char]) -> Result<Option<Marks>, MarkedGridError> {
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
                    return Err(MarkedGridError::Character {
                        column: i + 1,
                        character: c,
                    });
                }
                return Err(MarkedGridError::Misplaced {
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

    /// The validated marked grid; a text without brackets is a plain puzzle.
    fn position(self, geometry: Arc<Geometry>) -> Result<MarkedGrid, MarkedGridError> {
        let mut p = MarkedGrid::with_marks(geometry, &self.values, &self.candidates)?;
        let all = self.candidates.iter().all(|m| m.len() == self.shape.size());
        p.marked = !all;
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CellDigit, Rater};
    use sudoku_core::Shape;

    #[test]
    fn refused_steps_leave_the_position_unchanged() {
        let puzzle = Puzzle::classic(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap(),
        )
        .unwrap();
        let mut position = MarkedGrid::new(&puzzle);
        let step = Rater::new().next_step(&position).unwrap();
        assert!(position.is_legal(&step));
        let before = position.grid();
        let mut other = step.clone();
        other.shape = Shape::new(2, 2).unwrap();
        let mut outside = step.clone();
        outside.eliminations.push(CellDigit {
            cell: Cell::new(81),
            digit: 1,
        });
        let mut both = step.clone();
        both.eliminations.push(step.placement.unwrap());
        let mut zero = step.clone();
        zero.eliminations.push(CellDigit {
            cell: Cell::new(80),
            digit: 0,
        });
        let mut filled = step.clone();
        filled.placement = Some(CellDigit {
            cell: Cell::new(2),
            digit: 3,
        });
        let mut taken = step.clone();
        taken.placement = Some(CellDigit {
            cell: Cell::new(0),
            digit: 3,
        });
        let refusals = [
            (other, "a step of a 2x2 grid on a 3x3 grid"),
            (
                outside,
                "the step names cell 81, outside the grid (cells 0 to 80)",
            ),
            (zero, "the step names digit 0 at r9c9, outside 1..=9"),
            (filled, "cannot place 3 in r1c3: the cell is filled"),
            (taken, "cannot place 3 in r1c1: not a candidate"),
            (both, ""),
        ];
        for (bad, message) in refusals {
            let e = position.play(&bad).unwrap_err();
            if message.is_empty() {
                assert!(matches!(e, GradeError::PlacedAndEliminated { .. }), "{e}");
                assert!(
                    e.to_string()
                        .starts_with("the step both places and eliminates")
                );
            } else {
                assert_eq!(e.to_string(), message);
            }
            assert_eq!(position.grid(), before);
        }
        position.play(&step).unwrap();
        assert_eq!(position.empty_cells(), 48);
        assert!(!position.is_legal(&step), "placed twice");
    }
}
