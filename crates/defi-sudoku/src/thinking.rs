//! How long a computer player thinks before each entry (the model is on `ThinkingTime`).

use core::time::Duration;

use sudoku_grade::Placement;

/// The reference player's times, from which every computer player's are scaled by its speed:
/// how long a computer player thinks before each entry, the model that lets games with the
/// chrono be simulated and recorded.
///
/// A person finds an easy digit in a few seconds and a hard one in minutes. The model counts
/// the effort of an entry as sudoku-grade counts it for a cell ([`Placement::cost`], the cost
/// formula of Yokutai's "Six techniques de déduction": `base + rank × (|V| − 1)`, where the
/// method is the hardest technique the player needed since its previous find and |V| the
/// cell's candidates when it started looking), and turns it into time:
///
/// ```text
/// time = (write + per_cost × cost) × 100 / speed        (a deduced digit)
/// time = guess × 100 / speed                            (a guess: nothing deduced)
/// ```
///
/// with the reference player's [`ThinkingTime::REFERENCE`]: 3 s to write a digit, 2 s per unit
/// of cost, 30 s before giving up and guessing. So a naked single (cost 1) takes 5 s, a hidden
/// single among 3 candidates (cost 3) 9 s, locked candidates (cost 7 with |V| = 3) 17 s, a
/// naked pair 31 s, a fish or a wing 55 s, a look-ahead 2 minutes. On puzzles that need only
/// singles that is about 7 s per digit, which is what players of a public puzzle site took per
/// empty cell on 663 such puzzles (mean solving time divided by the empty cells). `speed` is
/// the player's speed in percent of the reference player's: 200 thinks twice as fast, 50 twice
/// as slowly.
///
/// The time is deterministic: the same position, skill and speed give the same time, so a
/// simulated game with the chrono is reproducible from its seed. A computer player plans its
/// turn when it begins (see [`bot`](crate::bot)); the time of an entry is counted from the
/// start of the turn, adding the times of the entries before it.
///
/// [`Placement::cost`]: sudoku_grade::Placement::cost
///
/// ```
/// use core::time::Duration;
/// use defi_sudoku::ThinkingTime;
/// let t = ThinkingTime::REFERENCE;
/// assert_eq!(t.for_cost(1, 100), Duration::from_secs(5)); // a naked single
/// assert_eq!(t.for_cost(1, 200), Duration::from_millis(2500)); // twice as fast
/// assert_eq!(t.for_guess(50), Duration::from_secs(60)); // twice as slow
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ThinkingTime {
    /// The time to write a digit once found.
    pub write: Duration,
    /// The time per unit of sudoku-grade's cost of finding the digit.
    pub per_cost: Duration,
    /// The time spent looking in vain before guessing.
    pub guess: Duration,
}

/// The speed of the reference player ([`ThinkingTime::REFERENCE_SPEED`]).
pub(crate) const REFERENCE_SPEED: u32 = ThinkingTime::REFERENCE_SPEED;

impl ThinkingTime {
    /// The speed of the reference player, in percent: 100, the default of every computer
    /// player.
    pub const REFERENCE_SPEED: u32 = 100;

    /// The reference player: 3 s to write a digit, 2 s per unit of cost, 30 s before a guess.
    pub const REFERENCE: ThinkingTime = ThinkingTime {
        write: Duration::from_secs(3),
        per_cost: Duration::from_secs(2),
        guess: Duration::from_secs(30),
    };

    /// The time a player of `speed` (percent of the reference, at least 1) takes to find and
    /// write a digit whose finding cost `cost` on sudoku-grade's ladder. Whole milliseconds,
    /// rounded up.
    ///
    /// ```
    /// use core::time::Duration;
    /// use defi_sudoku::ThinkingTime;
    /// assert_eq!(ThinkingTime::REFERENCE.for_cost(3, 100), Duration::from_secs(9));
    /// assert_eq!(ThinkingTime::REFERENCE.for_cost(3, 300), Duration::from_secs(3));
    /// ```
    pub fn for_cost(&self, cost: u32, speed: u32) -> Duration {
        let reference = self.write.as_millis() + self.per_cost.as_millis() * u128::from(cost);
        scaled(reference, speed)
    }

    /// The time a player of `speed` takes to find and write `placement`.
    ///
    /// ```
    /// use core::time::Duration;
    /// use defi_sudoku::sudoku_grade::{Method, Placement};
    /// use defi_sudoku::sudoku_core::Cell;
    /// use defi_sudoku::ThinkingTime;
    /// let found = Placement {
    ///     cell: Cell::new(0),
    ///     digit: 9,
    ///     method: Method::B,
    ///     candidates: 3,
    ///     cost: Method::B.cost(3),
    ///     step: 4,
    /// };
    /// // 3 s + 2 s × 7.
    /// assert_eq!(ThinkingTime::REFERENCE.for_placement(&found, 100), Duration::from_secs(17));
    /// ```
    pub fn for_placement(&self, placement: &Placement, speed: u32) -> Duration {
        self.for_cost(placement.cost, speed)
    }

    /// The time a player of `speed` looks in vain before guessing.
    ///
    /// ```
    /// use core::time::Duration;
    /// use defi_sudoku::ThinkingTime;
    /// assert_eq!(ThinkingTime::REFERENCE.for_guess(100), Duration::from_secs(30));
    /// ```
    pub fn for_guess(&self, speed: u32) -> Duration {
        scaled(self.guess.as_millis(), speed)
    }
}

impl Default for ThinkingTime {
    fn default() -> Self {
        ThinkingTime::REFERENCE
    }
}

/// `reference_ms × 100 / speed` in whole milliseconds, rounded up (speed 0 counts as 1).
fn scaled(reference_ms: u128, speed: u32) -> Duration {
    let ms = (reference_ms * 100).div_ceil(u128::from(speed.max(1)));
    Duration::from_millis(u64::try_from(ms).unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use sudoku_core::Cell;
    use sudoku_grade::Method;

    use super::*;

    #[test]
    fn times_grow_with_the_method_and_shrink_with_the_speed() {
        let t = ThinkingTime::REFERENCE;
        let at = |method: Method| {
            let p = Placement {
                cell: Cell::new(3),
                digit: 4,
                method,
                candidates: 3,
                cost: method.cost(3),
                step: 0,
            };
            t.for_placement(&p, REFERENCE_SPEED)
        };
        let times: Vec<u64> = Method::ALL[..6].iter().map(|&m| at(m).as_secs()).collect();
        assert_eq!(times, [5, 9, 17, 31, 55, 119]);
        assert_eq!(t.for_cost(3, 300), Duration::from_secs(3));
        // Rounded up to the millisecond; a speed of 0 counts as 1.
        assert_eq!(t.for_cost(1, 300), Duration::from_millis(1667));
        assert_eq!(t.for_guess(0), Duration::from_secs(3000));
    }
}
