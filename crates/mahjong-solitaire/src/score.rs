//! Pluggable scoring (the rules page's variants): none, time-based, move-based with combos and a
//! bonus for finishing without hint or undo, and penalties for hints and shuffles.
//!
//! The module is a namespace: a trait ([`Scorer`]), the events it is fed ([`Event`]) and
//! its implementations, which front ends pick and compose.
//!
//! A [`Scorer`] is told what happens ([`Event`]s carrying the time since the game started,
//! given by the caller: the library reads no clock) and answers [`Scorer::score`]. Scorers
//! compose: [`Penalties`] wraps another one.
//!
//! ```
//! use std::time::Duration;
//! use mahjong_solitaire::score::{Event, MoveScore, Penalties, Scorer};
//!
//! let s = |secs| Duration::from_secs(secs);
//! let mut scorer = Penalties::new(MoveScore::default());
//! scorer.record(Event::Pair { at: s(5) });
//! scorer.record(Event::Pair { at: s(6) }); // within 3 s of the last pair: a combo
//! scorer.record(Event::Hint { at: s(30) });
//! scorer.record(Event::Pair { at: s(40) });
//! // 3 pairs × 10, one combo step × 5, minus 50 for the hint.
//! assert_eq!(scorer.score(), 30 + 5 - 50);
//! ```

use core::time::Duration;

/// Something that happened in a game, with the time since it started.
///
/// ```
/// use std::time::Duration;
/// use mahjong_solitaire::score::{Event, Scorer, TimeScore};
/// let mut t = TimeScore::elapsed();
/// t.record(Event::Undo { at: Duration::from_secs(12) });
/// assert_eq!(t.score(), 12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Event {
    /// A pair was removed.
    Pair {
        /// When.
        at: Duration,
    },
    /// A move was taken back.
    Undo {
        /// When.
        at: Duration,
    },
    /// A hint was asked for.
    Hint {
        /// When.
        at: Duration,
    },
    /// The remaining tiles were shuffled.
    Shuffle {
        /// When.
        at: Duration,
    },
    /// The game ended (won when the board is cleared).
    Finished {
        /// When.
        at: Duration,
        /// Whether the board was cleared.
        cleared: bool,
    },
}

impl Event {
    /// The time of the event.
    ///
    /// ```
    /// use std::time::Duration;
    /// use mahjong_solitaire::score::Event;
    ///
    /// let end = Event::Finished { at: Duration::from_secs(90), cleared: true };
    /// assert_eq!(end.at(), Duration::from_secs(90));
    /// ```
    pub fn at(&self) -> Duration {
        match *self {
            Event::Pair { at }
            | Event::Undo { at }
            | Event::Hint { at }
            | Event::Shuffle { at }
            | Event::Finished { at, .. } => at,
        }
    }
}

/// A scoring rule, fed with events.
///
/// ```
/// use std::time::Duration;
/// use mahjong_solitaire::score::{Event, Scorer};
///
/// /// One point a pair, nothing else.
/// struct Pairs(i64);
/// impl Scorer for Pairs {
///     fn record(&mut self, event: Event) {
///         if let Event::Pair { .. } = event {
///             self.0 += 1;
///         }
///     }
///     fn score(&self) -> i64 {
///         self.0
///     }
/// }
///
/// let mut pairs = Pairs(0);
/// pairs.record(Event::Pair { at: Duration::from_secs(2) });
/// pairs.record(Event::Hint { at: Duration::from_secs(3) });
/// assert_eq!(pairs.score(), 1);
/// ```
pub trait Scorer {
    /// Takes note of an event.
    fn record(&mut self, event: Event);
    /// The score so far (higher is better unless the scorer says otherwise).
    fn score(&self) -> i64;
}

/// No score: the game is won or not ("Sans score"). Always 0.
///
/// ```
/// use std::time::Duration;
/// use mahjong_solitaire::score::{Event, NoScore, Scorer};
///
/// let mut none = NoScore;
/// none.record(Event::Pair { at: Duration::from_secs(1) });
/// assert_eq!(none.score(), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoScore;

impl Scorer for NoScore {
    fn record(&mut self, _event: Event) {}
    fn score(&self) -> i64 {
        0
    }
}

/// Time-based scoring ("Score basé sur le temps").
///
/// - [`TimeScore::Countdown`]: start from `start` points and lose `per_second` points each
///   second until the board is cleared (never below 0).
/// - [`TimeScore::Elapsed`]: the score is the number of whole seconds taken (lower is
///   better).
///
/// The clock stops at [`Event::Finished`]; before that the score uses the latest event.
///
/// ```
/// use std::time::Duration;
/// use mahjong_solitaire::score::{Event, Scorer, TimeScore};
///
/// let mut t = TimeScore::countdown();
/// t.record(Event::Finished { at: Duration::from_secs(300), cleared: true });
/// assert_eq!(t.score(), 10_000 - 300 * 10);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeScore {
    /// Points that run down with time.
    Countdown {
        /// Points at the start.
        start: i64,
        /// Points lost per second.
        per_second: i64,
        /// The latest time seen.
        clock: Duration,
        /// Whether the game is over (the clock has stopped).
        stopped: bool,
    },
    /// The time taken, in seconds.
    Elapsed {
        /// The latest time seen.
        clock: Duration,
        /// Whether the game is over.
        stopped: bool,
    },
}

impl TimeScore {
    /// 10,000 points, minus 10 a second.
    ///
    /// ```
    /// use std::time::Duration;
    /// use mahjong_solitaire::score::{Event, Scorer, TimeScore};
    ///
    /// let mut t = TimeScore::countdown();
    /// t.record(Event::Pair { at: Duration::from_secs(42) });
    /// assert_eq!(t.score(), 10_000 - 420);
    /// ```
    pub const fn countdown() -> TimeScore {
        TimeScore::Countdown {
            start: 10_000,
            per_second: 10,
            clock: Duration::ZERO,
            stopped: false,
        }
    }

    /// The elapsed time in seconds (lower is better).
    ///
    /// ```
    /// use std::time::Duration;
    /// use mahjong_solitaire::score::{Event, Scorer, TimeScore};
    ///
    /// let mut t = TimeScore::elapsed();
    /// t.record(Event::Finished { at: Duration::from_secs(95), cleared: true });
    /// t.record(Event::Pair { at: Duration::from_secs(200) }); // the clock has stopped
    /// assert_eq!(t.score(), 95);
    /// ```
    pub const fn elapsed() -> TimeScore {
        TimeScore::Elapsed {
            clock: Duration::ZERO,
            stopped: false,
        }
    }
}

/// Whole seconds of `d`, as an `i64` (saturating: scores never overflow).
fn secs(d: Duration) -> i64 {
    i64::try_from(d.as_secs()).unwrap_or(i64::MAX)
}

impl Scorer for TimeScore {
    fn record(&mut self, event: Event) {
        let (clock, stopped) = match self {
            TimeScore::Countdown { clock, stopped, .. } | TimeScore::Elapsed { clock, stopped } => {
                (clock, stopped)
            }
        };
        if *stopped {
            return;
        }
        *clock = (*clock).max(event.at());
        if matches!(event, Event::Finished { .. }) {
            *stopped = true;
        }
    }

    fn score(&self) -> i64 {
        match *self {
            TimeScore::Countdown {
                start,
                per_second,
                clock,
                ..
            } => start
                .saturating_sub(per_second.saturating_mul(secs(clock)))
                .max(0),
            TimeScore::Elapsed { clock, .. } => secs(clock),
        }
    }
}

/// Move-based scoring ("Score basé sur les coups"): points per pair, a combo bonus
/// for pairs removed quickly one after another, and a bonus for clearing the board without
/// hint or undo.
///
/// ```
/// use std::time::Duration;
/// use mahjong_solitaire::score::{Event, MoveScore, Scorer};
///
/// let s = Duration::from_secs;
/// let mut m = MoveScore::default();
/// for at in [1, 2, 3, 10] {
///     m.record(Event::Pair { at: s(at) });
/// }
/// m.record(Event::Finished { at: s(11), cleared: true });
/// // 4 pairs × 10, combo steps of 5 and 10 (pairs 2 and 3), 500 for a clean win.
/// assert_eq!(m.score(), 40 + 15 + 500);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveScore {
    /// Points per pair removed.
    pub per_pair: i64,
    /// A pair removed within this time of the previous one continues a combo.
    pub combo_window: Duration,
    /// Bonus per combo step: the `n`-th pair of a combo (n ≥ 2) earns `(n − 1) × combo_bonus`.
    pub combo_bonus: i64,
    /// Bonus for winning without any hint or undo.
    pub clean_bonus: i64,
    pairs: i64,
    bonus: i64,
    combo: i64,
    last: Option<Duration>,
    assisted: bool,
    cleared: bool,
}

impl Default for MoveScore {
    /// 10 per pair, combos within 3 s worth 5 per step, 500 for a clean win.
    fn default() -> MoveScore {
        MoveScore::new(10, Duration::from_secs(3), 5, 500)
    }
}

impl MoveScore {
    /// A move scorer with these parameters.
    ///
    /// ```
    /// use std::time::Duration;
    /// use mahjong_solitaire::score::{Event, MoveScore, Scorer};
    ///
    /// let mut m = MoveScore::new(1, Duration::ZERO, 0, 0);
    /// m.record(Event::Pair { at: Duration::from_secs(1) });
    /// m.record(Event::Pair { at: Duration::from_secs(1) });
    /// assert_eq!(m.score(), 2);
    /// ```
    pub const fn new(
        per_pair: i64,
        combo_window: Duration,
        combo_bonus: i64,
        clean_bonus: i64,
    ) -> MoveScore {
        MoveScore {
            per_pair,
            combo_window,
            combo_bonus,
            clean_bonus,
            pairs: 0,
            bonus: 0,
            combo: 0,
            last: None,
            assisted: false,
            cleared: false,
        }
    }
}

impl Scorer for MoveScore {
    fn record(&mut self, event: Event) {
        match event {
            Event::Pair { at } => {
                self.pairs = self.pairs.saturating_add(1);
                let chained = self
                    .last
                    .is_some_and(|last| at.saturating_sub(last) <= self.combo_window);
                self.combo = if chained {
                    self.combo.saturating_add(1)
                } else {
                    1
                };
                self.bonus = self
                    .bonus
                    .saturating_add((self.combo - 1).saturating_mul(self.combo_bonus));
                self.last = Some(at);
            }
            Event::Undo { .. } => {
                self.assisted = true;
                self.pairs = self.pairs.saturating_sub(1);
                self.combo = 0;
                self.last = None;
            }
            Event::Hint { .. } => self.assisted = true,
            Event::Shuffle { .. } => {}
            Event::Finished { cleared, .. } => self.cleared = cleared,
        }
    }

    fn score(&self) -> i64 {
        let clean = if self.cleared && !self.assisted {
            self.clean_bonus
        } else {
            0
        };
        self.pairs
            .saturating_mul(self.per_pair)
            .saturating_add(self.bonus)
            .saturating_add(clean)
    }
}

/// Penalties on top of another scorer ("Score avec pénalités"): by default −50 per
/// hint, −100 per shuffle, nothing per undo.
///
/// ```
/// use std::time::Duration;
/// use mahjong_solitaire::score::{Event, NoScore, Penalties, Scorer};
///
/// let mut p = Penalties::new(NoScore);
/// p.record(Event::Shuffle { at: Duration::from_secs(5) });
/// assert_eq!(p.score(), -100);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Penalties<S> {
    /// The scorer whose score is reduced.
    pub inner: S,
    /// Points lost per hint.
    pub per_hint: i64,
    /// Points lost per shuffle.
    pub per_shuffle: i64,
    /// Points lost per undo.
    pub per_undo: i64,
    penalty: i64,
}

impl<S> Penalties<S> {
    /// The default penalties (50 per hint, 100 per shuffle, 0 per undo) over `inner`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use mahjong_solitaire::score::{Event, NoScore, Penalties, Scorer};
    ///
    /// let mut p = Penalties::new(NoScore);
    /// p.record(Event::Hint { at: Duration::from_secs(5) });
    /// p.record(Event::Undo { at: Duration::from_secs(6) });
    /// assert_eq!(p.score(), -50);
    /// ```
    pub const fn new(inner: S) -> Penalties<S> {
        Penalties::with(inner, 50, 100, 0)
    }

    /// Chosen penalties over `inner`: per hint, per shuffle, per undo.
    ///
    /// ```
    /// use std::time::Duration;
    /// use mahjong_solitaire::score::{Event, NoScore, Penalties, Scorer};
    ///
    /// let mut p = Penalties::with(NoScore, 0, 0, 7);
    /// p.record(Event::Undo { at: Duration::from_secs(6) });
    /// assert_eq!(p.score(), -7);
    /// ```
    pub const fn with(inner: S, per_hint: i64, per_shuffle: i64, per_undo: i64) -> Penalties<S> {
        Penalties {
            inner,
            per_hint,
            per_shuffle,
            per_undo,
            penalty: 0,
        }
    }
}

impl<S: Scorer> Scorer for Penalties<S> {
    fn record(&mut self, event: Event) {
        self.penalty = self.penalty.saturating_add(match event {
            Event::Hint { .. } => self.per_hint,
            Event::Shuffle { .. } => self.per_shuffle,
            Event::Undo { .. } => self.per_undo,
            _ => 0,
        });
        self.inner.record(event);
    }

    fn score(&self) -> i64 {
        self.inner.score().saturating_sub(self.penalty)
    }
}

impl<S: Scorer + ?Sized> Scorer for Box<S> {
    fn record(&mut self, event: Event) {
        (**self).record(event);
    }
    fn score(&self) -> i64 {
        (**self).score()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    #[test]
    fn no_score() {
        let mut n = NoScore;
        n.record(Event::Pair { at: s(1) });
        assert_eq!(n.score(), 0);
    }

    #[test]
    fn time_scores_stop_at_the_end() {
        let mut c = TimeScore::countdown();
        c.record(Event::Pair { at: s(100) });
        assert_eq!(c.score(), 9_000);
        c.record(Event::Finished {
            at: s(2_000),
            cleared: false,
        });
        c.record(Event::Pair { at: s(3_000) });
        assert_eq!(c.score(), 0);
        let mut e = TimeScore::elapsed();
        e.record(Event::Finished {
            at: s(95),
            cleared: true,
        });
        e.record(Event::Hint { at: s(200) });
        assert_eq!(e.score(), 95);
    }

    #[test]
    fn moves_combos_and_clean_bonus() {
        let mut m = MoveScore::default();
        for t in [1, 2, 3, 10, 12] {
            m.record(Event::Pair { at: s(t) });
        }
        // Combos: 1,2,3 (steps 0, 5, 10), 10 then 12 (0, 5).
        assert_eq!(m.score(), 50 + 20);
        m.record(Event::Finished {
            at: s(13),
            cleared: true,
        });
        assert_eq!(m.score(), 50 + 20 + 500);
        let mut u = MoveScore::default();
        u.record(Event::Pair { at: s(1) });
        u.record(Event::Undo { at: s(2) });
        u.record(Event::Pair { at: s(3) });
        u.record(Event::Finished {
            at: s(4),
            cleared: true,
        });
        assert_eq!(u.score(), 10, "no combo across an undo, no clean bonus");
    }

    #[test]
    fn penalties_wrap_any_scorer() {
        let mut p: Penalties<Box<dyn Scorer>> = Penalties::with(Box::new(NoScore), 50, 100, 7);
        p.record(Event::Hint { at: s(1) });
        p.record(Event::Shuffle { at: s(2) });
        p.record(Event::Shuffle { at: s(3) });
        p.record(Event::Undo { at: s(4) });
        assert_eq!(p.score(), -50 - 200 - 7);
    }
}
