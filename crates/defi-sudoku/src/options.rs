//! The game's options, chosen at the start and fixed for the game (the "options" of "La jeune
//! histoire du Défi Sudoku en famille ou entre amis"), with its defaults (the table is on
//! `Options`).

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
    ///
    /// ```
    /// use defi_sudoku::Challenge;
    /// assert_eq!(Challenge::ALL[0], Challenge::default());
    /// ```
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
    ///
    /// ```
    /// use defi_sudoku::Challenge;
    /// assert_eq!(Challenge::Shortened.name(), "shortened");
    /// assert_eq!("shortened".parse::<Challenge>()?, Challenge::Shortened);
    /// # Ok::<(), defi_sudoku::ParseOptionError>(())
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Challenge::Regular => "regular",
            Challenge::Shortened => "shortened",
            Challenge::Express => "express",
        }
    }
}

/// Whether players #2 to #5 get a head start in round 1, and how much.
///
/// The rules' handicap ([`Handicap::With`], +4, +6, +8, +10 for players #2–#5) is meant to
/// even the seats, but played by equal computer players it falls short with 2 or 3 players
/// (the first player still wins most) and overshoots with 4. [`Handicap::Balanced`] gives
/// instead the first-round points of the [`balanced`](crate::balanced) table, measured so that
/// equal computer players win equally often from every seat, for each number of players,
/// challenge and two against two. [`Handicap::Custom`] gives any points by seat (house rules).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Handicap {
    /// Players #2, #3, #4, #5 receive +4, +6, +8, +10 in the first round (the rules' default).
    #[default]
    With,
    /// Nobody gets a handicap.
    Without,
    /// The points of the [`balanced`](crate::balanced) table for the game's number of players,
    /// challenge and teams.
    Balanced,
    /// These points by seat (player #1 first; seats beyond the game's players are ignored).
    Custom([u32; 5]),
}

impl Handicap {
    /// The rules' handicaps by seat (player index in the initial order): 0, 4, 6, 8, 10.
    pub const POINTS: [u32; 5] = [0, 4, 6, 8, 10];

    /// The most first-round points a handicap may give one seat: 100 (the rules' largest is
    /// 10, the balanced table's 11). Larger points are
    /// [`SetupError::HandicapTooLarge`](crate::SetupError::HandicapTooLarge), so no total
    /// can overflow.
    pub const MAX_POINTS: u32 = crate::setup::MAX_HANDICAP_POINTS;

    /// The first-round points of every seat (0-based initial order; seats from `players` on
    /// get 0) in a game of `players` players with `challenge`, two against two when `teams`.
    /// Only [`Handicap::Balanced`] depends on the game; for a game the table does not cover
    /// (fewer than 2 or more than 5 players, teams without 4) it gives no points.
    ///
    /// ```
    /// use defi_sudoku::{Challenge, Handicap};
    /// assert_eq!(Handicap::With.points(3, Challenge::Regular, false), [0, 4, 6, 0, 0]);
    /// assert_eq!(Handicap::Without.points(3, Challenge::Regular, false), [0; 5]);
    /// let custom = Handicap::Custom([0, 5, 9, 2, 2]);
    /// assert_eq!(custom.points(2, Challenge::Express, false), [0, 5, 0, 0, 0]);
    /// // The balanced table: the first player starts from 0 or more, the others more.
    /// let balanced = Handicap::Balanced.points(2, Challenge::Regular, false);
    /// assert!(balanced[1] > 0 && balanced[2..] == [0, 0, 0]);
    /// ```
    pub fn points(self, players: usize, challenge: Challenge, teams: bool) -> [u32; 5] {
        let all = match self {
            Handicap::With => Handicap::POINTS,
            Handicap::Without => [0; 5],
            Handicap::Balanced => {
                crate::balanced::points(players, challenge, teams).unwrap_or([0; 5])
            }
            Handicap::Custom(points) => points,
        };
        let mut points = [0; 5];
        let n = players.min(5);
        points[..n].copy_from_slice(&all[..n]);
        points
    }

    /// The name used on command lines: `on`, `off`, `balanced` or `custom`.
    ///
    /// ```
    /// use defi_sudoku::Handicap;
    /// assert_eq!(Handicap::Without.name(), "off");
    /// assert_eq!(Handicap::Custom([0, 6, 11, 0, 0]).name(), "custom");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Handicap::With => "on",
            Handicap::Without => "off",
            Handicap::Balanced => "balanced",
            Handicap::Custom(_) => "custom",
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
    /// The longest time limit per turn a game accepts: one day (a longer one is
    /// [`SetupError::TimeLimitTooLong`](crate::SetupError::TimeLimitTooLong)).
    pub const MAX_LIMIT: Duration = crate::setup::MAX_TIME_LIMIT;

    /// The per-turn limit, if any.
    ///
    /// ```
    /// use core::time::Duration;
    /// use defi_sudoku::Chrono;
    /// assert_eq!(Chrono::Without.limit(), None);
    /// let limit = Duration::from_secs(45);
    /// assert_eq!(Chrono::With { limit }.limit(), Some(limit));
    /// ```
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
    ///
    /// ```
    /// use defi_sudoku::FinalOrder;
    /// assert_eq!(FinalOrder::StatusQuo.name(), "status-quo");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            FinalOrder::Increasing => "increasing",
            FinalOrder::StatusQuo => "status-quo",
        }
    }
}

/// Every option of a game. `Options::default()` is the rules' default game.
///
/// | option | default | other choices |
/// |---|---|---|
/// | [`Challenge`] | Regular (1, 2, 3, 1, 2, 3, …) | Shortened (1, 2, 3, 3, …), Express (3, 3, …) |
/// | [`Handicap`] | With (+4, +6, +8, +10 for players #2–#5 in round 1) | Without; Balanced (the [`balanced`](crate::balanced) table); Custom |
/// | [`Chrono`] | Without | With a time limit per turn |
/// | two against two ([`Options::teams`]) | off | on, with exactly 4 players |
/// | [`FinalOrder`] | Increasing (lowest score first) | Status quo (initial order) |
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

impl Options {
    /// The longest text an option's `FromStr` reads (`regular`, `0,6,11`, `search:C@150`…),
    /// in bytes: a longer one is refused before it is looked at (its error quotes only an
    /// excerpt).
    ///
    /// ```
    /// use defi_sudoku::{Challenge, Options};
    /// let long = format!("regular{}", " ".repeat(Options::MAX_TEXT_LEN));
    /// assert!(long.parse::<Challenge>().is_err());
    /// ```
    pub const MAX_TEXT_LEN: usize = 64;

    /// The first-round points of every seat in a game of `players` players with these
    /// options (see [`Handicap::points`]).
    ///
    /// ```
    /// use defi_sudoku::{Handicap, Options};
    /// let options = Options { handicap: Handicap::Custom([0, 3, 5, 7, 9]), ..Options::default() };
    /// assert_eq!(options.handicap_points(4), [0, 3, 5, 7, 0]);
    /// ```
    pub fn handicap_points(&self, players: usize) -> [u32; 5] {
        self.handicap.points(players, self.challenge, self.teams)
    }
}

/// The longest option text read ([`Options::MAX_TEXT_LEN`]).
pub(crate) const MAX_OPTION_TEXT: usize = Options::MAX_TEXT_LEN;

/// The text of an option quoted in an error: whole up to 32 characters, else its first 32
/// and its length.
pub(crate) fn excerpt(text: &str) -> String {
    match text.char_indices().nth(32) {
        None => text.to_owned(),
        Some((end, _)) => format!("{}… ({} bytes)", &text[..end], text.len()),
    }
}

/// `text` in ASCII lower case, or nothing (which names no value) when it is longer than
/// [`MAX_OPTION_TEXT`].
fn lowercase(text: &str) -> String {
    if text.len() > MAX_OPTION_TEXT {
        String::new()
    } else {
        text.to_ascii_lowercase()
    }
}

/// A text that names no option value (or is longer than [`Options::MAX_TEXT_LEN`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {option} {text:?} (expected one of: {expected})")]
pub struct ParseOptionError {
    /// Which option was being read (`challenge`, `handicap`, `final order`).
    pub option: &'static str,
    /// The text read: whole up to 32 characters, else its first 32 followed by `…` and its
    /// length in bytes.
    pub text: String,
    /// The accepted names.
    pub expected: &'static str,
}

impl FromStr for Challenge {
    type Err = ParseOptionError;

    /// `regular`, `shortened` or `express` (ASCII case ignored).
    ///
    /// ```
    /// use defi_sudoku::Challenge;
    /// assert_eq!("Express".parse(), Ok(Challenge::Express));
    /// let error = "blitz".parse::<Challenge>().unwrap_err();
    /// assert_eq!(error.to_string(), r#"unknown challenge "blitz" (expected one of: regular, shortened, express)"#);
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match lowercase(s).as_str() {
            "regular" => Ok(Challenge::Regular),
            "shortened" => Ok(Challenge::Shortened),
            "express" => Ok(Challenge::Express),
            _ => Err(ParseOptionError {
                option: "challenge",
                text: crate::options::excerpt(s),
                expected: "regular, shortened, express",
            }),
        }
    }
}

impl FromStr for Handicap {
    type Err = ParseOptionError;

    /// `on`/`with`, `off`/`without`, `balanced` (ASCII case ignored), or the points of a
    /// custom handicap by seat, 1 to 5 whole numbers separated by commas (`0,6,11`; missing
    /// seats get 0).
    ///
    /// ```
    /// use defi_sudoku::Handicap;
    /// assert_eq!("balanced".parse(), Ok(Handicap::Balanced));
    /// assert_eq!("0,6,11".parse(), Ok(Handicap::Custom([0, 6, 11, 0, 0])));
    /// assert!("0,6,x".parse::<Handicap>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let error = || ParseOptionError {
            option: "handicap",
            text: crate::options::excerpt(s),
            expected: "on, off, balanced, or up to 5 points separated by commas",
        };
        match lowercase(s).as_str() {
            "on" | "with" => Ok(Handicap::With),
            "off" | "without" => Ok(Handicap::Without),
            "balanced" => Ok(Handicap::Balanced),
            list if list.starts_with(|c: char| c.is_ascii_digit()) => {
                let mut points = [0u32; 5];
                for (seat, part) in list.split(',').enumerate() {
                    let slot = points.get_mut(seat).ok_or_else(error)?;
                    *slot = part.trim().parse().map_err(|_| error())?;
                }
                Ok(Handicap::Custom(points))
            }
            _ => Err(error()),
        }
    }
}

impl FromStr for FinalOrder {
    type Err = ParseOptionError;

    /// `increasing` or `status-quo` (ASCII case ignored).
    ///
    /// ```
    /// use defi_sudoku::FinalOrder;
    /// assert_eq!("status-quo".parse(), Ok(FinalOrder::StatusQuo));
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match lowercase(s).as_str() {
            "increasing" => Ok(FinalOrder::Increasing),
            "status-quo" | "statusquo" | "status_quo" => Ok(FinalOrder::StatusQuo),
            _ => Err(ParseOptionError {
                option: "final order",
                text: crate::options::excerpt(s),
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
    /// The name (`on`, `off`, `balanced`), or a custom handicap's five points separated by
    /// commas (`0,6,11,0,0`), which reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Handicap::Custom(points) => {
                let [a, b, c, d, e] = points;
                write!(f, "{a},{b},{c},{d},{e}")
            }
            other => f.write_str(other.name()),
        }
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
        for h in [
            Handicap::With,
            Handicap::Without,
            Handicap::Balanced,
            Handicap::Custom([0, 7, 12, 3, 0]),
        ] {
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
