//! The ladder's letters ([`Method`]), the cost formula, and the three [`Level`]s (Yokutai's
//! "Six techniques de déduction").

use core::fmt;
use core::str::FromStr;

/// A rung of the A1–F ladder, cheapest first (Yokutai's "Six techniques de déduction",
/// mapped onto sudoku techniques).
///
/// | method | sudoku techniques | base | rank |
/// |---|---|---|---|
/// | A1 | naked single, full house | 1 | 0 |
/// | A2 | hidden single | 1 | 1 |
/// | B | locked candidates (pointing, claiming) | 5 | 1 |
/// | C | naked pair, triple, quad | 10 | 2 |
/// | D | hidden subsets, fish, XY-/XYZ-Wing, unique rectangle | 20 | 3 |
/// | E | contradiction look-ahead | 50 | 4 |
/// | F | stuck: trial and error | 75 | 5 |
///
/// ```
/// use sudoku_grade::Method;
///
/// // The worked values of the ladder's source, each with |V| = 2.
/// let costs: Vec<u32> = Method::ALL.iter().map(|m| m.cost(2)).collect();
/// assert_eq!(costs, [1, 2, 6, 12, 23, 54, 80]);
/// assert!(Method::B < Method::C);
/// assert_eq!("E".parse::<Method>()?, Method::E);
/// # Ok::<(), sudoku_grade::ParseMethodError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Method {
    /// Direct pass on the cell: naked single, full house.
    A1,
    /// Pass via the neighbours: hidden single.
    A2,
    /// Propagation by neighbourhood: locked candidates.
    B,
    /// Pair in a segment: naked subsets.
    C,
    /// Value forced by covering: hidden subsets, fish, wings, uniqueness.
    D,
    /// Contradiction look-ahead.
    E,
    /// Stuck: trial and error.
    F,
}

impl Method {
    /// The seven methods, cheapest first.
    ///
    /// ```
    /// use sudoku_grade::Method;
    /// assert_eq!(Method::ALL.len(), 7);
    /// assert!(Method::ALL.is_sorted());
    /// ```
    pub const ALL: [Method; 7] = [
        Method::A1,
        Method::A2,
        Method::B,
        Method::C,
        Method::D,
        Method::E,
        Method::F,
    ];

    /// Position in [`Method::ALL`] (0 for A1 … 6 for F).
    ///
    /// ```
    /// use sudoku_grade::Method;
    /// assert_eq!((Method::A1.index(), Method::F.index()), (0, 6));
    /// assert!(Method::ALL.iter().enumerate().all(|(i, m)| m.index() == i));
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The base of the cost formula: 1, 1, 5, 10, 20, 50, 75.
    ///
    /// ```
    /// use sudoku_grade::Method;
    /// let bases: Vec<u32> = Method::ALL.iter().map(|m| m.base()).collect();
    /// assert_eq!(bases, [1, 1, 5, 10, 20, 50, 75]);
    /// ```
    #[inline]
    pub const fn base(self) -> u32 {
        match self {
            Method::A1 | Method::A2 => 1,
            Method::B => 5,
            Method::C => 10,
            Method::D => 20,
            Method::E => 50,
            Method::F => 75,
        }
    }

    /// The rank of the cost formula: 0, 1, 1, 2, 3, 4, 5.
    ///
    /// ```
    /// use sudoku_grade::Method;
    /// let ranks: Vec<u32> = Method::ALL.iter().map(|m| m.rank()).collect();
    /// assert_eq!(ranks, [0, 1, 1, 2, 3, 4, 5]);
    /// ```
    #[inline]
    pub const fn rank(self) -> u32 {
        match self {
            Method::A1 => 0,
            Method::A2 | Method::B => 1,
            Method::C => 2,
            Method::D => 3,
            Method::E => 4,
            Method::F => 5,
        }
    }

    /// The cost of one cell solved by this method when it had `candidates` candidates (|V|)
    /// as the search for its placement began: `base + rank × (|V| − 1)`.
    ///
    /// `candidates` below 1 counts as 1; the cost stops at `u32::MAX`.
    ///
    /// ```
    /// use sudoku_grade::Method;
    /// assert_eq!(Method::A1.cost(5), 1);
    /// assert_eq!(Method::E.cost(3), 58);
    /// ```
    #[inline]
    pub const fn cost(self, candidates: u32) -> u32 {
        self.base()
            .saturating_add(self.rank().saturating_mul(candidates.saturating_sub(1)))
    }

    /// The letter: `"A1"`, `"A2"`, `"B"` … `"F"`.
    ///
    /// ```
    /// use sudoku_grade::Method;
    /// assert_eq!(Method::A2.as_str(), "A2");
    /// assert_eq!(format!("[{:>3}]", Method::B), "[  B]"); // `Display` pads
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Method::A1 => "A1",
            Method::A2 => "A2",
            Method::B => "B",
            Method::C => "C",
            Method::D => "D",
            Method::E => "E",
            Method::F => "F",
        }
    }

    /// The level a puzzle has when this is its hardest method.
    ///
    /// ```
    /// use sudoku_grade::{Level, Method};
    /// assert_eq!(Method::A2.level(), Level::Easy);
    /// assert_eq!(Method::D.level(), Level::Intermediate);
    /// assert_eq!(Method::E.level(), Level::Expert);
    /// ```
    pub const fn level(self) -> Level {
        match self {
            Method::A1 | Method::A2 => Level::Easy,
            Method::B | Method::C | Method::D => Level::Intermediate,
            Method::E | Method::F => Level::Expert,
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// A method or level name that is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {text:?}")]
pub struct ParseMethodError {
    /// `"method"` or `"level"`.
    pub what: &'static str,
    /// The text that was read.
    pub text: String,
}

impl FromStr for Method {
    type Err = ParseMethodError;

    /// Reads `A1`, `A2`, `B` … `F` (case-insensitive).
    fn from_str(s: &str) -> Result<Method, ParseMethodError> {
        Method::ALL
            .into_iter()
            .find(|m| m.as_str().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseMethodError {
                what: "method",
                text: s.to_string(),
            })
    }
}

/// The three levels of the ladder's source, by the hardest method a puzzle needs.
///
/// ```
/// use sudoku_grade::{Level, Method};
/// assert_eq!(Method::A2.level(), Level::Easy);
/// assert_eq!(Method::D.level(), Level::Intermediate);
/// assert_eq!(Method::F.level(), Level::Expert);
/// assert_eq!("expert".parse::<Level>()?, Level::Expert);
/// assert_eq!(Level::Intermediate.to_string(), "intermediate");
/// # Ok::<(), sudoku_grade::ParseMethodError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Level {
    /// Facile: A1 and A2 only.
    Easy,
    /// Intermédiaire: up to D.
    Intermediate,
    /// Expert: E (contradiction) or F (trial and error) at least once.
    Expert,
}

impl Level {
    /// The three levels, easiest first.
    ///
    /// ```
    /// use sudoku_grade::Level;
    /// assert!(Level::ALL.is_sorted() && Level::ALL.len() == 3);
    /// ```
    pub const ALL: [Level; 3] = [Level::Easy, Level::Intermediate, Level::Expert];

    /// `"easy"`, `"intermediate"`, `"expert"`.
    ///
    /// ```
    /// use sudoku_grade::Level;
    /// assert_eq!(Level::Expert.as_str(), "expert");
    /// assert_eq!(Level::Intermediate.to_string(), Level::Intermediate.as_str());
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Intermediate => "intermediate",
            Level::Expert => "expert",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl FromStr for Level {
    type Err = ParseMethodError;

    /// Reads `easy`, `intermediate`, `expert` (case-insensitive).
    fn from_str(s: &str) -> Result<Level, ParseMethodError> {
        Level::ALL
            .into_iter()
            .find(|l| l.as_str().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseMethodError {
                what: "level",
                text: s.to_string(),
            })
    }
}

/// The grid score of solved cells given as (method credited, |V|): the sum of their costs
/// (stopping at `u32::MAX`).
///
/// ```
/// use sudoku_grade::{Method, grid_score};
/// // The worked example of "Six techniques de déduction": nine cells at A1 and one at E
/// // with three candidates.
/// let cells = std::iter::repeat((Method::A1, 2)).take(9).chain([(Method::E, 3)]);
/// assert_eq!(grid_score(cells), 67);
/// ```
pub fn grid_score(cells: impl IntoIterator<Item = (Method, u32)>) -> u32 {
    cells
        .into_iter()
        .fold(0u32, |sum, (m, v)| sum.saturating_add(m.cost(v)))
}

/// How many cells each method solved, indexed by [`Method::index`].
///
/// `Display` prints `A1=n A2=n B=n C=n D=n E=n F=n`.
///
/// ```
/// use sudoku_grade::{Method, MethodCounts};
/// let mut counts = MethodCounts::default();
/// counts.add(Method::A1);
/// counts.add(Method::A1);
/// counts.add(Method::E);
/// assert_eq!(counts.get(Method::A1), 2);
/// assert_eq!(counts.to_string(), "A1=2 A2=0 B=0 C=0 D=0 E=1 F=0");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MethodCounts(pub [u32; 7]);

impl MethodCounts {
    /// Cells solved by `m`.
    ///
    /// ```
    /// use sudoku_grade::{Method, MethodCounts};
    /// let counts = MethodCounts([3, 1, 0, 0, 0, 2, 0]);
    /// assert_eq!((counts.get(Method::A1), counts.get(Method::E)), (3, 2));
    /// ```
    #[inline]
    pub fn get(&self, m: Method) -> u32 {
        self.0[m.index()]
    }

    /// Counts one more cell for `m` (stopping at `u32::MAX`).
    ///
    /// ```
    /// use sudoku_grade::{Method, MethodCounts};
    /// let mut counts = MethodCounts([0, 0, 0, 0, 0, 0, u32::MAX]);
    /// counts.add(Method::C);
    /// counts.add(Method::F);
    /// assert_eq!((counts.get(Method::C), counts.get(Method::F)), (1, u32::MAX));
    /// ```
    #[inline]
    pub fn add(&mut self, m: Method) {
        let c = &mut self.0[m.index()];
        *c = c.saturating_add(1);
    }

    /// All cells counted (stopping at `u32::MAX`).
    ///
    /// ```
    /// use sudoku_grade::MethodCounts;
    /// assert_eq!(MethodCounts([3, 1, 0, 0, 0, 2, 0]).total(), 6);
    /// assert_eq!(MethodCounts([u32::MAX, 1, 0, 0, 0, 0, 0]).total(), u32::MAX);
    /// ```
    pub fn total(&self) -> u32 {
        self.0.iter().fold(0u32, |sum, &c| sum.saturating_add(c))
    }
}

impl fmt::Display for MethodCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in Method::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}={}", m, self.0[i])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worked_values_of_the_ladder() {
        assert_eq!(Method::A1.cost(2), 1);
        assert_eq!(Method::A2.cost(2), 2);
        assert_eq!(Method::B.cost(2), 6);
        assert_eq!(Method::C.cost(2), 12);
        assert_eq!(Method::D.cost(2), 23);
        assert_eq!(Method::E.cost(2), 54);
        assert_eq!(Method::F.cost(2), 80);
        // Nine A1 cells and one E cell with three candidates.
        assert_eq!(9 * Method::A1.cost(4) + Method::E.cost(3), 67);
        // A2 costs |V|.
        for v in 1..=9 {
            assert_eq!(Method::A2.cost(v), v);
        }
    }

    #[test]
    fn names_round_trip() {
        for m in Method::ALL {
            assert_eq!(m.to_string().parse::<Method>(), Ok(m));
        }
        for l in Level::ALL {
            assert_eq!(l.to_string().parse::<Level>(), Ok(l));
        }
        assert!("G".parse::<Method>().is_err());
        assert!("hard".parse::<Level>().is_err());
    }
}
