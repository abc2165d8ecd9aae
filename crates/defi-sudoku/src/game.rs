//! The state machine of a game: rounds, turns and quotas, entries, scoring, the final round.

use core::time::Duration;

use sudoku_core::{Cell, Grid, House, HouseKind, Shape};

use crate::houses::{cell_houses, classic};
use crate::options::{FinalOrder, Options};
use crate::record::{EntryRecord, Record, TurnRecord};
use crate::scoring::{
    ABSENT_BONUS, COMPLETION_BONUS, ScoreSheet, Team, argmax_all, increasing_order,
    increasing_team_order,
};
use crate::setup::{self, SetupError, check};
use crate::solved_puzzle::SolvedPuzzle;

/// One digit entered by a player: which player, which cell (0–80, row-major), which value.
///
/// This is the game's move: [`Game::check`], [`Game::is_legal`], [`Game::legal_moves`],
/// [`Game::play`] and [`Game::undo`] take or give one. Its serialized form keeps the key
/// `"digit"` for the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Entry {
    /// The player entering the digit (0-based index in the initial order).
    pub player: usize,
    /// The cell, 0–80 row-major.
    pub cell: Cell,
    /// The digit entered, 1–9.
    #[cfg_attr(feature = "serde", serde(rename = "digit"))]
    pub value: u8,
}

impl Entry {
    /// An entry of `value` in `cell` by `player`.
    ///
    /// ```
    /// use defi_sudoku::Entry;
    /// use defi_sudoku::sudoku_core::Cell;
    /// let entry = Entry::new(1, Cell::new(10), 7);
    /// assert_eq!((entry.player, entry.cell.index(), entry.value), (1, 10, 7));
    /// ```
    pub const fn new(player: usize, cell: Cell, value: u8) -> Entry {
        Entry {
            player,
            cell,
            value,
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
    /// The digit entered (the key `"digit"` in its serialized form).
    #[cfg_attr(feature = "serde", serde(rename = "digit"))]
    pub value: u8,
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
///
/// The messages name players by name and cells as `r1c2`:
///
/// ```
/// use defi_sudoku::{Entry, Game, Options, PlayError, SolvedPuzzle};
/// use defi_sudoku::sudoku_core::Cell;
///
/// let puzzle: SolvedPuzzle =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
/// let error = game.check(Entry::new(1, Cell::new(1), 5)).unwrap_err();
/// assert_eq!(error.to_string(), "Bob cannot play: it is Ann's turn");
/// let error = game.check(Entry::new(0, Cell::new(0), 5)).unwrap_err();
/// assert_eq!(error, PlayError::CellOccupied { cell: Cell::new(0), value: 4 });
/// assert_eq!(error.to_string(), "r1c1 already holds 4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
    #[error("{name} cannot play: it is {to_move_name}'s turn")]
    NotYourTurn {
        /// The player who tried to play (index).
        player: usize,
        /// That player's name.
        name: String,
        /// The player to move (index).
        to_move: usize,
        /// The name of the player to move.
        to_move_name: String,
    },
    /// The cell is not 0–80.
    #[error("cell {} is not on the 9×9 grid (cells are 0 to 80)", .cell.index())]
    CellOutOfRange {
        /// The cell given.
        cell: Cell,
    },
    /// The digit is not 1–9.
    #[error("cannot enter {value} in {}: a digit is 1 to 9", .cell.display(Shape::CLASSIC))]
    DigitOutOfRange {
        /// The cell given.
        cell: Cell,
        /// The digit given.
        value: u8,
    },
    /// The cell already holds a digit.
    #[error("{} already holds {value}", .cell.display(Shape::CLASSIC))]
    CellOccupied {
        /// The cell given.
        cell: Cell,
        /// The digit it holds.
        value: u8,
    },
}

/// A game of Défi Sudoku in progress (or over): the one state of the game, played by
/// [`Entry`] moves (it implements [`grilles_game::GameState`] with the same methods).
///
/// A [`Game`] starts from a [`SolvedPuzzle`], the players' names in their initial order and
/// the [`Options`]. Each round every player takes a turn in which it enters its quota of digits
/// (fewer if the grid runs out), one [`Entry`] at a time through [`Game::play`]. The game is
/// over when the grid is full.
///
/// # The rules
///
/// Those of "La jeune histoire du Défi Sudoku en famille ou entre amis":
/// - round `r`'s quota is `options.challenge.quota(r)`;
/// - a correct digit scores its face value; a wrong one is corrected (the cell receives the
///   solution's digit), scores nothing and cannot earn a bonus, but uses one of the quota;
/// - completing a row, a column or a box earns +10, at most 10 per turn (a player has one turn
///   per round, so this is the rules' "maximum 10 points per round");
/// - handicaps (the rules' +4, +6, +8, +10 for players #2–#5, or the balanced or custom
///   points of [`Handicap`](crate::Handicap)) are credited when the game starts and recorded
///   in each player's round-1 turn;
/// - the final round is the first round whose quotas, added up over the players, reach the
///   number of empty cells at its start; its order is set then by [`FinalOrder`] (in a team
///   game: still A, B, A, B, each team's players lowest score first); players whose
///   turn would come after the grid is full do not take part and get +10;
/// - with the chrono, entries made after the turn's time limit score nothing (see
///   [`Chrono`](crate::Chrono)).
///
/// # Example
///
/// ```
/// use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
/// use sudoku_core::Cell;
///
/// let puzzle: SolvedPuzzle =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let mut game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
/// assert_eq!(game.to_act(), [0]);
/// assert_eq!(game.digits_left(), 1); // round 1 of the regular challenge: one digit each
///
/// // Ann enters the right digit of r1c2.
/// let cell = Cell::new(1);
/// let value = game.puzzle().solution().get(cell.index());
/// let report = game.play(Entry::new(0, cell, value))?;
/// assert!(report.correct && report.turn_over);
/// assert_eq!(game.sheet(0).face, u32::from(value));
/// assert_eq!(game.to_act(), [1]);
/// // Bob has a +4 handicap from the start.
/// assert_eq!(game.sheet(1).handicap, 4);
///
/// // Taken back: the game is as it was.
/// assert_eq!(game.undo(), Some(Entry::new(0, cell, value)));
/// assert_eq!((game.to_act(), game.sheet(0).face), (vec![0], 0));
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
    /// The fewest players of a game: 2.
    pub const MIN_PLAYERS: usize = setup::MIN_PLAYERS;
    /// The most players of a game: 5.
    pub const MAX_PLAYERS: usize = setup::MAX_PLAYERS;
    /// The longest player's name, in bytes of UTF-8 (names come from outside: records,
    /// servers): 100.
    pub const MAX_NAME_LEN: usize = setup::MAX_NAME_LEN;

    /// Starts a game on `puzzle` (what is played on first, as every game state of the
    /// workspace takes it) between `players` (names, in the initial order) with
    /// `options`.
    ///
    /// # Errors
    /// [`SetupError`] for fewer than [`Game::MIN_PLAYERS`] or more than [`Game::MAX_PLAYERS`]
    /// players, teams without 4 players, a chrono limit of zero or above
    /// [`Chrono::MAX_LIMIT`](crate::Chrono::MAX_LIMIT), handicap points above
    /// [`Handicap::MAX_POINTS`](crate::Handicap::MAX_POINTS), or a name longer than
    /// [`Game::MAX_NAME_LEN`].
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.players(), ["Ann", "Bob"]);
    /// let alone = Game::new(game.puzzle().clone(), ["Ann"], Options::default());
    /// assert_eq!(alone.unwrap_err().to_string(), "a game takes 2 to 5 players, not 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
            .find(|(_, n)| n.len() > Game::MAX_NAME_LEN)
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
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::with_player_count(puzzle, 3, Options::default())?;
    /// assert_eq!(game.players(), ["Player 1", "Player 2", "Player 3"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.puzzle().empty_cells(), 64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn puzzle(&self) -> &SolvedPuzzle {
        &self.puzzle
    }

    /// The options.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(*game.options(), Options::default());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The players' names, in the initial order.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.players()[1], "Bob");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn players(&self) -> &[String] {
        &self.names
    }

    /// The number of players.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.player_count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn player_count(&self) -> usize {
        self.names.len()
    }

    /// The grid as it stands (givens, entries and corrections).
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.grid(), game.puzzle().puzzle()); // no entry yet
    /// game.play(Entry::new(0, Cell::new(1), 1))?; // wrong or right, the cell gets the solution's
    /// assert_eq!(game.grid().get(1), game.puzzle().solution().get(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// How many cells are still empty.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.empty_cells(), 64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn empty_cells(&self) -> usize {
        usize::from(self.empty)
    }

    /// The current round, from 1 (the last round once the game is over).
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.round(), 1);
    /// game.play(Entry::new(0, Cell::new(1), 1))?;
    /// game.play(Entry::new(1, Cell::new(2), 1))?;
    /// assert_eq!(game.round(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The quota of digits per player in the current round.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.quota(), 1); // the regular challenge: 1, 2, 3, 1, 2, 3, …
    /// game.play(Entry::new(0, Cell::new(1), 1))?;
    /// game.play(Entry::new(1, Cell::new(2), 1))?;
    /// assert_eq!(game.quota(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn quota(&self) -> u8 {
        self.quota
    }

    /// How many digits the player to move may still enter this turn (0 once the game is over):
    /// its quota minus the digits already entered, and no more than the empty cells.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// game.play(Entry::new(0, Cell::new(1), 1))?;
    /// game.play(Entry::new(1, Cell::new(2), 1))?;
    /// assert_eq!(game.digits_left(), 2); // round 2: Ann enters two digits
    /// game.play(Entry::new(0, Cell::new(3), 1))?;
    /// assert_eq!((game.to_act(), game.digits_left()), (vec![0], 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn digits_left(&self) -> u8 {
        if self.over {
            0
        } else {
            (self.quota - self.used).min(self.empty)
        }
    }

    /// Who may act now: the player to move (one index in the initial order), none once the
    /// game is over.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.to_act(), [0]);
    /// game.play(Entry::new(0, Cell::new(1), 1))?;
    /// assert_eq!(game.to_act(), [1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_act(&self) -> Vec<usize> {
        self.player_to_move().into_iter().collect()
    }

    /// The player to move, `None` once the game is over.
    pub(crate) fn player_to_move(&self) -> Option<usize> {
        (!self.over).then(|| self.order[self.turn_in_round])
    }

    /// The order of the current round (player indices).
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.round_order(), [0, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn round_order(&self) -> &[usize] {
        &self.order
    }

    /// The final round's number, once it has begun.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.final_round(), None); // 64 empty cells: far from the end
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn final_round(&self) -> Option<u32> {
        self.final_round
    }

    /// Whether the current round is the final round.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert!(!game.is_final_round());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_final_round(&self) -> bool {
        self.final_round == Some(self.round)
    }

    /// Whether the player to move has already earned its completion bonus this turn.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert!(!game.bonus_taken());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bonus_taken(&self) -> bool {
        self.bonus_taken
    }

    /// Whether the grid is full.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert!(!game.is_over());
    /// use rand::SeedableRng;
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    /// let mut table = ["greedy", "greedy"].map(|name| defi_sudoku::bot::by_name(name).unwrap());
    /// defi_sudoku::bot::play_out(&mut game, &mut table, &mut rng)?;
    /// assert!(game.is_over() && game.to_act().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// A player's points by source (an empty sheet for a player not below
    /// [`Game::player_count`]).
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.sheet(1).handicap, 4);
    /// assert_eq!(game.sheet(9), defi_sudoku::ScoreSheet::default());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sheet(&self, player: usize) -> ScoreSheet {
        self.sheets.get(player).copied().unwrap_or_default()
    }

    /// Every player's points by source, by player index.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.sheets().iter().map(|s| s.handicap).collect::<Vec<_>>(), [0, 4]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sheets(&self) -> &[ScoreSheet] {
        &self.sheets
    }

    /// The scores (totals) by player index.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.totals(), [0, 4]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn totals(&self) -> Vec<u32> {
        self.sheets.iter().map(ScoreSheet::total).collect()
    }

    /// The team of a player in a two-against-two game (`None` without teams).
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// use defi_sudoku::Team;
    /// let teams = Options { teams: true, ..Options::default() };
    /// let four = Game::with_player_count(game.puzzle().clone(), 4, teams)?;
    /// assert_eq!((four.team_of(0), four.team_of(1)), (Some(Team::A), Some(Team::B)));
    /// assert_eq!(game.team_of(0), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn team_of(&self, player: usize) -> Option<Team> {
        self.options.teams.then(|| Team::of_seat(player))
    }

    /// The teams' totals `[A, B]` in a two-against-two game.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// let teams = Options { teams: true, ..Options::default() };
    /// let four = Game::with_player_count(game.puzzle().clone(), 4, teams)?;
    /// assert_eq!(four.team_totals(), Some([6, 4 + 8])); // the round-1 handicaps
    /// assert_eq!(game.team_totals(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.leaders(), [1]); // Bob's +4
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// use defi_sudoku::Team;
    /// let teams = Options { teams: true, ..Options::default() };
    /// let four = Game::with_player_count(game.puzzle().clone(), 4, teams)?;
    /// assert_eq!(four.leading_teams(), [Team::B]);
    /// assert!(game.leading_teams().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// game.play(Entry::new(0, Cell::new(1), 1))?;
    /// assert_eq!(game.turns().len(), 2); // Ann's, and Bob's under way
    /// assert_eq!((game.turns()[0].player, game.turns()[0].entries.len()), (0, 1));
    /// assert_eq!(game.turns()[1].handicap, 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn turns(&self) -> &[TurnRecord] {
        &self.turns
    }

    /// The complete record of the game, from which [`Record::replay`] rebuilds it.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// game.play(Entry::new(0, Cell::new(1), 1))?;
    /// let record = game.record();
    /// assert_eq!(record.players, ["Ann", "Bob"]);
    /// assert_eq!(record.replay()?, game);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record(&self) -> Record {
        Record::of_game(self)
    }

    /// The grid just before entry `entry` of turn `turn` (indices into [`Game::turns`] and
    /// its entries), or `None` if there is no such entry. This is the position from which to
    /// explain why the entry is right.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// game.play(Entry::new(0, Cell::new(1), 1))?;
    /// assert_eq!(game.grid_before(0, 0).as_ref(), Some(game.puzzle().puzzle()));
    /// assert_eq!(game.grid_before(0, 1), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.check(Entry::new(0, Cell::new(1), 1)), Ok(()));
    /// assert!(game.check(Entry::new(0, Cell::new(0), 1)).is_err()); // r1c1 holds a 4
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
                name: self.names[entry.player].clone(),
                to_move,
                to_move_name: self.names[to_move].clone(),
            });
        }
        if entry.cell.index() >= 81 {
            return Err(PlayError::CellOutOfRange { cell: entry.cell });
        }
        if !(1..=9).contains(&entry.value) {
            return Err(PlayError::DigitOutOfRange {
                cell: entry.cell,
                value: entry.value,
            });
        }
        let held = self.grid.get(entry.cell.index());
        if held != 0 {
            return Err(PlayError::CellOccupied {
                cell: entry.cell,
                value: held,
            });
        }
        Ok(())
    }

    /// Whether [`Game::play`] would accept the entry.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert!(game.is_legal(Entry::new(0, Cell::new(1), 9)));
    /// assert!(!game.is_legal(Entry::new(1, Cell::new(1), 9))); // not Bob's turn
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_legal(&self, entry: Entry) -> bool {
        self.check(entry).is_ok()
    }

    /// The legal entries of the player to move: every digit 1–9 in every empty cell (a wrong
    /// digit is legal: it is corrected and scores nothing), cell by cell in row-major order.
    /// Empty once the game is over.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// let moves = game.legal_moves();
    /// assert_eq!(moves.len(), 64 * 9);
    /// assert!(moves.iter().all(|&m| m.player == 0 && game.is_legal(m)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self) -> Vec<Entry> {
        let Some(player) = self.player_to_move() else {
            return Vec::new();
        };
        let mut moves = Vec::with_capacity(usize::from(self.empty) * 9);
        for cell in Shape::CLASSIC.cells() {
            if self.grid.get(cell.index()) == 0 {
                moves.extend((1..=9).map(|value| Entry::new(player, cell, value)));
            }
        }
        moves
    }

    /// Plays an entry made in time (no chrono, or within the limit) and reports what it did.
    ///
    /// The game is changed in place and an error leaves it untouched (see the crate docs,
    /// "Playing, checking, undoing", for why this is not shakmaty's by-value `play`).
    ///
    /// # Errors
    /// [`PlayError`] when the game is over, the player is not to move, the cell or digit is
    /// out of range, or the cell is filled. The game is then unchanged.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// let right = game.puzzle().solution().get(1);
    /// let report = game.play(Entry::new(0, Cell::new(1), right))?;
    /// assert_eq!((report.correct, report.points), (true, u32::from(right)));
    /// let refused = game.play(Entry::new(1, Cell::new(2), 10)).unwrap_err();
    /// assert_eq!(refused.to_string(), "cannot enter 10 in r1c3: a digit is 1 to 9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// use core::time::Duration;
    /// use defi_sudoku::Chrono;
    /// let options = Options { chrono: Chrono::With { limit: Duration::from_secs(30) }, ..Options::default() };
    /// let mut game = Game::new(puzzle, ["Ann", "Bob"], options)?;
    /// let right = game.puzzle().solution().get(1);
    /// let report = game.play_timed(Entry::new(0, Cell::new(1), right), Duration::from_secs(31))?;
    /// assert!(report.correct && report.late && report.points == 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_timed(
        &mut self,
        entry: Entry,
        elapsed: Duration,
    ) -> Result<EntryReport, PlayError> {
        self.check(entry)?;
        let cell = entry.cell.index();
        let solution = self.puzzle.solution().get(cell);
        let correct = entry.value == solution;
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
        let points = if counts { u32::from(entry.value) } else { 0 };
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
            value: entry.value,
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
            value: entry.value,
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
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.undo(), None);
    /// let before = game.clone();
    /// game.play(Entry::new(0, Cell::new(1), 1))?;
    /// assert_eq!(game.undo(), Some(Entry::new(0, Cell::new(1), 1)));
    /// assert_eq!(game, before);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
        Some(Entry::new(player, last.cell, last.value))
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
            self.play_timed(Entry::new(player, entry.cell, entry.value), elapsed)
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
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// // Bob's round-1 turn, then Ann's round-2 turn of 2 digits.
    /// assert_eq!(game.upcoming_turns(2), [(1, 1), (0, 2)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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

/// The one state shape of the workspace's games (see [`grilles_game::GameState`]): the same
/// methods as [`Game`]'s own, for code written once for every game.
///
/// ```
/// use defi_sudoku::{Game, Options, SolvedPuzzle};
/// use grilles_game::{GameState, Limits, perft};
///
/// let puzzle: SolvedPuzzle =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let game = Game::with_player_count(puzzle, 2, Options::default())?;
/// assert_eq!(GameState::to_act(&game), [0]);
/// // Every digit of every empty cell.
/// assert_eq!(perft(&game, 1, &Limits::new())?, 64 * 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl grilles_game::GameState for Game {
    type Move = Entry;
    type Player = usize;
    type Report = EntryReport;
    type Error = PlayError;

    fn to_act(&self) -> Vec<usize> {
        Game::to_act(self)
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn legal_moves(&self) -> Vec<Entry> {
        Game::legal_moves(self)
    }

    fn check(&self, m: Entry) -> Result<(), PlayError> {
        Game::check(self, m)
    }

    fn play(&mut self, m: Entry) -> Result<EntryReport, PlayError> {
        Game::play(self, m)
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
        assert_eq!(game.to_act(), [1]);
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
                name: "Player 2".into(),
                to_move: 0,
                to_move_name: "Player 1".into(),
            })
        );
        assert_eq!(
            game.play(Entry::new(0, filled, 1)),
            Err(PlayError::CellOccupied {
                cell: filled,
                value: puzzle.puzzle().get(filled.index())
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
            Err(PlayError::DigitOutOfRange {
                cell: empty,
                value: 0
            })
        );
        assert_eq!(
            game.play(Entry::new(0, empty, 10)),
            Err(PlayError::DigitOutOfRange {
                cell: empty,
                value: 10
            })
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
        let legal: Vec<Entry> = game.legal_moves();
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
            let Some(&entry) = game.legal_moves().get(played.len() % 5) else {
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
