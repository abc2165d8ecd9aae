//! The itemised result of scoring: each line (what it scores for, the part of the hand, its
//! value) and the whole [`Score`].

use core::fmt;

use mahjong_tiles::{Tile, Tiles};

use crate::decompose::Decomposition;
use crate::limit_hands::LimitHand;
use crate::meld::Meld;
use crate::points::Item;

/// What a [`ScoreLine`] scores for: a line of the points table, or a Grand Jeu.
///
/// The rule also says the unit of the line's value: doubles for the table's doubling
/// lines ([`Item::is_doubles`]), points otherwise (a Grand Jeu scores its fixed points).
///
/// ```
/// use mahjong_rules::{Item, LimitHand, ScoreRule};
/// assert!(ScoreRule::Table(Item::TripletDragon).is_doubles());
/// assert!(!ScoreRule::Table(Item::MahJong).is_doubles());
/// assert!(!ScoreRule::LimitHand(LimitHand::NineTiles).is_doubles());
/// assert_eq!(ScoreRule::Table(Item::MahJong).to_string(), "Mah-jong");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ScoreRule {
    /// A line of the points table.
    Table(Item),
    /// A Grand Jeu, scoring its fixed value.
    LimitHand(LimitHand),
}

impl ScoreRule {
    /// Whether the line's value counts doubles (otherwise points).
    ///
    /// ```
    /// use mahjong_rules::{Item, ScoreRule};
    /// assert!(ScoreRule::Table(Item::HalfFlush).is_doubles());
    /// assert!(!ScoreRule::Table(Item::Flower).is_doubles());
    /// ```
    pub const fn is_doubles(self) -> bool {
        match self {
            ScoreRule::Table(item) => item.is_doubles(),
            ScoreRule::LimitHand(_) => false,
        }
    }
}

impl fmt::Display for ScoreRule {
    /// The table line's description or the Grand Jeu's name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreRule::Table(item) => write!(f, "{item}"),
            ScoreRule::LimitHand(l) => write!(f, "{l}"),
        }
    }
}

/// The part of the hand a [`ScoreLine`] scores: a meld, the pair, one flower or season, or
/// the hand as a whole.
///
/// ```
/// use mahjong_rules::HandPart;
/// let pair = HandPart::Pair { tile: "5z".parse()?, concealed: false };
/// assert_eq!(pair.to_string(), "[55z]");
/// assert_eq!(HandPart::Whole.to_string(), "");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HandPart {
    /// A meld of the scored decomposition, or laid apart.
    Meld(Meld),
    /// The pair, and whether it is concealed.
    Pair {
        /// The pair's tile.
        tile: Tile,
        /// Concealed (not completed by another player's tile).
        concealed: bool,
    },
    /// A single tile (a flower or a season).
    Tile(Tile),
    /// The hand as a whole (Mah-jong lines, flushes, a Grand Jeu, all four flowers…).
    Whole,
}

impl fmt::Display for HandPart {
    /// The meld in the hand notation (`999m`, `[777z]`), the pair (`55z`, or `[55z]` when
    /// exposed), the tile (`1f`); nothing for the whole hand.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            HandPart::Meld(m) => write!(f, "{m}"),
            HandPart::Pair { tile, concealed } => {
                let pair = Tiles(vec![tile; 2]);
                if concealed {
                    write!(f, "{pair}")
                } else {
                    write!(f, "[{pair}]")
                }
            }
            HandPart::Tile(t) => write!(f, "{t}"),
            HandPart::Whole => Ok(()),
        }
    }
}

/// One line of an itemised [`Score`]: what it scores for, the part of the hand it scores,
/// and its value, in points or in doubles as its [rule](ScoreRule::is_doubles) says.
///
/// ```
/// use mahjong_rules::{Hand, HandPart, Item, RuleOptions, ScoreRule, Situation, Win, score};
/// use mahjong_tiles::Wind;
///
/// let hand: Hand = "123m 456p 789s 777z 11z".parse()?;
/// let situation = Situation::new(Wind::South, Wind::East).with_win(Win::self_drawn("3m".parse()?));
/// let s = score(&hand, &situation, &RuleOptions::default())?;
/// let dragons = s.lines.iter().find(|l| l.rule == ScoreRule::Table(Item::TripletDragon)).unwrap();
/// assert_eq!(dragons.part, HandPart::Meld("777z".parse()?));
/// assert_eq!((dragons.points(), dragons.doubles()), (0, 1));
/// assert_eq!(dragons.to_string(), "triplet or kong of dragons 777z: 1 double");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ScoreLine {
    /// The table line or Grand Jeu.
    pub rule: ScoreRule,
    /// The meld, pair or tile it scores, or the whole hand.
    pub part: HandPart,
    /// Its value: doubles when [`ScoreRule::is_doubles`], points otherwise.
    pub value: u32,
}

impl ScoreLine {
    /// The points the line adds (0 for a line of doubles).
    ///
    /// ```
    /// use mahjong_rules::{HandPart, Item, ScoreLine, ScoreRule};
    /// let line = ScoreLine { rule: ScoreRule::Table(Item::MahJong), part: HandPart::Whole, value: 20 };
    /// assert_eq!((line.points(), line.doubles()), (20, 0));
    /// ```
    pub const fn points(&self) -> u32 {
        if self.rule.is_doubles() {
            0
        } else {
            self.value
        }
    }

    /// The doubles the line adds (0 for a line of points).
    ///
    /// ```
    /// use mahjong_rules::{HandPart, Item, ScoreLine, ScoreRule};
    /// let line = ScoreLine { rule: ScoreRule::Table(Item::PureFlush), part: HandPart::Whole, value: 3 };
    /// assert_eq!((line.points(), line.doubles()), (0, 3));
    /// assert_eq!(line.to_string(), "pure flush (one suit only): 3 doubles");
    /// ```
    pub const fn doubles(&self) -> u32 {
        if self.rule.is_doubles() {
            self.value
        } else {
            0
        }
    }
}

impl fmt::Display for ScoreLine {
    /// `triplet of terminals 999m: 8 points`, `triplet or kong of dragons [777z]: 1 double`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rule)?;
        if self.part != HandPart::Whole {
            write!(f, " {}", self.part)?;
        }
        let n = self.value;
        let unit = if self.rule.is_doubles() {
            "double"
        } else {
            "point"
        };
        let s = if n == 1 { "" } else { "s" };
        write!(f, ": {n} {unit}{s}")
    }
}

/// An itemised score, as [`score()`](crate::score()) gives it: every line, the totals, and how the final
/// score was reached (the Grand Jeu, the limit, East's doubling).
///
/// ```
/// use mahjong_rules::{Hand, RuleOptions, Situation, Win, score};
/// use mahjong_tiles::Wind;
///
/// let hand: Hand = "123m 456p 789s 777z 11z".parse()?;
/// let east = Situation::new(Wind::East, Wind::East).with_win(Win::self_drawn("3m".parse()?));
/// let s = score(&hand, &east, &RuleOptions::default())?;
/// assert_eq!(s.lines.iter().map(|l| l.points()).sum::<u32>(), s.points);
/// assert!(s.east_doubled && !s.capped && s.limit_hand.is_none());
/// assert_eq!(s.decomposition.as_ref().map(|d| d.to_string()), Some("123m 456p 789s 777z 11z".into()));
/// let text = s.to_string();
/// assert!(text.contains("Mah-jong: 20 points"));
/// assert_eq!(text.lines().last(), Some("points 34 doubles 1 score 136"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Score {
    /// Every line, points and doubles.
    pub lines: Vec<ScoreLine>,
    /// Total points.
    pub points: u32,
    /// Total doubles.
    pub doubles: u32,
    /// The Grand Jeu scored, if any.
    pub limit_hand: Option<LimitHand>,
    /// The decomposition of the concealed tiles that was scored (with the winning tile's
    /// group exposed when it came from another player); `None` for a Grand Jeu or a hand
    /// scored on its bonus tiles only.
    pub decomposition: Option<Decomposition>,
    /// Whether the ordinary-hand limit cut the score.
    pub capped: bool,
    /// Whether East's score was doubled (simple system).
    pub east_doubled: bool,
    /// The final score.
    pub total: u64,
}

impl fmt::Display for Score {
    /// The itemised lines, one per line, then notes on the limit and East's doubling, then
    /// `points P doubles D score S`, preceded by the Grand Jeu's name when one applies.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in &self.lines {
            writeln!(f, "{line}")?;
        }
        if self.capped {
            writeln!(f, "limit: score capped")?;
        }
        if self.east_doubled {
            writeln!(f, "East: score doubled (simple system)")?;
        }
        if let Some(l) = self.limit_hand {
            write!(f, "{l} ")?;
        }
        write!(
            f,
            "points {} doubles {} score {}",
            self.points, self.doubles, self.total
        )
    }
}
