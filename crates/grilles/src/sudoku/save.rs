//! The saved form of a sudoku game ([`SudokuSave`]): plain data, read back into a
//! [`SudokuGame`] by [`SudokuGame::restore`], which checks it.
//!
//! The format is the one of the first version (digits as numbers, pencil marks as bit sets,
//! bit `d - 1` for digit `d`). That version let a player write a digit that a cell of the
//! same house held; such a digit is not the solution's, and a game saved with one comes back
//! without it.
//!
//! A save is outside data: its lists are capped as they are read (at most 625 digits, pencil
//! marks or revealed cells, the cells of the largest grid, refused beyond), and its history
//! keeps the last [`MAX_UNDO`] states of each list, as play does: older undo steps (and redo
//! steps farther from the position) are dropped, both when the file is read and by
//! [`SudokuGame::restore`].

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sudoku_core::{Candidates, Cell, Geometry, Grid, Puzzle};
use sudoku_grade::Level;

use super::error::SaveError;
use super::game::{MAX_UNDO, Snapshot, SudokuGame};
use super::rules::Rules;

/// The digits and pencil marks at one moment, as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSnapshot {
    /// The digits, row-major, 0 empty.
    #[serde(deserialize_with = "caps::cells")]
    pub values: Vec<u8>,
    /// The pencil marks (bit `d - 1` for digit `d`).
    #[serde(deserialize_with = "caps::cells")]
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
    #[serde(deserialize_with = "caps::cells")]
    pub values: Vec<u8>,
    /// The pencil marks of each cell (bit `d - 1` for digit `d`).
    #[serde(deserialize_with = "caps::cells")]
    pub marks: Vec<u32>,
    /// Cells whose digit was revealed.
    #[serde(deserialize_with = "caps::cells")]
    pub revealed: Vec<Cell>,
    /// Earlier states, the last one most recent. Only the last [`MAX_UNDO`] are read (and
    /// restored).
    #[serde(deserialize_with = "caps::last_steps")]
    pub undo: Vec<SavedSnapshot>,
    /// States undone, the last one undone first. Only the last [`MAX_UNDO`] are read (and
    /// restored).
    #[serde(deserialize_with = "caps::last_steps")]
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

/// The caps of the lists of a save, applied as they are read.
mod caps {
    use serde::de::{Deserialize, Deserializer};
    use sudoku_core::Shape;

    use super::{MAX_UNDO, SavedSnapshot};

    /// A list of cells' digits, marks or indices: at most the cells of the largest grid.
    pub(super) fn cells<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
    where
        D: Deserializer<'de>,
        T: Deserialize<'de>,
    {
        grilles_game::capped::vec(d, Shape::MAX_SIZE * Shape::MAX_SIZE, "cells")
    }

    /// A history: its last [`MAX_UNDO`] states.
    pub(super) fn last_steps<'de, D>(d: D) -> Result<Vec<SavedSnapshot>, D::Error>
    where
        D: Deserializer<'de>,
    {
        grilles_game::capped::last(d, MAX_UNDO, "states")
    }
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

    /// Checks a saved game and rebuilds it. Of each history list only the last [`MAX_UNDO`]
    /// states are kept (the most recent undo steps, the next redo steps), as play keeps them.
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
        let last = |list: &[SavedSnapshot]| list.len().saturating_sub(MAX_UNDO);
        let undo = save.undo[last(&save.undo)..]
            .iter()
            .map(read)
            .collect::<Result<Vec<_>, _>>()?;
        let redo = save.redo[last(&save.redo)..]
            .iter()
            .map(read)
            .collect::<Result<Vec<_>, _>>()?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    /// The largest save a game writes (a 25×25 grid, every cell's marks full, the whole
    /// history) fits the store's limit. Saves grow by the same bytes for each step of
    /// history, so two sizes give them all.
    #[test]
    fn the_largest_save_fits_the_store_limit() {
        let shape = sudoku_core::Shape::new(5, 5).unwrap();
        let cells = shape.cell_count();
        let grid = Grid::new(shape, vec![25; cells]).unwrap();
        let step = SavedSnapshot {
            values: vec![25; cells],
            marks: vec![(1 << 25) - 1; cells],
        };
        let save = |steps: usize| SudokuSave {
            rules: Rules::default(),
            puzzle: grid.clone(),
            solution: grid.clone(),
            values: step.values.clone(),
            marks: step.marks.clone(),
            revealed: (0..cells).map(Cell::new).collect(),
            undo: vec![step.clone(); steps],
            redo: Vec::new(),
            elapsed_ms: u64::MAX,
            level: Some(Level::Intermediate),
            score: Some(u32::MAX),
            seed: Some(u64::MAX),
            hints: u32::MAX,
            cursor: Cell::new(cells - 1),
            pencil: true,
            auto_clean: true,
        };
        let size = |steps| serde_json::to_string_pretty(&save(steps)).unwrap().len() as u64;
        let (one, two) = (size(1), size(2));
        let largest = one + (two - one) * (MAX_UNDO as u64 - 1);
        println!("largest save: {largest} bytes ({} a step)", two - one);
        assert!(largest < Store::MAX_FILE_LEN, "{largest}");
    }
}
