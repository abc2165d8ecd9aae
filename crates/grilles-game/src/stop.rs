//! Budgets, cancel flags, and the one error a bounded call stops with.

use core::fmt;
use core::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Why a bounded call stopped before its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum StopReason {
    /// The budget of work units ran out.
    Budget,
    /// The cancel flag was raised.
    Cancelled,
}

impl fmt::Display for StopReason {
    /// `budget` or `cancelled`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::Budget => "budget",
            StopReason::Cancelled => "cancelled",
        })
    }
}

/// The unit a budget counts. Each bounded call's docs say which unit it counts and what one
/// unit costs, so that a caller can turn a time into units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum WorkUnit {
    /// Nodes of a search: rows tried by dancing links, guesses of a bitboard engine, moves
    /// tried by a solitaire search, states visited by [`perft`](crate::perft).
    Nodes,
    /// Rating work: about one scan of the candidates of a 9×9 grid.
    RatingWork,
    /// Placement tries of a dealer.
    Tries,
    /// Decisions taken by computer players.
    Decisions,
    /// Playouts simulated by a searching player.
    Playouts,
}

impl WorkUnit {
    /// The unit's plural name for people: `search nodes`, `rating units`, `placement
    /// tries`, `decisions`, `playouts`.
    ///
    /// ```
    /// use grilles_game::WorkUnit;
    /// assert_eq!(WorkUnit::Tries.name(), "placement tries");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            WorkUnit::Nodes => "search nodes",
            WorkUnit::RatingWork => "rating units",
            WorkUnit::Tries => "placement tries",
            WorkUnit::Decisions => "decisions",
            WorkUnit::Playouts => "playouts",
        }
    }
}

impl fmt::Display for WorkUnit {
    /// [`WorkUnit::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A bounded call stopped by its budget or its cancel flag: its answer is unknown, never
/// wrong.
///
/// ```
/// use grilles_game::{Interrupted, StopReason, WorkUnit};
/// let stop = Interrupted::new(StopReason::Budget, WorkUnit::Nodes, 1_000);
/// assert_eq!(stop.to_string(), "stopped by its budget after 1000 search nodes");
/// assert_eq!((stop.reason(), stop.unit(), stop.spent()), (StopReason::Budget, WorkUnit::Nodes, 1_000));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Interrupted {
    reason: StopReason,
    unit: WorkUnit,
    spent: u64,
}

impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.reason {
            StopReason::Budget => write!(
                f,
                "stopped by its budget after {} {}",
                self.spent, self.unit
            ),
            StopReason::Cancelled => write!(f, "cancelled after {} {}", self.spent, self.unit),
        }
    }
}

impl Interrupted {
    /// A stop for `reason` after `spent` units of `unit`.
    pub const fn new(reason: StopReason, unit: WorkUnit, spent: u64) -> Interrupted {
        Interrupted {
            reason,
            unit,
            spent,
        }
    }

    /// Budget or cancel flag.
    pub const fn reason(&self) -> StopReason {
        self.reason
    }

    /// The unit the budget counts.
    pub const fn unit(&self) -> WorkUnit {
        self.unit
    }

    /// The units spent when the call stopped.
    pub const fn spent(&self) -> u64 {
        self.spent
    }

    /// Whether the cancel flag stopped the call.
    pub const fn is_cancelled(&self) -> bool {
        matches!(self.reason, StopReason::Cancelled)
    }
}

/// The bounds of a call: a budget of work units and a cancel flag, both optional.
///
/// Every bounded value of the Grilles & Tuiles crates (solver, generator, rater, dealer,
/// searching bot) holds one, set through its own `budget(impl Into<Option<u64>>)` and
/// `cancel_flag(Arc<AtomicBool>)`, and measures its work with a [`Meter`].
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use grilles_game::{Limits, StopReason, WorkUnit};
///
/// let flag = Arc::new(AtomicBool::new(false));
/// let limits = Limits::new().budget(10).cancel_flag(Arc::clone(&flag));
/// assert_eq!(limits.units(), Some(10));
///
/// let mut meter = limits.meter(WorkUnit::Nodes);
/// assert!(meter.spend(10).is_ok());
/// let stop = meter.spend(1).unwrap_err();
/// assert_eq!((stop.reason(), stop.spent()), (StopReason::Budget, 11));
///
/// flag.store(true, Ordering::Relaxed); // another thread gave up
/// assert!(limits.meter(WorkUnit::Nodes).spend(1).unwrap_err().is_cancelled());
/// assert!(Limits::new().budget(None).units().is_none());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    units: Option<u64>,
    cancel: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// No budget and no flag.
    pub const fn new() -> Limits {
        Limits {
            units: None,
            cancel: None,
        }
    }

    /// The same limits with a budget of `units` work units (`None`: no cap).
    pub fn budget(mut self, units: impl Into<Option<u64>>) -> Limits {
        self.units = units.into();
        self
    }

    /// The same limits with a cancel flag: a call stops soon after another thread raises it.
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Limits {
        self.cancel = Some(flag);
        self
    }

    /// Sets the budget in place (`None`: no cap).
    pub fn set_budget(&mut self, units: impl Into<Option<u64>>) {
        self.units = units.into();
    }

    /// Sets the cancel flag in place.
    pub fn set_cancel_flag(&mut self, flag: Arc<AtomicBool>) {
        self.cancel = Some(flag);
    }

    /// The budget, `None` for no cap.
    pub const fn units(&self) -> Option<u64> {
        self.units
    }

    /// The cancel flag, if any.
    pub fn flag(&self) -> Option<&Arc<AtomicBool>> {
        self.cancel.as_ref()
    }

    /// Whether the cancel flag is raised now.
    pub fn is_cancelled(&self) -> bool {
        self.cancel
            .as_deref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// A meter counting `unit` against these limits, looking at the flag every
    /// [`Meter::DEFAULT_LOOK_EVERY`] units (and at the first unit spent).
    pub fn meter(&self, unit: WorkUnit) -> Meter<'_> {
        Meter {
            unit,
            spent: 0,
            limit: self.units.unwrap_or(u64::MAX),
            flag: self.cancel.as_deref(),
            every: Meter::DEFAULT_LOOK_EVERY,
            next_look: 0,
        }
    }
}

/// Counts the work of one call against its [`Limits`].
///
/// [`spend`](Meter::spend) adds units and fails with [`Interrupted`] once the total passes
/// the budget, or when it finds the flag raised; it looks at the flag at the first unit and
/// then every [`look_every`](Meter::look_every) units, so the flag costs one relaxed load
/// per period.
#[derive(Debug)]
pub struct Meter<'a> {
    unit: WorkUnit,
    spent: u64,
    limit: u64,
    flag: Option<&'a AtomicBool>,
    every: u64,
    next_look: u64,
}

impl Meter<'_> {
    /// Units between two looks at the cancel flag, unless [`look_every`](Meter::look_every)
    /// says otherwise.
    pub const DEFAULT_LOOK_EVERY: u64 = 256;

    /// A meter with no budget and no flag: it never stops.
    pub const fn unbounded(unit: WorkUnit) -> Meter<'static> {
        Meter {
            unit,
            spent: 0,
            limit: u64::MAX,
            flag: None,
            every: Meter::DEFAULT_LOOK_EVERY,
            next_look: 0,
        }
    }

    /// The same meter looking at the flag every `units` units (at least 1): fewer for
    /// expensive units, so that the flag is seen well within a millisecond.
    pub fn look_every(mut self, units: u64) -> Self {
        self.every = units.max(1);
        self
    }

    /// Spends `units`.
    ///
    /// # Errors
    /// [`Interrupted`] with [`StopReason::Budget`] when the units spent pass the budget, with
    /// [`StopReason::Cancelled`] when the flag is raised at a look.
    #[inline]
    pub fn spend(&mut self, units: u64) -> Result<(), Interrupted> {
        self.spent = self.spent.saturating_add(units);
        if self.spent > self.limit {
            return Err(self.stop(StopReason::Budget));
        }
        if self.spent >= self.next_look {
            self.next_look = self.spent.saturating_add(self.every);
            self.look()?;
        }
        Ok(())
    }

    /// Looks at the flag now, whatever the period.
    ///
    /// # Errors
    /// [`Interrupted`] with [`StopReason::Cancelled`] when it is raised.
    pub fn look(&self) -> Result<(), Interrupted> {
        match self.flag {
            Some(flag) if flag.load(Ordering::Relaxed) => Err(self.stop(StopReason::Cancelled)),
            _ => Ok(()),
        }
    }

    /// The units spent so far.
    pub const fn spent(&self) -> u64 {
        self.spent
    }

    /// The units left before the budget stops the call (`u64::MAX` with no budget).
    pub const fn remaining(&self) -> u64 {
        self.limit.saturating_sub(self.spent)
    }

    /// The unit counted.
    pub const fn unit(&self) -> WorkUnit {
        self.unit
    }

    /// An interruption for `reason` at the units spent so far.
    pub const fn stop(&self, reason: StopReason) -> Interrupted {
        Interrupted::new(reason, self.unit, self.spent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_allows_exactly_its_units() {
        let limits = Limits::new().budget(5);
        let mut meter = limits.meter(WorkUnit::Tries);
        for _ in 0..5 {
            meter.spend(1).unwrap();
        }
        assert_eq!(meter.remaining(), 0);
        let stop = meter.spend(1).unwrap_err();
        assert_eq!(
            stop,
            Interrupted::new(StopReason::Budget, WorkUnit::Tries, 6)
        );
        assert_eq!(
            stop.to_string(),
            "stopped by its budget after 6 placement tries"
        );
    }

    #[test]
    fn a_zero_budget_stops_at_the_first_unit() {
        let limits = Limits::new().budget(0);
        assert!(limits.meter(WorkUnit::Nodes).spend(1).is_err());
        assert!(limits.meter(WorkUnit::Nodes).spend(0).is_ok());
    }

    #[test]
    fn the_flag_is_seen_at_the_first_unit_and_then_every_period() {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits::new().cancel_flag(Arc::clone(&flag));
        let mut meter = limits.meter(WorkUnit::Decisions).look_every(10);
        meter.spend(1).unwrap();
        flag.store(true, Ordering::Relaxed);
        // Not looked at again before 11 units.
        for _ in 0..9 {
            meter.spend(1).unwrap();
        }
        let stop = meter.spend(1).unwrap_err();
        assert!(stop.is_cancelled());
        assert_eq!(stop.spent(), 11);
        assert_eq!(stop.to_string(), "cancelled after 11 decisions");
        assert!(meter.look().is_err());
        // A flag raised before the call stops it at its first unit.
        assert!(limits.meter(WorkUnit::Nodes).spend(1).is_err());
        assert!(limits.is_cancelled());
    }

    #[test]
    fn unbounded_meters_never_stop() {
        let mut meter = Meter::unbounded(WorkUnit::Playouts);
        meter.spend(u64::MAX).unwrap();
        meter.spend(u64::MAX).unwrap();
        assert_eq!(meter.spent(), u64::MAX);
        assert_eq!(Limits::default().units(), None);
    }

    #[test]
    fn limits_are_set_in_place_too() {
        let mut limits = Limits::new();
        limits.set_budget(3);
        limits.set_cancel_flag(Arc::new(AtomicBool::new(true)));
        assert_eq!(limits.units(), Some(3));
        assert!(limits.is_cancelled());
        limits.set_budget(None);
        assert_eq!(limits.units(), None);
    }
}
