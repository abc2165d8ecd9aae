//! The state machine of a game: rounds, turns and quotas, entries, scoring, the final round.
//!
//! A [`Game`] starts from a [`SolvedPuzzle`], the players' names in their initial order and
//! the [`Options`]. Each round every player takes a turn in which it enters its quota of digits
//! (fewer if the grid runs out), one [`Entry`] at a time through [`Game::play`]. The game is
//! over when the grid is full.
//!
//! The rules ("La jeune histoire du Défi Sudoku en famille ou entre amis"):
//! - round `r`'s quota is `options.challenge.quota(r)`;
//! - a correct digit scores its face value; a wrong one is corrected (the cell receives the
//!   solution's digit), scores nothing and cannot earn a bonus, but uses one of the quota;
//! - completing a row, a column or a box earns +10, at most 10 per turn (a player has one turn
//!   per round, so this is the rules' "maximum 10 points per round");
//! - handicaps (the rules' +4, +6, +8, +10 for players #2–#5, or the balanced or custom
//!   points of [`Handicap`](crate::Handicap)) are credited when the game starts and recorded
//!   in each player's round-1 turn;
//! - the final round is the first round whose quotas, added up over the players, reach the
//!   number of empty cells at its start; its order is set then by [`FinalOrder`] (in a team
//!   game: still A, B, A, B, each team's players lowest score first); players whose
//!   turn would come after the grid is full do not take part and get +10;
//! - with the chrono, entries made after the turn's time limit score nothing (see
//!   [`Chrono`](crate::Chrono)).

use core::time::Duration;

use sudoku_core::{Cell, Grid, House, HouseKind, Shape};

use crate::houses::{cell_houses, classic};
use crate::options::{FinalOrder, Options};
use crate::record::{EntryRecord, Record, TurnRecord};
use crate::scoring::{
    ABSENT_BONUS, COMPLETION_BONUS, ScoreSheet, Team, argmax_all, increasing_order,
    increasing_team_order,
};
use crate::setup::{SetupError, check};
use crate::solved_puzzle::SolvedPuzzle;

/// One digit entered by a player: which player, which cell (0–80, row-major), which digit.
///
/// This is the game's move: [`Game::check`], [`Game::is_legal`], [`Game::legal_moves`],
/// [`Game::play`] and [`Game::undo`] take or give one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Entry {
    /// The player entering the digit (0-based index in the initial order).
    pub player: usize,
    /// The cell, 0–80 row-major.
    pub cell: Cell,
    /// The digit, 1–9.
    pub digit: u8,
}

impl Entry {
    /// An entry of `digit` in `cell` by `player`.
    pub const fn new(player: usize, cell: Cell, digit: u8) -> Entry {
        Entry {
            player,
            cell,
            digit,
        }
    }
}

/// What an entry did: whether it was right, what it scored, what it completed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct EntryReport {
    /// The entry's cell.
    pub cell: Cell,
    /// The digit entered.
    pub digit: u8,
    /// The solution's digit, which the cell now holds (the correction when the entry was wrong).
    pub solution: u8,
    /// Whether the digit entered was the solution's.
    pub correct: bool,
    /// Whether the entry came after the turn's time limit (chrono option).
    pub late: bool,
    /// Face value scored: the digit when correct and in time, else 0.
    pub points: u32,
    /// Completion bonus earned by this entry: 10 or 0.
    pub bonus: u32,
    /// The houses this entry completed (whether or not they earned a bonus): its row, column
    /// and box, in that order, when it filled their last empty cell.
    pub completed: Vec<HouseKind>,
    /// Whether the entry ended the turn.
    pub turn_over: bool,
    /// Whether the entry ended the game (the grid is full).
    pub game_over: bool,
}

/// Why an entry cannot be played. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The grid is full.
    #[error("the game is over")]
    GameOver,
    /// No player has this index.
    #[error("there is no player {player} (players are 0 to {})", .players.saturating_sub(1))]
    UnknownPlayer {
        /// The index given.
        player: usize,
        /// The number of players.
        players: usize,
    },
    /// Another player is to move.
    #[error("player {player} cannot play: it is player {to_move}'s turn")]
    NotYourTurn {
        /// The player who tried to play.
        player: usize,
        /// The player to move.
        to_move: usize,
    },
    /// The cell is not 0–80.
    #[error("cell {} is not on the grid (cells are 0 to 80)", .cell.index())]
    CellOutOfRange {
        /// The cell given.
        cell: Cell,
    },
    /// The digit is not 1–9.
    #[error("digit {digit} is not 1 to 9")]
    DigitOutOfRange {
        /// The digit given.
        digit: u8,
    },
    /// The cell already holds a digit.
    #[error("cell {} already holds {digit}", .cell.index())]
    CellOccupied {
        /// The cell given.
        cell: Cell,
        /// The digit it holds.
        digit: u8,
    },
}

/// A game of Défi Sudoku in progress (or over).
///
/// ```
/// use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
/// use sudoku_core::Cell;
///
/// let puzzle: SolvedPuzzle =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let mut game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
/// assert_eq!(game.to_move(), Some(0));
/// assert_eq!(game.digits_left(), 1); // round 1 of the regular challenge: one digit each
///
/// // Ann enters the right digit of r1c2.
/// let cell = Cell::new(1);
/// let digit = game.puzzle().solution().get(cell.index());
/// let report = game.play(Entry::new(0, cell, digit))?;
/// assert!(report.correct && report.turn_over);
/// assert_eq!(game.sheet(0).face, u32::from(digit));
/// assert_eq!(game.to_move(), Some(1));
/// // Bob has a +4 handicap from the start.
/// assert_eq!(game.sheet(1).handicap, 4);
///
/// // Taken back: the game is as it was.
/// assert_eq!(game.undo(), Some(Entry::new(0, cell, digit)));
/// assert_eq!((game.to_move(), game.sheet(0).face), (Some(0), 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    puzzle: SolvedPuzzle,
    grid: Grid,
    empty: u8,
    /// The empty cells of each house of the classic geometry (rows, columns, boxes).
    house_empty: [u8; 27],
    names: Vec<String>,
    options: Options,
    sheets: Vec<ScoreSheet>,
    round: u32,
    quota: u8,
    order: Vec<usize>,
    turn_in_round: usize,
    used: u8,
    bonus_taken: bool,
    final_round: Option<u32>,
    turns: Vec<TurnRecord>,
    over: bool,
}

impl Game {
    /// Starts a game on `puzzle` between `players` (names, in the initial order) with
    /// `options`.
    ///
    /// # Errors
    /// [`SetupError`] for 1 or 6+ players, teams without 4 players, a chrono limit of zero or
    /// above a day, a handicap point above the cap, or a name longer than
    /// [`MAX_NAME_BYTES`](crate::setup::MAX_NAME_BYTES).
    pub fn new<I, S>(puzzle: SolvedPuzzle, players: I, options: Options) -> Result<Game, SetupError>
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let names: Vec<String> = players.into_iter().map(Into::into).collect();
        check(names.len(), &options)?;
        if let Some((i, name)) = names
            .iter()
            .enumerate()
            .find(|(_, n)| n.len() > crate::setup::MAX_NAME_BYTES)
        {
            return Err(SetupError::NameTooLong {
                player: i + 1,
                bytes: name.len(),
            });
        }
        let handicaps = options.handicap_points(names.len());
        let sheets = (0..names.len())
            .map(|seat| ScoreSheet {
                handicap: handicaps[seat],
                ..ScoreSheet::default()
            })
            .collect();
        let empty = puzzle.empty_cells() as u8;
        let mut house_empty = [0u8; 27];
        let cell_houses = cell_houses();
        for (cell, _) in puzzle
            .puzzle()
            .cells()
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d == 0)
        {
            for &h in &cell_houses[cell] {
                house_empty[usize::from(h)] += 1;
            }
        }
        let mut game = Game {
            grid: puzzle.puzzle().clone(),
            puzzle,
            empty,
            house_empty,
            names,
            options,
            sheets,
            round: 0,
            quota: 0,
            order: Vec::new(),
            turn_in_round: 0,
            used: 0,
            bonus_taken: false,
            final_round: None,
            turns: Vec::new(),
            over: false,
        };
        game.start_round();
        Ok(game)
    }

    /// Starts a game between `count` players named `Player 1`, `Player 2`, ….
    ///
    /// # Errors
    /// As [`Game::new`].
    pub fn with_player_count(
        puzzle: SolvedPuzzle,
        count: usize,
        options: Options,
    ) -> Result<Game, SetupError> {
        Game::new(puzzle, (1..=count).map(|i| format!("Player {i}")), options)
    }

    fn start_round(&mut self) {
        self.round += 1;
        self.quota = self.options.challenge.quota(self.round);
        let n = self.names.len();
        let is_final =
            self.final_round.is_none() && n * usize::from(self.quota) >= usize::from(self.empty);
        self.order = if is_final {
            self.final_round = Some(self.round);
            self.final_round_order()
        } else {
            (0..n).collect()
        };
        self.turn_in_round = 0;
        self.begin_turn();
    }

    /// The order of a final round beginning now: the initial order (status quo), or the
    /// players by score, lowest first, ties in the initial order (increasing; in a team game
    /// the teams keep alternating A, B, A, B, each sending its lower-scored player first).
    fn final_round_order(&self) -> Vec<usize> {
        match self.options.final_order {
            FinalOrder::StatusQuo => (0..self.names.len()).collect(),
            FinalOrder::Increasing if self.options.teams => increasing_team_order(&self.totals()),
            FinalOrder::Increasing => increasing_order(&self.totals()),
        }
    }

    /// A turn record of the current round for `player`, with its round-1 handicap.
    fn turn_record(&self, player: usize, absent_bonus: u32) -> TurnRecord {
        TurnRecord {
            round: self.round,
            player,
            quota: self.quota,
            entries: Vec::new(),
            bonus: 0,
            handicap: if self.round == 1 {
                self.sheets[player].handicap
            } else {
                0
            },
            absent_bonus,
        }
    }

    fn begin_turn(&mut self) {
        let player = self.order[self.turn_in_round];
        self.used = 0;
        self.bonus_taken = false;
        let mut turn = self.turn_record(player, 0);
        // Room for the turn's digits, no more (small blocks, quickly reused).
        turn.entries.reserve_exact(usize::from(self.digits_left()));
        self.turns.push(turn);
    }

    /// The puzzle played and its solution.
    pub fn puzzle(&self) -> &SolvedPuzzle {
        &self.puzzle
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The players' names, in the initial order.
    pub fn players(&self) -> &[String] {
        &self.names
    }

    /// The number of players.
    pub fn player_count(&self) -> usize {
        self.names.len()
    }

    /// The grid as it stands (givens, entries and corrections).
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// How many cells are still empty.
    pub fn empty_cells(&self) -> usize {
        usize::from(self.empty)
    }

    /// The current round, from 1 (the last round once the game is over).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The quota of digits per player in the current round.
    pub fn quota(&self) -> u8 {
        self.quota
    }

    /// How many digits the player to move may still enter this turn (0 once the game is over):
    /// its quota minus the digits already entered, and no more than the empty cells.
    pub fn digits_left(&self) -> u8 {
        if self.over {
            0
        } else {
            (self.quota - self.used).min(self.empty)
        }
    }

    /// The player to move, or `None` once the game is over.
    pub fn to_move(&self) -> Option<usize> {
        (!self.over).then(|| self.order[self.turn_in_round])
    }

    /// The order of the current round (player indices).
    pub fn round_order(&self) -> &[usize] {
        &self.order
    }

    /// The final round's number, once it has begun.
    pub fn final_round(&self) -> Option<u32> {
        self.final_round
    }

    /// Whether the current round is the final round.
    pub fn is_final_round(&self) -> bool {
        self.final_round == Some(self.round)
    }

    /// Whether the player to move has already earned its completion bonus this turn.
    pub fn bonus_taken(&self) -> bool {
        self.bonus_taken
    }

    /// Whether the grid is full.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// A player's points by source (an empty sheet for a player not below
    /// [`Game::player_count`]).
    pub fn sheet(&self, player: usize) -> ScoreSheet {
        self.sheets.get(player).copied().unwrap_or_default()
    }

    /// Every player's points by source, by player index.
    pub fn sheets(&self) -> &[ScoreSheet] {
        &self.sheets
    }

    /// The scores (totals) by player index.
    pub fn totals(&self) -> Vec<u32> {
        self.sheets.iter().map(ScoreSheet::total).collect()
    }

    /// The team of a player in a two-against-two game (`None` without teams).
    pub fn team_of(&self, player: usize) -> Option<Team> {
        self.options.teams.then(|| Team::of_seat(player))
    }

    /// The teams' totals `[A, B]` in a two-against-two game.
    pub fn team_totals(&self) -> Option<[u32; 2]> {
        self.options.teams.then(|| {
            let mut totals = [0; 2];
            for (player, sheet) in self.sheets.iter().enumerate() {
                totals[Team::of_seat(player).index()] += sheet.total();
            }
            totals
        })
    }

    /// The players with the highest total (several when tied): the winners once the game is
    /// over. In a team game the winners are the players of [`Game::leading_teams`].
    pub fn leaders(&self) -> Vec<usize> {
        match self.team_totals() {
            Some(teams) => {
                let best = argmax_all(&teams);
                (0..self.names.len())
                    .filter(|&p| best.contains(&Team::of_seat(p).index()))
                    .collect()
            }
            None => argmax_all(&self.totals()),
        }
    }

    /// The teams with the highest total (both when tied); empty without teams.
    pub fn leading_teams(&self) -> Vec<Team> {
        match self.team_totals() {
            Some(teams) => argmax_all(&teams)
                .into_iter()
                .map(|i| if i == 0 { Team::A } else { Team::B })
                .collect(),
            None => Vec::new(),
        }
    }

    /// The turns so far, in order, the current one last (absent players of the final round
    /// have a turn with no entries and their +10).
    pub fn turns(&self) -> &[TurnRecord] {
        &self.turns
    }

    /// The complete record of the game, from which [`Record::replay`] rebuilds it.
    pub fn record(&self) -> Record {
        Record::of_game(self)
    }

    /// The grid just before entry `entry` of turn `turn` (indices into [`Game::turns`] and
    /// its entries), or `None` if there is no such entry. This is the position from which to
    /// explain why the entry is right.
    pub fn grid_before(&self, turn: usize, entry: usize) -> Option<Grid> {
        self.turns.get(turn)?.entries.get(entry)?;
        let mut grid = self.puzzle.puzzle().clone();
        for (t, record) in self.turns.iter().enumerate() {
            for (e, played) in record.entries.iter().enumerate() {
                if (t, e) == (turn, entry) {
                    return Some(grid);
                }
                let cell = played.cell.index();
                grid.set(cell, self.puzzle.solution().get(cell))
                    .unwrap_or_else(|_| unreachable!("a recorded cell is on the grid"));
            }
        }
        None
    }

    /// Checks an entry without playing it.
    ///
    /// # Errors
    /// The [`PlayError`] that [`Game::play`] would return.
    pub fn check(&self, entry: Entry) -> Result<(), PlayError> {
        if self.over {
            return Err(PlayError::GameOver);
        }
        let players = self.names.len();
        if entry.player >= players {
            return Err(PlayError::UnknownPlayer {
                player: entry.player,
                players,
            });
        }
        let to_move = self.order[self.turn_in_round];
        if entry.player != to_move {
            return Err(PlayError::NotYourTurn {
                player: entry.player,
                to_move,
            });
        }
        if entry.cell.index() >= 81 {
            return Err(PlayError::CellOutOfRange { cell: entry.cell });
        }
        if !(1..=9).contains(&entry.digit) {
            return Err(PlayError::DigitOutOfRange { digit: entry.digit });
        }
        let held = self.grid.get(entry.cell.index());
        if held != 0 {
            return Err(PlayError::CellOccupied {
                cell: entry.cell,
                digit: held,
            });
        }
        Ok(())
    }

    /// Whether [`Game::play`] would accept the entry.
    pub fn is_legal(&self, entry: Entry) -> bool {
        self.check(entry).is_ok()
    }

    /// The legal entries of the player to move: every digit 1–9 in every empty cell (a wrong
    /// digit is legal: it is corrected and scores nothing), cell by cell in row-major order.
    /// Empty once the game is over.
    pub fn legal_moves(&self) -> impl Iterator<Item = Entry> + '_ {
        let player = self.to_move();
        Shape::CLASSIC
            .cells()
            .filter(move |&c| player.is_some() && self.grid.get(c.index()) == 0)
            .flat_map(move |cell| {
                (1..=9).map(move |digit| Entry::new(player.unwrap_or(0), cell, digit))
            })
    }

    /// Plays an entry made in time (no chrono, or within the limit) and reports what it did.
    ///
    /// The game is changed in place and an error leaves it untouched (see the crate docs,
    /// "Playing, checking, undoing", for why this is not shakmaty's by-value `play`).
    ///
    /// # Errors
    /// [`PlayError`] when the game is over, the player is not to move, the cell or digit is
    /// out of range, or the cell is filled. The game is then unchanged.
    pub fn play(&mut self, entry: Entry) -> Result<EntryReport, PlayError> {
        self.play_timed(entry, Duration::ZERO)
    }

    /// Plays an entry made `elapsed` after the start of its turn. With the chrono option, an
    /// entry after the limit is placed but scores nothing; without it `elapsed` is ignored.
    /// The time counts in whole milliseconds, rounded up (as the record keeps it, so a replay
    /// finds every entry late or in time as it was).
    ///
    /// # Errors
    /// As [`Game::play`].
    pub fn play_timed(
        &mut self,
        entry: Entry,
        elapsed: Duration,
    ) -> Result<EntryReport, PlayError> {
        self.check(entry)?;
        let cell = entry.cell.index();
        let solution = self.puzzle.solution().get(cell);
        let correct = entry.digit == solution;
        let limit = self.options.chrono.limit();
        let elapsed_ms = u64::try_from(elapsed.as_nanos().div_ceil(1_000_000)).unwrap_or(u64::MAX);
        let late = limit.is_some_and(|l| Duration::from_millis(elapsed_ms) > l);
        let counts = correct && !late;

        self.grid
            .set(cell, solution)
            .unwrap_or_else(|_| unreachable!("a checked cell holds a digit"));
        self.empty -= 1;
        self.used += 1;
        let player = entry.player;
        let points = if counts { u32::from(entry.digit) } else { 0 };
        self.sheets[player].face += points;
        let mut completed: Vec<HouseKind> = Vec::new();
        for &h in &cell_houses()[cell] {
            let left = &mut self.house_empty[usize::from(h)];
            *left -= 1;
            if *left == 0 {
                completed.push(classic().house_kind(House::new(usize::from(h))));
            }
        }
        let bonus = if counts && !completed.is_empty() && !self.bonus_taken {
            self.bonus_taken = true;
            self.sheets[player].bonus += COMPLETION_BONUS;
            COMPLETION_BONUS
        } else {
            0
        };
        let turn = self.turns.last_mut().expect("a turn is under way");
        turn.bonus += bonus;
        turn.entries.push(EntryRecord {
            cell: entry.cell,
            digit: entry.digit,
            correct,
            points,
            late,
            elapsed_ms: limit.map(|_| elapsed_ms),
        });

        let game_over = self.empty == 0;
        let turn_over = game_over || self.used == self.quota;
        if game_over {
            self.finish();
        } else if turn_over {
            self.turn_in_round += 1;
            if self.turn_in_round == self.order.len() {
                self.start_round();
            } else {
                self.begin_turn();
            }
        }
        Ok(EntryReport {
            cell: entry.cell,
            digit: entry.digit,
            solution,
            correct,
            late,
            points,
            bonus,
            completed,
            turn_over,
            game_over,
        })
    }

    /// Takes back the last entry played and returns it (`None` before the first entry): the
    /// game becomes exactly what it was before that entry (grid, scores, turn, round, the
    /// final round's order).
    ///
    /// The game is played again from its start without that entry, at the entries' recorded
    /// times, so an undo costs about as much as replaying the game.
    pub fn undo(&mut self) -> Option<Entry> {
        let (turn, last) = self
            .turns
            .iter()
            .enumerate()
            .rev()
            .find_map(|(t, turn)| turn.entries.last().map(|&e| (t, e)))?;
        let player = self.turns[turn].player;
        let played: usize = self.turns.iter().map(|t| t.entries.len()).sum();
        let mut again = Game::new(self.puzzle.clone(), self.names.clone(), self.options)
            .unwrap_or_else(|_| unreachable!("the setup was checked when the game began"));
        again
            .play_recorded(&self.turns, played - 1)
            .unwrap_or_else(|_| unreachable!("entries played once replay the same way"));
        *self = again;
        Some(Entry::new(player, last.cell, last.digit))
    }

    /// Plays the first `count` entries of `turns` again, each at its recorded time.
    ///
    /// # Errors
    /// The turn and entry (indices) of the first entry refused, and why.
    pub(crate) fn play_recorded(
        &mut self,
        turns: &[TurnRecord],
        count: usize,
    ) -> Result<(), (usize, usize, PlayError)> {
        let entries = turns.iter().enumerate().flat_map(|(t, turn)| {
            turn.entries
                .iter()
                .enumerate()
                .map(move |(e, entry)| (t, e, turn.player, entry))
        });
        for (t, e, player, entry) in entries.take(count) {
            let elapsed = Duration::from_millis(entry.elapsed_ms.unwrap_or(0));
            self.play_timed(Entry::new(player, entry.cell, entry.digit), elapsed)
                .map_err(|error| (t, e, error))?;
        }
        Ok(())
    }

    /// The grid is full: the players after the current one in the final round's order do not
    /// take part, and get +10.
    fn finish(&mut self) {
        self.over = true;
        for i in self.turn_in_round + 1..self.order.len() {
            let player = self.order[i];
            self.sheets[player].absent += ABSENT_BONUS;
            self.turns.push(self.turn_record(player, ABSENT_BONUS));
        }
    }

    /// The turns expected after the current one, as `(player, quota)`, up to `count` of them:
    /// the rest of this round, then the next rounds (the final round's order predicted from the
    /// current scores). The current turn is not included.
    pub fn upcoming_turns(&self, count: usize) -> Vec<(usize, u8)> {
        // At most one turn per empty cell: a larger `count` allocates nothing more.
        let mut out = Vec::with_capacity(count.min(usize::from(self.empty)));
        if self.over {
            return out;
        }
        let n = self.names.len();
        let mut empty = usize::from(self.empty) - usize::from(self.digits_left());
        for &p in &self.order[self.turn_in_round + 1..] {
            if out.len() == count || empty == 0 {
                return out;
            }
            out.push((p, self.quota));
            empty = empty.saturating_sub(usize::from(self.quota));
        }
        let mut round = self.round;
        let mut final_seen = self.final_round.is_some();
        while out.len() < count && empty > 0 {
            round += 1;
            let quota = self.options.challenge.quota(round);
            let order: Vec<usize> = if !final_seen && n * usize::from(quota) >= empty {
                final_seen = true;
                self.final_round_order()
            } else {
                (0..n).collect()
            };
            for p in order {
                if out.len() == count || empty == 0 {
                    break;
                }
                out.push((p, quota));
                empty = empty.saturating_sub(usize::from(quota));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng as _;
    use rand_pcg::Pcg64Mcg;

    use super::*;

    /// A puzzle with exactly `empty` empty cells: the first empty cells of a generated
    /// puzzle, the others filled with the solution's digits.
    fn puzzle_with_empty(empty: usize) -> SolvedPuzzle {
        let full = SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(3));
        let mut puzzle = full.solution().clone();
        let givens = full.puzzle();
        for cell in (0..81).filter(|&c| givens.get(c) == 0).take(empty) {
            puzzle.set(cell, 0).unwrap();
        }
        SolvedPuzzle::new(puzzle, full.solution().clone())
            .expect("a sub-puzzle of a unique puzzle is unique")
    }

    fn first(puzzle: &SolvedPuzzle, filled: bool) -> Cell {
        let grid = puzzle.puzzle();
        Cell::new((0..81).find(|&c| (grid.get(c) != 0) == filled).unwrap())
    }

    #[test]
    fn a_wrong_digit_is_corrected_and_uses_the_quota() {
        let puzzle = puzzle_with_empty(10);
        let mut game = Game::with_player_count(puzzle.clone(), 2, Options::default()).unwrap();
        let cell = first(&puzzle, false);
        let right = puzzle.solution().get(cell.index());
        let wrong = if right == 9 { 1 } else { right + 1 };
        let report = game.play(Entry::new(0, cell, wrong)).unwrap();
        assert!(!report.correct);
        assert_eq!(report.points, 0);
        assert_eq!(game.grid().get(cell.index()), right);
        assert!(report.turn_over);
        assert_eq!(game.to_move(), Some(1));
        assert_eq!(game.sheet(0).total(), 0);
    }

    #[test]
    fn errors_leave_the_game_unchanged() {
        let puzzle = puzzle_with_empty(10);
        let mut game = Game::with_player_count(puzzle.clone(), 2, Options::default()).unwrap();
        let before = game.clone();
        let filled = first(&puzzle, true);
        let empty = first(&puzzle, false);
        assert_eq!(
            game.play(Entry::new(1, empty, 1)),
            Err(PlayError::NotYourTurn {
                player: 1,
                to_move: 0
            })
        );
        assert_eq!(
            game.play(Entry::new(0, filled, 1)),
            Err(PlayError::CellOccupied {
                cell: filled,
                digit: puzzle.puzzle().get(filled.index())
            })
        );
        assert_eq!(
            game.play(Entry::new(0, Cell::new(81), 1)),
            Err(PlayError::CellOutOfRange {
                cell: Cell::new(81)
            })
        );
        assert_eq!(
            game.play(Entry::new(0, empty, 0)),
            Err(PlayError::DigitOutOfRange { digit: 0 })
        );
        assert_eq!(
            game.play(Entry::new(0, empty, 10)),
            Err(PlayError::DigitOutOfRange { digit: 10 })
        );
        assert_eq!(
            game.play(Entry::new(7, empty, 1)),
            Err(PlayError::UnknownPlayer {
                player: 7,
                players: 2
            })
        );
        assert_eq!(game, before);
    }

    #[test]
    fn legal_moves_are_every_digit_of_every_empty_cell() {
        let game = Game::with_player_count(puzzle_with_empty(7), 3, Options::default()).unwrap();
        let legal: Vec<Entry> = game.legal_moves().collect();
        assert_eq!(legal.len(), 7 * 9);
        assert!(legal.iter().all(|&e| game.is_legal(e) && e.player == 0));
    }

    #[test]
    fn times_count_in_whole_milliseconds_and_replay_alike() {
        let options = Options {
            chrono: crate::Chrono::With {
                limit: Duration::from_secs(10),
            },
            ..Options::default()
        };
        let puzzle = puzzle_with_empty(9);
        let cell = first(&puzzle, false);
        let digit = puzzle.solution().get(cell.index());
        for (elapsed, late, ms) in [
            (Duration::from_micros(10_000_400), true, 10_001),
            (Duration::from_millis(10_000), false, 10_000),
            (Duration::from_micros(9_999_200), false, 10_000),
        ] {
            let mut game = Game::with_player_count(puzzle.clone(), 2, options).unwrap();
            let report = game
                .play_timed(Entry::new(0, cell, digit), elapsed)
                .unwrap();
            assert_eq!(report.late, late, "{elapsed:?}");
            assert_eq!(game.turns()[0].entries[0].elapsed_ms, Some(ms));
            assert_eq!(game.record().replay().as_ref(), Ok(&game));
            assert!(game.undo().is_some());
        }
    }

    #[test]
    fn undo_takes_back_one_entry_at_a_time() {
        let mut game =
            Game::with_player_count(puzzle_with_empty(9), 3, Options::default()).unwrap();
        assert_eq!(game.undo(), None);
        let mut states = vec![game.clone()];
        let mut played = Vec::new();
        loop {
            let Some(entry) = game.legal_moves().nth(played.len() % 5) else {
                break;
            };
            game.play(entry).unwrap();
            played.push(entry);
            states.push(game.clone());
        }
        assert!(game.is_over());
        states.pop();
        while let Some(entry) = game.undo() {
            assert_eq!(Some(entry), played.pop());
            assert_eq!(Some(&game), states.last());
            states.pop();
        }
        assert!(played.is_empty() && states.is_empty());
    }
}
