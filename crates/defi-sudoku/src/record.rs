//! The record of a game: everything needed to replay it, and its results.

use sudoku_core::Cell;

use crate::game::{Game, PlayError};
use crate::options::Options;
use crate::setup::{MAX_PLAYERS, SetupError};
use crate::solved_puzzle::{SolvedPuzzle, SolvedPuzzleError};

// The public spellings are `Record::MAX_TURNS`, `TurnRecord::MAX_ENTRIES`,
// `Record::MAX_LINE_LEN`.
const MAX_TURNS: usize = Record::MAX_TURNS;
const MAX_ENTRIES: usize = TurnRecord::MAX_ENTRIES;
const MAX_LINE_BYTES: usize = Record::MAX_LINE_LEN;

/// One entry as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EntryRecord {
    /// The cell, 0–80 row-major (a number in the JSON form).
    pub cell: Cell,
    /// The digit entered, not the correction (the key `"digit"` in the JSON form).
    #[cfg_attr(feature = "serde", serde(rename = "digit"))]
    pub value: u8,
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
    /// The entries, in the order played (empty for an absent player of the final round). At
    /// most [`TurnRecord::MAX_ENTRIES`] are read.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "bounded::entries"))]
    pub entries: Vec<EntryRecord>,
    /// The completion bonus earned (0 or 10).
    pub bonus: u32,
    /// The handicap credited (round 1 only).
    pub handicap: u32,
    /// The +10 of a player who does not take part in the final round.
    pub absent_bonus: u32,
}

impl TurnRecord {
    /// The most entries of one turn a record may hold: 81 (a turn fills at most every cell).
    pub const MAX_ENTRIES: usize = 81;

    /// The points this turn brought: face values, bonus, handicap, absent bonus.
    /// (Saturating: a record read from outside may hold any numbers.)
    ///
    /// ```
    /// use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// use defi_sudoku::sudoku_core::Cell;
    /// let puzzle: SolvedPuzzle =
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut game = Game::with_player_count(puzzle, 2, Options::default())?;
    /// let right = game.puzzle().solution().get(1);
    /// game.play(Entry::new(0, Cell::new(1), right))?;
    /// assert_eq!(game.turns()[0].points(), u32::from(right));
    /// assert_eq!(game.turns()[1].points(), 4); // Bob's handicap, before his entry
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn points(&self) -> u32 {
        self.entries
            .iter()
            .fold(0u32, |sum, e| sum.saturating_add(e.points))
            .saturating_add(self.bonus)
            .saturating_add(self.handicap)
            .saturating_add(self.absent_bonus)
    }
}

/// A complete game: puzzle and solution, options, players, every turn, the results. This is
/// how a game is saved: [`Record::replay`] restores it (and with the `serde` feature a
/// [`Game`] serializes as its record).
///
/// Its JSON form (with the `serde` feature) has the keys `"puzzle"` and `"solution"` (81-char
/// strings, `.` for empty cells), `"options"`, `"players"` (names in the initial order),
/// `"turns"` (a list of `{"round", "player", "quota", "entries": [{"cell", "digit", "correct",
/// "points"}], "bonus", "handicap", "absent_bonus"}`, entries adding `"late"` and
/// `"elapsed_ms"` with the chrono), `"scores"` (totals by player index), `"team_scores"`
/// (`[A, B]` or null) and `"winners"` (player indices).
///
/// ```
/// use defi_sudoku::bot::{self, Bot, play_out};
/// use defi_sudoku::{Game, Options, SolvedPuzzle};
/// use rand::SeedableRng;
///
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
/// let puzzle = SolvedPuzzle::generate(&mut rng);
/// let mut game = Game::with_player_count(puzzle, 3, Options::default())?;
/// let mut table: Vec<Box<dyn Bot>> = (0..3).map(|_| bot::by_name("greedy").unwrap()).collect();
/// play_out(&mut game, &mut table, &mut rng)?;
/// let record = game.record();
/// assert_eq!(record.replay()?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Record {
    /// The puzzle, 81 characters, `.` for empty cells (at most [`Record::MAX_LINE_LEN`] bytes are read).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "bounded::line"))]
    pub puzzle: String,
    /// The solution, 81 digits (at most [`Record::MAX_LINE_LEN`] bytes are read).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "bounded::line"))]
    pub solution: String,
    /// The options.
    pub options: Options,
    /// The players' names in the initial order (at most [`Game::MAX_PLAYERS`] are read).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "bounded::players"))]
    pub players: Vec<String>,
    /// Every turn, in order (at most [`Record::MAX_TURNS`] are read).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "bounded::turns"))]
    pub turns: Vec<TurnRecord>,
    /// The totals by player index (at most [`Game::MAX_PLAYERS`] are read).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "bounded::seats"))]
    pub scores: Vec<u32>,
    /// The teams' totals `[A, B]` in a two-against-two game.
    pub team_scores: Option<[u32; 2]>,
    /// The leaders (the winners once the game is over), by player index (at most
    /// [`Game::MAX_PLAYERS`] are read).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "bounded::seats"))]
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
    /// A part of the record is larger than any game makes ([`Record::MAX_TURNS`],
    /// [`TurnRecord::MAX_ENTRIES`], [`Record::MAX_LINE_LEN`], [`Game::MAX_PLAYERS`]); it is
    /// refused before anything is replayed.
    #[error("the record's {what} has {count} items, more than {limit}")]
    TooLarge {
        /// What is too large (`turns`, `turn 3's entries`, `puzzle`…).
        what: String,
        /// Its size (items, or bytes for a line).
        count: usize,
        /// The limit.
        limit: usize,
    },
    /// The game replayed differently from the record (a turn out of order, a wrong score…).
    #[error("the record differs from the game it replays, first at {what}")]
    Mismatch {
        /// The first thing that differs (`turn 4`, `scores`, …).
        what: String,
    },
}

impl Record {
    /// The largest record text a reader should accept, in bytes (256 KiB). A whole game's
    /// record with the chrono, pretty-printed JSON, takes about 15 KB; read a file's first
    /// `MAX_TEXT_LEN + 1` bytes and refuse it if it has more, before parsing it.
    pub const MAX_TEXT_LEN: usize = 256 * 1024;
    /// The most turns of a record: a game has at most one turn per cell filled (81), plus
    /// the turn in progress or the absent players' turns of the final round.
    pub const MAX_TURNS: usize = 81 + MAX_PLAYERS;
    /// The longest puzzle or solution line of a record, in bytes (the lines have 81 cells).
    pub const MAX_LINE_LEN: usize = 256;

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
    /// The work is bounded by the limits: a record within them replays at most
    /// 81 entries (an entry fills a cell, and the game refuses the 82nd) after one
    /// check of the puzzle's solution; a record beyond them is refused first.
    ///
    /// # Errors
    /// [`ReplayError`] for a record beyond the limits, a bad puzzle or setup, an illegal
    /// entry, or any difference.
    ///
    /// ```
    /// use defi_sudoku::{Entry, Game, Options, ReplayError, SolvedPuzzle};
    /// use defi_sudoku::sudoku_core::Cell;
    /// let puzzle: SolvedPuzzle =
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut game = Game::with_player_count(puzzle, 2, Options::default())?;
    /// game.play(Entry::new(0, Cell::new(1), 1))?;
    /// let mut record = game.record();
    /// assert_eq!(record.replay()?, game);
    /// record.scores[0] += 10; // an edited score does not add up
    /// assert_eq!(record.replay(), Err(ReplayError::Mismatch { what: "scores".into() }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(&self) -> Result<Game, ReplayError> {
        self.check_limits()?;
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

impl Record {
    /// Checks the sizes of the record against [`Record::MAX_TURNS`],
    /// [`TurnRecord::MAX_ENTRIES`], [`Record::MAX_LINE_LEN`] and [`Game::MAX_PLAYERS`] (done
    /// by [`Record::replay`] first; reading a record with serde enforces the same limits).
    ///
    /// # Errors
    /// [`ReplayError::TooLarge`] naming the first part beyond its limit.
    ///
    /// ```
    /// use defi_sudoku::{Game, Options, Record, ReplayError, SolvedPuzzle};
    /// let puzzle: SolvedPuzzle =
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut record = Game::with_player_count(puzzle, 2, Options::default())?.record();
    /// assert_eq!(record.check_limits(), Ok(()));
    /// record.players = vec!["P".into(); Game::MAX_PLAYERS + 1];
    /// assert!(matches!(record.check_limits(), Err(ReplayError::TooLarge { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_limits(&self) -> Result<(), ReplayError> {
        let too_large = |what: &str, count: usize, limit: usize| {
            if count > limit {
                Err(ReplayError::TooLarge {
                    what: what.to_owned(),
                    count,
                    limit,
                })
            } else {
                Ok(())
            }
        };
        too_large("puzzle", self.puzzle.len(), MAX_LINE_BYTES)?;
        too_large("solution", self.solution.len(), MAX_LINE_BYTES)?;
        too_large("players", self.players.len(), MAX_PLAYERS)?;
        too_large("turns", self.turns.len(), MAX_TURNS)?;
        for (t, turn) in self.turns.iter().enumerate() {
            too_large(
                &format!("turn {t}'s entries"),
                turn.entries.len(),
                MAX_ENTRIES,
            )?;
        }
        too_large("scores", self.scores.len(), MAX_PLAYERS)?;
        too_large("winners", self.winners.len(), MAX_PLAYERS)
    }
}

/// Reading records with their limits: lists and lines longer than any game makes are refused
/// as soon as the reader passes the limit, before the rest is read.
#[cfg(feature = "serde")]
mod bounded {
    use core::fmt;

    use serde::Deserializer;
    use serde::de::{Deserialize, Error, Visitor};

    use super::{EntryRecord, MAX_ENTRIES, MAX_LINE_BYTES, MAX_PLAYERS, MAX_TURNS, TurnRecord};

    fn list<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
        what: &'static str,
        limit: usize,
    ) -> Result<Vec<T>, D::Error> {
        grilles_game::capped::vec(d, limit, what)
    }

    pub(super) fn entries<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<EntryRecord>, D::Error> {
        list(d, "entries in a turn", MAX_ENTRIES)
    }

    pub(super) fn turns<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<TurnRecord>, D::Error> {
        list(d, "turns", MAX_TURNS)
    }

    pub(super) fn players<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
        list(d, "players", MAX_PLAYERS)
    }

    pub(super) fn seats<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<Vec<T>, D::Error> {
        list(d, "seats", MAX_PLAYERS)
    }

    struct Line;

    impl Visitor<'_> for Line {
        type Value = String;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a line of at most {MAX_LINE_BYTES} bytes")
        }

        fn visit_str<E: Error>(self, v: &str) -> Result<String, E> {
            if v.len() > MAX_LINE_BYTES {
                return Err(E::custom(format_args!(
                    "a line of {} bytes, more than {MAX_LINE_BYTES}",
                    v.len()
                )));
            }
            Ok(v.to_owned())
        }
    }

    pub(super) fn line<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        d.deserialize_str(Line)
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
