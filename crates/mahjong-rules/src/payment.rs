//! Payments: the advanced system ("Système avancé") of the French Wikipedia article on Mah-jong,
//! and settlements in sticks.
//!
//! East doubles its gains and its losses (its score itself is not doubled, unlike the simple
//! system). With the scores of every player:
//!
//! - **East goes Mah-jong**: each other player pays East twice East's score. The others settle
//!   their differences pairwise, the lower score paying the higher the difference.
//!   *Exception*: a player whose score exceeds East's receives from East four times the
//!   difference.
//! - **Another player goes Mah-jong**: the non-East losers pay the winner its score, East pays
//!   it twice. The losers settle their differences pairwise, a difference involving East
//!   counting double. *Exception*: a player whose score exceeds the winner's receives from
//!   the winner twice the difference, four times if that player is East.
//! - **Nobody goes Mah-jong** (not covered by the article; this crate's reading): only the
//!   pairwise settlement, a difference involving East counting double.
//!
//! The payments of a round always sum to zero. Players are the seats present in the scores:
//! four, or three (East and two others) for the three-player variant.
//!
//! ```
//! use mahjong_rules::payment::{settle, Transfer};
//! use mahjong_tiles::Wind::*;
//!
//! // The article's first example.
//! let s = settle(&[(East, 100), (South, 250), (West, 40), (North, 10)], Some(East))?;
//! assert!(s.transfers.contains(&Transfer { from: East, to: South, amount: 600 }));
//! assert_eq!(s.net(East), Some(0));
//! assert_eq!(s.net(South), Some(850));
//! # Ok::<(), mahjong_rules::payment::PaymentError>(())
//! ```

use core::fmt;

use mahjong_tiles::Wind;

/// One payment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Transfer {
    /// Who pays.
    pub from: Wind,
    /// Who receives.
    pub to: Wind,
    /// How much.
    pub amount: u64,
}

impl fmt::Display for Transfer {
    /// `S pays E 200`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} pays {} {}", self.from, self.to, self.amount)
    }
}

/// The payments of a round and each player's net gain.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Settlement {
    /// The payments, in the article's order: to the winner, then pairwise, then the exceptions.
    pub transfers: Vec<Transfer>,
    /// Each player's net, in seat order (East, South, West, North).
    pub nets: Vec<(Wind, i64)>,
}

impl Settlement {
    /// The largest score [`settle`] takes: 2⁴⁸ (a larger one would overflow the doubled
    /// differences; the largest score of a hand, a Grand Jeu doubled for East, is 12,000).
    /// A larger score is refused with [`PaymentError::ScoreTooLarge`].
    pub const MAX_SCORE: u64 = 1 << 48;

    /// The net of one player, if seated.
    ///
    /// ```
    /// use mahjong_rules::payment::settle;
    /// use mahjong_tiles::Wind::*;
    /// let s = settle(&[(East, 20), (South, 100), (West, 20)], Some(South))?;
    /// assert_eq!(s.net(South), Some(300)); // East pays twice its score, West once
    /// assert_eq!(s.net(North), None); // three players
    /// # Ok::<(), mahjong_rules::payment::PaymentError>(())
    /// ```
    pub fn net(&self, wind: Wind) -> Option<i64> {
        self.nets.iter().find(|(w, _)| *w == wind).map(|&(_, n)| n)
    }
}

impl fmt::Display for Settlement {
    /// One transfer per line (`S pays E 200`), then one net per line (`net S 850`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for t in &self.transfers {
            writeln!(f, "{t}")?;
        }
        for (i, (w, n)) in self.nets.iter().enumerate() {
            if i + 1 == self.nets.len() {
                write!(f, "net {w} {n}")?;
            } else {
                writeln!(f, "net {w} {n}")?;
            }
        }
        Ok(())
    }
}

/// Why scores could not be settled.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PaymentError {
    /// A seat appears twice.
    #[error("seat {wind_name} is given twice", wind_name = crate::rotation::wind_name(.wind))]
    DuplicateSeat {
        /// The seat.
        wind: Wind,
    },
    /// East must play (it doubles gains and losses).
    #[error("East is not among the players")]
    NoEast,
    /// Three or four players.
    #[error("the advanced system settles 3 or 4 players, found {count}")]
    PlayerCount {
        /// How many were given.
        count: usize,
    },
    /// The winner has no score.
    #[error("the winner {wind_name} is not among the players", wind_name = crate::rotation::wind_name(.wind))]
    WinnerNotSeated {
        /// The winner.
        wind: Wind,
    },
    /// A score above [`Settlement::MAX_SCORE`].
    #[error("score {score} of {wind_name} is too large", wind_name = crate::rotation::wind_name(.wind))]
    ScoreTooLarge {
        /// The seat.
        wind: Wind,
        /// Its score.
        score: u64,
    },
}

/// Settles a round in the advanced system: `scores` holds each player's score, `winner` the
/// player who went Mah-jong (`None` if nobody did), following the rules of the [module](self)
/// docs.
///
/// # Errors
/// [`PaymentError`] on duplicate seats, no East, fewer than 3 or more than 4 players, a
/// winner without a score, or a score above [`Settlement::MAX_SCORE`].
///
/// ```
/// use mahjong_rules::payment::{PaymentError, Settlement, settle};
/// use mahjong_tiles::Wind::*;
/// let s = settle(&[(East, 30), (South, 100), (West, 50), (North, 10)], Some(South))?;
/// assert_eq!(s.nets.iter().map(|&(_, n)| n).sum::<i64>(), 0);
/// // Nobody won: only the pairwise settlement.
/// let draw = settle(&[(East, 10), (South, 30), (West, 10), (North, 10)], None)?;
/// assert_eq!(draw.net(South), Some(80)); // 40 from East, 20 from West, 20 from North
/// assert_eq!(
///     settle(&[(East, 10), (East, 30), (West, 10)], None),
///     Err(PaymentError::DuplicateSeat { wind: East })
/// );
/// assert!(settle(&[(East, Settlement::MAX_SCORE + 1), (South, 0), (West, 0)], None).is_err());
/// # Ok::<(), mahjong_rules::payment::PaymentError>(())
/// ```
pub fn settle(scores: &[(Wind, u64)], winner: Option<Wind>) -> Result<Settlement, PaymentError> {
    if !(3..=4).contains(&scores.len()) {
        return Err(PaymentError::PlayerCount {
            count: scores.len(),
        });
    }
    let mut score = [None::<u64>; 4];
    for &(w, s) in scores {
        if score[w as usize].is_some() {
            return Err(PaymentError::DuplicateSeat { wind: w });
        }
        if s > Settlement::MAX_SCORE {
            return Err(PaymentError::ScoreTooLarge { wind: w, score: s });
        }
        score[w as usize] = Some(s);
    }
    if score[Wind::East as usize].is_none() {
        return Err(PaymentError::NoEast);
    }
    if let Some(w) = winner
        && score[w as usize].is_none()
    {
        return Err(PaymentError::WinnerNotSeated { wind: w });
    }
    let s = |w: Wind| score[w as usize].unwrap_or(0);
    // Seats in turn order, starting after the winner (after East when nobody won).
    let start = winner.unwrap_or(Wind::East);
    let order: Vec<Wind> = core::iter::successors(Some(start.next()), |w| Some(w.next()))
        .take(4)
        .filter(|w| score[*w as usize].is_some())
        .collect();
    let mut transfers = Vec::new();
    let mut pay = |from: Wind, to: Wind, amount: u64| {
        if amount > 0 {
            transfers.push(Transfer { from, to, amount });
        }
    };
    let losers: Vec<Wind> = order
        .iter()
        .copied()
        .filter(|&w| Some(w) != winner)
        .collect();
    // 1. The Mah-jong is paid.
    if let Some(w) = winner {
        for &l in &losers {
            let factor = if w == Wind::East || l == Wind::East {
                2
            } else {
                1
            };
            pay(l, w, factor * s(w));
        }
    }
    // 2. The losers settle their differences pairwise (a difference with East counts double).
    for &payer in &losers {
        for &payee in &losers {
            if s(payer) < s(payee) {
                let factor = if payer == Wind::East || payee == Wind::East {
                    2
                } else {
                    1
                };
                pay(payer, payee, factor * (s(payee) - s(payer)));
            }
        }
    }
    // 3. The exceptions: a loser scoring more than the winner.
    if let Some(w) = winner {
        for &l in &losers {
            if s(l) > s(w) {
                let factor = if w == Wind::East || l == Wind::East {
                    4
                } else {
                    2
                };
                pay(w, l, factor * (s(l) - s(w)));
            }
        }
    }
    let mut nets: Vec<(Wind, i64)> = Wind::ALL
        .into_iter()
        .filter(|w| score[*w as usize].is_some())
        .map(|w| (w, 0i64))
        .collect();
    for t in &transfers {
        for (w, n) in nets.iter_mut() {
            // Amounts are at most 4 × 2^48, far inside i64.
            let a = t.amount as i64;
            if *w == t.from {
                *n -= a;
            }
            if *w == t.to {
                *n += a;
            }
        }
    }
    Ok(Settlement { transfers, nets })
}

/// An amount in sticks: how many of each value in [`Sticks::VALUES`], and what is left (an odd
/// amount leaves 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Sticks {
    /// Count of sticks of 500, 100, 10 and 2, in that order.
    pub counts: [u64; 4],
    /// The part no stick expresses.
    pub remainder: u64,
}

impl Sticks {
    /// The values of the scoring sticks ("jetons de 2, 10, 100 et 500 points"), largest
    /// first.
    pub const VALUES: [u64; 4] = [500, 100, 10, 2];

    /// The fewest sticks for `amount` (largest values first; with these values that is the
    /// fewest).
    ///
    /// ```
    /// use mahjong_rules::payment::Sticks;
    /// let s = Sticks::for_amount(850);
    /// assert_eq!(s.counts, [1, 3, 5, 0]);
    /// assert_eq!(s.value(), 850);
    /// assert_eq!(Sticks::for_amount(7).counts, [0, 0, 0, 3]);
    /// assert_eq!(Sticks::for_amount(7).remainder, 1);
    /// ```
    pub const fn for_amount(amount: u64) -> Sticks {
        let mut counts = [0u64; 4];
        let mut rest = amount;
        let mut i = 0;
        while i < 4 {
            counts[i] = rest / Sticks::VALUES[i];
            rest %= Sticks::VALUES[i];
            i += 1;
        }
        Sticks {
            counts,
            remainder: rest,
        }
    }

    /// The amount the sticks stand for, remainder included (saturating at `u64::MAX` for
    /// counts no table holds).
    ///
    /// ```
    /// use mahjong_rules::payment::Sticks;
    /// let s = Sticks { counts: [1, 0, 2, 1], remainder: 1 };
    /// assert_eq!(s.value(), 500 + 20 + 2 + 1);
    /// assert_eq!(s.to_string(), "1×500 2×10 1×2 +1");
    /// ```
    pub const fn value(&self) -> u64 {
        let mut v = self.remainder;
        let mut i = 0;
        while i < 4 {
            v = v.saturating_add(self.counts[i].saturating_mul(Sticks::VALUES[i]));
            i += 1;
        }
        v
    }
}

impl fmt::Display for Sticks {
    /// `1×500 3×100 5×10` (values with a zero count are left out; `0` for nothing).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Sticks::VALUES
            .iter()
            .zip(self.counts)
            .filter(|(_, c)| *c > 0)
            .map(|(v, c)| format!("{c}×{v}"))
            .collect();
        if self.remainder > 0 {
            parts.push(format!("+{}", self.remainder));
        }
        if parts.is_empty() {
            parts.push("0".into());
        }
        f.write_str(&parts.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Wind::*;

    #[test]
    fn errors() {
        assert_eq!(
            settle(&[(East, 1), (East, 2), (West, 3)], None),
            Err(PaymentError::DuplicateSeat { wind: East })
        );
        assert_eq!(
            settle(&[(South, 1), (West, 2), (North, 3)], None),
            Err(PaymentError::NoEast)
        );
        assert_eq!(
            settle(&[(East, 1), (South, 2)], None),
            Err(PaymentError::PlayerCount { count: 2 })
        );
        assert_eq!(
            settle(&[(East, 1), (South, 2), (West, 3)], Some(North)),
            Err(PaymentError::WinnerNotSeated { wind: North })
        );
    }

    #[test]
    fn sticks_never_overflow() {
        let huge = Sticks {
            counts: [u64::MAX; 4],
            remainder: u64::MAX,
        };
        assert_eq!(huge.value(), u64::MAX);
        for amount in [0, 2, 7, 850, 1234, Settlement::MAX_SCORE * 4] {
            assert_eq!(Sticks::for_amount(amount).value(), amount);
        }
    }

    #[test]
    fn display() {
        let s = settle(
            &[(East, 30), (South, 100), (West, 50), (North, 10)],
            Some(South),
        )
        .unwrap();
        let text = s.to_string();
        assert!(
            text.starts_with("W pays S 100\nN pays S 100\nE pays S 200\n"),
            "{text}"
        );
        assert!(
            text.ends_with("net E -200\nnet S 400\nnet W -20\nnet N -180"),
            "{text}"
        );
    }
}
