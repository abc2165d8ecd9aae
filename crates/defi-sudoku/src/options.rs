//! The game's options, chosen at the start and fixed for the game (the "options" of "La jeune
//! histoire du Défi Sudoku en famille ou entre amis"), with its defaults.
//!
//! | option | default | other choices |
//! |---|---|---|
//! | [`Challenge`] | Regular (1, 2, 3, 1, 2, 3, …) | Shortened (1, 2, 3, 3, …), Express (3, 3, …) |
//! | [`Handicap`] | With (+4, +6, +8, +10 for players #2–#5 in round 1) | Without |
//! | [`Chrono`] | Without | With a time limit per turn |
//! | two against two ([`Options::teams`]) | off | on, with exactly 4 players |
//! | [`FinalOrder`] | Increasing (lowest score first) | Status quo (initial order) |

use core::fmt;
use core::str::FromStr;
use core::time::Duration;

/// How many digits each player enters per round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Challenge {
    /// 1, 2, 3, 1, 2, 3, … (the default, "défi régulier").
    #[default]
    Regular,
    /// 1, 2, 3, 3, 3, … ("défi abrégé").
    Shortened,
    /// 3, 3, 3, … ("défi express").
    Express,
}

impl Challenge {
    /// Every challenge, in the rules' order.
    pub const ALL: [Challenge; 3] = [Challenge::Regular, Challenge::Shortened, Challenge::Express];

    /// The quota of digits per player in `round` (rounds count from 1; round 0 is read as 1).
    ///
    /// ```
    /// use defi_sudoku::Challenge;
    /// let regular: Vec<u8> = (1..=7).map(|r| Challenge::Regular.quota(r)).collect();
    /// assert_eq!(regular, [1, 2, 3, 1, 2, 3, 1]);
    /// let shortened: Vec<u8> = (1..=5).map(|r| Challenge::Shortened.quota(r)).collect();
    /// assert_eq!(shortened, [1, 2, 3, 3, 3]);
    /// assert_eq!(Challenge::Express.quota(1), 3);
    /// ```
    pub const fn quota(self, round: u32) -> u8 {
        let r = if round == 0 { 1 } else { round };
        match self {
            Challenge::Regular => ((r - 1) % 3 + 1) as u8,
            Challenge::Shortened => {
                if r < 3 {
                    r as u8
                } else {
                    3
                }
            }
            Challenge::Express => 3,
        }
    }

    /// The name used on command lines: `regular`, `shortened`, `express`.
    pub const fn name(self) -> &'static str {
        match self {
            Challenge::Regular => "regular",
            Challenge::Shortened => "shortened",
            Challenge::Express => "express",
        }
    }
}

/// Whether players #2 to #5 get a head start in round 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Handicap {
    /// Players #2, #3, #4, #5 receive +4, +6, +8, +10 in the first round (the default).
    #[default]
    With,
    /// Nobody gets a handicap.
    Without,
}

impl Handicap {
    /// The rules' handicaps by seat (player index in the initial order): 0, 4, 6, 8, 10.
    pub const POINTS: [u32; 5] = [0, 4, 6, 8, 10];

    /// The handicap of the player at `seat` (0-based initial order).
    ///
    /// ```
    /// use defi_sudoku::Handicap;
    /// assert_eq!(Handicap::With.points(0), 0);
    /// assert_eq!(Handicap::With.points(3), 8);
    /// assert_eq!(Handicap::Without.points(3), 0);
    /// ```
    pub fn points(self, seat: usize) -> u32 {
        match self {
            Handicap::With => Handicap::POINTS.get(seat).copied().unwrap_or(0),
            Handicap::Without => 0,
        }
    }

    /// The name used on command lines: `on` or `off`.
    pub const fn name(self) -> &'static str {
        match self {
            Handicap::With => "on",
            Handicap::Without => "off",
        }
    }
}

/// Whether turns are timed.
///
/// With a limit, an entry made more than `limit` after the start of its turn does not count:
/// it is placed like any other (corrected if wrong) and still uses one of the player's digits,
/// but scores nothing (no face value, no completion bonus). So every turn still fills its
/// quota of cells and the final round stays the one the rules anticipate. The elapsed time
/// comes from the caller or from a [`Clock`](crate::Clock), see [`TimedGame`](crate::TimedGame).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Chrono {
    /// No time limit (the default).
    #[default]
    Without,
    /// A time limit per turn.
    With {
        /// The time a player has for its turn.
        #[cfg_attr(feature = "serde", serde(with = "duration_ms"))]
        limit: Duration,
    },
}

impl Chrono {
    /// The per-turn limit, if any.
    pub const fn limit(self) -> Option<Duration> {
        match self {
            Chrono::Without => None,
            Chrono::With { limit } => Some(limit),
        }
    }
}

/// The order of the final round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum FinalOrder {
    /// By score, lowest first; ties keep the initial order (the default, "croissante").
    #[default]
    Increasing,
    /// The initial order ("status quo").
    StatusQuo,
}

impl FinalOrder {
    /// The name used on command lines: `increasing` or `status-quo`.
    pub const fn name(self) -> &'static str {
        match self {
            FinalOrder::Increasing => "increasing",
            FinalOrder::StatusQuo => "status-quo",
        }
    }
}

/// Every option of a game. `Options::default()` is the rules' default game.
///
/// ```
/// use defi_sudoku::{Challenge, Chrono, FinalOrder, Handicap, Options};
/// let options = Options::default();
/// assert_eq!(options.challenge, Challenge::Regular);
/// assert_eq!(options.handicap, Handicap::With);
/// assert_eq!(options.chrono, Chrono::Without);
/// assert!(!options.teams);
/// assert_eq!(options.final_order, FinalOrder::Increasing);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Options {
    /// Digits per player per round.
    pub challenge: Challenge,
    /// Round-1 head start for players #2–#5.
    pub handicap: Handicap,
    /// Per-turn time limit.
    pub chrono: Chrono,
    /// Two against two (4 players only): players 1 and 3 (indices 0 and 2) form team A,
    /// players 2 and 4 (indices 1 and 3) team B, so team-mates never play one after the other.
    pub teams: bool,
    /// The order of the final round.
    pub final_order: FinalOrder,
}

/// A text that names no option value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {option} {text:?} (expected one of: {expected})")]
pub struct ParseOptionError {
    /// Which option was being read (`challenge`, `handicap`, `final order`).
    pub option: &'static str,
    /// The text read.
    pub text: String,
    /// The accepted names.
    pub expected: &'static str,
}

impl FromStr for Challenge {
    type Err = ParseOptionError;

    /// `regular`, `shortened` or `express` (ASCII case ignored).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "regular" => Ok(Challenge::Regular),
            "shortened" => Ok(Challenge::Shortened),
            "express" => Ok(Challenge::Express),
            _ => Err(ParseOptionError {
                option: "challenge",
                text: s.to_owned(),
                expected: "regular, shortened, express",
            }),
        }
    }
}

impl FromStr for Handicap {
    type Err = ParseOptionError;

    /// `on`/`with` or `off`/`without` (ASCII case ignored).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "on" | "with" => Ok(Handicap::With),
            "off" | "without" => Ok(Handicap::Without),
            _ => Err(ParseOptionError {
                option: "handicap",
                text: s.to_owned(),
                expected: "on, off",
            }),
        }
    }
}

impl FromStr for FinalOrder {
    type Err = ParseOptionError;

    /// `increasing` or `status-quo` (ASCII case ignored).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "increasing" => Ok(FinalOrder::Increasing),
            "status-quo" | "statusquo" | "status_quo" => Ok(FinalOrder::StatusQuo),
            _ => Err(ParseOptionError {
                option: "final order",
                text: s.to_owned(),
                expected: "increasing, status-quo",
            }),
        }
    }
}

impl fmt::Display for Challenge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Handicap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for FinalOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Durations as whole milliseconds in serialized forms.
#[cfg(feature = "serde")]
mod duration_ms {
    use core::time::Duration;

    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        u64::deserialize(d).map(Duration::from_millis)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for c in Challenge::ALL {
            assert_eq!(c.name().parse::<Challenge>(), Ok(c));
        }
        for h in [Handicap::With, Handicap::Without] {
            assert_eq!(h.to_string().parse::<Handicap>(), Ok(h));
        }
        for o in [FinalOrder::Increasing, FinalOrder::StatusQuo] {
            assert_eq!(o.to_string().parse::<FinalOrder>(), Ok(o));
        }
        let err = "fast".parse::<Challenge>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown challenge \"fast\" (expected one of: regular, shortened, express)"
        );
    }

    #[test]
    fn quotas_follow_the_rules() {
        let q = |c: Challenge| (1..=9).map(|r| c.quota(r)).collect::<Vec<_>>();
        assert_eq!(q(Challenge::Regular), [1, 2, 3, 1, 2, 3, 1, 2, 3]);
        assert_eq!(q(Challenge::Shortened), [1, 2, 3, 3, 3, 3, 3, 3, 3]);
        assert_eq!(q(Challenge::Express), [3; 9]);
    }
}
