//! Setup validation: the number of players and the options that depend on it.

use core::time::Duration;

use crate::options::Options;

// The public spellings are associated constants: `Game::MIN_PLAYERS`, `Game::MAX_PLAYERS`,
// `Game::MAX_NAME_LEN`, `Handicap::MAX_POINTS`, `Chrono::MAX_LIMIT`.

/// The fewest players of a game.
pub(crate) const MIN_PLAYERS: usize = 2;
/// The most players of a game.
pub(crate) const MAX_PLAYERS: usize = 5;
/// The longest player's name, in bytes of UTF-8.
pub(crate) const MAX_NAME_LEN: usize = 100;
/// The most first-round points a handicap may give one seat.
pub(crate) const MAX_HANDICAP_POINTS: u32 = 100;
/// The longest time limit per turn the chrono option accepts: one day.
pub(crate) const MAX_TIME_LIMIT: Duration = Duration::from_secs(24 * 60 * 60);

/// Why a game cannot start with these players and options.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The game takes 2 to 5 players.
    #[error("a game takes 2 to 5 players, not {count}")]
    PlayerCount {
        /// The number of players given.
        count: usize,
    },
    /// Two against two needs exactly 4 players.
    #[error("two against two needs 4 players, not {count}")]
    TeamsNeedFourPlayers {
        /// The number of players given.
        count: usize,
    },
    /// The chrono option needs a time limit above zero.
    #[error("the chrono's time limit must be above zero")]
    ZeroTimeLimit,
    /// The chrono's time limit is longer than [`Chrono::MAX_LIMIT`](crate::Chrono::MAX_LIMIT).
    #[error("the chrono's time limit must be at most a day, not {ms} ms")]
    TimeLimitTooLong {
        /// The limit given, in milliseconds (saturated).
        ms: u64,
    },
    /// A handicap gives a seat more than [`Handicap::MAX_POINTS`](crate::Handicap::MAX_POINTS).
    #[error("the handicap gives seat {seat} {points} points, more than {MAX_HANDICAP_POINTS}")]
    HandicapTooLarge {
        /// The seat, from 1.
        seat: usize,
        /// Its points.
        points: u32,
    },
    /// A player's name is longer than [`Game::MAX_NAME_LEN`](crate::Game::MAX_NAME_LEN).
    #[error("player {player}'s name has {bytes} bytes, more than {MAX_NAME_LEN}")]
    NameTooLong {
        /// The player, from 1.
        player: usize,
        /// The name's length in bytes.
        bytes: usize,
    },
}

/// Checks that `count` players can play with `options` (what [`Game::new`](crate::Game::new)
/// and [`Simulation::new`](crate::simulate::Simulation::new) check first).
pub(crate) fn check(count: usize, options: &Options) -> Result<(), SetupError> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&count) {
        return Err(SetupError::PlayerCount { count });
    }
    if options.teams && count != 4 {
        return Err(SetupError::TeamsNeedFourPlayers { count });
    }
    if let Some(limit) = options.chrono.limit() {
        if limit.is_zero() {
            return Err(SetupError::ZeroTimeLimit);
        }
        if limit > MAX_TIME_LIMIT {
            let ms = u64::try_from(limit.as_millis()).unwrap_or(u64::MAX);
            return Err(SetupError::TimeLimitTooLong { ms });
        }
    }
    let points = options.handicap_points(count);
    if let Some((seat, &points)) = points
        .iter()
        .enumerate()
        .find(|&(_, &p)| p > MAX_HANDICAP_POINTS)
    {
        return Err(SetupError::HandicapTooLarge {
            seat: seat + 1,
            points,
        });
    }
    Ok(())
}
