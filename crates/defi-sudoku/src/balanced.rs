//! The balanced handicap: first-round points by seat with which equal computer players win
//! equally often from every seat.
//!
//! The rules' handicap (+4, +6, +8, +10 for players #2–#5) aims to even the seats. Played by
//! equal computer players it does not: with two or three players the first player still wins
//! most, with four the last seats win most. This table gives, for each number of players,
//! challenge and two against two, the points that even the seats for equal players.
//!
//! # How it was found
//!
//! "Equal computer players" are the simulator's default bot, [`Strategy::Blocking`] mastering
//! the techniques up to B (both basic strategies of the rules), at every seat, with the default
//! final order (increasing) and no chrono. For each game of the table a seeded search:
//!
//! 1. plays 10,000 games (the same seeded puzzles and bots every iteration) with the current
//!    points (at first the rules');
//! 2. finds the whole points that would even the win rates best if these games ended with the
//!    same scores but other handicaps ([`fairest_handicap`](crate::simulate::fairest_handicap)):
//!    the largest gap between a seat's win rate and the mean, then the sum of squares, is
//!    made smallest, one seat at a time, until no change helps; the lowest seat gets 0;
//! 3. plays again with those points (a handicap also moves the final round's order, so the
//!    games do not end with exactly the scores assumed), and repeats until the points come
//!    back unchanged or 8 iterations, keeping the points whose games were the most even.
//!
//! Then 10,000 other games (a fresh seed range) check every row. The command that recomputes
//! the table, and the one that checks it:
//!
//! ```text
//! cargo run --release -p benches --example defi_handicap -- search --write crates/defi-sudoku/src/balanced_table.rs
//! cargo run --release -p benches --example defi_handicap -- check --games 10000
//! ```
//!
//! # What it does not fix
//!
//! The table evens the seats for equal players. It does not make a weaker player the equal of
//! a stronger one: a search bot against a greedy one wins most from any seat with either
//! handicap (the crate's README gives the figures). It was measured without the chrono and
//! with the increasing final order; other options use the same points.
//!
//! [`Strategy::Blocking`]: crate::bot::Strategy::Blocking

use crate::options::Challenge;

/// One game setting of the table and its points by seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Row {
    /// The number of players, 2 to 5.
    pub players: usize,
    /// The challenge.
    pub challenge: Challenge,
    /// Two against two (4 players only).
    pub teams: bool,
    /// The first-round points by seat (player #1 first), 0 beyond the players.
    pub points: [u32; 5],
}

/// The table: every number of players from 2 to 5 with each challenge, then two against two
/// with each challenge.
pub const TABLE: &[Row] = &include!("balanced_table.rs");

/// The balanced points by seat for a game of `players` players with `challenge`, two against
/// two when `teams`; `None` for a game the rules do not allow (fewer than 2 or more than 5
/// players, teams without 4).
///
/// ```
/// use defi_sudoku::{Challenge, balanced};
/// let points = balanced::points(2, Challenge::Regular, false).unwrap();
/// assert_eq!(points[0], 0); // the first player starts from nothing
/// assert!(points[1] > 0);
/// assert_eq!(balanced::points(6, Challenge::Regular, false), None);
/// assert_eq!(balanced::points(3, Challenge::Regular, true), None);
/// ```
pub fn points(players: usize, challenge: Challenge, teams: bool) -> Option<[u32; 5]> {
    TABLE
        .iter()
        .find(|r| r.players == players && r.challenge == challenge && r.teams == teams)
        .map(|r| r.points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_covers_every_game_once() {
        let mut expected = Vec::new();
        for players in 2..=5 {
            for challenge in Challenge::ALL {
                expected.push((players, challenge, false));
            }
        }
        for challenge in Challenge::ALL {
            expected.push((4, challenge, true));
        }
        let rows: Vec<(usize, Challenge, bool)> = TABLE
            .iter()
            .map(|r| (r.players, r.challenge, r.teams))
            .collect();
        assert_eq!(rows, expected);
        for row in TABLE {
            let seats = &row.points[..row.players];
            // The lowest seat starts from 0; no points beyond the players.
            assert_eq!(seats.iter().min(), Some(&0), "{row:?}");
            assert!(row.points[row.players..].iter().all(|&p| p == 0), "{row:?}");
            assert!(seats.iter().all(|&p| p <= 60), "{row:?}");
            assert_eq!(
                points(row.players, row.challenge, row.teams),
                Some(row.points)
            );
        }
    }

    #[test]
    fn games_the_rules_do_not_allow_have_no_row() {
        for players in [0, 1, 6, 9] {
            assert_eq!(points(players, Challenge::Regular, false), None);
        }
        for players in [2, 3, 5] {
            assert_eq!(points(players, Challenge::Express, true), None);
        }
    }
}
