//! The saved form of a sudoku game ([`SudokuSave`]): plain data, read back into a
//! [`SudokuGame`] by [`SudokuGame::restore`], which checks it.
//!
//! The format is the one of the first version (digits as numbers, pencil marks as bit sets,
//! bit `d - 1` for digit `d`). That version let a player write a digit that a cell of the
//! same house held; such a digit is not the solution's, and a game saved with one comes back
//! without it.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sudoku_core::{Candidates, Cell, Geometry, Grid, Puzzle};
use sudoku_grade::Level;

use super::error::SaveError;
use super::game::{Snapshot, SudokuGame};
use super::rules::Rules;

/// The digits and pencil marks at one moment, as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSnapshot {
    /// The digits, row-major, 0 empty.
    pub values: Vec<u8>,
    /// The pencil marks (bit `d - 1` for digit `d`).
    pub marks: Vec<u32>,
}

/// A sudoku game as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SudokuSave {
    /// The rules.
    pub rules: Rules,
    /// The givens.
    pub puzzle: Grid,
    /// The unique solution.
    pub solution: Grid,
    /// The digits now (givens included), row-major, 0 empty.
    pub values: Vec<u8>,
    /// The pencil marks of each cell (bit `d - 1` for digit `d`).
    pub marks: Vec<u32>,
    /// Cells whose digit was revealed.
    pub revealed: Vec<Cell>,
    /// Earlier states, the last one most recent.
    pub undo: Vec<SavedSnapshot>,
    /// States undone, the last one undone first.
    pub redo: Vec<SavedSnapshot>,
    /// Time played, in milliseconds.
    pub elapsed_ms: u64,
    /// The puzzle's level, when rated.
    pub level: Option<Level>,
    /// The puzzle's score, when rated.
    pub score: Option<u32>,
    /// The seed it was generated from.
    pub seed: Option<u64>,
    /// Hints applied.
    pub hints: u32,
    /// The cursor.
    pub cursor: Cell,
    /// Whether digits go to the pencil marks.
    pub pencil: bool,
    /// Whether a digit written clears itself from the pencil marks of the cells it sees
    /// (on when a save does not say).
    #[serde(default = "on")]
    pub auto_clean: bool,
}

fn on() -> bool {
    true
}

fn saved(s: &Snapshot) -> SavedSnapshot {
    SavedSnapshot {
        values: s.board.cells().to_vec(),
        marks: s.marks.iter().map(|m| m.bits()).collect(),
    }
}

/// Reads saved digits and marks back: digits that clash with a cell of a house and are not
/// the solution's are dropped (see the module documentation).
fn snapshot(
    s: &SavedSnapshot,
    geometry: &Arc<Geometry>,
    givens: &Grid,
    solution: &Grid,
) -> Result<Snapshot, SaveError> {
    let n = givens.cells().len();
    let size = givens.size();
    for (what, found) in [("digits", s.values.len()), ("pencil marks", s.marks.len())] {
        if found != n {
            return Err(SaveError::Cells {
                what,
                found,
                expected: n,
            });
        }
    }
    if let Some(&digit) = s.values.iter().find(|&&v| usize::from(v) > size) {
        return Err(SaveError::Digit { digit, size });
    }
    for (i, &g) in givens.cells().iter().enumerate() {
        if g != 0 && s.values[i] != g {
            return Err(SaveError::GivenChanged {
                at: geometry.display_cell(Cell::new(i)),
            });
        }
    }
    let mut values = s.values.clone();
    for i in 0..n {
        let v = values[i];
        if v != 0
            && v != solution.get(i)
            && geometry
                .peers(Cell::new(i))
                .iter()
                .any(|p| values[p.index()] == v)
        {
            values[i] = 0;
        }
    }
    let grid = geometry.grid(values).map_err(|_| SaveError::Cells {
        what: "digits",
        found: s.values.len(),
        expected: n,
    })?;
    let board = Puzzle::new(grid, Arc::clone(geometry))?;
    let all = Candidates::all(size);
    let marks = (0..n)
        .map(|i| {
            if board.grid().get(i) == 0 {
                Candidates::from_bits(s.marks[i]) & all
            } else {
                Candidates::EMPTY
            }
        })
        .collect();
    Ok(Snapshot { board, marks })
}

impl SudokuGame {
    /// The game as saved.
    pub fn save(&self) -> SudokuSave {
        let now = saved(&Snapshot {
            board: self.board.clone(),
            marks: self.marks.clone(),
        });
        SudokuSave {
            rules: self.rules.clone(),
            puzzle: self.givens.grid().clone(),
            solution: self.solution.clone(),
            values: now.values,
            marks: now.marks,
            revealed: self.revealed.clone(),
            undo: self.undo.iter().map(saved).collect(),
            redo: self.redo.iter().map(saved).collect(),
            elapsed_ms: self.elapsed_ms,
            level: self.level,
            score: self.score,
            seed: self.seed,
            hints: self.hints,
            cursor: self.cursor,
            pencil: self.pencil,
            auto_clean: self.auto_clean,
        }
    }

    /// Checks a saved game and rebuilds it.
    ///
    /// # Errors
    /// [`SaveError`]: what does not add up.
    pub fn restore(save: SudokuSave) -> Result<SudokuGame, SaveError> {
        let shape = save.puzzle.shape();
        let geometry = save.rules.geometry(shape)?;
        let givens = Puzzle::new(save.puzzle.clone(), Arc::clone(&geometry))?;
        if save.solution.shape() != shape
            || !geometry.is_solution(save.solution.cells())
            || !save.puzzle.is_subset_of(&save.solution)
        {
            return Err(SaveError::Solution);
        }
        let n = geometry.cell_count();
        if save.cursor.index() >= n {
            return Err(SaveError::OffGrid { what: "the cursor" });
        }
        if save.revealed.iter().any(|c| c.index() >= n) {
            return Err(SaveError::OffGrid {
                what: "a revealed cell",
            });
        }
        let read = |s: &SavedSnapshot| snapshot(s, &geometry, &save.puzzle, &save.solution);
        let now = read(&SavedSnapshot {
            values: save.values.clone(),
            marks: save.marks.clone(),
        })?;
        let undo = save.undo.iter().map(read).collect::<Result<Vec<_>, _>>()?;
        let redo = save.redo.iter().map(read).collect::<Result<Vec<_>, _>>()?;
        let mut game = SudokuGame {
            rules: save.rules.clone(),
            givens,
            board: now.board,
            solution: save.solution,
            marks: now.marks,
            revealed: save.revealed,
            undo,
            redo,
            elapsed_ms: save.elapsed_ms,
            level: save.level,
            score: save.score,
            seed: save.seed,
            hints: save.hints,
            cursor: save.cursor,
            pencil: save.pencil,
            auto_clean: save.auto_clean,
            paused: false,
        };
        let grid = game.board.grid().clone();
        game.revealed.retain(|c| grid.get(c.index()) != 0);
        Ok(game)
    }
}
