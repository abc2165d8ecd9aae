//! The record of a game: everything needed to replay it, and its results (serde behind the
//! `serde` feature).
//!
//! Its JSON form (with the `serde` feature) has the keys `"puzzle"` and `"solution"` (81-char
//! strings, `.` for empty cells), `"options"`, `"players"` (names in the initial order),
//! `"turns"` (a list of `{"round", "player", "quota", "entries": [{"cell", "digit", "correct",
//! "points"}], "bonus", "handicap", "absent_bonus"}`, entries adding `"late"` and
//! `"elapsed_ms"` with the chrono), `"scores"` (totals by player index), `"team_scores"`
//! (`[A, B]` or null) and `"winners"` (player indices).

use sudoku_core::Cell;

use crate::game::{Game, PlayError};
use crate::options::Options;
use crate::setup::SetupError;
use crate::solved_puzzle::{SolvedPuzzle, SolvedPuzzleError};

/// One entry as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EntryRecord {
    /// The cell, 0–80 row-major (a number in the JSON form).
    pub cell: Cell,
    /// The digit entered (not the correction).
    pub digit: u8,
    /// Whether the digit was the solution's.
    pub correct: bool,
    /// The face value it scored (0 when wrong or late).
    pub points: u32,
    /// Whether it came after the turn's time limit (chrono option only).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_false"))]
    pub late: bool,
    /// Milliseconds from the start of the turn, rounded up (chrono option only).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub elapsed_ms: Option<u64>,
}

#[cfg(feature = "serde")]
fn is_false(b: &bool) -> bool {
    !*b
}

/// One player's turn as recorded.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TurnRecord {
    /// The round, from 1.
    pub round: u32,
    /// The player (index in the initial order).
    pub player: usize,
    /// The round's quota of digits.
    pub quota: u8,
    /// The entries, in the order played (empty for an absent player of the final round).
    pub entries: Vec<EntryRecord>,
    /// The completion bonus earned (0 or 10).
    pub bonus: u32,
    /// The handicap credited (round 1 only).
    pub handicap: u32,
    /// The +10 of a player who does not take part in the final round.
    pub absent_bonus: u32,
}

impl TurnRecord {
    /// The points this turn brought: face values, bonus, handicap, absent bonus.
    pub fn points(&self) -> u32 {
        self.entries.iter().map(|e| e.points).sum::<u32>()
            + self.bonus
            + self.handicap
            + self.absent_bonus
    }
}

/// A complete game: puzzle and solution, options, players, every turn, the results. This is how a game is
/// saved: [`Record::replay`] restores it (and with the `serde` feature a [`Game`] serializes
/// as its record).
///
/// ```
/// use defi_sudoku::{Game, Options, SolvedPuzzle, bot::{Bot, Strategy}, play_out};
/// use rand::SeedableRng;
/// use rand_pcg::Pcg64Mcg;
///
/// let puzzle = SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(5));
/// let mut game = Game::with_player_count(puzzle, 3, Options::default())?;
/// let mut bots: Vec<Bot> =
///     (0..3).map(|i| Bot::new(Strategy::Greedy, Pcg64Mcg::seed_from_u64(i))).collect();
/// play_out(&mut game, &mut bots).expect("bots play legal entries");
/// let record = game.record();
/// assert_eq!(record.replay()?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Record {
    /// The puzzle, 81 characters, `.` for empty cells.
    pub puzzle: String,
    /// The solution, 81 digits.
    pub solution: String,
    /// The options.
    pub options: Options,
    /// The players' names in the initial order.
    pub players: Vec<String>,
    /// Every turn, in order.
    pub turns: Vec<TurnRecord>,
    /// The totals by player index.
    pub scores: Vec<u32>,
    /// The teams' totals `[A, B]` in a two-against-two game.
    pub team_scores: Option<[u32; 2]>,
    /// The leaders (the winners once the game is over), by player index.
    pub winners: Vec<usize>,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The puzzle or solution is not a valid [`SolvedPuzzle`].
    #[error("bad puzzle: {0}")]
    Puzzle(#[from] SolvedPuzzleError),
    /// The players or options cannot start a game.
    #[error("bad setup: {0}")]
    Setup(#[from] SetupError),
    /// An entry is illegal at its place in the game.
    #[error("turn {turn}, entry {entry}: {error}")]
    Play {
        /// The turn (index in `turns`).
        turn: usize,
        /// The entry (index in the turn's entries).
        entry: usize,
        /// Why it is illegal.
        error: PlayError,
    },
    /// The game replayed differently from the record (a turn out of order, a wrong score…).
    #[error("the record differs from the game it replays, first at {what}")]
    Mismatch {
        /// The first thing that differs (`turn 4`, `scores`, …).
        what: String,
    },
}

impl Record {
    pub(crate) fn of_game(game: &Game) -> Record {
        Record {
            puzzle: game.puzzle().puzzle().to_string(),
            solution: game.puzzle().solution().to_string(),
            options: *game.options(),
            players: game.players().to_vec(),
            turns: game.turns().to_vec(),
            scores: game.totals(),
            team_scores: game.team_totals(),
            winners: game.leaders(),
        }
    }

    /// Replays the record: a new game on the same puzzle, players and options, with every entry
    /// played again (at its recorded time with the chrono). Checks that the result is the same
    /// record: same turns, points, bonuses and scores.
    ///
    /// # Errors
    /// [`ReplayError`] for a bad puzzle or setup, an illegal entry, or any difference.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let puzzle = SolvedPuzzle::from_lines(&self.puzzle, &self.solution)?;
        let mut game = Game::new(puzzle, self.players.iter().cloned(), self.options)?;
        game.play_recorded(&self.turns, usize::MAX)
            .map_err(|(turn, entry, error)| ReplayError::Play { turn, entry, error })?;
        let again = game.record();
        if again != *self {
            let what = first_difference(self, &again);
            return Err(ReplayError::Mismatch { what });
        }
        Ok(game)
    }
}

/// With the `serde` feature a [`Game`] serializes as its [`Record`], and deserializing
/// replays that record ([`Record::replay`]): the game comes back exactly as it was, or the
/// data is refused if it does not replay.
#[cfg(feature = "serde")]
mod game_serde {
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error as _};

    use super::Record;
    use crate::game::Game;

    impl Serialize for Game {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            self.record().serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for Game {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
            Record::deserialize(deserializer)?
                .replay()
                .map_err(D::Error::custom)
        }
    }
}

fn first_difference(a: &Record, b: &Record) -> String {
    if let Some(t) =
        (0..a.turns.len().max(b.turns.len())).find(|&t| a.turns.get(t) != b.turns.get(t))
    {
        return format!("turn {t}");
    }
    if a.scores != b.scores {
        return "scores".into();
    }
    if a.team_scores != b.team_scores {
        return "team_scores".into();
    }
    "winners".into()
}
