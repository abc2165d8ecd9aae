//! The state machine of a game: rounds, turns and quotas, entries, scoring, the final round.

use sudoku_core::Grid;

use crate::houses::cell_houses;
use crate::options::{FinalOrder, Options};
use crate::record::{Record, TurnRecord};
use crate::scoring::{ScoreSheet, Team, argmax_all, increasing_order, increasing_team_order};
use crate::setup::{self, SetupError, check};
use crate::solved_puzzle::SolvedPuzzle;

mod entry;
mod play;

pub use entry::{Entry, EntryReport, PlayError};

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
mod tests;
