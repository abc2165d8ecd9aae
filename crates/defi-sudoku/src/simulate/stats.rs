//! The figures of a simulation: win rates, mean scores, the chi-square test of the seats,
//! and the handicap trial's verdict.

use super::GameResult;
use crate::setup::MAX_PLAYERS;

/// The same games played with and without the rules' handicap ([`Simulation::handicap_trial`](super::Simulation::handicap_trial)).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HandicapTrial {
    /// The figures with the handicap (+4, +6, +8, +10 for seats 2–5 in round 1).
    pub with: Stats,
    /// The figures without it.
    pub without: Stats,
    /// Whether the games were two against two (then the two teams are compared, not the
    /// four seats).
    pub teams: bool,
}

/// Whether the rules' handicap evens the seats, from a [`HandicapTrial`].
///
/// "Even" is a statistical statement: the chi-square test of the win counts against equal
/// shares does not reject equality at 5% ([`Stats::seats_look_even`]). Over few games almost
/// anything looks even; the verdict says which seat wins most when it can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum HandicapVerdict {
    /// The seats are uneven without the handicap and look even with it.
    Evens,
    /// The seats look even with the handicap, and already did without it.
    AlreadyEven,
    /// The seats are uneven with the handicap: `favoured` (a seat, 0-based; in a team game
    /// the first seat of the team) wins most. Seat 0 means the handicap is too small for these
    /// bots, another seat that it favours that seat.
    Uneven {
        /// The seat (or the team's first seat) with the highest win rate with the handicap.
        favoured: usize,
    },
}

impl HandicapTrial {
    /// The seats compared: every seat, or one seat of each team.
    fn compared(&self) -> Vec<usize> {
        if self.teams {
            vec![0, 1]
        } else {
            (0..self.with.seats()).collect()
        }
    }

    /// Whether the seats (or teams) look even with the handicap.
    pub fn even_with(&self) -> bool {
        self.with.look_even_among(&self.compared())
    }

    /// Whether the seats (or teams) look even without the handicap.
    pub fn even_without(&self) -> bool {
        self.without.look_even_among(&self.compared())
    }

    /// The verdict: does the rules' handicap even the seats?
    ///
    /// ```
    /// use defi_sudoku::simulate::{GameResult, HandicapTrial, HandicapVerdict, Stats};
    /// // 100 two-player games: without the handicap seat 1 wins 70, with it 52.
    /// let stats = |first: usize| {
    ///     let mut stats = Stats::new(2);
    ///     for game in 0..100 {
    ///         let win_share = if game < first { vec![1.0, 0.0] } else { vec![0.0, 1.0] };
    ///         stats.add(&GameResult { totals: vec![150, 150], win_share, late: vec![] });
    ///     }
    ///     stats
    /// };
    /// let trial = HandicapTrial { with: stats(52), without: stats(70), teams: false };
    /// assert_eq!(trial.verdict(), HandicapVerdict::Evens);
    /// let trial = HandicapTrial { with: stats(30), without: stats(70), teams: false };
    /// assert_eq!(trial.verdict(), HandicapVerdict::Uneven { favoured: 1 });
    /// ```
    pub fn verdict(&self) -> HandicapVerdict {
        if self.even_with() {
            if self.even_without() {
                HandicapVerdict::AlreadyEven
            } else {
                HandicapVerdict::Evens
            }
        } else {
            let favoured = self
                .compared()
                .into_iter()
                .fold(None, |best: Option<usize>, seat| match best {
                    Some(b) if self.with.wins(b) >= self.with.wins(seat) => Some(b),
                    _ => Some(seat),
                })
                .unwrap_or(0);
            HandicapVerdict::Uneven { favoured }
        }
    }
}

/// Figures over many games: wins and points by seat.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stats {
    games: u64,
    wins: Vec<f64>,
    points: Vec<u64>,
    late: Vec<u64>,
}

/// With the `serde` feature, reading figures checks that wins and points cover the same
/// seats.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Stats {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(rename = "Stats")]
        struct Fields {
            games: u64,
            wins: Vec<f64>,
            points: Vec<u64>,
            #[serde(default)]
            late: Option<Vec<u64>>,
        }
        let f = Fields::deserialize(deserializer)?;
        if f.wins.len() > MAX_PLAYERS {
            return Err(serde::de::Error::custom(format!(
                "wins for {} seats, more than {}",
                f.wins.len(),
                MAX_PLAYERS
            )));
        }
        let late = f.late.unwrap_or_else(|| vec![0; f.wins.len()]);
        if f.wins.len() != f.points.len() || late.len() != f.wins.len() {
            return Err(serde::de::Error::custom(format!(
                "wins for {} seats but points for {} and late entries for {}",
                f.wins.len(),
                f.points.len(),
                late.len()
            )));
        }
        Ok(Stats {
            games: f.games,
            wins: f.wins,
            points: f.points,
            late,
        })
    }
}

/// The 5% critical values of the chi-square distribution for 1 to 4 degrees of freedom.
const CHI2_CRITICAL_5: [f64; 4] = [3.841, 5.991, 7.815, 9.488];

impl Stats {
    /// No games yet, `seats` seats (at most [`Game::MAX_PLAYERS`](crate::Game::MAX_PLAYERS): a
    /// game has no more).
    pub fn new(seats: usize) -> Stats {
        // A game has at most 5 seats: no allocation beyond them.
        let seats = seats.min(MAX_PLAYERS);
        Stats {
            games: 0,
            wins: vec![0.0; seats],
            points: vec![0; seats],
            late: vec![0; seats],
        }
    }

    /// Counts one game.
    ///
    /// # Panics
    /// If the result's totals or win shares cover another number of seats, or its late
    /// entries neither (when given).
    pub fn add(&mut self, result: &GameResult) {
        assert_eq!(result.totals.len(), self.wins.len(), "seat count");
        assert_eq!(result.win_share.len(), self.wins.len(), "seat count");
        assert!(
            result.late.is_empty() || result.late.len() == self.wins.len(),
            "seat count"
        );
        self.games += 1;
        for seat in 0..self.wins.len() {
            self.wins[seat] += result.win_share[seat];
            self.points[seat] += u64::from(result.totals[seat]);
            self.late[seat] += u64::from(result.late.get(seat).copied().unwrap_or(0));
        }
    }

    /// Both sets of games together.
    ///
    /// # Panics
    /// If the seat counts differ.
    pub fn merge(mut self, other: Stats) -> Stats {
        assert_eq!(self.wins.len(), other.wins.len(), "seat count");
        self.games += other.games;
        for seat in 0..self.wins.len() {
            self.wins[seat] += other.wins[seat];
            self.points[seat] += other.points[seat];
            self.late[seat] += other.late[seat];
        }
        self
    }

    /// The number of games.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.wins.len()
    }

    /// The wins of a seat (tied wins shared; 0 for a seat not below [`Stats::seats`]).
    pub fn wins(&self, seat: usize) -> f64 {
        self.wins.get(seat).copied().unwrap_or(0.0)
    }

    /// The share of games a seat won (0 with no games).
    /// (0 for a seat not below [`Stats::seats`].)
    pub fn win_rate(&self, seat: usize) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins(seat) / self.games as f64
        }
    }

    /// A seat's mean score (0 with no games).
    /// (0 for a seat not below [`Stats::seats`].)
    pub fn mean_score(&self, seat: usize) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.points.get(seat).copied().unwrap_or(0) as f64 / self.games as f64
        }
    }

    /// A seat's mean number of late entries per game (chrono option; 0 with no games).
    /// (0 for a seat not below [`Stats::seats`].)
    pub fn late_per_game(&self, seat: usize) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.late.get(seat).copied().unwrap_or(0) as f64 / self.games as f64
        }
    }

    /// The half-width of the 95% confidence interval of a seat's win rate: 1.96 standard
    /// errors of the mean win share over the games (the normal approximation; ties count as
    /// shares). 0 with fewer than two games.
    ///
    /// This needs the spread of the shares, which the figures do not keep; it is taken as
    /// that of a win-or-lose count, `√(p(1 − p)/n)`, an upper bound when shares are split.
    /// (0 for a seat not below [`Stats::seats`].)
    pub fn win_rate_ci95(&self, seat: usize) -> f64 {
        if self.games < 2 {
            return 0.0;
        }
        let p = self.win_rate(seat);
        1.96 * (p * (1.0 - p) / self.games as f64).sqrt()
    }

    /// The largest win rate minus the smallest.
    pub fn spread(&self) -> f64 {
        let rates: Vec<f64> = (0..self.seats()).map(|s| self.win_rate(s)).collect();
        let max = rates.iter().copied().fold(f64::MIN, f64::max);
        let min = rates.iter().copied().fold(f64::MAX, f64::min);
        max - min
    }

    /// Pearson's chi-square statistic of the seats' wins against equal shares (`seats − 1`
    /// degrees of freedom). In team games the seats of a team win together: compare the
    /// teams with [`Stats::chi_square_among`]`(&[0, 1])` (one seat of each team).
    pub fn chi_square(&self) -> f64 {
        let all: Vec<usize> = (0..self.seats()).collect();
        self.chi_square_among(&all)
    }

    /// Pearson's chi-square statistic of the wins of the listed seats against equal shares
    /// of their total (`seats.len() − 1` degrees of freedom).
    ///
    /// (A seat not below [`Stats::seats`] counts no wins.)
    pub fn chi_square_among(&self, seats: &[usize]) -> f64 {
        let total: f64 = seats.iter().map(|&s| self.wins(s)).sum();
        if total == 0.0 || seats.is_empty() {
            return 0.0;
        }
        let expected = total / seats.len() as f64;
        seats
            .iter()
            .map(|&s| (self.wins(s) - expected).powi(2) / expected)
            .sum()
    }

    /// Whether the seats look even: the chi-square statistic is below the 5% critical value,
    /// so the differences in win rates are within what chance gives over this many games.
    pub fn seats_look_even(&self) -> bool {
        let all: Vec<usize> = (0..self.seats()).collect();
        self.look_even_among(&all)
    }

    /// Whether the listed seats look even (as [`Stats::seats_look_even`]; for the teams of a
    /// two-against-two game, pass `&[0, 1]`).
    ///
    /// (A seat not below [`Stats::seats`] counts no wins.)
    pub fn look_even_among(&self, seats: &[usize]) -> bool {
        match CHI2_CRITICAL_5.get(seats.len().wrapping_sub(2)) {
            Some(&critical) => self.chi_square_among(seats) < critical,
            None => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chi_square_of_even_and_uneven_wins() {
        let mut even = Stats::new(2);
        even.wins = vec![50.0, 50.0];
        even.games = 100;
        assert_eq!(even.chi_square(), 0.0);
        assert!(even.seats_look_even());
        let mut uneven = Stats::new(2);
        uneven.wins = vec![70.0, 30.0];
        uneven.games = 100;
        assert!((uneven.chi_square() - 16.0).abs() < 1e-9);
        assert!(!uneven.seats_look_even());
        assert!((uneven.spread() - 0.4).abs() < 1e-9);
        let mut four = Stats::new(4);
        four.wins = vec![60.0, 40.0, 60.0, 40.0];
        four.games = 100;
        assert!((four.chi_square_among(&[0, 1]) - 4.0).abs() < 1e-9);
        assert!(!four.look_even_among(&[0, 1]));
    }

    #[test]
    fn handicap_verdicts() {
        let stats = |wins: Vec<f64>| Stats {
            games: wins.iter().sum::<f64>() as u64,
            points: vec![0; wins.len()],
            late: vec![0; wins.len()],
            wins,
        };
        let trial = |with, without, teams| HandicapTrial {
            with: stats(with),
            without: stats(without),
            teams,
        };
        let t = trial(vec![34.0, 33.0, 33.0], vec![36.0, 32.0, 32.0], false);
        assert_eq!(t.verdict(), HandicapVerdict::AlreadyEven);
        let t = trial(vec![34.0, 33.0, 33.0], vec![60.0, 20.0, 20.0], false);
        assert_eq!(t.verdict(), HandicapVerdict::Evens);
        let t = trial(vec![20.0, 20.0, 60.0], vec![60.0, 20.0, 20.0], false);
        assert_eq!(t.verdict(), HandicapVerdict::Uneven { favoured: 2 });
        // Teams: seats 0 and 2 win together, 1 and 3 together; only the teams are compared.
        let t = trial(
            vec![30.0, 70.0, 30.0, 70.0],
            vec![50.0, 50.0, 50.0, 50.0],
            true,
        );
        assert_eq!(t.verdict(), HandicapVerdict::Uneven { favoured: 1 });
        let t = trial(
            vec![48.0, 52.0, 48.0, 52.0],
            vec![75.0, 25.0, 75.0, 25.0],
            true,
        );
        assert_eq!(t.verdict(), HandicapVerdict::Evens);
    }
}
