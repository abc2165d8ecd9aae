//! Puzzles built for scenarios: a known solution with chosen cells emptied. Cells are given
//! by their row-major index (0–80).

use defi_sudoku::sudoku_core::{Cell, Grid, Shape};
use defi_sudoku::{Entry, EntryReport, Game, Options, SolvedPuzzle};
use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;

/// A valid solution grid: row r, column c holds (3r + r/3 + c) mod 9 + 1.
pub fn pattern() -> Grid {
    let digits: Vec<u8> = (0..81)
        .map(|i| {
            let (r, c) = (i / 9, i % 9);
            ((r * 3 + r / 3 + c) % 9 + 1) as u8
        })
        .collect();
    Grid::new(Shape::CLASSIC, digits).expect("digits 1-9")
}

/// `grid` with the cells `blanks` emptied.
pub fn without(grid: &Grid, blanks: &[usize]) -> Grid {
    let mut grid = grid.clone();
    for &c in blanks {
        grid.set(c, 0).expect("a cell of the grid");
    }
    grid
}

/// The pattern with `blanks` emptied (must stay uniquely solvable; SolvedPuzzle::new checks).
pub fn puzzle(blanks: &[usize]) -> SolvedPuzzle {
    let solution = pattern();
    SolvedPuzzle::new(without(&solution, blanks), solution)
        .expect("a uniquely solvable scenario puzzle")
}

/// The puzzle sudoku-core's generator draws from a generator seeded `seed`.
pub fn generated(seed: u64) -> SolvedPuzzle {
    SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(seed))
}

/// Cells of `rows` (0-based), every one: emptying whole rows keeps the solution unique (each
/// cell's column still holds the eight other digits).
pub fn rows(rows: &[usize]) -> Vec<usize> {
    rows.iter()
        .flat_map(|&r| (0..9).map(move |c| r * 9 + c))
        .collect()
}

/// A game on `blanks` with `players` players and `options`.
pub fn game(blanks: &[usize], players: usize, options: Options) -> Game {
    Game::with_player_count(puzzle(blanks), players, options).expect("a valid setup")
}

/// The solution's digit of `cell`.
pub fn right(game: &Game, cell: usize) -> u8 {
    game.puzzle().solution().get(cell)
}

/// A digit that is not the solution's for `cell`.
pub fn wrong(game: &Game, cell: usize) -> u8 {
    right(game, cell) % 9 + 1
}

/// The player to move enters the right digit in `cell`.
pub fn play_right(game: &mut Game, cell: usize) -> EntryReport {
    let player = game
        .to_act()
        .first()
        .copied()
        .expect("the game is not over");
    let digit = right(game, cell);
    game.play(Entry::new(player, Cell::new(cell), digit))
        .expect("a legal entry")
}

/// The player to move enters a wrong digit in `cell`.
pub fn play_wrong(game: &mut Game, cell: usize) -> EntryReport {
    let player = game
        .to_act()
        .first()
        .copied()
        .expect("the game is not over");
    let digit = wrong(game, cell);
    game.play(Entry::new(player, Cell::new(cell), digit))
        .expect("a legal entry")
}

/// The first empty cell of the game's grid.
pub fn first_empty(game: &Game) -> usize {
    game.grid()
        .cells()
        .iter()
        .position(|&d| d == 0)
        .expect("an empty cell")
}

/// Options without handicap (so scores are only what the scenario plays).
pub fn no_handicap() -> Options {
    Options {
        handicap: defi_sudoku::Handicap::Without,
        ..Options::default()
    }
}
