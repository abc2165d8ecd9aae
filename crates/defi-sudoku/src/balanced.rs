//! The balanced handicap: first-round points by seat with which equal computer players win
//! equally often from every seat.
//!
//! The rules' handicap (+4, +6, +8, +10 for players #2–#5) aims to even the seats. Played by
//! equal computer players it does not: with two or three players the first player still wins
//! most, with four the last seats win most. This table gives, for each number of players,
//! challenge and two against two, the points that even the seats for equal players.
//!
//! | players | the rules' | balanced: regular | shortened | express |
//! |---|---|---|---|---|
//! | 2 | 0, 4 | 0, 7 | 0, 7 | 0, 7 |
//! | 3 | 0, 4, 6 | 0, 7, 11 | 0, 5, 10 | 0, 5, 11 |
//! | 4 | 0, 4, 6, 8 | 0, 3, 4, 6 | 0, 4, 6, 7 | 0, 2, 4, 7 |
//! | 5 | 0, 4, 6, 8, 10 | 0, 3, 8, 10, 9 | 0, 4, 5, 9, 9 | 0, 0, 4, 6, 6 |
//! | 4, two against two (A, B, A, B) | 0, 4, 6, 8 | 0, 4, 0, 3 | 0, 5, 0, 4 | 0, 5, 0, 5 |
//!
//! # How it was found
//!
//! "Equal computer players" are the simulator's default bot, [`Strategy::Blocking`] mastering
//! the techniques up to B (it plays both basic strategies of the rules), at every seat, with
//! the default final order (increasing) and no chrono. For each game of the table a seeded
//! search plays 10,000 games (the same seeded puzzles and bots every time) with the rules'
//! points, then:
//!
//! 1. moves each seat's points by its gap to the mean win rate divided by the effect of one
//!    point (measured on the previous step), rounded, and plays the same games again, until
//!    the points come back or 8 steps;
//! 2. tries one point more or less for each seat (for two against two: for the teams'
//!    difference; how a team shares its points changed nothing in the games played), keeping
//!    a change while it lowers the largest gap between a seat's win rate and the mean;
//! 3. keeps the points whose games were the most even, the lowest seat at 0.
//!
//! Then 10,000 other games (a fresh seed range) check every row. The workspace's
//! BENCHMARKS.md gives the runs and the commands that recompute the table and check it.
//!
//! # How even
//!
//! Win rates by seat (%, teams A then B) of equal bots over the 10,000 games of the check,
//! each within ±1 point at 95% confidence:
//!
//! | players | regular | shortened | express |
//! |---|---|---|---|
//! | 2 | 51.0, 49.0 | 50.4, 49.6 | 52.2, 47.8 |
//! | 3 | 33.6, 33.8, 32.5 | 33.5, 34.2, 32.3 | 33.6, 31.2, 35.2 |
//! | 4 | 25.6, 25.7, 25.3, 23.4 | 26.3, 24.9, 25.0, 23.8 | 26.9, 24.6, 23.6, 25.0 |
//! | 5 | 18.6, 19.9, 19.1, 20.6, 21.8 | 20.9, 19.5, 19.2, 19.7, 20.7 | 19.7, 20.8, 19.8, 19.8, 19.9 |
//! | 4, two against two | 50.9, 49.1 | 51.1, 49.0 | 48.0, 52.0 |
//!
//! A handicap point moves a seat's win rate by 2 to 6 points, so whole points cannot always
//! land within ±2: in the express challenge the best points leave 2 players 2.2 points from
//! even, 3 players 2.2, and two against two 2.0; on the search's games every neighbour of
//! these points was further from even (2 players with one point more: 2.4 the other way).
//!
//! # What it does not fix
//!
//! The table evens the seats for equal players. It does not make a weaker player the equal of
//! a stronger one: a search bot against a greedy one wins 66.9% from seat 1 and 71.1% from
//! seat 2 with it (85.6% and 45.9% without handicap, 76.1% and 60.2% with the rules'). It was
//! measured with blocking bots, without the chrono and with the increasing final order; other
//! bots and options use the same points and were not searched for: measure them (with
//! [`Simulation`](crate::simulate::Simulation)) before relying on them.
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
