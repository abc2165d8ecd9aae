//! Boards built for scenarios: a known solution with chosen cells emptied.

use defi_sudoku::{Board, Cells, Entry, EntryReport, Game, Options};

/// A valid solution grid: row r, column c holds (3r + r/3 + c) mod 9 + 1.
pub fn pattern() -> Cells {
    let mut cells = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            cells[r * 9 + c] = ((r * 3 + r / 3 + c) % 9 + 1) as u8;
        }
    }
    cells
}

/// The pattern with `blanks` emptied (must stay uniquely solvable; Board::new checks).
pub fn board(blanks: &[u8]) -> Board {
    let solution = pattern();
    let mut puzzle = solution;
    for &c in blanks {
        puzzle[usize::from(c)] = 0;
    }
    Board::new(puzzle, solution).expect("a uniquely solvable scenario board")
}

/// Cells of `rows` (0-based), every one: emptying whole rows keeps the solution unique (each
/// cell's column still holds the eight other digits).
pub fn rows(rows: &[u8]) -> Vec<u8> {
    rows.iter()
        .flat_map(|&r| (0..9).map(move |c| r * 9 + c))
        .collect()
}

/// A game on `blanks` with `players` players and `options`.
pub fn game(blanks: &[u8], players: usize, options: Options) -> Game {
    Game::with_player_count(board(blanks), players, options).expect("a valid setup")
}

/// The solution's digit of `cell`.
pub fn right(game: &Game, cell: u8) -> u8 {
    game.board().solution()[usize::from(cell)]
}

/// A digit that is not the solution's for `cell`.
pub fn wrong(game: &Game, cell: u8) -> u8 {
    right(game, cell) % 9 + 1
}

/// The player to move enters the right digit in `cell`.
pub fn play_right(game: &mut Game, cell: u8) -> EntryReport {
    let player = game.to_move().expect("the game is not over");
    let digit = right(game, cell);
    game.play(Entry::new(player, cell, digit))
        .expect("a legal entry")
}

/// The player to move enters a wrong digit in `cell`.
pub fn play_wrong(game: &mut Game, cell: u8) -> EntryReport {
    let player = game.to_move().expect("the game is not over");
    let digit = wrong(game, cell);
    game.play(Entry::new(player, cell, digit))
        .expect("a legal entry")
}

/// Options without handicap (so scores are only what the scenario plays).
pub fn no_handicap() -> Options {
    Options {
        handicap: defi_sudoku::Handicap::Without,
        ..Options::default()
    }
}
