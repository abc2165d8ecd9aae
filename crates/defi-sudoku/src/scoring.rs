//! Scoring (the rules' "pointage"): face values, completion bonuses, handicaps, absent
//! players' bonus, teams.

use core::fmt;

/// The points of a completion bonus ([`ScoreSheet::COMPLETION_BONUS`]).
pub(crate) const COMPLETION_BONUS: u32 = 10;

/// The points of an absent player ([`ScoreSheet::ABSENT_BONUS`]).
pub(crate) const ABSENT_BONUS: u32 = 10;

/// A player's points by source. [`ScoreSheet::total`] is the score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ScoreSheet {
    /// Face values of the correct entries made in time.
    pub face: u32,
    /// Completion bonuses (10 per round at most).
    pub bonus: u32,
    /// The round-1 handicap.
    pub handicap: u32,
    /// The +10 for not taking part in the final round.
    pub absent: u32,
}

impl ScoreSheet {
    /// The points of a completion bonus, and at most what a player earns from completions in
    /// one round: 10.
    pub const COMPLETION_BONUS: u32 = COMPLETION_BONUS;

    /// The points a player gets for not taking part in the final round: 10.
    pub const ABSENT_BONUS: u32 = ABSENT_BONUS;

    /// The score: every source added up.
    ///
    /// ```
    /// use defi_sudoku::ScoreSheet;
    /// let sheet = ScoreSheet { face: 120, bonus: 30, handicap: 4, absent: 10 };
    /// assert_eq!(sheet.total(), 164);
    /// ```
    pub const fn total(&self) -> u32 {
        // Saturating: a sheet read from outside may hold any numbers (a game's never comes
        // near the limit).
        self.face
            .saturating_add(self.bonus)
            .saturating_add(self.handicap)
            .saturating_add(self.absent)
    }
}

/// One of the two teams of the two-against-two option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Team {
    /// Players 1 and 3 of the initial order (indices 0 and 2).
    A,
    /// Players 2 and 4 of the initial order (indices 1 and 3).
    B,
}

impl Team {
    /// The team of the player at `seat` (0-based initial order) in a team game: even seats
    /// are team A, odd seats team B, so the initial order is A, B, A, B.
    ///
    /// ```
    /// use defi_sudoku::Team;
    /// assert_eq!([0, 1, 2, 3].map(Team::of_seat), [Team::A, Team::B, Team::A, Team::B]);
    /// ```
    pub const fn of_seat(seat: usize) -> Team {
        if seat.is_multiple_of(2) {
            Team::A
        } else {
            Team::B
        }
    }

    /// The index of the team: 0 for A, 1 for B.
    pub const fn index(self) -> usize {
        match self {
            Team::A => 0,
            Team::B => 1,
        }
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Team::A => "A",
            Team::B => "B",
        })
    }
}

/// The indices of the highest values (all of them when tied), in increasing order.
pub(crate) fn argmax_all(values: &[u32]) -> Vec<usize> {
    let Some(&best) = values.iter().max() else {
        return Vec::new();
    };
    (0..values.len()).filter(|&i| values[i] == best).collect()
}

/// Player indices sorted by score, lowest first, ties in initial order (a stable sort).
pub(crate) fn increasing_order(totals: &[u32]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..totals.len()).collect();
    order.sort_by_key(|&p| totals[p]);
    order
}

/// The increasing order of a team game: the teams keep alternating A, B, A, B (the previous
/// round ended with a B player, so team-mates never play one after the other, across the
/// round boundary too), and each team sends its lower-scored player first (ties in initial
/// order).
pub(crate) fn increasing_team_order(totals: &[u32]) -> Vec<usize> {
    let by_score = increasing_order(totals);
    let team = |t: Team| {
        by_score
            .iter()
            .copied()
            .filter(move |&p| Team::of_seat(p) == t)
    };
    let mut order = Vec::with_capacity(by_score.len());
    let (mut a, mut b) = (team(Team::A), team(Team::B));
    loop {
        match (a.next(), b.next()) {
            (None, None) => break,
            (x, y) => order.extend(x.into_iter().chain(y)),
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn increasing_keeps_ties_in_initial_order() {
        assert_eq!(increasing_order(&[30, 10, 30, 10, 5]), [4, 1, 3, 0, 2]);
    }

    #[test]
    fn team_order_alternates() {
        // Scores: A0 = 10, B1 = 40, A2 = 20, B3 = 30: A's lower, B's lower, A's other, B's.
        assert_eq!(increasing_team_order(&[10, 40, 20, 30]), [0, 3, 2, 1]);
        // B1 is the lowest, but team A still opens.
        assert_eq!(increasing_team_order(&[30, 5, 20, 40]), [2, 1, 0, 3]);
        // All tied: the initial order.
        assert_eq!(increasing_team_order(&[7, 7, 7, 7]), [0, 1, 2, 3]);
        for order in [[0, 3, 2, 1], [2, 1, 0, 3]] {
            for w in order.windows(2) {
                assert_ne!(Team::of_seat(w[0]), Team::of_seat(w[1]));
            }
        }
    }

    #[test]
    fn argmax_lists_ties() {
        assert_eq!(argmax_all(&[3, 9, 9, 1]), [1, 2]);
        assert!(argmax_all(&[]).is_empty());
    }
}
