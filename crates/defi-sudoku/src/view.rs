//! What a player sees of a game: everything but the solution.

use sudoku_core::Grid;

use crate::game::Game;
use crate::options::Options;

/// A player's view of a game: the grid, whose turn it is, the quotas, the scores — and not the
/// solution, so a computer player given a `View` cannot peek at it.
///
/// ```
/// use defi_sudoku::{Game, Options, SolvedPuzzle};
/// let puzzle: SolvedPuzzle =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let game = Game::with_player_count(puzzle, 3, Options::default())?;
/// let view = game.view();
/// assert_eq!(view.to_move(), Some(0));
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
    pub fn grid(&self) -> &'a Grid {
        self.game.grid()
    }

    /// The player to move, or `None` once the game is over.
    pub fn to_move(&self) -> Option<usize> {
        self.game.to_move()
    }

    /// How many digits the player to move may still enter this turn.
    pub fn digits_left(&self) -> u8 {
        self.game.digits_left()
    }

    /// Whether the player to move has already earned its completion bonus this turn.
    pub fn bonus_taken(&self) -> bool {
        self.game.bonus_taken()
    }

    /// The current round, from 1.
    pub fn round(&self) -> u32 {
        self.game.round()
    }

    /// The number of players.
    pub fn player_count(&self) -> usize {
        self.game.player_count()
    }

    /// The scores by player index.
    pub fn totals(&self) -> Vec<u32> {
        self.game.totals()
    }

    /// The options.
    pub fn options(&self) -> &'a Options {
        self.game.options()
    }

    /// How many cells are still empty.
    pub fn empty_cells(&self) -> usize {
        self.game.empty_cells()
    }

    /// The turns after the current one: see [`Game::upcoming_turns`].
    pub fn upcoming_turns(&self, count: usize) -> Vec<(usize, u8)> {
        self.game.upcoming_turns(count)
    }
}

impl Game {
    /// The view of the game a player gets: everything but the solution.
    pub fn view(&self) -> View<'_> {
        View::new(self)
    }
}
