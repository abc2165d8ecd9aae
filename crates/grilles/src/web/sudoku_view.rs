//! What the sudoku page draws ([`view`]): the cells in their frame, the houses to light,
//! the cages, the hint; and the files of a puzzle ([`export`]).

use sudoku_core::format::{WriteOptions, frame, latex};
use sudoku_core::killer::{KillerGrid, format as killer_format};
use sudoku_core::layout::Layout;
use sudoku_core::{Cell, Geometry, HouseKind, Variant};

use super::error::ApiError;
use super::play::Export;
use super::sudoku::WebSudoku;
use crate::sudoku::{Hint, Rules, alphabet};

/// The hint as the page shows it.
#[derive(Debug, serde::Serialize)]
pub struct HintView {
    text: String,
    action: Option<&'static str>,
    cells: Vec<usize>,
}

/// A cage as the page draws it.
#[derive(Debug, serde::Serialize)]
pub struct CageView {
    sum: u16,
    cells: Vec<usize>,
}

/// Everything the page draws.
#[derive(Debug, serde::Serialize)]
pub struct View {
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

/// Everything the page draws of a game.
pub fn view(s: &WebSudoku) -> View {
    let g = &s.game;
    let geometry: &Geometry = g.geometry();
    let n = g.cell_count();
    let (rows, cols) = g.frame();
    let places: Vec<[u16; 2]> = g
        .cells()
        .map(|c| {
            let (r, c) = g.place_of(c);
            [r as u16, c as u16]
        })
        .collect();
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
    View {
        variant: match g.rules() {
            Rules::Classic => "classic",
            Rules::X => "x",
            Rules::Jigsaw { .. } => "jigsaw",
            Rules::Killer { .. } => "killer",
            Rules::Samurai => "samurai",
        },
        name: g.rules().name(),
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
        wrong: s
            .checked
            .as_ref()
            .map(|w| w.iter().map(|c| c.index()).collect()),
        cages: g
            .rules()
            .cages()
            .iter()
            .map(|c| CageView {
                sum: c.sum,
                cells: c.cells.iter().map(|c| c.index()).collect(),
            })
            .collect(),
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
        human_seconds: s.human_seconds,
        number: s.number,
        hint: hint_view(s),
        rated: g.rules().rated(),
    }
}

fn hint_view(s: &WebSudoku) -> Option<HintView> {
    let h = s.hint.as_ref()?;
    let mut cells: Vec<usize> = h.cells().iter().map(|c| c.index()).collect();
    if let Hint::Step { step, .. } = h {
        cells.extend(step.cells.iter().map(|c| c.index()));
        cells.extend(step.eliminations.iter().map(|e| e.cell.index()));
    }
    Some(HintView {
        text: h.text(s.game.geometry()),
        action: match h {
            Hint::Step { .. } | Hint::Single { .. } => Some("Play it"),
            Hint::Mistakes(_) => Some("Clear them"),
            Hint::LostDigits(_) => Some("Mark them back"),
            _ => None,
        },
        cells,
    })
}

/// A file of the puzzle: `latex` (its drawing, the library's LaTeX) or `text` (its line).
///
/// # Errors
/// [`ApiError::NotFound`] for another format.
pub fn export(s: &WebSudoku, format: &str) -> Result<Export, ApiError> {
    let g = &s.game;
    let givens = g.givens().grid();
    let name = format!(
        "sudoku-{}",
        s.number
            .map_or_else(|| "typed".to_string(), |n| n.to_string())
    );
    match format {
        "latex" => {
            let opts = WriteOptions::default();
            let text = match g.rules() {
                Rules::Killer { cages } => {
                    killer_format::latex(&KillerGrid::new(g.shape(), cages.clone()), givens)
                }
                Rules::Samurai => frame::write_latex(givens, g.geometry(), &opts),
                Rules::Jigsaw { regions } => {
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
                Rules::Classic | Rules::X => latex::write(givens, &opts),
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
