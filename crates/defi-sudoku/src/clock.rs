//! Time for the chrono option, from an injectable clock so tests are deterministic.
//!
//! [`Game::play_timed`] takes the time elapsed in the turn; [`TimedGame`] works it out from a
//! [`Clock`]: a turn's time starts when the previous turn ends (or when the game is wrapped),
//! or when the front end calls [`TimedGame::restart_turn`].

use core::cell::Cell;
use core::time::Duration;
use std::time::Instant;

use crate::game::{Entry, EntryReport, Game, PlayError};

/// A source of monotonic time: the time since some fixed origin.
pub trait Clock {
    /// The time since the clock's origin; never decreases.
    fn now(&self) -> Duration;
}

impl<C: Clock + ?Sized> Clock for &C {
    fn now(&self) -> Duration {
        (**self).now()
    }
}

/// The system's monotonic clock ([`Instant`]), its origin when created.
#[derive(Clone, Copy, Debug)]
pub struct SystemClock {
    origin: Instant,
}

impl SystemClock {
    /// A clock whose origin is now.
    pub fn new() -> SystemClock {
        SystemClock {
            origin: Instant::now(),
        }
    }
}

impl Default for SystemClock {
    fn default() -> Self {
        SystemClock::new()
    }
}

impl Clock for SystemClock {
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }
}

/// A clock moved by hand, for tests and replays.
///
/// ```
/// use core::time::Duration;
/// use defi_sudoku::{Clock, ManualClock};
/// let clock = ManualClock::new();
/// clock.advance(Duration::from_secs(3));
/// assert_eq!(clock.now(), Duration::from_secs(3));
/// ```
#[derive(Clone, Debug, Default)]
pub struct ManualClock {
    now: Cell<Duration>,
}

impl ManualClock {
    /// A clock at zero.
    pub fn new() -> ManualClock {
        ManualClock::default()
    }

    /// Moves the clock forward.
    pub fn advance(&self, by: Duration) {
        self.now.set(self.now.get().saturating_add(by));
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Duration {
        self.now.get()
    }
}

/// A game whose entries are timed by a clock (for the chrono option).
///
/// ```
/// use core::time::Duration;
/// use defi_sudoku::{Chrono, Entry, Game, ManualClock, Options, SolvedPuzzle, TimedGame};
/// use sudoku_core::Cell;
///
/// let puzzle: SolvedPuzzle =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let options = Options { chrono: Chrono::With { limit: Duration::from_secs(30) }, ..Options::default() };
/// let game = Game::with_player_count(puzzle, 2, options)?;
/// let clock = ManualClock::new();
/// let mut timed = TimedGame::new(game, &clock);
/// let cell = Cell::new(1);
/// let digit = timed.game().puzzle().solution().get(cell.index());
/// clock.advance(Duration::from_secs(31)); // too slow
/// let report = timed.play(Entry::new(0, cell, digit))?;
/// assert!(report.correct && report.late);
/// assert_eq!(report.points, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct TimedGame<C: Clock> {
    game: Game,
    clock: C,
    turn_started: Duration,
    turn: usize,
}

impl<C: Clock> TimedGame<C> {
    /// Wraps a game; the current turn's time starts now.
    pub fn new(game: Game, clock: C) -> TimedGame<C> {
        let turn_started = clock.now();
        let turn = game.turns().len();
        TimedGame {
            game,
            clock,
            turn_started,
            turn,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, unwrapped.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// Restarts the current turn's time (when the player sits down, say).
    pub fn restart_turn(&mut self) {
        self.turn_started = self.clock.now();
    }

    /// The time elapsed in the current turn.
    pub fn elapsed(&self) -> Duration {
        self.clock.now().saturating_sub(self.turn_started)
    }

    /// The time left in the current turn with the chrono option (zero once it is past).
    pub fn time_left(&self) -> Option<Duration> {
        let limit = self.game.options().chrono.limit()?;
        Some(limit.saturating_sub(self.elapsed()))
    }

    /// Plays an entry at the clock's time; a new turn's time starts when this one ends.
    ///
    /// # Errors
    /// As [`Game::play`].
    pub fn play(&mut self, entry: Entry) -> Result<EntryReport, PlayError> {
        let report = self.game.play_timed(entry, self.elapsed())?;
        if self.game.turns().len() != self.turn {
            self.turn = self.game.turns().len();
            self.restart_turn();
        }
        Ok(report)
    }
}
