//! Setup validation: the number of players and the options that depend on it.

use crate::options::Options;

/// The fewest players of a game.
pub const MIN_PLAYERS: usize = 2;
/// The most players of a game.
pub const MAX_PLAYERS: usize = 5;

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
}

/// Checks that `count` players can play with `options`.
///
/// # Errors
/// [`SetupError`] for 1 or 6+ players, teams without 4 players, or a zero time limit.
///
/// ```
/// use defi_sudoku::{Options, SetupError, setup::check};
/// assert_eq!(check(3, &Options::default()), Ok(()));
/// assert_eq!(check(6, &Options::default()), Err(SetupError::PlayerCount { count: 6 }));
/// let teams = Options { teams: true, ..Options::default() };
/// assert_eq!(check(3, &teams), Err(SetupError::TeamsNeedFourPlayers { count: 3 }));
/// ```
pub fn check(count: usize, options: &Options) -> Result<(), SetupError> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&count) {
        return Err(SetupError::PlayerCount { count });
    }
    if options.teams && count != 4 {
        return Err(SetupError::TeamsNeedFourPlayers { count });
    }
    if options.chrono.limit().is_some_and(|l| l.is_zero()) {
        return Err(SetupError::ZeroTimeLimit);
    }
    Ok(())
}
