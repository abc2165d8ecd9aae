//! [`SudokuGame`]: a puzzle being played. Its digits are a [`Puzzle`] of sudoku-core, changed
//! by that puzzle's checked [`Fill`] moves; its pencil marks are [`Candidates`], one set a
//! cell, as the player wrote them; hints come from sudoku-grade's pencil-mark grid
//! ([`MarkedGrid`]) built from both when they are asked for.
//!
//! The marks are not kept as a [`MarkedGrid`]: that type holds a cell's *candidates* (a
//! cell without marks has every candidate, a digit placed removes itself from its peers'
//! candidates, a cell cannot be left without one), where a player's marks may be empty,
//! may keep a digit a peer holds (with automatic clean-up off), and must come back as they
//! were written after an undo. It is built on demand, for a hint.

use std::sync::Arc;
use std::time::Duration;

use sudoku_core::{Candidates, Cell, Fill, Geometry, Grid, PlayError, Puzzle, Shape};
use sudoku_grade::{Level, MarkedGrid};

use super::error::{HintError, MoveError, SaveError};
use super::rules::{self, Rules};

/// The longest undo history kept.
pub const MAX_UNDO: usize = 2000;

/// The digits and pencil marks at one moment, for undo and redo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The digits.
    pub board: Puzzle,
    /// The pencil marks of each cell.
    pub marks: Vec<Candidates>,
}

/// A new puzzle, from the generator or typed in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewPuzzle {
    /// The rules.
    pub rules: Rules,
    /// The givens, under the rules.
    pub puzzle: Puzzle,
    /// The solution.
    pub solution: Grid,
    /// Its level, when rated.
    pub level: Option<Level>,
    /// Its score, when rated.
    pub score: Option<u32>,
    /// The generator's seed.
    pub seed: Option<u64>,
}

/// A sudoku being played: everything needed to go on exactly where it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SudokuGame {
    pub(super) rules: Rules,
    pub(super) givens: Puzzle,
    pub(super) board: Puzzle,
    pub(super) solution: Grid,
    pub(super) marks: Vec<Candidates>,
    pub(super) revealed: Vec<Cell>,
    pub(super) undo: Vec<Snapshot>,
    pub(super) redo: Vec<Snapshot>,
    /// Time played, in milliseconds.
    pub elapsed_ms: u64,
    pub(super) level: Option<Level>,
    pub(super) score: Option<u32>,
    pub(super) seed: Option<u64>,
    pub(super) hints: u32,
    pub(super) cursor: Cell,
    /// Whether digits go to the pencil marks.
    pub pencil: bool,
    /// Whether a digit written removes itself from the pencil marks of the cells it sees
    /// (and goes back in them when it is cleared).
    pub auto_clean: bool,
    /// Whether the game is paused (the clock stopped, the grid hidden).
    pub paused: bool,
}

impl SudokuGame {
    /// A new game on a puzzle.
    ///
    /// # Errors
    /// [`SaveError::Solution`] when `solution` does not solve the puzzle.
    pub fn new(p: NewPuzzle) -> Result<SudokuGame, SaveError> {
        let geometry = p.puzzle.geometry();
        if p.solution.shape() != p.puzzle.grid().shape()
            || !geometry.is_solution(p.solution.cells())
            || !p.puzzle.grid().is_subset_of(&p.solution)
        {
            return Err(SaveError::Solution);
        }
        let n = p.puzzle.cells().len();
        Ok(SudokuGame {
            rules: p.rules,
            board: p.puzzle.clone(),
            givens: p.puzzle,
            solution: p.solution,
            marks: vec![Candidates::EMPTY; n],
            revealed: Vec::new(),
            undo: Vec::new(),
            redo: Vec::new(),
            elapsed_ms: 0,
            level: p.level,
            score: p.score,
            seed: p.seed,
            hints: 0,
            cursor: Cell::new(0),
            pencil: false,
            auto_clean: true,
            paused: false,
        })
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The number of cells (a Samurai has 369).
    pub fn cell_count(&self) -> usize {
        self.marks.len()
    }

    /// Every cell.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        (0..self.marks.len()).map(Cell::new)
    }

    /// The rows and columns of the frame the cells sit in (N × N, or the Samurai's 21 × 21
    /// with holes).
    pub fn frame(&self) -> (usize, usize) {
        match self.geometry().layout() {
            Some(l) => (l.rows(), l.cols()),
            None => (self.size(), self.size()),
        }
    }

    /// The cell at a row and column of the frame (`None` for a hole).
    pub fn cell_at(&self, row: usize, col: usize) -> Option<Cell> {
        match self.geometry().layout() {
            Some(l) => l.cell_at(row, col),
            None => {
                let n = self.size();
                (row < n && col < n).then(|| self.shape().cell(row, col))
            }
        }
    }

    /// The row and column of `cell` in the frame.
    pub fn place_of(&self, cell: Cell) -> (usize, usize) {
        match self.geometry().layout() {
            Some(l) if cell.index() < self.cell_count() => l.position(cell),
            _ => (self.shape().row_of(cell), self.shape().col_of(cell)),
        }
    }

    /// How a cell is named (`r3c7`; its row and column in the frame for a Samurai).
    pub fn name_of(&self, cell: Cell) -> String {
        self.at(cell).to_string()
    }

    /// Moves the cursor by rows and columns of the frame, over holes, round the edges.
    pub fn move_cursor(&mut self, dr: isize, dc: isize) {
        let (rows, cols) = self.frame();
        let (mut r, mut c) = self.place_of(self.cursor);
        for _ in 0..rows.max(cols) {
            r = (r as isize + dr).rem_euclid(rows as isize) as usize;
            c = (c as isize + dc).rem_euclid(cols as isize) as usize;
            if let Some(cell) = self.cell_at(r, c) {
                self.cursor = cell;
                return;
            }
        }
    }

    /// The givens.
    pub fn givens(&self) -> &Puzzle {
        &self.givens
    }

    /// The digits now (givens included).
    pub fn board(&self) -> &Puzzle {
        &self.board
    }

    /// The unique solution.
    pub fn solution(&self) -> &Grid {
        &self.solution
    }

    /// The geometry (houses) of the rules.
    pub fn geometry(&self) -> &Arc<Geometry> {
        self.givens.geometry()
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.givens.grid().shape()
    }

    /// The side N.
    pub fn size(&self) -> usize {
        self.shape().size()
    }

    /// The symbol of value `v` in this grid (`1`–`9`, then `A`, `B`…).
    pub fn symbol(&self, v: u8) -> char {
        rules::symbol(self.size(), v)
    }

    /// The puzzle's level, when rated.
    pub fn level(&self) -> Option<Level> {
        self.level
    }

    /// The puzzle's score (the cost formula), when rated.
    pub fn score(&self) -> Option<u32> {
        self.score
    }

    /// The seed it was generated from.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Hints played.
    pub fn hints(&self) -> u32 {
        self.hints
    }

    /// The cells whose digit was revealed.
    pub fn revealed(&self) -> &[Cell] {
        &self.revealed
    }

    /// The cursor.
    pub fn cursor(&self) -> Cell {
        self.cursor
    }

    /// Moves the cursor to `cell` (a cell off the grid is ignored).
    pub fn set_cursor(&mut self, cell: Cell) {
        if cell.index() < self.marks.len() {
            self.cursor = cell;
        }
    }

    /// Whether there is a change to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is a change to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Whether a cell is a given.
    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens.grid().get(cell.index()) != 0
    }

    /// A cell's digit (0: empty).
    pub fn value(&self, cell: Cell) -> u8 {
        self.board.grid().get(cell.index())
    }

    /// A cell's pencil marks.
    pub fn marks(&self, cell: Cell) -> Candidates {
        self.marks.get(cell.index()).copied().unwrap_or_default()
    }

    /// The digits as a grid.
    pub fn grid(&self) -> &Grid {
        self.board.grid()
    }

    /// Empty cells left.
    pub fn empty_cells(&self) -> usize {
        self.board.cells().iter().filter(|&&v| v == 0).count()
    }

    /// Whether every digit is the solution's.
    pub fn is_solved(&self) -> bool {
        self.board.grid() == &self.solution
    }

    /// The time played.
    pub fn elapsed(&self) -> Duration {
        Duration::from_millis(self.elapsed_ms)
    }

    pub(super) fn at(&self, cell: Cell) -> sudoku_core::CellDisplay {
        self.geometry().display_cell(cell)
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            board: self.board.clone(),
            marks: self.marks.clone(),
        }
    }

    fn push_undo(&mut self) {
        self.undo.push(self.snapshot());
        if self.undo.len() > MAX_UNDO {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// The board with `cell` emptied (emptying a cell cannot break a rule).
    fn emptied(&self, cell: Cell) -> Puzzle {
        let mut grid = self.board.grid().clone();
        if grid.set(cell.index(), 0).is_err() {
            return self.board.clone();
        }
        Puzzle::new(grid, Arc::clone(self.geometry())).unwrap_or_else(|_| self.board.clone())
    }

    fn check_value(&self, value: u8) -> Result<(), MoveError> {
        if value == 0 || usize::from(value) > self.size() {
            return Err(MoveError::NoSuchSymbol {
                symbol: rules::alphabet(25).symbol(value).unwrap_or('?'),
                size: self.size(),
            });
        }
        Ok(())
    }

    /// The board with `value` in `cell` (over the digit it holds): the puzzle's own checked
    /// move, its refusal said in the player's words.
    fn filled(&self, cell: Cell, value: u8) -> Result<Puzzle, MoveError> {
        let mut board = if self.value(cell) == 0 {
            self.board.clone()
        } else {
            self.emptied(cell)
        };
        match board.play(Fill { cell, value }) {
            Ok(()) => Ok(board),
            Err(PlayError::NotCandidate { at, .. }) => {
                let by = self
                    .geometry()
                    .peers(cell)
                    .iter()
                    .find(|p| board.grid().get(p.index()) == value);
                Err(match by {
                    Some(&p) => MoveError::Seen {
                        symbol: self.symbol(value),
                        at,
                        by: self.at(p),
                    },
                    None => PlayError::NotCandidate { cell, value, at }.into(),
                })
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Writes `value` in `cell` and removes it from the pencil marks of the cells it sees.
    ///
    /// # Errors
    /// On a given, a value out of range, or a value a cell of the same house holds.
    pub fn place(&mut self, cell: Cell, value: u8) -> Result<(), MoveError> {
        if self.is_given(cell) {
            return Err(MoveError::Given { at: self.at(cell) });
        }
        self.check_value(value)?;
        if self.value(cell) == value {
            return Ok(());
        }
        if let Some(k) = self.rules.cage_of(cell)
            && let Some(&by) = self.rules.cages()[k]
                .cells
                .iter()
                .find(|&&c| c != cell && self.value(c) == value)
        {
            return Err(MoveError::InCage {
                symbol: self.symbol(value),
                at: self.at(cell),
                by: self.at(by),
            });
        }
        let board = self.filled(cell, value)?;
        self.push_undo();
        self.set_board(board);
        self.marks[cell.index()] = Candidates::EMPTY;
        if self.auto_clean {
            for &p in self.givens.geometry().peers(cell) {
                self.marks[p.index()].remove(value);
            }
        }
        Ok(())
    }

    /// Sets the digits, forgetting revealed cells that no longer hold their digit.
    fn set_board(&mut self, board: Puzzle) {
        self.board = board;
        let grid = self.board.grid();
        self.revealed.retain(|c| grid.get(c.index()) != 0);
    }

    /// Adds or removes a pencil mark in an empty cell.
    ///
    /// # Errors
    /// On a filled cell, or a value out of range.
    pub fn toggle_mark(&mut self, cell: Cell, value: u8) -> Result<(), MoveError> {
        if self.value(cell) != 0 {
            return Err(MoveError::NotEmpty { at: self.at(cell) });
        }
        self.check_value(value)?;
        self.push_undo();
        let m = &mut self.marks[cell.index()];
        if m.contains(value) {
            m.remove(value);
        } else {
            m.insert(value);
        }
        Ok(())
    }

    /// Clears a cell's digit, or its pencil marks when it has no digit. A digit cleared goes
    /// back in the pencil marks of the cells it sees where their houses allow it again.
    ///
    /// # Errors
    /// On a given.
    pub fn clear(&mut self, cell: Cell) -> Result<(), MoveError> {
        if self.is_given(cell) {
            return Err(MoveError::Given { at: self.at(cell) });
        }
        let value = self.value(cell);
        if value == 0 && self.marks(cell).is_empty() {
            return Ok(());
        }
        self.push_undo();
        if value != 0 {
            let board = self.emptied(cell);
            self.set_board(board);
            self.give_back(cell, value);
        } else {
            self.marks[cell.index()] = Candidates::EMPTY;
        }
        Ok(())
    }

    /// Puts `value`, just cleared from `cell`, back in the pencil marks of the marked cells
    /// that see it, where it is a candidate again.
    fn give_back(&mut self, cell: Cell, value: u8) {
        if !self.auto_clean {
            return;
        }
        let geometry = Arc::clone(self.geometry());
        for &p in geometry.peers(cell) {
            if !self.marks[p.index()].is_empty() && self.board.candidates(p).contains(value) {
                self.marks[p.index()].insert(value);
            }
        }
    }

    /// Fills the pencil marks of every empty cell with the digits its houses still allow.
    pub fn auto_candidates(&mut self) {
        self.push_undo();
        self.marks = self.board.all_candidates();
    }

    /// The digits that are not the solution's.
    pub fn wrong_cells(&self) -> Vec<Cell> {
        let values = self.board.cells();
        (0..values.len())
            .filter(|&i| values[i] != 0 && values[i] != self.solution.get(i))
            .map(Cell::new)
            .collect()
    }

    /// Writes the solution's digit in a cell.
    ///
    /// # Errors
    /// On a given, or a cell already right.
    pub fn reveal(&mut self, cell: Cell) -> Result<u8, MoveError> {
        let digit = self.solution.get(cell.index());
        if self.is_given(cell) || self.value(cell) == digit {
            return Err(MoveError::AlreadyRight { at: self.at(cell) });
        }
        // The right digit may be held by a wrong one in a house: that one goes.
        let geometry = Arc::clone(self.geometry());
        let blocking: Vec<Cell> = geometry
            .peers(cell)
            .iter()
            .copied()
            .filter(|p| self.value(*p) == digit)
            .collect();
        self.push_undo();
        let keep = self.undo.len();
        for p in blocking {
            let board = self.emptied(p);
            self.set_board(board);
            // The wrong digit goes: its pencil marks come back, as when it is cleared.
            self.give_back(p, digit);
        }
        self.place(cell, digit)?;
        // One change for undo, not two.
        self.undo.truncate(keep);
        self.revealed.push(cell);
        Ok(digit)
    }

    /// Takes back the last change.
    ///
    /// # Errors
    /// [`MoveError::NothingToUndo`].
    pub fn undo(&mut self) -> Result<(), MoveError> {
        let s = self.undo.pop().ok_or(MoveError::NothingToUndo)?;
        let now = self.snapshot();
        self.redo.push(now);
        self.go_back_to(s);
        Ok(())
    }

    /// Plays again the last change undone.
    ///
    /// # Errors
    /// [`MoveError::NothingToRedo`].
    pub fn redo(&mut self) -> Result<(), MoveError> {
        let s = self.redo.pop().ok_or(MoveError::NothingToRedo)?;
        let now = self.snapshot();
        self.undo.push(now);
        self.go_back_to(s);
        Ok(())
    }

    fn go_back_to(&mut self, s: Snapshot) {
        self.marks = s.marks;
        self.set_board(s.board);
    }

    /// Starts the puzzle again: only the givens, no pencil marks, the clock at zero, no
    /// hint or revealed cell counted, no history.
    pub fn restart(&mut self) {
        self.board = self.givens.clone();
        self.marks = vec![Candidates::EMPTY; self.marks.len()];
        self.revealed.clear();
        self.undo.clear();
        self.redo.clear();
        self.elapsed_ms = 0;
        self.hints = 0;
        self.paused = false;
    }

    /// Whether it was solved without a hint or a revealed cell (the solves best times
    /// count).
    pub fn unassisted(&self) -> bool {
        self.hints == 0 && self.revealed.is_empty()
    }

    /// The player's position as sudoku-grade's pencil-mark grid: the digits, and the
    /// candidates of the pencil marks (a cell without marks keeps every candidate its houses
    /// allow).
    ///
    /// # Errors
    /// When the rater refuses the marks (a cell whose marks are all ruled out).
    pub fn position(&self) -> Result<MarkedGrid, HintError> {
        let full = Candidates::all(self.size());
        let marks: Vec<Candidates> = self
            .marks
            .iter()
            .map(|&m| if m.is_empty() { full } else { m })
            .collect();
        Ok(MarkedGrid::with_marks(
            Arc::clone(self.geometry()),
            self.board.cells(),
            &marks,
        )?)
    }

    /// Takes the digits and pencil marks of `position` (after a hint played on it): the
    /// marked cells, and `touched`, take its candidates.
    pub(super) fn take_position(&mut self, position: &MarkedGrid, touched: &[Cell]) {
        let grid = position.grid();
        for cell in self.cells() {
            let v = grid.get(cell.index());
            if v != 0 && self.value(cell) == 0 {
                let mut board = self.board.clone();
                if board.play(Fill { cell, value: v }).is_ok() {
                    self.board = board;
                }
            }
        }
        for cell in self.cells() {
            let i = cell.index();
            if self.value(cell) != 0 {
                self.marks[i] = Candidates::EMPTY;
            } else if !self.marks[i].is_empty() {
                // The player's marks, less what the step ruled out.
                self.marks[i] &= position.candidates(cell);
            } else if touched.contains(&cell) {
                self.marks[i] = position.candidates(cell);
            }
        }
    }

    /// Empties the cells of `cells` (wrong digits).
    pub(super) fn empty_cells_of(&mut self, cells: &[Cell]) {
        for &c in cells {
            let v = self.value(c);
            if v != 0 && !self.is_given(c) {
                let board = self.emptied(c);
                self.set_board(board);
                self.give_back(c, v);
            }
        }
    }

    /// Adds to each of `cells` the solution's digit as a pencil mark.
    pub(super) fn mark_right(&mut self, cells: &[Cell]) {
        for &c in cells {
            self.marks[c.index()].insert(self.solution.get(c.index()));
        }
    }

    /// Saves the state before a hint is played, and counts the hint.
    pub(super) fn begin_hint(&mut self) {
        self.push_undo();
        self.hints += 1;
    }
}
