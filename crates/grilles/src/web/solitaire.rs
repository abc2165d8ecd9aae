//! Mahjong solitaire in the page: the terminal game's model ([`SolitaireGame`]: picks,
//! hints, undo and redo, shuffles, its score, its game number) on every built-in layout and
//! any KMahjongg file sent by the page, drawn by mahjong-solitaire's own SVG renderer
//! (layers raised, free tiles outlined), with the solver's dead-end warning and the best
//! scores per layout (the terminal's).

use std::time::Duration;

use mahjong_solitaire::render::{SvgOptions, to_svg};
use mahjong_solitaire::{BuiltinLayout, Hint, Interrupted, Layout, Move, Outcome, Solver};
use serde::{Deserialize, Serialize};

use super::error::{ApiError, from_json};
use super::play::{Export, Kind, Play, Shared, to_json};
use super::sudoku::MAX_GAP;
use crate::solitaire::{
    BestScore, DealKind, MAX_NUMBER, Picked, SOLVER_BUDGET, SolitaireGame, deal, number_from, parse,
};

/// Where the layout of a new game comes from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SolitaireOptions {
    /// A built-in layout (`turtle`, `pyramid`…), when no file is sent.
    pub layout: String,
    /// The text of a KMahjongg `.layout` file (or of mahjong-solitaire's own format).
    pub file: Option<String>,
    /// The file's name (the layout's name).
    pub file_name: Option<String>,
    /// Deal at random, winnable or not (otherwise: a deal that can be won).
    pub random: bool,
    /// A game number (1 to [`MAX_NUMBER`]), to deal the same game again.
    pub number: Option<u64>,
}

/// What is saved: the terminal game's saved form, and whether its score went to the best
/// scores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WebSolitaireSave {
    /// The terminal game's saved form (board with its history, redo, score events, time).
    pub game: SolitaireGame,
    /// Whether the score went to the best scores.
    pub recorded: bool,
}

/// A game of mahjong solitaire in the page.
#[derive(Debug)]
pub struct WebSolitaire {
    g: SolitaireGame,
    recorded: bool,
    /// The solver's answer for the position on the board (a few milliseconds within its
    /// budget, so it is found at once after every change).
    analysis: Result<Outcome, Interrupted>,
    hint: Option<(Move, &'static str)>,
    last_seen: Option<Duration>,
    rank: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "op", rename_all = "kebab-case", deny_unknown_fields)]
enum Action {
    /// Picks a tile (a second matching free tile removes the pair).
    Pick { tile: usize },
    /// Shows a pair that can go.
    Hint,
    /// Removes the pair of the hint shown.
    PlayHint,
    /// Takes the last pair back.
    Undo,
    /// Puts back the last pair taken back.
    Redo,
    /// Shuffles the tiles left.
    Shuffle,
}

/// A layout read from a file's text sent by the page (only the start of its name is kept).
///
/// # Errors
/// [`ApiError::Refused`] saying what is wrong with it.
pub fn layout_from_text(text: &str, name: &str) -> Result<(Layout, String), ApiError> {
    let name: String = name.chars().take(60).collect();
    let name = if name.trim().is_empty() {
        "layout".to_string()
    } else {
        name
    };
    parse(text, &name).map_err(|e| ApiError::Refused(format!("The file {e}.")))
}

/// A layout's picture for the chooser: each tile's place (half-tile columns and rows,
/// layer).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Preview {
    /// The key to ask for it (`turtle`…), or empty for a file.
    pub key: String,
    /// Its name.
    pub name: String,
    /// How many tiles.
    pub tiles: usize,
    /// Its layers.
    pub depth: u8,
    /// Width and height in half tiles.
    pub width: u16,
    /// Height in half tiles.
    pub height: u16,
    /// Every tile: x, y, layer.
    pub positions: Vec<[u16; 3]>,
}

fn preview(key: &str, layout: &Layout) -> Preview {
    Preview {
        key: key.to_string(),
        name: layout.name().to_string(),
        tiles: layout.len(),
        depth: layout.depth(),
        width: layout.width(),
        height: layout.height(),
        positions: layout
            .positions()
            .iter()
            .map(|p| [p.x, p.y, u16::from(p.z)])
            .collect(),
    }
}

/// The built-in layouts, for the chooser.
pub fn builtin_previews() -> Vec<Preview> {
    BuiltinLayout::ALL
        .iter()
        .map(|b| preview(b.key(), &b.layout()))
        .collect()
}

/// The file a page sends to see it before playing.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Upload {
    text: String,
    name: String,
}

/// The picture of a layout file sent by the page.
///
/// # Errors
/// [`ApiError::Refused`] when it is not a layout.
pub fn upload_preview(body: &[u8]) -> Result<Preview, ApiError> {
    let up: Upload = from_json(body)?;
    let (layout, _) = layout_from_text(&up.text, &up.name)?;
    if layout.len() % 2 != 0 {
        return Err(ApiError::Refused(format!(
            "The layout {}: {} positions, an odd number: tiles go in pairs.",
            layout.name(),
            layout.len()
        )));
    }
    Ok(preview("", &layout))
}

impl WebSolitaire {
    /// A new game from the form's JSON options.
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] for options out of range, [`ApiError::Refused`] for a file
    /// that is no layout or a layout with no deal.
    pub fn create(body: &[u8], seed: u64) -> Result<WebSolitaire, ApiError> {
        let o: SolitaireOptions = from_json(body)?;
        let (layout, source) = match &o.file {
            Some(text) => layout_from_text(text, o.file_name.as_deref().unwrap_or("layout"))?,
            None => {
                let key = if o.layout.is_empty() {
                    "turtle"
                } else {
                    &o.layout
                };
                let b: BuiltinLayout = key.parse().map_err(ApiError::bad)?;
                (b.layout(), b.key().to_string())
            }
        };
        let number = match o.number {
            Some(n) if n == 0 || n > MAX_NUMBER => {
                return Err(ApiError::BadRequest(format!(
                    "game numbers go from 1 to {MAX_NUMBER}"
                )));
            }
            Some(n) => n,
            None => number_from(seed),
        };
        let kind = if o.random {
            DealKind::Random
        } else {
            DealKind::Winnable
        };
        let g = deal(&layout, source, kind, number).map_err(ApiError::refused)?;
        Ok(WebSolitaire::with(g, false))
    }

    fn with(g: SolitaireGame, recorded: bool) -> WebSolitaire {
        let mut s = WebSolitaire {
            g,
            recorded,
            analysis: Ok(Outcome::Unwinnable),
            hint: None,
            last_seen: None,
            rank: None,
        };
        s.analyse();
        s
    }

    /// A saved game read back (mahjong-solitaire checks the board).
    ///
    /// # Errors
    /// What does not add up, as text.
    pub fn restore(value: serde_json::Value) -> Result<WebSolitaire, String> {
        let save: WebSolitaireSave = serde_json::from_value(value).map_err(|e| e.to_string())?;
        let game = SolitaireGame::restore(save.game).map_err(|e| e.to_string())?;
        Ok(WebSolitaire::with(game, save.recorded))
    }

    /// The model.
    pub fn game(&self) -> &SolitaireGame {
        &self.g
    }

    /// Asks the solver whether the position can still be won.
    fn analyse(&mut self) {
        self.analysis = Solver::new()
            .budget(SOLVER_BUDGET)
            .solve(&self.g.board)
            .map(|a| a.outcome);
    }

    /// After a change of the position (the model counted it): the hint dropped, the check
    /// started again, the end said and the score kept.
    fn changed(&mut self, shared: &Shared) -> Option<String> {
        self.hint = None;
        self.analyse();
        let g = &self.g;
        if !g.board.is_cleared() {
            return None;
        }
        if !self.recorded {
            self.recorded = true;
            self.rank = shared.solitaire_score(
                g.board.layout().name(),
                BestScore {
                    score: g.score(),
                    elapsed_ms: g.elapsed_ms,
                    number: g.number(),
                    hints: g.hints,
                },
            );
        }
        let rank = match self.rank {
            Some(1) => " A new best score!".to_string(),
            Some(r) => format!(" Best score number {r} of this layout."),
            None => String::new(),
        };
        Some(format!(
            "Cleared in {}! Score {}.{rank}",
            crate::ui::clock(g.elapsed()),
            g.score()
        ))
    }

    fn find_hint(&mut self) -> Result<(), ApiError> {
        let ready = match &self.analysis {
            Ok(Outcome::Winnable(seq)) => seq.first().copied().map(Hint::Winning),
            _ => None,
        };
        let hint = match ready {
            Some(h) => h,
            None => {
                let board = &self.g.board;
                Solver::new()
                    .budget(SOLVER_BUDGET)
                    .hint(board)
                    .unwrap_or_else(|_| {
                        board
                            .legal_moves()
                            .first()
                            .map_or(Hint::NoMove, |&m| Hint::Legal(m))
                    })
            }
        };
        let (m, text) = match hint {
            Hint::Winning(m) => (m, "This pair keeps the game winnable."),
            Hint::Legal(m) => (m, "This pair can go, but the solver sees no winning line."),
            _ => {
                return Err(ApiError::Refused(
                    "No pair can go: shuffle, or take pairs back.".into(),
                ));
            }
        };
        self.g.note_hint();
        self.hint = Some((m, text));
        Ok(())
    }

    fn status(&self) -> (String, bool) {
        let b = &self.g.board;
        if b.is_cleared() {
            return ("Cleared.".into(), false);
        }
        if b.is_over() {
            return ("No pair can go: shuffle, or take pairs back.".into(), true);
        }
        match &self.analysis {
            Ok(Outcome::Winnable(seq)) => (
                match seq.len() {
                    1 => "Winnable: 1 pair to go.".to_string(),
                    n => format!("Winnable: {n} pairs to go."),
                },
                false,
            ),
            Ok(Outcome::Unwinnable) => (
                "Dead end: this position can no longer be won. Take pairs back or shuffle.".into(),
                true,
            ),
            Err(_) => (
                "The solver could not tell in time whether it can be won.".into(),
                false,
            ),
        }
    }
}

#[derive(Debug, Serialize)]
struct TileView {
    i: usize,
    x: u16,
    y: u16,
    z: u8,
    free: bool,
}

#[derive(Debug, Serialize)]
struct View {
    layout: String,
    number: u64,
    winnable_deal: bool,
    svg: String,
    tiles: Vec<TileView>,
    remaining: usize,
    total: usize,
    pairs_free: usize,
    selected: Option<usize>,
    hint: Option<[usize; 2]>,
    hint_text: Option<&'static str>,
    status: String,
    warning: bool,
    cleared: bool,
    score: i64,
    elapsed_ms: u64,
    hints: u32,
    shuffles: u32,
    can_undo: bool,
    can_redo: bool,
}

impl Play for WebSolitaire {
    fn kind(&self) -> Kind {
        Kind::Solitaire
    }

    fn title(&self) -> String {
        let b = &self.g.board;
        format!(
            "Mahjong solitaire · {} · #{} · {}/{} tiles",
            b.layout().name(),
            self.g.seed,
            b.remaining(),
            b.layout().len()
        )
    }

    fn is_finished(&self) -> bool {
        self.g.board.is_cleared()
    }

    fn tick(&mut self, now: Duration, _shared: &Shared) -> bool {
        let mut changed = false;
        let gap = self.last_seen.map(|l| now.saturating_sub(l).min(MAX_GAP));
        self.last_seen = Some(now);
        if let Some(gap) = gap
            && !self.g.board.is_cleared()
            && !gap.is_zero()
        {
            self.g.elapsed_ms = self.g.elapsed_ms.saturating_add(gap.as_millis() as u64);
            changed = true;
        }
        changed
    }

    fn view(&self, _now: Duration) -> Result<serde_json::Value, ApiError> {
        let b = &self.g.board;
        let (status, warning) = self.status();
        let positions = b.layout().positions();
        let view = View {
            layout: b.layout().name().to_string(),
            number: self.g.number(),
            winnable_deal: self.g.deal == DealKind::Winnable,
            svg: to_svg(b, &SvgOptions::default()),
            tiles: b
                .remaining_tiles()
                .map(|(i, _)| TileView {
                    i,
                    x: positions[i].x,
                    y: positions[i].y,
                    z: positions[i].z,
                    free: b.is_free(i),
                })
                .collect(),
            remaining: b.remaining(),
            total: b.layout().len(),
            pairs_free: b.legal_moves().len(),
            selected: b.selected(),
            hint: self.hint.map(|(m, _)| m.indices()),
            hint_text: self.hint.map(|(_, t)| t),
            status,
            warning,
            cleared: b.is_cleared(),
            score: self.g.score(),
            elapsed_ms: self.g.elapsed_ms,
            hints: self.g.hints,
            shuffles: self.g.shuffles,
            can_undo: !b.history().is_empty(),
            can_redo: !self.g.redo.is_empty(),
        };
        to_json(&view)
    }

    fn act(
        &mut self,
        body: &[u8],
        _now: Duration,
        shared: &Shared,
    ) -> Result<Option<String>, ApiError> {
        let action: Action = from_json(body)?;
        let g = &mut self.g;
        match action {
            Action::Pick { tile } => {
                if tile >= g.board.layout().len() {
                    return Err(ApiError::BadRequest(format!(
                        "no tile {tile} on this layout"
                    )));
                }
                // A refused pick leaves the game as it was, the cursor too.
                let cursor = g.cursor;
                match g.pick(tile) {
                    Picked::Removed => Ok(self.changed(shared)),
                    Picked::Selected | Picked::Deselected => Ok(None),
                    Picked::Mismatch => {
                        g.cursor = cursor;
                        Err(ApiError::Refused("These two tiles do not match.".into()))
                    }
                    Picked::Rejected(why) => {
                        g.cursor = cursor;
                        Err(ApiError::Refused(why))
                    }
                }
            }
            Action::Hint => {
                if g.board.is_cleared() {
                    return Err(ApiError::Refused(
                        "The board is cleared: no hint needed.".into(),
                    ));
                }
                self.find_hint()?;
                Ok(None)
            }
            Action::PlayHint => {
                let (m, _) = self.hint.ok_or_else(|| {
                    ApiError::Refused("No hint is shown: ask for one first.".into())
                })?;
                if !g.remove(m) {
                    return Err(ApiError::Refused("This pair can no longer go.".into()));
                }
                g.board.clear_selection();
                Ok(self.changed(shared))
            }
            Action::Undo => {
                if !g.undo() {
                    return Err(ApiError::Refused("Nothing to take back.".into()));
                }
                Ok(self.changed(shared))
            }
            Action::Redo => {
                if !g.redo() {
                    return Err(ApiError::Refused("Nothing to put back.".into()));
                }
                g.board.clear_selection();
                Ok(self.changed(shared))
            }
            Action::Shuffle => {
                g.shuffle()
                    .map_err(|e| ApiError::Refused(format!("No shuffle: {e}.")))?;
                self.changed(shared);
                Ok(Some("Shuffled: the tiles left can all go again.".into()))
            }
        }
    }

    fn save(&self) -> Result<serde_json::Value, ApiError> {
        to_json(&WebSolitaireSave {
            game: self.g.clone(),
            recorded: self.recorded,
        })
    }

    fn export(&self, format: &str) -> Result<Export, ApiError> {
        match format {
            "svg" => Ok(Export {
                content_type: "image/svg+xml",
                file_name: format!(
                    "solitaire-{}-{}.svg",
                    self.g.source,
                    self.g.board.history().len()
                ),
                text: to_svg(&self.g.board, &SvgOptions::default()),
            }),
            "kmahjongg" => Ok(Export {
                content_type: "text/plain; charset=utf-8",
                file_name: format!("{}.layout", self.g.source),
                text: self.g.board.layout().to_kmahjongg(),
            }),
            _ => Err(ApiError::NotFound(
                "a solitaire exports its picture (svg) or its layout (kmahjongg)".into(),
            )),
        }
    }
}
