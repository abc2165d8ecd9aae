//! What a seat does: an [`Action`], with its text form (`E discard 5m`, `S chow 456p`).

use core::fmt;
use core::str::FromStr;

use mahjong_tiles::{ParseTileError, ParseWindError, Tile, Tiles, Wind, parse_tiles};

/// One decision of one seat. Draws, replacements and flowers laid out are not actions: the
/// round does them itself, as they leave nobody a choice.
///
/// The same action means the same thing at every moment it is legal:
/// - [`Action::MahJong`] goes Mah-jong: on the tile just drawn (its own turn), on the discard
///   (the claim window), by robbing a kong (the robbing window), or with the tile taken
///   from the discards (the Celestial Empire);
/// - [`Action::Kong`] declares a concealed kong of four tiles held, or adds the tile just
///   drawn to an exposed pung (a small kong), on its own turn; it claims the discard for a
///   kong in the claim window, and makes a kong with the tile taken from the discards;
/// - [`Action::Pass`] lets the discard, the robbed tile or the invocation go.
///
/// Its text form is the seat's letter, a verb and a tile or meld: `E discard 5m`,
/// `E calling 5m`, `E kong 5m`, `S pung`, `S chow 456p`, `W mahjong`, `N pass`,
/// `E invoke 5m`.
///
/// ```
/// use mahjong_rules::table::Action;
/// use mahjong_tiles::Wind;
/// let a: Action = "S chow 456p".parse()?;
/// assert_eq!(a, Action::Chow { seat: Wind::South, first: "4p".parse()? });
/// assert_eq!(a.to_string(), "S chow 456p");
/// assert_eq!(a.seat(), Wind::South);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Discard a concealed tile.
    Discard {
        /// Who.
        seat: Wind,
        /// The tile.
        tile: Tile,
    },
    /// Discard a concealed tile and declare a calling hand (an option: the Japanese rule).
    Calling {
        /// Who.
        seat: Wind,
        /// The tile discarded.
        tile: Tile,
    },
    /// Make a kong of `tile` (see the type's docs for the three ways).
    Kong {
        /// Who.
        seat: Wind,
        /// The kong's tile.
        tile: Tile,
    },
    /// Claim the discard for a pung, or make a pung with the tile taken from the discards.
    Pung {
        /// Who.
        seat: Wind,
    },
    /// Claim the discard for a chow (only the player after the discarder), or make a chow
    /// with the tile taken from the discards.
    Chow {
        /// Who.
        seat: Wind,
        /// The lowest tile of the sequence.
        first: Tile,
    },
    /// Go Mah-jong.
    MahJong {
        /// Who.
        seat: Wind,
    },
    /// Let the discard, the robbed tile or the invocation go.
    Pass {
        /// Who.
        seat: Wind,
    },
    /// Invoke the Celestial Empire: take `tile` from the discards once the wall is
    /// exhausted (Chinese rule).
    Invoke {
        /// Who.
        seat: Wind,
        /// The discarded tile taken.
        tile: Tile,
    },
}

impl Action {
    /// The longest text an action is read from, in bytes: 64 (the longest,
    /// `ouest calling 🀄` or `ouest chow 🀇🀈🀉`, takes under 30); a longer text is refused at
    /// once with [`ParseActionError::TooLong`]. A [`GameRecord`](super::GameRecord) read
    /// with serde holds its actions as these texts.
    pub const MAX_TEXT_LEN: usize = 64;

    /// The seat that acts.
    ///
    /// ```
    /// use mahjong_rules::table::Action;
    /// use mahjong_tiles::Wind;
    /// assert_eq!("N pass".parse::<Action>()?.seat(), Wind::North);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn seat(self) -> Wind {
        match self {
            Action::Discard { seat, .. }
            | Action::Calling { seat, .. }
            | Action::Kong { seat, .. }
            | Action::Pung { seat }
            | Action::Chow { seat, .. }
            | Action::MahJong { seat }
            | Action::Pass { seat }
            | Action::Invoke { seat, .. } => seat,
        }
    }

    /// The verb of the text form: `discard`, `calling`, `kong`, `pung`, `chow`, `mahjong`,
    /// `pass`, `invoke`.
    ///
    /// ```
    /// use mahjong_rules::table::Action;
    /// assert_eq!("W kong 9s".parse::<Action>()?.verb(), "kong");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn verb(self) -> &'static str {
        match self {
            Action::Discard { .. } => "discard",
            Action::Calling { .. } => "calling",
            Action::Kong { .. } => "kong",
            Action::Pung { .. } => "pung",
            Action::Chow { .. } => "chow",
            Action::MahJong { .. } => "mahjong",
            Action::Pass { .. } => "pass",
            Action::Invoke { .. } => "invoke",
        }
    }
}

impl fmt::Display for Action {
    /// `E discard 5m`, `S chow 456p`, `W pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.seat().letter(), self.verb())?;
        match *self {
            Action::Discard { tile, .. }
            | Action::Calling { tile, .. }
            | Action::Kong { tile, .. }
            | Action::Invoke { tile, .. } => write!(f, " {tile}"),
            Action::Chow { first, .. } => {
                let mut run = vec![first];
                let mut t = first;
                for _ in 0..2 {
                    match t.next_in_suit() {
                        Some(n) => {
                            run.push(n);
                            t = n;
                        }
                        None => break,
                    }
                }
                write!(f, " {}", Tiles(run))
            }
            Action::Pung { .. } | Action::MahJong { .. } | Action::Pass { .. } => Ok(()),
        }
    }
}

/// Why an action's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// The seat letter.
    #[error(transparent)]
    Seat(#[from] ParseWindError),
    /// The tile or meld.
    #[error(transparent)]
    Tile(#[from] ParseTileError),
    /// Not a known verb.
    #[error(
        "unknown action {verb:?}: expected discard, calling, kong, pung, chow, mahjong, pass or invoke"
    )]
    Verb {
        /// The verb found (its first 40 characters at most).
        verb: String,
    },
    /// The text is longer than [`Action::MAX_TEXT_LEN`] bytes; it was refused before being
    /// read.
    #[error("an action's text of {length} bytes is too long: at most {max} bytes are read")]
    TooLong {
        /// The text's length in bytes.
        length: usize,
        /// [`Action::MAX_TEXT_LEN`].
        max: usize,
    },
    /// The words do not fit the verb: a tile missing or too many, or a chow that is not
    /// three consecutive tiles of one suit.
    #[error(
        "malformed action {text:?}: expected SEAT VERB [TILE], e.g. \"E discard 5m\" or \"S chow 456p\""
    )]
    Malformed {
        /// The text (its first 40 characters at most).
        text: String,
    },
}

fn short(s: &str) -> String {
    s.chars().take(40).collect()
}

impl FromStr for Action {
    type Err = ParseActionError;

    /// Reads `SEAT VERB [TILE]` (see [`Action`]); a text longer than
    /// [`Action::MAX_TEXT_LEN`] bytes is refused before it is read.
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        if s.len() > Action::MAX_TEXT_LEN {
            return Err(ParseActionError::TooLong {
                length: s.len(),
                max: Action::MAX_TEXT_LEN,
            });
        }
        let malformed = || ParseActionError::Malformed { text: short(s) };
        let mut words = s.split_whitespace();
        let seat: Wind = words.next().ok_or_else(malformed)?.parse()?;
        let verb = words.next().ok_or_else(malformed)?;
        let arg = words.next();
        if words.next().is_some() {
            return Err(malformed());
        }
        let one_tile = |arg: Option<&str>| -> Result<Tile, ParseActionError> {
            let tiles = parse_tiles(arg.ok_or_else(malformed)?)?;
            match tiles[..] {
                [t] => Ok(t),
                _ => Err(malformed()),
            }
        };
        let none = |arg: Option<&str>, a: Action| match arg {
            None => Ok(a),
            Some(_) => Err(malformed()),
        };
        match verb {
            "discard" => Ok(Action::Discard {
                seat,
                tile: one_tile(arg)?,
            }),
            "calling" => Ok(Action::Calling {
                seat,
                tile: one_tile(arg)?,
            }),
            "kong" => Ok(Action::Kong {
                seat,
                tile: one_tile(arg)?,
            }),
            "invoke" => Ok(Action::Invoke {
                seat,
                tile: one_tile(arg)?,
            }),
            "pung" => none(arg, Action::Pung { seat }),
            "mahjong" => none(arg, Action::MahJong { seat }),
            "pass" => none(arg, Action::Pass { seat }),
            "chow" => {
                let mut tiles = parse_tiles(arg.ok_or_else(malformed)?)?;
                tiles.sort_unstable();
                match tiles[..] {
                    [a, b, c] if a.next_in_suit() == Some(b) && b.next_in_suit() == Some(c) => {
                        Ok(Action::Chow { seat, first: a })
                    }
                    _ => Err(malformed()),
                }
            }
            other => Err(ParseActionError::Verb { verb: short(other) }),
        }
    }
}

// In a module of its own so the docs mark the impls as needing the `serde` feature.
#[cfg(feature = "serde")]
mod serde_impls {
    // An action serializes as its text form (`"E discard 5m"`).
    serde_through_notation!(super::Action);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips() {
        for s in [
            "E discard 5m",
            "S calling 1z",
            "W kong 9s",
            "N pung",
            "S chow 789p",
            "E mahjong",
            "W pass",
            "N invoke 7z",
        ] {
            let a: Action = s.parse().unwrap();
            assert_eq!(a.to_string(), s);
        }
    }

    #[test]
    fn malformed_text_is_refused() {
        for s in [
            "",
            "E",
            "X discard 5m",
            "E discard",
            "E discard 5m 6m",
            "E discard 56m",
            "E pung 5m",
            "E chow 468p",
            "E chow 9p",
            "E chow 1z2z3z",
            "E jump 5m",
        ] {
            assert!(s.parse::<Action>().is_err(), "{s:?}");
        }
        let long = format!("E {}", "x".repeat(1000));
        let e = long.parse::<Action>().unwrap_err().to_string();
        assert!(e.len() < 200, "{e}");
    }
}
