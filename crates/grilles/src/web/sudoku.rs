//! Sudoku in the page: the terminal game's model ([`SudokuGame`]) on every variant, its
//! actions as JSON, and the view the page draws (cells, houses to light, cages, hints).

use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sudoku_core::format::{WriteOptions, frame, latex};
use sudoku_core::killer::{KillerGrid, KillerPuzzle, format as killer_format};
use sudoku_core::layout::Layout;
use sudoku_core::{Cell, Geometry, HouseKind, Variant};
use sudoku_grade::{Method, Rater};

use super::error::{ApiError, from_json};
use super::play::{Export, Kind, Play, Shared, to_json};
use super::sudoku_hint::{SingleHint, single};
use super::sudoku_new::{SavedVariant, SudokuOptions, make};
use crate::sudoku::{Hint, RATER_BUDGET, SudokuGame, SudokuSave, alphabet};

/// The longest time counted between two requests of a page (the page asks at least every
/// few seconds while it is shown): a closed page stops the clock.
pub const MAX_GAP: Duration = Duration::from_secs(20);

/// A game as saved: the terminal game's saved form, and what the web adds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WebSudokuSave {
    /// The terminal game's saved form (digits, marks, history, time).
    pub game: SudokuSave,
    /// The rules beyond it (regions, the Samurai, cages).
    pub variant: SavedVariant,
    /// The puzzle number.
    pub number: Option<u64>,
    /// The estimated solving time of a person, in seconds.
    pub human_seconds: Option<f64>,
}

/// The hint on show.
#[derive(Clone, Debug)]
enum Shown {
    /// The model's hint (sudoku-grade's step, or the mistakes).
    Model(Hint),
    /// A single (Samurai, killer, or when the rater gives up).
    Single(SingleHint),
}

/// A sudoku played in the page.
#[derive(Debug)]
pub struct WebSudoku {
    game: SudokuGame,
    variant: SavedVariant,
    killer: Option<KillerPuzzle>,
    number: Option<u64>,
    human_seconds: Option<f64>,
    hint: Option<Shown>,
    checked: Option<Vec<Cell>>,
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
}

impl WebSudoku {
    /// A new game from the form's JSON options.
    ///
    /// # Errors
    /// As [`sudoku_new::make`](super::sudoku_new::make): options that do not go
    /// together, a typed puzzle that cannot be played, a level that did not come.
    pub fn create(body: &[u8], seed: u64) -> Result<WebSudoku, ApiError> {
        let options: SudokuOptions = from_json(body)?;
        let made = make(&options, seed)?;
        let game = SudokuGame::new(made.puzzle).map_err(ApiError::refused)?;
        let killer = killer_of(&made.variant, &game);
        Ok(WebSudoku {
            game,
            variant: made.variant,
            killer,
            number: made.number,
            human_seconds: made.human_seconds,
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
        let geometry = save.variant.geometry(save.game.puzzle.shape())?;
        let game = SudokuGame::restore_on(save.game, geometry).map_err(|e| e.to_string())?;
        let killer = killer_of(&save.variant, &game);
        Ok(WebSudoku {
            game,
            variant: save.variant,
            killer,
            number: save.number,
            human_seconds: save.human_seconds,
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
        if i < self.game.geometry().cell_count() {
            Ok(Cell::new(i))
        } else {
            Err(ApiError::BadRequest(format!("cell {i} is off the grid")))
        }
    }

    fn find_hint(&self) -> Option<Shown> {
        let rater = Rater::new().budget(RATER_BUDGET);
        let single = || single(&self.game, self.killer.as_ref()).map(Shown::Single);
        match self.game.hint(&rater) {
            None => None,
            // On a killer the rater reads the houses only: its trial and error would give a
            // digit of another grid.
            Some(Hint::Step { step, .. })
                if self.killer.is_some() && step.method() == Method::F =>
            {
                single()
            }
            Some(Hint::Failed(_)) => single(),
            Some(h) => Some(Shown::Model(h)),
        }
    }

    fn changed(&mut self) {
        self.hint = None;
        self.checked = None;
    }

    fn hint_view(&self) -> Option<HintView> {
        let shape = self.game.shape();
        let geometry = self.game.geometry();
        Some(match self.hint.as_ref()? {
            Shown::Model(h) => {
                let cells: Vec<usize> = match h {
                    Hint::Step { step, .. } => step
                        .cells
                        .iter()
                        .chain(step.placement.iter().map(|p| &p.cell))
                        .chain(step.eliminations.iter().map(|e| &e.cell))
                        .map(|c| c.index())
                        .collect(),
                    Hint::Mistakes(c) | Hint::LostDigits(c) => {
                        c.iter().map(|c| c.index()).collect()
                    }
                    Hint::Failed(_) => Vec::new(),
                };
                let text = match h {
                    // The sentence names cells as the geometry does.
                    Hint::Mistakes(c) | Hint::LostDigits(c) if geometry.layout().is_some() => {
                        let list: Vec<String> = c
                            .iter()
                            .map(|&c| geometry.display_cell(c).to_string())
                            .collect();
                        if matches!(h, Hint::Mistakes(_)) {
                            format!("Not the solution's digit: {}.", list.join(", "))
                        } else {
                            format!(
                                "Your pencil marks leave out the right digit in {}.",
                                list.join(", ")
                            )
                        }
                    }
                    _ => h.text(shape),
                };
                HintView {
                    text,
                    action: match h {
                        Hint::Step { .. } => Some("Play it"),
                        Hint::Mistakes(_) => Some("Clear them"),
                        Hint::LostDigits(_) => Some("Mark them back"),
                        Hint::Failed(_) => None,
                    },
                    cells,
                }
            }
            Shown::Single(s) => HintView {
                text: s.text.clone(),
                action: Some("Fill it in"),
                cells: s.cells.iter().map(|c| c.index()).collect(),
            },
        })
    }
}

fn killer_of(variant: &SavedVariant, game: &SudokuGame) -> Option<KillerPuzzle> {
    let SavedVariant::Killer { cages } = variant else {
        return None;
    };
    KillerPuzzle::new(
        KillerGrid::new(game.shape(), cages.clone()),
        Arc::clone(game.geometry()),
    )
    .ok()
}

/// The hint as the page shows it.
#[derive(Debug, Serialize)]
struct HintView {
    text: String,
    action: Option<&'static str>,
    cells: Vec<usize>,
}

/// A cage as the page draws it.
#[derive(Debug, Serialize)]
struct CageView {
    sum: u16,
    cells: Vec<usize>,
}

/// Everything the page draws.
#[derive(Debug, Serialize)]
struct View {
    variant: &'static str,
    name: &'static str,
    size: usize,
    box_rows: usize,
    box_cols: usize,
    /// Rows and columns of the frame the cells stand in.
    rows: usize,
    cols: usize,
    /// Each cell's place in the frame.
    places: Vec<[u16; 2]>,
    /// Each cell's box or region (for the thick lines).
    boxes: Vec<u16>,
    /// Each cell's rows, columns and boxes (to light the cursor's houses).
    houses: Vec<Vec<u16>>,
    /// Cells of the diagonals (Sudoku X).
    diagonal: Vec<usize>,
    symbols: String,
    givens: Vec<bool>,
    values: Vec<u8>,
    marks: Vec<u32>,
    revealed: Vec<usize>,
    wrong: Option<Vec<usize>>,
    cages: Vec<CageView>,
    cursor: usize,
    pencil: bool,
    can_undo: bool,
    can_redo: bool,
    empty: usize,
    solved: bool,
    elapsed_ms: u64,
    hints: u32,
    level: Option<String>,
    score: Option<u32>,
    human_seconds: Option<f64>,
    number: Option<u64>,
    hint: Option<HintView>,
    rated: bool,
}

impl Play for WebSudoku {
    fn kind(&self) -> Kind {
        Kind::Sudoku
    }

    fn title(&self) -> String {
        let n = self.game.size();
        let size = if matches!(self.variant, SavedVariant::Samurai) {
            String::new()
        } else {
            format!(" {n}×{n}")
        };
        let level = self
            .game
            .level()
            .map_or(String::new(), |l| format!(" · {l}"));
        let number = self.number.map_or(String::new(), |n| format!(" · #{n}"));
        format!("{}{size}{level}{number}", self.variant.name())
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
        let g = &self.game;
        let geometry: &Geometry = g.geometry();
        let n = geometry.cell_count();
        let (rows, cols, places): (usize, usize, Vec<[u16; 2]>) = match geometry.layout() {
            Some(layout) => (
                layout.rows(),
                layout.cols(),
                (0..n)
                    .map(|i| {
                        let (r, c) = layout.position(Cell::new(i));
                        [r as u16, c as u16]
                    })
                    .collect(),
            ),
            None => {
                let size = g.size();
                (
                    size,
                    size,
                    (0..n)
                        .map(|i| [(i / size) as u16, (i % size) as u16])
                        .collect(),
                )
            }
        };
        let mut boxes = vec![0u16; n];
        let mut houses = vec![Vec::new(); n];
        let mut diagonal = Vec::new();
        for h in geometry.houses() {
            let kind = geometry.house_kind(h);
            for c in geometry.house(h) {
                match kind {
                    HouseKind::Box(_) | HouseKind::Region(_) => {
                        boxes[c.index()] = h.index() as u16;
                        houses[c.index()].push(h.index() as u16);
                    }
                    HouseKind::Row(_) | HouseKind::Column(_) => {
                        houses[c.index()].push(h.index() as u16)
                    }
                    HouseKind::Diagonal(_) => diagonal.push(c.index()),
                    _ => {}
                }
            }
        }
        let cells: Vec<Cell> = g.cells().collect();
        let view = View {
            variant: self.variant.key(),
            name: self.variant.name(),
            size: g.size(),
            box_rows: g.shape().box_rows(),
            box_cols: g.shape().box_cols(),
            rows,
            cols,
            places,
            boxes,
            houses,
            diagonal,
            symbols: alphabet(g.size()).to_string(),
            givens: cells.iter().map(|&c| g.is_given(c)).collect(),
            values: g.grid().cells().to_vec(),
            marks: cells.iter().map(|&c| g.marks(c).bits()).collect(),
            revealed: g.revealed().iter().map(|c| c.index()).collect(),
            wrong: self
                .checked
                .as_ref()
                .map(|w| w.iter().map(|c| c.index()).collect()),
            cages: self.killer.as_ref().map_or_else(Vec::new, |k| {
                k.cages()
                    .iter()
                    .map(|c| CageView {
                        sum: c.sum,
                        cells: c.cells.iter().map(|c| c.index()).collect(),
                    })
                    .collect()
            }),
            cursor: g.cursor().index(),
            pencil: g.pencil,
            can_undo: g.can_undo(),
            can_redo: g.can_redo(),
            empty: g.empty_cells(),
            solved: g.is_solved(),
            elapsed_ms: g.elapsed_ms,
            hints: g.hints(),
            level: g.level().map(|l| l.to_string()),
            score: g.score(),
            human_seconds: self.human_seconds,
            number: self.number,
            hint: self.hint_view(),
            rated: self.variant.is_rated(),
        };
        to_json(&view)
    }

    fn act(
        &mut self,
        body: &[u8],
        _now: Duration,
        _shared: &Shared,
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
                    self.game.geometry().display_cell(c),
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
                self.hint = self.find_hint();
                self.checked = None;
                return Ok(None);
            }
            Action::PlayHint => {
                let shown = self.hint.take().ok_or_else(|| {
                    ApiError::Refused("No hint is shown: ask for one first.".into())
                })?;
                match &shown {
                    Shown::Model(h) => self.game.apply_hint(h),
                    Shown::Single(s) => {
                        if self.game.value(s.cell) != s.digit {
                            self.game.reveal(s.cell).map_err(ApiError::refused)?;
                        }
                    }
                }
                None
            }
        };
        self.changed();
        if !solved_before && self.game.is_solved() {
            let g = &self.game;
            return Ok(Some(format!(
                "Solved in {}! Hints {}, cells revealed {}.",
                crate::ui::clock(g.elapsed()),
                g.hints(),
                g.revealed().len()
            )));
        }
        Ok(notice)
    }

    fn save(&self) -> Result<serde_json::Value, ApiError> {
        to_json(&WebSudokuSave {
            game: self.game.save(),
            variant: self.variant.clone(),
            number: self.number,
            human_seconds: self.human_seconds,
        })
    }

    fn export(&self, format: &str) -> Result<Export, ApiError> {
        let g = &self.game;
        let givens = g.givens().grid();
        let name = format!(
            "{}-{}",
            self.variant.key(),
            self.number
                .map_or_else(|| "typed".to_string(), |n| n.to_string())
        );
        match format {
            "latex" => {
                let opts = WriteOptions::default();
                let text = match &self.variant {
                    SavedVariant::Killer { cages } => {
                        killer_format::latex(&KillerGrid::new(g.shape(), cages.clone()), givens)
                    }
                    SavedVariant::Samurai => frame::write_latex(givens, g.geometry(), &opts),
                    SavedVariant::Jigsaw { regions } => {
                        // One grid in a frame: the drawing of frames shows the regions.
                        let layout =
                            Layout::grids(g.shape(), &Variant::jigsaw(regions.clone()), &[(0, 0)])
                                .map_err(|e| ApiError::Internal(e.to_string()))?;
                        let geometry = Geometry::from_layout(layout)
                            .map_err(|e| ApiError::Internal(e.to_string()))?;
                        let grid = geometry
                            .grid(givens.cells().to_vec())
                            .map_err(|e| ApiError::Internal(e.to_string()))?;
                        frame::write_latex(&grid, &geometry, &opts)
                    }
                    SavedVariant::Classic | SavedVariant::X => latex::write(givens, &opts),
                };
                Ok(Export {
                    content_type: "application/x-tex; charset=utf-8",
                    file_name: format!("{name}.tex"),
                    text,
                })
            }
            "text" => Ok(Export {
                content_type: "text/plain; charset=utf-8",
                file_name: format!("{name}.txt"),
                text: format!("{givens}\n"),
            }),
            _ => Err(ApiError::NotFound(format!(
                "no {} export of a sudoku (latex or text)",
                format.chars().take(20).collect::<String>()
            ))),
        }
    }
}
