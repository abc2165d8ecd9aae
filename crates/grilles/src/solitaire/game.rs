//! [`SolitaireGame`]: a deal being played, what is saved of it, and every change a player
//! makes (pairs, undo, redo, shuffle, hints), each noted for the score.

use std::time::Duration;

use mahjong_solitaire::score::Event as ScoreEvent;
use mahjong_solitaire::{Board, Move, ReversePlacement, Selection, ShuffleError};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

use super::score::PlayerScore;

/// The dealer's budget for winnable deals and shuffles, in placement tries (about a second
/// at most on the largest layouts).
pub const DEALER_BUDGET: u64 = 1_000_000;

/// How a deal is made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DealKind {
    /// A deal that can be cleared (mahjong-solitaire's reverse placement).
    #[default]
    Winnable,
    /// Tiles placed at random (it may have no solution).
    Random,
}

/// A saved solitaire game refused when it is read back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RestoreError {
    /// A pair to play again (redo) does not fit the board.
    #[error("a pair to play again does not fit the board")]
    Redo,
}

/// A game of mahjong solitaire: what is saved, and played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolitaireGame {
    /// The board (saved as mahjong-solitaire's saved game, history included).
    pub board: Board,
    /// Where the layout came from (a built-in name or a file).
    pub source: String,
    /// The game number: the seed of the deal (the same number, layout and kind of deal
    /// give the same deal) and of the shuffles.
    pub seed: u64,
    /// How the deal was made.
    #[serde(default)]
    pub deal: DealKind,
    /// What happened, for the score.
    pub events: Vec<ScoreEvent>,
    /// Time played, in milliseconds.
    pub elapsed_ms: u64,
    /// Shuffles made.
    pub shuffles: u32,
    /// Hints asked for.
    pub hints: u32,
    /// The tile under the cursor.
    pub cursor: usize,
    /// Changes so far (a new number for every position).
    #[serde(default)]
    pub version: u64,
    /// Pairs taken back, the last one undone last: what redo plays again.
    #[serde(default)]
    pub redo: Vec<Move>,
}

/// What picking a tile did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picked {
    /// The tile is selected.
    Selected,
    /// The selected tile was picked again: nothing is selected.
    Deselected,
    /// A pair went.
    Removed,
    /// The two tiles do not match.
    Mismatch,
    /// The tile cannot be picked, and why (in a player's words).
    Rejected(String),
}

impl SolitaireGame {
    /// A game on a board.
    pub fn new(board: Board, source: String, seed: u64) -> SolitaireGame {
        let mut g = SolitaireGame {
            board,
            source,
            seed,
            deal: DealKind::Winnable,
            events: Vec::new(),
            elapsed_ms: 0,
            shuffles: 0,
            hints: 0,
            cursor: 0,
            version: 0,
            redo: Vec::new(),
        };
        g.cursor = g.board.free_tiles().first().copied().unwrap_or(0);
        g
    }

    /// The game number (the deal's seed).
    pub fn number(&self) -> u64 {
        self.seed
    }

    /// The time played.
    pub fn elapsed(&self) -> Duration {
        Duration::from_millis(self.elapsed_ms)
    }

    /// The score (see [`PlayerScore`]): the game's events counted again.
    pub fn score(&self) -> i64 {
        PlayerScore::of(&self.events)
    }

    fn note(&mut self, e: impl FnOnce(Duration) -> ScoreEvent) {
        let at = self.elapsed();
        self.events.push(e(at));
    }

    /// After a change of the position: a new version, the cursor on a tile in view, and the
    /// end noted once the board is cleared.
    fn changed(&mut self) {
        self.version += 1;
        self.fix_cursor();
        if self.board.is_cleared()
            && !self
                .events
                .iter()
                .any(|e| matches!(e, ScoreEvent::Finished { .. }))
        {
            self.note(|at| ScoreEvent::Finished { at, cleared: true });
        }
    }

    /// Picks tile `i` (the cursor goes there): a second matching free tile removes both.
    pub fn pick(&mut self, i: usize) -> Picked {
        self.cursor = i;
        match self.board.select(i) {
            Selection::Removed(_) => {
                self.note(|at| ScoreEvent::Pair { at });
                self.redo.clear();
                self.changed();
                Picked::Removed
            }
            Selection::Selected(_) => Picked::Selected,
            Selection::Deselected(_) => Picked::Deselected,
            Selection::Mismatch { .. } => Picked::Mismatch,
            Selection::Rejected { error, .. } => Picked::Rejected(rejection(&error)),
            _ => Picked::Deselected,
        }
    }

    /// Removes the pair `m` (a hint played); whether it went.
    pub fn remove(&mut self, m: Move) -> bool {
        if self.board.play(m).is_err() {
            return false;
        }
        self.note(|at| ScoreEvent::Pair { at });
        self.redo.clear();
        self.changed();
        true
    }

    /// Notes a hint asked for (it costs, and the next pair earns nothing).
    pub fn note_hint(&mut self) {
        self.hints += 1;
        self.note(|at| ScoreEvent::Hint { at });
    }

    /// Takes the last pair back; whether there was one.
    pub fn undo(&mut self) -> bool {
        let Some(m) = self.board.undo() else {
            return false;
        };
        self.redo.push(m);
        self.note(|at| ScoreEvent::Undo { at });
        self.changed();
        true
    }

    /// Plays again the last pair taken back; whether there was one.
    pub fn redo(&mut self) -> bool {
        let Some(m) = self.redo.pop() else {
            return false;
        };
        if self.board.play(m).is_err() {
            self.redo.clear();
            return false;
        }
        self.note(|at| ScoreEvent::Pair { at });
        self.changed();
        true
    }

    /// Shuffles the tiles left so that they can all go again (its generator from the game
    /// number and the shuffles made).
    ///
    /// # Errors
    /// mahjong-solitaire's refusal (a cleared board, no placement within the budget).
    pub fn shuffle(&mut self) -> Result<(), ShuffleError> {
        let mut rng =
            Pcg64Mcg::seed_from_u64(crate::mix(self.seed, &[u64::from(self.shuffles) + 1]));
        ReversePlacement::new()
            .budget(DEALER_BUDGET)
            .shuffle(&mut self.board, &mut rng)?;
        self.shuffles += 1;
        self.redo.clear();
        self.note(|at| ScoreEvent::Shuffle { at });
        self.changed();
        Ok(())
    }

    /// The tiles whose top half cell is visible from above (the ones a cursor can reach).
    pub fn visible_tiles(&self) -> Vec<usize> {
        let top = top_view(&self.board);
        let mut seen: Vec<usize> = top.cells.iter().flatten().copied().collect();
        seen.sort_unstable();
        seen.dedup();
        seen
    }

    /// Moves the cursor to the nearest visible tile in a direction (`dx`, `dy` in −1..=1).
    pub fn move_cursor(&mut self, dx: i32, dy: i32) {
        let positions = self.board.layout().positions();
        let Some(&here) = positions.get(self.cursor) else {
            return;
        };
        let (hx, hy) = (i32::from(here.x), i32::from(here.y));
        let best = self
            .visible_tiles()
            .into_iter()
            .filter(|&j| j != self.cursor)
            .filter_map(|j| {
                let p = positions[j];
                let (ex, ey) = (i32::from(p.x) - hx, i32::from(p.y) - hy);
                let (along, across) = if dx != 0 {
                    (ex * dx, ey)
                } else {
                    (ey * dy, ex)
                };
                (along > 0).then_some((along + 3 * across.abs(), j))
            })
            .min();
        if let Some((_, j)) = best {
            self.cursor = j;
        }
    }

    /// Moves the cursor to the next free tile (in index order; `back` for the previous).
    pub fn next_free(&mut self, back: bool) {
        let free = self.board.free_tiles();
        if free.is_empty() {
            return;
        }
        let pos = free.iter().position(|&i| i > self.cursor);
        self.cursor = if back {
            let before = free.iter().rposition(|&i| i < self.cursor);
            free[before.unwrap_or(free.len() - 1)]
        } else {
            free[pos.unwrap_or(0)]
        };
    }

    /// A game as read back from a save (its board checked by mahjong-solitaire as it is
    /// read): the pairs to play again must go one after the other, where its layout came
    /// from is outside text, [escaped](crate::ui::escape), and the cursor is put on a tile
    /// of the board.
    ///
    /// # Errors
    /// [`RestoreError::Redo`] when a pair to play again does not fit the board.
    pub fn restore(mut saved: SolitaireGame) -> Result<SolitaireGame, RestoreError> {
        let mut board = saved.board.clone();
        for &m in saved.redo.iter().rev() {
            if board.play(m).is_err() {
                return Err(RestoreError::Redo);
            }
        }
        saved.source = crate::ui::escape(&saved.source).into_owned();
        saved.fix_cursor();
        Ok(saved)
    }

    /// Puts the cursor on a tile in view (a free one first) if it is not on one.
    pub fn fix_cursor(&mut self) {
        if !self.board.is_present(self.cursor) || !self.visible_tiles().contains(&self.cursor) {
            self.cursor = self
                .board
                .free_tiles()
                .first()
                .copied()
                .or_else(|| self.visible_tiles().first().copied())
                .unwrap_or(0);
        }
    }
}

/// The board seen from above: the topmost tile over each half cell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TopView {
    /// Width, in half tiles.
    pub width: usize,
    /// Height, in half tiles.
    pub height: usize,
    /// The tile on top of each half cell, row by row.
    pub cells: Vec<Option<usize>>,
}

/// The board seen from above. (mahjong-solitaire draws the same view for its own pictures
/// but keeps it to itself, so a front end computes it again to know what a click hits.)
pub fn top_view(board: &Board) -> TopView {
    let layout = board.layout();
    let (w, h) = (usize::from(layout.width()), usize::from(layout.height()));
    let mut cells = vec![None; w * h];
    // Positions are sorted by layer, lowest first: a later one is on top.
    for (i, p) in layout.positions().iter().enumerate() {
        if !board.is_present(i) {
            continue;
        }
        for dy in 0..2 {
            for dx in 0..2 {
                let (x, y) = (usize::from(p.x) + dx, usize::from(p.y) + dy);
                if x < w && y < h {
                    cells[y * w + x] = Some(i);
                }
            }
        }
    }
    TopView {
        width: w,
        height: h,
        cells,
    }
}

/// Why a tile cannot be picked, in a player's words: the tiles named by their
/// notation, no index.
pub fn rejection(error: &mahjong_solitaire::PlayError) -> String {
    use mahjong_solitaire::{Blocked, PlayError};
    match error {
        PlayError::NotFree { tile, blocked } => {
            let layer = tile.position.z + 1;
            let why = match blocked {
                Blocked::Covered { by } => format!("the {} lies on it", by.tile),
                Blocked::BothSides { left, right } => format!(
                    "the {} and the {} touch both its sides",
                    left.tile, right.tile
                ),
            };
            format!("This {} (layer {layer}) is not free: {why}.", tile.tile)
        }
        other => {
            let text = other.to_string();
            let mut c = text.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>() + ".")
                .unwrap_or_default()
        }
    }
}
