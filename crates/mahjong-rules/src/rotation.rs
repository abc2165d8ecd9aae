//! End of a round, wind rotation and the round wind.
//!
//! "Fin de la manche", "La rotation des Vents" and "Le Vent du Tour" in the French Wikipedia
//! article on Mah-jong:
//! - a round ends when a player goes Mah-jong, or when the live wall is empty (even if the
//!   dead wall still holds tiles);
//! - East wins: East stays East. Another player wins: the winds rotate — South becomes East,
//!   West South, North West, East North. Nobody wins: the winds rotate (the article's
//!   preference, [`DrawRotation::Rotate`]) or stay ([`DrawRotation::Stay`]);
//! - the round-wind option: in a game of 16 rounds, East is the round wind for rounds 1–4,
//!   South for 5–8, and so on;
//! - the invocation of the Celestial Empire (Chinese rule only): once the live wall is empty,
//!   East, then each player in turn order, may take any discarded tile; the round ends at the
//!   first Mah-jong made so, or after one turn of the table ([`invocation_order`]).
//!
//! ```
//! use mahjong_rules::rotation::{next_wind, round_wind, winds_rotate};
//! use mahjong_rules::DrawRotation;
//! use mahjong_tiles::Wind;
//!
//! assert!(!winds_rotate(Some(Wind::East), DrawRotation::Rotate));
//! assert!(winds_rotate(Some(Wind::West), DrawRotation::Rotate));
//! assert_eq!(next_wind(Wind::South, true, 4), Wind::East);
//! assert_eq!(round_wind(5, 4), Some(Wind::South));
//! ```

use mahjong_tiles::Wind;

use crate::points::{DiscardRule, DrawRotation};

/// A seat's name as people say it (`East`), for error messages: the text forms of actions and
/// records write its letter (`E`).
pub(crate) const fn wind_name(wind: &Wind) -> &'static str {
    match wind {
        Wind::East => "East",
        Wind::South => "South",
        Wind::West => "West",
        Wind::North => "North",
    }
}

/// Why a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RoundEnd {
    /// A player went Mah-jong.
    MahJong(Wind),
    /// The live wall is empty and nobody went Mah-jong.
    WallExhausted,
}

impl RoundEnd {
    /// The winner, if any.
    ///
    /// ```
    /// use mahjong_rules::rotation::RoundEnd;
    /// use mahjong_tiles::Wind;
    /// assert_eq!(RoundEnd::MahJong(Wind::South).winner(), Some(Wind::South));
    /// assert_eq!(RoundEnd::WallExhausted.winner(), None);
    /// ```
    pub const fn winner(self) -> Option<Wind> {
        match self {
            RoundEnd::MahJong(w) => Some(w),
            RoundEnd::WallExhausted => None,
        }
    }
}

/// Whether the round is over: a Mah-jong, or an empty live wall. `None` while it goes on.
///
/// ```
/// use mahjong_rules::rotation::{round_end, RoundEnd};
/// use mahjong_tiles::Wind;
/// assert_eq!(round_end(Some(Wind::West), 30), Some(RoundEnd::MahJong(Wind::West)));
/// assert_eq!(round_end(None, 0), Some(RoundEnd::WallExhausted));
/// assert_eq!(round_end(None, 30), None);
/// ```
pub fn round_end(mah_jong: Option<Wind>, live_wall_left: usize) -> Option<RoundEnd> {
    match (mah_jong, live_wall_left) {
        (Some(w), _) => Some(RoundEnd::MahJong(w)),
        (None, 0) => Some(RoundEnd::WallExhausted),
        (None, _) => None,
    }
}

/// Whether the winds rotate after a round won by `winner` (`None`: nobody).
///
/// ```
/// use mahjong_rules::rotation::winds_rotate;
/// use mahjong_rules::DrawRotation;
/// use mahjong_tiles::Wind;
/// assert!(!winds_rotate(Some(Wind::East), DrawRotation::Rotate));
/// assert!(winds_rotate(Some(Wind::North), DrawRotation::Stay));
/// assert!(!winds_rotate(None, DrawRotation::Stay));
/// ```
pub fn winds_rotate(winner: Option<Wind>, rule: DrawRotation) -> bool {
    match winner {
        Some(Wind::East) => false,
        Some(_) => true,
        None => rule == DrawRotation::Rotate,
    }
}

/// How many seats a table of `players` has (3 or 4 are played; 2 is read as two seats,
/// more than 4 as four).
const fn seated(players: usize) -> usize {
    if players < 2 {
        2
    } else if players > 4 {
        4
    } else {
        players
    }
}

/// The seat after `wind` in turn order at a table of `players` (3 or 4: the winds East,
/// South, West and, with four players, North).
///
/// ```
/// use mahjong_rules::rotation::next_seat;
/// use mahjong_tiles::Wind;
/// assert_eq!(next_seat(Wind::West, 4), Wind::North);
/// assert_eq!(next_seat(Wind::West, 3), Wind::East);
/// ```
pub fn next_seat(wind: Wind, players: usize) -> Wind {
    Wind::ALL[(wind as usize + 1) % seated(players)]
}

/// How many turns from the seat `from` to the seat `to` (0 to `players - 1`).
pub(crate) fn turns_from(from: Wind, to: Wind, players: usize) -> usize {
    let n = seated(players);
    (to as usize + n - from as usize) % n
}

/// A player's wind in the next round: unchanged, or after rotation the previous wind in turn
/// order (South → East, West → South, …, East → the last seat), at a table of `players`
/// (3 or 4; with three the seats are East, South, West).
///
/// ```
/// use mahjong_rules::rotation::next_wind;
/// use mahjong_tiles::Wind;
/// assert_eq!(next_wind(Wind::South, true, 4), Wind::East);
/// assert_eq!(next_wind(Wind::East, true, 4), Wind::North);
/// assert_eq!(next_wind(Wind::East, true, 3), Wind::West);
/// assert_eq!(next_wind(Wind::East, false, 4), Wind::East);
/// ```
pub fn next_wind(current: Wind, rotate: bool, players: usize) -> Wind {
    if !rotate {
        return current;
    }
    let n = seated(players);
    Wind::ALL[(current as usize + n - 1) % n]
}

/// The round wind of round `round` (1-based) when each wind lasts `rounds_per_wind` rounds
/// (4 in the article's 16-round game); `None` past the last wind or for round 0.
///
/// ```
/// use mahjong_rules::rotation::round_wind;
/// use mahjong_tiles::Wind;
/// assert_eq!(round_wind(4, 4), Some(Wind::East));
/// assert_eq!(round_wind(5, 4), Some(Wind::South));
/// assert_eq!(round_wind(17, 4), None);
/// ```
pub fn round_wind(round: usize, rounds_per_wind: usize) -> Option<Wind> {
    if round == 0 || rounds_per_wind == 0 {
        return None;
    }
    Wind::ALL.get((round - 1) / rounds_per_wind).copied()
}

/// Whether the Celestial Empire may be invoked: Chinese rule (every discard visible) and an
/// empty live wall.
///
/// ```
/// use mahjong_rules::rotation::invocation_allowed;
/// use mahjong_rules::DiscardRule;
/// assert!(invocation_allowed(DiscardRule::Chinese, 0));
/// assert!(!invocation_allowed(DiscardRule::Chinese, 1));
/// assert!(!invocation_allowed(DiscardRule::Japanese, 0));
/// ```
pub fn invocation_allowed(discards: DiscardRule, live_wall_left: usize) -> bool {
    discards == DiscardRule::Chinese && live_wall_left == 0
}

/// Who may invoke the Celestial Empire, in order: East first, then one turn of the table of
/// `players` (3 or 4).
///
/// ```
/// use mahjong_rules::rotation::invocation_order;
/// use mahjong_tiles::Wind::*;
/// assert_eq!(invocation_order(4), [East, South, West, North]);
/// assert_eq!(invocation_order(3), [East, South, West]);
/// ```
pub fn invocation_order(players: usize) -> Vec<Wind> {
    Wind::ALL[..seated(players)].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_cases() {
        for w in [Wind::South, Wind::West, Wind::North] {
            assert!(winds_rotate(Some(w), DrawRotation::Stay));
        }
        assert!(!winds_rotate(Some(Wind::East), DrawRotation::Rotate));
        assert!(winds_rotate(None, DrawRotation::Rotate));
        assert!(!winds_rotate(None, DrawRotation::Stay));
        let after: Vec<Wind> = Wind::ALL.iter().map(|&w| next_wind(w, true, 4)).collect();
        assert_eq!(after, [Wind::North, Wind::East, Wind::South, Wind::West]);
        assert_eq!(next_wind(Wind::East, true, 3), Wind::West);
        assert_eq!(next_wind(Wind::West, false, 4), Wind::West);
    }

    #[test]
    fn seats_in_turn_order() {
        for w in Wind::ALL {
            assert_eq!(next_seat(w, 4), w.next());
            assert_eq!(next_wind(next_seat(w, 4), true, 4), w);
            assert_eq!(turns_from(w, w.next(), 4), 1);
            assert_eq!(turns_from(w, w, 4), 0);
        }
        assert_eq!(next_seat(Wind::West, 3), Wind::East);
        assert_eq!(turns_from(Wind::West, Wind::South, 3), 2);
        assert_eq!(turns_from(Wind::South, Wind::East, 4), 3);
    }

    #[test]
    fn round_winds_of_a_16_round_game() {
        let winds: Vec<Wind> = (1..=16).filter_map(|r| round_wind(r, 4)).collect();
        assert_eq!(winds.len(), 16);
        assert_eq!(winds[3], Wind::East);
        assert_eq!(winds[4], Wind::South);
        assert_eq!(winds[15], Wind::North);
        assert_eq!(round_wind(17, 4), None);
        assert_eq!(round_wind(0, 4), None);
    }

    #[test]
    fn celestial_empire() {
        assert!(invocation_allowed(DiscardRule::Chinese, 0));
        assert!(!invocation_allowed(DiscardRule::Chinese, 3));
        assert!(!invocation_allowed(DiscardRule::Japanese, 0));
        assert_eq!(invocation_order(4), Wind::ALL.to_vec());
        assert_eq!(
            invocation_order(3),
            vec![Wind::East, Wind::South, Wind::West]
        );
    }

    #[test]
    fn end_of_round() {
        assert_eq!(round_end(None, 10), None);
        assert_eq!(round_end(None, 0), Some(RoundEnd::WallExhausted));
        assert_eq!(
            round_end(Some(Wind::West), 0),
            Some(RoundEnd::MahJong(Wind::West))
        );
        assert_eq!(RoundEnd::MahJong(Wind::West).winner(), Some(Wind::West));
    }
}
