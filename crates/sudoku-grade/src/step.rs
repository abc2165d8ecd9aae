//! [`Step`]: one move of the ladder (what it uses, what it places or eliminates) and the
//! sentence that explains it.

use core::fmt;

use std::sync::Arc;

use sudoku_core::layout::Layout;
use sudoku_core::{Cell, CellDisplay, HouseKind, Shape};

use crate::rules::Rules;
use crate::state::{Broken, digits};
use crate::technique::Finding;
use crate::{Method, Technique};

/// A digit in a cell: a placement, or a candidate eliminated (one cell and one digit, where
/// `sudoku-core`'s [`Candidates`](sudoku_core::Candidates) is a set of digits).
///
/// ```
/// use sudoku_core::{Cell, Shape};
/// use sudoku_grade::CellDigit;
///
/// let c = CellDigit { cell: Cell::new(13), digit: 5 };
/// assert_eq!(c.display(Shape::CLASSIC).to_string(), "r2c5=5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CellDigit {
    /// The cell.
    pub cell: Cell,
    /// The digit, 1..=N.
    pub digit: u8,
}

impl CellDigit {
    /// The cell and digit for people: `r1c2=5` (the cell's row and column in `shape`,
    /// 1-based, and the digit's symbol: `1`–`9`, then `A` for 10, `B` for 11…).
    ///
    /// ```
    /// use sudoku_core::{Cell, Shape};
    /// use sudoku_grade::CellDigit;
    /// let sixteen = Shape::new(4, 4)?;
    /// assert_eq!(CellDigit { cell: Cell::new(17), digit: 11 }.display(sixteen).to_string(), "r2c2=B");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn display(self, shape: Shape) -> impl fmt::Display {
        CellDigitDisplay {
            cell: self.cell.display(shape),
            digit: self.digit,
        }
    }
}

/// A cell and digit printed for people.
struct CellDigitDisplay {
    cell: CellDisplay,
    digit: u8,
}

impl fmt::Display for CellDigitDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.cell, Digit(self.digit))
    }
}

/// Where an assumption broke (E).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Contradiction {
    /// An empty cell lost its last candidate.
    NoCandidate(Cell),
    /// A digit lost its last place in a house.
    NoPlace(HouseKind, u8),
}

/// A move inside an E step's propagation other than a placement: a B–D technique that
/// removed candidates on the way to the contradiction (the look-ahead tries singles alone
/// first and only then the whole of A1–D).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ChainElimination {
    /// How many entries of [`Step::chain`] (the assumption included) came before it.
    pub after: usize,
    /// The technique.
    pub technique: Technique,
    /// The candidates it removed.
    pub eliminations: Vec<CellDigit>,
    /// The houses it reasons on, as in [`Step::houses`] (for locked candidates: where the
    /// digit is confined, then where it is removed).
    pub houses: Vec<HouseKind>,
    /// The cells it reasons on, as in [`Step::cells`].
    pub cells: Vec<Cell>,
}

/// One step of the ladder: the technique, what it looked at, what it does, and (through
/// `Display`) one sentence a person can follow.
///
/// ```
/// use sudoku_core::Puzzle;
/// use sudoku_grade::{MarkedGrid, Rater};
///
/// let puzzle = Puzzle::classic(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?,
/// )?;
/// let step = Rater::new().next_step(&MarkedGrid::new(&puzzle))?;
/// assert_eq!(step.technique.method(), step.method());
/// assert_eq!(step.to_string(), "In box 4, 4 can only go in r6c2.");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Step {
    /// The shape of the grid: where its cells lie, for the sentence (`r3c1`).
    pub shape: Shape,
    /// The layout when the grid is not one N×N square (Samurai and other overlapping grids,
    /// cubes): its cells are then named by their place in the layout's frame.
    pub layout: Option<Arc<Layout>>,
    /// The technique.
    pub technique: Technique,
    /// The digit placed, for A1, A2 and F.
    pub placement: Option<CellDigit>,
    /// The candidates removed, for B to E.
    pub eliminations: Vec<CellDigit>,
    /// The cells the technique reasons on (the subset, the fish's corners, the wing's pivot
    /// then pincers, the rectangle's corners, the assumed cell…).
    pub cells: Vec<Cell>,
    /// The digits it reasons on (for F: the guessed cell's candidates).
    pub digits: Vec<u8>,
    /// The houses it reasons on (for locked candidates: where the digit is confined, then
    /// where it is removed; for fish: the base lines, then the cover lines).
    pub houses: Vec<HouseKind>,
    /// E only: the assumption, then the placements that followed it until the contradiction.
    pub chain: Vec<CellDigit>,
    /// E only: the eliminations between those placements, when singles alone did not reach
    /// the contradiction.
    pub chain_eliminations: Vec<ChainElimination>,
    /// E only: where the assumption broke.
    pub contradiction: Option<Contradiction>,
}

impl Step {
    /// The ladder letter of the technique.
    ///
    /// ```
    /// use sudoku_grade::{MarkedGrid, Method, Rater};
    /// let grid: MarkedGrid = "123434122143432.".parse()?;
    /// assert_eq!(Rater::new().next_step(&grid)?.method(), Method::A1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn method(&self) -> Method {
        self.technique.method()
    }

    /// The explanation (the same text as `Display`).
    ///
    /// ```
    /// use sudoku_grade::{MarkedGrid, Rater};
    /// let grid: MarkedGrid = "123434122143432.".parse()?;
    /// let step = Rater::new().next_step(&grid)?;
    /// assert_eq!(step.explanation(), "r4c4 is the last empty cell of row 4: it takes 1.");
    /// assert_eq!(step.explanation(), step.to_string());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn explanation(&self) -> String {
        self.to_string()
    }

    pub(crate) fn from_finding(rules: &Rules, f: &Finding) -> Step {
        let geo = &*rules.geo;
        let cand = |&(cell, digit): &(Cell, u8)| CellDigit { cell, digit };
        Step {
            shape: geo.shape(),
            layout: geo.layout().cloned(),
            technique: f.technique,
            placement: f.place.as_ref().map(cand),
            eliminations: f.elims.iter().map(cand).collect(),
            cells: f.cells.clone(),
            digits: digits(f.digits).collect(),
            houses: f.houses.iter().map(|&h| geo.house_kind(h)).collect(),
            chain: f.chain.iter().map(cand).collect(),
            chain_eliminations: f
                .lemmas
                .iter()
                .map(|l| ChainElimination {
                    after: l.after,
                    technique: l.technique,
                    eliminations: l.elims.iter().map(cand).collect(),
                    houses: l.houses.iter().map(|&h| geo.house_kind(h)).collect(),
                    cells: l.cells.clone(),
                })
                .collect(),
            contradiction: f.broken.map(|b| match b {
                Broken::NoCandidate(c) => Contradiction::NoCandidate(c),
                Broken::NoPlace(h, d) => Contradiction::NoPlace(geo.house_kind(h), d),
            }),
        }
    }
}

/// A digit as printed in sentences: the standard symbols of `sudoku-core` (`1`–`9`, then
/// `A` for 10, `B` for 11…).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Digit(pub u8);

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0..=9 => write!(f, "{}", self.0),
            d @ 10..=35 => write!(f, "{}", (b'A' + d - 10) as char),
            // Past the symbols of the largest grid: the number itself.
            d => write!(f, "({d})"),
        }
    }
}

/// How a step names its cells: by row and column of its square, or by their place in a
/// layout's frame.
#[derive(Clone, Copy)]
struct Namer<'a> {
    shape: Shape,
    layout: Option<&'a Layout>,
}

impl Namer<'_> {
    fn cell(self, cell: Cell) -> CellDisplay {
        match self.layout {
            Some(layout) => layout.display_cell(cell),
            None => cell.display(self.shape),
        }
    }

    /// `r1c2=5`.
    fn cell_digit(self, c: CellDigit) -> String {
        format!("{}={}", self.cell(c.cell), Digit(c.digit))
    }

    fn row_of(self, cell: Cell) -> usize {
        self.shape.row_of(cell)
    }

    fn col_of(self, cell: Cell) -> usize {
        self.shape.col_of(cell)
    }
}

/// `a, b and c`.
fn list<T: fmt::Display>(items: &[T]) -> String {
    let mut s = String::new();
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            s.push_str(if i + 1 == items.len() { " and " } else { ", " });
        }
        s.push_str(&x.to_string());
    }
    s
}

fn digit_list(ds: &[u8]) -> String {
    list(&ds.iter().map(|&d| Digit(d)).collect::<Vec<_>>())
}

fn house_list(hs: &[HouseKind]) -> String {
    list(hs)
}

/// `r1c1, r1c2 and r2c2`.
fn cell_list(cells: &[Cell], shape: Namer<'_>) -> String {
    list(&cells.iter().map(|&c| shape.cell(c)).collect::<Vec<_>>())
}

/// The eliminations as groups of cells losing the same digits, in order of appearance.
fn removal_groups(elims: &[CellDigit]) -> Vec<(Vec<u8>, Vec<Cell>)> {
    let mut per_cell: Vec<(Cell, Vec<u8>)> = Vec::new();
    for e in elims {
        match per_cell.iter_mut().find(|g| g.0 == e.cell) {
            Some(g) => g.1.push(e.digit),
            None => per_cell.push((e.cell, vec![e.digit])),
        }
    }
    let mut groups: Vec<(Vec<u8>, Vec<Cell>)> = Vec::new();
    for (cell, ds) in per_cell {
        match groups.iter_mut().find(|g| g.0 == ds) {
            Some(g) => g.1.push(cell),
            None => groups.push((ds, vec![cell])),
        }
    }
    groups
}

/// `5 from r1c2 and r2c2; 5 and 7 from r3c3`.
fn removals(elims: &[CellDigit], shape: Namer<'_>) -> String {
    removal_groups(elims)
        .iter()
        .map(|(ds, cells)| format!("{} from {}", digit_list(ds), cell_list(cells, shape)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// `4 and 7 leave r7c6`, `8 leaves r7c9 and r9c9; 5 leaves r1c1`.
fn leave(elims: &[CellDigit], shape: Namer<'_>) -> String {
    removal_groups(elims)
        .iter()
        .map(|(ds, cells)| {
            let verb = if ds.len() > 1 { "leave" } else { "leaves" };
            format!("{} {verb} {}", digit_list(ds), cell_list(cells, shape))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn cells_of(elims: &[CellDigit]) -> Vec<Cell> {
    let mut out: Vec<Cell> = Vec::new();
    for e in elims {
        if !out.contains(&e.cell) {
            out.push(e.cell);
        }
    }
    out
}

impl Step {
    fn namer(&self) -> Namer<'_> {
        Namer {
            shape: self.shape,
            layout: self.layout.as_deref(),
        }
    }

    /// Does the step hold what its technique's sentence names (the rater's steps always do;
    /// a step built or deserialized by hand may not)?
    fn has_shape(&self) -> bool {
        use Technique::*;
        // (cells, houses, placement) the sentence needs.
        let (cells, houses, place) = match self.technique {
            FullHouse | NakedSingle | Guess => (0, 0, true),
            HiddenSingle => (0, 1, true),
            Pointing | Claiming | LockedCandidates => (0, 2, false),
            NakedPair | NakedTriple | NakedQuad | HiddenPair | HiddenTriple | HiddenQuad => {
                (0, 1, false)
            }
            Skyscraper | TwoStringKite | TurbotFish | HiddenRectangle => (4, 2, false),
            EmptyRectangle => (2, 2, false),
            WWing | UniqueRectangle3 | UniqueRectangle4 => (4, 1, false),
            XyWing | XyzWing => (3, 0, false),
            BugPlusOne => (1, 0, false),
            XWing | Swordfish | Jellyfish | Squirmbag | UniqueRectangle | UniqueRectangle2
            | Contradiction => (0, 0, false),
        };
        self.cells.len() >= cells
            && self.houses.len() >= houses
            && (!place || self.placement.is_some())
    }
}

impl fmt::Display for Step {
    /// The explanation: one sentence a person can follow.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Technique::*;
        let shape = self.namer();
        // The cells the technique reasons on, for people.
        let c: Vec<CellDisplay> = self.cells.iter().map(|&x| shape.cell(x)).collect();
        if !self.has_shape() {
            // Not a step of the rater: say what it does, without the reasoning.
            write!(f, "{}", self.technique)?;
            if let Some(p) = self.placement {
                write!(f, ": {} is {}", shape.cell(p.cell), Digit(p.digit))?;
            }
            if !self.eliminations.is_empty() {
                write!(f, ": removes {}", removals(&self.eliminations, shape))?;
            }
            return f.write_str(".");
        }
        let d0 = self.digits.first().copied().unwrap_or(0);
        match self.technique {
            FullHouse => {
                let p = self.placement.ok_or(fmt::Error)?;
                let h = self.houses.first().map(|&h| h.to_string());
                write!(
                    f,
                    "{} is the last empty cell of {}: it takes {}.",
                    shape.cell(p.cell),
                    h.unwrap_or_else(|| "its house".into()),
                    Digit(p.digit)
                )
            }
            NakedSingle => {
                let p = self.placement.ok_or(fmt::Error)?;
                write!(
                    f,
                    "{} can only be {}: every other digit is ruled out.",
                    shape.cell(p.cell),
                    Digit(p.digit)
                )
            }
            HiddenSingle => {
                let p = self.placement.ok_or(fmt::Error)?;
                write!(
                    f,
                    "In {}, {} can only go in {}.",
                    self.houses[0],
                    Digit(p.digit),
                    shape.cell(p.cell)
                )
            }
            Pointing | Claiming | LockedCandidates => write!(
                f,
                "In {}, {} can only go in {}, all in {}; so {} leaves the rest of {}: {}.",
                self.houses[0],
                Digit(d0),
                list(&c),
                self.houses[1],
                Digit(d0),
                self.houses[1],
                cell_list(&cells_of(&self.eliminations), shape)
            ),
            NakedPair | NakedTriple | NakedQuad => write!(
                f,
                "{} ({}): {} hold only {} between them, so these digits leave the other cells of {}: {}.",
                self.technique,
                house_list(&self.houses[..1]),
                list(&c),
                digit_list(&self.digits),
                house_list(&self.houses),
                removals(&self.eliminations, shape)
            ),
            HiddenPair | HiddenTriple | HiddenQuad => write!(
                f,
                "{}: in {}, {} can only go in {}, so these cells keep only those digits: {}.",
                self.technique,
                self.houses[0],
                digit_list(&self.digits),
                list(&c),
                removals(&self.eliminations, shape)
            ),
            XWing | Swordfish | Jellyfish | Squirmbag => {
                let k = self.houses.len() / 2;
                write!(
                    f,
                    "{} on {}: in {}, {} can only go in {}, so {} leaves the other cells of {}: {}.",
                    self.technique,
                    Digit(d0),
                    house_list(&self.houses[..k]),
                    Digit(d0),
                    house_list(&self.houses[k..]),
                    Digit(d0),
                    house_list(&self.houses[k..]),
                    cell_list(&cells_of(&self.eliminations), shape)
                )
            }
            Skyscraper | TwoStringKite | TurbotFish => {
                write!(
                    f,
                    "{} on {}: in {}, {} is in {} or {}; in {}, in {} or {}; {} and {} see each other and cannot both be {}, so {} or {} is {}, and {} leaves the cells that see both: {}.",
                    self.technique,
                    Digit(d0),
                    self.houses[0],
                    Digit(d0),
                    c[0],
                    c[1],
                    self.houses[1],
                    c[2],
                    c[3],
                    c[1],
                    c[2],
                    Digit(d0),
                    c[0],
                    c[3],
                    Digit(d0),
                    Digit(d0),
                    cell_list(&cells_of(&self.eliminations), shape)
                )
            }
            EmptyRectangle => {
                let Some(target) = self.eliminations.first().map(|e| e.cell) else {
                    return f.write_str("Empty rectangle.");
                };
                // The box's row and column: the conjugate pair's end `p` lies on one of them,
                // the target on the other.
                let end = self.cells[0];
                let (row, col) = match self.houses[1] {
                    HouseKind::Row(_) => (shape.row_of(target), shape.col_of(end)),
                    _ => (shape.row_of(end), shape.col_of(target)),
                };
                let (p, q, t) = (c[0], c[1], shape.cell(target));
                write!(
                    f,
                    "Empty rectangle on {d}: in {bx}, {d} lies only in {r} and {c}; in {line}, it is in {p} or {q}; if {t} were {d}, {q} would not be, so {p} would, and {bx} would have no place left for {d}; so {d} leaves {t}.",
                    d = Digit(d0),
                    bx = self.houses[0],
                    r = HouseKind::Row(row as u8),
                    c = HouseKind::Column(col as u8),
                    line = self.houses[1],
                )
            }
            WWing => {
                let y = self.eliminations.first().map_or(0, |e| e.digit);
                let x = self.digits.iter().copied().find(|&d| d != y).unwrap_or(0);
                write!(
                    f,
                    "W-Wing: {} and {} hold only {} and {}; in {}, {} is in {} or {}, which see {} and {}, so the two cells are not both {}: one of them is {}, and {} leaves the cells that see both: {}.",
                    c[0],
                    c[1],
                    Digit(x),
                    Digit(y),
                    self.houses[0],
                    Digit(x),
                    c[2],
                    c[3],
                    c[0],
                    c[1],
                    Digit(x),
                    Digit(y),
                    Digit(y),
                    cell_list(&cells_of(&self.eliminations), shape)
                )
            }
            XyWing => {
                let z = self.eliminations.first().map_or(0, |e| e.digit);
                write!(
                    f,
                    "XY-Wing: whichever of its two digits the pivot {} takes, one of the pincers {} and {} is {}, so {} leaves the cells that see both pincers: {}.",
                    c[0],
                    c[1],
                    c[2],
                    Digit(z),
                    Digit(z),
                    cell_list(&cells_of(&self.eliminations), shape)
                )
            }
            XyzWing => {
                let z = self.eliminations.first().map_or(0, |e| e.digit);
                write!(
                    f,
                    "XYZ-Wing: the pivot {} holds {}, the pincers {} and {} two of them each; one of the three cells is {} whatever happens, so {} leaves the cells that see all three: {}.",
                    c[0],
                    digit_list(&self.digits),
                    c[1],
                    c[2],
                    Digit(z),
                    Digit(z),
                    cell_list(&cells_of(&self.eliminations), shape)
                )
            }
            UniqueRectangle => {
                let odd = self.eliminations.first().map(|e| e.cell);
                write!(
                    f,
                    "Unique rectangle {} on {}: three corners hold only these two digits, so if {} took either, the four cells could swap them and the puzzle would have two solutions; so {}.",
                    list(&c),
                    digit_list(&self.digits),
                    odd.map_or_else(String::new, |c| shape.cell(c).to_string()),
                    leave(&self.eliminations, shape)
                )
            }
            UniqueRectangle2 => {
                let z = self.eliminations.first().map_or(0, |e| e.digit);
                let ab: Vec<u8> = self.digits.iter().copied().filter(|&d| d != z).collect();
                // The four corners, then those holding the extra digit.
                let (corners, roof) = self.cells.split_at(4.min(self.cells.len()));
                let only: Vec<Cell> = corners
                    .iter()
                    .copied()
                    .filter(|c| !roof.contains(c))
                    .collect();
                let holds = if only.len() == 1 { "holds" } else { "hold" };
                let see = if roof.len() == 2 {
                    "both"
                } else {
                    "all of them"
                };
                write!(
                    f,
                    "Unique rectangle type 2 {} on {}: {} {} only these two, {} only these and {}; if none of the last were {}, the four cells could swap {} and the puzzle would have two solutions; so one of them is {}, and {} leaves the cells that see {}: {}.",
                    cell_list(corners, shape),
                    digit_list(&ab),
                    cell_list(&only, shape),
                    holds,
                    cell_list(roof, shape),
                    Digit(z),
                    Digit(z),
                    digit_list(&ab),
                    Digit(z),
                    Digit(z),
                    see,
                    cell_list(&cells_of(&self.eliminations), shape)
                )
            }
            UniqueRectangle4 => {
                let y = self.eliminations.first().map_or(0, |e| e.digit);
                let x = self.digits.iter().copied().find(|&d| d != y).unwrap_or(0);
                write!(
                    f,
                    "Unique rectangle type 4 {} on {} and {}: in {}, {} can only go in {} or {}, so one of them is {}; if the other were {}, the four cells could swap {} and {} and the puzzle would have two solutions; so {}.",
                    list(&c),
                    Digit(x),
                    Digit(y),
                    self.houses[0],
                    Digit(x),
                    c[2],
                    c[3],
                    Digit(x),
                    Digit(y),
                    Digit(x),
                    Digit(y),
                    leave(&self.eliminations, shape)
                )
            }
            UniqueRectangle3 => {
                let x = self.digits.first().copied().unwrap_or(0);
                let y = self.digits.get(1).copied().unwrap_or(0);
                write!(
                    f,
                    "Unique rectangle type 3 {} on {} and {}: {} and {} hold only these two, so {} or {} takes one of its other digits, else the four cells could swap {} and {}; that digit and those of {} make a naked set in {}, whose digits leave its other cells: {}.",
                    list(&c[..4]),
                    Digit(x),
                    Digit(y),
                    c[0],
                    c[1],
                    c[2],
                    c[3],
                    Digit(x),
                    Digit(y),
                    list(&c[4..]),
                    self.houses[0],
                    removals(&self.eliminations, shape)
                )
            }
            HiddenRectangle => {
                let y = self.eliminations.first().map_or(0, |e| e.digit);
                let x = self.digits.iter().copied().find(|&d| d != y).unwrap_or(0);
                write!(
                    f,
                    "Hidden rectangle {} on {} and {}: {} holds only these two, and in {} and {}, {} can only go in the rectangle; if {} were {}, {} and {} would be {}, {} would be {}, and the four cells could swap {} and {}; so {} leaves {}.",
                    list(&c),
                    Digit(x),
                    Digit(y),
                    c[0],
                    self.houses[0],
                    self.houses[1],
                    Digit(x),
                    c[3],
                    Digit(y),
                    c[1],
                    c[2],
                    Digit(x),
                    c[0],
                    Digit(y),
                    Digit(x),
                    Digit(y),
                    Digit(y),
                    c[3]
                )
            }
            BugPlusOne => write!(
                f,
                "BUG+1: every other empty cell holds two candidates and every digit two places per house, so {} must be {}, else the puzzle would not have one solution; {}.",
                c[0],
                Digit(d0),
                leave(&self.eliminations, shape)
            ),
            Contradiction => {
                let a = self
                    .chain
                    .first()
                    .copied()
                    .or_else(|| self.eliminations.first().copied());
                let Some(a) = a else {
                    return f.write_str("Contradiction.");
                };
                let assumed = shape.cell(a.cell);
                write!(f, "Suppose {assumed} is {}: ", Digit(a.digit))?;
                // The moves after the assumption, all of them: placements, and the
                // eliminations between them when singles were not enough, each named with
                // where it looks.
                let lemma = |e: &ChainElimination| {
                    let place = if !e.houses.is_empty() {
                        format!(" in {}", house_list(&e.houses))
                    } else if !e.cells.is_empty() {
                        format!(" on {}", cell_list(&e.cells, shape))
                    } else {
                        String::new()
                    };
                    format!(
                        "[{}{place}: {}]",
                        e.technique.name().to_lowercase(),
                        leave(&e.eliminations, shape)
                    )
                };
                let mut moves: Vec<String> = Vec::new();
                for (i, c) in self.chain.iter().enumerate() {
                    for e in self.chain_eliminations.iter().filter(|e| e.after == i) {
                        moves.push(lemma(e));
                    }
                    if i > 0 {
                        moves.push(shape.cell_digit(*c));
                    }
                }
                for e in self
                    .chain_eliminations
                    .iter()
                    .filter(|e| e.after >= self.chain.len())
                {
                    moves.push(lemma(e));
                }
                if !moves.is_empty() {
                    write!(f, "then {}, and ", moves.join(", "))?;
                }
                match self.contradiction {
                    Some(crate::Contradiction::NoCandidate(c)) => {
                        write!(f, "{} has no candidate left", shape.cell(c))?
                    }
                    Some(crate::Contradiction::NoPlace(h, d)) => {
                        write!(f, "{} has no place left in {}", Digit(d), h)?
                    }
                    None => f.write_str("the grid breaks")?,
                }
                write!(f, "; so {assumed} is not {}.", Digit(a.digit))
            }
            Guess => {
                let p = self.placement.ok_or(fmt::Error)?;
                write!(
                    f,
                    "Nothing else makes progress: {} has the fewest candidates ({}); trial and error gives {}, the solution's digit.",
                    shape.cell(p.cell),
                    digit_list(&self.digits),
                    Digit(p.digit)
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bare(technique: Technique) -> Step {
        Step {
            shape: Shape::CLASSIC,
            layout: None,
            technique,
            placement: None,
            eliminations: vec![CellDigit {
                cell: Cell::new(624),
                digit: 255,
            }],
            cells: Vec::new(),
            digits: vec![0, 36],
            houses: vec![HouseKind::Row(255)],
            chain: Vec::new(),
            chain_eliminations: Vec::new(),
            contradiction: None,
        }
    }

    #[test]
    fn hand_built_steps_still_print() {
        // A step made or deserialized by hand may lack what its sentence names, or name a
        // cell beyond its grid: it still prints what it does, without panicking.
        for t in Technique::ALL {
            let text = bare(t).to_string();
            assert!(text.ends_with('.'), "{text}");
            assert!(text.contains("r70c4"), "{t}: {text}");
        }
        assert_eq!(
            bare(Technique::NakedSingle).to_string(),
            "Naked Single: removes (255) from r70c4."
        );
        assert_eq!(Digit(25).to_string(), "P");
    }
}
