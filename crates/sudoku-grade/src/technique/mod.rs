//! The techniques, one module per family, and the ladder that tries them cheapest first.
//!
//! | module | techniques | method |
//! |---|---|---|
//! | `singles` | full house, naked single; hidden single | A1; A2 |
//! | `intersections` | pointing, claiming (locked candidates between any two houses) | B |
//! | `subsets` | naked pair/triple/quad; hidden pair/triple/quad | C; D |
//! | `fish` | X-Wing, Swordfish, Jellyfish (Squirmbag from 10×10 up) | D |
//! | `wings` | XY-Wing, XYZ-Wing | D |
//! | `chains` | turbot fish (skyscraper, two-string kite), empty rectangle, W-Wing | D |
//! | `uniqueness` | unique rectangle types 1–4, hidden rectangle, BUG+1 (only on puzzles known unique) | D |
//! | `lookahead` | contradiction look-ahead | E |
//!
//! F (trial and error) is the rater's last resort and needs the solution.

pub(crate) mod chains;
pub(crate) mod fish;
pub(crate) mod intersections;
pub(crate) mod lookahead;
pub(crate) mod singles;
pub(crate) mod subsets;
pub(crate) mod uniqueness;
pub(crate) mod wings;

use core::fmt;

use grilles_game::Meter;
use sudoku_core::{Cell, House, Interrupted};

use crate::Method;
use crate::rules::Rules;
use crate::state::{Broken, State};

/// A named technique of the ladder.
///
/// ```
/// use sudoku_grade::{Method, Technique};
/// assert_eq!(Technique::HiddenSingle.method(), Method::A2);
/// assert_eq!(Technique::XWing.method(), Method::D);
/// assert_eq!(Technique::XWing.to_string(), "X-Wing");
/// assert_eq!("x-wing".parse::<Technique>(), Ok(Technique::XWing));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a house (A1).
    FullHouse,
    /// A cell with one candidate left (A1).
    NakedSingle,
    /// A digit with one place left in a house (A2).
    HiddenSingle,
    /// Inside a box, a digit lies only on one line: it leaves the rest of the line (B).
    Pointing,
    /// Inside a line, a digit lies only in one box: it leaves the rest of the box (B).
    Claiming,
    /// Locked candidates between two other houses (a diagonal and a box, jigsaw regions…) (B).
    LockedCandidates,
    /// Two cells of a house holding only the same two digits (C).
    NakedPair,
    /// Three cells of a house holding only three digits between them (C).
    NakedTriple,
    /// Four cells of a house holding only four digits between them (C).
    NakedQuad,
    /// Two digits with only the same two places in a house (D).
    HiddenPair,
    /// Three digits with only three places in a house (D).
    HiddenTriple,
    /// Four digits with only four places in a house (D).
    HiddenQuad,
    /// Fish of size 2 (D).
    XWing,
    /// Fish of size 3 (D).
    Swordfish,
    /// Fish of size 4 (D).
    Jellyfish,
    /// Fish of size 5, tried on grids of side 10 or more (D).
    Squirmbag,
    /// Two conjugate pairs of a digit in parallel lines joined at one end (D).
    Skyscraper,
    /// Two conjugate pairs of a digit, in a row and a column, joined in a box (D).
    TwoStringKite,
    /// Two conjugate pairs of a digit joined at one end, one of them in a box (D).
    TurbotFish,
    /// A box whose places for a digit form a cross, with a conjugate pair outside (D).
    EmptyRectangle,
    /// A bivalue pivot and two bivalue pincers (D).
    XyWing,
    /// A trivalue pivot and two bivalue pincers (D).
    XyzWing,
    /// Two equal bivalue cells joined by a conjugate pair of one of their digits (D).
    WWing,
    /// Unique rectangle type 1; assumes the puzzle has one solution (D).
    UniqueRectangle,
    /// Unique rectangle type 2: the corners that are not bivalue (two or three, side by side or
    /// diagonal) share one extra digit (D, uniqueness).
    UniqueRectangle2,
    /// Unique rectangle type 4: a roof digit locked in the roof (D, uniqueness).
    UniqueRectangle4,
    /// Unique rectangle type 3: the roof acts as one cell in a naked subset (D, uniqueness).
    UniqueRectangle3,
    /// Hidden rectangle: one bivalue corner and a digit with two places in both lines through
    /// the opposite corner (D, uniqueness).
    HiddenRectangle,
    /// Bivalue universal grave + 1: the only trivalue cell takes its odd digit (D,
    /// uniqueness).
    BugPlusOne,
    /// Assume a candidate, propagate, reach a contradiction, eliminate it (E).
    Contradiction,
    /// Nothing else progresses: the solution's digit is placed by trial and error (F).
    Guess,
}

impl Technique {
    /// Every technique, in the order the ladder tries them.
    ///
    /// ```
    /// use sudoku_grade::{Method, Technique};
    /// assert_eq!(Technique::ALL.first(), Some(&Technique::FullHouse));
    /// assert_eq!(Technique::ALL.last(), Some(&Technique::Guess));
    /// assert_eq!(Technique::ALL.iter().filter(|t| t.method() == Method::C).count(), 3);
    /// ```
    pub const ALL: [Technique; 31] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::LockedCandidates,
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::NakedQuad,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::WWing,
        Technique::UniqueRectangle,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle4,
        Technique::UniqueRectangle3,
        Technique::HiddenRectangle,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::Squirmbag,
        Technique::BugPlusOne,
        Technique::Contradiction,
        Technique::Guess,
    ];

    /// The ladder letter this technique belongs to.
    ///
    /// ```
    /// use sudoku_grade::{Method, Technique};
    /// assert_eq!(Technique::Pointing.method(), Method::B);
    /// assert_eq!(Technique::Contradiction.method(), Method::E);
    /// ```
    pub const fn method(self) -> Method {
        use Technique::*;
        match self {
            FullHouse | NakedSingle => Method::A1,
            HiddenSingle => Method::A2,
            Pointing | Claiming | LockedCandidates => Method::B,
            NakedPair | NakedTriple | NakedQuad => Method::C,
            HiddenPair | HiddenTriple | HiddenQuad | XWing | Swordfish | Jellyfish | Squirmbag
            | Skyscraper | TwoStringKite | TurbotFish | EmptyRectangle | XyWing | XyzWing
            | WWing | UniqueRectangle | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4
            | HiddenRectangle | BugPlusOne => Method::D,
            Contradiction => Method::E,
            Guess => Method::F,
        }
    }

    /// The usual English name.
    ///
    /// ```
    /// use sudoku_grade::Technique;
    /// assert_eq!(Technique::XyWing.name(), "XY-Wing");
    /// assert_eq!(Technique::XyWing.to_string(), Technique::XyWing.name());
    /// ```
    pub const fn name(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "Full House",
            NakedSingle => "Naked Single",
            HiddenSingle => "Hidden Single",
            Pointing => "Pointing",
            Claiming => "Claiming",
            LockedCandidates => "Locked Candidates",
            NakedPair => "Naked Pair",
            NakedTriple => "Naked Triple",
            NakedQuad => "Naked Quad",
            HiddenPair => "Hidden Pair",
            HiddenTriple => "Hidden Triple",
            HiddenQuad => "Hidden Quad",
            XWing => "X-Wing",
            Swordfish => "Swordfish",
            Jellyfish => "Jellyfish",
            Squirmbag => "Squirmbag",
            Skyscraper => "Skyscraper",
            TwoStringKite => "Two-String Kite",
            TurbotFish => "Turbot Fish",
            EmptyRectangle => "Empty Rectangle",
            XyWing => "XY-Wing",
            XyzWing => "XYZ-Wing",
            WWing => "W-Wing",
            UniqueRectangle => "Unique Rectangle",
            UniqueRectangle2 => "Unique Rectangle Type 2",
            UniqueRectangle4 => "Unique Rectangle Type 4",
            UniqueRectangle3 => "Unique Rectangle Type 3",
            HiddenRectangle => "Hidden Rectangle",
            BugPlusOne => "BUG+1",
            Contradiction => "Contradiction",
            Guess => "Guess",
        }
    }

    /// Does it assume that the puzzle has one solution (unique and hidden rectangles, BUG+1)?
    /// The ladder applies those only once its solver has confirmed one solution, and never
    /// inside an E look-ahead.
    ///
    /// ```
    /// use sudoku_grade::Technique;
    /// assert!(Technique::HiddenRectangle.assumes_uniqueness());
    /// assert!(!Technique::XWing.assumes_uniqueness());
    /// ```
    pub const fn assumes_uniqueness(self) -> bool {
        use Technique::*;
        matches!(
            self,
            UniqueRectangle
                | UniqueRectangle2
                | UniqueRectangle3
                | UniqueRectangle4
                | HiddenRectangle
                | BugPlusOne
        )
    }

    #[inline]
    const fn flag(self) -> u64 {
        1 << self as u64
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl core::str::FromStr for Technique {
    type Err = crate::ParseMethodError;

    /// Reads a name of [`Technique::name`], case-insensitive, spaces, `-` and `_` ignored
    /// (`"x-wing"`, `"HiddenPair"`, `"hidden_pair"`).
    fn from_str(s: &str) -> Result<Technique, crate::ParseMethodError> {
        let norm = |t: &str| {
            t.chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .map(|c| c.to_ascii_lowercase())
                .collect::<String>()
        };
        let want = norm(s);
        Technique::ALL
            .into_iter()
            .find(|t| norm(t.name()) == want)
            .ok_or_else(|| crate::ParseMethodError {
                what: "technique",
                text: s.to_string(),
            })
    }
}

/// A set of techniques the ladder may use.
///
/// ```
/// use sudoku_grade::{Technique, Techniques};
/// let t = Techniques::all().without(Technique::UniqueRectangle);
/// assert!(!t.contains(Technique::UniqueRectangle));
/// assert!(t.contains(Technique::XWing));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Techniques(u64);

impl Techniques {
    /// Every technique.
    ///
    /// ```
    /// use sudoku_grade::{Technique, Techniques};
    /// assert!(Technique::ALL.iter().all(|&t| Techniques::all().contains(t)));
    /// assert_eq!(Techniques::default(), Techniques::all());
    /// ```
    pub const fn all() -> Techniques {
        Techniques((1 << Technique::ALL.len() as u64) - 1)
    }

    /// This set less `t`. Full houses and naked singles (one technique under two names),
    /// hidden singles and guesses cannot be removed (the ladder needs them to finish), so
    /// removing them changes nothing.
    ///
    /// ```
    /// use sudoku_grade::{Technique, Techniques};
    /// let t = Techniques::all().without(Technique::XWing).without(Technique::HiddenSingle);
    /// assert!(!t.contains(Technique::XWing));
    /// assert!(t.contains(Technique::HiddenSingle), "singles always stay");
    /// ```
    pub const fn without(self, t: Technique) -> Techniques {
        match t {
            Technique::FullHouse
            | Technique::NakedSingle
            | Technique::HiddenSingle
            | Technique::Guess => self,
            _ => Techniques(self.0 & !t.flag()),
        }
    }

    /// This set plus `t`.
    ///
    /// ```
    /// use sudoku_grade::{Technique, Techniques};
    /// let t = Techniques::all().without(Technique::XWing);
    /// assert_eq!(t.with(Technique::XWing), Techniques::all());
    /// ```
    pub const fn with(self, t: Technique) -> Techniques {
        Techniques(self.0 | t.flag())
    }

    /// Is `t` in the set?
    ///
    /// ```
    /// use sudoku_grade::{Technique, Techniques};
    /// assert!(Techniques::all().contains(Technique::Swordfish));
    /// assert!(!Techniques::all().without(Technique::Swordfish).contains(Technique::Swordfish));
    /// ```
    #[inline]
    pub const fn contains(self, t: Technique) -> bool {
        self.0 & t.flag() != 0
    }
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques::all()
    }
}

/// A B–D elimination inside an E propagation.
#[derive(Clone, Debug)]
pub(crate) struct Lemma {
    /// The number of placements made before it.
    pub after: usize,
    /// Its technique.
    pub technique: Technique,
    /// The candidates it removed.
    pub elims: Vec<(Cell, u8)>,
    /// The houses it reasons on.
    pub houses: Vec<House>,
    /// The cells it reasons on.
    pub cells: Vec<Cell>,
}

/// What a technique found (reused buffers: no allocation in the search).
#[derive(Clone, Debug)]
pub(crate) struct Finding {
    pub technique: Technique,
    pub place: Option<(Cell, u8)>,
    pub elims: Vec<(Cell, u8)>,
    pub cells: Vec<Cell>,
    pub digits: u32,
    pub houses: Vec<House>,
    /// E: the assumption first, then the placements that followed.
    pub chain: Vec<(Cell, u8)>,
    /// E: the B–D eliminations of the propagation, each with the number of `chain` entries
    /// made before it.
    pub lemmas: Vec<Lemma>,
    pub broken: Option<Broken>,
}

impl Finding {
    pub fn new() -> Finding {
        Finding {
            technique: Technique::NakedSingle,
            place: None,
            elims: Vec::new(),
            cells: Vec::new(),
            digits: 0,
            houses: Vec::new(),
            chain: Vec::new(),
            lemmas: Vec::new(),
            broken: None,
        }
    }

    pub fn clear(&mut self) {
        self.place = None;
        self.elims.clear();
        self.cells.clear();
        self.digits = 0;
        self.houses.clear();
        self.chain.clear();
        self.lemmas.clear();
        self.broken = None;
    }

    /// Applies the finding to a state.
    pub fn apply(&self, rules: &Rules, st: &mut State) {
        for &(c, d) in &self.elims {
            st.eliminate(c, d);
        }
        if let Some((c, d)) = self.place {
            st.place(rules, c, d);
        }
    }
}

/// Per-house digit positions: `pos[h * n + d - 1]` has bit `i` when the `i`-th cell of house
/// `h` holds candidate `d`. Returns where the position breaks (a digit neither placed nor
/// possible in a house), if it does.
pub(crate) fn fill_positions(rules: &Rules, st: &State, pos: &mut Vec<u32>) -> Option<Broken> {
    let n = rules.n;
    let geo = &*rules.geo;
    pos.clear();
    pos.resize(geo.house_count() * n, 0);
    let mut broken = None;
    for h in geo.houses() {
        let row = &mut pos[h.index() * n..(h.index() + 1) * n];
        let mut seen = 0u32;
        for (i, &c) in geo.house(h).iter().enumerate() {
            let v = st.values[c.index()];
            if v != 0 {
                seen |= 1 << (v - 1);
            }
            let mut m = st.cand[c.index()];
            seen |= m;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                row[d] |= 1 << i;
            }
        }
        if seen != rules.full && broken.is_none() {
            broken = Some(Broken::NoPlace(
                h,
                (!seen & rules.full).trailing_zeros() as u8 + 1,
            ));
        }
    }
    broken
}

/// A search of B–D the ladder charges for before running it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Search {
    /// Pointing and claiming.
    Locked,
    /// Naked subsets of `k` cells.
    Naked(usize),
    /// Hidden subsets of `k` digits.
    Hidden(usize),
    /// Fish of `k` lines.
    Fish(usize),
    /// Skyscraper, two-string kite, turbot fish.
    Turbot,
    /// Empty rectangle.
    EmptyRectangle,
    /// XY- and XYZ-Wing.
    Wing,
    /// W-Wing.
    WWing,
    /// One kind of unique or hidden rectangle, or BUG+1.
    Uniqueness,
}

impl Search {
    /// Its cost in work units: a fraction of one scan of the grid ([`Rules::scan`]), at
    /// least one unit. The fractions are the times of each search over the time of a scan,
    /// measured on grids of every size from 4×4 to 25×25 (the grids where they grow most,
    /// with almost every candidate open): on 9×9 grids and smaller every search takes about
    /// one scan or less; on larger grids they take from a tenth of a scan (wings, the
    /// uniqueness patterns) to 2.6 scans (the empty rectangle).
    pub(crate) fn units(self, rules: &Rules) -> u64 {
        let fraction = match self {
            Search::Locked => 0.5,
            Search::Naked(_) | Search::Hidden(_) => 0.35,
            Search::Fish(_) => 0.8,
            Search::EmptyRectangle => 2.6,
            Search::Turbot | Search::Wing | Search::WWing | Search::Uniqueness => 0.15,
        };
        (rules.scan as f64 * fraction).ceil().max(1.0) as u64
    }
}

/// Does uniqueness hold for the techniques that assume it?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Uniqueness {
    /// Not known yet: the engine asks its oracle when a unique rectangle shows up.
    Unknown,
    /// Known unique.
    Unique,
    /// Not unique, or not to be assumed.
    No,
}

/// Options and scratch space for one search of the ladder.
#[derive(Debug)]
pub(crate) struct Ladder<'a> {
    pub rules: &'a Rules,
    pub techniques: Techniques,
    pub max_fish: usize,
    pub pos: Vec<u32>,
    pub uniqueness: Uniqueness,
    /// The work of the call so far (technique searches, look-ahead propagations and the
    /// solver's share), against the rater's budget and cancel flag.
    pub meter: Meter<'a>,
    pub stack: Vec<Cell>,
}

/// The search was abandoned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Abort {
    /// The work budget ran out or the cancel flag was raised.
    Stopped(Interrupted),
    /// The position is broken: no solution.
    Broken,
}

impl<'a> Ladder<'a> {
    pub fn new(rules: &'a Rules, techniques: Techniques, meter: Meter<'a>) -> Ladder<'a> {
        let max_fish = if rules.n >= 10 { 5 } else { 4 }.min(rules.n / 2);
        Ladder {
            rules,
            techniques,
            max_fish,
            pos: Vec::new(),
            uniqueness: Uniqueness::Unknown,
            meter,
            stack: Vec::new(),
        }
    }

    #[inline]
    pub fn on(&self, t: Technique) -> bool {
        self.techniques.contains(t)
    }

    /// Charges `units` of work; stops past the budget or once the cancel flag is up.
    #[inline]
    pub fn spend(&mut self, units: u64) -> Result<(), Abort> {
        self.meter.spend(units).map_err(Abort::Stopped)
    }

    /// Finds the cheapest step up to D (and E when `lookahead`), filling `f`. The caller
    /// must resolve `Uniqueness::Unknown` through `ask_unique` if it wants unique rectangles.
    pub fn find(
        &mut self,
        st: &State,
        f: &mut Finding,
        lookahead: bool,
        ask_unique: &mut dyn FnMut(&State) -> bool,
    ) -> Result<bool, Abort> {
        f.clear();
        self.spend(self.rules.scan)?;
        match singles::naked_single(self.rules, st, f) {
            Some(true) => return Ok(true),
            Some(false) => {}
            None => return Err(Abort::Broken),
        }
        if fill_positions(self.rules, st, &mut self.pos).is_some() {
            return Err(Abort::Broken);
        }
        if singles::hidden_single(self.rules, st, &self.pos, f) {
            return Ok(true);
        }
        if self.find_b_to_d(st, f, ask_unique)? {
            return Ok(true);
        }
        if lookahead && self.on(Technique::Contradiction) && lookahead::contradiction(self, st, f)?
        {
            return Ok(true);
        }
        Ok(false)
    }

    /// B, C and D, with positions already filled.
    pub fn find_b_to_d(
        &mut self,
        st: &State,
        f: &mut Finding,
        ask_unique: &mut dyn FnMut(&State) -> bool,
    ) -> Result<bool, Abort> {
        f.clear();
        let pos = core::mem::take(&mut self.pos);
        let found = self.b_to_d(st, &pos, f, ask_unique);
        self.pos = pos;
        found
    }

    fn b_to_d(
        &mut self,
        st: &State,
        pos: &[u32],
        f: &mut Finding,
        ask_unique: &mut dyn FnMut(&State) -> bool,
    ) -> Result<bool, Abort> {
        let rules = self.rules;
        if self.on(Technique::Pointing)
            || self.on(Technique::Claiming)
            || self.on(Technique::LockedCandidates)
        {
            self.spend(Search::Locked.units(rules))?;
        }
        if (self.on(Technique::Pointing)
            || self.on(Technique::Claiming)
            || self.on(Technique::LockedCandidates))
            && intersections::locked(rules, st, pos, self.techniques, f)
        {
            return Ok(true);
        }
        for k in 2..=4 {
            let t = [
                Technique::NakedPair,
                Technique::NakedTriple,
                Technique::NakedQuad,
            ][k - 2];
            if self.on(t)
                && self
                    .spend(Search::Naked(k).units(rules))
                    .map(|()| subsets::naked(rules, st, k, t, f))?
            {
                return Ok(true);
            }
        }
        let square = rules.square;
        if square
            && self.on(Technique::XWing)
            && self
                .spend(Search::Fish(2).units(rules))
                .map(|()| fish::fish(rules, st, 2, f))?
        {
            return Ok(true);
        }
        if self.on(Technique::HiddenPair)
            && self
                .spend(Search::Hidden(2).units(rules))
                .map(|()| subsets::hidden(rules, st, pos, 2, f))?
        {
            return Ok(true);
        }
        if self.max_fish >= 3
            && square
            && self.on(Technique::Swordfish)
            && self
                .spend(Search::Fish(3).units(rules))
                .map(|()| fish::fish(rules, st, 3, f))?
        {
            return Ok(true);
        }
        if self.on(Technique::HiddenTriple)
            && self
                .spend(Search::Hidden(3).units(rules))
                .map(|()| subsets::hidden(rules, st, pos, 3, f))?
        {
            return Ok(true);
        }
        if (self.on(Technique::Skyscraper)
            || self.on(Technique::TwoStringKite)
            || self.on(Technique::TurbotFish))
            && self
                .spend(Search::Turbot.units(rules))
                .map(|()| chains::turbot(rules, st, pos, f))?
        {
            if self.on(f.technique) {
                return Ok(true);
            }
            f.clear();
        }
        if square
            && self.on(Technique::EmptyRectangle)
            && self
                .spend(Search::EmptyRectangle.units(rules))
                .map(|()| chains::empty_rectangle(rules, st, pos, f))?
        {
            return Ok(true);
        }
        if self.on(Technique::XyWing)
            && self
                .spend(Search::Wing.units(rules))
                .map(|()| wings::xy_wing(rules, st, f))?
        {
            return Ok(true);
        }
        if self.on(Technique::XyzWing)
            && self
                .spend(Search::Wing.units(rules))
                .map(|()| wings::xyz_wing(rules, st, f))?
        {
            return Ok(true);
        }
        if self.on(Technique::WWing)
            && self
                .spend(Search::WWing.units(rules))
                .map(|()| chains::w_wing(rules, st, pos, f))?
        {
            return Ok(true);
        }
        type Unique = fn(&Rules, &State, &[u32], &mut Finding) -> bool;
        let ur: [(Technique, Unique); 5] = [
            (Technique::UniqueRectangle, |l, s, _, f| {
                uniqueness::rectangle_type1(l, s, f)
            }),
            (Technique::UniqueRectangle2, |l, s, _, f| {
                uniqueness::rectangle_type2(l, s, f)
            }),
            (Technique::UniqueRectangle4, uniqueness::rectangle_type4),
            (Technique::UniqueRectangle3, |l, s, _, f| {
                uniqueness::rectangle_type3(l, s, f)
            }),
            (Technique::HiddenRectangle, uniqueness::hidden_rectangle),
        ];
        for (t, find) in ur {
            if square
                && self.on(t)
                && self.uniqueness != Uniqueness::No
                && self
                    .spend(Search::Uniqueness.units(rules))
                    .map(|()| find(rules, st, pos, f))?
            {
                if self.assume_unique(st, ask_unique) {
                    return Ok(true);
                }
                f.clear();
            }
        }
        if self.max_fish >= 4
            && square
            && self.on(Technique::Jellyfish)
            && self
                .spend(Search::Fish(4).units(rules))
                .map(|()| fish::fish(rules, st, 4, f))?
        {
            return Ok(true);
        }
        if self.on(Technique::HiddenQuad)
            && self
                .spend(Search::Hidden(4).units(rules))
                .map(|()| subsets::hidden(rules, st, pos, 4, f))?
        {
            return Ok(true);
        }
        if self.max_fish >= 5
            && square
            && self.on(Technique::Squirmbag)
            && self
                .spend(Search::Fish(5).units(rules))
                .map(|()| fish::fish(rules, st, 5, f))?
        {
            return Ok(true);
        }
        if square
            && self.on(Technique::BugPlusOne)
            && self.uniqueness != Uniqueness::No
            && self
                .spend(Search::Uniqueness.units(rules))
                .map(|()| uniqueness::bug_plus_one(rules, st, pos, f))?
        {
            if self.assume_unique(st, ask_unique) {
                return Ok(true);
            }
            f.clear();
        }
        Ok(false)
    }

    /// Resolves `Unknown` uniqueness through the oracle; true when it may be assumed.
    fn assume_unique(&mut self, st: &State, ask_unique: &mut dyn FnMut(&State) -> bool) -> bool {
        if self.uniqueness == Uniqueness::Unknown {
            self.uniqueness = if ask_unique(st) {
                Uniqueness::Unique
            } else {
                Uniqueness::No
            };
        }
        self.uniqueness == Uniqueness::Unique
    }
}
