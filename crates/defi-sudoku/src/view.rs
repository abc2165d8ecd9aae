//! What a player sees of a game: everything but the solution.

use sudoku_core::Grid;

use crate::game::Game;
use crate::options::Options;

/// A player's view of a game: the grid, whose turn it is, the quotas, the scores — and not the
/// solution, so a computer player given a `View` cannot peek at it. Défi Sudoku hides nothing
/// else, so every player's view is the same: [`Game::view`].
///
/// ```
/// use defi_sudoku::{Game, Options, SolvedPuzzle};
/// let puzzle: SolvedPuzzle =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let game = Game::with_player_count(puzzle, 3, Options::default())?;
/// let view = game.view();
/// assert_eq!(view.to_act(), [0]);
/// assert_eq!(view.upcoming_turns(3), [(1, 1), (2, 1), (0, 2)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    game: &'a Game,
}

impl<'a> View<'a> {
    pub(crate) fn new(game: &'a Game) -> View<'a> {
        View { game }
    }

    /// The grid as it stands.
    ///
    /// ```
    /// # use defi_sudoku::{Game, Options, SolvedPuzzle};
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::with_player_count(puzzle, 2, Options::default())?;
    /// assert_eq!(game.view().grid().get(0), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grid(&self) -> &'a Grid {
        self.game.grid()
    }

    /// Who may act now: the player to move, none once the game is over (as [`Game::to_act`]).
    ///
    /// ```
    /// # use defi_sudoku::{Game, Options, SolvedPuzzle};
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::with_player_count(puzzle, 2, Options::default())?;
    /// assert_eq!(game.view().to_act(), [0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_act(&self) -> Vec<usize> {
        self.game.to_act()
    }

    /// How many digits the player to move may still enter this turn.
    ///
    /// ```
    /// # use defi_sudoku::{Game, Options, SolvedPuzzle};
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::with_player_count(puzzle, 2, Options::default())?;
    /// assert_eq!(game.view().digits_left(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn digits_left(&self) -> u8 {
        self.game.digits_left()
    }

    /// Whether the player to move has already earned its completion bonus this turn.
    ///
    /// ```
    /// # use defi_sudoku::{Game, Options, SolvedPuzzle};
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::with_player_count(puzzle, 2, Options::default())?;
    /// assert!(!game.view().bonus_taken());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bonus_taken(&self) -> bool {
        self.game.bonus_taken()
    }

    /// The current round, from 1.
    ///
    /// ```
    /// # use defi_sudoku::{Game, Options, SolvedPuzzle};
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::with_player_count(puzzle, 2, Options::default())?;
    /// assert_eq!(game.view().round(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn round(&self) -> u32 {
        self.game.round()
    }

    /// The number of players.
    ///
    /// ```
    /// # use defi_sudoku::{Game, Options, SolvedPuzzle};
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::with_player_count(puzzle, 4, Options::default())?;
    /// assert_eq!(game.view().player_count(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn player_count(&self) -> usize {
        self.game.player_count()
    }

    /// The scores by player index.
    ///
    /// ```
    /// # use defi_sudoku::{Game, Options, SolvedPuzzle};
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::with_player_count(puzzle, 3, Options::default())?;
    /// assert_eq!(game.view().totals(), [0, 4, 6]); // the round-1 handicaps
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn totals(&self) -> Vec<u32> {
        self.game.totals()
    }

    /// The options.
    ///
    /// ```
    /// # use defi_sudoku::{Game, Options, SolvedPuzzle};
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::with_player_count(puzzle, 2, Options::default())?;
    /// assert_eq!(game.view().options().chrono.limit(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn options(&self) -> &'a Options {
        self.game.options()
    }

    /// How many cells are still empty.
    ///
    /// ```
    /// # use defi_sudoku::{Game, Options, SolvedPuzzle};
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::with_player_count(puzzle, 2, Options::default())?;
    /// assert_eq!(game.view().empty_cells(), 64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn empty_cells(&self) -> usize {
        self.game.empty_cells()
    }

    /// The turns after the current one: see [`Game::upcoming_turns`].
    ///
    /// ```
    /// # use defi_sudoku::{Game, Options, SolvedPuzzle};
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::with_player_count(puzzle, 2, Options::default())?;
    /// assert_eq!(game.view().upcoming_turns(1), [(1, 1)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn upcoming_turns(&self, count: usize) -> Vec<(usize, u8)> {
        self.game.upcoming_turns(count)
    }
}

impl Game {
    /// The view of the game a player gets: everything but the solution.
    ///
    /// ```
    /// # use defi_sudoku::{Game, Options, SolvedPuzzle};
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::with_player_count(puzzle, 2, Options::default())?;
    /// assert_eq!(game.view().grid(), game.grid());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn view(&self) -> View<'_> {
        View::new(self)
    }
}
