//! Sudoku in the page: the terminal game's model ([`SudokuGame`]) on every rules it plays
//! (classic, X, jigsaw, killer, Samurai), new puzzles from its generator, its actions as
//! JSON; the view the page draws is in `sudoku_view`.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use sudoku_core::{Cell, Shape};
use sudoku_grade::{Level, Rater};

use super::error::{ApiError, from_json};
use super::play::{Export, Kind, Play, Shared, to_json};
use crate::sudoku::{
    Hint, MAX_KILLER_SIZE, NewPuzzle, RATER_BUDGET, Rules, RulesKind, SudokuGame, SudokuSave,
    generate, kind_of, parse_puzzle,
};

/// The longest time counted between two requests of a page (the page asks at least every
/// few seconds while it is shown): a closed page stops the clock.
pub const MAX_GAP: Duration = Duration::from_secs(20);

/// The largest puzzle number (numbers stay exact in the page's script).
pub const MAX_NUMBER: u64 = 999_999_999;

/// The rules the new-sudoku form offers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum VariantChoice {
    /// Rows, columns, boxes.
    #[default]
    Classic,
    /// And the two diagonals.
    X,
    /// Irregular regions in place of boxes.
    Jigsaw,
    /// Five 9×9 grids overlapping at the corners.
    Samurai,
    /// Cages with sums, no givens.
    Killer,
}

impl VariantChoice {
    fn kind(self) -> RulesKind {
        match self {
            VariantChoice::Classic => RulesKind::Classic,
            VariantChoice::X => RulesKind::X,
            VariantChoice::Jigsaw => RulesKind::Jigsaw,
            VariantChoice::Samurai => RulesKind::Samurai,
            VariantChoice::Killer => RulesKind::Killer,
        }
    }

    /// The sides it is offered in.
    fn sizes(self) -> &'static [usize] {
        match self {
            VariantChoice::Classic | VariantChoice::X => &[4, 6, 9, 16, 25],
            VariantChoice::Jigsaw => &[6, 9],
            VariantChoice::Samurai => &[9],
            VariantChoice::Killer => &[4, 6, MAX_KILLER_SIZE],
        }
    }
}

/// The levels offered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LevelChoice {
    /// Singles only.
    #[default]
    Easy,
    /// Up to pairs, fish and wings.
    Intermediate,
    /// Contradictions or trial and error.
    Expert,
}

/// What the new-sudoku form sends.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SudokuOptions {
    /// The rules.
    pub variant: VariantChoice,
    /// The side (4, 6, 9, 16 or 25; the Samurai's grids are 9×9).
    pub size: Option<usize>,
    /// The level (classic and X up to 9×9; the others are made, then rated).
    pub level: LevelChoice,
    /// A puzzle typed in (classic or X), in the one-line format.
    pub typed: String,
    /// A puzzle number, to make the same puzzle again.
    pub number: Option<u64>,
}

/// Makes the puzzle `options` ask for (`seed` gives its number when none is asked), with
/// its number (none when typed in).
///
/// # Errors
/// [`ApiError::BadRequest`] for options that do not go together, [`ApiError::Refused`] for
/// a typed puzzle that cannot be played or a level that did not come.
pub fn make(options: &SudokuOptions, seed: u64) -> Result<(NewPuzzle, Option<u64>), ApiError> {
    let kind = options.variant.kind();
    if !options.typed.trim().is_empty() {
        let typed = parse_puzzle(&options.typed, kind).map_err(ApiError::refused)?;
        return Ok((typed, None));
    }
    let size = options.size.unwrap_or(9);
    let sizes = options.variant.sizes();
    if !sizes.contains(&size) {
        let list: Vec<String> = sizes.iter().map(|s| format!("{s}×{s}")).collect();
        return Err(ApiError::BadRequest(format!(
            "a {} sudoku is {}, not {size}×{size}",
            kind.label(),
            list.join(" or ")
        )));
    }
    let number = match options.number {
        Some(n) if n > MAX_NUMBER => {
            return Err(ApiError::BadRequest(format!(
                "puzzle numbers go from 0 to {MAX_NUMBER}"
            )));
        }
        Some(n) => n,
        None => seed % (MAX_NUMBER + 1),
    };
    let shape = Shape::for_size(size)
        .ok_or_else(|| ApiError::BadRequest(format!("no sudoku of side {size}")))?;
    let level = match options.level {
        LevelChoice::Easy => Level::Easy,
        LevelChoice::Intermediate => Level::Intermediate,
        LevelChoice::Expert => Level::Expert,
    };
    let made = generate(shape, kind, level, number).map_err(ApiError::refused)?;
    Ok((made, Some(number)))
}

/// A game as saved: the terminal game's saved form, and what the page adds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WebSudokuSave {
    /// The terminal game's saved form (rules, digits, marks, history, time).
    pub game: SudokuSave,
    /// The puzzle number.
    pub number: Option<u64>,
    /// The estimated solving time of a person, in seconds.
    pub human_seconds: Option<f64>,
    /// Whether the solve went to the best times.
    #[serde(default)]
    pub recorded: bool,
}

/// A sudoku played in the page.
#[derive(Debug)]
pub struct WebSudoku {
    pub(super) game: SudokuGame,
    pub(super) number: Option<u64>,
    pub(super) human_seconds: Option<f64>,
    recorded: bool,
    pub(super) hint: Option<Hint>,
    pub(super) checked: Option<Vec<Cell>>,
    last_seen: Option<Duration>,
}

/// An action of the page.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "op", rename_all = "kebab-case", deny_unknown_fields)]
enum Action {
    /// Writes a digit (0 clears).
    Place { cell: usize, value: u8 },
    /// Adds or removes a pencil mark.
    Mark { cell: usize, value: u8 },
    /// Clears a digit, or the marks of an empty cell.
    Clear { cell: usize },
    /// Every candidate as pencil marks.
    Auto,
    /// Shows a hint.
    Hint,
    /// Plays the hint shown.
    PlayHint,
    /// Marks the wrong digits.
    Check,
    /// Writes the solution's digit in a cell.
    Reveal { cell: usize },
    /// Takes back the last change.
    Undo,
    /// Plays again the last change undone.
    Redo,
    /// Moves the cursor (kept in the saved game).
    Cursor { cell: usize },
    /// Starts the puzzle again: the givens only, the clock at zero.
    Restart,
}

impl WebSudoku {
    /// A new game from the form's JSON options.
    ///
    /// # Errors
    /// As [`make`]: options that do not go together, a typed puzzle that cannot be played,
    /// a level that did not come.
    pub fn create(body: &[u8], seed: u64) -> Result<WebSudoku, ApiError> {
        let options: SudokuOptions = from_json(body)?;
        let (made, number) = make(&options, seed)?;
        let human_seconds = if made.rules.rated() {
            Rater::new()
                .budget(RATER_BUDGET)
                .human_time(&made.puzzle)
                .ok()
                .map(|t| t.seconds)
        } else {
            None
        };
        let game = SudokuGame::new(made).map_err(ApiError::refused)?;
        Ok(WebSudoku {
            game,
            number,
            human_seconds,
            recorded: false,
            hint: None,
            checked: None,
            last_seen: None,
        })
    }

    /// A saved game read back (checked by the model).
    ///
    /// # Errors
    /// What does not add up, as text.
    pub fn restore(value: serde_json::Value) -> Result<WebSudoku, String> {
        let save: WebSudokuSave = serde_json::from_value(value).map_err(|e| e.to_string())?;
        let game = SudokuGame::restore(save.game).map_err(|e| e.to_string())?;
        Ok(WebSudoku {
            game,
            number: save.number,
            human_seconds: save.human_seconds,
            recorded: save.recorded,
            hint: None,
            checked: None,
            last_seen: None,
        })
    }

    /// The model.
    pub fn game(&self) -> &SudokuGame {
        &self.game
    }

    fn cell(&self, i: usize) -> Result<Cell, ApiError> {
        if i < self.game.cell_count() {
            Ok(Cell::new(i))
        } else {
            Err(ApiError::BadRequest(format!("cell {i} is off the grid")))
        }
    }

    fn changed(&mut self) {
        self.hint = None;
        self.checked = None;
    }

    /// After a change that solved the puzzle: the message, and the solve among the best
    /// times (solves without hint or revealed cell only, as in the terminal).
    fn solved(&mut self, shared: &Shared) -> String {
        let g = &self.game;
        let mut text = format!(
            "Solved in {}! Hints {}, cells revealed {}.",
            crate::ui::clock(g.elapsed()),
            g.hints(),
            g.revealed().len()
        );
        if !self.recorded && g.unassisted() {
            self.recorded = true;
            if let Some(r) = shared.sudoku_time(&kind_of(g), g.elapsed()) {
                text.push_str(&format!(" Best time number {r} of this kind."));
            }
        }
        text
    }
}

impl Play for WebSudoku {
    fn kind(&self) -> Kind {
        Kind::Sudoku
    }

    fn title(&self) -> String {
        let g = &self.game;
        let n = g.size();
        let mut t = match g.rules() {
            Rules::Samurai => g.rules().name().to_string(),
            r => format!("{} {n}×{n}", r.name()),
        };
        if let Some(l) = g.level() {
            t.push_str(&format!(" · {l}"));
        }
        if let Some(n) = self.number {
            t.push_str(&format!(" · #{n}"));
        }
        t
    }

    fn is_finished(&self) -> bool {
        self.game.is_solved()
    }

    fn tick(&mut self, now: Duration, _shared: &Shared) -> bool {
        let gap = self.last_seen.map(|l| now.saturating_sub(l).min(MAX_GAP));
        self.last_seen = Some(now);
        match gap {
            Some(g) if !self.game.is_solved() && !g.is_zero() => {
                self.game.elapsed_ms = self.game.elapsed_ms.saturating_add(g.as_millis() as u64);
                true
            }
            _ => false,
        }
    }

    fn view(&self, _now: Duration) -> Result<serde_json::Value, ApiError> {
        to_json(&super::sudoku_view::view(self))
    }

    fn act(
        &mut self,
        body: &[u8],
        _now: Duration,
        shared: &Shared,
    ) -> Result<Option<String>, ApiError> {
        let action: Action = from_json(body)?;
        let solved_before = self.game.is_solved();
        let notice = match action {
            Action::Cursor { cell } => {
                let c = self.cell(cell)?;
                self.game.set_cursor(c);
                return Ok(None);
            }
            Action::Place { cell, value } => {
                let c = self.cell(cell)?;
                if value == 0 {
                    self.game.clear(c).map_err(ApiError::refused)?;
                } else {
                    self.game.place(c, value).map_err(ApiError::refused)?;
                }
                self.game.set_cursor(c);
                None
            }
            Action::Mark { cell, value } => {
                let c = self.cell(cell)?;
                self.game.toggle_mark(c, value).map_err(ApiError::refused)?;
                self.game.set_cursor(c);
                None
            }
            Action::Clear { cell } => {
                let c = self.cell(cell)?;
                self.game.clear(c).map_err(ApiError::refused)?;
                None
            }
            Action::Auto => {
                self.game.auto_candidates();
                Some("Every cell's candidates are in its pencil marks.".to_string())
            }
            Action::Reveal { cell } => {
                let c = self.cell(cell)?;
                let d = self.game.reveal(c).map_err(ApiError::refused)?;
                Some(format!(
                    "{} is {}.",
                    self.game.name_of(c),
                    self.game.symbol(d)
                ))
            }
            Action::Undo => {
                self.game.undo().map_err(ApiError::refused)?;
                None
            }
            Action::Redo => {
                self.game.redo().map_err(ApiError::refused)?;
                None
            }
            Action::Check => {
                let wrong = self.game.wrong_cells();
                let text = match wrong.len() {
                    0 => "Every digit written is right.".to_string(),
                    1 => "One digit is wrong: it is marked.".to_string(),
                    k => format!("{k} digits are wrong: they are marked."),
                };
                self.hint = None;
                self.checked = Some(wrong);
                return Ok(Some(text));
            }
            Action::Hint => {
                if self.game.is_solved() {
                    return Err(ApiError::Refused(
                        "The puzzle is solved: no hint needed.".into(),
                    ));
                }
                self.hint = self.game.hint(&Rater::new().budget(RATER_BUDGET));
                self.checked = None;
                return Ok(None);
            }
            Action::PlayHint => {
                let hint = self.hint.take().ok_or_else(|| {
                    ApiError::Refused("No hint is shown: ask for one first.".into())
                })?;
                self.game.apply_hint(&hint);
                None
            }
            Action::Restart => {
                self.game.restart();
                self.recorded = false;
                Some("The puzzle starts again: the givens only.".to_string())
            }
        };
        self.changed();
        if !solved_before && self.game.is_solved() {
            return Ok(Some(self.solved(shared)));
        }
        Ok(notice)
    }

    fn save(&self) -> Result<serde_json::Value, ApiError> {
        to_json(&WebSudokuSave {
            game: self.game.save(),
            number: self.number,
            human_seconds: self.human_seconds,
            recorded: self.recorded,
        })
    }

    fn export(&self, format: &str) -> Result<Export, ApiError> {
        super::sudoku_view::export(self, format)
    }
}
