//! Mahjong solitaire in the page: the terminal game's model ([`SolitaireGame`]) on every
//! built-in layout and any KMahjongg file sent by the page, drawn by mahjong-solitaire's own
//! SVG renderer (layers raised, free tiles outlined), with hints, undo and redo, shuffles,
//! the solver's dead-end warning, a game number to deal again, and the best scores per
//! layout.

use std::collections::BTreeMap;
use std::time::Duration;

use mahjong_solitaire::render::{SvgOptions, to_svg};
use mahjong_solitaire::score::Event as ScoreEvent;
use mahjong_solitaire::{
    BuiltinLayout, Hint, Interrupted, Layout, Move, Outcome, Selection, Solver,
};
use serde::{Deserialize, Serialize};

use super::error::{ApiError, from_json};
use super::play::{Export, Kind, Play, Shared, to_json};
use super::sudoku::MAX_GAP;
use crate::jobs::Job;
use crate::solitaire::{SOLVER_BUDGET, SolitaireGame, new_game, rejection};

/// The best scores kept per layout.
pub const BEST_PER_LAYOUT: usize = 5;

/// The layouts whose best scores are kept (the oldest forgotten first).
pub const MAX_LAYOUTS_SCORED: usize = 100;

/// The largest game number.
pub const MAX_NUMBER: u64 = super::sudoku_new::MAX_NUMBER;

/// One best score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Best {
    /// The score.
    pub score: i64,
    /// The time, in milliseconds.
    pub time_ms: u64,
    /// The game number (to deal it again).
    pub number: u64,
    /// Hints asked for.
    pub hints: u32,
    /// Shuffles made.
    pub shuffles: u32,
}

/// The best scores of every layout played (by the layout's name).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestScores {
    /// Best first, per layout.
    pub layouts: BTreeMap<String, Vec<Best>>,
}

impl BestScores {
    /// Adds a cleared game's score; returns its rank (1 best) if it is kept.
    pub fn record(&mut self, layout: &str, best: Best) -> Option<usize> {
        if !self.layouts.contains_key(layout) && self.layouts.len() >= MAX_LAYOUTS_SCORED {
            return None;
        }
        let list = self.layouts.entry(layout.to_string()).or_default();
        let at = list
            .iter()
            .position(|b| {
                (best.score, std::cmp::Reverse(best.time_ms))
                    > (b.score, std::cmp::Reverse(b.time_ms))
            })
            .unwrap_or(list.len());
        if at >= BEST_PER_LAYOUT {
            return None;
        }
        list.insert(at, best);
        list.truncate(BEST_PER_LAYOUT);
        Some(at + 1)
    }
}

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
    /// A game number, to deal the same game again.
    pub number: Option<u64>,
}

/// What is saved: the terminal game's saved form, and what the page adds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WebSolitaireSave {
    /// The terminal game's saved form (board with its history, score events, time).
    pub game: SolitaireGame,
    /// Pairs taken back, to play again (the last one first).
    pub redo: Vec<Move>,
    /// Whether the deal was made winnable.
    pub winnable: bool,
    /// Whether the score went to the best scores.
    pub recorded: bool,
}

/// A game of mahjong solitaire in the page.
#[derive(Debug)]
pub struct WebSolitaire {
    g: SolitaireGame,
    redo: Vec<Move>,
    winnable: bool,
    recorded: bool,
    analysis: Option<(u64, Result<Outcome, Interrupted>)>,
    job: Option<(u64, Job<Result<Outcome, Interrupted>>)>,
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

/// A layout read from a file's text: KMahjongg's format, or mahjong-solitaire's own.
///
/// # Errors
/// [`ApiError::Refused`] saying what is wrong with it.
pub fn layout_from_text(text: &str, name: &str) -> Result<Layout, ApiError> {
    // The name is the sender's: only its start goes into messages and the layout.
    let name: String = name.chars().take(60).collect();
    let layout = if text.trim_start().starts_with("kmahjongg-layout") {
        Layout::from_kmahjongg(text)
            .map_err(|e| ApiError::Refused(format!("The file {name}: {e}.")))?
    } else {
        text.parse::<Layout>()
            .map_err(|e| ApiError::Refused(format!("The file {name}: {e}.")))?
    };
    let stem: String = name
        .rsplit_once('.')
        .map_or(name.as_str(), |(s, _)| s)
        .to_string();
    Ok(layout.with_name(if stem.is_empty() {
        "layout".into()
    } else {
        stem
    }))
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
    let layout = layout_from_text(&up.text, &up.name)?;
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
            Some(text) => {
                let name = o.file_name.as_deref().unwrap_or("layout");
                let layout = layout_from_text(text, name)?;
                let source = layout.name().to_string();
                (layout, source)
            }
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
            Some(n) if n > MAX_NUMBER => {
                return Err(ApiError::BadRequest(format!(
                    "game numbers go from 0 to {MAX_NUMBER}"
                )));
            }
            Some(n) => n,
            None => seed % (MAX_NUMBER + 1),
        };
        let g = new_game(&layout, source, !o.random, number).map_err(ApiError::refused)?;
        let mut s = WebSolitaire::with(g, Vec::new(), !o.random, false);
        s.analyse();
        Ok(s)
    }

    fn with(g: SolitaireGame, redo: Vec<Move>, winnable: bool, recorded: bool) -> WebSolitaire {
        WebSolitaire {
            g,
            redo,
            winnable,
            recorded,
            analysis: None,
            job: None,
            hint: None,
            last_seen: None,
            rank: None,
        }
    }

    /// A saved game read back (mahjong-solitaire checks the board).
    ///
    /// # Errors
    /// What does not add up, as text.
    pub fn restore(value: serde_json::Value) -> Result<WebSolitaire, String> {
        let save: WebSolitaireSave = serde_json::from_value(value).map_err(|e| e.to_string())?;
        let mut s = WebSolitaire::with(save.game, Vec::new(), save.winnable, save.recorded);
        // Pairs to play again must still be pairs that can go, one after the other.
        let mut board = s.g.board.clone();
        for &m in save.redo.iter().rev() {
            if board.play(m).is_err() {
                return Err("a pair to play again does not fit the board".into());
            }
        }
        s.redo = save.redo;
        s.analyse();
        Ok(s)
    }

    /// The model.
    pub fn game(&self) -> &SolitaireGame {
        &self.g
    }

    /// Starts the solver on the position, unless it is running or has answered.
    fn analyse(&mut self) {
        if self.job.is_some()
            || self
                .analysis
                .as_ref()
                .is_some_and(|(v, _)| *v == self.g.version)
        {
            return;
        }
        let board = self.g.board.clone();
        let version = self.g.version;
        self.job = Some((
            version,
            Job::spawn(move || {
                Solver::new()
                    .budget(SOLVER_BUDGET)
                    .solve(&board)
                    .map(|a| a.outcome)
            }),
        ));
    }

    fn current(&self) -> Option<&Result<Outcome, Interrupted>> {
        self.analysis
            .as_ref()
            .filter(|(v, _)| *v == self.g.version)
            .map(|(_, o)| o)
    }

    /// After a pair goes or comes back: a new position.
    fn changed(&mut self, shared: &Shared) -> Option<String> {
        self.hint = None;
        self.g.version += 1;
        self.analyse();
        let g = &mut self.g;
        if !g.board.is_cleared() {
            return None;
        }
        g.events.push(ScoreEvent::Finished {
            at: g.elapsed(),
            cleared: true,
        });
        if !self.recorded {
            self.recorded = true;
            let best = Best {
                score: g.score(),
                time_ms: g.elapsed_ms,
                number: g.seed,
                hints: g.hints,
                shuffles: g.shuffles,
            };
            let mut scores = shared.best.lock().unwrap_or_else(|p| p.into_inner());
            self.rank = scores.record(g.board.layout().name(), best);
            drop(scores);
            shared.best_changed();
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
        let version = self.g.version;
        let ready = match self.current() {
            Some(Ok(Outcome::Winnable(seq))) => seq.first().copied().map(Hint::Winning),
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
        debug_assert_eq!(version, self.g.version);
        self.g.hints += 1;
        self.g.events.push(ScoreEvent::Hint {
            at: self.g.elapsed(),
        });
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
        match self.current() {
            Some(Ok(Outcome::Winnable(seq))) => (
                match seq.len() {
                    1 => "Winnable: 1 pair to go.".to_string(),
                    n => format!("Winnable: {n} pairs to go."),
                },
                false,
            ),
            Some(Ok(Outcome::Unwinnable)) => (
                "Dead end: this position can no longer be won. Take pairs back or shuffle.".into(),
                true,
            ),
            Some(Err(_)) => (
                "The solver could not tell in time whether it can be won.".into(),
                false,
            ),
            None => ("Checking whether it can be won…".into(), false),
        }
    }
}

impl Shared {
    /// Notes that the best scores changed (saved with the next games).
    pub fn best_changed(&self) {
        self.best_dirty
            .store(true, std::sync::atomic::Ordering::Relaxed);
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
    poll_ms: Option<u64>,
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
        if let Some((v, job)) = &self.job
            && let Some(answer) = job.poll()
        {
            let v = *v;
            self.job = None;
            if let Some(outcome) = answer {
                self.analysis = Some((v, outcome));
            }
            self.analyse();
        }
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
            number: self.g.seed,
            winnable_deal: self.winnable,
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
            can_redo: !self.redo.is_empty(),
            poll_ms: self.job.is_some().then_some(250),
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
                let selection = g.board.select(tile);
                if !matches!(
                    selection,
                    Selection::Rejected { .. } | Selection::Mismatch { .. }
                ) {
                    g.cursor = tile;
                }
                match selection {
                    Selection::Removed(_) => {
                        g.events.push(ScoreEvent::Pair { at: g.elapsed() });
                        self.redo.clear();
                        Ok(self.changed(shared))
                    }
                    Selection::Selected(_) | Selection::Deselected(_) => Ok(None),
                    Selection::Mismatch { .. } => {
                        Err(ApiError::Refused("These two tiles do not match.".into()))
                    }
                    Selection::Rejected { error, .. } => Err(ApiError::Refused(rejection(&error))),
                    _ => Ok(None),
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
                g.board
                    .play(m)
                    .map_err(|e| ApiError::Refused(rejection(&e)))?;
                g.board.clear_selection();
                g.events.push(ScoreEvent::Pair { at: g.elapsed() });
                self.redo.clear();
                Ok(self.changed(shared))
            }
            Action::Undo => {
                let m = g
                    .board
                    .undo()
                    .ok_or_else(|| ApiError::Refused("Nothing to take back.".into()))?;
                g.events.push(ScoreEvent::Undo { at: g.elapsed() });
                self.redo.push(m);
                Ok(self.changed(shared))
            }
            Action::Redo => {
                let m = *self
                    .redo
                    .last()
                    .ok_or_else(|| ApiError::Refused("Nothing to put back.".into()))?;
                g.board
                    .play(m)
                    .map_err(|e| ApiError::Refused(rejection(&e)))?;
                self.redo.pop();
                g.board.clear_selection();
                g.events.push(ScoreEvent::Pair { at: g.elapsed() });
                Ok(self.changed(shared))
            }
            Action::Shuffle => {
                if g.board.is_cleared() {
                    return Err(ApiError::Refused("The board is cleared.".into()));
                }
                g.shuffle()
                    .map_err(|e| ApiError::Refused(format!("No shuffle: {e}.")))?;
                self.redo.clear();
                self.changed(shared);
                Ok(Some("Shuffled: the tiles left can all go again.".into()))
            }
        }
    }

    fn save(&self) -> Result<serde_json::Value, ApiError> {
        to_json(&WebSolitaireSave {
            game: self.g.clone(),
            redo: self.redo.clone(),
            winnable: self.winnable,
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
